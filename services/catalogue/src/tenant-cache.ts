import type { RequestContext } from '@platform/server-kit';

const tenantCaches = new Map<string, { at: number; value: unknown }>();
/** Small per-tenant lookups (department and brand names) cached for a minute: they change rarely. */
export async function cachedForTenant<T>(ctx: RequestContext, name: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
  const key = `${name}:${ctx.tenantId}`;
  const hit = tenantCaches.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit.value as T;
  const value = await load();
  if (!keep(value)) return value;
  if (tenantCaches.size > 10_000) tenantCaches.clear();
  tenantCaches.set(key, { at: Date.now(), value });
  return value;
}
