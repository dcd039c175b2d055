import type { WatchStore } from '../stock-watch';

/** HASH product id -> pings made of it at any of the store's locations, cancelled ones taken off (service.ts keeps it). */
export const countsKey = (r: WatchStore, tenantId: string) => `${r.queuePrefix}:in-store-ping:${tenantId}:counts`;

/** ping_count of each product (search suggestions): one HMGET, 0 for products never pinged. */
export async function pingCounts(r: WatchStore, tenantId: string, productIds: number[]): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const counts = await r.redis.hmget(countsKey(r, tenantId), ...productIds.map(String));
  return new Map(productIds.map((id, i) => [id, Math.max(0, Number(counts[i] ?? 0))]));
}
