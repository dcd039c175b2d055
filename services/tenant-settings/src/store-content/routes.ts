import { Type, type TSchema } from 'typebox';
import { AboutStoryBody, AboutUs, BrowseSettingsBody, BusinessAboutUs, CartSettingsBody, HashRoutingHostsBody, HomeBanner, HomeBannerSettings, PublicStoreInformation, SocialLinksBody, StoreSeoSettings, StoreSettings, WidgetType } from '@platform/contracts';
import type { BrowseSettings } from '@platform/domain';
import { errorAnswers, requirePermission, type ServicePlugin } from '@platform/server-kit';
import { getAboutUs, getBusinessAboutUs, getHomeBanner, getPublicStoreInformation, WIDGET_TYPES } from './service';
import { deleteOgImage, homeBannerForAdmin, saveAboutStory, saveBrowseSettings, saveCartSettings, saveHashRoutingHosts, saveHomeBanner, saveSocialLinks, saveStoreSeo, storeSeoForAdmin } from './admin';

const tags = ['tenant-settings'];

/** The storefront's content reads of spec 1 §7: About us, the business's contact block, its public identity, the home banner, section types. */
export const storeContentRoutes: ServicePlugin = async (app) => {
  app.get('/about-us', {
    schema: { tags, summary: "The store's About us story (sanitized HTML; empty when none) and photos, shown on /store-info", response: { 200: Type.Object({ data: AboutUs }) } },
  }, async (request) => ({ data: await getAboutUs(request.ctx) }));

  app.get('/business-about-us', {
    schema: { tags, summary: 'How to reach the business: name, contact e-mail, main phone, social pages and every location with its hours', response: { 200: Type.Object({ data: BusinessAboutUs }) } },
  }, async (request) => ({ data: await getBusinessAboutUs(request.ctx) }));

  app.get('/store-information', {
    schema: { tags, summary: "The store's page title, meta description and link-preview image (og:image)", response: { 200: Type.Object({ data: PublicStoreInformation }) } },
  }, async (request) => ({ data: await getPublicStoreInformation(request.ctx) }));

  app.get('/home-banner', {
    schema: { tags, summary: "The home page's announcement line with its optional link; null when the store shows none", response: { 200: Type.Object({ data: Type.Union([HomeBanner, Type.Null()]) }) } },
  }, async (request) => ({ data: await getHomeBanner(request.ctx) }));

  app.get('/widget-type/get', {
    schema: { tags, summary: 'The kinds of home page section a store can add (the type of each homepage widget)', response: { 200: Type.Object({ data: Type.Array(WidgetType) }) } },
  }, async () => ({ data: WIDGET_TYPES }));

  // The owner's side of the reads above and of the listing settings (docs/API-DECISIONS "Browse settings and store content").
  const bearer = [{ bearer: [] }];
  const resources = { redis: app.resources.redis, prefix: app.resources.queuePrefix };
  const saved = <T extends TSchema>(data: T) => Type.Object({ status: Type.String(), message: Type.String(), data });
  const editAboutUs = requirePermission('edit_about_us');
  const editLandingPage = requirePermission('edit_landing_page');

  app.post('/admin/settings/browse', {
    preHandler: requirePermission('edit_products'),
    schema: {
      tags, summary: "Admin: the listing pages' default sort, whether they show out-of-stock items by default, and the 'Only N Left' threshold (422 names each bad field; nothing is saved then)",
      security: bearer, body: BrowseSettingsBody, response: { 200: saved(StoreSettings), ...errorAnswers(422) },
    },
  }, async (request) => saveBrowseSettings(request.ctx, resources, request.body as BrowseSettings));

  // Set on the selling-options screens, hence their permission (docs/API-DECISIONS "Cart settings").
  app.post('/admin/settings/cart', {
    preHandler: requirePermission('edit_locations'),
    schema: {
      tags, summary: "Admin: any of the cart settings: hide the tax rows, the note under the tax, the fees inside the subtotal, hide the cart's delivery zip box, the vendors whose out-of-stock items may be special-ordered (422 names each bad field; nothing is saved then)",
      security: bearer, body: CartSettingsBody, response: { 200: saved(StoreSettings), ...errorAnswers(422) },
    },
  }, async (request) => saveCartSettings(request.ctx, resources, request.body));

  app.post('/admin/settings/hash-routing-hosts', {
    preHandler: editAboutUs,
    schema: {
      tags, summary: "Admin: the hosts where the storefront routes by hash (/#/cart) instead of by path; each a host name alone, at most 20 (422 names the first bad one; nothing is saved then)",
      security: bearer, body: HashRoutingHostsBody, response: { 200: saved(StoreSettings), ...errorAnswers(422) },
    },
  }, async (request) => saveHashRoutingHosts(request.ctx, resources, request.body.hashRoutingHosts));

  app.get('/admin/home-banner', {
    preHandler: editLandingPage,
    schema: { tags, summary: 'Admin: the home banner as last written, on or off', security: bearer, response: { 200: Type.Object({ data: HomeBannerSettings }) } },
  }, async (request) => ({ data: await homeBannerForAdmin(request.ctx) }));
  app.post('/home-banner/update', {
    preHandler: editLandingPage,
    schema: {
      tags, summary: "Admin: the home page's announcement line, its link and colour, or turn it off (422 names each bad field)",
      security: bearer, body: HomeBannerSettings, response: { 200: saved(HomeBannerSettings), ...errorAnswers(422) },
    },
  }, async (request) => saveHomeBanner(request.ctx, resources, request.body));

  app.post('/about-us/story', {
    preHandler: editAboutUs,
    schema: {
      tags, summary: 'Admin: the About us story on /store-info: title, HTML (sanitized before it is kept) and photos by web address (422 names each bad field)',
      security: bearer, body: AboutStoryBody, response: { 200: saved(AboutUs), ...errorAnswers(422) },
    },
  }, async (request) => saveAboutStory(request.ctx, resources, request.body));

  app.get('/admin/store-information', {
    preHandler: editAboutUs,
    schema: { tags, summary: "Admin: the page title, description and sharing image as set (blank: the storefront's defaults)", security: bearer, response: { 200: Type.Object({ data: StoreSeoSettings }) } },
  }, async (request) => ({ data: await storeSeoForAdmin(request.ctx) }));
  app.post('/store-information/update', {
    preHandler: editAboutUs,
    schema: {
      tags, summary: 'Admin: the page title, search-result description and link-preview image (422 names each bad field)',
      security: bearer, body: StoreSeoSettings, response: { 200: saved(StoreSeoSettings), ...errorAnswers(422) },
    },
  }, async (request) => saveStoreSeo(request.ctx, resources, request.body));
  app.post('/store-information/delete-og-image', {
    preHandler: editAboutUs,
    schema: { tags, summary: 'Admin: remove the link-preview image', security: bearer, response: { 200: saved(StoreSeoSettings) } },
  }, async (request) => deleteOgImage(request.ctx, resources));

  app.post('/social/update', {
    preHandler: requirePermission('manage_social_media'),
    schema: {
      tags, summary: "Admin: the store's social pages (Facebook, X, Instagram, Pinterest, YouTube, LinkedIn, TikTok); empty hides one (422 names each bad field)",
      security: bearer, body: SocialLinksBody, response: { 200: saved(SocialLinksBody), ...errorAnswers(422) },
    },
  }, async (request) => saveSocialLinks(request.ctx, resources, request.body));
};
