import { scoped } from '@platform/db';
import { effectivePermissions, type Permission } from '@platform/domain';
import type { RequestContext } from '@platform/server-kit';
import { Customer } from './models';

/** The e-mail addresses of the store's admin accounts that hold a permission (the owner holds them all). */
export async function staffEmailsWith(ctx: RequestContext, permission: Permission): Promise<string[]> {
  const admins = (await Customer.find(scoped(ctx, { isAdmin: true }), { email: 1, isSubAccount: 1, permissions: 1 }).lean()) as unknown as
    { email: string; isSubAccount?: boolean; permissions?: string[] }[];
  return admins
    .filter((a) => effectivePermissions({ isAdmin: true, isSubAccount: Boolean(a.isSubAccount), permissions: a.permissions ?? [] }, ctx.tenant).includes(permission))
    .map((a) => a.email);
}
