import { runScript } from '@platform/queue';
import type { Redis } from 'ioredis';
import { Location, scoped, Tenant } from '@platform/db';
import { stockLeft } from './stock';

/** Redis, and the key prefix the platform's keys start with. */
export interface WatchStore { redis: Redis; queuePrefix: string }
/** One watcher (an ask, a ping) of a store product: its document's `_id` and what it watches. */
export interface Watcher { _id: string; storeProductId: number; productId: number }

// Forgets a store product (and its product) in the lists once it has no watchers left; atomic against a new one.
const TIDY = `
if redis.call('SCARD', KEYS[1]) == 0 then redis.call('SREM', KEYS[2], ARGV[1]) end
if redis.call('SCARD', KEYS[2]) == 0 then redis.call('SREM', KEYS[3], ARGV[2]) end
return 1`;

/**
 * Who waits for out-of-stock store products to come back (back-in-stock asks, in-store pings), kept in Redis per
 * kind so that a stock change never queries the database (docs/DATA-ACCESS.md rules 1-3):
 *   `<kind>:<tenant>:products`        SET of product ids with watchers (what a stock change checks first)
 *   `<kind>:<tenant>:product:<id>`    SET of that product's store product ids with watchers
 *   `<kind>:<tenant>:sp:<id>`         SET of the watchers' `_id`s for one store product
 */
export function stockWatch(kind: string) {
  const base = (r: WatchStore, tenantId: string) => `${r.queuePrefix}:${kind}:${tenantId}`;
  const keys = {
    products: (r: WatchStore, tenantId: string) => `${base(r, tenantId)}:products`,
    product: (r: WatchStore, tenantId: string, productId: number) => `${base(r, tenantId)}:product:${productId}`,
    storeProduct: (r: WatchStore, tenantId: string, storeProductId: number) => `${base(r, tenantId)}:sp:${storeProductId}`,
  };
  return {
    kind,
    keys,
    /** Lists one watcher in the three sets (a new one, and rebuilding). */
    list: (r: WatchStore, tenantId: string, w: Watcher) => r.redis.multi()
      .sadd(keys.storeProduct(r, tenantId, w.storeProductId), w._id)
      .sadd(keys.product(r, tenantId, w.productId), String(w.storeProductId))
      .sadd(keys.products(r, tenantId), String(w.productId))
      .exec(),
    /** Takes one watcher off its store product's set (the product lists are tidied when the store product is next in stock). */
    unlist: (r: WatchStore, tenantId: string, storeProductId: number, id: string) => r.redis.srem(keys.storeProduct(r, tenantId, storeProductId), id),
    /** Which of these products have watchers: one SMISMEMBER, nothing read when nobody watches. */
    async watched(r: WatchStore, tenantId: string, productIds: number[]): Promise<number[]> {
      if (!productIds.length) return [];
      const found = await r.redis.smismember(keys.products(r, tenantId), ...productIds.map(String));
      return productIds.filter((_, i) => found[i] === 1);
    },
    /** Whether a store product has watchers (after a reconcile raised its count). */
    hasWatchers: async (r: WatchStore, tenantId: string, storeProductId: number) => (await r.redis.scard(keys.storeProduct(r, tenantId, storeProductId))) > 0,
    /**
     * For each watched store product of these products whose stock is above 0: hands its watchers' ids to `tell`
     * (which tells each one and forgets it), takes them off the list, then forgets store products and products left
     * with no watcher. Store products still at 0 keep their watchers.
     */
    async whenInStock(r: WatchStore, tenantId: string, productIds: number[], tell: (sp: { storeProductId: number; productId: number }, ids: string[]) => Promise<void>): Promise<void> {
      for (const productId of await this.watched(r, tenantId, productIds)) {
        const storeProductIds = (await r.redis.smembers(keys.product(r, tenantId, productId))).map(Number);
        for (const storeProductId of storeProductIds) {
          const ids = await r.redis.smembers(keys.storeProduct(r, tenantId, storeProductId));
          if (ids.length && await stockOf(r, tenantId, storeProductId) > 0) {
            await tell({ storeProductId, productId }, ids);
            if (ids.length) await r.redis.srem(keys.storeProduct(r, tenantId, storeProductId), ...ids);
          }
          await runScript(r.redis, TIDY, 3, keys.storeProduct(r, tenantId, storeProductId), keys.product(r, tenantId, productId), keys.products(r, tenantId), String(storeProductId), String(productId));
        }
      }
    },
  };
}
export type StockWatch = ReturnType<typeof stockWatch>;

/** A store product's stock now (Redis, loaded from the database when missing). */
export const stockOf = async (r: WatchStore, tenantId: string, storeProductId: number) =>
  (await stockLeft({ redis: r.redis, prefix: r.queuePrefix }, tenantId, [storeProductId])).get(storeProductId) ?? 0;

/** The store's name and its locations' names (a small collection), read once per job run and only if needed. */
export function storeNames(tenantId: string): () => Promise<{ tenant: string; locations: Map<number, string> }> {
  let names: Promise<{ tenant: string; locations: Map<number, string> }> | null = null;
  return () => names ??= Promise.all([
    Tenant.findById(tenantId, { name: 1 }).lean() as Promise<{ name?: string } | null>,
    Location.find(scoped({ tenantId }), { locationId: 1, name: 1 }).lean() as Promise<unknown> as Promise<{ locationId: number; name?: string }[]>,
  ]).then(([tenant, locations]) => ({ tenant: tenant?.name ?? '', locations: new Map(locations.map((l) => [l.locationId, l.name ?? ''])) }));
}
