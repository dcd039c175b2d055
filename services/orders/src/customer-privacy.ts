import { Type } from 'typebox';
import { CustomerDataExport } from '@platform/contracts';
import { CUSTOMER_DATA_OWNER_ONLY, ERASED_CONTACT, ERASED_CUSTOMER_NAME, erasedAddress, formatCents, orderSearchTerms } from '@platform/domain';
import { scoped } from '@platform/db';
import { eraseShopper, shopperDataExport } from '@platform/identity';
import { withRedisLock } from '@platform/cart';
import { errorAnswers, requireStoreOwner, type PlatformResources, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { Order } from './models';
import { ensureOrderIndex, indexOrder, orderKeys, type OrderIndexStore } from './order-index';
import { eraseLabelNames } from './shipping-labels/label-index';
import { storeLocations, type CheckoutIo } from './checkout';
import { LOCK } from './admin-orders';
import { orderLock } from './order-lock';
import { eraseRecurringOrdersOf, recurringOrdersOf } from './recurring/recurring-orders';

type Address = { address?: string; address2?: string; city?: string; state?: string; zip?: string } | null | undefined;
type KeptOrder = {
  _id: unknown; orderNumber: string; status: string; locationId: number; placedAt: Date; orderType: string; customerName?: string; note?: string;
  contact?: { firstName?: string; lastName?: string; email?: string; telephone?: string } | null; address?: Address;
  items?: { sku?: string; title?: string; quantity: number; priceCents?: number; cancelledQuantity?: number }[];
  subtotalCents?: number; discountCents?: number; taxCents?: number; fulfilmentCents?: number; totalCents?: number; payment?: { method?: string; status?: string } | null;
};

const addressOut = (a: Address) => (a ? { address: a.address ?? '', address2: a.address2 ?? '', city: a.city ?? '', state: a.state ?? '', zip: a.zip ?? '' } : null);
const addressKey = (a: NonNullable<ReturnType<typeof addressOut>>) => [a.address, a.address2, a.city, a.state, a.zip].map((p) => p.trim().toLowerCase()).join('|');

/** The ids of a customer's orders, newest first, from their list in Redis (My Orders' own list). */
async function customerOrderIds(s: OrderIndexStore, tenantId: string, slug: string): Promise<string[]> {
  await ensureOrderIndex(s, tenantId);
  return s.redis.zrevrange(orderKeys.customer(s, tenantId, slug), 0, -1);
}

/**
 * GET admin/customer/{id}/export: one shopper's personal data as the store holds it, as one JSON file: identity's
 * account, consents and saved cards (brand and last 4 only), their orders (each read by `_id` from their list),
 * their recurring orders, and the addresses those used. No password, code, card token or staff note.
 */
export async function customerDataExport(ctx: RequestContext, s: OrderIndexStore, slug: string): Promise<CustomerDataExport> {
  const shopper = await shopperDataExport(ctx, slug);
  const stores = await storeLocations(ctx);
  const ids = await customerOrderIds(s, ctx.tenantId, shopper.account.id);
  const orders = (await Promise.all(ids.map((id) => Order.findOne(scoped(ctx, { _id: id })).lean()))).filter(Boolean) as unknown as KeptOrder[];
  const recurring = await recurringOrdersOf(s, ctx.tenantId, shopper.account.id);
  const addresses = new Map<string, NonNullable<ReturnType<typeof addressOut>>>();
  for (const a of [...orders.map((o) => addressOut(o.address)), ...recurring.map((r) => addressOut(r.address))]) if (a && !addresses.has(addressKey(a))) addresses.set(addressKey(a), a);
  return {
    exported_at: new Date().toISOString(),
    store: ctx.tenant.name,
    ...shopper,
    addresses: [...addresses.values()],
    orders: orders.map((o) => ({
      order_number: o.orderNumber, placed_at: new Date(o.placedAt).toISOString(), status: o.status, store: stores.get(o.locationId)?.name ?? String(o.locationId), order_type: o.orderType,
      contact: { first_name: o.contact?.firstName ?? '', last_name: o.contact?.lastName ?? '', email: o.contact?.email ?? '', telephone: o.contact?.telephone ?? '' },
      address: addressOut(o.address),
      items: (o.items ?? []).map((l) => ({ title: l.title ?? '', sku: l.sku ?? '', quantity: l.quantity, cancelled_quantity: l.cancelledQuantity ?? 0, price: formatCents(l.priceCents ?? 0) })),
      subtotal: formatCents(o.subtotalCents ?? 0), discount: formatCents(o.discountCents ?? 0), tax: formatCents(o.taxCents ?? 0), delivery_or_shipping: formatCents(o.fulfilmentCents ?? 0),
      total: formatCents(o.totalCents ?? 0), payment: { method: o.payment?.method ?? 'pay_at_store', status: o.payment?.status ?? 'due' }, note: o.note ?? '',
    })),
    recurring_orders: recurring.map((r) => ({
      frequency: r.frequency, status: r.status, order_type: r.orderType, started_from_order: r.firstOrderNumber, address: addressOut(r.address),
      items: (r.items ?? []).map((l) => ({ title: l.title ?? '', sku: l.sku ?? '', quantity: l.quantity })),
    })),
  };
}

/**
 * One order of an erased customer keeps its lines, money, payment and history, and loses what names the person:
 * name, e-mail, phone, the street, city and zip of its address, the shopper's note, the account and device. Its
 * search words, list row and the copy kept in Redis follow; under the order's lock, so no action writes it back.
 */
async function anonymiseOrder(ctx: RequestContext, io: Pick<CheckoutIo, 'resources'>, s: OrderIndexStore, id: string): Promise<boolean> {
  return withRedisLock(io.resources.redis, orderLock(ctx, io as CheckoutIo, id), async () => {
    const order = (await Order.findOne(scoped(ctx, { _id: id })).lean()) as unknown as (KeptOrder & { customerSlug?: string | null }) | null;
    if (!order) return false;
    const erased = { customerName: ERASED_CUSTOMER_NAME, contact: { ...ERASED_CONTACT }, address: erasedAddress(order.address), note: '', customerSlug: null, deviceId: null };
    await Order.updateOne(scoped(ctx, { _id: id }), { $set: erased });
    const oldWords = orderSearchTerms({ orderNumber: order.orderNumber, customerName: order.customerName, email: order.contact?.email, telephone: order.contact?.telephone });
    const multi = s.redis.multi();
    for (const word of oldWords) multi.zrem(orderKeys.find(s, ctx.tenantId, word), id);
    multi.del(orderKeys.doc(s, ctx.tenantId, id));
    await indexOrder(s, ctx.tenantId, { ...order, ...erased } as never, multi);
    await multi.exec();
    await eraseLabelNames(s, ctx, id, ERASED_CUSTOMER_NAME);
    return true;
  }, LOCK);
}

/**
 * POST admin/customer/{id}/delete: the store erases one shopper's personal data at their request. Their orders are
 * kept with their lines and totals and anonymised first, their recurring orders cancelled and anonymised, then
 * identity forgets the account (saved cards at the card provider, sessions, the customer lists; they can no longer
 * sign in) and the accounts-closed job has the other services forget the rest (saved carts, the open cart,
 * back-in-stock asks, unsubscribe links). A failure part-way leaves the account, so the owner can run it again.
 */
export async function eraseCustomer(ctx: RequestContext, io: Pick<CheckoutIo, 'resources'>, s: OrderIndexStore, slug: string) {
  const shopper = await shopperDataExport(ctx, slug); // not found: 404 before anything changes
  const name = `${shopper.account.first_name} ${shopper.account.last_name}`.trim() || shopper.account.email;
  const ids = await customerOrderIds(s, ctx.tenantId, slug);
  let orders = 0;
  for (const id of ids) if (await anonymiseOrder(ctx, io, s, id)) orders += 1;
  await s.redis.del(orderKeys.customer(s, ctx.tenantId, slug), orderKeys.addresses(s, ctx.tenantId, slug)); // their orders are no longer theirs, nor those addresses
  const recurring = await eraseRecurringOrdersOf(ctx, { ...s, queues: io.resources.queues }, slug, { ...ERASED_CONTACT });
  await eraseShopper(ctx, { ...s, queues: io.resources.queues }, slug);
  return {
    status: 'success',
    message: `${name}'s personal data has been deleted. ${orders === 1 ? 'Their order is' : `Their ${orders} orders are`} kept without it.`,
    data: { orders, recurring_orders: recurring },
  };
}

/** The owner's two privacy calls on one shopper (the Customers area): export their data, delete it. */
export const customerPrivacyRoutes: ServicePlugin = async (app) => {
  const resources: PlatformResources = app.resources;
  const store: OrderIndexStore = { redis: resources.redis, prefix: resources.queuePrefix };
  const ownerOnly = requireStoreOwner(CUSTOMER_DATA_OWNER_ONLY);
  const params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: "The account's slug" }) });

  app.get('/admin/customer/:id/export', {
    preHandler: ownerOnly,
    schema: {
      tags: ['customers'], security: [{ bearer: [] }], params,
      summary: "Store owner: one shopper's personal data as a JSON file (account, consents, addresses, orders, recurring orders, saved cards as brand and last 4)",
      response: { 200: CustomerDataExport, ...errorAnswers(404) },
    },
  }, async (request, reply) => {
    const data = await customerDataExport(request.ctx, store, request.params.id);
    return reply.header('content-disposition', `attachment; filename="customer-${data.account.id}-${data.exported_at.slice(0, 10)}.json"`).send(data);
  });

  app.post('/admin/customer/:id/delete', {
    preHandler: ownerOnly,
    schema: {
      tags: ['customers'], security: [{ bearer: [] }], params,
      summary: "Store owner: deletes one shopper's personal data (after the screen's confirmation): the account, saved cards at the card provider, sessions, saved carts, back-in-stock asks and marketing consent go; orders are kept with their totals and anonymised; recurring orders are cancelled",
      // 409: one of their orders is being changed by staff right now; 503: the card provider did not answer (nothing
      // deleted at identity yet). Asking again goes on from where it stopped.
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: Type.Object({ orders: Type.Integer(), recurring_orders: Type.Integer() }) }), ...errorAnswers(404, 409, 503) },
    },
  }, async (request) => eraseCustomer(request.ctx, { resources }, store, request.params.id));
};
