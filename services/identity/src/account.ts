import { createHash, randomBytes } from 'node:crypto';
import { AccessToken, accessTokenId, Location, scoped } from '@platform/db';
import type { CustomFormField } from '@platform/contracts';
import { CONFIRM_PASSWORD_FIRST, deviceLabel, formatPhone, INVALID_EMAIL, INVALID_PHONE, isOtpCode, isValidEmail, MISSING_CODE, normalizeEmail, normalizePhone, PASSWORD_CONFIRMATION_MINUTES, passwordProblems, slugify } from '@platform/domain';
import { closedAccountEmailHash } from '@platform/queue';
import { AppError, sessionsChanged, type RequestContext } from '@platform/server-kit';
import { getStoreSettings } from '@platform/tenant-settings';
import { forgetCardCustomer, type CardVault } from './cards';
import { changeKey, customerByKey, savePasswordHash, customerIdByKey, customerKeyDocs, KeyTakenError, releaseKeys } from './keys';
import { Customer, OneTimeSecret, oneTimeSecretId } from './models';
import { deleteSessions, endSessions, liveSessions, startSessionList } from './session-list';
import { indexCustomer, unindexCustomer } from './customers-admin/customer-index';
import { CODE_MESSAGES, consumeSecret, issueSecret } from './one-time';
import { hashPassword, verifyPassword } from './passwords';
import { phoneOf, sendSecurityNotice, type CustomerDoc, type IdentityIo } from './sessions';
import { forgetSignIns } from './devices';

export const WRONG_PASSWORD = 'The password is not correct.';
export const EMAIL_TAKEN = 'An account with this e-mail already exists.';
export const DUPLICATE_EMAIL = `${EMAIL_TAKEN} Please log into your account.`;
export const PHONE_TAKEN = 'An account with this phone number already exists.';
export const DUPLICATE_PHONE = `${PHONE_TAKEN} Please log into your account.`;

export interface SignupInput {
  first_name: string; last_name: string; telephone: string; email: string; password: string; c_password: string;
  account_number?: string; receive_sms?: boolean; receive_marketing?: boolean; custom_info?: Record<string, unknown>; device_id?: string;
}

type FieldErrors = Record<string, string[]>;

/** The store's custom signup fields: required ones answered, select answers among the options. */
function customFieldErrors(fields: CustomFormField[], info: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = info[field.name];
    const empty = value === undefined || value === null || value === '' || value === false;
    if (field.required && empty) errors[`custom_info.${field.name}`] = [`Please fill in ${field.label}.`];
    else if (!empty && field.type === 'select' && !(field.options ?? []).some((o) => o.value === String(value))) errors[`custom_info.${field.name}`] = [`Please choose one of the options for ${field.label}.`];
  }
  return errors;
}

/**
 * POST signup: a customer account. Every field is checked at once and answered under its name (first_name,
 * last_name, telephone, email, password, c_password, custom_info.*); a duplicate e-mail or phone says to
 * log in. The shopper signs in afterwards (checkout's 'Save my details' does it for them).
 */
export async function signup(ctx: RequestContext, io: IdentityIo, ip: string, input: SignupInput) {
  await io.limit('signup', ctx, '', ip);
  const settings = await getStoreSettings(ctx);
  const errors: FieldErrors = {};
  if (!input.first_name.trim()) errors.first_name = ['Please enter your first name.'];
  if (!input.last_name.trim()) errors.last_name = ['Please enter your last name.'];
  const phone = normalizePhone(input.telephone);
  if (!phone) errors.telephone = [INVALID_PHONE];
  if (!isValidEmail(input.email)) errors.email = [INVALID_EMAIL];
  const passwords = passwordProblems(input.password, input.c_password);
  if (passwords.password) errors.password = [passwords.password];
  if (passwords.c_password) errors.c_password = [passwords.c_password];
  const custom = Object.fromEntries(settings.custom_fields.signup.map((f) => [f.name, input.custom_info?.[f.name] ?? null]).filter(([, v]) => v !== null));
  Object.assign(errors, customFieldErrors(settings.custom_fields.signup, custom));
  const email = normalizeEmail(input.email);
  if (!errors.email && await customerIdByKey(ctx, 'email', email)) errors.email = [DUPLICATE_EMAIL];
  if (phone && await customerIdByKey(ctx, 'phone', phone)) errors.telephone = [DUPLICATE_PHONE];
  const first = Object.values(errors)[0];
  if (first) throw new AppError('unprocessable', first[0], errors);
  const slug = `${slugify(`${input.first_name} ${input.last_name}`) || 'customer'}-${randomBytes(3).toString('hex')}`;
  try {
    const created = await Customer.create({
      ...scoped(ctx), slug, email, telephone: phone, firstName: input.first_name.trim(), lastName: input.last_name.trim(),
      passwordHash: await hashPassword(input.password), accountNumber: (input.account_number ?? '').trim(),
      receiveSms: input.receive_sms ?? true, receiveMarketing: input.receive_marketing ?? null, customInfo: custom, deviceId: input.device_id ?? null,
    });
    // The admin's Customers list has the new shopper at once (customers-admin/customer-index.ts).
    await indexCustomer(io, ctx.tenantId, created.toObject());
  } catch (error) {
    // Two sign-ups with one e-mail (or phone) at once: the key documents are claimed by one (keys.ts).
    if (error instanceof KeyTakenError && error.kind === 'phone') throw new AppError('unprocessable', DUPLICATE_PHONE, { telephone: [DUPLICATE_PHONE] });
    if ((error as { code?: number }).code === 11000) throw new AppError('unprocessable', DUPLICATE_EMAIL, { email: [DUPLICATE_EMAIL] });
    throw error;
  }
  await startSessionList(ctx, io, slug);
  return { status: 'success', message: 'Thank you for registering!' };
}

async function me(ctx: RequestContext): Promise<CustomerDoc> {
  if (!ctx.caller) throw new AppError('unauthorized', 'Unauthenticated.');
  const customer = await customerByKey<CustomerDoc>(ctx, 'slug', ctx.caller.slug);
  if (!customer) throw new AppError('unauthorized', 'Unauthenticated.');
  return customer;
}

const details = (c: CustomerDoc) => ({
  slug: c.slug, first_name: c.firstName, last_name: c.lastName, email: c.email, telephone: c.telephone ?? '',
  receive_marketing: c.receiveMarketing ?? null, receive_sms: c.receiveSms ?? true, account_number: c.accountNumber ?? '', custom_info: c.customInfo ?? {},
  store_id: (c as { preferredStoreId?: number | null }).preferredStoreId ?? null,
});

/** GET get-customer-details: the signed-in customer's own details (never the password hash). */
export async function customerDetails(ctx: RequestContext) {
  return details(await me(ctx));
}

export async function updateName(ctx: RequestContext, input: { first_name: string; last_name: string }) {
  const errors: FieldErrors = {};
  if (!input.first_name.trim()) errors.first_name = ['Please enter your first name.'];
  if (!input.last_name.trim()) errors.last_name = ['Please enter your last name.'];
  if (Object.keys(errors).length) throw new AppError('unprocessable', Object.values(errors)[0][0], errors);
  const customer = await me(ctx);
  await Customer.updateOne(scoped(ctx, { _id: customer._id }), { $set: { firstName: input.first_name.trim(), lastName: input.last_name.trim() } });
  return { status: 'success', message: 'Your name has been updated.', data: details({ ...customer, firstName: input.first_name.trim(), lastName: input.last_name.trim() }) };
}

/**
 * The signed-in account's own password, checked where a change needs it. Tries count against the same
 * limits as signing in (per account and per IP), so a borrowed session cannot guess the password either.
 */
async function checkOwnPassword(ctx: RequestContext, io: IdentityIo, ip: string, customer: CustomerDoc, password: string, field: string, message = WRONG_PASSWORD) {
  await io.limit('login', ctx, customer.email, ip);
  if (!(await verifyPassword(password, customer.passwordHash))) throw new AppError('unprocessable', message, { [field]: [message] });
}

/**
 * POST verify-password: the password again before a change that would lock the owner out if someone else
 * made it (turning two-step sign-in on or off). Marks this session, not the account, for a few minutes.
 */
export async function confirmPassword(ctx: RequestContext, io: IdentityIo, ip: string, password: string) {
  const customer = await me(ctx);
  await checkOwnPassword(ctx, io, ip, customer, password, 'password');
  await AccessToken.updateOne(scoped(ctx, { _id: accessTokenId(ctx.tenantId, ctx.caller!.tokenHash) }), { $set: { passwordConfirmedAt: new Date() } });
  return { status: 'success', message: 'Password confirmed.' };
}

/** 403 unless this session confirmed the password (verify-password) within the last few minutes. */
export async function requireConfirmedPassword(ctx: RequestContext): Promise<void> {
  const token = ctx.caller ? (await AccessToken.findOne(scoped(ctx, { _id: accessTokenId(ctx.tenantId, ctx.caller.tokenHash) })).lean()) as { passwordConfirmedAt?: Date | null; revokedAt?: Date | null } | null : null;
  const since = token?.passwordConfirmedAt && !token.revokedAt ? Date.now() - token.passwordConfirmedAt.getTime() : Infinity;
  if (since > PASSWORD_CONFIRMATION_MINUTES * 60_000) throw new AppError('forbidden', CONFIRM_PASSWORD_FIRST);
}

/** A new e-mail needs the current password: the e-mail is what signs in and receives reset codes. */
/** Moves an account to a new e-mail key (kept when unchanged); an e-mail another account holds is refused. */
export async function moveEmailKey(ctx: RequestContext, customer: { _id: unknown; email: string; passwordHash?: string }, email: string): Promise<void> {
  if (email === customer.email) return;
  try {
    await changeKey(ctx, String(customer._id), 'email', customer.email, email, customer.passwordHash);
  } catch (error) {
    if (error instanceof KeyTakenError) throw new AppError('unprocessable', EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
}

export async function updateEmail(ctx: RequestContext, io: IdentityIo, ip: string, input: { email: string; password: string }) {
  if (!isValidEmail(input.email)) throw new AppError('unprocessable', INVALID_EMAIL, { email: [INVALID_EMAIL] });
  const customer = await me(ctx);
  await checkOwnPassword(ctx, io, ip, customer, input.password, 'password');
  const email = normalizeEmail(input.email);
  await moveEmailKey(ctx, customer, email);
  await Customer.updateOne(scoped(ctx, { _id: customer._id }), { $set: { email } });
  if (email !== customer.email) await sendSecurityNotice(ctx, io, customer.email, 'email', email);
  return { status: 'success', message: 'Your e-mail has been updated.', data: details({ ...customer, email }) };
}

/** A new password needs the current one; the other sessions of the account end, this one stays. */
export async function updatePassword(ctx: RequestContext, io: IdentityIo, ip: string, input: { current_password: string; password: string; password_confirmation: string }) {
  const customer = await me(ctx);
  await checkOwnPassword(ctx, io, ip, customer, input.current_password, 'current_password', 'The current password is not correct.');
  const problems = passwordProblems(input.password, input.password_confirmation);
  if (problems.password || problems.c_password) {
    throw new AppError('unprocessable', problems.password ?? problems.c_password!, {
      ...(problems.password ? { password: [problems.password] } : {}), ...(problems.c_password ? { password_confirmation: [problems.c_password] } : {}),
    });
  }
  await savePasswordHash(ctx, customer, await hashPassword(input.password));
  await endSessions(ctx, io, customer.slug, ctx.caller!.tokenHash);
  await sendSecurityNotice(ctx, io, customer.email, 'password');
  return { status: 'success', message: 'Your password has been updated.' };
}

/** POST customer/logout-others: every other session of the account ends (a phone lost, a shared computer); this one stays. */
export async function logoutOthers(ctx: RequestContext, io: IdentityIo) {
  const customer = await me(ctx);
  const count = await endSessions(ctx, io, customer.slug, ctx.caller!.tokenHash);
  return { status: 'success', message: count ? `Signed out on ${count} other ${count === 1 ? 'device' : 'devices'}.` : 'You were not signed in anywhere else.' };
}

/** A session's id for the client: derived from its record's _id (which holds the token's hash), never the token or its hash. */
const publicSessionId = (id: string) => createHash('sha256').update(`session:${id}`).digest('base64url').slice(0, 24);

/**
 * GET customer/sessions: where the account is signed in (sessions not ended or expired): this one first, then
 * by last use. Each is named by its browser. Read from the account's list of sessions (Redis), each by `_id`.
 */
export async function listSessions(ctx: RequestContext, io: IdentityIo) {
  const customer = await me(ctx);
  const used = (d: { createdAt: Date; lastUsedAt?: Date | null }) => (d.lastUsedAt ?? d.createdAt).getTime();
  const docs = (await liveSessions(ctx, io, customer.slug)).sort((a, b) => used(b) - used(a) || b.createdAt.getTime() - a.createdAt.getTime());
  const sessions = docs.map((d) => ({
    id: publicSessionId(d._id), device: deviceLabel(d.userAgent), signed_in_at: d.createdAt.toISOString(),
    last_used_at: (d.lastUsedAt ?? d.createdAt).toISOString(), current: d.tokenHash === ctx.caller!.tokenHash,
  }));
  return { data: [...sessions.filter((x) => x.current), ...sessions.filter((x) => !x.current)] };
}

export const SESSION_NOT_FOUND = 'This session was not found. It may have ended already.';

/** POST customer/sessions/end {id}: signs the account out on one other device. This one ends with Log out. */
export async function endSession(ctx: RequestContext, io: IdentityIo, id: string) {
  const customer = await me(ctx);
  const session = (await liveSessions(ctx, io, customer.slug)).find((d) => publicSessionId(d._id) === id);
  if (!session) throw new AppError('not_found', SESSION_NOT_FOUND);
  if (session.tokenHash === ctx.caller!.tokenHash) throw new AppError('unprocessable', 'This is the device you are using: use Log out to sign out here.');
  await AccessToken.updateOne(scoped(ctx, { _id: session._id }), { $set: { revokedAt: new Date() } });
  await sessionsChanged(io, [session._id]);
  return { status: 'success', message: `Signed out on ${deviceLabel(session.userAgent)}.` };
}

/** A new mobile number for the signed-in account: a valid one, not this account's already, not another's. */
async function newPhoneOf(ctx: RequestContext, customer: CustomerDoc, telephone: string): Promise<string> {
  const phone = phoneOf(telephone);
  if (phone === customer.telephone) throw new AppError('unprocessable', 'This is already your mobile number.', { telephone: ['This is already your mobile number.'] });
  const holder = await customerIdByKey(ctx, 'phone', phone);
  if (holder && holder !== String(customer._id)) throw new AppError('unprocessable', PHONE_TAKEN, { telephone: [PHONE_TAKEN] });
  return phone;
}

/**
 * POST customer/phone/send-code: texts a 4-digit code to the new number. The number signs in by code and gets
 * the order texts, so it changes only once its holder proves they have it (customer/phone).
 */
export async function sendPhoneChangeCode(ctx: RequestContext, io: IdentityIo, ip: string, telephone: string) {
  const customer = await me(ctx);
  const phone = await newPhoneOf(ctx, customer, telephone);
  await io.limit('send', ctx, phone, ip);
  const code = await issueSecret(ctx, 'phone-change', `${customer.slug}:${phone}`);
  await io.queues.notifications.add('phone-change', {
    tenantId: ctx.tenantId, channel: 'sms', to: phone, subject: '', kind: 'phone-change',
    text: `${code} is your ${ctx.tenant.name} code to confirm this mobile number. It expires in 10 minutes.`,
  });
  return { status: 'success', message: `We sent a 4-digit code to ${formatPhone(phone)}.` };
}

/** POST customer/phone: the new number with the code texted to it; the old one stops signing in. */
export async function updatePhone(ctx: RequestContext, io: IdentityIo, ip: string, input: { telephone: string; code: string }) {
  const customer = await me(ctx);
  const phone = await newPhoneOf(ctx, customer, input.telephone);
  if (!input.code.trim()) throw new AppError('unprocessable', MISSING_CODE, { code: [MISSING_CODE] });
  await io.limit('login', ctx, phone, ip);
  const check = isOtpCode(input.code) ? await consumeSecret(ctx, io.redis, io.prefix, 'phone-change', `${customer.slug}:${phone}`, input.code) : 'wrong';
  if (check !== 'ok') throw new AppError('unprocessable', CODE_MESSAGES[check], { code: [CODE_MESSAGES[check]] });
  try {
    await changeKey(ctx, String(customer._id), 'phone', customer.telephone, phone);
  } catch (error) {
    if (error instanceof KeyTakenError) throw new AppError('unprocessable', PHONE_TAKEN, { telephone: [PHONE_TAKEN] });
    throw error;
  }
  await Customer.updateOne(scoped(ctx, { _id: customer._id }), { $set: { telephone: phone } });
  await sendSecurityNotice(ctx, io, customer.email, 'phone', formatPhone(phone));
  return { status: 'success', message: 'Your mobile number has been updated.', data: details({ ...customer, telephone: phone }) };
}

export const STORE_ACCOUNT_NOT_DELETED = 'A store account is not deleted from here: the store owner removes staff accounts under Sub-accounts.';

/**
 * POST customer/delete: a shopper deletes their own account (the footer's California Privacy Notice promises
 * it), with the password again. Identity forgets the account now (forgetAccount); other services forget the rest
 * from the accounts-closed queue.
 */
export async function deleteAccount(ctx: RequestContext, io: IdentityIo, vault: CardVault, ip: string, password: string) {
  const customer = await me(ctx);
  if (customer.isAdmin) throw new AppError('forbidden', STORE_ACCOUNT_NOT_DELETED);
  await checkOwnPassword(ctx, io, ip, customer, password, 'password');
  await forgetAccount(ctx, io, vault, customer);
  await sendSecurityNotice(ctx, io, customer.email, 'deleted');
  return { status: 'success', message: 'Your account has been deleted.' };
}

/**
 * Everything identity keeps of a shopper goes, so they can no longer sign in: saved cards (removed at the card
 * provider through the vault first: a provider that fails stops it before anything else changed), the provider
 * customer's reference, live codes and links, sessions, the account, its place in the customer lists and its keys.
 * The accounts-closed job then has the other services forget theirs (saved carts, the open cart, back-in-stock
 * asks, unsubscribe links); it carries the e-mail only as a hash.
 */
export async function forgetAccount(ctx: RequestContext, io: Pick<IdentityIo, 'redis' | 'prefix' | 'queues'>, vault: CardVault, customer: CustomerDoc): Promise<void> {
  for (const card of await vault.list(ctx, customer.slug)) await vault.remove(ctx, customer.slug, card.source);
  await forgetCardCustomer(ctx, customer.slug);
  // Its live codes and links, each by _id (a phone-change code names a number not yet its own: it expires and the clean-up takes it).
  const secretIds = [['reset', customer.email], ['magic-link', customer.email], ['otp', customer.telephone]].filter(([, subject]) => subject)
    .map(([purpose, subject]) => oneTimeSecretId(ctx.tenantId, purpose!, subject!));
  await Promise.all(secretIds.map((_id) => OneTimeSecret.deleteOne(scoped(ctx, { _id }))));
  await deleteSessions(ctx, io, customer.slug);
  await forgetSignIns(ctx, io, customer);
  await Customer.deleteOne(scoped(ctx, { _id: customer._id }));
  await unindexCustomer(io, ctx.tenantId, customer.slug);
  await releaseKeys(customerKeyDocs({ ...customer, tenantId: ctx.tenantId }));
  await io.queues.accountsClosed.add('closed', {
    tenantId: ctx.tenantId, customerSlug: customer.slug, customerId: String(customer._id), emailHash: closedAccountEmailHash(customer.email),
  });
}

/** The order texts switch: receive_sms 1 or 0. */
export async function setSms(ctx: RequestContext, receive: 0 | 1) {
  const customer = await me(ctx);
  await Customer.updateOne(scoped(ctx, { _id: customer._id }), { $set: { receiveSms: receive === 1 } });
  return { status: 'success', message: receive ? 'We will text you about your orders.' : 'We will no longer text you about your orders.', data: details({ ...customer, receiveSms: receive === 1 }) };
}

/** The marketing switch: receive_marketing 1 or 0. */
export async function setMarketing(ctx: RequestContext, receive: 0 | 1) {
  const customer = await me(ctx);
  await Customer.updateOne(scoped(ctx, { _id: customer._id }), { $set: { receiveMarketing: receive === 1 } });
  return { status: 'success', message: receive ? 'You will receive marketing e-mails.' : 'You will no longer receive marketing e-mails.', data: details({ ...customer, receiveMarketing: receive === 1 }) };
}

/** POST save-customer-stores: the store the signed-in customer chose is kept on the account too (spec 2 §4). */
export async function saveCustomerStore(ctx: RequestContext, storeId: number) {
  const customer = await me(ctx);
  const known = await Location.exists(scoped(ctx, { locationId: storeId }));
  if (!known) throw new AppError('unprocessable', 'This store was not found.', { store: ['is not a store of this business'] });
  await Customer.updateOne(scoped(ctx, { _id: customer._id }), { $set: { preferredStoreId: storeId } });
  return { status: 'success', message: 'Your store has been saved.' };
}

