import { Location, resolveLocationId, scoped, storeLocationIds } from '@platform/db';
import { AppError, type RequestContext } from '@platform/server-kit';
import { cachedForTenant } from './tenant-cache';

/** The location a request is for (its Store-Id, else the store's first location); 404 for a store without locations. */
export async function requireLocation(ctx: RequestContext): Promise<number> {
  const locationId = await resolveLocationId(ctx, ctx.storeId);
  if (locationId === null) throw new AppError('not_found', 'This store has no locations yet');
  return locationId;
}

/**
 * The store's locations by name in the store's order (the small locations collection: names kept a minute per
 * tenant and process, the ids from libs/db's cached list), for the owner's screens that choose among them.
 */
export async function storeLocationChoices(ctx: RequestContext): Promise<{ id: number; name: string }[]> {
  const [ids, names] = await Promise.all([
    storeLocationIds(ctx),
    cachedForTenant(ctx, 'location-names', async () => new Map(
      ((await Location.find(scoped(ctx), { locationId: 1, name: 1 }).lean()) as unknown as { locationId: number; name: string }[]).map((l) => [l.locationId, l.name]),
    )),
  ]);
  return ids.map((id) => ({ id, name: names.get(id) ?? `Store ${id}` }));
}
