import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { scoped } from '@platform/db';
import type { LoginResponse } from '@platform/contracts';
import { AppError, type RequestContext } from '@platform/server-kit';
import { requireConfirmedPassword } from './account';
import { customerByKey } from './keys';
import { Customer } from './models';
import { sendSecurityNotice, sessionAnswer, startSession, type CustomerDoc, type IdentityIo, type SessionRecord } from './sessions';

export const INVALID_2FA = 'Your 2FA code is invalid. Please try again.';
const BACKUP_CODE_COUNT = 10;
/** The sign-in step between the password and the authenticator code lasts this long, with this many tries. */
const MFA_STEP_S = 5 * 60;
const MFA_STEP_TRIES = 5;

export interface MfaFields { mfaEnabled?: boolean; mfaSecret?: string | null; mfaPendingSecret?: string | null; mfaBackupCodes?: string[] }

const totp = (ctx: RequestContext, label: string, base32: string) =>
  new TOTP({ issuer: ctx.tenant.name, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(base32) });
const hashBackup = (ctx: RequestContext, slug: string, code: string) => createHash('sha256').update(`${ctx.tenantId}:${slug}:${code.replace(/\W/g, '').toLowerCase()}`).digest('base64');

/**
 * A code of the authenticator app, within one step of now, and never the same step twice for one account
 * (the last accepted step is kept in Redis), so an overheard code cannot be replayed.
 */
async function acceptTotp(ctx: RequestContext, io: IdentityIo, customer: CustomerDoc & MfaFields, base32: string, code: string): Promise<boolean> {
  const generator = totp(ctx, customer.email, base32);
  const delta = /^\d{6}$/.test(code.trim()) ? generator.validate({ token: code.trim(), window: 1 }) : null;
  if (delta === null) return false;
  const step = generator.counter() + delta;
  const key = `${io.prefix}:mfa-step:${ctx.tenantId}:${customer.slug}`;
  const last = Number(await io.redis.get(key) ?? -1);
  if (step <= last) return false;
  await io.redis.set(key, String(step), 'EX', 120);
  return true;
}

async function signedIn(ctx: RequestContext): Promise<CustomerDoc & MfaFields> {
  if (!ctx.caller) throw new AppError('unauthorized', 'Unauthenticated.');
  const customer = await customerByKey<CustomerDoc & MfaFields>(ctx, 'slug', ctx.caller.slug);
  if (!customer) throw new AppError('unauthorized', 'Unauthenticated.');
  return customer;
}

/** GET mfa/load: whether the account has two-step sign-in on, and how many backup codes are left. */
export async function loadMfa(ctx: RequestContext) {
  const customer = await signedIn(ctx);
  return { status: 'success', enabled: Boolean(customer.mfaEnabled), backup_codes_left: customer.mfaBackupCodes?.length ?? 0 };
}

/** POST mfa/setup: a new secret to add to an authenticator app (not in force until setup-complete); the password confirmed first. */
export async function setupMfa(ctx: RequestContext) {
  const customer = await signedIn(ctx);
  await requireConfirmedPassword(ctx);
  const secret = new Secret({ size: 20 }).base32;
  await Customer.updateOne(scoped(ctx, { _id: customer._id }), { $set: { mfaPendingSecret: secret } });
  return { status: 'success', secret, otpauth_url: totp(ctx, customer.email, secret).toString() };
}

/** POST mfa/setup-complete: the app's first code proves it holds the secret; answers the backup codes once. */
export async function completeMfa(ctx: RequestContext, io: IdentityIo, code: string) {
  const customer = await signedIn(ctx);
  if (!customer.mfaPendingSecret) throw new AppError('unprocessable', 'Start the set-up again: no authenticator is waiting to be confirmed.');
  if (!(await acceptTotp(ctx, io, customer, customer.mfaPendingSecret, code))) throw new AppError('unprocessable', INVALID_2FA, { code: [INVALID_2FA] });
  const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, () => randomBytes(5).toString('hex').replace(/^(.{5})/, '$1-'));
  await Customer.updateOne(scoped(ctx, { _id: customer._id }), {
    $set: { mfaEnabled: true, mfaSecret: customer.mfaPendingSecret, mfaPendingSecret: null, mfaBackupCodes: backupCodes.map((c) => hashBackup(ctx, customer.slug, c)) },
  });
  await sendSecurityNotice(ctx, io, customer.email, 'mfa-on');
  return { status: 'success', message: 'Two-step sign-in is on.', backup_codes: backupCodes };
}

/** POST mfa/disable: two-step sign-in off (the signed-in account's own choice, the password confirmed first). */
export async function disableMfa(ctx: RequestContext, io: IdentityIo) {
  const customer = await signedIn(ctx);
  await requireConfirmedPassword(ctx);
  await Customer.updateOne(scoped(ctx, { _id: customer._id }), { $set: { mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaBackupCodes: [] } });
  if (customer.mfaEnabled) await sendSecurityNotice(ctx, io, customer.email, 'mfa-off');
  return { status: 'success', message: 'Two-step sign-in is off.' };
}

/** Every way of signing in ends here: a session, or the authenticator step first when the account has it on. */
export function finishSignIn(ctx: RequestContext, io: IdentityIo, customer: CustomerDoc & MfaFields, remember: boolean, session?: SessionRecord): Promise<LoginResponse> {
  return customer.mfaEnabled ? startMfaStep(ctx, io, customer, remember) : startSession(ctx, io, customer, remember, session);
}

/** After a correct password on an account with two-step sign-in: a short-lived step token instead of a session. */
export async function startMfaStep(ctx: RequestContext, io: IdentityIo, customer: CustomerDoc, remember: boolean): Promise<LoginResponse> {
  const token = randomBytes(24).toString('base64url');
  await io.redis.set(`${io.prefix}:mfa-login:${ctx.tenantId}:${token}`, JSON.stringify({ slug: customer.slug, remember, tries: 0 }), 'EX', MFA_STEP_S);
  return {
    status: 'success', message: 'Enter the code from your authenticator app.', mfa: true, token, showContact: false, master_login: false, access_token: '', is_admin: customer.isAdmin,
    data: sessionAnswer(ctx, customer, '').data,
  };
}

/**
 * POST mfa/submit: the authenticator code (or a backup code, each once) finishes the sign-in. After a failed
 * backup code the form shows the store's contact details.
 */
export async function submitMfa(ctx: RequestContext, io: IdentityIo, input: { code: string; token: string; is_backup: 0 | 1 }): Promise<LoginResponse> {
  const key = `${io.prefix}:mfa-login:${ctx.tenantId}:${input.token}`;
  const step = JSON.parse(await io.redis.get(key) ?? 'null') as { slug: string; remember: boolean; tries: number } | null;
  if (!step) throw new AppError('unprocessable', 'Your sign-in has timed out. Please sign in again.');
  const tries = await io.redis.hincrby(`${key}:tries`, 'n', 1);
  await io.redis.expire(`${key}:tries`, MFA_STEP_S);
  const customer = await customerByKey<CustomerDoc & MfaFields>(ctx, 'slug', step.slug);
  if (!customer?.mfaEnabled || !customer.mfaSecret || tries > MFA_STEP_TRIES) {
    await io.redis.del(key);
    throw new AppError('unprocessable', 'Your sign-in has timed out. Please sign in again.');
  }
  let ok = false;
  if (input.is_backup) {
    const hash = hashBackup(ctx, customer.slug, input.code);
    const left = (customer.mfaBackupCodes ?? []).filter((c) => !safeEqual(c, hash));
    ok = left.length < (customer.mfaBackupCodes ?? []).length;
    if (ok) await Customer.updateOne(scoped(ctx, { _id: customer._id }), { $set: { mfaBackupCodes: left } });
  } else {
    ok = await acceptTotp(ctx, io, customer, customer.mfaSecret, input.code);
  }
  if (!ok) throw new AppError('unprocessable', INVALID_2FA, { code: [INVALID_2FA] });
  await io.redis.del(key, `${key}:tries`);
  return startSession(ctx, io, customer, step.remember);
}

const safeEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
