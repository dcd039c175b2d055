import { randomBytes } from 'node:crypto';
import { Location, scoped } from '@platform/db';
import {
  effectivePermissions, GIVE_ONLY_OWN_PERMISSIONS, normalizeEmail, passwordProblems, permissionsAfterChange, slugify, subAccountDetailsProblems,
} from '@platform/domain';
import { AppError, type RequestContext } from '@platform/server-kit';
import { EMAIL_TAKEN, moveEmailKey } from './account';
import { forgetStoreAdmins } from './staff';
import { adminAccounts, customerByKey, customerIdByKey, customerKeyDocs, releaseKeys, savePasswordHash, setAdmin } from './keys';
import { Customer } from './models';
import { customerSessions, endSessions, updateSessions } from './session-list';
import { hashPassword } from './passwords';
import { sendSecurityNotice, type CustomerDoc, type IdentityIo } from './sessions';
import { forgetSignIns, signInsOfMany } from './devices';

export const SUB_ACCOUNT_NOT_FOUND = 'Sub-account not found.';
export const CANNOT_REMOVE_YOURSELF = 'You cannot remove your own account.';

type FieldErrors = Record<string, string[]>;
export interface SubAccountInput { first_name: string; last_name: string; email: string; permissions: string[]; location_id?: number | null }
export const NOT_A_LOCATION = 'Please choose one of your store locations.';

const view = (ctx: RequestContext, d: CustomerDoc, lastActive: Date | null = null) => ({
  slug: d.slug, first_name: d.firstName, last_name: d.lastName, email: d.email,
  permissions: effectivePermissions({ isAdmin: d.isAdmin, isSubAccount: true, permissions: d.permissions }, ctx.tenant),
  last_active_at: lastActive ? lastActive.toISOString() : null,
  location_id: d.locationId ?? null,
});

/**
 * When each account was last active, so the owner sees staff who never or no longer sign in: the last use of a
 * session (ended ones count, until they are cleaned up), else the last sign-in.
 */
async function lastActive(ctx: RequestContext, io: IdentityIo, accounts: CustomerDoc[]): Promise<Map<string, Date>> {
  const [sessions, signIns] = await Promise.all([Promise.all(accounts.map((a) => customerSessions(ctx, io, a.slug))).then((s) => s.flat()), signInsOfMany(ctx, accounts)]);
  const latest = new Map<string, Date>();
  const keep = (slug: string, at: Date | null | undefined) => { if (at && at.getTime() > (latest.get(slug)?.getTime() ?? 0)) latest.set(slug, at); };
  for (const a of accounts) keep(a.slug, signIns.get(a._id)?.lastSignInAt);
  for (const s of sessions) keep(s.customerSlug, s.lastUsedAt ?? s.createdAt);
  return latest;
}

const viewWithActivity = async (ctx: RequestContext, io: IdentityIo, d: CustomerDoc) => view(ctx, d, (await lastActive(ctx, io, [d])).get(d.slug) ?? null);

/** GET sub-accounts: the store's staff accounts with their effective permissions (all for manage_sub_accounts, else one's own) and last use. */
export async function listSubAccounts(ctx: RequestContext, io: IdentityIo) {
  const caller = ctx.caller!;
  const all = caller.permissions.includes('manage_sub_accounts');
  // The store's admins (keys.ts keeps their ids), each by _id; staff only, sorted here.
  const docs = (await adminAccounts<CustomerDoc>(ctx)).filter((d) => d.isAdmin && d.isSubAccount && (all || d.slug === caller.slug))
    .sort((a, b) => (a.firstName < b.firstName ? -1 : a.firstName > b.firstName ? 1 : 0));
  const active = await lastActive(ctx, io, docs);
  return docs.map((d) => view(ctx, d, active.get(d.slug) ?? null));
}

async function findSubAccount(ctx: RequestContext, slug: string): Promise<CustomerDoc> {
  const found = await customerByKey<CustomerDoc>(ctx, 'slug', slug);
  if (!found?.isSubAccount) throw new AppError('not_found', SUB_ACCOUNT_NOT_FOUND);
  return found;
}

/** Name, e-mail and permissions checked together; the permissions a manager may give (libs/domain). */
async function checkDetails(ctx: RequestContext, input: SubAccountInput, current: CustomerDoc | null, errors: FieldErrors): Promise<string[] | null> {
  for (const [field, message] of Object.entries(subAccountDetailsProblems(input))) errors[field] = [message];
  const email = normalizeEmail(input.email);
  if (!errors.email && email !== current?.email && await customerIdByKey(ctx, 'email', email)) errors.email = [EMAIL_TAKEN];
  const permissions = permissionsAfterChange(input.permissions, ctx.caller!.permissions, current?.permissions ?? []);
  if (!permissions) errors.permissions = [GIVE_ONLY_OWN_PERMISSIONS];
  // Locations are a small collection of the store's: read directly.
  if (input.location_id && !(await Location.exists(scoped(ctx, { locationId: input.location_id })))) errors.location_id = [NOT_A_LOCATION];
  return permissions;
}

function refuse(errors: FieldErrors): void {
  const first = Object.values(errors)[0];
  if (first) throw new AppError('unprocessable', first[0], errors);
}

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
      passwordHash: await hashPassword(input.password), isAdmin: true, isSubAccount: true, permissions, locationId: input.location_id ?? null,
    });
  } catch (error) {
    if ((error as { code?: number }).code === 11000) throw new AppError('unprocessable', EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
  forgetStoreAdmins(ctx.tenantId);
  return { status: 'success', message: 'Sub-account created.', data: view(ctx, await findSubAccount(ctx, slug)) };
}

/**
 * POST sub-accounts/update: name, e-mail, permissions and the location it works at (left as it is when not sent).
 * Signed-in sessions of the account take the new permissions and location at once (each session carries them),
 * so a removed permission stops working now.
 */
export async function updateSubAccount(ctx: RequestContext, io: IdentityIo, input: SubAccountInput & { slug: string }) {
  const current = await findSubAccount(ctx, input.slug);
  const errors: FieldErrors = {};
  const permissions = await checkDetails(ctx, input, current, errors);
  refuse(errors);
  const email = normalizeEmail(input.email);
  const locationId = input.location_id === undefined ? current.locationId ?? null : input.location_id;
  await moveEmailKey(ctx, current, email);
  await Customer.updateOne(scoped(ctx, { _id: current._id }), { $set: { firstName: input.first_name.trim(), lastName: input.last_name.trim(), email, permissions, locationId } });
  forgetStoreAdmins(ctx.tenantId);
  if (email !== current.email) await sendSecurityNotice(ctx, io, current.email, 'email', email);
  await updateSessions(ctx, io, input.slug, { permissions, locationId });
  return { status: 'success', message: 'Sub-account saved.', data: await viewWithActivity(ctx, io, await findSubAccount(ctx, input.slug)) };
}

/** POST sub-accounts/change-password: the manager sets a new password; the account's sessions end and its holder is told. */
export async function changeSubAccountPassword(ctx: RequestContext, io: IdentityIo, input: { slug: string; password: string; c_password: string }) {
  const account = await findSubAccount(ctx, input.slug);
  const passwords = passwordProblems(input.password, input.c_password);
  refuse(Object.fromEntries(Object.entries(passwords).map(([field, message]) => [field, [message]])));
  await savePasswordHash(ctx, account, await hashPassword(input.password));
  await endSessions(ctx, io, input.slug);
  await sendSecurityNotice(ctx, io, account.email, 'password-by-manager');
  return { status: 'success', message: 'The password has been changed. The account is signed out everywhere.' };
}

/** POST sub-accounts/delete: removes the account and ends its sessions (not one's own). */
export async function deleteSubAccount(ctx: RequestContext, io: IdentityIo, slug: string) {
  if (slug === ctx.caller!.slug) throw new AppError('unprocessable', CANNOT_REMOVE_YOURSELF, { slug: [CANNOT_REMOVE_YOURSELF] });
  const account = await findSubAccount(ctx, slug);
  await Customer.deleteOne(scoped(ctx, { _id: account._id }));
  await setAdmin(ctx, String(account._id), false);
  forgetStoreAdmins(ctx.tenantId);
  await releaseKeys(customerKeyDocs({ ...account, tenantId: ctx.tenantId }));
  await endSessions(ctx, io, slug);
  await forgetSignIns(ctx, io, account);
  return { status: 'success', message: 'Sub-account removed.' };
}
