import { effectivePermissions, type Permission } from '@platform/domain';
import type { RequestContext } from '@platform/server-kit';
import { adminAccounts } from './keys';

/**
 * The store's admin accounts (owner and staff) with their e-mail, mobile number and effective permissions (the owner
 * holds them all). Called on every new order: read from the tenant's list of admin ids, each by `_id` (keys.ts).
 */
export async function storeAdmins(ctx: RequestContext): Promise<{ email: string; telephone: string | null; permissions: Permission[] }[]> {
  const admins = (await adminAccounts<{ email: string; telephone?: string | null; isAdmin?: boolean; isSubAccount?: boolean; permissions?: string[] }>(ctx)).filter((a) => a.isAdmin);
  return admins.map((a) => ({
    email: a.email, telephone: a.telephone ?? null,
    permissions: effectivePermissions({ isAdmin: true, isSubAccount: Boolean(a.isSubAccount), permissions: a.permissions ?? [] }, ctx.tenant),
  }));
}
