export { tenantOwned, scoped, TenantScopeError, type TenantContext } from './tenant-scope';
export { Tenant, AccessToken, Location, type TenantDoc, type AccessTokenDoc, type LocationDoc } from './platform-models';
export { connectMongo, disconnectMongo, mongoReady, syncIndexes } from './connection';
export { default as mongoose } from 'mongoose';

import { Location } from './platform-models';
import { scoped, type TenantContext } from './tenant-scope';
/** The store location a request is for: the one asked for if it exists, else the tenant's first. */
export async function resolveLocationId(ctx: TenantContext, requested: number | null): Promise<number | null> {
  if (requested !== null) {
    const exists = await Location.countDocuments(scoped(ctx, { locationId: requested }));
    if (exists) return requested;
  }
  const first = await Location.findOne(scoped(ctx)).sort({ sortOrder: 1, locationId: 1 }).lean() as { locationId: number } | null;
  return first?.locationId ?? null;
}
