import { randomBytes } from 'node:crypto';
import { AccessToken, scoped } from '@platform/db';
import {
  effectivePermissions, GIVE_ONLY_OWN_PERMISSIONS, normalizeEmail, passwordProblems, permissionsAfterChange, slugify, subAccountDetailsProblems,
} from '@platform/domain';
import { AppError, type RequestContext } from '@platform/server-kit';
import { EMAIL_TAKEN } from './account';
import { Customer } from './models';
import { hashPassword } from './passwords';
import { sendSecurityNotice, type CustomerDoc, type IdentityIo } from './sessions';

export const SUB_ACCOUNT_NOT_FOUND = 'Sub-account not found.';
export const CANNOT_REMOVE_YOURSELF = 'You cannot remove your own account.';

type FieldErrors = Record<string, string[]>;
export interface SubAccountInput { first_name: string; last_name: string; email: string; permissions: string[] }

const view = (ctx: RequestContext, d: CustomerDoc, lastActive: Date | null = null) => ({
  slug: d.slug, first_name: d.firstName, last_name: d.lastName, email: d.email,
  permissions: effectivePermissions({ isAdmin: d.isAdmin, isSubAccount: true, permissions: d.permissions }, ctx.tenant),
  last_active_at: lastActive ? lastActive.toISOString() : null,
});

/**
 * When each account was last active, so the owner sees staff who never or no longer sign in: the last use of a
 * session (ended ones count, until they are cleaned up), else the last sign-in.
 */
async function lastActive(ctx: RequestContext, accounts: CustomerDoc[]): Promise<Map<string, Date>> {
  const sessions = (await AccessToken.find(scoped(ctx, { customerSlug: { $in: accounts.map((a) => a.slug) } }), { customerSlug: 1, lastUsedAt: 1, createdAt: 1 }).lean()) as
    { customerSlug: string; lastUsedAt?: Date | null; createdAt: Date }[];
  const latest = new Map<string, Date>();
  const keep = (slug: string, at: Date | null | undefined) => { if (at && at.getTime() > (latest.get(slug)?.getTime() ?? 0)) latest.set(slug, at); };
  for (const a of accounts) keep(a.slug, a.lastSignInAt);
  for (const s of sessions) keep(s.customerSlug, s.lastUsedAt ?? s.createdAt);
  return latest;
}

const viewWithActivity = async (ctx: RequestContext, d: CustomerDoc) => view(ctx, d, (await lastActive(ctx, [d])).get(d.slug) ?? null);

/** GET sub-accounts: the store's staff accounts with their effective permissions (all for manage_sub_accounts, else one's own) and last use. */
export async function listSubAccounts(ctx: RequestContext) {
  const caller = ctx.caller!;
  const filter = caller.permissions.includes('manage_sub_accounts') ? { isSubAccount: true } : { isSubAccount: true, slug: caller.slug };
  const docs = (await Customer.find(scoped(ctx, filter)).sort({ firstName: 1 }).lean()) as unknown as CustomerDoc[];
  const active = await lastActive(ctx, docs);
  return docs.map((d) => view(ctx, d, active.get(d.slug) ?? null));
}

async function findSubAccount(ctx: RequestContext, slug: string): Promise<CustomerDoc> {
  const found = (await Customer.findOne(scoped(ctx, { slug, isSubAccount: true })).lean()) as CustomerDoc | null;
  if (!found) throw new AppError('not_found', SUB_ACCOUNT_NOT_FOUND);
  return found;
}

/** Name, e-mail and permissions checked together; the permissions a manager may give (libs/domain). */
async function checkDetails(ctx: RequestContext, input: SubAccountInput, current: CustomerDoc | null, errors: FieldErrors): Promise<string[] | null> {
  for (const [field, message] of Object.entries(subAccountDetailsProblems(input))) errors[field] = [message];
  const email = normalizeEmail(input.email);
  if (!errors.email && email !== current?.email && await Customer.exists(scoped(ctx, { email }))) errors.email = [EMAIL_TAKEN];
  const permissions = permissionsAfterChange(input.permissions, ctx.caller!.permissions, current?.permissions ?? []);
  if (!permissions) errors.permissions = [GIVE_ONLY_OWN_PERMISSIONS];
  return permissions;
}

function refuse(errors: FieldErrors): void {
  const first = Object.values(errors)[0];
  if (first) throw new AppError('unprocessable', first[0], errors);
}

/** Ends every session of an account (its password changed, or it was removed). */
const endSessions = (ctx: RequestContext, slug: string) => AccessToken.updateMany(scoped(ctx, { customerSlug: slug, revokedAt: null }), { $set: { revokedAt: new Date() } });

/** POST sub-accounts/create: a staff admin of this store with the permissions given (the manager's own at most). */
export async function createSubAccount(ctx: RequestContext, input: SubAccountInput & { password: string; c_password: string }) {
  const errors: FieldErrors = {};
  const permissions = await checkDetails(ctx, input, null, errors);
  const passwords = passwordProblems(input.password, input.c_password);
  if (passwords.password) errors.password = [passwords.password];
  if (passwords.c_password) errors.c_password = [passwords.c_password];
  refuse(errors);
  const slug = `${slugify(`${input.first_name} ${input.last_name}`) || 'staff'}-${randomBytes(3).toString('hex')}`;
  try {
    await Customer.create({
      ...scoped(ctx), slug, email: normalizeEmail(input.email), firstName: input.first_name.trim(), lastName: input.last_name.trim(),
      passwordHash: await hashPassword(input.password), isAdmin: true, isSubAccount: true, permissions,
    });
  } catch (error) {
    if ((error as { code?: number }).code === 11000) throw new AppError('unprocessable', EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
  return { status: 'success', message: 'Sub-account created.', data: view(ctx, await findSubAccount(ctx, slug)) };
}

/**
 * POST sub-accounts/update: name, e-mail and permissions. Signed-in sessions of the account take the new
 * permissions at once (each session carries the account's list), so a removed permission stops working now.
 */
export async function updateSubAccount(ctx: RequestContext, io: IdentityIo, input: SubAccountInput & { slug: string }) {
  const current = await findSubAccount(ctx, input.slug);
  const errors: FieldErrors = {};
  const permissions = await checkDetails(ctx, input, current, errors);
  refuse(errors);
  const email = normalizeEmail(input.email);
  await Customer.updateOne(scoped(ctx, { slug: input.slug }), { $set: { firstName: input.first_name.trim(), lastName: input.last_name.trim(), email, permissions } });
  if (email !== current.email) await sendSecurityNotice(ctx, io, current.email, 'email', email);
  await AccessToken.updateMany(scoped(ctx, { customerSlug: input.slug, revokedAt: null }), { $set: { permissions } });
  return { status: 'success', message: 'Sub-account saved.', data: await viewWithActivity(ctx, await findSubAccount(ctx, input.slug)) };
}

/** POST sub-accounts/change-password: the manager sets a new password; the account's sessions end and its holder is told. */
export async function changeSubAccountPassword(ctx: RequestContext, io: IdentityIo, input: { slug: string; password: string; c_password: string }) {
  const account = await findSubAccount(ctx, input.slug);
  const passwords = passwordProblems(input.password, input.c_password);
  refuse(Object.fromEntries(Object.entries(passwords).map(([field, message]) => [field, [message]])));
  await Customer.updateOne(scoped(ctx, { slug: input.slug }), { $set: { passwordHash: await hashPassword(input.password) } });
  await endSessions(ctx, input.slug);
  await sendSecurityNotice(ctx, io, account.email, 'password-by-manager');
  return { status: 'success', message: 'The password has been changed. The account is signed out everywhere.' };
}

/** POST sub-accounts/delete: removes the account and ends its sessions (not one's own). */
export async function deleteSubAccount(ctx: RequestContext, slug: string) {
  if (slug === ctx.caller!.slug) throw new AppError('unprocessable', CANNOT_REMOVE_YOURSELF, { slug: [CANNOT_REMOVE_YOURSELF] });
  await findSubAccount(ctx, slug);
  await Customer.deleteOne(scoped(ctx, { slug, isSubAccount: true }));
  await endSessions(ctx, slug);
  return { status: 'success', message: 'Sub-account removed.' };
}
