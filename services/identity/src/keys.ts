import mongoose, { Schema } from 'mongoose';
import type { Redis } from 'ioredis';
import { findByIds, inBackground, keyedId, scoped, tenantOwned, type TenantContext } from '@platform/db';

/**
 * The keys a customer is found by other than its `_id` (docs/DATA-ACCESS.md rule 2): one small document per
 * e-mail, phone and slug, `{_id: keyedId(tenant, kind, value), customerId}`. Inserted before (or with) the
 * customer: a second insert of the same `_id` fails (code 11000), so a key is claimed atomically even on FerretDB,
 * and two registrations with one e-mail make one account. Lookups read the key, then the customer, both by `_id`.
 * One more document per tenant, `keyedId(tenant, 'admins')`, lists the ids of the store's admin accounts.
 */
const customerKeySchema = new Schema({
  _id: { type: String, required: true },
  customerId: { type: String, default: null },
  /** When it was claimed: a key whose account does not exist is taken over only once its claim is older than a registration takes. */
  claimedAt: { type: Date, default: () => new Date() },
  /** Only on the tenant's 'admins' document: its admin accounts' ids. */
  customerIds: { type: [String], default: undefined },
  /**
   * Only on an e-mail key: a copy of its account's password hash, so a password sign-in starts the hash after this
   * one read (`emailKeyOf`). A guess only: the sign-in still checks the account's own hash (service.ts).
   */
  passwordHash: { type: String, default: undefined },
});
customerKeySchema.plugin(tenantOwned, { growing: true });
export const CustomerKey = mongoose.models.CustomerKey ?? mongoose.model('CustomerKey', customerKeySchema);

export type CustomerKeyKind = 'email' | 'phone' | 'slug';
export const customerKeyId = (tenantId: string, kind: CustomerKeyKind, value: string): string => keyedId(tenantId, kind, value);
const adminsId = (tenantId: string) => keyedId(tenantId, 'admins');

interface KeyedCustomer { _id: unknown; tenantId: string; email: string; telephone?: string | null; slug: string; passwordHash?: string }
type KeyDoc = { _id: string; tenantId: string; customerId: string; passwordHash?: string };

/**
 * The key documents of a customer document (e-mail, phone if any, slug): insert them with the customer, e.g.
 * `CustomerKey.insertMany(customers.flatMap(customerKeyDocs))` beside `Customer.insertMany(customers)` (the seed
 * does). `Customer.create` inserts them itself (models.ts). The customer needs its `_id` set already.
 */
export function customerKeyDocs(customer: KeyedCustomer): KeyDoc[] {
  const customerId = String(customer._id);
  const keys: [CustomerKeyKind, string | null | undefined][] = [['email', customer.email?.toLowerCase().trim()], ['phone', customer.telephone], ['slug', customer.slug]];
  return keys.filter((k): k is [CustomerKeyKind, string] => Boolean(k[1])).map(([kind, value]) => ({
    _id: customerKeyId(customer.tenantId, kind, value), tenantId: customer.tenantId, customerId,
    ...(kind === 'email' && customer.passwordHash ? { passwordHash: customer.passwordHash } : {}),
  }));
}

/** Thrown when a key is held by another account; `code` 11000 as the database's own duplicate key error. */
export class KeyTakenError extends Error {
  readonly code = 11000;
  constructor(readonly kind: CustomerKeyKind) {
    super(`This ${kind} belongs to another account`);
    this.name = 'KeyTakenError';
  }
}

/** Longer than any registration takes between claiming its keys and saving its account. */
const CLAIM_GRACE_MS = 60_000;

const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * Claims one key for a customer: inserted, or already its own. A key left by an account that no longer exists
 * (a crash between the two writes) is taken over. Throws KeyTakenError when another account holds it.
 */
async function claimKey(doc: KeyDoc): Promise<void> {
  const ctx = { tenantId: doc.tenantId };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await CustomerKey.create(doc);
      return;
    } catch (error) {
      if (!isDuplicate(error)) throw error;
    }
    const held = (await CustomerKey.findOne(scoped(ctx, { _id: doc._id })).lean()) as { customerId?: string | null; claimedAt?: Date } | null;
    if (held?.customerId === doc.customerId) return;
    const [, kind, ...value] = doc._id.split(':') as [string, CustomerKeyKind, ...string[]];
    // Held only while its customer exists and still has this value (a key left behind is taken over); a fresh
    // claim is another registration still saving its account, which keeps it.
    if (held && await customerByKey(ctx, kind, value.join(':'))) throw new KeyTakenError(kind);
    if (held && Date.now() - new Date(held.claimedAt ?? 0).getTime() < CLAIM_GRACE_MS) throw new KeyTakenError(kind);
    if (held) await CustomerKey.deleteOne(scoped(ctx, { _id: doc._id }));
  }
  throw new KeyTakenError(doc._id.split(':')[1] as CustomerKeyKind);
}

/** Claims all the keys (in order) or none: on a taken one the keys claimed here are given back. */
export async function claimKeys(docs: KeyDoc[]): Promise<void> {
  const claimed: typeof docs = [];
  try {
    for (const doc of docs) {
      await claimKey(doc);
      claimed.push(doc);
    }
  } catch (error) {
    await releaseKeys(claimed);
    throw error;
  }
}

/** Deletes key documents (an account deleted, an e-mail or phone changed), each by `_id`, only while they name this customer. */
export async function releaseKeys(docs: { _id: string; tenantId: string; customerId: string }[]): Promise<void> {
  for (const doc of docs) {
    const ctx = { tenantId: doc.tenantId };
    const held = (await CustomerKey.findOne(scoped(ctx, { _id: doc._id })).lean()) as { customerId?: string | null } | null;
    if (held?.customerId === doc.customerId) {
      await CustomerKey.deleteOne(scoped(ctx, { _id: doc._id }));
      await forgetHolder(doc._id);
    }
  }
}

/**
 * Moves a customer from one key value to another (a new e-mail or phone): the new one claimed first, then the old one
 * let go. A new e-mail key takes the account's password hash along (`passwordHash`).
 */
export async function changeKey(ctx: TenantContext, customerId: string, kind: CustomerKeyKind, from: string | null | undefined, to: string, passwordHash?: string): Promise<void> {
  await claimKey({ _id: customerKeyId(ctx.tenantId, kind, to), tenantId: ctx.tenantId, customerId, ...(kind === 'email' && passwordHash ? { passwordHash } : {}) });
  if (from && from !== to) await releaseKeys([{ _id: customerKeyId(ctx.tenantId, kind, from), tenantId: ctx.tenantId, customerId }]);
}

async function keyHolder(ctx: TenantContext, kind: CustomerKeyKind, value: string): Promise<string | null> {
  if (!value) return null;
  const key = (await CustomerKey.findOne(scoped(ctx, { _id: customerKeyId(ctx.tenantId, kind, value) })).lean()) as { customerId?: string | null } | null;
  return key?.customerId ?? null;
}

/**
 * Keys' holders kept in Redis (key `_id` → customer id), so that a sign-in reads one document from the database, not
 * two, and the account lookup (`keyHeld`) none. `customerByKey` checks every copy against the customer's own document
 * (its e-mail, phone or slug must still be the value looked up, which only one account can have) and reads a copy
 * that fails the check again from the database, so a stale copy never signs anyone in. `keyHeld` trusts a copy (it
 * only chooses between the password form and registration): giving a key up deletes its copy, and copies are only
 * written after that check. Set by the identity plugin; unset, lookups read the key.
 */
let heldKeys: { redis: Redis; prefix: string } | null = null;
const HELD_KEY_KEPT_S = 24 * 3600;

/** Keeps keys' holders in this Redis from now on; the returned function stops it (when the app closes). */
export function keepKeyHoldersIn(store: { redis: Redis; prefix: string }): () => void {
  heldKeys = store;
  return () => { if (heldKeys === store) heldKeys = null; };
}

const heldKey = (store: { prefix: string }, keyId: string) => `${store.prefix}:customer-key:${keyId}`;

async function keptHolder(keyId: string): Promise<string | null> {
  const store = heldKeys;
  return store ? store.redis.get(heldKey(store, keyId)).catch(() => null) : null; // Redis away: the database answers
}

async function keepHolder(keyId: string, customerId: string): Promise<void> {
  const store = heldKeys;
  if (store) await store.redis.set(heldKey(store, keyId), customerId, 'EX', HELD_KEY_KEPT_S).catch(() => undefined);
}

async function forgetHolder(keyId: string): Promise<void> {
  const store = heldKeys;
  if (store) await store.redis.del(heldKey(store, keyId)).catch(() => undefined); // Redis away: the copy ends within a day
}

/**
 * A password sign-in's first read: the e-mail's key document (by `_id`), its holder's id and its copy of the holder's
 * password hash (null when it has none: keys claimed before the copy came). The copy is written with the key (sign-up,
 * the seed, an e-mail change), on every password change (`savePasswordHash`) and, when a sign-in finds it missing or
 * different, by that sign-in (`keepPasswordCopy`). It is never trusted: the sign-in reads the account while the hash
 * runs and checks the password against the account's own hash when the two differ (service.ts).
 */
export async function emailKeyOf(ctx: TenantContext, email: string): Promise<{ customerId: string; passwordHash: string | null } | null> {
  if (!email) return null;
  const key = (await CustomerKey.findOne(scoped(ctx, { _id: customerKeyId(ctx.tenantId, 'email', email) })).lean()) as { customerId?: string | null; passwordHash?: string } | null;
  return key?.customerId ? { customerId: key.customerId, passwordHash: key.passwordHash ?? null } : null;
}

/** The e-mail key's copy of the password hash set to the account's (by `_id`; the key names its holder already). */
export async function keepPasswordCopy(ctx: TenantContext, email: string, passwordHash: string): Promise<void> {
  await CustomerKey.updateOne(scoped(ctx, { _id: customerKeyId(ctx.tenantId, 'email', email) }), { $set: { passwordHash } });
}

/** A new password: the account's hash, then its e-mail key's copy (a copy left stale costs a sign-in one more hash, never lets the old password in). */
export async function savePasswordHash(ctx: TenantContext, customer: { _id: unknown; email: string }, passwordHash: string): Promise<void> {
  await mongoose.model('Customer').updateOne(scoped(ctx, { _id: customer._id }), { $set: { passwordHash } });
  await keepPasswordCopy(ctx, customer.email, passwordHash);
}

/** The customer by `_id` if it still has this e-mail (a key left behind does not find it). */
export const customerWithEmail = <T>(ctx: TenantContext, id: string, email: string) => holderWithValue<T>(ctx, id, 'email', email);

/** The customer by `_id` if it still has this e-mail, phone or slug (a key left behind does not find it). */
async function holderWithValue<T>(ctx: TenantContext, id: string, kind: CustomerKeyKind, value: string): Promise<(T & { email: string; slug: string }) | null> {
  const customer = (await mongoose.model('Customer').findOne(scoped(ctx, { _id: id })).lean()) as (T & { email: string; telephone?: string | null; slug: string }) | null;
  if (!customer) return null;
  const current = kind === 'email' ? customer.email : kind === 'phone' ? customer.telephone : customer.slug;
  return current === value ? customer : null;
}

/** The id of the customer holding a key (one that exists and still has this value), or null. */
export async function customerIdByKey(ctx: TenantContext, kind: CustomerKeyKind, value: string): Promise<string | null> {
  const customer = await customerByKey<{ _id: unknown }>(ctx, kind, value);
  return customer ? String(customer._id) : null;
}

/** The customer holding a key (e-mail lower-cased, phone as 10 digits, slug), by two `_id` lookups; null if none. */
export async function customerByKey<T>(ctx: TenantContext, kind: CustomerKeyKind, value: string): Promise<T | null> {
  if (!value) return null;
  const keyId = customerKeyId(ctx.tenantId, kind, value);
  const kept = await keptHolder(keyId);
  const fromKept = kept ? await holderWithValue<T>(ctx, kept, kind, value) : null;
  if (fromKept) return fromKept;
  const id = await keyHolder(ctx, kind, value);
  const customer = id && id !== kept ? await holderWithValue<T>(ctx, id, kind, value) : null;
  if (customer) await keepHolder(keyId, id!);
  return customer;
}

/**
 * Whether an account holds this e-mail, phone or slug: the kept copy when there is one (no database read), else the
 * key document alone (one read by `_id`). Keys are given back when an account is deleted, changes the value or fails
 * to save, so only a process that died between claiming a key and saving its account leaves one that says 'exists'
 * for no account; registering with that value takes it over (`claimKey`). Only for answers that reveal nothing more
 * than the account lookup does: sign-in checks the customer (`customerByKey`).
 */
export async function keyHeld(ctx: TenantContext, kind: CustomerKeyKind, value: string): Promise<boolean> {
  if (!value) return false;
  if (await keptHolder(customerKeyId(ctx.tenantId, kind, value))) return true;
  return Boolean(await keyHolder(ctx, kind, value));
}

/**
 * The ids of the store's admin accounts (owner and staff), from the tenant's 'admins' key document. Missing (a
 * new database, the seed): built once from the customers in the background (docs/DATA-ACCESS.md rule 3).
 */
export async function adminIds(ctx: TenantContext): Promise<string[]> {
  const doc = (await CustomerKey.findOne(scoped(ctx, { _id: adminsId(ctx.tenantId) })).lean()) as { customerIds?: string[] } | null;
  if (doc?.customerIds) return doc.customerIds;
  const admins = (await inBackground('identity: rebuild the list of store admins', () =>
    mongoose.model('Customer').find(scoped(ctx, { isAdmin: true }), { _id: 1 }).lean())) as unknown as { _id: unknown }[];
  const ids = admins.map((a) => String(a._id));
  try {
    await CustomerKey.create({ _id: adminsId(ctx.tenantId), tenantId: ctx.tenantId, customerIds: ids });
  } catch (error) {
    if (!isDuplicate(error)) throw error; // built meanwhile by another request
  }
  return ids;
}

/** The store's admin accounts, each by `_id`. */
export async function adminAccounts<T>(ctx: TenantContext): Promise<T[]> {
  return findByIds<T>(mongoose.model('Customer') as Parameters<typeof findByIds>[0], ctx, await adminIds(ctx));
}

/** Adds an admin account to (or takes it off) the tenant's list, when the list exists (else it is built when next read). */
export async function setAdmin(ctx: TenantContext, customerId: string, admin: boolean): Promise<void> {
  await CustomerKey.updateOne(scoped(ctx, { _id: adminsId(ctx.tenantId) }), admin ? { $addToSet: { customerIds: customerId } } : { $pull: { customerIds: customerId } });
}
