import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AccessToken, accessTokenId, scoped } from '@platform/db';
import type { LoginResponse } from '@platform/contracts';
import type { PlatformQueues } from '@platform/queue';
import { AppError, hashToken, type RequestContext } from '@platform/server-kit';
import { deviceLabel, effectivePermissions, INVALID_PHONE, normalizePhone, SESSION_DAYS, SHORT_SESSION_DAYS } from '@platform/domain';
import { claimDevice, markFirstSignIn, recordSignIn, signInsOf, type SignIns } from './devices';
import type { RateLimit } from './rate-limits';
import { rememberSession, sessionSetKey } from './session-list';

/** What the identity flows need besides the request: Redis (single use), the queues (codes and links), the limits. */
export interface IdentityIo { redis: Redis; prefix: string; queues: Pick<PlatformQueues, 'notifications' | 'accountsClosed'>; limit: RateLimit }

export interface CustomerDoc {
  _id: unknown; slug: string; email: string; telephone: string | null; firstName: string; lastName: string; passwordHash: string;
  isAdmin: boolean; isDeveloper: boolean; isSubAccount?: boolean; permissions: string[]; locationId?: number | null; knownDevices?: string[]; lastSignInAt?: Date | null; receiveMarketing: boolean | null; receiveSms: boolean; accountNumber: string; customInfo: Record<string, unknown>;
}

/** A session's record, written and listed before it is answered (see `writeSession`); `listed` gives the account's sign-ins so far. */
export interface SessionRecord { token: string; id: string; customerSlug: string; written: Promise<unknown>; listed: Promise<SignIns> }

/**
 * Starts writing a new revocable bearer token's record (stored only as its hash), then listing it among the
 * customer's sessions. A password sign-in starts both while the password hash runs, so they cost the sign-in
 * nothing: the token is random and leaves the server only in the answer of a right password; a wrong one deletes
 * the record and its place in the list (`dropSession`).
 */
export function writeSession(ctx: RequestContext, io: IdentityIo, customer: CustomerDoc, remember = true): SessionRecord {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const id = accessTokenId(ctx.tenantId, tokenHash);
  const lifetimeDays = remember ? SESSION_DAYS : SHORT_SESSION_DAYS;
  const written = AccessToken.create({
    _id: id, tenantId: ctx.tenantId, tokenHash, customerId: String(customer._id), customerSlug: customer.slug, isAdmin: customer.isAdmin,
    isSubAccount: Boolean(customer.isSubAccount), permissions: customer.permissions, locationId: customer.isSubAccount ? customer.locationId ?? null : null,
    lifetimeDays, expiresAt: new Date(Date.now() + lifetimeDays * 86400_000), userAgent: ctx.userAgent ?? '', lastUsedAt: new Date(),
  });
  const signIns = signInsOf(ctx, customer); // read meanwhile too (devices.ts)
  // Listed once its record exists: a read of the list drops ids whose record it does not find.
  const listed = Promise.all([written, signIns]).then(async ([, before]) => {
    await rememberSession(ctx, io, customer.slug, id, !before.lastSignInAt);
    return before;
  });
  listed.catch(() => undefined); // awaited by startSession or dropSession; not unhandled meanwhile
  return { token, id, customerSlug: customer.slug, written, listed };
}

/** Deletes a record written ahead for a sign-in that failed, and takes it off the list. */
export async function dropSession(ctx: RequestContext, io: IdentityIo, session: SessionRecord): Promise<void> {
  await session.listed.catch(() => undefined);
  if (await session.written.then(() => true, () => false)) await AccessToken.deleteOne(scoped(ctx, { _id: session.id }));
  await io.redis.srem(sessionSetKey(io, ctx.tenantId, session.customerSlug), session.id);
}

/**
 * The sign-in's session (its record written here unless written ahead) and the login answer of spec 2 §3. A
 * sign-in on a kind of device the account has not used before (another browser or system; not a browser update)
 * is e-mailed to the holder, except the account's very first (devices.ts).
 */
export async function startSession(ctx: RequestContext, io: IdentityIo, customer: CustomerDoc, remember = true, session = writeSession(ctx, io, customer, remember)): Promise<LoginResponse> {
  const before = await session.listed;
  if (!before.lastSignInAt) await markFirstSignIn(ctx, customer); // once per account (devices.ts)
  // The device is claimed last before the answer (one Redis script): a sign-in that failed claims none, and the next
  // sign-in finds it known.
  const claim = await claimDevice(ctx, io, customer, before, deviceLabel(ctx.userAgent));
  // The account's record of it and the notice: started once the answer is out (after this turn of the event loop).
  setImmediate(() => void recordSignIn(ctx, io, customer, claim).catch((err) => console.error(`[identity] sign-in of ${customer.slug} not recorded: ${String(err)}`)));
  return sessionAnswer(ctx, customer, session.token);
}

/** The login answer; permissions are the effective ones (own list, plan, business allow-lists). */
export function sessionAnswer(ctx: RequestContext, customer: CustomerDoc, token: string): LoginResponse {
  return {
    status: 'success', message: 'You are signed in.', mfa: false, token: null, showContact: false, master_login: false, access_token: token, is_admin: customer.isAdmin,
    data: {
      customer: {
        slug: customer.slug, first_name: customer.firstName, last_name: customer.lastName, receive_marketing: customer.receiveMarketing ?? null,
        permissions: effectivePermissions({ isAdmin: customer.isAdmin, isSubAccount: Boolean(customer.isSubAccount), permissions: customer.permissions }, ctx.tenant),
        is_sub_account: Boolean(customer.isSubAccount),
      },
      is_developer: customer.isDeveloper,
    },
  };
}

/** What each security notice says; detail is the new e-mail or phone. */
const NOTICES = {
  email: (store: string, detail = '') => ({ subject: `Your ${store} e-mail address was changed`, text: `The e-mail address of your ${store} account was changed to ${detail}. This address no longer signs in or receives password reset codes. If you did not change it, contact the store right away.` }),
  phone: (store: string, detail = '') => ({ subject: `Your ${store} mobile number was changed`, text: `The mobile number of your ${store} account was changed to ${detail}. Sign-in codes and order texts now go there. If you did not change it, contact the store right away.` }),
  'password-by-manager': (store: string) => ({ subject: `Your ${store} back office password was changed`, text: `Someone who manages the staff accounts of ${store} set a new password for your back office account. Ask them for it, or choose your own with "Forgot password?" on the sign-in page.` }),
  deleted: (store: string) => ({ subject: `Your ${store} account was deleted`, text: `Your ${store} account has been deleted, with your details, saved cards and saved carts. Orders you placed stay with the store for its records. You are welcome to create a new account at any time.` }),
  password: (store: string) => ({ subject: `Your ${store} password was changed`, text: `The password of your ${store} account was changed. If you did not change it, choose a new one now with "Forgot password?" on the sign-in page, and contact the store.` }),
  'new-device': (store: string, detail = '') => ({ subject: `New sign-in to your ${store} account`, text: `Your ${store} account was just signed in on ${detail}. If this was you, there is nothing to do. If not, choose a new password now with "Forgot password?" on the sign-in page; then sign out on that device under "Where you're signed in" in your account.` }),
  'mfa-on': (store: string) => ({ subject: `Two-step sign-in is on for your ${store} account`, text: `Two-step sign-in was turned on for your ${store} account: each sign-in now asks for a code from an authenticator app. If you did not do this, contact the store right away.` }),
  'mfa-off': (store: string) => ({ subject: `Two-step sign-in is off for your ${store} account`, text: `Two-step sign-in was turned off for your ${store} account. If you did not do this, choose a new password with "Forgot password?" on the sign-in page, and contact the store.` }),
};

/**
 * Tells the account holder, by e-mail, that a sign-in detail changed, so a change they did not make does not go
 * unnoticed (for a new e-mail address, the old one is told).
 */
export async function sendSecurityNotice(ctx: RequestContext, io: IdentityIo, to: string, change: keyof typeof NOTICES, detail?: string): Promise<void> {
  await io.queues.notifications.add('security-notice', { tenantId: ctx.tenantId, channel: 'email', to, kind: 'security-notice', ...NOTICES[change](ctx.tenant.name, detail) });
}

/** A phone from a request as its 10 digits, or 422 'Please enter a valid phone number.' under telephone. */
export function phoneOf(telephone: string): string {
  const phone = normalizePhone(telephone);
  if (!phone) throw new AppError('unprocessable', INVALID_PHONE, { telephone: [INVALID_PHONE] });
  return phone;
}
