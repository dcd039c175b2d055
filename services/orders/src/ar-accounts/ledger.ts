import { runScript } from '@platform/queue';
import { mongoose, scoped } from '@platform/db';
import { AR_ACCOUNT_NOT_FOUND, orderAmountDueCents, type ArAccountStatus } from '@platform/domain';
import { withRedisLock } from '@platform/cart';
import { AppError, type RequestContext } from '@platform/server-kit';
import type { Redis } from 'ioredis';
import { ArAccountModel } from './models';

/**
 * One AR account's stored form, its locks and its ledger writes, shared by the account routes (service.ts) and the
 * order actions that change what an order charged to an account owes (admin-orders.ts). Every change to one account
 * runs under its Redis lock (FerretDB applies no update atomically).
 */

export type Customer = { id: string; name: string; email: string; at: Date; by: string | null };
export type Charge = { orderId: string; orderNumber: string; amountCents: number; at: Date; by: string | null };
export type Payment = { id: string; amountCents: number; at: Date; by: string | null; note: string };
export type StoredAccount = {
  _id: unknown; number: string; name: string; contact: { name: string; email: string; phone: string }; creditLimitCents: number; status: ArAccountStatus;
  customers: Customer[]; charges: Charge[]; payments: Payment[]; chargedCents: number; paidCents: number; chargeCount: number; customerCount: number;
};
export interface ArIo { resources: { redis: Redis; queuePrefix: string } }

export const ACCOUNT_LOCK = { waitMs: 5000, busyMessage: 'Someone else is changing this account. Please try again in a moment.' };
export const accountLock = (ctx: RequestContext, io: ArIo, id: string) => `${io.resources.queuePrefix}:ar-account-lock:${ctx.tenantId}:${id}`;
/** The store's lock, taken before an account's by changes that must see all of its accounts (numbers, which account a customer is on). */
export const storeLock = (ctx: { tenantId: string }, io: ArIo) => `${io.resources.queuePrefix}:ar-accounts-lock:${ctx.tenantId}`;
export const balanceOf = (a: Pick<StoredAccount, 'chargedCents' | 'paidCents'>) => (a.chargedCents ?? 0) - (a.paidCents ?? 0);

/** The totals kept beside the arrays (the list reads them without the arrays). */
const totals = (a: Pick<StoredAccount, 'charges' | 'payments' | 'customers'>) => ({
  chargedCents: a.charges.reduce((s, c) => s + c.amountCents, 0), paidCents: a.payments.reduce((s, p) => s + p.amountCents, 0),
  chargeCount: a.charges.length, customerCount: a.customers.length,
});

export type SummaryDoc = Omit<StoredAccount, 'charges' | 'payments'>;

/** The store's accounts without their charges and payments (a store has few: read together), by number. */
export async function storeAccounts(ctx: RequestContext): Promise<SummaryDoc[]> {
  const docs = (await ArAccountModel.find(scoped(ctx, {}), { charges: 0, payments: 0 }).lean()) as unknown as SummaryDoc[];
  return docs.map((d) => ({ ...d, customers: d.customers ?? [] })).sort((x, y) => x.number.localeCompare(y.number, 'en', { numeric: true }));
}

/** One account of this store by its id without its charges and payments, or null. */
export async function accountSummary(ctx: RequestContext, id: string): Promise<SummaryDoc | null> {
  if (!mongoose.isValidObjectId(id)) return null;
  const found = (await ArAccountModel.findOne(scoped(ctx, { _id: id }), { charges: 0, payments: 0 }).lean()) as SummaryDoc | null;
  return found ? { ...found, customers: found.customers ?? [] } : null;
}

/** One account of this store by its id, or 404. */
export async function findAccount(ctx: RequestContext, id: string): Promise<StoredAccount> {
  if (!mongoose.isValidObjectId(id)) throw new AppError('not_found', AR_ACCOUNT_NOT_FOUND);
  const found = (await ArAccountModel.findOne(scoped(ctx, { _id: id })).lean()) as StoredAccount | null;
  if (!found) throw new AppError('not_found', AR_ACCOUNT_NOT_FOUND);
  return { ...found, customers: found.customers ?? [], charges: found.charges ?? [], payments: found.payments ?? [] };
}

/**
 * Saves an account's arrays with their totals (under the account's lock); the account as it now is. With `io`, the
 * balance Redis holds for checkouts (credit.ts) moves by what the save changed; without, the caller took it already.
 */
export async function saveArrays(ctx: RequestContext, id: string, arrays: Partial<Pick<StoredAccount, 'charges' | 'payments' | 'customers'>>, current: StoredAccount, io?: ArIo): Promise<StoredAccount> {
  const next = { ...current, ...arrays };
  const sums = totals(next);
  await ArAccountModel.updateOne(scoped(ctx, { _id: id }), { $set: { ...arrays, ...sums } });
  if (io) await moveOwed(ctx, io, id, balanceOf(sums) - balanceOf(current));
  return { ...next, ...sums };
}

/** The Redis keys of the balances checkouts charge against (credit.ts): owed per account, the holds, their notes. */
export const owedKeys = (io: ArIo, tenantId: string): [owed: string, holds: string, notes: string] => {
  const base = `${io.resources.queuePrefix}:ar`;
  return [`${base}-owed:${tenantId}`, `${base}-holds:${tenantId}`, `${base}-hold-notes:${tenantId}`];
};

// KEYS: owed. ARGV: account id, cents. Moves a loaded balance (one not loaded is read from the ledger when needed).
const MOVE = `if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2]) end return false`;

/** A ledger change made in the database (under the account's lock) moves the balance Redis holds by as much. */
export async function moveOwed(ctx: { tenantId: string }, io: ArIo, accountId: string, cents: number): Promise<void> {
  if (cents !== 0) await runScript(io.resources.redis, MOVE, 1, owedKeys(io, ctx.tenantId)[0], accountId, String(cents));
}

type ChargedOrder = Parameters<typeof orderAmountDueCents>[0] & { _id: unknown; arAccount?: { id: string; number: string; name: string } | null };

/**
 * After the store cancels an order or some of its lines: the order's charge on its AR account becomes what is
 * still to pay on it (nothing once cancelled). Called with the order as it now is; nothing for an uncharged order.
 */
export async function syncArCharge(ctx: RequestContext, io: ArIo, order: ChargedOrder): Promise<void> {
  const accountId = order.arAccount?.id;
  if (!accountId) return;
  const orderId = String(order._id);
  const amountCents = orderAmountDueCents(order);
  await withRedisLock(io.resources.redis, accountLock(ctx, io, accountId), async () => {
    const current = await findAccount(ctx, accountId).catch(() => null);
    if (!current?.charges.some((c) => c.orderId === orderId && c.amountCents !== amountCents)) return;
    await saveArrays(ctx, accountId, { charges: current.charges.map((c) => (c.orderId === orderId ? { ...c, amountCents } : c)) }, current, io);
  }, ACCOUNT_LOCK);
}

/** The AR account an order is charged to, as the admin's order shows it. */
export const orderArAccount = (order: { arAccount?: { id: string; number: string; name: string } | null }) =>
  (order.arAccount ? { id: order.arAccount.id, number: order.arAccount.number, name: order.arAccount.name } : null);
