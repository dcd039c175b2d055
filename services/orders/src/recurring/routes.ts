import { Type } from 'typebox';
import { Worker } from 'bullmq';
import { AddressInput, Address, PageNumber, RecurringOrder, RecurringProductChoice, ShippingQuote } from '@platform/contracts';
import { dayStartMs, RECURRING_FREQUENCIES, RECURRING_FREQUENCY_LABELS, RECURRING_NOT_OFFERED, runAtMs, upcomingRunDays } from '@platform/domain';
import { QUEUE_NAMES, recurringRepeatStrategy, type RecurringOrderJob } from '@platform/queue';
import type { SearchIndexRegistry } from '@platform/catalogue';
import { CartStore } from '@platform/cart';
import { getBusinessDetails } from '@platform/tenant-settings';
import { AppError, errorAnswers, loadConfig, requireAdmin, storeLinkOrigin, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { storeLocations } from '../checkout';
import {
  buildRecurringLists, cancelAllRecurringOrders, cancelRecurringOrder, recurringCustomer, recurringOrderFor, shopperRecurringOrders, skipRun, storeRecurringOrders,
} from './recurring-orders';
import { recurringOrderJobs } from './runs';
import { recurringProductChoices, recurringShippingQuotes, updateRecurringOrder } from './changes';

const Frequency = Type.Union(RECURRING_FREQUENCIES.map((f) => Type.Literal(f)));
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Id = Type.String({ pattern: '^[0-9a-f]{24}$' });
const tags = ['recurring orders'];
const bearer = [{ bearer: [] }];
const Answer = Type.Object({ status: Type.String(), message: Type.String(), data: RecurringOrder });
const NOT_A_DAY = 'Please give a real date.';

const storeNames = async (ctx: RequestContext) => storeLocations(ctx);
const warnOf = (request: { log: { warn: (details: object, message: string) => void } }) => (details: Record<string, unknown>, message: string) => request.log.warn(details, message);

const ChangedLines = Type.Array(Type.Object({
  store_product_id: Type.Integer({ minimum: 1 }),
  quantity: Type.Number({ description: 'A whole number within the product\'s limits; 0 removes the line' }),
}), { maxItems: 100, description: "The lines to keep with their quantities (store_product_id as get-recurring-orders answers it); a line left out, or at 0, is removed; one must stay. A product not in it yet (store_product_id as recurring-order-products answers it) is added: one the store sells at the recurring order's location" });
/** A change of a recurring order by the store (admin/recurringorders/update): only the parts sent change. */
const StoreChangeBody = Type.Object({
  id: Id,
  frequency: Type.Optional(Type.String({ maxLength: 40, description: 'weekly, every-2-weeks, every-4-weeks or monthly (as recurring-order-dates)' })),
  address: Type.Optional(AddressInput),
  shipping_quote_id: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  items: Type.Optional(ChangedLines),
});
/** The shopper's change (update-recurring-order): the store's parts, and the card each run is charged to. */
const ChangeBody = Type.Object({
  ...StoreChangeBody.properties,
  card_source: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: "One of the shopper's saved cards (source as customer-cards answers it) at the store's card provider; one paid at the store switches to it" })),
  payment_method: Type.Optional(Type.Union([Type.Literal('card'), Type.Literal('pay_at_store')], {
    description: 'pay_at_store: a pickup one is paid at the store from its next run (a delivered or shipped one: 422); card: with card_source',
  })),
});
const ProductsBody = Type.Object({ id: Id, search: Type.String({ minLength: 1, maxLength: 100 }) });
const ProductsAnswer = Type.Object({ data: Type.Array(RecurringProductChoice) });
const QuotesBody = Type.Object({ id: Id, address: Type.Optional(AddressInput), items: Type.Optional(ChangedLines) });
const QuotesAnswer = Type.Object({ status: Type.String(), data: Type.Object({ address: Address, quotes: Type.Array(ShippingQuote), selected_id: Type.Union([Type.String(), Type.Null()]) }) });

/**
 * Recurring orders (spec 2 Recurring orders, spec 3 admin/recurringorders): the shopper's four calls and their change,
 * the admin's four and the store's change (a customer who phoned in), and the worker that places each run. The runs are placed in the API process because checkout prices from
 * the catalogue kept in its memory (docs/ARCHITECTURE.md).
 */
export function recurringOrderRoutes(catalogue: SearchIndexRegistry): ServicePlugin {
  return async (app) => {
    const io = { redis: app.resources.redis, prefix: app.resources.queuePrefix, queues: app.resources.queues };
    const changeIo = { ...io, cart: { redis: io.redis, prefix: io.prefix, catalogue, carts: new CartStore(io.redis, io.prefix) } };
    void buildRecurringLists(io).catch((err) => app.log.error({ err }, 'recurring order lists could not be built'));
    const connection = app.resources.redis.duplicate();
    const worker = new Worker<RecurringOrderJob>(QUEUE_NAMES.recurringOrders, recurringOrderJobs({ resources: app.resources, catalogue, publicUrl: loadConfig().publicUrl }), {
      connection, prefix: app.resources.queuePrefix, concurrency: 2, settings: { repeatStrategy: recurringRepeatStrategy },
    });
    worker.on('failed', (job, err) => app.log.error({ err }, `recurring order job ${job?.id} failed (attempt ${job?.attemptsMade})`));
    app.addHook('onClose', async () => { await worker.close(); connection.disconnect(); });

    app.post('/recurring-order-dates', {
      schema: {
        tags, summary: 'The coming dates an order repeated at this frequency would be placed on, counted from a day (today unless given)',
        body: Type.Object({ frequency: Frequency, from: Type.Optional(Day) }),
        response: { 200: Type.Object({ data: Type.Object({ frequency: Frequency, label: Type.String(), dates: Type.Array(Type.String()) }) }), ...errorAnswers(422) },
      },
    }, async (request) => {
      if (!(await getBusinessDetails(request.ctx)).recurring_orders_enabled) throw new AppError('unprocessable', RECURRING_NOT_OFFERED, { frequency: [RECURRING_NOT_OFFERED] });
      const from = request.body.from ?? new Date().toISOString().slice(0, 10);
      if (Number.isNaN(dayStartMs(from))) throw new AppError('unprocessable', NOT_A_DAY, { from: [NOT_A_DAY] });
      const { frequency } = request.body;
      return { data: { frequency, label: RECURRING_FREQUENCY_LABELS[frequency], dates: upcomingRunDays(frequency, from, runAtMs(from)) } };
    });

    app.post('/get-recurring-orders', {
      schema: {
        tags, summary: "The signed-in shopper's recurring orders at this store, newest first, with their coming dates and past runs", security: bearer,
        body: Type.Object({ page: Type.Optional(PageNumber), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }),
        response: { 200: Type.Object({ data: Type.Array(RecurringOrder), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer() }), ...errorAnswers(403) },
      },
    }, async (request) => shopperRecurringOrders(request.ctx, io, { page: request.body.page ?? 1, limit: request.body.limit ?? 20 }, await storeNames(request.ctx)));

    app.post('/cancel-recurring-order', {
      schema: {
        tags, summary: "Cancels one of the signed-in shopper's recurring orders, or with a date skips only that coming run", security: bearer,
        body: Type.Object({ id: Id, date: Type.Optional(Day) }),
        response: { 200: Answer, ...errorAnswers(403, 409, 422) },
      },
    }, async (request) => {
      const slug = recurringCustomer(request.ctx);
      const { id, date } = request.body;
      const options = { ownerSlug: slug, stores: await storeNames(request.ctx) };
      const data = date ? await skipRun(request.ctx, io, id, date, options) : await cancelRecurringOrder(request.ctx, io, id, options);
      return { status: 'success', message: date ? `Your order for ${date} will not be placed.` : 'Your recurring order is cancelled.', data };
    });

    app.post('/update-recurring-order', {
      schema: {
        tags, security: bearer,
        summary: "Changes one of the signed-in shopper's recurring orders: how often (frequency), the delivery or shipping address (checked as checkout checks it), the shipping service (shipping_quote_id, one of recurring-order-shipping-quotes' options for the address), the lines (quantities, a line removed, a product of the store added) and how each run is paid: one of the shopper's saved cards (card_source) or, for a pickup, at the store (payment_method pay_at_store). Every part is checked before anything changes; the change is kept on its history (changes) and the next runs place it",
        body: ChangeBody,
        // 403: a store account; 404: not one of the shopper's; 409: cancelled, or a run is being placed; 422: by field (a card not theirs, paying at the store for a delivery), nothing changed; 503: the carrier or card provider did not answer.
        response: { 200: Answer, ...errorAnswers(403, 409, 422, 503) },
      },
    }, async (request) => {
      const { id, ...change } = request.body;
      const options = { ownerSlug: recurringCustomer(request.ctx), stores: await storeNames(request.ctx), warn: warnOf(request) };
      return { status: 'success', ...(await updateRecurringOrder(request.ctx, changeIo, id, change, options)) };
    });

    app.post('/recurring-order-shipping-quotes', {
      schema: {
        tags, security: bearer,
        summary: "The shipping options for one of the signed-in shopper's shipped recurring orders to an address (checked as checkout checks it), for its lines or the quantities being chosen; selected_id is the option of its service now, null when not offered there. Changes nothing",
        body: QuotesBody,
        response: { 200: QuotesAnswer, ...errorAnswers(403, 409, 422, 503) },
      },
    }, async (request) => {
      const { id, ...input } = request.body;
      const options = { ownerSlug: recurringCustomer(request.ctx), warn: warnOf(request) };
      return { status: 'success', data: await recurringShippingQuotes(request.ctx, changeIo, id, input, options) };
    });

    app.post('/recurring-order-products', {
      schema: {
        tags, security: bearer,
        summary: "The products of the store of one of the signed-in shopper's recurring orders matching the words (up to 10; hidden ones left out), with today's price, whether the order has it, and why one cannot be added: what update-recurring-order's items may add. Changes nothing",
        body: ProductsBody,
        response: { 200: ProductsAnswer, ...errorAnswers(403, 409) },
      },
    }, async (request) => ({ data: await recurringProductChoices(request.ctx, changeIo, request.body.id, request.body.search, { ownerSlug: recurringCustomer(request.ctx) }) }));

    app.post('/cancel-all-recurring-orders', {
      schema: {
        tags, summary: "Cancels every active recurring order of the signed-in shopper at this store", security: bearer,
        response: { 200: Type.Object({ status: Type.String(), message: Type.String(), cancelled: Type.Integer() }), ...errorAnswers(403, 409) },
      },
    }, async (request) => {
      const cancelled = await cancelAllRecurringOrders(request.ctx, io);
      return { status: 'success', message: cancelled ? `${cancelled === 1 ? 'Your recurring order is' : `All ${cancelled} of your recurring orders are`} cancelled.` : 'You have no recurring orders to cancel.', cancelled };
    });

    app.post('/admin/recurringorders', {
      preHandler: requireAdmin,
      schema: {
        tags, security: bearer,
        summary: "Admin: the store's recurring orders, newest first, by status, store location and a search (customer, e-mail, phone, first order number, item). Staff bound to a location see its own; 403 for another location",
        body: Type.Object({
          page: Type.Optional(PageNumber), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('cancelled'), Type.Literal('all')])), search: Type.Optional(Type.String({ maxLength: 100 })),
          location_id: Type.Optional(Type.Integer({ minimum: 1, description: 'One store location (staff bound to a location: theirs only)' })),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(RecurringOrder), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer(),
            location_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The location listed (a bound staff member\'s own), or null for every location' }),
          }),
          ...errorAnswers(403),
        },
      },
    }, async (request) => storeRecurringOrders(request.ctx, io, {
      page: request.body.page ?? 1, limit: request.body.limit ?? 20, status: request.body.status ?? 'active', search: request.body.search, location_id: request.body.location_id,
    }, await storeNames(request.ctx)));

    app.post('/admin/recurringorders/cancel', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: "Admin: cancels a recurring order (its runs stop; orders already placed stay)", security: bearer,
        body: Type.Object({ id: Id }), response: { 200: Answer, ...errorAnswers(409) },
      },
    }, async (request) => {
      const data = await cancelRecurringOrder(request.ctx, io, request.body.id, { stores: await storeNames(request.ctx) });
      return { status: 'success', message: 'The recurring order is cancelled.', data };
    });

    app.get('/admin/recurringorders/executions', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: 'Admin: one recurring order with its runs (placed, skipped, failed, cancelled) and coming dates', security: bearer,
        querystring: Type.Object({ id: Id }), response: { 200: Type.Object({ data: RecurringOrder }) },
      },
    }, async (request) => ({ data: await recurringOrderFor(request.ctx, request.query.id, await storeNames(request.ctx)) }));

    app.post('/admin/recurringorders/cancel-execution', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: 'Admin: skips one coming run of a recurring order (the customer asked); the others go on', security: bearer,
        body: Type.Object({ id: Id, date: Day }), response: { 200: Answer, ...errorAnswers(409, 422) },
      },
    }, async (request) => {
      const data = await skipRun(request.ctx, io, request.body.id, request.body.date, { stores: await storeNames(request.ctx) });
      return { status: 'success', message: `The order for ${request.body.date} will not be placed.`, data };
    });

    app.post('/admin/recurringorders/update', {
      preHandler: requireAdmin,
      schema: {
        tags, security: bearer,
        summary: "Admin: changes a recurring order for its customer (one who phoned in), as update-recurring-order does and checked the same way: how often, the delivery or shipping address, the shipping service (shipping_quote_id, one of admin/recurringorders/shipping-quotes' options) and the lines (quantities, a line removed, a product of the store added). Not how it is paid: only the customer chooses the card or paying at the store (422 for card_source or payment_method). The history says the store changed it (and which staff member); the customer is e-mailed what changed. Staff bound to a location change that location's only (another's is not found)",
        body: StoreChangeBody,
        // 404: not this store's (or not the bound staff member's location); 409: cancelled, or a run is being placed; 422: by field, nothing changed; 503: the carrier did not answer.
        response: { 200: Answer, ...errorAnswers(409, 422, 503) },
      },
    }, async (request) => {
      const { id, ...change } = request.body;
      const options = { stores: await storeNames(request.ctx), warn: warnOf(request), origin: await storeLinkOrigin(request) };
      return { status: 'success', ...(await updateRecurringOrder(request.ctx, changeIo, id, change, options)) };
    });

    app.post('/admin/recurringorders/products', {
      preHandler: requireAdmin,
      schema: {
        tags, security: bearer,
        summary: "Admin: the products of a recurring order's store matching the words (up to 10; hidden ones left out), as recurring-order-products answers them: what admin/recurringorders/update's items may add. Changes nothing",
        body: ProductsBody,
        response: { 200: ProductsAnswer, ...errorAnswers(409) },
      },
    }, async (request) => ({ data: await recurringProductChoices(request.ctx, changeIo, request.body.id, request.body.search, {}) }));

    app.post('/admin/recurringorders/shipping-quotes', {
      preHandler: requireAdmin,
      schema: {
        tags, security: bearer,
        summary: "Admin: the shipping options for a shipped recurring order to an address (checked as checkout checks it), for its lines or the quantities being chosen, as recurring-order-shipping-quotes answers them; selected_id is the option of its service now, null when not offered there. Changes nothing",
        body: QuotesBody,
        response: { 200: QuotesAnswer, ...errorAnswers(409, 422, 503) },
      },
    }, async (request) => {
      const { id, ...input } = request.body;
      return { status: 'success', data: await recurringShippingQuotes(request.ctx, changeIo, id, input, { warn: warnOf(request) }) };
    });
  };
}
