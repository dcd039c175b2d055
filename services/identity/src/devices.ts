import { findByIds, scoped } from '@platform/db';
import { runScript } from '@platform/queue';
import type { RequestContext } from '@platform/server-kit';
import { SignInRecord, signInRecordId } from './models';
import { sendSecurityNotice, type CustomerDoc, type IdentityIo } from './sessions';

/**
 * An account's sign-ins: when the last was, and the kinds of device ('Chrome on Windows') it signed in on, to tell
 * the holder of a new one. The devices are kept in Redis (`known-devices:<tenant>:<slug>`, a sorted set by when
 * each was first seen, the last 20) and claimed by one script, so two sign-ins at once on a new device tell the
 * holder once. The database's copy is the account's SignInRecord (models.ts), written after the answer; a set
 * Redis lost or let expire starts again from it.
 */
export interface SignIns { lastSignInAt: Date | null; knownDevices: string[] }

const KEPT = 20;
const KEEP_S = 120 * 86_400;

/**
 * KEYS[1] the account's set; ARGV: now (ms), the device, then the database's copy (oldest first), used only when
 * the set is missing. Answers [1 if the device is new to the set, how many were known before, the set oldest first].
 */
const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  for i = 3, #ARGV do redis.call('ZADD', KEYS[1], i - 2, ARGV[i]) end
end
local before = redis.call('ZCARD', KEYS[1])
local added = redis.call('ZADD', KEYS[1], 'NX', ARGV[1], ARGV[2])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -${KEPT + 1})
redis.call('EXPIRE', KEYS[1], ${KEEP_S})
return {added, before, redis.call('ZRANGE', KEYS[1], 0, -1)}
`;

const devicesKey = (ctx: { tenantId: string }, io: { prefix: string }, slug: string) => `${io.prefix}:known-devices:${ctx.tenantId}:${slug}`;

type Legacy = { _id: unknown; lastSignInAt?: Date | null; knownDevices?: string[] };
const fromCustomer = (c: Legacy): SignIns => ({ lastSignInAt: c.lastSignInAt ?? null, knownDevices: c.knownDevices ?? [] });

/** The account's sign-ins so far (its record by `_id`, else what its document says). */
export async function signInsOf(ctx: RequestContext, customer: Legacy): Promise<SignIns> {
  const record = (await SignInRecord.findOne(scoped(ctx, { _id: signInRecordId(ctx.tenantId, customer._id) })).lean()) as SignIns | null;
  return record ?? fromCustomer(customer);
}

/** The same for many accounts, by `_id` at once. */
export async function signInsOfMany(ctx: RequestContext, customers: Legacy[]): Promise<Map<unknown, SignIns>> {
  const records = await findByIds<SignIns & { _id: string }>(SignInRecord, ctx, customers.map((c) => signInRecordId(ctx.tenantId, c._id)));
  const byId = new Map(records.map((r) => [r._id, r]));
  return new Map(customers.map((c) => [c._id, byId.get(signInRecordId(ctx.tenantId, c._id)) ?? fromCustomer(c)]));
}

export interface DeviceClaim { device: string; added: boolean; tell: boolean; devices: string[] }

/**
 * Notes a sign-in's device on the account. `tell`: new to an account that had signed in on another one before
 * (the very first sign-in is not news); of sign-ins at once on that device, only one gets it.
 */
export async function claimDevice(ctx: RequestContext, io: IdentityIo, customer: CustomerDoc, before: SignIns, device: string): Promise<DeviceClaim> {
  const [added, known, devices] = (await runScript(io.redis, CLAIM, 1, devicesKey(ctx, io, customer.slug), Date.now(), device, ...before.knownDevices)) as [number, number, string[]];
  return { device, added: added === 1, tell: added === 1 && known > 0, devices };
}

async function writeRecord(ctx: RequestContext, customer: { _id: unknown }, set: Partial<SignIns>): Promise<void> {
  const _id = signInRecordId(ctx.tenantId, customer._id);
  const write = () => SignInRecord.updateOne(scoped(ctx, { _id }), { $set: { lastSignInAt: new Date(), ...set } }, { upsert: true });
  // Two first records at once: the second insert is a duplicate, and updates the first.
  await write().catch((error: { code?: number }) => (error.code === 11000 ? write() : Promise.reject(error)));
}

/**
 * Before the answer of an account's first sign-in: its lastSignInAt. So an account with a session always has one,
 * which tells its later sign-ins that its list of sessions may hold others (session-list.ts rememberSession).
 */
export async function markFirstSignIn(ctx: RequestContext, customer: { _id: unknown }): Promise<void> {
  await writeRecord(ctx, customer, {});
}

/**
 * After the answer (the sign-in does not wait for it): the account's record and the new-device notice. A notice
 * that could not be queued gives the device back, so the next sign-in on it tells. Failures are logged.
 */
export async function recordSignIn(ctx: RequestContext, io: IdentityIo, customer: CustomerDoc, claim: DeviceClaim): Promise<void> {
  const [written, told] = await Promise.allSettled([
    writeRecord(ctx, customer, { knownDevices: claim.devices }),
    claim.tell ? sendSecurityNotice(ctx, io, customer.email, 'new-device', claim.device) : null,
  ]);
  if (told.status === 'rejected') await io.redis.zrem(devicesKey(ctx, io, customer.slug), claim.device).catch(() => undefined);
  if (written.status === 'rejected') console.error(`[identity] sign-in of ${customer.slug} not recorded: ${String(written.reason)}`);
  if (told.status === 'rejected') console.error(`[identity] new-device notice to ${customer.slug} not queued: ${String(told.reason)}`);
}

/** The account was deleted: its record and its devices go. */
export async function forgetSignIns(ctx: RequestContext, io: { redis: IdentityIo['redis']; prefix: string }, customer: { _id: unknown; slug: string }): Promise<void> {
  await SignInRecord.deleteOne(scoped(ctx, { _id: signInRecordId(ctx.tenantId, customer._id) }));
  await io.redis.del(devicesKey(ctx, io, customer.slug));
}
