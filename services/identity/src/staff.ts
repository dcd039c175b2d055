import { scoped } from '@platform/db';
import { effectivePermissions, type Permission } from '@platform/domain';
import type { RequestContext } from '@platform/server-kit';
import { Customer } from './models';

/** The store's admin accounts that hold a permission (the owner holds them all): their e-mail and mobile number. */
export async function staffWith(ctx: RequestContext, permission: Permission): Promise<{ email: string; telephone: string | null }[]> {
  const admins = (await Customer.find(scoped(ctx, { isAdmin: true }), { email: 1, telephone: 1, isSubAccount: 1, permissions: 1 }).lean()) as unknown as
    { email: string; telephone?: string | null; isSubAccount?: boolean; permissions?: string[] }[];
  return admins
    .filter((a) => effectivePermissions({ isAdmin: true, isSubAccount: Boolean(a.isSubAccount), permissions: a.permissions ?? [] }, ctx.tenant).includes(permission))
    .map((a) => ({ email: a.email, telephone: a.telephone ?? null }));
}
