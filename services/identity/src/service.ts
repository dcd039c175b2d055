import { randomBytes } from 'node:crypto';
import { AccessToken, accessTokenId, scoped } from '@platform/db';
import type { LoginResponse } from '@platform/contracts';
import { formatPhone, INVALID_EMAIL, INVALID_RESET_EMAIL, isOtpCode, isValidEmail, MISSING_CODE, normalizeEmail, passwordProblems } from '@platform/domain';
import { AppError, hashToken, sessionsChanged, type RequestContext, type SessionCacheStore } from '@platform/server-kit';
import { customerByKey, customerWithEmail, emailKeyOf, keepPasswordCopy, keyHeld, savePasswordHash } from './keys';
import { endSessions } from './session-list';
import { CODE_MESSAGES, consumeSecret, issueSecret, type SecretPurpose } from './one-time';
import { hashPassword, verifyPassword } from './passwords';
import { finishSignIn, type MfaFields } from './mfa';
import { dropSession, phoneOf, sendSecurityNotice, sessionAnswer, writeSession, type CustomerDoc, type IdentityIo } from './sessions';

export { type CustomerDoc, type IdentityIo } from './sessions';

export const INVALID_CREDENTIALS = 'These credentials do not match our records.';
/** Checked against when the e-mail has no account, so both cases take as long. */
const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));

/** By the e-mail's or phone's key document, then the customer: two `_id` lookups (keys.ts). */
const findByEmail = (ctx: RequestContext, email: string) => customerByKey<CustomerDoc & MfaFields>(ctx, 'email', normalizeEmail(email));
const findByPhone = (ctx: RequestContext, phone: string) => customerByKey<CustomerDoc>(ctx, 'phone', phone);

/** E-mail + password sign-in. The same answer for an unknown e-mail and a wrong password. */
export async function loginWithPassword(ctx: RequestContext, io: IdentityIo, ip: string, input: { email: string; password: string; remember?: boolean }): Promise<LoginResponse> {
  const email = normalizeEmail(input.email);
  const remember = input.remember ?? true;
  // The e-mail's key is read while the limit is counted; the password is checked only within the limit. The key
  // carries a copy of the account's password hash (keys.ts emailKeyOf): the hash starts after that one read, and
  // the account is read while it runs.
  const [, key] = await Promise.all([io.limit('login', ctx, email, ip), emailKeyOf(ctx, email)]);
  const account = key ? customerWithEmail<CustomerDoc & MfaFields>(ctx, key.customerId, email) : Promise.resolve(null);
  // Unknown e-mails still pay for a hash, so timing does not tell which accounts exist.
  const tried = key?.passwordHash ?? (await account)?.passwordHash ?? DUMMY_HASH;
  const checked = verifyPassword(input.password, tried);
  checked.catch(() => undefined); // awaited below; not unhandled while the account is read
  const customer = await account;
  // The session's record is written and listed while the hash runs (sessions.ts writeSession); not for the two-step sign-in.
  const session = customer && !customer.mfaEnabled ? writeSession(ctx, io, customer, remember) : undefined;
  let ok = (await checked) && Boolean(customer); // the hash awaited either way: a refusal takes as long
  if (customer && customer.passwordHash !== tried) {
    // The copy was stale (a password changed meanwhile): the account's own hash decides, so an old password never signs in.
    ok = await verifyPassword(input.password, customer.passwordHash);
  }
  if (customer && key!.passwordHash !== customer.passwordHash) {
    const { passwordHash } = customer; // the copy brought up to date once the answer is out
    setImmediate(() => void keepPasswordCopy(ctx, email, passwordHash).catch((err) => console.error(`[identity] password copy of ${customer.slug} not kept: ${String(err)}`)));
  }
  if (!customer || !ok) {
    // Not awaited: a wrong password answers as fast as an unknown e-mail (the record's token was never sent).
    if (session) void dropSession(ctx, io, session).catch((err) => console.error(`[identity] a failed sign-in's session record not deleted: ${String(err)}`));
    throw new AppError('unprocessable', INVALID_CREDENTIALS, { email: [INVALID_CREDENTIALS] });
  }
  return finishSignIn(ctx, io, customer, remember, session);
}

/**
 * Sends a new secret to a phone or e-mail through the notifications queue, counted against the send limit,
 * only when an account uses it: the caller answers the same either way, so accounts cannot be probed.
 */
async function sendSecret(ctx: RequestContext, io: IdentityIo, ip: string, purpose: SecretPurpose, subject: string,
  message: (secret: string) => { channel: 'email' | 'sms'; subject: string; text: string }) {
  await io.limit('send', ctx, subject, ip);
  const customer = purpose === 'otp' ? await findByPhone(ctx, subject) : await findByEmail(ctx, subject);
  if (!customer) return;
  const secret = await issueSecret(ctx, purpose, subject);
  await io.queues.notifications.add(purpose, { tenantId: ctx.tenantId, to: subject, kind: purpose, ...message(secret) });
}

/** POST send-otp: a 4-digit code by text message, for a phone with an account. */
export async function sendOtp(ctx: RequestContext, io: IdentityIo, ip: string, telephone: string) {
  const phone = phoneOf(telephone);
  await sendSecret(ctx, io, ip, 'otp', phone, (code) => ({ channel: 'sms', subject: '', text: `${code} is your ${ctx.tenant.name} sign-in code. It expires in 10 minutes.` }));
  return { status: 'success', message: `We sent a 4-digit code to ${formatPhone(phone)}.` };
}

/** Phone + code sign-in (POST login with phone and code, and POST verify-otp). */
export async function loginWithCode(ctx: RequestContext, io: IdentityIo, ip: string, input: { telephone: string; code: string; remember?: boolean }): Promise<LoginResponse> {
  const phone = phoneOf(input.telephone);
  if (!input.code.trim()) throw new AppError('unprocessable', MISSING_CODE, { code: [MISSING_CODE] });
  await io.limit('login', ctx, phone, ip);
  const check = isOtpCode(input.code) ? await consumeSecret(ctx, io.redis, io.prefix, 'otp', phone, input.code) : 'wrong';
  const customer = check === 'ok' ? await findByPhone(ctx, phone) : null;
  if (!customer) {
    const message = CODE_MESSAGES[check === 'ok' ? 'missing' : check];
    throw new AppError('unprocessable', message, { code: [message] });
  }
  return finishSignIn(ctx, io, customer, input.remember ?? true);
}

/** POST check-email-phone-exists: whether to ask for a password / code or to send the person to registration. */
export async function accountExists(ctx: RequestContext, io: IdentityIo, ip: string, input: { email?: string; telephone?: string }) {
  if (input.telephone) {
    const phone = phoneOf(input.telephone);
    await io.limit('lookup', ctx, phone, ip);
    return { status: 'success', exists: await keyHeld(ctx, 'phone', phone), master_login: false };
  }
  if (!input.email || !isValidEmail(input.email)) throw new AppError('unprocessable', INVALID_EMAIL, { email: [INVALID_EMAIL] });
  await io.limit('lookup', ctx, normalizeEmail(input.email), ip);
  return { status: 'success', exists: await keyHeld(ctx, 'email', normalizeEmail(input.email)), master_login: false };
}

function emailForLink(email: string): string {
  if (!isValidEmail(email)) throw new AppError('unprocessable', INVALID_RESET_EMAIL, { email: [INVALID_RESET_EMAIL] });
  return normalizeEmail(email);
}

/** POST send-magic-link: a one-time sign-in link by e-mail (15 minutes, once), to the store's own address. */
export async function sendMagicLink(ctx: RequestContext, io: IdentityIo, ip: string, input: { email: string; origin: string }) {
  const email = emailForLink(input.email);
  await sendSecret(ctx, io, ip, 'magic-link', email, (token) => ({
    channel: 'email', subject: `Your ${ctx.tenant.name} sign-in link`,
    text: `Open this link to sign in to ${ctx.tenant.name}:\n\n${input.origin}/magic-link-redirect?email=${encodeURIComponent(email)}&token=${token}\n\nIt works once, within 15 minutes. If you did not ask for it, ignore this e-mail.`,
  }));
  return { status: 'success', message: `If ${email} has an account, a sign-in link is on its way. It works once, within 15 minutes.` };
}

/** POST use-magic-link: signs in with the link's token. */
export async function useMagicLink(ctx: RequestContext, io: IdentityIo, ip: string, input: { email: string; magicLinkToken: string }): Promise<LoginResponse> {
  const email = emailForLink(input.email);
  await io.limit('login', ctx, email, ip);
  const check = await consumeSecret(ctx, io.redis, io.prefix, 'magic-link', email, input.magicLinkToken);
  const customer = check === 'ok' ? await findByEmail(ctx, email) : null;
  if (!customer) throw new AppError('unprocessable', 'This sign-in link is not valid any more. Please ask for a new one.');
  return finishSignIn(ctx, io, customer, true);
}

/** POST forget-password: a 6-digit reset code by e-mail (30 minutes, once). */
export async function forgetPassword(ctx: RequestContext, io: IdentityIo, ip: string, rawEmail: string) {
  const email = emailForLink(rawEmail);
  await sendSecret(ctx, io, ip, 'reset', email, (code) => ({
    channel: 'email', subject: `Reset your ${ctx.tenant.name} password`,
    text: `Your password reset code is ${code}. It works once, within 30 minutes. If you did not ask for it, ignore this e-mail.`,
  }));
  return { status: 'success', message: `If ${email} has an account, we sent it a code to reset the password.` };
}

/** POST reset-password: a new password with the e-mailed code; every session of the account ends. */
export async function resetPassword(ctx: RequestContext, io: IdentityIo, ip: string, input: { email: string; code: string; password: string; password_confirmation: string }) {
  const email = emailForLink(input.email);
  const problems = passwordProblems(input.password, input.password_confirmation);
  if (problems.password || problems.c_password) {
    throw new AppError('unprocessable', problems.password ?? problems.c_password!, {
      ...(problems.password ? { password: [problems.password] } : {}), ...(problems.c_password ? { password_confirmation: [problems.c_password] } : {}),
    });
  }
  await io.limit('login', ctx, email, ip);
  const check = await consumeSecret(ctx, io.redis, io.prefix, 'reset', email, input.code);
  const customer = check === 'ok' ? await findByEmail(ctx, email) : null;
  if (!customer) throw new AppError('unprocessable', 'This reset code is not valid any more. Please ask for a new one.', { code: ['is not valid'] });
  await savePasswordHash(ctx, customer, await hashPassword(input.password));
  await endSessions(ctx, io, customer.slug);
  await sendSecurityNotice(ctx, io, customer.email, 'password');
  return { status: 'success', message: 'Your password has been reset. Please sign in.' };
}

/** POST login-by-token: the session answer for a valid access token (admin links carry one in the query). */
export async function loginByToken(ctx: RequestContext, token: string): Promise<LoginResponse> {
  const row = (await AccessToken.findOne(scoped(ctx, { _id: accessTokenId(ctx.tenantId, hashToken(token)) })).lean()) as { customerSlug: string; expiresAt: Date; revokedAt?: Date | null } | null;
  const customer = row && !row.revokedAt && row.expiresAt.getTime() > Date.now() ? await customerByKey<CustomerDoc>(ctx, 'slug', row.customerSlug) : null;
  if (!customer) throw new AppError('unauthorized', 'Unauthenticated.');
  return sessionAnswer(ctx, customer, token);
}

/** Revokes the token (query access_token or the bearer header). Signing out twice is not an error. */
export async function logout(ctx: RequestContext, io: SessionCacheStore, accessToken: string | undefined): Promise<void> {
  const tokenHash = accessToken ? hashToken(accessToken) : ctx.caller?.tokenHash;
  if (!tokenHash) return;
  const _id = accessTokenId(ctx.tenantId, tokenHash);
  const row = (await AccessToken.findOne(scoped(ctx, { _id }), { revokedAt: 1 }).lean()) as { revokedAt?: Date | null } | null;
  if (row && !row.revokedAt) {
    await AccessToken.updateOne(scoped(ctx, { _id }), { $set: { revokedAt: new Date() } });
    await sessionsChanged(io, [_id]);
  }
}
