import { Type } from 'typebox';
import { scoped } from '@platform/db';
import { BrandAdmin } from '@platform/contracts';
import {
  ALIAS_ADDED, ALIAS_REMOVED, ALL_BRANDS_HIDDEN, ALL_BRANDS_SHOWN, BRAND_ALT_TEXT_MAX_LENGTH, BRAND_ALT_TEXT_TOO_LONG, BRAND_HIDDEN, BRAND_LOGO_UPDATED,
  BRAND_NOT_FOUND, BRAND_PRODUCTS_HIDDEN, BRAND_PRODUCTS_SHOWN, BRAND_SHOWN, BRAND_UPDATE_EMPTY, BRAND_UPDATED, BRANDS_UPDATE_EMPTY, BRANDS_UPDATE_MAX,
  BRANDS_UPDATED, brandAliasInput, brandLogoProblem, brandNameInput, brandSlug,
} from '@platform/domain';
import { AppError, errorAnswers, rejectFieldProblems, requirePermission, type PlatformResources, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { Brand } from './models';
import { announceBrandsChange } from './search/changes';
import type { SearchIndexRegistry } from './search/registry';
import { forgetTenantCache } from './tenant-cache';

type Resources = Pick<PlatformResources, 'redis' | 'queuePrefix'>;
interface StoredBrand {
  _id: unknown; brandId: number; name: string; originalName?: string | null; image?: string | null; alias?: string | null; altTextLogo?: string | null;
  hidden?: boolean; hideProducts?: boolean;
}

const toAdmin = (b: StoredBrand): BrandAdmin => ({
  id: String(b._id), brand_id: b.brandId, brand_name: b.name, slug: brandSlug(b.name, b.brandId),
  alias: b.alias ?? null, altTextLogo: b.altTextLogo ?? null, image: b.image ?? null, hidden: Boolean(b.hidden),
  original_brand: b.originalName ?? b.name, hide_products: Boolean(b.hideProducts),
});
const ADMIN_FIELDS = { brandId: 1, name: 1, originalName: 1, image: 1, alias: 1, altTextLogo: 1, hidden: 1, hideProducts: 1 };
const byName = (a: BrandAdmin, b: BrandAdmin) => a.brand_name.localeCompare(b.brand_name, 'en', { sensitivity: 'base' }) || a.brand_id - b.brand_id;

// Brands are a small, bounded collection (tens to hundreds a store): the owner's screen reads them directly (docs/DATA-ACCESS.md rule 6).
async function storeBrands(ctx: RequestContext): Promise<BrandAdmin[]> {
  const docs = (await Brand.find(scoped(ctx), ADMIN_FIELDS).lean()) as unknown as StoredBrand[];
  return docs.map(toAdmin).sort(byName);
}
async function oneBrand(ctx: RequestContext, brandId: number): Promise<BrandAdmin> {
  const doc = (await Brand.findOne(scoped(ctx, { brandId }), ADMIN_FIELDS).lean()) as unknown as StoredBrand | null;
  if (!doc) throw new AppError('not_found', BRAND_NOT_FOUND);
  return toAdmin(doc);
}

/**
 * Writes one brand of the store and answers it as now stored. Shoppers' brand lists, brand pages and suggestions
 * read the store's visible brands from a per-process copy (brands.ts): this process drops it at once, and every
 * API process on the change announced (with the search aliases reloaded when an alias changed).
 */
async function changeBrand(ctx: RequestContext, resources: Resources, brandId: number, set: Record<string, unknown>, aliasChanged = false): Promise<BrandAdmin> {
  await oneBrand(ctx, brandId);
  await Brand.updateOne(scoped(ctx, { brandId }), { $set: set });
  await brandsChanged(ctx, resources, aliasChanged);
  return oneBrand(ctx, brandId);
}
async function brandsChanged(ctx: RequestContext, resources: Resources, aliasChanged: boolean, productsChanged = false) {
  forgetTenantCache(ctx, 'brands');
  await announceBrandsChange(resources, ctx.tenantId, aliasChanged, productsChanged);
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

/**
 * hide-brand-products: every product of the brand leaves the storefront (search, lists, suggestions, its page answers
 * 404, carts can no longer hold it) while hidden, and comes back when shown. The brand itself stays as it is (hidden
 * or shown): with no products on sale it drops out of the Brands list by itself. Each API process's search index
 * holds the hidden brands in memory (no per-request read); this process applies the change before answering, the
 * others on the change announced.
 */
export async function hideBrandProducts(ctx: RequestContext, resources: Resources, registry: SearchIndexRegistry | null, input: { brand_id: number; hidden: boolean }) {
  await oneBrand(ctx, input.brand_id);
  await Brand.updateOne(scoped(ctx, { brandId: input.brand_id }), { $set: { hideProducts: input.hidden } });
  await brandsChanged(ctx, resources, false, true);
  await registry?.refreshHiddenBrands(ctx.tenantId);
  return { status: 'success', message: input.hidden ? BRAND_PRODUCTS_HIDDEN : BRAND_PRODUCTS_SHOWN, data: await oneBrand(ctx, input.brand_id) };
}

/**
 * update-brand: the brand as the store shows it. brand_name renames it on the Brands list, its page (its address
 * follows; the old one still opens it, by the id at its end) and suggestions, and shoppers' search finds its
 * products by the new name too; the supplier's spelling stays as original_brand, and product tiles keep the
 * catalogue's brand text. altTextLogo and image as the alias and logo modals set them (empty alt text: none).
 */
export async function updateBrand(ctx: RequestContext, resources: Resources, input: { brand_id: number; brand_name?: string; altTextLogo?: string; image?: string }) {
  const problems: Record<string, string> = {};
  const set: Record<string, unknown> = {};
  if (input.brand_name === undefined && input.altTextLogo === undefined && input.image === undefined) problems.brand_name = BRAND_UPDATE_EMPTY;
  if (input.brand_name !== undefined) {
    const checked = brandNameInput(input.brand_name);
    if ('problem' in checked) problems.brand_name = checked.problem; else set.name = checked.name;
  }
  if (input.altTextLogo !== undefined) {
    const alt = input.altTextLogo.trim().replace(/\s+/g, ' ');
    if (alt.length > BRAND_ALT_TEXT_MAX_LENGTH) problems.altTextLogo = BRAND_ALT_TEXT_TOO_LONG; else set.altTextLogo = alt || null;
  }
  if (input.image !== undefined) {
    const problem = brandLogoProblem(input.image);
    if (problem) problems.image = problem; else set.image = input.image.trim();
  }
  const brand = await oneBrand(ctx, input.brand_id);
  rejectFieldProblems(problems);
  const renamed = typeof set.name === 'string' && set.name !== brand.brand_name;
  if (renamed) {
    set.slug = brandSlug(set.name as string, brand.brand_id);
    set.originalName = brand.original_brand; // the supplier's spelling, kept once
  }
  const data = await changeBrand(ctx, resources, input.brand_id, set, renamed);
  return { status: 'success', message: BRAND_UPDATED, data };
}

/**
 * update-all-brands: one change to a list of brands at once (the screen's "select several"): shown or hidden on
 * the storefront, and/or their products on or off it. Every id must be the store's (else 404, nothing changes).
 */
export async function updateAllBrands(
  ctx: RequestContext, resources: Resources, registry: SearchIndexRegistry | null, input: { brand_ids: number[]; hidden?: boolean; hide_products?: boolean },
) {
  if (input.hidden === undefined && input.hide_products === undefined) rejectFieldProblems({ hidden: BRANDS_UPDATE_EMPTY });
  const ids = [...new Set(input.brand_ids)];
  const known = new Set((await storeBrands(ctx)).map((b) => b.brand_id));
  if (ids.some((id) => !known.has(id))) throw new AppError('not_found', BRAND_NOT_FOUND);
  const set: Record<string, unknown> = {};
  if (input.hidden !== undefined) set.hidden = input.hidden;
  if (input.hide_products !== undefined) set.hideProducts = input.hide_products;
  await Brand.updateMany(scoped(ctx, { brandId: { $in: ids } }), { $set: set });
  await brandsChanged(ctx, resources, false, input.hide_products !== undefined);
  if (input.hide_products !== undefined) await registry?.refreshHiddenBrands(ctx.tenantId);
  return { status: 'success', message: BRANDS_UPDATED(ids.length), data: await storeBrands(ctx) };
}

const tags = ['catalogue'];
const bearer = [{ bearer: [] }];
const BrandId = Type.Integer({ minimum: 1 });
const Changed = Type.Object({ status: Type.String(), message: Type.String(), data: BrandAdmin });

/**
 * The owner's Brands settings (spec 3 §7 Brands, admin/brands/*): edit_brands_settings. The store-wide storefront
 * options (hide-brands-nav, set-brands-show-logo, set-brands-filter) are store settings: tenant-settings' brand-storefront.ts.
 */
export const brandSettingsRoutes = (registry: SearchIndexRegistry | null = null): ServicePlugin => async (app) => {
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

  app.post('/admin/brands/hide-brand-products', {
    preHandler: canEdit,
    schema: {
      tags, summary: "Admin: take every product of a brand off the storefront (search, lists, product pages 404, carts), or put them back", security: bearer,
      body: Type.Object({ brand_id: BrandId, hidden: Type.Boolean() }, { additionalProperties: false }),
      response: { 200: Changed, ...errorAnswers(404) },
    },
  }, async (request) => hideBrandProducts(request.ctx, app.resources, registry, request.body));

  app.post('/admin/brands/update-brand', {
    preHandler: canEdit,
    schema: {
      tags, summary: "Admin: a brand's name as shoppers see it, its logo's alt text and its logo (any of them); 'Brand updated.'", security: bearer,
      body: Type.Object({
        brand_id: BrandId,
        brand_name: Type.Optional(Type.String({ maxLength: 200 })),
        altTextLogo: Type.Optional(Type.String({ maxLength: 400 })),
        image: Type.Optional(Type.String({ maxLength: 2000 })),
      }, { additionalProperties: false }),
      response: { 200: Changed, ...errorAnswers(404, 422) },
    },
  }, async (request) => updateBrand(request.ctx, app.resources, request.body));

  app.post('/admin/brands/update-all-brands', {
    preHandler: canEdit,
    schema: {
      tags, summary: `Admin: show or hide several brands, and/or their products, at once (up to ${BRANDS_UPDATE_MAX}); the brands after it`, security: bearer,
      body: Type.Object({
        brand_ids: Type.Array(BrandId, { minItems: 1, maxItems: BRANDS_UPDATE_MAX }),
        hidden: Type.Optional(Type.Boolean()),
        hide_products: Type.Optional(Type.Boolean()),
      }, { additionalProperties: false }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: Type.Array(BrandAdmin) }), ...errorAnswers(404, 422) },
    },
  }, async (request) => updateAllBrands(request.ctx, app.resources, registry, request.body));
};
