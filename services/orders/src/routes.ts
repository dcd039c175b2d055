import { Type, type TSchema } from 'typebox';
import { AdminOrder, CustomerOrderSummary, OrderLocations, OrderSummary, PageNumber, PlacedOrder, RecurringOrder, ReorderAnswer } from '@platform/contracts';
import { CONFIRM_WITH_BANK, ORDER_LISTS, PAY_ON_CARD_PAGE, ORDER_PLACED, RECURRING_FREQUENCIES, type OrderListName } from '@platform/domain';
import { AppError, errorAnswers, requireAdmin, storeLinkOrigin, type ServicePlugin } from '@platform/server-kit';
import { acquireSearchIndexes, productDepartments, releaseSearchIndexes } from '@platform/catalogue';
import { CartStore, shopperIdentity } from '@platform/cart';
import { storeOrders } from './service';
import { exportOrders } from './order-export';
import { actOnOrder, addOrderNote, adminView, cancelItem, findOrder, deleteOrderNote, emailCustomer, makeItemSpecial, orderNotes } from './admin-orders';
import { connectReturn, customerOrders, findShopperOrder, paymentReturn, paymentWebhook, placeOrder, redisStore, type CheckoutIo } from './checkout';
import { WEBHOOK_PROVIDERS, type WebhookProvider } from '@platform/payments';
import { buildOrderIndexes } from './order-index';
import { ORDER_SORTS, ORDER_STATUSES } from './order-sort';
import { moveOrder, orderLocations, recordPrepareStep, updateDeliveryDate } from './order-actions';
import { runOnce } from './idempotency';
import { reorder } from './reorder';
import { recurringOrderRoutes } from './recurring/routes';
import { liveOrdersRoutes } from './live-orders';
import { arAccountRoutes } from './ar-accounts/routes';
import { offlineOrderRoutes } from './offline-orders/routes';
import { fraudCheckRoutes } from './fraud-checks/routes';

const DeviceId = Type.String({ pattern: '^[A-Za-z0-9]{10}$' });
/** A day (YYYY-MM-DD) or an instant (ISO 8601 with its offset). */
const DateOrInstant = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2}))?$', maxLength: 40 });

/** Adyen's webhook answer: the text it wants back, else it sends the notification again. */
const ADYEN_ACCEPTED = '[accepted]';
const Received = Type.Object({ received: Type.Boolean() });
/** Each provider's webhook route: what it is, the signature header it reads, and what it answers. */
const PAYMENT_WEBHOOKS: Record<WebhookProvider, { summary: string; headers: Record<string, TSchema>; answer: unknown }> = {
  stripe: {
    summary: "Stripe's events for this store (signed with the store's webhook secret, Stripe-Signature): a payment its bank confirmed places the order waiting for it, a failed one cancels it; a repeated event changes nothing",
    headers: { 'stripe-signature': Type.Optional(Type.String({ maxLength: 2000 })) }, answer: Received,
  },
  adyen: {
    summary: "Adyen's standard notifications for this store (JSON; each item signed with the store's HMAC key, additionalData.hmacSignature): an AUTHORISATION places the order waiting for it (success false cancels it); a capture, cancel or refund that failed after Adyen answered received (CAPTURE, CANCELLATION, REFUND, TECHNICAL_CANCEL with success false; CAPTURE_FAILED, REFUND_FAILED, REFUNDED_REVERSED) is undone on the order's payment with a note in its history; other events (successful outcomes among them) are accepted and ignored; a repeated notification changes nothing. Answers the text [accepted], as Adyen asks",
    headers: {}, answer: { description: 'Accepted (Adyen sends the notification again until it reads this)', content: { 'text/plain': { schema: Type.Literal(ADYEN_ACCEPTED) } } },
  },
  authorize_net: {
    summary: "Authorize.Net's webhooks for this store (JSON, X-ANET-Signature: sha512= HMAC-SHA512 of the body under the store's Signature Key): a payment event for an order waiting for it settles it, others are received and ignored; a repeated notification changes nothing",
    headers: { 'x-anet-signature': Type.Optional(Type.String({ maxLength: 200 })) }, answer: Received,
  },
  fiserv: {
    summary: "Fiserv Connect's notification for this store (transactionNotificationURL: the answer's fields, urlencoded, signed with notification_hash under the store's shared secret): an approved payment places the order waiting for it, a declined or failed one cancels it; a repeated notification changes nothing",
    headers: {}, answer: Received,
  },
};

export const ordersRoutes: ServicePlugin = async (app) => {
  // The cart is priced from the catalogue's in-memory indexes, shared in this process (as the cart service does).
  const catalogue = await acquireSearchIndexes(app.resources, (err) => app.log.error({ err }, 'search index refresh failed'));
  app.addHook('onClose', () => releaseSearchIndexes(app.resources));
  const io: CheckoutIo = {
    resources: app.resources,
    cart: { redis: app.resources.redis, prefix: app.resources.queuePrefix, catalogue, carts: new CartStore(app.resources.redis, app.resources.queuePrefix) },
  };
  // Order lists in Redis are built from the database for every store that lacks them, in the background.
  void buildOrderIndexes(redisStore(io)).catch((err) => app.log.error({ err }, 'order lists could not be built'));
  await app.register(recurringOrderRoutes(catalogue));
  await app.register(liveOrdersRoutes());
  await app.register(arAccountRoutes(io));
  await app.register(offlineOrderRoutes(io));
  await app.register(fraudCheckRoutes(io));

  const ListFilters = Type.Object({
    page: PageNumber,
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    location_id: Type.Optional(Type.Integer({ minimum: 1 })),
    order_type: Type.Optional(Type.Union([Type.Literal('pickup'), Type.Literal('delivery'), Type.Literal('shipping')])),
    from_date: Type.Optional(DateOrInstant),
    to_date: Type.Optional(DateOrInstant),
    search: Type.Optional(Type.String({ maxLength: 100, description: 'An order number, an e-mail, a phone, or words of the name' })),
    sort: Type.Optional(Type.Union(ORDER_SORTS.map((k) => Type.Literal(k)), { default: 'placed_at', description: 'The order of the list: date placed, order number, customer name, total, or (outstanding only) the pickup or delivery date' })),
    direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc', description: 'Descending (newest, highest, Z first) unless asc' })),
    status: Type.Optional(Type.String({ maxLength: 100, pattern: `^(${ORDER_STATUSES.join('|')})(,(${ORDER_STATUSES.join('|')}))*$`, description: `Only orders in these statuses, comma-separated: ${ORDER_STATUSES.join(', ')}` })),
  });
  const LIST_SUMMARIES: Record<OrderListName, string> = {
    outstanding: 'Orders still to be filled', completed: 'Completed orders', cancelled: 'Cancelled orders', all: 'Every order',
  };
  app.get('/admin/orders/csv', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: 'The orders of a list (order_filters: outstanding, completed, cancelled or all) with its filters, as CSV, newest first', security: [{ bearer: [] }],
      querystring: Type.Object({ order_filters: Type.Union(ORDER_LISTS.map((l) => Type.Literal(l)), { default: 'all' }), ...Type.Omit(ListFilters, ['page', 'limit']).properties }),
      response: { 200: { description: 'The orders as CSV', content: { 'text/csv': { schema: Type.String() } } }, ...errorAnswers(400, 422) },
    },
  }, async (request, reply) => {
    const { order_filters: list, ...filters } = request.query;
    const csv = await exportOrders(request.ctx, io, list, filters);
    const day = new Date().toISOString().slice(0, 10);
    // A stream is sent as it is; the schema's string is what the document says the body is.
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="orders-${list}-${day}.csv"`).send(csv as unknown as string);
  });

  for (const list of ORDER_LISTS) {
    app.get(`/admin/orders/${list}`, {
      preHandler: requireAdmin,
      schema: {
        tags: ['orders'], summary: `${LIST_SUMMARIES[list]}, newest first unless sorted otherwise: by location, fulfilment type, status, dates placed, and a search`, security: [{ bearer: [] }],
        querystring: ListFilters,
        response: { 200: Type.Object({ data: Type.Array(OrderSummary), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer() }), ...errorAnswers(400, 422) },
      },
    }, async (request) => storeOrders(request.ctx, io, list, request.query));
  }

  app.post('/customer/orders/submit', {
    schema: {
      tags: ['orders'], summary: "Places the shopper's cart as an order (guests by device_id, customers by token)",
      body: Type.Object({
        device_id: Type.Optional(DeviceId),
        order_type: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
        first_name: Type.String({ maxLength: 100 }),
        last_name: Type.String({ maxLength: 100 }),
        email: Type.String({ maxLength: 200 }),
        telephone: Type.String({ maxLength: 20 }),
        payment_method: Type.String({ maxLength: 40 }),
        // Adyen's Drop-in data (its encrypted card fields and a billing address) runs to a few thousand characters.
        payment_token: Type.Optional(Type.String({ maxLength: 8192, description: "The card provider's token from its form (Adyen: the Drop-in's paymentMethod or whole state.data as JSON), or one of the signed-in shopper's saved cards (its source)" })),
        save_card: Type.Optional(Type.Boolean({ description: 'Keep the card in the signed-in shopper\'s account (refused for guests and where the store does not save cards)' })),
        note: Type.Optional(Type.String({ maxLength: 1000 })),
        expected_total: Type.Optional(Type.String({ maxLength: 20 })),
        recurring: Type.Optional(Type.Object({ frequency: Type.Union(RECURRING_FREQUENCIES.map((f) => Type.Literal(f))) }, { description: "'Repeat this order': signed-in shoppers, pickup or delivery, paid at the store or by a saved card (or one saved now)" })),
      }),
      // One key per checkout attempt (the checkout sends one): a repeat of the attempt gets the first answer.
      headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_:-]{8,100}$' })) }),
      response: {
        200: Type.Object({ status: Type.Boolean(), message: Type.String(), order: PlacedOrder, recurring_order: Type.Optional(Type.Union([RecurringOrder, Type.Null()])) }),
        202: Type.Object({
          status: Type.Boolean(), message: Type.String(),
          confirm: Type.Object({
            order_id: Type.String(), redirect_url: Type.String({ description: "The bank's page; it sends the shopper back to /cart?payment={order_id}" }),
            form: Type.Optional(Type.Object({
              action_url: Type.String(), fields: Type.Record(Type.String(), Type.String(), { description: 'Every field to post, hashExtended included; change none' }),
            }, { description: "Fiserv Connect (payment_token fiserv_connect): the browser posts these fields to action_url, Connect's card page; its answer comes back through payments/fiserv/return to /cart?payment={order_id}" })),
          }),
        }, { description: 'The card needs its bank\'s confirmation (3-D Secure), or the shopper pays on the provider\'s page (Fiserv Connect): the order waits, its stock held, until the shopper is back (customer/orders/callback/{id})' }),
        ...errorAnswers(403, 409, 422, 503),
      },
    },
  }, async (request, reply) => {
    const who = shopperIdentity(request.ctx, request.body);
    const attempt = request.headers['idempotency-key'];
    const key = attempt ? `${app.resources.queuePrefix}:order-attempt:${request.ctx.tenantId}:${who.customerSlug ?? `device:${who.deviceId}`}:${attempt}` : null;
    const { answer, replayed } = await runOnce(app.resources.redis, key, request.body, async () => {
      // The store's address as the shopper used it (never a forged one): the e-mails link the order there.
      const outcome = await placeOrder(request.ctx, io, who, request.body, await storeLinkOrigin(request));
      return outcome.order ? { status: true, message: ORDER_PLACED, order: outcome.order, ...(request.body.recurring ? { recurring_order: outcome.recurring ?? null } : {}) } :  { status: false, message: outcome.confirm!.form ? PAY_ON_CARD_PAGE : CONFIRM_WITH_BANK, confirm: outcome.confirm! };
    });
    if (replayed) reply.header('idempotent-replayed', 'true');
    if (answer.confirm) return reply.code(202).send({ status: answer.status, message: answer.message, confirm: answer.confirm });
    return answer;
  });

  app.post('/customer/orders/callback/:id', {
    schema: {
      tags: ['orders'], summary: "The shopper is back from their bank's page (3-D Secure): the order waiting for it is placed if the card provider holds the payment, else cancelled and the cart kept",
      params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) }),
      body: Type.Object({
        device_id: Type.Optional(DeviceId),
        // Adyen's redirectResult from the return address: the outcome is read from Adyen with it (payments/details).
        redirectResult: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
      }),
      response: { 200: Type.Object({ status: Type.Boolean(), message: Type.String(), order: PlacedOrder }), ...errorAnswers(409, 422, 503) },
    },
  }, async (request) => {
    const order = await paymentReturn(request.ctx, io, shopperIdentity(request.ctx, request.body), request.params.id, await storeLinkOrigin(request), request.body.redirectResult);
    return { status: true, message: ORDER_PLACED, order };
  });

  // Provider webhooks: verified over the raw body with the store's secret for the provider, so these routes read the body as it came.
  await app.register(async (hooks) => {
    const raw = (_request: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, raw);
    hooks.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, raw);
    for (const name of WEBHOOK_PROVIDERS) {
      const hook = PAYMENT_WEBHOOKS[name];
      hooks.post(`/payments/webhook/${name}`, {
        schema: {
          tags: ['orders'], summary: hook.summary,
          headers: Type.Object(hook.headers),
          // 400: not verified (no or a wrong signature, no secret for this provider, the store not on it); 409: the order is being settled at this moment (sent again later); 422/503: the provider could not be asked.
          response: { 200: hook.answer, ...errorAnswers(409, 422, 503) },
        },
      }, async (request, reply) => {
        await paymentWebhook(request.ctx, io, name, request.body as Buffer, request.headers, await storeLinkOrigin(request));
        // Adyen wants the text [accepted] (it sends the notification again otherwise); the others a 2xx.
        return name === 'adyen' ? reply.type('text/plain; charset=utf-8').send(ADYEN_ACCEPTED) : { received: true };
      });
    }
    hooks.post('/payments/fiserv/return', {
      schema: {
        tags: ['orders'],
        summary: "The shopper's browser back from Fiserv Connect's payment page (Connect posts its answer, signed with response_hash, to responseSuccessURL / responseFailURL): the order waiting for it is placed if Fiserv holds the payment, else cancelled; the browser is sent on to /cart?payment={order id}, which shows the outcome",
        response: {
          303: { description: 'On to the cart page, which asks customer/orders/callback/{id} for the outcome', headers: { location: { type: 'string' } }, type: 'null' },
          // 400: not verified; 404: no such order at this store; 409: being settled at this moment; 422/503: Fiserv could not be asked.
          ...errorAnswers(409, 422, 503),
        },
      },
    }, async (request, reply) => {
      const origin = await storeLinkOrigin(request);
      const orderId = await connectReturn(request.ctx, io, request.body as Buffer, request.headers, origin);
      return reply.code(303).header('location', `${origin}/cart?payment=${orderId}`).send();
    });
  });

  app.get('/orders/order', {
    schema: {
      tags: ['orders'], summary: "One order of the shopper (their account, or the guest device that placed it), by order_number or by spec 2's `param` (the same number)",
      querystring: Type.Object({
        order_number: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
        param: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: "Spec 2 §7's name for the order's number; order_number wins when both come" })),
        device_id: Type.Optional(DeviceId),
      }),
      response: { 200: Type.Object({ data: PlacedOrder }) },
    },
  }, async (request) => {
    const orderNumber = request.query.order_number ?? request.query.param;
    if (!orderNumber) throw new AppError('invalid', 'The given data was invalid.', { order_number: ['Please give the order number (order_number or param).'] });
    return { data: await findShopperOrder(request.ctx, io, shopperIdentity(request.ctx, request.query), orderNumber) };
  });

  app.post('/orders/reorder', {
    schema: {
      tags: ['orders'], summary: "Buy again: the shopper's own order's lines go back into their cart at the order's store (prices and stock as they are now); lines that cannot be added are named",
      body: Type.Object({ order_number: Type.String({ minLength: 1, maxLength: 20 }), device_id: Type.Optional(DeviceId) }),
      response: { 200: ReorderAnswer, ...errorAnswers(403) },
    },
  }, async (request) => reorder(request.ctx, io, shopperIdentity(request.ctx, request.body), request.body.order_number));

  app.get('/orders', {
    schema: {
      tags: ['orders'], summary: "The signed-in customer's orders, newest first (customer_slug is the caller's own)", security: [{ bearer: [] }],
      querystring: Type.Object({
        customer_slug: Type.Optional(Type.String({ maxLength: 100 })),
        page: PageNumber,
        limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
      }),
      response: { 200: Type.Object({ data: Type.Array(CustomerOrderSummary), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer() }) },
    },
  }, async (request) => customerOrders(request.ctx, io, request.query));

  const OrderId = Type.String({ minLength: 1, maxLength: 40 });
  app.get('/admin/orders/:id', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: "One order of the store, with what can be done to it now and each line's department (the pick list's groups)", security: [{ bearer: [] }], params: Type.Object({ id: OrderId }),
      response: { 200: Type.Object({ data: Type.Intersect([AdminOrder, Type.Object({ departments: Type.Record(Type.String(), Type.String(), { description: "Each line's (items[].id) department in the catalogue; lines of products it no longer has are left out" }) })]) }) },
    },
  }, async (request) => {
    const order = await findOrder(request.ctx, request.params.id);
    const found = await productDepartments(request.ctx, catalogue, order.items.map((l) => l.productId), order.locationId);
    const view = await adminView(request.ctx, order);
    const departments = Object.fromEntries(order.items.flatMap((l, i) => (found.has(l.productId) ? [[view.items[i].id, found.get(l.productId)!]] : [])));
    return { data: { ...view, departments } };
  });

  const OrderNote = Type.Object({ id: Type.String(), text: Type.String(), at: Type.String(), by: Type.Union([Type.String(), Type.Null()]) });
  const NotesAnswer = Type.Object({ status: Type.String(), message: Type.String(), data: Type.Array(OrderNote) });
  app.get('/admin/orders/:id/notes', {
    preHandler: requireAdmin,
    schema: { tags: ['orders'], summary: "The staff's notes on an order, oldest first (the shopper never sees them)", security: [{ bearer: [] }], params: Type.Object({ id: OrderId }), response: { 200: Type.Object({ data: Type.Array(OrderNote) }) } },
  }, async (request) => ({ data: await orderNotes(request.ctx, request.params.id) }));
  app.post('/admin/orders/:id/note', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: 'Adds a staff note to an order, signed by its writer', security: [{ bearer: [] }],
      params: Type.Object({ id: OrderId }), body: Type.Object({ note: Type.String({ maxLength: 1000 }) }), response: { 200: NotesAnswer, ...errorAnswers(409, 422) },
    },
  }, async (request) => addOrderNote(request.ctx, io, request.params.id, request.body.note));
  app.delete('/admin/orders/:id/note', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: 'Removes one staff note from an order', security: [{ bearer: [] }],
      params: Type.Object({ id: OrderId }), querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) }), response: { 200: NotesAnswer, ...errorAnswers(409) },
    },
  }, async (request) => deleteOrderNote(request.ctx, io, request.params.id, request.query.id));

  const ActionAnswer = { 200: Type.Object({ status: Type.String(), message: Type.String(), data: AdminOrder }) };
  /** Every action waits its turn on the order's lock and must suit the order's status (409). */
  const StepAnswer = { ...ActionAnswer, ...errorAnswers(409) };
  app.post('/admin/orders/order-taken', {
    preHandler: requireAdmin,
    schema: { tags: ['orders'], summary: 'The store takes a new order; the shopper is told (e-mail, and a text where they get texts)', security: [{ bearer: [] }], body: Type.Object({ id: OrderId }), response: StepAnswer },
  }, async (request) => actOnOrder(request.ctx, io, request.body.id, 'take'));
  app.post('/admin/orders/markPrepared', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: 'The order is ready (collected, out for delivery or packed); the shopper is told (e-mail, and a text where they get texts: docs/SHOPPER-NOTICES.md)', security: [{ bearer: [] }],
      body: Type.Object({
        id: OrderId, deliveryMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
        subAccountId: Type.Optional(Type.String({ maxLength: 100, description: "The staff member (a sub-account's slug) who prepared it, kept on the order's history" })),
      }),
      // 422: subAccountId is not one of the store's staff accounts.
      response: { ...StepAnswer, ...errorAnswers(409, 422) },
    },
  }, async (request) => actOnOrder(request.ctx, io, request.body.id, 'prepare', { deliveryMinutes: request.body.deliveryMinutes, subAccountId: request.body.subAccountId }));
  app.post('/admin/orders/markComplete', {
    preHandler: requireAdmin,
    schema: { tags: ['orders'], summary: 'The shopper has the order', security: [{ bearer: [] }], body: Type.Object({ id: OrderId }), response: StepAnswer },
  }, async (request) => actOnOrder(request.ctx, io, request.body.id, 'complete'));
  app.post('/admin/orders/cancel', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: 'Cancels an order with a reason: its stock goes back and the shopper is told (e-mail, and a text where they get texts: docs/SHOPPER-NOTICES.md)', security: [{ bearer: [] }],
      body: Type.Object({ id: OrderId, reason: Type.String({ maxLength: 500 }) }),
      // 422: no reason, or the card payment cannot be given back (refused; the store no longer has its card provider); 503: the provider did not answer.
      response: { ...ActionAnswer, ...errorAnswers(409, 422, 503) },
    },
  }, async (request) => actOnOrder(request.ctx, io, request.body.id, 'cancel', { reason: request.body.reason }));
  app.post('/admin/orders/cancelItem/:itemId', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: "Cancels some units of one line of an outstanding order: their stock goes back, the card is refunded their share (never more than captured), the shopper is told (e-mail, and a text where they get texts: docs/SHOPPER-NOTICES.md)",
      security: [{ bearer: [] }],
      params: Type.Object({ itemId: Type.String({ maxLength: 40, description: "The line's id from the order (items[].id)" }) }),
      body: Type.Object({ qty: Type.Integer({ minimum: 1, maximum: 9999 }) }),
      // 409: the order is completed or cancelled (or being changed); 422: more than the line has left, or the refund refused; 503: the provider did not answer.
      response: { ...ActionAnswer, ...errorAnswers(409, 422, 503) },
    },
  }, async (request) => cancelItem(request.ctx, io, request.params.itemId, request.body.qty));

  app.post('/admin/orders/makeItemSpecial/:itemId', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: 'The shelf is short: some units of a stocked line of an outstanding order are ordered from the supplier instead (a special-order line); the shopper is told (e-mail, and a text where they get texts: docs/SHOPPER-NOTICES.md)',
      security: [{ bearer: [] }],
      params: Type.Object({ itemId: Type.String({ maxLength: 40, description: "The line's id from the order (items[].id)" }) }),
      body: Type.Object({ qty: Type.Integer({ minimum: 1, maximum: 9999 }) }),
      response: { ...ActionAnswer, ...errorAnswers(409, 422) },
    },
  }, async (request) => makeItemSpecial(request.ctx, io, request.params.itemId, request.body.qty));

  app.post('/admin/orders/:id/prepareStep/:step', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: 'Records where preparing stands (picking, picked, packed): a new or taken order becomes being prepared; kept in the history with who and when', security: [{ bearer: [] }],
      params: Type.Object({ id: OrderId, step: Type.String({ maxLength: 20, description: 'picking, picked or packed' }) }),
      // 409: the order is ready, completed or cancelled; 422: not a step.
      response: { ...ActionAnswer, ...errorAnswers(409, 422) },
    },
  }, async (request) => recordPrepareStep(request.ctx, io, request.params.id, request.params.step));
  app.post('/admin/orders/updateDeliveryDate', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: 'Sets the day a delivery, a parcel or the special-order items are expected (and a time of day); the shopper sees it on the order and is told (e-mail, and a text where they get texts)', security: [{ bearer: [] }],
      body: Type.Object({
        id: OrderId, delivery_date: Type.String({ maxLength: 20, description: 'YYYY-MM-DD, today or later' }),
        delivery_window: Type.Optional(Type.String({ maxLength: 40, description: "A time of day, such as '9am-noon'" })),
      }),
      // 409: completed or cancelled; 422: not a day, a past day, or a pickup order with no special-order items.
      response: { ...ActionAnswer, ...errorAnswers(409, 422) },
    },
  }, async (request) => updateDeliveryDate(request.ctx, io, request.body.id, request.body));
  app.get('/admin/orders/:id/location', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: "The order's store, and whether each other location has every stocked line in stock now", security: [{ bearer: [] }],
      params: Type.Object({ id: OrderId }), response: { 200: Type.Object({ data: OrderLocations }) },
    },
  }, async (request) => ({ data: await orderLocations(request.ctx, io, request.params.id) }));
  app.post('/admin/orders/:id/location', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: "Moves an outstanding order to another location: its stocked lines are taken there (all or none) and given back at the old one; the shopper is told (e-mail, and a text where they get texts: docs/SHOPPER-NOTICES.md)", security: [{ bearer: [] }],
      params: Type.Object({ id: OrderId }), body: Type.Object({ location_id: Type.Integer({ minimum: 1 }) }),
      // 409: ready, completed or cancelled, or the new location is short of a line (named); 422: not a location of the store, or the order's own.
      response: { ...ActionAnswer, ...errorAnswers(409, 422) },
    },
  }, async (request) => moveOrder(request.ctx, io, request.params.id, request.body.location_id));

  app.post('/admin/orders/:id/email', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: "E-mails the order's customer from the store (replies go to the store's contact address)", security: [{ bearer: [] }],
      params: Type.Object({ id: OrderId }), body: Type.Object({ subject: Type.String({ maxLength: 150 }), body: Type.String({ maxLength: 5000 }) }), response: { ...ActionAnswer, ...errorAnswers(422) },
    },
  }, async (request) => emailCustomer(request.ctx, io, request.params.id, request.body));
};
