import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { scanKeys } from '@platform/queue';
import mongoose from 'mongoose';
import { inBackground, scoped, singleFlight } from '@platform/db';
import { normalizePhone, orderSearchQuery } from '@platform/domain';

/**
 * The store's shopper accounts in Redis (docs/DATA-ACCESS.md rule 3), for the admin's Customers list: every
 * shopper (not admins or staff) in a sorted set by time of sign-up, those who agreed to marketing e-mails in
 * another, the search words (e-mail, the phone's 10 digits, name words) → slugs, and one hash slug → list row.
 * Kept by the code that writes customers (sign-up, name / e-mail / phone / consent changes, unsubscribe,
 * deletion); rebuilt from the database, in the background, when the `built` key is missing (first use, a lost
 * Redis, a reseed). The admin's subscribers list is one more sorted set: the shoppers who agreed to marketing
 * e-mails (`c:{slug}`) and the footer's newsletter sign-ups (`n:{id}`, subscribed or not), by time of sign-up,
 * with the sign-ups' rows in a hash of their own.
 */
export interface CustomerIndexStore { redis: Redis; prefix: string }

/** What a list row (and the export) shows of a shopper: kept beside the slugs, so a page needs no database read. */
export interface CustomerListRow {
  id: string; first_name: string; last_name: string; email: string; telephone: string; created_at: string;
  receive_marketing: boolean; receive_sms: boolean;
  /** Newsletter sign-ups only (the subscribers list): where the row comes from, and when it unsubscribed. */
  source?: 'newsletter'; unsubscribed_at?: string | null;
}

/** A footer newsletter sign-up as the subscribers list shows it. */
export interface NewsletterEntry { id: string; email: string; createdAt: Date; unsubscribedAt: Date | null }
/** A newsletter sign-up's id in the list: from its address's SHA-256 (hex), so a search by address finds it directly. */
export const newsletterRowId = (addressHash: string) => `newsletter-${addressHash.slice(0, 24)}`;
const newsletterRowIdOf = (address: string) => newsletterRowId(createHash('sha256').update(address.trim().toLowerCase()).digest('hex'));

/** A customer document as the index reads it. */
export interface IndexedCustomer {
  slug: string; email: string; telephone?: string | null; firstName?: string; lastName?: string; isAdmin?: boolean;
  receiveMarketing?: boolean; receiveSms?: boolean; createdAt?: Date | string | null;
}

const LAYOUT = 'customers-v2';
const FIELDS = { slug: 1, email: 1, telephone: 1, firstName: 1, lastName: 1, isAdmin: 1, receiveMarketing: 1, receiveSms: 1, createdAt: 1 } as const;

const base = (s: CustomerIndexStore, t: string) => `${s.prefix}:customers:${t}`;
export const customerKeys = {
  built: (s: CustomerIndexStore, t: string) => `${base(s, t)}:built`,
  all: (s: CustomerIndexStore, t: string) => `${base(s, t)}:all`,
  marketing: (s: CustomerIndexStore, t: string) => `${base(s, t)}:marketing`,
  find: (s: CustomerIndexStore, t: string, word: string) => `${base(s, t)}:find:${word}`,
  rows: (s: CustomerIndexStore, t: string) => `${base(s, t)}:rows`,
  subscribers: (s: CustomerIndexStore, t: string) => `${base(s, t)}:subscribers`,
  newsletterRows: (s: CustomerIndexStore, t: string) => `${base(s, t)}:newsletter-rows`,
};

const nameWords = (name: string) => name.toLowerCase().split(/[\s,]+/).map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, '')).filter((w) => w.length >= 2);

/** The words a shopper is found by: the e-mail, the phone's 10 digits and each word of the name, lower-case. */
export function customerSearchTerms(row: Pick<CustomerListRow, 'first_name' | 'last_name' | 'email' | 'telephone'>): string[] {
  const phone = row.telephone ? normalizePhone(row.telephone) : null;
  return [...new Set([...(row.email ? [row.email.trim().toLowerCase()] : []), ...(phone ? [phone] : []), ...nameWords(`${row.first_name} ${row.last_name}`)])];
}
/** A search box's text as words (a phone however written as its digits), as the order search reads it. */
export const customerSearchQuery = (text: string): string[] => orderSearchQuery(text);

const rowOf = (c: IndexedCustomer): CustomerListRow => ({
  id: c.slug, first_name: c.firstName ?? '', last_name: c.lastName ?? '', email: c.email, telephone: c.telephone ?? '',
  created_at: new Date(c.createdAt ?? Date.now()).toISOString(), receive_marketing: Boolean(c.receiveMarketing), receive_sms: c.receiveSms ?? true,
});

type Multi = ReturnType<Redis['multi']>;

function removeRow(s: CustomerIndexStore, t: string, slug: string, old: CustomerListRow | null, multi: Multi) {
  multi.zrem(customerKeys.all(s, t), slug).zrem(customerKeys.marketing(s, t), slug).zrem(customerKeys.subscribers(s, t), `c:${slug}`).hdel(customerKeys.rows(s, t), slug);
  for (const word of old ? customerSearchTerms(old) : []) multi.srem(customerKeys.find(s, t, word), slug);
}

function addRow(s: CustomerIndexStore, t: string, row: CustomerListRow, multi: Multi) {
  const at = Date.parse(row.created_at);
  multi.zadd(customerKeys.all(s, t), at, row.id).hset(customerKeys.rows(s, t), row.id, JSON.stringify(row));
  if (row.receive_marketing) multi.zadd(customerKeys.marketing(s, t), at, row.id).zadd(customerKeys.subscribers(s, t), at, `c:${row.id}`);
  else multi.zrem(customerKeys.marketing(s, t), row.id).zrem(customerKeys.subscribers(s, t), `c:${row.id}`);
  for (const word of customerSearchTerms(row)) multi.sadd(customerKeys.find(s, t, word), row.id);
}

async function keptRow(s: CustomerIndexStore, t: string, slug: string): Promise<CustomerListRow | null> {
  const raw = await s.redis.hget(customerKeys.rows(s, t), slug);
  return raw ? (JSON.parse(raw) as CustomerListRow) : null;
}

/** Lists a shopper as the document now reads (its old search words dropped); an admin or staff account is taken off. */
export async function indexCustomer(s: CustomerIndexStore, tenantId: string, customer: IndexedCustomer): Promise<void> {
  const old = await keptRow(s, tenantId, customer.slug);
  const multi = s.redis.multi();
  removeRow(s, tenantId, customer.slug, old, multi);
  if (!customer.isAdmin) addRow(s, tenantId, rowOf(customer), multi);
  await multi.exec();
}

/** Takes a shopper off the lists (the account was deleted). */
export async function unindexCustomer(s: CustomerIndexStore, tenantId: string, slug: string): Promise<void> {
  const old = await keptRow(s, tenantId, slug);
  const multi = s.redis.multi();
  removeRow(s, tenantId, slug, old, multi);
  await multi.exec();
}

const newsletterRow = (e: NewsletterEntry): CustomerListRow => ({
  id: e.id, first_name: '', last_name: '', email: e.email, telephone: '', created_at: new Date(e.createdAt).toISOString(),
  receive_marketing: !e.unsubscribedAt, receive_sms: false, source: 'newsletter', unsubscribed_at: e.unsubscribedAt ? new Date(e.unsubscribedAt).toISOString() : null,
});

function addNewsletterRow(s: CustomerIndexStore, t: string, e: NewsletterEntry, multi: Multi) {
  multi.hset(customerKeys.newsletterRows(s, t), e.id, JSON.stringify(newsletterRow(e))).zadd(customerKeys.subscribers(s, t), new Date(e.createdAt).getTime(), `n:${e.id}`);
}

/** Takes a newsletter sign-up off the subscribers list (its address's owner had their data deleted). */
export async function unindexNewsletterSubscriber(s: CustomerIndexStore, tenantId: string, rowId: string): Promise<void> {
  await s.redis.multi().hdel(customerKeys.newsletterRows(s, tenantId), rowId).zrem(customerKeys.subscribers(s, tenantId), `n:${rowId}`).exec();
}

/** Lists a newsletter sign-up in the subscribers list as it now reads (subscribed, or unsubscribed and when). */
export async function indexNewsletterSubscriber(s: CustomerIndexStore, tenantId: string, entry: NewsletterEntry): Promise<void> {
  const multi = s.redis.multi();
  addNewsletterRow(s, tenantId, entry, multi);
  await multi.exec();
}

const Customer = () => mongoose.model('Customer');
const NewsletterSubscriber = () => mongoose.model('NewsletterSubscriber');

/** Reads the customer by `_id` after a write and lists it anew (or takes it off when it is gone). */
export async function refreshCustomer(s: CustomerIndexStore, tenantId: string, customerId: string, slug?: string): Promise<void> {
  const doc = (await Customer().findOne(scoped({ tenantId }, { _id: customerId }), FIELDS).lean()) as IndexedCustomer | null;
  if (doc) await indexCustomer(s, tenantId, doc);
  else if (slug) await unindexCustomer(s, tenantId, slug);
}

/** Every key of the tenant's lists. */
const tenantKeys = (s: CustomerIndexStore, tenantId: string) => scanKeys(s.redis, `${base(s, tenantId)}:*`);

/** Reads every customer of the tenant (one background scan) and writes the lists anew; answers how many shoppers. */
export async function rebuildCustomerIndex(s: CustomerIndexStore, tenantId: string): Promise<number> {
  return inBackground('identity: rebuild the customer lists in Redis', async () => {
    const stale = await tenantKeys(s, tenantId);
    for (let i = 0; i < stale.length; i += 500) await s.redis.del(...stale.slice(i, i + 500));
    let count = 0;
    let multi = s.redis.multi();
    const cursor = Customer().find(scoped({ tenantId }), FIELDS).lean().cursor({ batchSize: 5000 });
    for await (const doc of cursor) {
      const c = doc as unknown as IndexedCustomer;
      if (c.isAdmin) continue;
      addRow(s, tenantId, rowOf(c), multi);
      count += 1;
      if (count % 2000 === 0) { await multi.exec(); multi = s.redis.multi(); }
    }
    const signUps = NewsletterSubscriber().find(scoped({ tenantId }), { email: 1, createdAt: 1, unsubscribedAt: 1 }).lean().cursor({ batchSize: 5000 });
    for await (const doc of signUps) {
      const e = doc as unknown as { email: string; createdAt: Date; unsubscribedAt: Date | null };
      addNewsletterRow(s, tenantId, { id: newsletterRowIdOf(e.email), email: e.email, createdAt: e.createdAt, unsubscribedAt: e.unsubscribedAt ?? null }, multi);
    }
    await multi.exec();
    await s.redis.set(customerKeys.built(s, tenantId), LAYOUT);
    return count;
  });
}

const building = singleFlight();

/** Makes sure the tenant's customer lists are in Redis, rebuilding them from the database once if not. */
export function ensureCustomerIndex(s: CustomerIndexStore, tenantId: string): Promise<void> {
  const key = `${s.prefix}|${tenantId}`;
  return building(key, async () => {
    if (await s.redis.get(customerKeys.built(s, tenantId)) === LAYOUT) return;
    await rebuildCustomerIndex(s, tenantId);
  });
}

/** Shoppers' rows by slug (missing ones left out), in the order asked. */
export async function customerRows(s: CustomerIndexStore, tenantId: string, slugs: string[]): Promise<CustomerListRow[]> {
  const rows = slugs.length ? await s.redis.hmget(customerKeys.rows(s, tenantId), ...slugs) : [];
  return rows.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as CustomerListRow);
}

export interface CustomerListQuery { page: number; limit: number; words?: string[]; marketingOnly?: boolean }

const newestFirst = (a: CustomerListRow, b: CustomerListRow) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1);

/**
 * The rows of the shoppers holding every search word, newest first (a word's shoppers are few next to the store's);
 * for the subscribers list, also the newsletter sign-up of an address searched for.
 */
async function searchedRows(s: CustomerIndexStore, tenantId: string, words: string[], marketingOnly: boolean): Promise<CustomerListRow[]> {
  const keys = words.map((w) => customerKeys.find(s, tenantId, w));
  const slugs = keys.length === 1 ? await s.redis.smembers(keys[0]) : await s.redis.sinter(...keys);
  const rows = (await customerRows(s, tenantId, slugs)).filter((r) => !marketingOnly || r.receive_marketing);
  if (marketingOnly && words.length === 1 && words[0].includes('@')) rows.push(...await newsletterRows(s, tenantId, [newsletterRowIdOf(words[0])]));
  return rows.sort(newestFirst);
}

async function newsletterRows(s: CustomerIndexStore, tenantId: string, ids: string[]): Promise<CustomerListRow[]> {
  const rows = ids.length ? await s.redis.hmget(customerKeys.newsletterRows(s, tenantId), ...ids) : [];
  return rows.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as CustomerListRow);
}

/** Subscribers-list members (`c:{slug}`, `n:{id}`) as rows, in the order given. */
async function subscriberRows(s: CustomerIndexStore, tenantId: string, members: string[]): Promise<CustomerListRow[]> {
  const [customers, signUps] = await Promise.all([
    customerRows(s, tenantId, members.filter((m) => m.startsWith('c:')).map((m) => m.slice(2))),
    newsletterRows(s, tenantId, members.filter((m) => m.startsWith('n:')).map((m) => m.slice(2))),
  ]);
  const byMember = new Map<string, CustomerListRow>([...customers.map((r) => [`c:${r.id}`, r] as const), ...signUps.map((r) => [`n:${r.id}`, r] as const)]);
  return members.flatMap((m) => byMember.get(m) ?? []);
}

/** One page of the shoppers (or those who agreed to marketing e-mails), newest first, and how many match. */
export async function customerPage(s: CustomerIndexStore, tenantId: string, q: CustomerListQuery): Promise<{ rows: CustomerListRow[]; total: number }> {
  await ensureCustomerIndex(s, tenantId);
  const start = (q.page - 1) * q.limit;
  if (q.words?.length) {
    const rows = await searchedRows(s, tenantId, q.words, Boolean(q.marketingOnly));
    return { rows: rows.slice(start, start + q.limit), total: rows.length };
  }
  if (q.marketingOnly) {
    const key = customerKeys.subscribers(s, tenantId);
    const [members, total] = await Promise.all([s.redis.zrevrange(key, start, start + q.limit - 1), s.redis.zcard(key)]);
    return { rows: await subscriberRows(s, tenantId, members), total };
  }
  const key = customerKeys.all(s, tenantId);
  const [slugs, total] = await Promise.all([s.redis.zrevrange(key, start, start + q.limit - 1), s.redis.zcard(key)]);
  return { rows: await customerRows(s, tenantId, slugs), total };
}

/** Every slug of the list (all shoppers, or those holding the words), newest first: the export reads their rows a batch at a time. */
export async function customerListSlugs(s: CustomerIndexStore, tenantId: string, words?: string[]): Promise<string[]> {
  await ensureCustomerIndex(s, tenantId);
  if (words?.length) return (await searchedRows(s, tenantId, words, false)).map((r) => r.id);
  return s.redis.zrevrange(customerKeys.all(s, tenantId), 0, -1);
}

/** How many shoppers the store has, and how many agreed to marketing e-mails. */
export async function customerTotals(s: CustomerIndexStore, tenantId: string): Promise<{ total: number; marketing: number }> {
  await ensureCustomerIndex(s, tenantId);
  const [total, marketing] = await Promise.all([s.redis.zcard(customerKeys.all(s, tenantId)), s.redis.zcard(customerKeys.marketing(s, tenantId))]);
  return { total, marketing };
}
