import { resolveLocationId } from '@platform/db';
import { AppError, type RequestContext } from '@platform/server-kit';

/** The location a request is for (its Store-Id, else the store's first location); 404 for a store without locations. */
export async function requireLocation(ctx: RequestContext): Promise<number> {
  const locationId = await resolveLocationId(ctx, ctx.storeId);
  if (locationId === null) throw new AppError('not_found', 'This store has no locations yet');
  return locationId;
}
