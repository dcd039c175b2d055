export { tenantOwned, scoped, TenantScopeError, type TenantContext } from './tenant-scope';
export { keyedId, inBackground, isBackground, queryGuardOn, QueryGuardError, isIdFilter } from './data-access';
export { findByIds } from './find-by-ids';
export { asCreated, insertAsCreated } from './insert-as-created';
export { singleFlight } from './single-flight';
export { gatherWhileBusy } from './gather-while-busy';
export { Tenant, AccessToken, accessTokenId, Location, type TenantDoc, type AccessTokenDoc, type LocationDoc } from './platform-models';
export { connectMongo, disconnectMongo, mongoReady, syncIndexes } from './connection';
export { default as mongoose } from 'mongoose';

import { Location } from './platform-models';
import { scoped, type TenantContext } from './tenant-scope';
const LOCATION_CACHE_MS = 30_000;
const locationIds = new Map<string, { at: number; ids: number[] }>();

/**
 * The store location a request is for: the one asked for if it exists, else the tenant's first.
 * Location lists are cached for 30 s per tenant: every storefront request asks, and locations rarely change.
 */
export async function resolveLocationId(ctx: TenantContext, requested: number | null): Promise<number | null> {
  const ids = await storeLocationIds(ctx);
  if (requested !== null && ids.includes(requested)) return requested;
  return ids[0] ?? null;
}

/** The tenant's location ids in the store's order (cached as above; callers must not change the array). */
export async function storeLocationIds(ctx: TenantContext): Promise<number[]> {
  let hit = locationIds.get(ctx.tenantId);
  if (!hit || Date.now() - hit.at > LOCATION_CACHE_MS) {
    const docs = (await Location.find(scoped(ctx), { locationId: 1 }).sort({ sortOrder: 1, locationId: 1 }).lean()) as unknown as { locationId: number }[];
    hit = { at: Date.now(), ids: docs.map((d) => d.locationId) };
    if (locationIds.size > 10_000) locationIds.clear();
    locationIds.set(ctx.tenantId, hit);
  }
  return hit.ids;
}
