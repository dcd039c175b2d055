import { effectivePermissions, type Permission } from '@platform/domain';
import { TtlCache, type RequestContext } from '@platform/server-kit';
import { adminAccounts } from './keys';

/** locationId: a staff account bound to one location (hears only of that location's orders); null for the others. */
type StoreAdmin = { email: string; telephone: string | null; permissions: Permission[]; locationId: number | null };
const admins = new TtlCache(30_000);

/** Forgets the cached admins of a store after this process changed one (other processes see it within 30 s). */
export const forgetStoreAdmins = (tenantId: string) => admins.delete(tenantId);

/**
 * The store's admin accounts (owner and staff) with their e-mail, mobile number and effective permissions (the owner
 * holds them all). Called on every new order, so kept 30 s per process: read from the tenant's list of admin ids,
 * each by `_id` (keys.ts).
 */
export function storeAdmins(ctx: RequestContext): Promise<StoreAdmin[]> {
  return admins.get(ctx.tenantId, () => readStoreAdmins(ctx));
}

async function readStoreAdmins(ctx: RequestContext): Promise<StoreAdmin[]> {
  const admins = (await adminAccounts<{ email: string; telephone?: string | null; isAdmin?: boolean; isSubAccount?: boolean; permissions?: string[]; locationId?: number | null }>(ctx)).filter((a) => a.isAdmin);
  return admins.map((a) => ({
    email: a.email, telephone: a.telephone ?? null,
    permissions: effectivePermissions({ isAdmin: true, isSubAccount: Boolean(a.isSubAccount), permissions: a.permissions ?? [] }, ctx.tenant),
    locationId: a.isSubAccount ? a.locationId ?? null : null,
  }));
}
