import { TtlCache, type RequestContext } from '@platform/server-kit';

/** Small per-tenant lookups (department and brand names, locations, search terms) kept a minute: they change rarely. */
const tenantCaches = new TtlCache(60_000);

export function cachedForTenant<T>(ctx: RequestContext, name: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
  return tenantCaches.get(`${name}:${ctx.tenantId}`, load, keep);
}

/** Drops a tenant's copy after a write in this process (others see the change within the minute, or when told: search/changes.ts). */
export function forgetTenantCache(ctx: Pick<RequestContext, 'tenantId'>, name: string): void {
  tenantCaches.delete(`${name}:${ctx.tenantId}`);
}
