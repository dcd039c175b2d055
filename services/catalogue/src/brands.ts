import { Type } from 'typebox';
import { PageNumber } from '@platform/contracts';
import { resolveLocationId, scoped } from '@platform/db';
import { brandSlug, idFromSlug } from '@platform/domain';
import { AppError, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { Brand } from './models';
import type { SearchIndexRegistry } from './search/registry';
import { cachedForTenant } from './tenant-cache';

const tags = ['catalogue'];
export const BRAND_SORTS = ['name-asc', 'name-desc', 'products'] as const;

interface BrandDoc { brandId: number; name: string; image: string | null; originalName: string | null; alias: string | null; altTextLogo: string | null; videos: { title: string; url: string }[] }

/** The tenant's visible brands, cached a minute (they change rarely; suggestions read them on every keystroke). */
export const visibleBrands = (ctx: RequestContext) => cachedForTenant(ctx, 'brands', async () =>
  (await Brand.find(scoped(ctx, { hidden: { $ne: true } }), { brandId: 1, name: 1, image: 1, originalName: 1, alias: 1, altTextLogo: 1, videos: 1 }).lean()) as unknown as BrandDoc[]);

const BrandItem = Type.Object({
  brand_id: Type.Integer(),
  brand_name: Type.String(),
  original_brand: Type.String(),
  slug: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  alias: Type.Union([Type.String(), Type.Null()]),
  altTextLogo: Type.String(),
  matched_products: Type.Integer(),
});

const toItem = (brand: BrandDoc, matched: number) => ({
  brand_id: brand.brandId,
  brand_name: brand.name,
  original_brand: brand.originalName ?? brand.name,
  slug: brandSlug(brand.name, brand.brandId),
  image: brand.image ?? null,
  alias: brand.alias ?? null,
  altTextLogo: brand.altTextLogo ?? `${brand.name} logo`,
  matched_products: matched,
});

async function brandCounts(ctx: RequestContext, registry: SearchIndexRegistry) {
  const [locationId, index] = await Promise.all([resolveLocationId(ctx, ctx.storeId), registry.get(ctx.tenantId)]);
  return locationId === null ? new Map<number, number>() : index.brandCounts(locationId);
}

/** Brand index: brands with products at the selected location, by name or alias, sorted and paged. */
export async function listBrands(ctx: RequestContext, registry: SearchIndexRegistry, query: { page: number; limit: number; sort: (typeof BRAND_SORTS)[number]; search?: string }) {
  const [brands, counts] = await Promise.all([visibleBrands(ctx), brandCounts(ctx, registry)]);
  const keyword = (query.search ?? '').trim().toLowerCase();
  const matching = brands
    .filter((b) => (counts.get(b.brandId) ?? 0) > 0)
    .filter((b) => !keyword || b.name.toLowerCase().includes(keyword) || (b.alias ?? '').toLowerCase().includes(keyword))
    .map((b) => toItem(b, counts.get(b.brandId)!));
  const byName = (a: { brand_name: string }, b: { brand_name: string }) => a.brand_name.localeCompare(b.brand_name, 'en', { sensitivity: 'base' });
  matching.sort(query.sort === 'products' ? (a, b) => b.matched_products - a.matched_products || byName(a, b) : query.sort === 'name-desc' ? (a, b) => byName(b, a) : byName);
  const start = (query.page - 1) * query.limit;
  return { data: matching.slice(start, start + query.limit), total: matching.length, current_page: query.page, last_page: Math.max(1, Math.ceil(matching.length / query.limit)) };
}

async function findBrand(ctx: RequestContext, param: string): Promise<BrandDoc> {
  const id = idFromSlug(param);
  const brand = id === null ? undefined : (await visibleBrands(ctx)).find((b) => b.brandId === id);
  if (!brand) throw new AppError('not_found', 'Brand not found');
  return brand;
}

export const brandRoutes = (registry: SearchIndexRegistry): ServicePlugin => async (app) => {
  app.get('/brands', {
    schema: {
      tags, summary: 'Brands with products at the selected location: search by name or alias, sort, page',
      querystring: Type.Object({
        page: PageNumber,
        limit: Type.Integer({ minimum: 1, maximum: 200, default: 48 }),
        sort: Type.Union(BRAND_SORTS.map((s) => Type.Literal(s)), { default: 'name-asc' }),
        search: Type.Optional(Type.String({ maxLength: 100 })),
      }),
      response: { 200: Type.Object({ data: Type.Array(BrandItem), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer() }) },
    },
  }, async (request) => listBrands(request.ctx, registry, request.query));

  app.get('/brands/brand', {
    schema: {
      tags, summary: 'One brand by id or by its slug-id route part',
      querystring: Type.Object({ param: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { 200: Type.Object({ data: BrandItem }) },
    },
  }, async (request) => {
    const brand = await findBrand(request.ctx, request.query.param);
    return { data: toItem(brand, (await brandCounts(request.ctx, registry)).get(brand.brandId) ?? 0) };
  });

  app.get('/brands/:id/videos', {
    schema: {
      tags, summary: "A brand's videos",
      params: Type.Object({ id: Type.String({ maxLength: 200 }) }),
      response: { 200: Type.Object({ data: Type.Array(Type.Object({ title: Type.String(), url: Type.String() })) }) },
    },
  }, async (request) => ({ data: (await findBrand(request.ctx, request.params.id)).videos ?? [] }));
};
