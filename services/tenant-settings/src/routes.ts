import { Type } from 'typebox';
import { BusinessDetails, NavigationItem, StoreLocation, StoreSettings } from '@platform/contracts';
import { AppError, type ServicePlugin } from '@platform/server-kit';
import { getBusinessDetails, getNavigation, getStoreSettings, storesByDistance } from './service';

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

  const Origin = Type.Object({
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  });

  app.get('/nearby-stores', {
    schema: {
      tags, summary: "The store's locations, nearest first, with the distance in whole miles from lat/lng (the shopper), else from the selected store",
      querystring: Origin,
      response: { 200: Type.Object({ data: Type.Array(Type.Object({ ...StoreLocation.properties, distance: Type.Integer() })) }) },
    },
  }, async (request) => ({ data: await storesByDistance(request.ctx, request.query) }));

  app.get('/store-distance/:id', {
    schema: {
      tags, summary: 'How far one location is, in whole miles, from lat/lng or the selected store',
      params: Type.Object({ id: Type.Integer({ minimum: 1 }) }), querystring: Origin,
      response: { 200: Type.Object({ data: Type.Object({ id: Type.Integer(), distance: Type.Integer() }) }) },
    },
  }, async (request) => {
    const store = (await storesByDistance(request.ctx, request.query)).find((l) => l.id === request.params.id);
    if (!store) throw new AppError('not_found', 'Store not found.');
    return { data: { id: store.id, distance: store.distance } };
  });
};
