import type { Redis } from 'ioredis';
import { Location, scoped } from '@platform/db';
import { normalizeStoreInformation, storeInformationProblems, type StoreInformation } from '@platform/domain';
import { rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { StoreProfile } from './models';
import { forgetStoreProfile, getBusinessDetails, listLocations } from './service';
import { forgetStartup } from './startup';

export const UNKNOWN_LOCATION = 'This store location does not exist.';
export const STORE_INFORMATION_SAVED = 'Store information saved.';

/**
 * The admin 'About us' save: the contact e-mail and each listed location's phone and opening hours. Every
 * field is checked first (the spec's rules in libs/domain; a location of another store is unknown here),
 * so a refused save changes nothing. The storefront's caches are dropped so shoppers see it at once.
 */
export async function saveStoreInformation(ctx: RequestContext, redis: Redis, prefix: string, input: StoreInformation) {
  const known = new Set((await listLocations(ctx)).map((l) => l.id));
  const problems = storeInformationProblems(input);
  input.locations.forEach((l, index) => { if (!known.has(l.id)) problems[`locations.${index}.id`] = UNKNOWN_LOCATION; });
  rejectFieldProblems(problems);

  const info = normalizeStoreInformation(input);
  await StoreProfile.updateOne(scoped(ctx), { $set: { 'business.contact_email': info.contact_email } }, { upsert: true });
  if (info.locations.length) {
    await Location.bulkWrite(info.locations.map((l) => ({ updateOne: { filter: scoped(ctx, { locationId: l.id }), update: { $set: { phone: l.phone, hours: l.hours } } } })));
  }
  forgetStoreProfile(ctx.tenantId);
  await forgetStartup(redis, prefix, ctx.tenantId);
  return { status: 'success', message: STORE_INFORMATION_SAVED, data: await getBusinessDetails(ctx) };
}
