import { Type } from 'typebox';
import { WEEK_DAYS } from '@platform/domain';
import { AdminWidget, BusinessDetails, CustomPage, HomepageWidget, NavigationGroup, StorefrontPage, PaymentSettings, SiteSetting, FooterSettings, LegalDocument, NavigationItem, StoreLocation, StoreSettings } from '@platform/contracts';
import { AppError, errorAnswers, requirePermission, type ServicePlugin } from '@platform/server-kit';
import { getBusinessDetails, getStoreSettings, storesByDistance } from './service';
import { getNavigation, getNavigationGroups, storefrontPages } from './navigation';
import { getCustomPage, getFooter, getLegalDocuments, listCustomPages } from './content';
import { startupBundle } from './startup';
import { homepageWidget, homepageWidgets } from './widgets';
import { getPaymentSettings, getSiteSettings } from './payment-settings';
import { rentalRoutes } from './rentals/routes';
import { rewardsRoutes } from './rewards/routes';
import { storeContentRoutes } from './store-content/routes';
import { brandStorefrontRoutes } from './brand-storefront';
import { accountSettingsRoutes } from './account-settings/routes';
import { optOut } from './opt-outs';
import { saveStoreInformation } from './store-information';
import { saveStoreOptions } from './store-options';
import { wizardRoutes } from './wizard/routes';
import { paymentAdminRoutes } from './payment-admin/routes';
import { partnerRoutes } from './partners/routes';
import { imageUploadRoutes } from './uploads/routes';
import { testimonialRoutes } from './testimonials/routes';
import { deleteWidget, listWidgetsForAdmin, saveWidgetOrder, setWidgetHidden, WIDGET_NOT_FOUND } from './widget-admin';

const tags = ['tenant-settings'];

/** Start-up reads of spec 1 §7: store settings, header navigation, business details. */
export const tenantSettingsRoutes: ServicePlugin = async (app) => {
  await app.register(rentalRoutes);
  await app.register(rewardsRoutes);
  await app.register(storeContentRoutes);
  await app.register(brandStorefrontRoutes);
  await app.register(accountSettingsRoutes);
  await app.register(wizardRoutes);
  await app.register(paymentAdminRoutes);
  await app.register(partnerRoutes);
  await app.register(imageUploadRoutes);
  await app.register(testimonialRoutes);

  app.get('/settings', {
    schema: {
      tags, summary: 'Store settings loaded at start-up (theme, products, cart options)',
      querystring: Type.Object({ r: Type.Optional(Type.String({ maxLength: 64 })) }),
      response: { 200: Type.Object({ data: StoreSettings }) },
    },
  }, async (request) => ({ data: await getStoreSettings(request.ctx) }));

  const reportBad = (request: { log: { warn(o: object, m: string): void } }) => (what: string) => request.log.warn({ what }, 'bad navigation or page data left out');

  app.get('/custom-navigation', {
    schema: { tags, summary: 'Header navigation items in order, with their dropdown links (paths resolved; broken items left out)', response: { 200: Type.Object({ data: Type.Array(NavigationItem) }) } },
  }, async (request) => ({ data: await getNavigation(request.ctx, reportBad(request)) }));

  app.get('/custom-nav', {
    schema: { tags, summary: 'Header menus the store added, with their links (hide, hide_on_locations)', response: { 200: Type.Object({ data: Type.Array(NavigationGroup) }) } },
  }, async (request) => ({ data: await getNavigationGroups(request.ctx, reportBad(request)) }));

  app.get('/pages', {
    schema: { tags, summary: 'The pages list: built-in storefront pages a navigation item may point at', response: { 200: Type.Object({ data: Type.Array(StorefrontPage) }) } },
  }, async (request) => ({ data: await storefrontPages(request.ctx) }));

  app.get('/business-details2', {
    schema: { tags, summary: 'Business details: locations, fulfilment flags, display flags', response: { 200: Type.Object({ data: BusinessDetails }) } },
  }, async (request) => ({ data: await getBusinessDetails(request.ctx) }));

  app.get('/payment-settings', {
    schema: { tags, summary: "The store's card provider and its public keys (none: payment in store)", response: { 200: Type.Object({ data: PaymentSettings }) } },
  }, async (request) => ({ data: await getPaymentSettings(request.ctx) }));

  app.get('/business/site-settings/:businessId', {
    schema: {
      tags, summary: "The store's site settings as key / value_string pairs", params: Type.Object({ businessId: Type.Integer({ minimum: 1 }) }),
      response: { 200: Type.Object({ data: Type.Array(SiteSetting) }) },
    },
  }, async (request) => {
    const settings = await getSiteSettings(request.ctx, request.params.businessId);
    if (!settings) throw new AppError('not_found', 'Store not found.');
    return { data: settings };
  });

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

  app.get('/custom-footer', {
    schema: { tags, summary: 'The footer the store configured (columns, links, logo, badges), over the defaults', response: { 200: Type.Object({ data: FooterSettings }) } },
  }, async (request) => ({ data: await getFooter(request.ctx) }));

  app.get('/business-terms', {
    schema: { tags, summary: "The store's legal documents (privacy, California notice, returns, terms); the platform's text where the store uses the default", response: { 200: Type.Object({ data: Type.Array(LegalDocument) }) } },
  }, async (request) => ({ data: await getLegalDocuments(request.ctx) }));

  app.get('/custom-pages', {
    schema: {
      tags, summary: "The store's own pages (routes at /{link}); skipBody=1 leaves the bodies out",
      querystring: Type.Object({ skipBody: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])) }),
      response: { 200: Type.Object({ data: Type.Array(CustomPage) }) },
    },
  }, async (request) => ({ data: await listCustomPages(request.ctx, request.query.skipBody === 1, (link) => request.log.warn({ link }, 'custom page with an unusable link left out')) }));

  app.get('/custom-page/:id', {
    schema: { tags, summary: 'One of the store\'s pages, its body as sanitized HTML', params: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: { 200: Type.Object({ data: CustomPage }) } },
  }, async (request) => {
    const page = await getCustomPage(request.ctx, request.params.id);
    if (!page) throw new AppError('not_found', 'Page not found.');
    return { data: page };
  });

  for (const [path, area] of [['/homepage-widgets', 1], ['/homepage-widgets-two', 2]] as const) {
    app.get(path, {
      schema: {
        tags, summary: `Home page sections of area ${area} (carousel, HTML, product rows) shown at the selected location, in order`,
        response: { 200: Type.Object({ data: Type.Array(HomepageWidget) }) },
      },
    }, async (request) => ({ data: await homepageWidgets(request.ctx, area) }));
  }

  app.get('/widget/:id', {
    schema: { tags, summary: 'One home page section, as shown at the selected location', params: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: { 200: Type.Object({ data: HomepageWidget }) } },
  }, async (request) => {
    const widget = await homepageWidget(request.ctx, request.params.id);
    if (!widget) throw new AppError('not_found', WIDGET_NOT_FOUND);
    return { data: widget };
  });

  for (const [path, kind] of [['/wizard-unsubscribe', 'wizard-reminders'], ['/landing-page-auto-update-opt-out', 'landing-page-auto-update']] as const) {
    app.post(path, {
      schema: {
        tags, summary: `The store owner's one-click opt-out from an e-mail link (${kind}); recorded in business details`,
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Object({ status: Type.String(), message: Type.String() }) },
      },
    }, async (request) => optOut(request.ctx, app.resources.redis, app.resources.queuePrefix, kind, request.body.token));
  }

  // The admin widgets list (settings/widgets): the home page is the landing page, hence edit_landing_page.
  const WidgetsAnswer = Type.Object({ status: Type.String(), message: Type.String(), data: Type.Array(AdminWidget) });
  const editLandingPage = requirePermission('edit_landing_page');
  const bearer = [{ bearer: [] }];
  app.get('/widget/get', {
    preHandler: editLandingPage,
    schema: { tags, summary: "Admin: every home page section (both areas, hidden ones too), each area in order", security: bearer, response: { 200: Type.Object({ data: Type.Array(AdminWidget) }) } },
  }, async (request) => ({ data: await listWidgetsForAdmin(request.ctx) }));
  app.post('/admin/widget/update', {
    preHandler: editLandingPage,
    schema: { tags, summary: 'Admin: show or hide a home page section', security: bearer, body: Type.Object({ id: Type.Integer({ minimum: 1 }), hidden: Type.Boolean() }), response: { 200: WidgetsAnswer } },
  }, async (request) => setWidgetHidden(request.ctx, request.body.id, request.body.hidden));
  app.post('/admin/widget/save', {
    preHandler: editLandingPage,
    schema: {
      tags, summary: "Admin: the order of one home page area's sections (every id of the area once)", security: bearer,
      body: Type.Object({ area: Type.Union([Type.Literal(1), Type.Literal(2)]), ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200 }) }), response: { 200: WidgetsAnswer, ...errorAnswers(422) },
    },
  }, async (request) => saveWidgetOrder(request.ctx, request.body.area, request.body.ids));
  app.post('/admin/widget/delete', {
    preHandler: editLandingPage,
    schema: { tags, summary: 'Admin: remove a home page section', security: bearer, body: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: { 200: WidgetsAnswer } },
  }, async (request) => deleteWidget(request.ctx, request.body.id));

  const DayHours = Type.Object({ open: Type.String({ maxLength: 5 }), close: Type.String({ maxLength: 5 }), closed: Type.Boolean() });
  app.post('/about-us/save', {
    preHandler: requirePermission('edit_about_us'),
    schema: {
      tags, summary: "Admin 'About us': the store's contact e-mail and each location's phone and opening hours (422 names each bad field; nothing is saved then)",
      security: bearer,
      body: Type.Object({
        contact_email: Type.String({ maxLength: 254 }),
        locations: Type.Array(Type.Object({
          id: Type.Integer({ minimum: 1 }),
          phone: Type.String({ maxLength: 30 }),
          hours: Type.Object(Object.fromEntries(WEEK_DAYS.map((day) => [day, Type.Optional(DayHours)])), { additionalProperties: false }),
        }), { maxItems: 200 }),
      }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: BusinessDetails }), ...errorAnswers(422) },
    },
  }, async (request) => saveStoreInformation(request.ctx, app.resources.redis, app.resources.queuePrefix, request.body));

  const Amount = Type.String({ maxLength: 12 });
  app.post('/admin/settings/update', {
    preHandler: requirePermission('edit_locations'),
    schema: {
      tags, summary: 'Admin: the selling options (fulfilment modes and delivery zips, special orders, tax rates, pickup and delivery disclaimers); any of them (422 names each bad field; nothing is saved then)',
      security: bearer,
      body: Type.Object({
        pickup_enabled: Type.Optional(Type.Boolean()),
        delivery_enabled: Type.Optional(Type.Boolean()),
        shipping_enabled: Type.Optional(Type.Boolean()),
        delivery_locations: Type.Optional(Type.Array(Type.Object({
          code: Type.String({ maxLength: 10 }), fee: Amount,
          // Null first: type coercion would turn null into an empty amount.
          minThreshold: Type.Union([Type.Null(), Amount]), thresholdFee: Type.Union([Type.Null(), Amount]),
        }), { maxItems: 500 })),
        show_oos_special: Type.Optional(Type.Boolean()),
        verify_phone_at_checkout: Type.Optional(Type.Boolean()),
        recurring_orders_enabled: Type.Optional(Type.Boolean()),
        special_order_fee: Type.Optional(Amount),
        special_order_sla: Type.Optional(Type.String({ maxLength: 100 })),
        tax_rates: Type.Optional(Type.Array(Type.Object({ location_id: Type.Integer({ minimum: 1 }), rate: Type.String({ maxLength: 10 }) }), { maxItems: 200 })),
        // What pickup and delivery shoppers are told to expect; blank: the default words (business details answer them filled in).
        pickup_disclaimer: Type.Optional(Type.String({ maxLength: 1000 })),
        delivery_settings: Type.Optional(Type.Object({ delivery_disclaimer: Type.String({ maxLength: 1000 }) }, { additionalProperties: false })),
      }, { additionalProperties: false }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: BusinessDetails }), ...errorAnswers(422) },
    },
  }, async (request) => saveStoreOptions(request.ctx, app.resources.redis, app.resources.queuePrefix, request.body));

  const RecurringOptIn = Type.Object({ enabled: Type.Boolean({ description: 'Signed-in shoppers may repeat an order they place' }) });
  app.get('/admin/fulfillment/getRecurringOrderOptIn', {
    preHandler: requirePermission('edit_locations'),
    schema: { tags, summary: 'Admin: whether the store offers recurring orders', security: bearer, response: { 200: Type.Object({ data: RecurringOptIn }) } },
  }, async (request) => ({ data: { enabled: (await getBusinessDetails(request.ctx)).recurring_orders_enabled } }));
  app.post('/admin/fulfillment/saveRecurringOrderOptIn', {
    preHandler: requirePermission('edit_locations'),
    schema: {
      tags, summary: 'Admin: offer recurring orders to signed-in shoppers, or stop (recurring orders already set up keep running until cancelled)', security: bearer,
      body: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: RecurringOptIn }), ...errorAnswers(422) },
    },
  }, async (request) => {
    await saveStoreOptions(request.ctx, app.resources.redis, app.resources.queuePrefix, { recurring_orders_enabled: request.body.enabled });
    return { status: 'success', message: request.body.enabled ? 'Shoppers can now repeat their orders.' : 'Shoppers can no longer set up recurring orders.', data: { enabled: request.body.enabled } };
  });

  app.get('/startup', {
    schema: {
      tags, summary: 'Everything the storefront needs before its first paint, in one answer (cached per tenant in Redis)',
      response: { 200: Type.Object({ data: Type.Object({
        settings: StoreSettings, navigation: Type.Array(NavigationItem), navGroups: Type.Array(NavigationGroup), business: BusinessDetails, footer: FooterSettings,
        legal: Type.Array(LegalDocument), pages: Type.Array(CustomPage),
      }) }) },
    },
  }, async (request) => ({ data: await startupBundle(request.ctx, app.resources.redis, app.resources.queuePrefix, reportBad(request)) as never }));
};
