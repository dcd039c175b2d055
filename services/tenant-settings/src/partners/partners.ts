import { scoped, Tenant } from '@platform/db';
import { partnerBusinessIdsOf, partnershipShown, PARTNERS_SAVED } from '@platform/domain';
import { backgroundContext, resolvedTenant, TtlCache, type RequestContext, type ResolvedTenant } from '@platform/server-kit';
import { StoreProfile } from '../models';
import { forgetStoreProfile, storeProfile } from '../service';

/**
 * The partner businesses a store lists (its profile's business.partner_business_ids, cached with the profile): whose
 * stock it may show beside its own where they list it back (libs/domain partnershipShown; docs/PARTNER-INVENTORY.md).
 */
export async function partnerBusinessIds(ctx: RequestContext): Promise<number[]> {
  const business = ((await storeProfile(ctx)) as { business?: { partner_business_ids?: unknown } } | null)?.business;
  return partnerBusinessIdsOf(business?.partner_business_ids, ctx.tenant.businessId);
}

/** Tenants by business id: the small platform collection, kept a minute per process. */
const tenantsByBusiness = new TtlCache(60_000);
function tenantOfBusiness(businessId: number): Promise<ResolvedTenant | null> {
  return tenantsByBusiness.get(`business:${businessId}`, async () => {
    const doc = await Tenant.findOne({ businessId, active: true }).lean();
    return doc ? resolvedTenant(doc as Parameters<typeof resolvedTenant>[0]) : null;
  });
}

/**
 * Each business the store lists, in its order, with the partner's context where the partnership shows (the business is
 * on the platform, active, and lists this store back), else null.
 */
export async function listedPartners(ctx: RequestContext): Promise<{ businessId: number; shown: RequestContext | null }[]> {
  const own = { businessId: ctx.tenant.businessId, partners: await partnerBusinessIds(ctx) };
  return Promise.all(own.partners.map(async (businessId) => {
    const tenant = await tenantOfBusiness(businessId);
    if (!tenant || tenant.id === ctx.tenantId) return { businessId, shown: null };
    const partnerCtx = backgroundContext(tenant);
    return { businessId, shown: partnershipShown(own, { businessId, partners: await partnerBusinessIds(partnerCtx) }) ? partnerCtx : null };
  }));
}

/** The store's partners as its owner sees them: a partner's name only once it lists this store back (else nothing of it is shown). */
export async function partnerSettings(ctx: RequestContext) {
  const listed = await listedPartners(ctx);
  return {
    business_id: ctx.tenant.businessId,
    partners: listed.map((p) => ({ business_id: p.businessId, shown: p.shown !== null, name: p.shown ? p.shown.tenant.name : null })),
  };
}

/** Sets the store's partner list (its own business left out, each once, at most MAX_PARTNER_BUSINESSES). */
export async function savePartners(ctx: RequestContext, businessIds: number[]) {
  const ids = partnerBusinessIdsOf(businessIds, ctx.tenant.businessId);
  await StoreProfile.updateOne(scoped(ctx), { $set: { 'business.partner_business_ids': ids } }, { upsert: true });
  forgetStoreProfile(ctx.tenantId); // other processes within the profile cache's 10 s
  return { status: 'success', message: PARTNERS_SAVED, data: await partnerSettings(ctx) };
}
