import { randomBytes } from 'node:crypto';
import { inBackground, scoped } from '@platform/db';
import type { AccountClosedJob } from '@platform/queue';
import {
  AR_NUMBER_TAKEN, AR_STATUS_LABELS, CHARGED_TO_ACCOUNT, arAccountFromInput, arAccountMatches, arAvailableCents, arChargeProblem, arPaymentProblem,
  displayPrice, formatCents, orderAmountDueCents, orderChargeProblem, parseAmountCents, type ArAccountInput,
} from '@platform/domain';
import type { ArAccount, ArAccountSearchHit, ArAccountSummary } from '@platform/contracts';
import { customerByKey } from '@platform/identity';
import { withRedisLock } from '@platform/cart';
import { getStoreSettings } from '@platform/tenant-settings';
import { AppError, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { Order } from '../models';
import { adminView, findOrder, LOCK as ORDER_LOCK, type StoredOrder } from '../admin-orders';
import { orderLock } from '../order-lock';
import { redisStore, type CheckoutIo } from '../checkout';
import { keepOrderChange } from '../order-index';
import { ArAccountModel } from './models';
import { ACCOUNT_LOCK, accountLock, balanceOf, findAccount, moveOwed, saveArrays, storeAccounts, storeLock, type ArIo, type Payment, type StoredAccount, type SummaryDoc } from './ledger';
import { forgetOwed, takeCredit } from './credit';
import { indexArCustomer, listsCustomer, unindexArCustomers } from './customer-index';

/**
 * AR (charge) accounts (docs/AR-ACCOUNTS.md): the store's accounts with a credit limit, the customers and orders
 * assigned to them, the payments recorded. Every change to one account runs under its Redis lock (FerretDB applies
 * no update atomically); changes that must see all of the store's accounts (numbers, which account a customer is
 * on) also hold the store's lock, taken first. An order charged to an account is changed under the order's lock,
 * taken before the account's.
 */


export const CUSTOMER_NOT_FOUND = 'This customer was not found.';
const SHOWN = 100;

const by = (ctx: RequestContext) => ctx.caller?.slug ?? null;
const prefixOf = async (ctx: RequestContext) => (await getStoreSettings(ctx)).products.currencyPrefix;

function summaryView(a: SummaryDoc): ArAccountSummary {
  const balance = balanceOf(a);
  return {
    id: String(a._id), number: a.number, name: a.name, contact_name: a.contact?.name ?? '', contact_email: a.contact?.email ?? '', contact_phone: a.contact?.phone ?? '',
    credit_limit: formatCents(a.creditLimitCents), balance: formatCents(balance), available: formatCents(arAvailableCents(a.creditLimitCents, balance)),
    status: a.status, status_label: AR_STATUS_LABELS[a.status], customer_count: a.customerCount ?? 0, charge_count: a.chargeCount ?? 0,
  };
}

const newestFirst = <T extends { at: Date }>(list: T[]) => [...list].sort((x, y) => new Date(y.at).getTime() - new Date(x.at).getTime()).slice(0, SHOWN);
function accountView(a: StoredAccount): ArAccount {
  return {
    ...summaryView(a),
    customers: a.customers.map((c) => ({ id: c.id, name: c.name, email: c.email, assigned_at: new Date(c.at).toISOString() })),
    charges: newestFirst(a.charges).map((c) => ({ order_id: c.orderId, order_number: c.orderNumber, amount: formatCents(c.amountCents), charged_at: new Date(c.at).toISOString(), by: c.by ?? null })),
    payments: newestFirst(a.payments).map((p) => ({ id: p.id, amount: formatCents(p.amountCents), paid_at: new Date(p.at).toISOString(), by: p.by ?? null, note: p.note ?? '' })),
  };
}

/** GET admin/ar-accounts. */
export async function listArAccounts(ctx: RequestContext): Promise<ArAccountSummary[]> {
  return (await storeAccounts(ctx)).map(summaryView);
}

/** GET admin/ar-accounts/{id}. */
export async function arAccount(ctx: RequestContext, id: string): Promise<ArAccount> {
  return accountView(await findAccount(ctx, id));
}

function checkedInput(input: ArAccountInput) {
  const checked = arAccountFromInput(input);
  if (!checked.ok) rejectFieldProblems(checked.problems);
  return (checked as Extract<typeof checked, { ok: true }>).value;
}

/** POST admin/ar-accounts: a new account; its number is the store's only one of that number. */
export async function createArAccount(ctx: RequestContext, io: ArIo, input: ArAccountInput) {
  const value = checkedInput(input);
  const created = await withRedisLock(io.resources.redis, storeLock(ctx, io), async () => {
    if (await ArAccountModel.findOne(scoped(ctx, { number: value.number })).lean()) rejectFieldProblems({ number: AR_NUMBER_TAKEN });
    const doc = await ArAccountModel.create({ ...value, tenantId: ctx.tenantId });
    return doc.toObject() as StoredAccount;
  }, ACCOUNT_LOCK);
  return { status: 'success', message: `Account ${value.number} (${value.name}) created.`, data: accountView(created) };
}

/** POST admin/ar-accounts/{id}: its details, limit and status (on hold or active). Orders charged keep the number and name they were charged under. */
export async function updateArAccount(ctx: RequestContext, io: ArIo, id: string, input: ArAccountInput) {
  const value = checkedInput(input);
  const saved = await withRedisLock(io.resources.redis, storeLock(ctx, io), () => withRedisLock(io.resources.redis, accountLock(ctx, io, id), async () => {
    const current = await findAccount(ctx, id);
    const same = (await ArAccountModel.findOne(scoped(ctx, { number: value.number }), { _id: 1 }).lean()) as { _id: unknown } | null;
    if (same && String(same._id) !== id) rejectFieldProblems({ number: AR_NUMBER_TAKEN });
    await ArAccountModel.updateOne(scoped(ctx, { _id: id }), { $set: value });
    return { ...current, ...value };
  }, ACCOUNT_LOCK), ACCOUNT_LOCK);
  return { status: 'success', message: `Account ${saved.number} saved.${saved.status === 'on_hold' ? ' It is on hold: it takes no new charges.' : ''}`, data: accountView(saved) };
}

/** DELETE admin/ar-accounts/{id}: only an account nothing was ever charged to (else it is put on hold: its history stays). */
export async function deleteArAccount(ctx: RequestContext, io: ArIo, id: string) {
  const gone = await withRedisLock(io.resources.redis, storeLock(ctx, io), () => withRedisLock(io.resources.redis, accountLock(ctx, io, id), async () => {
    const current = await findAccount(ctx, id);
    if (current.charges.length || current.payments.length) throw new AppError('conflict', `Account ${current.number} has orders or payments on it: put it on hold instead of deleting it.`);
    await ArAccountModel.deleteOne(scoped(ctx, { _id: id }));
    await Promise.all([forgetOwed(ctx, io, id), unindexArCustomers(ctx, io, current.customers.map((c) => c.id))]);
    return current;
  }, ACCOUNT_LOCK), ACCOUNT_LOCK);
  return { status: 'success', message: `Account ${gone.number} (${gone.name}) deleted.` };
}

/** POST admin/ar-accounts/{id}/payments {amount, note?}: money the account paid the store (no more than it owes). */
export async function recordArPayment(ctx: RequestContext, io: ArIo, id: string, input: { amount: string; note?: string }) {
  const prefix = await prefixOf(ctx);
  const note = (input.note ?? '').trim();
  const saved = await withRedisLock(io.resources.redis, accountLock(ctx, io, id), async () => {
    const current = await findAccount(ctx, id);
    const amountCents = parseAmountCents(input.amount);
    const problem = arPaymentProblem(amountCents, balanceOf(current), prefix);
    if (problem) rejectFieldProblems({ amount: problem });
    const payment: Payment = { id: randomBytes(6).toString('hex'), amountCents: amountCents!, at: new Date(), by: by(ctx), note };
    return { account: await saveArrays(ctx, id, { payments: [...current.payments, payment] }, current, io), amountCents: amountCents! };
  }, ACCOUNT_LOCK);
  return {
    status: 'success', message: `${displayPrice(saved.amountCents, prefix)} recorded from account ${saved.account.number}. It now owes ${displayPrice(balanceOf(saved.account), prefix)}.`,
    data: accountView(saved.account),
  };
}

/**
 * A customer leaves an account: it no longer lists them and Redis no longer points them to it. Its charges and
 * payments stay (orders charged stay charged). The caller holds the store's AR lock; null: the account does not list them.
 */
async function takeCustomerOff(ctx: RequestContext, io: ArIo, id: string, slug: string): Promise<StoredAccount | null> {
  return withRedisLock(io.resources.redis, accountLock(ctx, io, id), async () => {
    const current = await findAccount(ctx, id);
    if (!listsCustomer(current, slug)) return null;
    const account = await saveArrays(ctx, id, { customers: current.customers.filter((c) => c.id !== slug) }, current);
    await unindexArCustomers(ctx, io, [slug]);
    return account;
  }, ACCOUNT_LOCK);
}

/** POST admin/ar-accounts/{id}/customers/remove {customer_id}: the customer's orders are no longer charged to it (orders charged stay). */
export async function removeArCustomer(ctx: RequestContext, io: ArIo, id: string, customerId: string) {
  const saved = await withRedisLock(io.resources.redis, storeLock(ctx, io), () => takeCustomerOff(ctx, io, id, customerId), ACCOUNT_LOCK);
  if (!saved) throw new AppError('not_found', CUSTOMER_NOT_FOUND);
  return { status: 'success', message: `The customer is no longer on account ${saved.number}.`, data: accountView(saved) };
}

/**
 * accounts-closed job: a deleted or erased customer leaves the AR account they were on, as the store's 'Remove'
 * does (their name and e-mail go from its customers; its charges and payments stay, as their orders stay), and
 * Redis forgets which account they were on, so an account opened later never finds it. Background work: the
 * store's accounts (few) are read to find every one listing them, under the store's AR lock.
 */
export function forgetClosedAccountArAccount(io: ArIo) {
  return async (job: { data: AccountClosedJob }): Promise<void> => {
    const { tenantId, customerSlug } = job.data;
    const ctx = { tenantId } as RequestContext;
    await withRedisLock(io.resources.redis, storeLock(ctx, io), async () => {
      const accounts = await inBackground('job accounts-closed: the AR accounts listing the customer', () => storeAccounts(ctx));
      for (const a of accounts.filter((x) => listsCustomer(x, customerSlug))) await takeCustomerOff(ctx, io, String(a._id), customerSlug);
      await unindexArCustomers(ctx, io, [customerSlug]); // also an entry no account confirms (a change that stopped between its writes)
    }, ACCOUNT_LOCK);
  };
}

/**
 * GET admin/orders/ar-account-search?search&order_id: accounts whose number starts with the search or whose name's
 * words start with its words (20 at most); with an order, the account its customer is on first, marked.
 */
export async function searchArAccounts(ctx: RequestContext, search: string, orderId?: string): Promise<ArAccountSearchHit[]> {
  const accounts = await storeAccounts(ctx);
  const slug = orderId ? ((await findOrder(ctx, orderId)) as { customerSlug?: string | null }).customerSlug ?? null : null;
  const own = slug ? accounts.find((a) => listsCustomer(a, slug)) : undefined;
  const hits = accounts.filter((a) => a !== own && arAccountMatches(a, search));
  return [...(own ? [{ ...summaryView(own), customer_account: true }] : []), ...hits.slice(0, own ? 19 : 20).map((a) => ({ ...summaryView(a), customer_account: false }))];
}

/**
 * POST admin/orders/assign-ar-account {customerId or orderId, accountId}. A customer joins the account (their next
 * orders can be charged to it; a customer is on one account at most). An order is charged to the account: what is
 * still to pay on it becomes the account's (the order's payment reads 'Charged to account …'), if the account is
 * active and the charge stays within its credit limit; else nothing changes (422).
 */
export async function assignArAccount(ctx: RequestContext, io: CheckoutIo, input: { customerId?: string; orderId?: string; accountId: string }) {
  const customerId = input.customerId?.trim();
  const orderId = input.orderId?.trim();
  if (Boolean(customerId) === Boolean(orderId)) {
    throw new AppError('unprocessable', 'Choose an order or a customer to assign (one of them).', { [customerId ? 'orderId' : 'customerId']: ['Choose an order or a customer to assign (one of them).'] });
  }
  return customerId ? assignCustomer(ctx, io, input.accountId, customerId) : chargeOrder(ctx, io, input.accountId, orderId!);
}

async function assignCustomer(ctx: RequestContext, io: ArIo, accountId: string, slug: string) {
  const saved = await withRedisLock(io.resources.redis, storeLock(ctx, io), () => withRedisLock(io.resources.redis, accountLock(ctx, io, accountId), async () => {
    const current = await findAccount(ctx, accountId);
    const customer = await customerByKey<{ slug: string; firstName?: string; lastName?: string; email: string; isAdmin?: boolean }>(ctx, 'slug', slug);
    if (!customer || customer.isAdmin) throw new AppError('not_found', CUSTOMER_NOT_FOUND);
    const name = `${customer.firstName ?? ''} ${customer.lastName ?? ''}`.trim() || customer.email;
    if (listsCustomer(current, slug)) throw new AppError('conflict', `${name} is on account ${current.number} already.`);
    const other = (await storeAccounts(ctx)).find((a) => listsCustomer(a, slug));
    if (other) throw new AppError('conflict', `${name} is on account ${other.number} (${other.name}): remove them there first.`);
    const problem = arChargeProblem({ ...current, balanceCents: balanceOf(current) }, 0);
    if (problem) throw new AppError('unprocessable', problem, { accountId: [problem] });
    await indexArCustomer(ctx, io, slug, accountId);
    const account = await saveArrays(ctx, accountId, { customers: [...current.customers, { id: slug, name, email: customer.email, at: new Date(), by: by(ctx) }] }, current);
    return { account, name };
  }, ACCOUNT_LOCK), ACCOUNT_LOCK);
  return { status: 'success', message: `${saved.name} is on account ${saved.account.number} (${saved.account.name}): their orders can be charged to it.`, account: accountView(saved.account), order: null };
}

async function chargeOrder(ctx: RequestContext, io: CheckoutIo, accountId: string, orderId: string) {
  const prefix = await prefixOf(ctx);
  await findAccount(ctx, accountId); // an unknown account is not found before anything is said about the order
  const done = await withRedisLock(io.resources.redis, orderLock(ctx, io, orderId), async () => {
    const order = await findOrder(ctx, orderId);
    const problem = orderChargeProblem(order as never);
    if (problem) throw new AppError(problem.status === 409 ? 'conflict' : 'unprocessable', problem.message);
    const amountCents = orderAmountDueCents(order as never);
    return withRedisLock(io.resources.redis, accountLock(ctx, io, accountId), async () => {
      const current = await findAccount(ctx, accountId);
      const onHold = arChargeProblem({ ...current, balanceCents: balanceOf(current) }, 0, prefix);
      if (onHold) throw new AppError('unprocessable', onHold, { accountId: [onHold] });
      // Against the balance checkouts charge too (credit.ts), so an order charged here and one at checkout never pass the limit together.
      const taken = await takeCredit(ctx, io, { id: accountId, creditLimitCents: current.creditLimitCents }, amountCents, null, { locked: true });
      const refused = taken.ok ? null : arChargeProblem({ ...current, balanceCents: taken.owedCents }, amountCents, prefix);
      if (refused) throw new AppError('unprocessable', refused, { accountId: [refused] });
      const at = new Date();
      const account = await saveArrays(ctx, accountId, { charges: [...current.charges, { orderId, orderNumber: order.orderNumber, amountCents, at, by: by(ctx) }] }, current)
        .catch(async (error: unknown) => { await moveOwed(ctx, io, accountId, -amountCents); throw error; });
      const arAccount = { id: accountId, number: current.number, name: current.name, at, by: by(ctx) };
      const payment = { ...(order.payment ?? {}), method: CHARGED_TO_ACCOUNT };
      const entry = { status: order.status, at, by: by(ctx), note: `Charged to AR account ${current.number} (${current.name}): ${displayPrice(amountCents, prefix)}` };
      try {
        await Order.updateOne(scoped(ctx, { _id: orderId }), { $set: { arAccount, payment }, $push: { history: entry } });
      } catch (error) {
        await saveArrays(ctx, accountId, { charges: current.charges }, account, io); // the charge is taken back: nothing changed
        throw error;
      }
      const changed = { ...order, arAccount, payment, history: [...(order.history ?? []), entry] } as StoredOrder;
      await keepOrderChange(redisStore(io), ctx.tenantId, changed);
      return { account, order: changed, amountCents };
    }, ACCOUNT_LOCK);
  }, ORDER_LOCK);
  const view = await adminView(ctx, done.order);
  return {
    status: 'success', message: `Order ${view.order_number} (${displayPrice(done.amountCents, prefix)}) is charged to account ${done.account.number} (${done.account.name}).`,
    account: accountView(done.account), order: view,
  };
}
