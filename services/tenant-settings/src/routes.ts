import { Type } from 'typebox';
import { BusinessDetails, NavigationItem, StoreSettings } from '@platform/contracts';
import type { ServicePlugin } from '@platform/server-kit';
import { getBusinessDetails, getNavigation, getStoreSettings } from './service';

const tags = ['tenant-settings'];

/** Start-up reads of spec 1 §7: store settings, header navigation, business details. */
export const tenantSettingsRoutes: ServicePlugin = async (app) => {
  app.get('/settings', {
    schema: {
      tags, summary: 'Store settings loaded at start-up (theme, products, cart options)',
      querystring: Type.Object({ r: Type.Optional(Type.String({ maxLength: 64 })) }),
      response: { 200: Type.Object({ data: StoreSettings }) },
    },
  }, async (request) => ({ data: await getStoreSettings(request.ctx) }));

  app.get('/custom-navigation', {
    schema: { tags, summary: 'Header navigation items, in order', response: { 200: Type.Object({ data: Type.Array(NavigationItem) }) } },
  }, async (request) => ({ data: await getNavigation(request.ctx) }));

  app.get('/business-details2', {
    schema: { tags, summary: 'Business details: locations, fulfilment flags, display flags', response: { 200: Type.Object({ data: BusinessDetails }) } },
  }, async (request) => ({ data: await getBusinessDetails(request.ctx) }));

  app.get('/brands/get-filter', {
    schema: { tags, summary: 'Whether the storefront shows the brand filter (store setting hideBrandFilter)', response: { 200: Type.Object({ data: Type.Object({ show: Type.Boolean() }) }) } },
  }, async (request) => ({ data: { show: !(await getStoreSettings(request.ctx)).hideBrandFilter } }));
};
