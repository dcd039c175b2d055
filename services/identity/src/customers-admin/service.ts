import { createRequire } from 'node:module';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type ExcelJSModule from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { AdminCustomerPage, AdminCustomerRow } from '@platform/contracts';
import { inBackground, scoped } from '@platform/db';
import type { AccountClosedJob } from '@platform/queue';
import { AppError, type RequestContext } from '@platform/server-kit';
import { UnsubscribeLink } from '../email-campaigns/models';
import { ProviderCardVault, type CardVault } from '../cards';
import { customerByKey } from '../keys';
import { forgetAccount } from '../account';
import type { CustomerDoc, IdentityIo } from '../sessions';
import { customerListSlugs, customerPage, customerRows, customerSearchQuery, customerTotals, type CustomerIndexStore, type CustomerListRow } from './customer-index';
import { signInsOf } from '../devices';

export const CUSTOMER_NOT_FOUND = 'This customer was not found.';

export interface CustomerListFilters { page: number; limit: number; search?: string }

const paged = (rows: AdminCustomerRow[], total: number, page: number, limit: number): AdminCustomerPage => ({
  data: rows, total, current_page: page, per_page: limit, last_page: Math.max(1, Math.ceil(total / limit)),
});

/** GET admin/customers: the store's shoppers, newest first, a page at a time; search: name words, an e-mail or a phone (all words must match). */
export async function listCustomers(ctx: RequestContext, s: CustomerIndexStore, q: CustomerListFilters): Promise<AdminCustomerPage> {
  const words = q.search?.trim() ? customerSearchQuery(q.search) : undefined;
  const { rows, total } = await customerPage(s, ctx.tenantId, { page: q.page, limit: q.limit, words });
  return paged(rows, total, q.page, q.limit);
}

/** GET subscribers: the shoppers who agreed to marketing e-mails (the platform has no separate newsletter list), newest first. */
export async function listSubscribers(ctx: RequestContext, s: CustomerIndexStore, q: CustomerListFilters): Promise<AdminCustomerPage> {
  const words = q.search?.trim() ? customerSearchQuery(q.search) : undefined;
  const { rows, total } = await customerPage(s, ctx.tenantId, { page: q.page, limit: q.limit, words, marketingOnly: true });
  return paged(rows, total, q.page, q.limit);
}

export const totalAccounts = (ctx: RequestContext, s: CustomerIndexStore) => customerTotals(s, ctx.tenantId);

/** Rows read from Redis at a time. */
const BATCH = 1000;
const COLUMNS = ['First name', 'Last name', 'E-mail', 'Phone', 'Signed up (UTC)', 'Marketing e-mails', 'Order texts'];
/** A text cell a spreadsheet would run as a formula (=, +, -, @, tab, return at its start) is kept as text. */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The export's rows (with the search, if any), newest first, a batch at a time from the rows kept in Redis. */
async function* exportBatches(ctx: RequestContext, s: CustomerIndexStore, search?: string): AsyncGenerator<CustomerListRow[]> {
  const words = search?.trim() ? customerSearchQuery(search) : undefined;
  const slugs = await customerListSlugs(s, ctx.tenantId, words);
  for (let i = 0; i < slugs.length; i += BATCH) yield customerRows(s, ctx.tenantId, slugs.slice(i, i + BATCH));
}

const cells = (c: CustomerListRow) => [c.first_name, c.last_name, c.email, c.telephone, c.created_at, c.receive_marketing ? 'Yes' : 'No', c.receive_sms ? 'Yes' : 'No'];

/**
 * GET admin/customers?format=csv: the shoppers (with the search, if any) as CSV, newest first, streamed from the rows
 * kept in Redis: no database read however many customers; memory holds the slugs and one batch of rows.
 */
export async function exportCustomers(ctx: RequestContext, s: CustomerIndexStore, search?: string): Promise<Readable> {
  async function* csv() {
    yield stringify([], { header: true, columns: COLUMNS });
    for await (const rows of exportBatches(ctx, s, search)) yield stringify(rows.map(cells), { cast: { string: asText } });
  }
  return Readable.from(csv(), { objectMode: false });
}

/** ExcelJS, loaded at the first export: it takes most of a second to load, which every identity process and test paid. */
const excelJs = (): typeof ExcelJSModule => createRequire(import.meta.url)('exceljs') as typeof ExcelJSModule;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET admin/customers?excel=1 (or format=xlsx): the same rows as a real Excel workbook (one sheet, 'Customers'),
 * written by ExcelJS's streaming writer as the batches come: each row is committed (and leaves memory) at once, a
 * batch waits while the browser is behind, and a browser that leaves stops the reading. Text cells are strings, never
 * formulas; the sign-up time is a date.
 */
export function exportCustomersXlsx(ctx: RequestContext, s: CustomerIndexStore, search?: string): Readable {
  const out = new PassThrough();
  const workbook = new (excelJs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Customers', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: COLUMNS[0], key: 'first', width: 16 }, { header: COLUMNS[1], key: 'last', width: 18 }, { header: COLUMNS[2], key: 'email', width: 30 },
    { header: COLUMNS[3], key: 'phone', width: 14 }, { header: COLUMNS[4], key: 'since', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
    { header: COLUMNS[5], key: 'marketing', width: 18 }, { header: COLUMNS[6], key: 'texts', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    for await (const rows of exportBatches(ctx, s, search)) {
      for (const c of rows) {
        const [first, last, email, phone, , marketing, texts] = cells(c);
        sheet.addRow({ first, last, email, phone, since: new Date(c.created_at), marketing, texts }).commit();
      }
      // The browser left: stop reading; it is behind: wait for it.
      if (out.destroyed) return;
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

interface ShopperDoc {
  _id: unknown; slug: string; email: string; telephone?: string | null; firstName?: string; lastName?: string; isAdmin?: boolean;
  receiveMarketing?: boolean; receiveSms?: boolean; createdAt?: Date; lastSignInAt?: Date | null;
}

/** One shopper's details as the store sees them, and their saved cards as brand and last 4 only. */
export interface ShopperForAdmin { customer: AdminCustomerRow & { last_sign_in_at: string | null }; cards: { brand: string; last4: string }[] }

const defaultVault = new ProviderCardVault();

/**
 * A shopper of this store by slug (two `_id` reads: its key, then the account), for the admin's customer page; an
 * admin or staff account, or another store's customer, is not found. The cards come from the store's card
 * provider's vault (a provider that does not answer shows none).
 */
export async function shopperForAdmin(ctx: RequestContext, slug: string, vault: CardVault = defaultVault): Promise<ShopperForAdmin> {
  const c = await customerByKey<ShopperDoc>(ctx, 'slug', slug);
  if (!c || c.isAdmin) throw new AppError('not_found', CUSTOMER_NOT_FOUND);
  const [cards, { lastSignInAt }] = await Promise.all([vault.list(ctx, c.slug).catch(() => []), signInsOf(ctx, c)]);
  return {
    customer: {
      id: c.slug, first_name: c.firstName ?? '', last_name: c.lastName ?? '', email: c.email, telephone: c.telephone ?? '',
      created_at: new Date(c.createdAt ?? 0).toISOString(), receive_marketing: Boolean(c.receiveMarketing), receive_sms: c.receiveSms ?? true,
      last_sign_in_at: lastSignInAt ? new Date(lastSignInAt).toISOString() : null,
    },
    cards: cards.map((card) => ({ brand: card.brand, last4: card.last4 })),
  };
}

/** One shopper's account as their data export shows it (spec 3 Customers: GDPR-style export). */
export interface ShopperDataExport {
  account: {
    id: string; first_name: string; last_name: string; email: string; telephone: string; account_number: string; created_at: string;
    last_sign_in_at: string | null; preferred_store_id: number | null; custom_info: Record<string, unknown>; two_step_sign_in: boolean; known_devices: string[];
  };
  consents: { marketing_emails: boolean; order_texts: boolean };
  saved_cards: { brand: string; last4: string }[];
}

type FullShopperDoc = CustomerDoc & { createdAt?: Date; preferredStoreId?: number | null; mfaEnabled?: boolean };

async function shopperBySlug(ctx: RequestContext, slug: string): Promise<FullShopperDoc> {
  const c = await customerByKey<FullShopperDoc>(ctx, 'slug', slug);
  if (!c || c.isAdmin) throw new AppError('not_found', CUSTOMER_NOT_FOUND);
  return c;
}

/**
 * What identity keeps of one shopper, for their data export: the account (never its password, codes or two-step
 * secret), consents, and saved cards as brand and last 4 only (read from the card provider's vault).
 */
export async function shopperDataExport(ctx: RequestContext, slug: string, vault: CardVault = defaultVault): Promise<ShopperDataExport> {
  const c = await shopperBySlug(ctx, slug);
  const [cards, signIns] = await Promise.all([vault.list(ctx, c.slug).catch(() => []), signInsOf(ctx, c)]);
  return {
    account: {
      id: c.slug, first_name: c.firstName ?? '', last_name: c.lastName ?? '', email: c.email, telephone: c.telephone ?? '', account_number: c.accountNumber ?? '',
      created_at: new Date(c.createdAt ?? 0).toISOString(), last_sign_in_at: signIns.lastSignInAt ? new Date(signIns.lastSignInAt).toISOString() : null,
      preferred_store_id: c.preferredStoreId ?? null, custom_info: c.customInfo ?? {}, two_step_sign_in: Boolean(c.mfaEnabled), known_devices: signIns.knownDevices,
    },
    consents: { marketing_emails: Boolean(c.receiveMarketing), order_texts: c.receiveSms ?? true },
    saved_cards: cards.map((card) => ({ brand: card.brand, last4: card.last4 })),
  };
}

/**
 * The store erases one shopper (spec 3 Customers: GDPR-style delete): identity forgets the account at once, as when
 * the shopper deletes it themselves (forgetAccount: cards at the provider, sessions, codes, the account, the customer
 * lists), so they can no longer sign in. Answers their slug and `_id` for the services that anonymise the rest.
 */
export async function eraseShopper(ctx: RequestContext, io: Pick<IdentityIo, 'redis' | 'prefix' | 'queues'>, slug: string, vault: CardVault = defaultVault): Promise<{ slug: string; id: string }> {
  const c = await shopperBySlug(ctx, slug);
  await forgetAccount(ctx, io, vault, c);
  return { slug: c.slug, id: String(c._id) };
}

/** accounts-closed job: the closed account's unsubscribe links (hashed tokens naming it) go too. Background work: by customerId. */
export async function forgetUnsubscribeLinks(job: { data: AccountClosedJob }): Promise<void> {
  const { tenantId, customerId } = job.data;
  if (!customerId) return;
  await inBackground('job accounts-closed: forget unsubscribe links', () => UnsubscribeLink.deleteMany(scoped({ tenantId }, { customerId })));
}
