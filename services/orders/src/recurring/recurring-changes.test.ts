import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Job } from 'bullmq';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { acquireSearchIndexes, Product, type SearchIndexRegistry } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { identityService } from '@platform/identity';
import { StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import {
  OUTSIDE_DELIVERY_AREA, RECURRING_ALREADY_CANCELLED, RECURRING_CHANGED, RECURRING_CHOOSE_FREQUENCY, RECURRING_KEEP_ONE_ITEM, RECURRING_NOT_FOUND,
  RECURRING_NOT_SOLD_HERE, RECURRING_NOTHING_CHANGED, RECURRING_ONLY_SHIPPED_SERVICE, RECURRING_PICKUP_NO_ADDRESS, RECURRING_SERVICE_NOT_QUOTED,
  runAtMs, upcomingRunDays,
} from '@platform/domain';
import { inBackground } from '@platform/db';
import { Order, ordersService } from '../index';
import { SHIP_WITHIN_US } from '../checkout-steps';
import { placeRun } from './runs';

/**
 * A shopper changes a recurring order (update-recurring-order): how often, the address, the shipping service and the
 * lines' quantities. Each part is checked as checkout checks it, a refusal changes nothing, the change is kept on its
 * history, the store's list shows it, and the next run places what it now says. Against the real database and Redis.
 */

const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let otherTenantId: string;
let catalogue: SearchIndexRegistry;
const HAMMER = 21;
const DRILL = 11;
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'rchg-a', 'store-id': '1', ...extra });
const contact = { first_name: 'Ann', last_name: 'Reyes', email: 'ann@example.com', telephone: '(503) 555-0190' };
const asCustomer = (slug: string, tenant = () => tenantId) => issueToken(tenant(), { slug }).then((token) => ({ authorization: `Bearer ${token}` }));
const call = (url: string, auth: Record<string, string>, payload: Record<string, unknown> = {}, extra: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: headers({ ...auth, ...extra }), payload });
const update = (auth: Record<string, string>, payload: Record<string, unknown>) => call('update-recurring-order', auth, payload);
const runIo = () => ({ resources: harness.resources, catalogue, publicUrl: 'http://localhost:4300' });
const today = () => new Date().toISOString().slice(0, 10);
const mine = async (auth: Record<string, string>, id: string) => ((await call('get-recurring-orders', auth)).json().data as { id: string }[]).find((r) => r.id === id);
const runOrder = async (orderNumber: string | undefined) => (await inDb(() => Order.findOne({ tenantId, orderNumber }).lean())) as unknown as Record<string, any>;
const table = (service: string, fee: string) => ({ carrier: 'Store Shipping', service, delivery_days: '3-5 days', free_over: null, bands: [{ up_to_weight: 20, fee }] });

async function nextRunAt(recurringOrderId: string) {
  const queue = harness.resources.queues.recurringOrders;
  const scheduler = (await queue.getJobSchedulers()).find((s) => s.key === `${tenantId}:${recurringOrderId}:run`);
  const job = scheduler ? await Job.fromId(queue, `repeat:${scheduler.key}:${scheduler.next}`) : null;
  return { scheduler: scheduler?.next, job: job ? job.timestamp + job.delay : null };
}

/** A signed-in shopper's order with 'Repeat this order' ticked: its recurring order. */
async function startRecurring(auth: Record<string, string>, lines: [number, number][], body: Record<string, unknown> = {}) {
  for (const [storeProductId, quantity] of lines) expect((await call('add-to-cart', auth, { store_product_id: storeProductId, quantity })).statusCode).toBe(200);
  const placed = await call('customer/orders/submit', auth, { order_type: 0, ...contact, payment_method: 'pay_at_store', recurring: { frequency: 'weekly' }, ...body });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().recurring_order as { id: string; items: { store_product_id: number; title: string; quantity: number }[]; next_dates: string[] };
}

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService, identityService, tenantSettingsService], 'recurring-changes');
  tenantId = (await createTenant('rchg-a')).id;
  await createCatalogueFixture(tenantId, 'rchg-a');
  // The hammer is sold 12 at most to an order (the product's own limit).
  await inDb(() => Product.updateOne({ tenantId, productId: 2 }, { $set: { extra: { max_order_quantity: 12 } } }));
  await StoreProfile.create({ tenantId, business: {
    contact_email: 'hello@rchg-a.test', recurring_orders_enabled: true, delivery_enabled: true, shipping_enabled: true,
    delivery_locations: ['97301', '97304'].map((code) => ({ code, fee: '9.99', minThreshold: null, thresholdFee: null })),
    shipping_settings: { handling_fee: '1.50', table_rates: [table('Ground', '8.99'), table('Express', '24.99')] },
  } });
  otherTenantId = (await createTenant('rchg-b')).id;
  await createCatalogueFixture(otherTenantId, 'rchg-b');
  catalogue = await acquireSearchIndexes(harness.resources, () => undefined); // the one the app's checkout prices from
});
afterAll(async () => { await harness?.close(); });

describe('changing a recurring order', () => {
  let annId = '';

  it('refuses bad input by field (422) in checkout\'s words, and changes nothing', async () => {
    const ann = await asCustomer('ann-chg');
    const started = await startRecurring(ann, [[HAMMER, 2], [DRILL, 1]]);
    annId = started.id;
    const before = await mine(ann, annId);
    const refused = async (payload: Record<string, unknown>) => {
      const res = await update(ann, { id: annId, ...payload });
      expect(res.statusCode, res.body).toBe(422);
      return res.json();
    };
    expect(await refused({ frequency: 'daily' })).toEqual({ status: 422, message: RECURRING_CHOOSE_FREQUENCY, errors: { frequency: [RECURRING_CHOOSE_FREQUENCY] } });
    // A good frequency with a bad quantity: neither is taken.
    const fraction = 'rchg-a Hammer: Quantity must be a whole number from 0 to 9999.';
    expect(await refused({ frequency: 'monthly', items: [{ store_product_id: HAMMER, quantity: 2.5 }, { store_product_id: DRILL, quantity: 1 }] }))
      .toEqual({ status: 422, message: fraction, errors: { 'items.0.quantity': [fraction] } });
    expect((await refused({ items: [{ store_product_id: HAMMER, quantity: 13 }] })).message).toBe('rchg-a Hammer: Max allowed limit is 12');
    expect((await refused({ items: [{ store_product_id: HAMMER, quantity: -1 }] })).errors).toEqual({ 'items.0.quantity': ['rchg-a Hammer: Quantity must be a whole number from 0 to 9999.'] });
    expect(await refused({ items: [{ store_product_id: HAMMER, quantity: 0 }] })).toEqual({ status: 422, message: RECURRING_KEEP_ONE_ITEM, errors: { items: [RECURRING_KEEP_ONE_ITEM] } });
    expect(await refused({ items: [] })).toMatchObject({ message: RECURRING_KEEP_ONE_ITEM });
    // A product added must be sold at the recurring order's store: 22 is the hammer of store 2.
    expect((await refused({ items: [{ store_product_id: HAMMER, quantity: 2 }, { store_product_id: 22, quantity: 1 }] })).errors).toEqual({ 'items.1.store_product_id': [RECURRING_NOT_SOLD_HERE] });
    expect((await refused({ address: { address: '1 Oak St', city: 'Salem', state: 'OR', zip: '97301' } })).message).toBe(RECURRING_PICKUP_NO_ADDRESS);
    expect((await refused({ shipping_quote_id: 'store-shipping-ground' })).errors).toEqual({ shipping_quote_id: [RECURRING_ONLY_SHIPPED_SERVICE] });
    expect(await mine(ann, annId)).toEqual(before);
    expect((await nextRunAt(annId)).scheduler).toBe(runAtMs(started.next_dates[0]!));
  });

  it("is the shopper's own: another shopper or store finds nothing, a store account is refused, a guest must sign in", async () => {
    const change = { id: annId, frequency: 'monthly' };
    const other = await update(await asCustomer('bo-chg'), change);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(RECURRING_NOT_FOUND);
    expect((await call('update-recurring-order', await asCustomer('ann-chg', () => otherTenantId), change, { 'business-slug': 'rchg-b' })).statusCode).toBe(404);
    expect((await update({ authorization: `Bearer ${await issueToken(tenantId, { isAdmin: true })}` }, change)).statusCode).toBe(403);
    expect((await update({}, change)).statusCode).toBe(401);
    expect((await mine(await asCustomer('ann-chg'), annId) as unknown as { frequency: string }).frequency).toBe('weekly');
  });

  it('takes a new frequency and quantities (a line removed): the coming dates and the scheduler follow, the history says who changed what', async () => {
    const ann = await asCustomer('ann-chg');
    const res = await update(ann, { id: annId, frequency: 'monthly', items: [{ store_product_id: HAMMER, quantity: 3 }] });
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe(RECURRING_CHANGED);
    const nextDates = upcomingRunDays('monthly', today(), Date.now());
    expect(data).toMatchObject({ frequency: 'monthly', frequency_label: 'Every month', next_dates: nextDates, items: [{ store_product_id: HAMMER, sku: '1002', quantity: 3 }] });
    expect(data.items).toHaveLength(1);
    expect(data.changes).toEqual([{ at: expect.any(String), by: 'customer', what: expect.arrayContaining(['How often: Every week → Every month', 'rchg-a Hammer: 2 → 3', 'rchg-a Cordless Drill removed']) }]);
    expect(data.changes[0].what).toHaveLength(3);
    // The runs scheduler's next job is the new frequency's first day.
    expect(await nextRunAt(annId)).toEqual({ scheduler: runAtMs(nextDates[0]!), job: runAtMs(nextDates[0]!) });
    expect(await mine(ann, annId)).toEqual(data);

    // The store's list shows the new values and the change.
    const admin = { authorization: `Bearer ${await issueToken(tenantId, { isAdmin: true })}` };
    const listed = (await call('admin/recurringorders', admin, {})).json().data.find((r: { id: string }) => r.id === annId);
    expect(listed).toMatchObject({ frequency: 'monthly', items: [{ sku: '1002', quantity: 3 }], changes: [{ by: 'customer' }] });

    // The same again changes nothing and adds no history.
    const again = await update(ann, { id: annId, frequency: 'monthly', items: [{ store_product_id: HAMMER, quantity: 3 }] });
    expect(again.json()).toMatchObject({ message: RECURRING_NOTHING_CHANGED, data: { changes: [{ by: 'customer' }] } });
    expect(again.json().data.changes).toHaveLength(1);

    // The next run places the new quantities only.
    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: annId }, nextDates[0]!);
    expect(outcome.status).toBe('placed');
    const run = await runOrder(outcome.orderNumber);
    expect(run.items).toHaveLength(1);
    expect(run.items).toMatchObject([{ sku: '1002', quantity: 3 }]);
    expect(run.note).toContain('Recurring order (every month)');
  });

  it('takes a delivery address only inside the delivery area, checked as checkout checks it; the next run goes there', async () => {
    const bea = await asCustomer('bea-chg');
    expect((await call('assign-address', bea, { order_type: 1, address: '12 Oak St', city: 'Salem', state: 'OR', zip: '97301' })).statusCode).toBe(200);
    const started = await startRecurring(bea, [[HAMMER, 1]], { order_type: 1, email: 'bea@example.com' });
    const before = await mine(bea, started.id);
    const outside = await update(bea, { id: started.id, address: { address: '5 Pine Rd', city: 'Salem', state: 'OR', zip: '97399' } });
    expect(outside.json()).toEqual({ status: 422, message: OUTSIDE_DELIVERY_AREA, errors: { zip: [OUTSIDE_DELIVERY_AREA] } });
    const missing = await update(bea, { id: started.id, address: { address: '5 Pine Rd', city: ' ', state: 'OR', zip: '97304' } });
    expect(missing.json()).toEqual({ status: 422, message: 'Please enter your city.', errors: { city: ['Please enter your city.'] } });
    expect(await mine(bea, started.id)).toEqual(before);

    const moved = await update(bea, { id: started.id, address: { address: ' 5 Pine Rd ', city: 'Salem', state: 'or', zip: '97304' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ address: { address: '5 Pine Rd', address2: '', city: 'Salem', state: 'OR', zip: '97304' } });
    expect(moved.json().data.changes[0].what).toEqual(['Address: 12 Oak St, Salem, OR 97301 → 5 Pine Rd, Salem, OR 97304']);
    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, started.next_dates[0]!);
    expect(outcome.status).toBe('placed');
    expect((await runOrder(outcome.orderNumber))).toMatchObject({ orderType: 'delivery', address: { address: '5 Pine Rd', city: 'Salem', state: 'OR', zip: '97304' } });
  });

  it('offers the shipping services with their prices for a new address, takes one of them, and the next run ships there by it', async () => {
    const cy = await asCustomer('cy-chg');
    const home = { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'USA' };
    const newHome = { address: '40 Lake Dr', address2: 'Apt 2', city: 'Bend', state: 'OR', zip: '97701' };
    expect((await call('add-to-cart', cy, { store_product_id: HAMMER, quantity: 2 })).statusCode).toBe(200);
    expect((await call('shipping-quotes', cy, { customerAddress: home })).json().status).toBe('success');
    expect((await call('select-shipping-quote', cy, { quote_id: 'store-shipping-express' })).statusCode).toBe(200);
    const started = await startRecurring(cy, [], { order_type: 2, email: 'cy@example.com' });

    const quoted = await call('recurring-order-shipping-quotes', cy, { id: started.id, address: newHome });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toEqual({
      address: { ...newHome, country: 'US' }, selected_id: 'store-shipping-express',
      quotes: [
        { id: 'store-shipping-ground', carrier: 'Store Shipping', service: 'Ground', rate: '8.99', handling_fee: '1.50', total: '10.49', delivery_days: '3-5 days' },
        { id: 'store-shipping-express', carrier: 'Store Shipping', service: 'Express', rate: '24.99', handling_fee: '1.50', total: '26.49', delivery_days: '3-5 days' },
      ],
    });
    expect((await call('recurring-order-shipping-quotes', await asCustomer('bo-chg'), { id: started.id, address: newHome })).statusCode).toBe(404);
    expect((await call('recurring-order-shipping-quotes', cy, { id: annId, address: newHome })).statusCode).toBe(404);

    const before = await mine(cy, started.id);
    const unknown = await update(cy, { id: started.id, address: newHome, shipping_quote_id: 'store-shipping-overnight' });
    expect(unknown.json()).toEqual({ status: 422, message: RECURRING_SERVICE_NOT_QUOTED, errors: { shipping_quote_id: [RECURRING_SERVICE_NOT_QUOTED] } });
    expect((await update(cy, { id: started.id, address: { ...newHome, country: 'Canada' }, shipping_quote_id: 'store-shipping-ground' })).json())
      .toMatchObject({ status: 422, errors: { country: [SHIP_WITHIN_US] } });
    expect(await mine(cy, started.id)).toEqual(before);

    const changed = await update(cy, { id: started.id, address: newHome, shipping_quote_id: 'store-shipping-ground' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ shipping_service: 'Store Shipping Ground', address: { address: '40 Lake Dr', address2: 'Apt 2', city: 'Bend', state: 'OR', zip: '97701' } });
    expect(changed.json().data.changes[0].what).toEqual(['Address: 12 Elm St, Salem, OR 97302 → 40 Lake Dr Apt 2, Bend, OR 97701', 'Shipping: Store Shipping Express → Store Shipping Ground']);

    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, started.next_dates[0]!);
    expect(outcome.status).toBe('placed');
    expect(await runOrder(outcome.orderNumber)).toMatchObject({
      orderType: 'shipping', shippingService: 'Store Shipping Ground', fulfilmentCents: 899 + 150, address: { address: '40 Lake Dr', city: 'Bend', zip: '97701' },
    });

    // Once cancelled, it is not changed any more.
    expect((await call('cancel-recurring-order', cy, { id: started.id })).statusCode).toBe(200);
    expect((await update(cy, { id: started.id, frequency: 'monthly' })).json()).toMatchObject({ status: 409, message: RECURRING_ALREADY_CANCELLED });
  });
});
