import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { acquireSearchIndexes, stockLeft, type SearchIndexRegistry } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { identityService } from '@platform/identity';
import { forgetStoreProfile, StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import { RUN_NO_SHIPPING_RATE, RUN_NOT_SHIPPED, RUN_OTHER_SERVICE, RUN_SHIPPING_RATE_DOWN, SHIPPED_ORDERS_PAID_BY_CARD } from '@platform/domain';
import { inBackground } from '@platform/db';
import { Order, ordersService } from '../index';
import { RecurringOrder } from './recurring-orders';
import { placeRun, remindOfRun } from './runs';
import { messagesOf } from '@platform/queue';

/**
 * Recurring orders for shipping: the first order is shipped at checkout as any other; each run ships to the same
 * address, quoted again through the cart's shipping-rate path when it is placed (the rate of its day), by the same
 * service where it is still offered. No rate: the run is skipped with its reason kept and the shopper e-mailed.
 * Against the real database and Redis; the store's table rates, and a stand-in for EasyPost's API that fails.
 */

const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let catalogue: SearchIndexRegistry;
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'rship-a', 'store-id': '1', ...extra });
const contact = { first_name: 'Sam', last_name: 'Park', email: 'sam.park@example.com', telephone: '(503) 555-0188' };
const home = { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'USA' };
const asCustomer = (slug: string) => issueToken(tenantId, { slug }).then((token) => ({ authorization: `Bearer ${token}` }));
const call = (url: string, auth: Record<string, string>, payload: Record<string, unknown> = {}) =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: headers(auth), payload });
const runIo = () => ({ resources: harness.resources, catalogue, publicUrl: 'http://localhost:4300' });
const mails = async (kind: string) =>
  (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).flatMap((j) => messagesOf(j.data)).filter((d) => d.kind === kind && d.tenantId === tenantId);
const stock = async (storeProductId: number) =>
  (await stockLeft({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [storeProductId])).get(storeProductId)!;
const runOrders = (recurringOrderId: string) => inDb(() => Order.countDocuments({ tenantId, recurringOrderId }));

type Rate = { carrier: string; service: string; delivery_days: string; free_over: string | null; bands: { up_to_weight: number | null; fee: string }[] };
const ground = (fee: string): Rate => ({ carrier: 'Store Shipping', service: 'Ground', delivery_days: '3-5 days', free_over: null, bands: [{ up_to_weight: 20, fee }] });
const express = (fee: string): Rate => ({ carrier: 'Store Shipping', service: 'Express', delivery_days: '1-2 days', free_over: null, bands: [{ up_to_weight: 10, fee }] });
/** The owner changes the store's shipping (as Settings does; this process reads it again at once). */
async function setShipping(change: Record<string, unknown>) {
  await inDb(() => StoreProfile.updateOne({ tenantId }, { $set: change }));
  forgetStoreProfile(tenantId);
}

/** A stand-in for EasyPost's HTTP API that is down (500), for a store that connected its EasyPost account. */
let carrier: Server;
const envBefore = process.env.EASYPOST_API_URL;

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService, identityService, tenantSettingsService], 'recurring-shipping');
  tenantId = (await createTenant('rship-a')).id;
  await createCatalogueFixture(tenantId, 'rship-a');
  await StoreProfile.create({ tenantId, business: {
    contact_email: 'hello@rship-a.test', shipping_enabled: true, recurring_orders_enabled: true,
    shipping_settings: { handling_fee: '1.50', table_rates: [ground('8.99'), express('24.99')] },
  } });
  catalogue = await acquireSearchIndexes(harness.resources, () => undefined); // the one the app's checkout prices from
  carrier = createServer((_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'down', errors: [] } }));
  });
  await new Promise<void>((resolve) => carrier.listen(0, '127.0.0.1', resolve));
  process.env.EASYPOST_API_URL = `http://127.0.0.1:${(carrier.address() as AddressInfo).port}/v2/`;
});
afterAll(async () => {
  if (envBefore === undefined) delete process.env.EASYPOST_API_URL; else process.env.EASYPOST_API_URL = envBefore;
  carrier?.close();
  await harness?.close();
});

describe('recurring orders for shipping', () => {
  let recurringId = '';
  let days: string[] = [];

  it('start from a shipped order: its address and shipping service are kept, and the shopper sees them', async () => {
    const sam = await asCustomer('sam-ship');
    expect((await call('add-to-cart', sam, { store_product_id: 21, quantity: 2 })).statusCode).toBe(200);
    expect((await call('shipping-quotes', sam, { customerAddress: home })).json().status).toBe('success');
    expect((await call('select-shipping-quote', sam, { quote_id: 'store-shipping-express' })).statusCode).toBe(200);
    const placed = await call('customer/orders/submit', sam, { order_type: 2, ...contact, payment_method: 'pay_at_store', recurring: { frequency: 'weekly' } });
    expect(placed.statusCode).toBe(200);
    const { order, recurring_order: recurring } = placed.json();
    // The store takes no cards online: a shipped order is paid by phone (payLaterProblem), and so is each run.
    expect(order).toMatchObject({ order_type: 'shipping', shipping_service: 'Store Shipping Express', fulfilment_charge: '26.49',
      payment: { method: 'pay_at_store', label: 'Pay by phone: the store calls you to take payment before it ships' } });
    expect(recurring).toMatchObject({
      order_type: 'shipping', shipping_service: 'Store Shipping Express', first_order_number: order.order_number, payment_method: 'pay_at_store', payment_label: 'Pay by phone',
      address: { address: '12 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97302' },
    });
    recurringId = recurring.id;
    days = recurring.next_dates;
    expect((await call('get-recurring-orders', sam)).json().data).toMatchObject([{ id: recurringId, order_type: 'shipping', shipping_service: 'Store Shipping Express' }]);

    // The day before a run, the shopper reads how it comes.
    expect(await remindOfRun(runIo(), { tenantId, recurringOrderId: recurringId }, days[0]!)).toEqual({ status: 'reminded' });
    const [reminder] = await mails('recurring-reminder');
    expect(reminder.text).toContain('Shipping to 12 Elm St, Salem with Store Shipping Express, at the rate quoted when it is placed. Payment: Pay by phone.');
  });

  it('ships each run to the same address by the same service, at the rate quoted when it is placed', async () => {
    await setShipping({ 'business.shipping_settings.table_rates': [ground('9.99'), express('29.99')] }); // the rates went up since
    const before = await stock(21);
    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: recurringId }, days[0]!);
    expect(outcome).toMatchObject({ status: 'placed', orderNumber: expect.any(String) });
    const run = (await inDb(() => Order.findOne({ tenantId, orderNumber: outcome.orderNumber }).lean())) as unknown as Record<string, any>;
    expect(run).toMatchObject({
      recurringOrderId: recurringId, orderType: 'shipping', shippingService: 'Store Shipping Express', fulfilmentCents: 2999 + 150,
      address: { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'US' }, items: [{ storeProductId: 21, quantity: 2 }],
    });
    expect(await stock(21)).toBe(before - 2);
    const [confirmation] = (await mails('order-confirmation')).filter((m) => String(m.subject).includes(` ${outcome.orderNumber} `));
    expect(confirmation.text).toContain('Shipping to: 12 Elm St, Salem, OR 97302 (Store Shipping Express).');
  });

  it('once the store takes cards online, a shipped order is not paid by phone: checkout and the recurring switch refuse it (422, nothing changed)', async () => {
    await setShipping({ payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_rship', secret_key: sealSecret('sk_test_rship') } } });
    const sam = await asCustomer('sam-ship');
    const refusal = { status: 422, message: SHIPPED_ORDERS_PAID_BY_CARD, errors: { payment_method: [SHIPPED_ORDERS_PAID_BY_CARD] } };
    try {
      expect((await call('add-to-cart', sam, { store_product_id: 21, quantity: 1 })).statusCode).toBe(200);
      expect((await call('shipping-quotes', sam, { customerAddress: home })).json().status).toBe('success');
      expect((await call('select-shipping-quote', sam, { quote_id: 'store-shipping-ground' })).statusCode).toBe(200);
      const [before, orders] = [await stock(21), await inDb(() => Order.countDocuments({ tenantId }))];
      const refused = await call('customer/orders/submit', sam, { order_type: 2, ...contact, payment_method: 'pay_at_store' });
      expect(refused.json()).toEqual(refusal);
      expect([await stock(21), await inDb(() => Order.countDocuments({ tenantId }))]).toEqual([before, orders]);
      const cart = await harness.app.inject({ url: '/api/cart-parcels?order_type=2', headers: headers(sam) });
      expect(cart.json().data.item_count).toBe(1); // the cart is kept

      const mine = async () => (await call('get-recurring-orders', sam)).json().data[0];
      const kept = await mine();
      expect((await call('update-recurring-order', sam, { id: recurringId, payment_method: 'pay_at_store' })).json()).toEqual(refusal);
      expect(await mine()).toEqual(kept);
    } finally {
      await setShipping({ 'payment.payment_provider': null });
    }
  });

  it('ships by the cheapest service quoted when its own is not offered any more, and the order says so', async () => {
    const economy: Rate = { ...ground('6.49'), service: 'Economy', delivery_days: '5-8 days' };
    await setShipping({ 'business.shipping_settings.table_rates': [ground('9.99'), economy] }); // Express dropped
    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: recurringId }, days[1]!);
    expect(outcome.status).toBe('placed');
    const run = (await inDb(() => Order.findOne({ tenantId, orderNumber: outcome.orderNumber }).lean())) as unknown as Record<string, any>;
    expect(run).toMatchObject({ shippingService: 'Store Shipping Economy', fulfilmentCents: 649 + 150 });
    expect(run.note).toContain(RUN_OTHER_SERVICE('Store Shipping Express', 'Store Shipping Economy'));
  });

  it('skips a run with no rate to its address, keeps why, and tells the shopper; nothing is taken', async () => {
    // The store's only rate is for parcels up to 1 lb: two hammers weigh 2.
    await setShipping({ 'business.shipping_settings.table_rates': [{ ...ground('4.99'), bands: [{ up_to_weight: 1, fee: '4.99' }] }] });
    const [before, orders] = [await stock(21), await runOrders(recurringId)];
    const reason = RUN_NO_SHIPPING_RATE('12 Elm St, Salem, OR 97302');
    expect(await placeRun(runIo(), { tenantId, recurringOrderId: recurringId }, days[2]!)).toEqual({ status: 'skipped', reason });
    expect([await stock(21), await runOrders(recurringId)]).toEqual([before, orders]);
    const doc = (await inDb(() => RecurringOrder.findOne({ tenantId, _id: recurringId }).lean())) as unknown as { runs: { day: string; status: string; reason: string }[] };
    expect(doc.runs[0]).toMatchObject({ day: days[2], status: 'skipped', reason });
    const [sam] = (await call('get-recurring-orders', await asCustomer('sam-ship'))).json().data;
    expect(sam.runs[0]).toEqual({ date: days[2], status: 'skipped', order_number: null, reason });
    const told = (await mails('recurring-not-placed')).filter((m) => m.to === contact.email);
    expect(told).toHaveLength(1);
    expect(told[0].subject).toBe(`Your recurring order for ${days[2]} at rship-a store was not placed`);
    expect(told[0].text).toContain(reason);
    // The same day again places nothing and tells nobody again.
    expect(await placeRun(runIo(), { tenantId, recurringOrderId: recurringId }, days[2]!)).toEqual({ status: 'skipped', reason });
    expect((await mails('recurring-not-placed')).filter((m) => m.to === contact.email)).toHaveLength(1);
  });

  it("waits for a carrier that does not answer while the queue will try again, and skips on the last try", async () => {
    await setShipping({ shippingCarrier: { adapter: 'easypost', apiKey: sealSecret('EZTKrship123') } });
    const orders = await runOrders(recurringId);
    await expect(placeRun(runIo(), { tenantId, recurringOrderId: recurringId }, days[3]!, { lastAttempt: false })).rejects.toMatchObject({ type: 'unavailable' });
    const doc = (await inDb(() => RecurringOrder.findOne({ tenantId, _id: recurringId }).lean())) as unknown as { runs: { day: string }[] };
    expect(doc.runs.map((r) => r.day)).not.toContain(days[3]);
    expect(await placeRun(runIo(), { tenantId, recurringOrderId: recurringId }, days[3]!, { lastAttempt: true })).toEqual({ status: 'skipped', reason: RUN_SHIPPING_RATE_DOWN });
    expect(await runOrders(recurringId)).toBe(orders);
  });

  it('skips a run once the store stops shipping', async () => {
    await setShipping({ shippingCarrier: null, 'business.shipping_enabled': false });
    const day = (await call('get-recurring-orders', await asCustomer('sam-ship'))).json().data[0].next_dates.at(-1);
    expect(await placeRun(runIo(), { tenantId, recurringOrderId: recurringId }, day)).toEqual({ status: 'skipped', reason: RUN_NOT_SHIPPED });
  });
});
