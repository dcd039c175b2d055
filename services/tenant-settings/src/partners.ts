import { partnerBusinessIdsOf } from '@platform/domain';
import type { RequestContext } from '@platform/server-kit';
import { storeProfile } from './service';

/**
 * The partner businesses a store lists (its profile's business.partner_business_ids, cached with the profile): whose
 * stock it may show beside its own where they list it back (libs/domain partnershipShown; docs/PARTNER-INVENTORY.md).
 */
export async function partnerBusinessIds(ctx: RequestContext): Promise<number[]> {
  const business = ((await storeProfile(ctx)) as { business?: { partner_business_ids?: unknown } } | null)?.business;
  return partnerBusinessIdsOf(business?.partner_business_ids, ctx.tenant.businessId);
}
