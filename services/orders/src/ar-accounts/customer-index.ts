import { inBackground, Tenant, singleFlight } from '@platform/db';
import { withRedisLock } from '@platform/cart';
import type { RequestContext } from '@platform/server-kit';
import { ACCOUNT_LOCK, storeAccounts, storeLock, type ArIo } from './ledger';

/**
 * Which AR account each customer is on, in Redis (docs/DATA-ACCESS.md rule 3), so the shopper's payment step finds
 * their account by `_id` instead of reading all of the store's accounts: `ar-customers:<tenant>`, a hash of
 * customer slug → account id, with its layout under the field `:built` in the same hash (lost together).
 * Written, under the store's AR lock, by every change of an account's customers (a customer assigned, removed,
 * the account deleted; putting it on hold changes no customer: the shopper still finds it, on hold); rebuilt from
 * the database, in the background and under the same lock, when the layout is missing (first start, a lost Redis).
 * The database stays the record: a reader checks that the account it finds still lists the customer.
 */

const LAYOUT = 'ar-customers-v1';
const BUILT = ':built';
export const arCustomersKey = (io: ArIo, tenantId: string) => `${io.resources.queuePrefix}:ar-customers:${tenantId}`;

/** The rule of which account a customer is on: the one that lists them (a customer is on one at most). */
export const listsCustomer = (account: { customers?: { id: string }[] | null }, slug: string): boolean => (account.customers ?? []).some((c) => c.id === slug);

/**
 * A customer joins an account: written before the account's own write (a write that then fails leaves an entry
 * the reader finds unconfirmed by the account). The caller holds the store's AR lock.
 */
export async function indexArCustomer(ctx: { tenantId: string }, io: ArIo, slug: string, accountId: string): Promise<void> {
  await io.resources.redis.hset(arCustomersKey(io, ctx.tenantId), slug, accountId);
}

/** Customers left an account (removed, or the account deleted): after the account's write, under the store's AR lock. */
export async function unindexArCustomers(ctx: { tenantId: string }, io: ArIo, slugs: string[]): Promise<void> {
  if (slugs.length) await io.resources.redis.hdel(arCustomersKey(io, ctx.tenantId), ...slugs);
}

/** Reads every account of the store (background work) and writes the hash anew in one transaction, under the store's AR lock. */
export async function rebuildArCustomerIndex(io: ArIo, tenantId: string): Promise<number> {
  const ctx = { tenantId } as RequestContext;
  return withRedisLock(io.resources.redis, storeLock(ctx, io), async () => {
    const key = arCustomersKey(io, tenantId);
    if (await io.resources.redis.hget(key, BUILT) === LAYOUT) return 0; // built meanwhile (another process)
    const accounts = await inBackground('rebuild the AR accounts\' customers in Redis', () => storeAccounts(ctx));
    const entries = accounts.flatMap((a) => a.customers.map((c) => [c.id, String(a._id)] as const));
    const multi = io.resources.redis.multi().del(key);
    for (const [slug, id] of entries) multi.hset(key, slug, id);
    await multi.hset(key, BUILT, LAYOUT).exec();
    return entries.length;
  }, ACCOUNT_LOCK);
}

const building = singleFlight<unknown>();

/** Makes sure the store's hash is in Redis, rebuilding it from the database once if not. */
export function ensureArCustomerIndex(io: ArIo, tenantId: string): Promise<unknown> {
  const key = arCustomersKey(io, tenantId);
  return building(key, async () => {
    if (await io.resources.redis.hget(key, BUILT) !== LAYOUT) await rebuildArCustomerIndex(io, tenantId);
  });
}

/** At start: every active store's hash that Redis lacks, one store after another (tenants are a small collection). */
export async function buildArCustomerIndexes(io: ArIo): Promise<void> {
  const tenants = (await Tenant.find({ active: true }, { _id: 1 }).lean()) as { _id: unknown }[];
  for (const t of tenants) await ensureArCustomerIndex(io, String(t._id));
}

/** The id of the account the customer is on as Redis holds it (rebuilt first when missing), or null. */
export async function arAccountIdOf(ctx: { tenantId: string }, io: ArIo, slug: string): Promise<string | null> {
  const key = arCustomersKey(io, ctx.tenantId);
  const [layout, id] = await io.resources.redis.hmget(key, BUILT, slug);
  if (layout === LAYOUT) return id;
  await ensureArCustomerIndex(io, ctx.tenantId);
  return io.resources.redis.hget(key, slug);
}
