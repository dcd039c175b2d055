import type { Redis } from 'ioredis';
import { scoped } from '@platform/db';
import { normalizeStoreOptions, pickStoreOptions, storeOptionsProblems, STORE_OPTION_KEYS, type StoreOptions } from '@platform/domain';
import { rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { StoreProfile } from './models';
import { forgetStoreProfile, getBusinessDetails } from './service';
import { forgetStartup } from './startup';
import { UNKNOWN_LOCATION } from './store-information';

export const STORE_OPTIONS_SAVED = 'Settings saved.';

/**
 * admin/settings/update: any of the selling options (fulfilment modes and delivery zips, special orders,
 * tax rates). What is sent is checked together with what the store has (turning delivery on needs zips,
 * whichever request sent them), and a refused save changes nothing. Caches are dropped so shoppers' carts
 * and product pages follow at once.
 */
export async function saveStoreOptions(ctx: RequestContext, redis: Redis, prefix: string, changes: Partial<StoreOptions>) {
  const business = await getBusinessDetails(ctx);
  const merged: StoreOptions = { ...pickStoreOptions(business), ...changes };
  const problems = storeOptionsProblems(merged);
  if (changes.tax_rates) {
    const known = new Set(business.about_us.locations.map((l) => l.id));
    changes.tax_rates.forEach((r, index) => { if (!known.has(r.location_id)) problems[`tax_rates.${index}.location_id`] = UNKNOWN_LOCATION; });
  }
  rejectFieldProblems(problems);

  const stored = normalizeStoreOptions(merged);
  const tax = changes.tax_rates ? new Map(stored.tax_rates.map((r) => [r.location_id, r.rate])) : null;
  const set: Record<string, unknown> = {};
  for (const key of STORE_OPTION_KEYS) if (key in changes) set[`business.${key}`] = stored[key];
  // A tax change for some locations keeps the others' rates.
  if (tax) set['business.tax_rates'] = [...business.tax_rates.filter((r) => !tax.has(r.location_id)), ...[...tax].map(([location_id, rate]) => ({ location_id, rate }))];
  await StoreProfile.updateOne(scoped(ctx), { $set: set }, { upsert: true });
  forgetStoreProfile(ctx.tenantId);
  await forgetStartup(redis, prefix, ctx.tenantId);
  return { status: 'success', message: STORE_OPTIONS_SAVED, data: await getBusinessDetails(ctx) };
}
