import { Type } from 'typebox';
import { scoped } from '@platform/db';
import { BrandAdmin } from '@platform/contracts';
import {
  ALIAS_ADDED, ALIAS_REMOVED, ALL_BRANDS_HIDDEN, ALL_BRANDS_SHOWN, BRAND_HIDDEN, BRAND_LOGO_UPDATED, BRAND_NOT_FOUND, BRAND_SHOWN,
  brandAliasInput, brandLogoProblem, brandSlug,
} from '@platform/domain';
import { AppError, errorAnswers, rejectFieldProblems, requirePermission, type PlatformResources, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { Brand } from './models';
import { announceBrandsChange } from './search/changes';
import { forgetTenantCache } from './tenant-cache';

type Resources = Pick<PlatformResources, 'redis' | 'queuePrefix'>;
interface StoredBrand { _id: unknown; brandId: number; name: string; image?: string | null; alias?: string | null; altTextLogo?: string | null; hidden?: boolean }

const toAdmin = (b: StoredBrand): BrandAdmin => ({
  id: String(b._id), brand_id: b.brandId, brand_name: b.name, slug: brandSlug(b.name, b.brandId),
  alias: b.alias ?? null, altTextLogo: b.altTextLogo ?? null, image: b.image ?? null, hidden: Boolean(b.hidden),
});
const byName = (a: BrandAdmin, b: BrandAdmin) => a.brand_name.localeCompare(b.brand_name, 'en', { sensitivity: 'base' }) || a.brand_id - b.brand_id;

// Brands are a small, bounded collection (tens to hundreds a store): the owner's screen reads them directly (docs/DATA-ACCESS.md rule 6).
async function storeBrands(ctx: RequestContext): Promise<BrandAdmin[]> {
  const docs = (await Brand.find(scoped(ctx), { brandId: 1, name: 1, image: 1, alias: 1, altTextLogo: 1, hidden: 1 }).lean()) as unknown as StoredBrand[];
  return docs.map(toAdmin).sort(byName);
}
async function oneBrand(ctx: RequestContext, brandId: number): Promise<BrandAdmin> {
  const doc = (await Brand.findOne(scoped(ctx, { brandId })).lean()) as unknown as StoredBrand | null;
  if (!doc) throw new AppError('not_found', BRAND_NOT_FOUND);
  return toAdmin(doc);
}

/**
 * Writes one brand of the store and answers it as now stored. Shoppers' brand lists, brand pages and suggestions
 * read the store's visible brands from a per-process copy (brands.ts): this process drops it at once, and every
 * API process on the change announced (with the search aliases reloaded when an alias changed).
 */
async function changeBrand(ctx: RequestContext, resources: Resources, brandId: number, set: Record<string, unknown>, aliasChanged = false): Promise<BrandAdmin> {
  const brand = await oneBrand(ctx, brandId);
  await Brand.updateOne(scoped(ctx, { brandId }), { $set: set });
  await brandsChanged(ctx, resources, aliasChanged);
  return { ...brand, ...answerFields(set) };
}
const answerFields = (set: Record<string, unknown>): Partial<BrandAdmin> => ({
  ...('hidden' in set ? { hidden: set.hidden as boolean } : {}),
  ...('alias' in set ? { alias: set.alias as string | null } : {}),
  ...('altTextLogo' in set ? { altTextLogo: set.altTextLogo as string | null } : {}),
  ...('image' in set ? { image: set.image as string | null } : {}),
});
async function brandsChanged(ctx: RequestContext, resources: Resources, aliasChanged: boolean) {
  forgetTenantCache(ctx, 'brands');
  await announceBrandsChange(resources, ctx.tenantId, aliasChanged);
}

/** set-brand-hidden: a hidden brand leaves the storefront's Brands list, its brand page and suggestions; its products stay on sale. */
export async function setBrandHidden(ctx: RequestContext, resources: Resources, input: { brand_id: number; hidden: boolean }) {
  const data = await changeBrand(ctx, resources, input.brand_id, { hidden: input.hidden });
  return { status: 'success', message: input.hidden ? BRAND_HIDDEN : BRAND_SHOWN, data };
}

/** set-all-brands-hidden: every brand of the store hidden, or shown, at once. */
export async function setAllBrandsHidden(ctx: RequestContext, resources: Resources, input: { hidden: boolean }) {
  await Brand.updateMany(scoped(ctx), { $set: { hidden: input.hidden } });
  await brandsChanged(ctx, resources, false);
  return { status: 'success', message: input.hidden ? ALL_BRANDS_HIDDEN : ALL_BRANDS_SHOWN, data: await storeBrands(ctx) };
}

/**
 * add-brand-alias (spec 3 brand alias modal): the brand's other name and its logo's alt text, as the modal shows
 * them (an empty alias removes the alias). Shoppers' search finds the brand's products by the alias at once.
 */
export async function addBrandAlias(ctx: RequestContext, resources: Resources, input: { brand_id: number; alias: string; altTextLogo?: string }) {
  const checked = brandAliasInput(input.alias, input.altTextLogo ?? '');
  if ('problems' in checked) rejectFieldProblems(checked.problems);
  const { alias, altTextLogo } = checked as { alias: string | null; altTextLogo: string | null };
  const data = await changeBrand(ctx, resources, input.brand_id, { alias, altTextLogo }, true);
  return { status: 'ok', message: ALIAS_ADDED, data };
}

/** remove-brand-alias: the brand has no other name any more (its alt text stays); removing none changes nothing. */
export async function removeBrandAlias(ctx: RequestContext, resources: Resources, input: { brand_id: number }) {
  const data = await changeBrand(ctx, resources, input.brand_id, { alias: null }, true);
  return { status: 'ok', message: ALIAS_REMOVED, data };
}

/** update-brand-img (spec 3 brand logo modal): the logo by the address of its image. */
export async function updateBrandImage(ctx: RequestContext, resources: Resources, input: { brand_id: number; image: string }) {
  const problem = brandLogoProblem(input.image);
  if (problem) rejectFieldProblems({ image: problem });
  const data = await changeBrand(ctx, resources, input.brand_id, { image: input.image.trim() });
  return { status: 'success', message: BRAND_LOGO_UPDATED, data };
}

const tags = ['catalogue'];
const bearer = [{ bearer: [] }];
const BrandId = Type.Integer({ minimum: 1 });
const Changed = Type.Object({ status: Type.String(), message: Type.String(), data: BrandAdmin });

/** The owner's Brands settings (spec 3 §7 Brands, admin/brands/*): edit_brands_settings. */
export const brandSettingsRoutes: ServicePlugin = async (app) => {
  const canEdit = requirePermission('edit_brands_settings');
  app.post('/admin/brands/get-business-brands', {
    preHandler: canEdit,
    schema: {
      tags, summary: "Admin: every brand of the store (hidden ones too) by name, with alias, logo and whether shoppers see it", security: bearer,
      response: { 200: Type.Object({ data: Type.Array(BrandAdmin), total: Type.Integer() }) },
    },
  }, async (request) => {
    const data = await storeBrands(request.ctx);
    return { data, total: data.length };
  });

  app.post('/admin/brands/set-brand-hidden', {
    preHandler: canEdit,
    schema: {
      tags, summary: "Admin: hide a brand from the storefront's Brands list, brand page and suggestions, or show it again", security: bearer,
      body: Type.Object({ brand_id: BrandId, hidden: Type.Boolean() }, { additionalProperties: false }),
      response: { 200: Changed, ...errorAnswers(404) },
    },
  }, async (request) => setBrandHidden(request.ctx, app.resources, request.body));

  app.post('/admin/brands/set-all-brands-hidden', {
    preHandler: canEdit,
    schema: {
      tags, summary: 'Admin: hide every brand of the store, or show every one; the brands after it', security: bearer,
      body: Type.Object({ hidden: Type.Boolean() }, { additionalProperties: false }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: Type.Array(BrandAdmin) }) },
    },
  }, async (request) => setAllBrandsHidden(request.ctx, app.resources, request.body));

  app.post('/admin/brands/add-brand-alias', {
    preHandler: canEdit,
    schema: {
      tags, summary: "Admin: a brand's alias (2+ characters; may be empty when alt text is given) and its logo's alt text; status 'ok'", security: bearer,
      body: Type.Object({ brand_id: BrandId, alias: Type.String({ maxLength: 200 }), altTextLogo: Type.Optional(Type.String({ maxLength: 400 })) }, { additionalProperties: false }),
      response: { 200: Changed, ...errorAnswers(404, 422) },
    },
  }, async (request) => addBrandAlias(request.ctx, app.resources, request.body));

  app.post('/admin/brands/remove-brand-alias', {
    preHandler: canEdit,
    schema: {
      tags, summary: "Admin: take a brand's alias off (its alt text stays); status 'ok'", security: bearer,
      body: Type.Object({ brand_id: BrandId }, { additionalProperties: false }),
      response: { 200: Changed, ...errorAnswers(404) },
    },
  }, async (request) => removeBrandAlias(request.ctx, app.resources, request.body));

  app.post('/admin/brands/update-brand-img', {
    preHandler: canEdit,
    schema: {
      tags, summary: "Admin: a brand's logo, by its image's web address (https://…) or store path; 'Brand logo updated'", security: bearer,
      body: Type.Object({ brand_id: BrandId, image: Type.String({ maxLength: 2000 }) }, { additionalProperties: false }),
      response: { 200: Changed, ...errorAnswers(404, 422) },
    },
  }, async (request) => updateBrandImage(request.ctx, app.resources, request.body));
};
