import { Type } from 'typebox';
import { AboutUs, BusinessAboutUs, HomeBanner, PublicStoreInformation, WidgetType } from '@platform/contracts';
import type { ServicePlugin } from '@platform/server-kit';
import { getAboutUs, getBusinessAboutUs, getHomeBanner, getPublicStoreInformation, WIDGET_TYPES } from './service';

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
};
