import { scoped } from '@platform/db';
import { effectivePermissions, type Permission } from '@platform/domain';
import type { RequestContext } from '@platform/server-kit';
import { Customer } from './models';

/** The store's admin accounts (owner and staff) with their e-mail, mobile number and effective permissions (the owner holds them all). */
export async function storeAdmins(ctx: RequestContext): Promise<{ email: string; telephone: string | null; permissions: Permission[] }[]> {
  const admins = (await Customer.find(scoped(ctx, { isAdmin: true }), { email: 1, telephone: 1, isSubAccount: 1, permissions: 1 }).lean()) as unknown as
    { email: string; telephone?: string | null; isSubAccount?: boolean; permissions?: string[] }[];
  return admins.map((a) => ({
    email: a.email, telephone: a.telephone ?? null,
    permissions: effectivePermissions({ isAdmin: true, isSubAccount: Boolean(a.isSubAccount), permissions: a.permissions ?? [] }, ctx.tenant),
  }));
}
