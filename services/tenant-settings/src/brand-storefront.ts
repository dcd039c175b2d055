import { Type } from 'typebox';
import { StoreSettings } from '@platform/contracts';
import { BRAND_STOREFRONT_SAVED } from '@platform/domain';
import { requirePermission, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { getStoreSettings } from './service';
import { saveProfile, type Resources } from './store-content/admin';

/**
 * The storefront's store-wide brand options on the owner's Brand Settings screen (spec 3 §7 Brands: hide-brands-nav,
 * set-brands-show-logo, set-brands-filter). Each is a store setting the storefront already loads at start-up
 * (GET settings): hideBrandsNav, brandsShowLogo, hideBrandFilter (also GET brands/get-filter). A save drops the
 * settings caches, so shoppers' next page load follows (other API processes within 10 s).
 */
async function saveBrandOption(ctx: RequestContext, resources: Resources, key: 'hideBrandsNav' | 'brandsShowLogo' | 'hideBrandFilter', value: boolean) {
  await saveProfile(ctx, resources, { [`settings.${key}`]: value });
  return { status: 'success', message: BRAND_STOREFRONT_SAVED, data: await getStoreSettings(ctx) };
}

/** hide-brands-nav: the storefront's links to the Brands list (header, its menus, the footer, the search box's last line) are left out while on. */
export const hideBrandsNav = (ctx: RequestContext, resources: Resources, hidden: boolean) => saveBrandOption(ctx, resources, 'hideBrandsNav', hidden);
/** set-brands-show-logo: the Brands list shows each brand's logo (where it has one) over its name, or names only. */
export const setBrandsShowLogo = (ctx: RequestContext, resources: Resources, show: boolean) => saveBrandOption(ctx, resources, 'brandsShowLogo', show);
/** set-brands-filter: search and listing pages offer the Brands filter, or not. */
export const setBrandsFilter = (ctx: RequestContext, resources: Resources, show: boolean) => saveBrandOption(ctx, resources, 'hideBrandFilter', !show);

const tags = ['tenant-settings'];
const bearer = [{ bearer: [] }];
const Saved = Type.Object({ status: Type.String(), message: Type.String(), data: StoreSettings });

export const brandStorefrontRoutes: ServicePlugin = async (app) => {
  const canEdit = requirePermission('edit_brands_settings');
  const resources = { redis: app.resources.redis, prefix: app.resources.queuePrefix };

  app.post('/admin/brands/hide-brands-nav', {
    preHandler: canEdit,
    schema: {
      tags, summary: "Admin: hide the storefront's Brands links (header, menus, footer), or show them; the store settings as now saved", security: bearer,
      body: Type.Object({ hidden: Type.Boolean() }, { additionalProperties: false }), response: { 200: Saved },
    },
  }, async (request) => hideBrandsNav(request.ctx, resources, request.body.hidden));

  app.post('/admin/brands/set-brands-show-logo', {
    preHandler: canEdit,
    schema: {
      tags, summary: "Admin: the storefront's Brands list shows logos (where a brand has one) or names only; the store settings as now saved", security: bearer,
      body: Type.Object({ show_logo: Type.Boolean() }, { additionalProperties: false }), response: { 200: Saved },
    },
  }, async (request) => setBrandsShowLogo(request.ctx, resources, request.body.show_logo));

  app.post('/admin/brands/set-brands-filter', {
    preHandler: canEdit,
    schema: {
      tags, summary: 'Admin: search and listing pages offer the Brands filter (show) or not; the store settings as now saved', security: bearer,
      body: Type.Object({ show: Type.Boolean() }, { additionalProperties: false }), response: { 200: Saved },
    },
  }, async (request) => setBrandsFilter(request.ctx, resources, request.body.show));
};
