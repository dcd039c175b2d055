import { Type } from 'typebox';
import { OfflineOrder, OfflineOrderInput, OfflineOrderPage, PageNumber, PageRating } from '@platform/contracts';
import { errorAnswers, requirePermission, type ServicePlugin } from '@platform/server-kit';
import type { CheckoutIo } from '../checkout';
import { buildOfflineIndexes } from './offline-index';
import { enterOfflineOrder, exportOfflineOrders, listOfflineOrders, offlineOrderFor, offlineProductSearch, pageRating, ratePage } from './service';

const tags = ['offline orders'];
const security = [{ bearer: [] }];
const guard = requirePermission('view_offline_orders');
const Filters = {
  location_id: Type.Optional(Type.Integer({ minimum: 1 })),
  search: Type.Optional(Type.String({ maxLength: 100, description: 'An order number (OFF-1001), an e-mail, a phone, or words of the name' })),
};

/**
 * Offline orders (spec 3 /admin/offline-orders, §7 'Offline orders: GET list, GET export as CSV, POST rate-page'),
 * for admins with view_offline_orders: orders staff take by phone or at the counter. docs/API-DECISIONS.md.
 */
export function offlineOrderRoutes(io: CheckoutIo): ServicePlugin {
  return async (app) => {
    void buildOfflineIndexes({ redis: app.resources.redis, prefix: app.resources.queuePrefix })
      .catch((err) => app.log.error({ err }, 'offline order lists could not be built'));

    app.get('/admin/offline-orders', {
      preHandler: guard,
      schema: {
        tags, security, summary: "The store's offline orders, newest first, 20 a page: by location and a search. Staff bound to a location see its own (another location: 403)",
        querystring: Type.Object({ page: PageNumber, limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }), ...Filters }),
        response: { 200: OfflineOrderPage, ...errorAnswers(403) },
      },
    }, async (request) => listOfflineOrders(request.ctx, io, request.query));

    app.get('/admin/offline-orders/csv', {
      preHandler: guard,
      schema: {
        tags, security, summary: 'The offline orders (with the list\'s location and search) as CSV, newest first. Staff bound to a location export its own (another location: 403)',
        querystring: Type.Object(Filters),
        response: { 200: { description: 'The offline orders as CSV', content: { 'text/csv': { schema: Type.String() } } }, ...errorAnswers(403) },
      },
    }, async (request, reply) => {
      const csv = await exportOfflineOrders(request.ctx, io, request.query);
      const day = new Date().toISOString().slice(0, 10);
      // A stream is sent as it is; the schema's string is what the document says the body is.
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="offline-orders-${day}.csv"`).send(csv as unknown as string);
    });

    app.post('/admin/offline-orders', {
      preHandler: guard,
      schema: {
        tags, security,
        summary: 'Enters an order taken by phone or at the counter: catalogue items at the location take its stock (all or none), free-text lines are priced as entered, the location\'s tax is added',
        body: OfflineOrderInput,
        // 409: a catalogue item is short at the location (named); 422: a field is missing or wrong (named), the location or an item is not the store's.
        response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: OfflineOrder }), ...errorAnswers(409, 422) },
      },
    }, async (request) => {
      const data = await enterOfflineOrder(request.ctx, io, request.body);
      return { status: 'success', message: `Offline order ${data.order_number} saved.`, data };
    });

    app.get('/admin/offline-orders/products', {
      preHandler: guard,
      schema: {
        tags, security, summary: "The catalogue's items at a location matching the words (up to 10), priced as the store sells them now: the lines staff add to an offline order",
        querystring: Type.Object({ location_id: Type.Integer({ minimum: 1 }), search: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: {
          200: Type.Object({ data: Type.Array(Type.Object({ store_product_id: Type.Integer(), title: Type.String(), sku: Type.String(), price: Type.String(), num_inventory: Type.Integer() })) }),
          ...errorAnswers(422),
        },
      },
    }, async (request) => ({ data: await offlineProductSearch(request.ctx, io, request.query) }));

    app.get('/admin/offline-orders/rate-page', {
      preHandler: guard,
      schema: { tags, security, summary: "The signed-in staff member's rating of the Offline Orders page, and the store's staff's average", response: { 200: Type.Object({ data: PageRating }) } },
    }, async (request) => ({ data: await pageRating(request.ctx) }));

    app.post('/admin/offline-orders/rate-page', {
      preHandler: guard,
      schema: {
        tags, security, summary: 'The signed-in staff member rates the Offline Orders page, 1 to 5 stars with an optional comment (rating again replaces it)',
        body: Type.Object({ rating: Type.Integer({ minimum: -1000, maximum: 1000 }), comment: Type.Optional(Type.String({ maxLength: 1000 })) }),
        response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: PageRating }), ...errorAnswers(422) },
      },
    }, async (request) => ({ status: 'success', message: 'Thank you for rating this page.', data: await ratePage(request.ctx, request.body) }));

    app.get('/admin/offline-orders/:id', {
      preHandler: guard,
      schema: {
        tags, security, summary: 'One offline order with its lines, money, address and note',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) }),
        response: { 200: Type.Object({ data: OfflineOrder }), ...errorAnswers(404) },
      },
    }, async (request) => ({ data: await offlineOrderFor(request.ctx, request.params.id) }));
  };
}
