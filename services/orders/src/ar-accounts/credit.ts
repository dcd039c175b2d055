import { runScript } from '@platform/queue';
import { orderAmountDueCents } from '@platform/domain';
import { withRedisLock } from '@platform/cart';
import type { RequestContext } from '@platform/server-kit';
import { ACCOUNT_LOCK, accountLock, balanceOf, findAccount, moveOwed, owedKeys as keys, saveArrays, type ArIo } from './ledger';

/**
 * What each AR account owes, held in Redis so that concurrent checkouts never take an account over its credit limit,
 * without a store-wide lock (docs/PAYMENTS.md "Charge accounts"; the stock pattern of services/catalogue stock.ts):
 * a Lua script checks a charge against the limit and adds it in one step, recorded under the order's id (a hold)
 * until the charge is in the account's ledger in the database. Every other ledger change (a payment, a cancelled
 * order or line, the admin charging an order) moves the held balance by what it changed, after its database write
 * and under the account's lock; the balance is loaded from the ledger, under that lock, when Redis holds none.
 */

// KEYS: owed, holds, notes. ARGV: account id, cents, credit limit, hold id ('' none), now (ms), note. Answers
// {'missing'} when the balance is not loaded, {'over', owed} when the charge would pass the limit, else {'ok', owed}.
// The comparison is libs/domain arOverLimit's (a charge may not take the balance over the credit limit).
const TAKE = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return {'missing'} end
local owed, cents, limit = tonumber(redis.call('HGET', KEYS[1], ARGV[1])), tonumber(ARGV[2]), tonumber(ARGV[3])
if cents > 0 and owed + cents > limit then return {'over', tostring(owed)} end
if ARGV[4] ~= '' and redis.call('HEXISTS', KEYS[3], ARGV[4]) == 1 then return {'ok', tostring(owed)} end
owed = redis.call('HINCRBY', KEYS[1], ARGV[1], cents)
if ARGV[4] ~= '' then
  redis.call('ZADD', KEYS[2], ARGV[5], ARGV[4])
  redis.call('HSET', KEYS[3], ARGV[4], ARGV[6])
end
return {'ok', tostring(owed)}`;

// KEYS: owed, holds, notes. ARGV: hold id. Gives the hold's cents back, once: 1, or 0 when there is no such hold.
const RELEASE = `
local note = redis.call('HGET', KEYS[3], ARGV[1])
if not note then return 0 end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
local account, cents = string.match(note, '^(.+):(%-?%d+)$')
if redis.call('HEXISTS', KEYS[1], account) == 1 then redis.call('HINCRBY', KEYS[1], account, -tonumber(cents)) end
return 1`;

/** Loads an account's balance from its ledger when Redis holds none; `locked`: the caller holds the account's lock. */
async function loadOwed(ctx: RequestContext, io: ArIo, accountId: string, locked: boolean): Promise<void> {
  const load = async () => {
    const account = await findAccount(ctx, accountId);
    await io.resources.redis.hsetnx(keys(io, ctx.tenantId)[0], accountId, String(balanceOf(account)));
  };
  await (locked ? load() : withRedisLock(io.resources.redis, accountLock(ctx, io, accountId), load, ACCOUNT_LOCK));
}

/** What the account owes as Redis holds it (its ledger with the checkouts not yet written), loading it when needed. */
export async function owedCents(ctx: RequestContext, io: ArIo, accountId: string): Promise<number> {
  const [owed] = keys(io, ctx.tenantId);
  let held = await io.resources.redis.hget(owed, accountId);
  if (held === null) {
    await loadOwed(ctx, io, accountId, false);
    held = await io.resources.redis.hget(owed, accountId);
  }
  return Number(held ?? 0);
}

/**
 * Adds a charge to the account's balance only if it stays within the credit limit, atomically against every other
 * checkout. With a hold id (a checkout: the order's id) the charge is kept under it until `settleCredit` (written to
 * the ledger) or `releaseCredit` (undone); a checkout given the same hold again takes nothing more.
 */
export async function takeCredit(ctx: RequestContext, io: ArIo, account: { id: string; creditLimitCents: number }, cents: number, holdId: string | null, options: { locked?: boolean } = {}): Promise<{ ok: boolean; owedCents: number }> {
  const args = [account.id, String(cents), String(account.creditLimitCents), holdId ?? '', String(Date.now()), `${account.id}:${cents}`];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const reply = await runScript(io.resources.redis, TAKE, 3, ...keys(io, ctx.tenantId), ...args) as string[];
    if (reply[0] === 'missing') { await loadOwed(ctx, io, account.id, options.locked === true); continue; }
    return { ok: reply[0] === 'ok', owedCents: Number(reply[1]) };
  }
  throw new Error('the AR account balance could not be loaded');
}

/** Gives a checkout's hold back (the order was not placed), once however many call it. */
export async function releaseCredit(ctx: { tenantId: string }, io: ArIo, holdId: string): Promise<boolean> {
  return (await runScript(io.resources.redis, RELEASE, 3, ...keys(io, ctx.tenantId), holdId)) === 1;
}

/** The hold's charge is in the ledger now: it stays in the balance and the hold is forgotten. */
export async function settleCredit(ctx: { tenantId: string }, io: ArIo, holdId: string): Promise<void> {
  const [, holds, notes] = keys(io, ctx.tenantId);
  await io.resources.redis.multi().zrem(holds, holdId).hdel(notes, holdId).exec();
}

/** The account is gone (deleted with nothing on it): Redis forgets its balance. */
export async function forgetOwed(ctx: { tenantId: string }, io: ArIo, accountId: string): Promise<void> {
  await io.resources.redis.hdel(keys(io, ctx.tenantId)[0], accountId);
}

/**
 * A checkout's charge goes into the account's ledger (after its order was saved), then its hold is settled. Under the
 * account's lock; a charge of this order in the ledger already is left as it is (a repeat changes nothing).
 */
export async function recordCheckoutCharge(ctx: RequestContext, io: ArIo, accountId: string, charge: { orderId: string; orderNumber: string; amountCents: number; by: string | null }): Promise<boolean> {
  const written = await withRedisLock(io.resources.redis, accountLock(ctx, io, accountId), async () => {
    const current = await findAccount(ctx, accountId);
    if (current.charges.some((c) => c.orderId === charge.orderId)) return false;
    await saveArrays(ctx, accountId, { charges: [...current.charges, { ...charge, at: new Date() }] }, current);
    return true;
  }, ACCOUNT_LOCK);
  await settleCredit(ctx, io, charge.orderId);
  return written;
}

/** Checkout holds older than `olderThanMs`: their checkout stopped before writing the ledger or undoing the hold. */
export async function staleCreditHolds(io: ArIo, tenantId: string, olderThanMs: number): Promise<{ orderId: string; accountId: string; cents: number }[]> {
  const [, holds, notes] = keys(io, tenantId);
  const ids = await io.resources.redis.zrangebyscore(holds, 0, Date.now() - olderThanMs, 'LIMIT', 0, 500);
  if (!ids.length) return [];
  const found = await io.resources.redis.hmget(notes, ...ids);
  return ids.flatMap((orderId, i) => {
    const match = /^(.+):(-?\d+)$/.exec(found[i] ?? '');
    return match ? [{ orderId, accountId: match[1], cents: Number(match[2]) }] : [];
  });
}

type HeldOrder = Parameters<typeof orderAmountDueCents>[0] & { orderNumber: string; customerSlug?: string | null };

/**
 * A stale checkout hold (staleCreditHolds) put right: the order was saved, so its charge (what is still to pay on it
 * now) goes into the ledger, and the balance follows; or it was never saved, and the hold is given back.
 */
export async function recoverCreditHold(ctx: RequestContext, io: ArIo, hold: { orderId: string; accountId: string; cents: number }, order: HeldOrder | null): Promise<'settled' | 'released'> {
  if (!order) { await releaseCredit(ctx, io, hold.orderId); return 'released'; }
  const amountCents = orderAmountDueCents(order);
  // Lines cancelled meanwhile found no charge in the ledger to lower: the balance follows what is charged now.
  const written = await recordCheckoutCharge(ctx, io, hold.accountId, { orderId: hold.orderId, orderNumber: order.orderNumber, amountCents, by: order.customerSlug ?? null });
  if (written) await moveOwed(ctx, io, hold.accountId, amountCents - hold.cents);
  return 'settled';
}
