import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { backgroundContext, resolvedTenant, sealSecret } from '@platform/server-kit';
import Stripe from 'stripe';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { acquireSearchIndexes, databaseStockCounts, Product, productDocId, releaseSearchIndexes, reserveStock, StoreProduct, stockLeft, storeProductDocId } from '@platform/catalogue';
import { CartStore, cartService, Coupon, forgetTenantCoupons, pricedCart } from '@platform/cart';
import { CART_EMPTY_AT_CHECKOUT, toCents } from '@platform/domain';
import { forgetStoreProfile, StoreProfile } from '@platform/tenant-settings';
import { Customer, identityService } from '@platform/identity';
import { forgetOrderIndex, Order, ordersService } from './index';
import { CARD_AUTHORIZATION_LAPSES_MS, claimCouponUse, holdCard, placeCart, recoverAbandonedCheckouts, recoverAbandonedCheckoutsOf, redoFollowUps, voidAbandonedCardHolds } from './checkout';
import { cardProvider } from './card-payment';
import { createStripeClient } from '@platform/payments';
import { inBackground, mongoose, Tenant } from '@platform/db';
import { messagesOf, type NotificationsQueueJob } from '@platform/queue';

/** The test reads the database itself (not a request path): it may query by any field. */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let otherTenantId: string;
const WEBHOOK_SECRET = 'whsec_test_chk_secret';
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'chk-a', 'store-id': '1', ...extra });
const add = (device: string, store_product_id: number, quantity: number, extra: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(extra), payload: { store_product_id, quantity, device_id: device } });
const cart = (device: string, extra: Record<string, string> = {}) =>
  harness.app.inject({ url: `/api/cart-parcels?device_id=${device}`, headers: headers(extra) }).then((r) => r.json().data);
const contact = { first_name: 'Jo', last_name: 'Lee', email: 'Jo.Lee@example.com', telephone: '(503) 555-0142' };
const submit = (device: string, body: Record<string, unknown> = {}, extra: Record<string, string> = {}) => harness.app.inject({
  method: 'POST', url: '/api/customer/orders/submit', headers: headers(extra),
  payload: { device_id: device, order_type: 0, ...contact, payment_method: 'pay_at_store', ...body },
});
/** The units the store has now, as checkout and search see them (Redis; the database gets them after). */
const stock = async (storeProductId: number, tenant = tenantId) =>
  (await stockLeft({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenant, [storeProductId])).get(storeProductId)!;
/** The database's count (the store product, or the stock journal's newer entry not folded in yet). */
const stockInDb = async (storeProductId: number, tenant = tenantId) => (await databaseStockCounts(tenant, [storeProductId])).get(storeProductId)?.inventory;
/** The data of a queue's jobs; of the notifications queue, each message (an order's messages are one job). */
const jobs = async (queue: 'notifications' | 'ordersPlaced' | 'catalogueChanges') =>
  (await harness.resources.queues[queue].getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']))
    .flatMap((j) => (queue === 'notifications' ? messagesOf(j.data as NotificationsQueueJob) : [j.data])) as Record<string, any>[];

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService, identityService], 'checkout');
  tenantId = (await createTenant('chk-a', { domains: ['shop.chk-a.test'] })).id;
  await createCatalogueFixture(tenantId, 'chk-a');
  await Product.create({ tenantId, productId: 6, sku: '1006', slug: 'last-saw', title: 'Last Saw', originalTitle: 'Last Saw', vendorId: 101 });
  await StoreProduct.create({ tenantId, storeProductId: 61, locationId: 1, productId: 6, sku: '1006', title: 'Last Saw', priceCents: 2500, inventory: 1 });
  await Product.create({ tenantId, _id: productDocId(tenantId, 7), productId: 7, sku: '1007', slug: 'last-ten', title: 'Last Ten', originalTitle: 'Last Ten' });
  await StoreProduct.create({ tenantId, _id: storeProductDocId(tenantId, 71), storeProductId: 71, locationId: 1, productId: 7, sku: '1007', title: 'Last Ten', priceCents: 900, inventory: 10 });
  await Product.create({ tenantId, _id: productDocId(tenantId, 8), productId: 8, sku: '1008', slug: 'one-off-vise', title: 'One-off Vise', originalTitle: 'One-off Vise' });
  await StoreProduct.create({ tenantId, _id: storeProductDocId(tenantId, 81), storeProductId: 81, locationId: 1, productId: 8, sku: '1008', title: 'One-off Vise', priceCents: 4500, inventory: 1 });
  // Who hears of new orders: the store's contact address, the owner, and staff allowed new order e-mails (not other staff).
  await Customer.insertMany([
    { tenantId, slug: 'owner', email: 'owner@chk-a.test', passwordHash: 'x', isAdmin: true },
    { tenantId, slug: 'orders-staff', email: 'orders@chk-a.test', passwordHash: 'x', isAdmin: true, isSubAccount: true, permissions: ['new_order_emails'] },
    { tenantId, slug: 'web-staff', email: 'web@chk-a.test', telephone: '5035550100', passwordHash: 'x', isAdmin: true, isSubAccount: true, permissions: ['edit_products'] },
    { tenantId, slug: 'floor-staff', email: 'floor@chk-a.test', telephone: '5035550111', passwordHash: 'x', isAdmin: true, isSubAccount: true, permissions: ['new_order_texts'] },
  ]);
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_chk', secret_key: sealSecret('sk_test_chk'), webhook_secret: sealSecret(WEBHOOK_SECRET) } }, business: {
    contact_email: 'Hello@chk-a.test',
    delivery_enabled: true, delivery_locations: [{ code: '97301', fee: '9.99', minThreshold: null, thresholdFee: null }],
  } });
  otherTenantId = (await createTenant('chk-b')).id;
  await createCatalogueFixture(otherTenantId, 'chk-b');
});
afterAll(async () => { await harness?.close(); });

describe('POST /api/customer/orders/submit', () => {
  it("places a guest's pickup order at the cart's total, takes the stock, empties the cart and queues the confirmation", async () => {
    await add('GuestPick1', 11, 2);
    await add('GuestPick1', 21, 1);
    const before = await cart('GuestPick1');
    const res = await submit('GuestPick1', { expected_total: before.totals.total, note: 'Side door please' }, { origin: 'http://shop.chk-a.test' });
    expect(res.statusCode).toBe(200);
    const { status, message, order } = res.json();
    expect({ status, message }).toEqual({ status: true, message: 'Thank you! Your order has been placed.' });
    expect(order).toMatchObject({
      order_number: '1001', status: 'placed', order_type: 'pickup', address: null, note: 'Side door please',
      contact: { first_name: 'Jo', last_name: 'Lee', email: 'jo.lee@example.com', telephone: '5035550142' },
      store: { id: 1, name: 'chk-a store 1', address: '1 Main St, Town, OR 97301' },
      subtotal: before.totals.subtotal, total: before.totals.total, additional_fees: '3.00',
      payment: { method: 'pay_at_store', label: 'Pay at the store when you pick up', status: 'due' },
    });
    const orderId = String(((await inDb(() => Order.findOne({ tenantId, orderNumber: '1001' }).lean())) as unknown as { _id: unknown })._id);
    expect(order.items).toEqual([
      { id: `${orderId}.0`, sku: '1001', title: 'chk-a Cordless Drill', quantity: 2, cancelled_quantity: 0, price: '129.99', special: false },
      { id: `${orderId}.1`, sku: '1002', title: 'chk-a Hammer', quantity: 1, cancelled_quantity: 0, price: '19.99', special: false },
    ]);
    expect([await stock(11), await stock(21)]).toEqual([3, 39]);
    await expect.poll(async () => [await stockInDb(11), await stockInDb(21)]).toEqual([3, 39]); // written after the answer
    expect((await cart('GuestPick1')).item_count).toBe(0);
    const mail = (await jobs('notifications')).find((j) => j.kind === 'order-confirmation' && j.tenantId === tenantId)!;
    expect(mail).toMatchObject({ channel: 'email', to: 'jo.lee@example.com', subject: 'Your order 1001 at chk-a store' });
    expect(mail.text).toContain('2 × chk-a Cordless Drill (1001) at $129.99');
    expect(mail.text).toContain(`Total: $${before.totals.total}`);
    expect(mail.text).toContain('Pick up at: chk-a store 1, 1 Main St, Town, OR 97301.');
    expect(mail.text).toContain('See your order:\nhttp://shop.chk-a.test/cart?order=1001');
    const toStore = (await jobs('notifications')).filter((j) => j.kind === 'new-order' && j.tenantId === tenantId);
    expect(toStore.map((j) => j.to).sort()).toEqual(['hello@chk-a.test', 'orders@chk-a.test', 'owner@chk-a.test']);
    // Texts go to staff allowed new order texts who have a mobile number (the owner here has none).
    const texts = (await jobs('notifications')).filter((j) => j.kind === 'new-order-text' && j.tenantId === tenantId);
    expect(texts.map((j) => [j.channel, j.to])).toEqual([['sms', '5035550111']]);
    expect(texts[0].text).toMatch(/^chk-a store: new pickup order 1001, \$\d+\.\d{2}, Jo Lee\. http:\/\/shop\.chk-a\.test\/admin\/prepare-order\?id=/);
    expect(toStore[0]).toMatchObject({ replyTo: 'jo.lee@example.com', subject: `New pickup order 1001: $${before.totals.total}` });
    expect(toStore[0].text).toContain('2 × chk-a Cordless Drill (SKU 1001)');
    expect(toStore[0].text).toContain('Phone: (503) 555-0142');
    expect(toStore[0].text).toContain('Note: Side door please');
    const saved = (await inDb(() => Order.findOne({ tenantId, orderNumber: '1001' }).lean())) as unknown as { _id: unknown };
    expect(toStore[0].text).toContain(`Prepare the order:\nhttp://shop.chk-a.test/admin/prepare-order?id=${String(saved._id)}`);
    // All of them queued as one job: the confirmation and its text, the store's e-mails and text.
    const ofOrder = (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']))
      .filter((j) => messagesOf(j.data).some((m) => m.tenantId === tenantId && `${m.subject} ${m.text}`.includes('order 1001')));
    expect(ofOrder.map((j) => [j.name, messagesOf(j.data).map((m) => m.kind)])).toEqual([['order-placed', ['order-confirmation', 'order-confirmation-text', 'new-order', 'new-order', 'new-order', 'new-order-text']]]);
    expect((await jobs('ordersPlaced')).find((j) => j.orderNumber === '1001')).toMatchObject({ tenantId, items: [{ sku: '1001', quantity: 2 }, { sku: '1002', quantity: 1 }] });
    // Another shopper sees the stock left at once: the search index takes the count from Redis when told of the change.
    await add('GuestLook1', 11, 1);
    await expect.poll(async () => (await cart('GuestLook1')).parcels.flatMap((p: { items: { num_inventory: number }[] }) => p.items)[0].num_inventory).toBe(3);
  });

  it('shows the order to the device that placed it, and to nobody else', async () => {
    const read = (device: string, slug = 'chk-a') => harness.app.inject({ url: `/api/orders/order?order_number=1001&device_id=${device}`, headers: headers({ 'business-slug': slug }) });
    const own = await read('GuestPick1');
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ order_number: '1001', total: expect.any(String) });
    for (const res of [await read('OtherDev01'), await read('GuestPick1', 'chk-b')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This order was not found.');
    }
    const customer = await issueToken(tenantId, { slug: 'someone-else' });
    const asCustomer = await harness.app.inject({ url: '/api/orders/order?order_number=1001', headers: headers({ authorization: `Bearer ${customer}` }) });
    expect(asCustomer.statusCode).toBe(404);
  });

  it("finds the order by spec 2's `param` as by order_number, and asks for a number when neither comes", async () => {
    const byParam = await harness.app.inject({ url: '/api/orders/order?param=1001&device_id=GuestPick1', headers: headers() });
    expect(byParam.statusCode).toBe(200);
    expect(byParam.json().data.order_number).toBe('1001');
    expect((await harness.app.inject({ url: '/api/orders/order?param=1001&device_id=OtherDev01', headers: headers() })).statusCode).toBe(404);
    const neither = await harness.app.inject({ url: '/api/orders/order?device_id=GuestPick1', headers: headers() });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({ status: 400, message: 'The given data was invalid.', errors: { order_number: ['Please give the order number (order_number or param).'] } });
  });

  it('names every contact problem at once and changes nothing', async () => {
    await add('BadInput01', 21, 2);
    const res = await submit('BadInput01', { first_name: ' ', last_name: '', email: 'nope', telephone: '123' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: ['Please enter your first name.'], last_name: ['Please enter your last name.'],
      email: ['Please enter a valid email address.'], telephone: ['Please enter a valid phone number.'],
    });
    const wrongPayment = await submit('BadInput01', { payment_method: 'card_number_4242' });
    expect(wrongPayment.statusCode).toBe(422);
    expect(wrongPayment.json().message).toBe('Please choose how you will pay.');
    expect((await cart('BadInput01')).item_count).toBe(2);
    expect(await stock(21)).toBe(39);
    expect(await inDb(() => Order.countDocuments({ tenantId }))).toBe(1);
  });

  it('refuses an empty cart, and a total that changed since the shopper saw it', async () => {
    const empty = await submit('NoCartDev1');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Your cart is empty. Add products before checking out.');
    await add('Changed001', 21, 1);
    const changed = await submit('Changed001', { expected_total: '1.00' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(`Your order total changed to $${(await cart('Changed001')).totals.total}. Please check your order and place it again.`);
    expect((await cart('Changed001')).item_count).toBe(1);
    expect(await inDb(() => Order.countDocuments({ tenantId }))).toBe(1);
  });

  it('sells the last unit once when ten shoppers check out at the same moment', async () => {
    const devices = Array.from({ length: 10 }, (_, i) => `LastUnit${String(i).padStart(2, '0')}`);
    for (const device of devices) expect((await add(device, 61, 1)).statusCode).toBe(200);
    const answers = await Promise.all(devices.map((device) => submit(device)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(Array(9).fill('Last Saw: Store has only 0 in stock.'));
    expect(await stock(61)).toBe(0);
    const sold = (await inDb(() => Order.find({ tenantId, 'items.storeProductId': 61 }).lean())) as unknown as { orderNumber: string }[];
    expect(sold).toHaveLength(1);
    // The nine keep their carts; order numbers stay unique and consecutive.
    expect((await cart(devices.find((_, i) => answers[i].statusCode === 409)!)).item_count).toBe(1);
    expect(sold[0].orderNumber).toBe('1002');
  });

  it('needs a street address in the delivery area for local delivery, and charges its fee', async () => {
    await add('Deliver001', 21, 1);
    const noAddress = await submit('Deliver001', { order_type: 1 });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().message).toBe('Please enter your delivery address.');
    const assign = (zip: string) => harness.app.inject({
      method: 'POST', url: '/api/assign-address', headers: headers(),
      payload: { device_id: 'Deliver001', order_type: 1, address: '12 Oak St', city: 'Salem', state: 'OR', zip },
    });
    await assign('90210');
    const outside = await submit('Deliver001', { order_type: 1 });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe('The store does not deliver to this zip code. Please choose pickup or shipping.');
    await assign('97301');
    const placed = await submit('Deliver001', { order_type: 1 });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order).toMatchObject({
      order_type: 'delivery', fulfilment_charge: '9.99', address: { address: '12 Oak St', city: 'Salem', state: 'OR', zip: '97301' },
      payment: { label: 'Pay when your order is delivered' },
    });
    expect(Number(placed.json().order.total)).toBeCloseTo(19.99 + 9.99, 2);
  });

  it("hands checkout the cart's money in integer cents beside its view (pricedCart), each the amount the cart shows; the order saves those", async () => {
    await Coupon.create({ tenantId, code: 'CENTS7', kind: 'percent', percentBp: 700 });
    forgetTenantCoupons(tenantId);
    await add('CentsCart1', 11, 3);
    await add('CentsCart1', 21, 2);
    expect((await harness.app.inject({ method: 'POST', url: '/api/redeem-coupon', headers: headers(), payload: { coupon: 'CENTS7', device_id: 'CentsCart1' } })).statusCode).toBe(200);
    await harness.app.inject({
      method: 'POST', url: '/api/assign-address', headers: headers(),
      payload: { device_id: 'CentsCart1', order_type: 1, address: '12 Oak St', city: 'Salem', state: 'OR', zip: '97301' },
    });
    const { redis, queuePrefix: prefix } = harness.resources;
    const catalogue = await acquireSearchIndexes(harness.resources, () => undefined);
    try {
      const ctx = backgroundContext(resolvedTenant((await inDb(() => Tenant.findOne({ _id: tenantId }).lean())) as never));
      const { view, cents } = await pricedCart(ctx, { redis, prefix, catalogue, carts: new CartStore(redis, prefix) }, { customerSlug: null, deviceId: 'CentsCart1' }, { order_type: 1 });
      const t = view.totals;
      expect(cents).toEqual({
        subtotal: toCents(t.subtotal), additionalFees: toCents(t.additional_fees), discount: toCents(t.discount), specialOrderFee: toCents(t.special_order_fee),
        tax: toCents(t.tax), fulfilment: toCents(t.delivery_charge!), total: toCents(t.total), units: view.parcels.flatMap((p) => p.items.map((i) => toCents(i.price))),
      });
      expect([cents.discount > 0, cents.fulfilment, cents.units]).toEqual([true, 999, [12999, 1999]]);
      const placed = await submit('CentsCart1', { order_type: 1, expected_total: t.total });
      expect(placed.statusCode, placed.body).toBe(200);
      const [order] = (await inDb(() => Order.find({ tenantId, deviceId: 'CentsCart1' }).lean())) as unknown as { totalCents: number; subtotalCents: number; discountCents: number; taxCents: number; fulfilmentCents: number; items: { priceCents: number }[] }[];
      expect(order).toMatchObject({ totalCents: cents.total, subtotalCents: cents.subtotal, discountCents: cents.discount, taxCents: cents.tax, fulfilmentCents: cents.fulfilment });
      expect(order.items.map((i) => i.priceCents)).toEqual(cents.units);
    } finally { releaseSearchIndexes(harness.resources); }
  });

  it("refuses shipping (not offered by this store) and an admin's order", async () => {
    await add('ShipTry001', 21, 1);
    const ship = await submit('ShipTry001', { order_type: 2 });
    expect(ship.statusCode).toBe(422);
    expect(ship.json().message).toBe('This store does not offer that delivery method. Please choose another.');
    const admin = await issueToken(tenantId, { isAdmin: true });
    const res = await submit('ShipTry001', {}, { authorization: `Bearer ${admin}` });
    expect(res.statusCode).toBe(403);
  });

  it("places a signed-in customer's order on their account, readable with their token only", async () => {
    const token = await issueToken(tenantId, { slug: 'jo-lee' });
    const auth = { authorization: `Bearer ${token}` };
    expect((await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(auth), payload: { store_product_id: 21, quantity: 3 } })).statusCode).toBe(200);
    const res = await harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: headers(auth), payload: { order_type: 0, ...contact, payment_method: 'pay_at_store' } });
    expect(res.statusCode).toBe(200);
    const number = res.json().order.order_number;
    expect(((await inDb(() => Order.findOne({ tenantId, orderNumber: number }).lean())) as unknown as { customerSlug: string }).customerSlug).toBe('jo-lee');
    expect((await harness.app.inject({ url: `/api/orders/order?order_number=${number}`, headers: headers(auth) })).statusCode).toBe(200);
    expect((await harness.app.inject({ url: `/api/orders/order?order_number=${number}&device_id=GuestPick1`, headers: headers() })).statusCode).toBe(404);
    expect(await stock(21, otherTenantId)).toBe(40);
  });

  it("lists a customer's own orders, newest first, and asks a guest to sign in", async () => {
    const token = await issueToken(tenantId, { slug: 'two-orders' });
    const auth = { authorization: `Bearer ${token}` };
    const numbers: string[] = [];
    for (const quantity of [1, 2]) {
      await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(auth), payload: { store_product_id: 21, quantity } });
      numbers.push((await harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: headers(auth), payload: { order_type: 0, ...contact, payment_method: 'pay_at_store' } })).json().order.order_number);
    }
    const list = await harness.app.inject({ url: '/api/orders?customer_slug=jo-lee', headers: headers(auth) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(list.json().data.map((o: { order_number: string; item_count: number; total: string }) => [o.order_number, o.item_count])).toEqual([[numbers[1], 2], [numbers[0], 1]]);
    // Redis lost the lists (and the sequence): they come back from the database, numbers carry on.
    await forgetOrderIndex({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId);
    const rebuilt = await harness.app.inject({ url: '/api/orders?customer_slug=jo-lee', headers: headers(auth) });
    expect(rebuilt.json()).toEqual(list.json());
    const guest = await harness.app.inject({ url: '/api/orders', headers: headers() });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Please sign in to see your orders.');
  });

  it('sells exactly the last 10 units to 50 shoppers checking out at once, with no store-wide lock', async () => {
    const devices = Array.from({ length: 50 }, (_, i) => `LastTen${String(i).padStart(3, '0')}`);
    for (const device of devices) expect((await add(device, 71, 1)).statusCode).toBe(200);
    const answers = await Promise.all(devices.map((device) => submit(device)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(Array(40).fill('Last Ten: Store has only 0 in stock.'));
    expect(await stock(71)).toBe(0);
    const numbers = answers.filter((r) => r.statusCode === 200).map((r) => Number(r.json().order.order_number));
    expect(new Set(numbers).size).toBe(10);
    const sold = (await inDb(() => Order.find({ tenantId, 'items.storeProductId': 71 }).lean())) as unknown as { items: { quantity: number }[] }[];
    expect(sold.reduce((n, o) => n + o.items[0].quantity, 0)).toBe(10);
  });

  it('lets one customer use a once-per-customer promo code once, however many orders they send at the same moment', async () => {
    await Coupon.create({ tenantId, code: 'ONCE10', kind: 'percent', percentBp: 1000, oncePerCustomer: true });
    forgetTenantCoupons(tenantId); // as a coupon write does
    const auth = { authorization: `Bearer ${await issueToken(tenantId, { slug: 'coupon-keen' })}` };
    expect((await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(auth), payload: { store_product_id: 21, quantity: 1 } })).statusCode).toBe(200);
    expect((await harness.app.inject({ method: 'POST', url: '/api/redeem-coupon', headers: headers(auth), payload: { coupon: 'ONCE10' } })).statusCode).toBe(200);
    const before = await stock(21);
    const answers = await Promise.all(Array.from({ length: 20 }, () => harness.app.inject({
      method: 'POST', url: '/api/customer/orders/submit', headers: headers(auth), payload: { order_type: 0, ...contact, payment_method: 'pay_at_store' },
    })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // Each other one is refused: by the code's one use, or (when it read the cart after the first emptied it) as an empty cart.
    const refusals = new Set(answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.json().message}`));
    expect([...refusals].filter((r) => r !== '409 You have already used promo code ONCE10.' && r !== `422 ${CART_EMPTY_AT_CHECKOUT}`)).toEqual([]);
    expect(refusals.has('409 You have already used promo code ONCE10.')).toBe(true);
    expect(await stock(21)).toBe(before - 1); // the refused ones took no stock
    const orders = (await inDb(() => Order.find({ tenantId, customerSlug: 'coupon-keen' }).lean())) as unknown as { coupon: string }[];
    expect(orders.map((o) => o.coupon)).toEqual(['ONCE10']);
  });

  it('keeps counting from the highest checkout number, whatever other orders (imported, demo) are called', async () => {
    const highest = Math.max(...((await inDb(() => Order.find({ tenantId }).lean())) as unknown as { orderNumber: string }[]).map((o) => Number(o.orderNumber)).filter(Number.isInteger));
    await Order.create({ tenantId, orderNumber: 'POS-77', status: 'completed', locationId: 1, totalCents: 100, placedAt: new Date(Date.now() + 60_000) });
    await add('AfterPos01', 21, 1);
    const res = await submit('AfterPos01');
    expect(res.json().order.order_number).toBe(String(highest + 1));
  });

  it('takes the next free number when another process saved an order under the one the sequence gives, or the sequence was lost: the shopper gets their order', async () => {
    const numbers = async () => ((await inDb(() => Order.find({ tenantId }, { orderNumber: 1 }).lean())) as unknown as { orderNumber: string }[]).map((o) => o.orderNumber);
    await add('Clash00001', 21, 1);
    const first = await submit('Clash00001');
    expect(first.statusCode).toBe(200);
    const n = Number(first.json().order.order_number);
    // An order written straight to the database (an import, another process) holds the number the sequence gives next.
    await Order.create({ tenantId, orderNumber: String(n + 1), status: 'completed', locationId: 1, totalCents: 100, placedAt: new Date() });
    await add('Clash00002', 21, 2);
    const before = await stock(21);
    const res = await submit('Clash00002');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.order_number).toBe(String(n + 2));
    expect(await stock(21)).toBe(before - 2); // taken once
    expect((await inDb(() => Order.find({ tenantId, deviceId: 'Clash00002' }).lean())).length).toBe(1);

    // Redis lost the sequence alone: it starts again at 1001, below every order; the next free number is found.
    await harness.resources.redis.del(`${harness.resources.queuePrefix}:orders:${tenantId}:sequence`);
    await add('Clash00003', 21, 1);
    const lost = await submit('Clash00003');
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().order.order_number).toBe(String(n + 3));
    await add('Clash00004', 21, 1);
    expect((await submit('Clash00004')).json().order.order_number).toBe(String(n + 4));
    const all = await numbers();
    expect(new Set(all).size).toBe(all.length);
  });

  it("does not take another number when the save is refused for another reason: a recurring run's order saved already under its _id", async () => {
    // Two workers placed the same run at once: the other one saved the run's order first (its _id is the run's).
    const { redis, queuePrefix: prefix } = harness.resources;
    const carts = new CartStore(redis, prefix);
    await add('RunTwice01', 21, 2);
    const who = { customerSlug: null, deviceId: 'RunTwice01' };
    const stored = await carts.get(tenantId, who);
    const runOrderId = new mongoose.Types.ObjectId();
    await Order.create({ _id: runOrderId, tenantId, orderNumber: 'RUN-TWICE-1', status: 'placed', locationId: 1, totalCents: 3998, placedAt: new Date() });
    await add('NumBefore1', 21, 1);
    const first = await submit('NumBefore1');
    expect(first.statusCode, first.body).toBe(200);
    const n = Number(first.json().order.order_number);
    const before = await stock(21);
    const catalogue = await acquireSearchIndexes(harness.resources, () => undefined);
    try {
      const ctx = backgroundContext(resolvedTenant((await inDb(() => Tenant.findOne({ _id: tenantId }).lean())) as never));
      const io = { resources: harness.resources, cart: { redis, prefix, catalogue, carts } };
      const run = placeCart(ctx, io, who, { order_type: 0, ...contact, payment_method: 'pay_at_store' }, stored, null, { provider: null, run: { recurringOrderId: 'run-twice', orderId: runOrderId } });
      await expect(run).rejects.toMatchObject({ code: 11000 });
    } finally { releaseSearchIndexes(harness.resources); }
    expect(await stock(21)).toBe(before); // undone
    expect((await inDb(() => Order.findOne({ tenantId, _id: runOrderId }).lean()) as unknown as { orderNumber: string }).orderNumber).toBe('RUN-TWICE-1');
    // One number was taken for the refused save, not five.
    await add('NumAfter01', 21, 1);
    expect((await submit('NumAfter01')).json().order.order_number).toBe(String(n + 2));
  });

  it('answers a repeated attempt (same Idempotency-Key) with the first order, sent at once or later, and takes the stock once', async () => {
    await add('TwiceClik1', 21, 2);
    const before = await stock(21);
    const attempt = { 'idempotency-key': 'attempt-twice-click-1' };
    const [first, second] = await Promise.all([submit('TwiceClik1', {}, attempt), submit('TwiceClik1', {}, attempt)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().order.order_number).toBe(first.json().order.order_number);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    const later = await submit('TwiceClik1', {}, attempt); // a reload after the answer was lost
    expect(later.json().order.order_number).toBe(first.json().order.order_number);
    expect(await inDb(() => Order.countDocuments({ tenantId, deviceId: 'TwiceClik1' }))).toBe(1);
    expect(await stock(21)).toBe(before - 2);
  });

  it('answers the order when the queue fails after it is saved; a repeat gets the same order, and the reconcile job sends what failed', async () => {
    await add('QueueDown1', 21, 2);
    const before = await stock(21);
    const attempt = { 'idempotency-key': 'attempt-queue-down-1', origin: 'http://shop.chk-a.test' };
    // The queues' own Redis connection is closed during this checkout: every queue write after the save is refused.
    const queueConnection = await (harness.resources.queues.notifications.getBackend() as unknown as { client: Promise<{ disconnect(): void; connect(): Promise<void> }> }).client;
    queueConnection.disconnect();
    const first = await submit('QueueDown1', {}, attempt).finally(() => queueConnection.connect());
    expect(first.statusCode).toBe(200);
    const { order } = first.json();
    expect(order).toMatchObject({ status: 'placed', contact: { email: 'jo.lee@example.com' } });
    expect((await harness.app.inject({ url: `/api/orders/order?order_number=${order.order_number}&device_id=QueueDown1`, headers: headers() })).statusCode).toBe(200);
    const again = await submit('QueueDown1', {}, attempt);
    expect(again.statusCode).toBe(200);
    expect(again.json().order).toEqual(order);
    expect(await inDb(() => Order.countDocuments({ tenantId, deviceId: 'QueueDown1' }))).toBe(1);
    expect(await stock(21)).toBe(before - 2);
    const ofOrder = async (kind: string) => (await jobs('notifications')).filter((j) => j.kind === kind && j.tenantId === tenantId && `${j.subject} ${j.text}`.includes(`order ${order.order_number}`));
    expect(await ofOrder('order-confirmation')).toEqual([]);
    // The stock-reconcile job does what failed, once.
    expect((await recoverAbandonedCheckoutsOf({ resources: harness.resources }, tenantId)).followedUp).toBe(1);
    const [mail] = await ofOrder('order-confirmation');
    expect(mail).toMatchObject({ channel: 'email', to: 'jo.lee@example.com', subject: `Your order ${order.order_number} at chk-a store` });
    expect(mail.text).toContain(`http://shop.chk-a.test/cart?order=${order.order_number}`);
    expect((await ofOrder('new-order')).map((j) => j.to).sort()).toEqual(['hello@chk-a.test', 'orders@chk-a.test', 'owner@chk-a.test']);
    expect((await jobs('ordersPlaced')).filter((j) => j.orderNumber === order.order_number)).toHaveLength(1);
    expect((await recoverAbandonedCheckoutsOf({ resources: harness.resources }, tenantId)).followedUp).toBe(0);
    expect(await ofOrder('order-confirmation')).toHaveLength(1);
    expect(await stock(21)).toBe(before - 2);
  });

  it('refuses the same Idempotency-Key with other details, and lets a failed attempt be sent again', async () => {
    const attempt = { 'idempotency-key': 'attempt-other-body-1' };
    const empty = await submit('KeyReuse01', {}, attempt);
    expect(empty.statusCode).toBe(422); // nothing in the cart: nothing kept for this attempt
    await add('KeyReuse01', 21, 1);
    const placed = await submit('KeyReuse01', {}, attempt);
    expect(placed.statusCode).toBe(200);
    const changed = await submit('KeyReuse01', { note: 'Leave at the side door' }, attempt);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('This order was already sent with other details. Please check your order and place it again.');
    expect(await inDb(() => Order.countDocuments({ tenantId, deviceId: 'KeyReuse01' }))).toBe(1);
    const badKey = await submit('KeyReuse01', {}, { 'idempotency-key': 'no spaces allowed' });
    expect(badKey.statusCode).toBe(400);
  });

  it('gives back the stock of a checkout that stopped before saving its order, and keeps the stock of one whose order was saved and does its follow-ups once', async () => {
    const store = { redis: harness.resources.redis, prefix: harness.resources.queuePrefix };
    const io = { resources: harness.resources };
    const before = await stock(21);
    // Two checkouts took stock and their process stopped: one before saving its order, one just after.
    const lost = String(new mongoose.Types.ObjectId());
    const saved = new mongoose.Types.ObjectId();
    expect((await reserveStock(store, tenantId, [{ storeProductId: 21, quantity: 2 }], { id: lost, note: { orderId: lost, productIds: [2] } })).ok).toBe(true);
    expect((await reserveStock(store, tenantId, [{ storeProductId: 21, quantity: 1 }], { id: String(saved), note: { orderId: String(saved), productIds: [2] } })).ok).toBe(true);
    await Order.create({
      _id: saved, tenantId, orderNumber: 'CRASH-1', status: 'placed', locationId: 1, totalCents: 1999, placedAt: new Date(), customerName: 'Kit Crane',
      contact: { firstName: 'Kit', lastName: 'Crane', email: 'kit.crane@example.com', telephone: '' }, orderType: 'pickup',
      items: [{ productId: 2, storeProductId: 21, sku: '1002', title: 'Hammer', quantity: 1, priceCents: 1999 }],
    });
    expect(await stock(21)).toBe(before - 3);
    expect(await recoverAbandonedCheckouts(io, tenantId, 60_000)).toEqual({ released: 0, settled: 0 }); // too recent to call abandoned
    expect(await recoverAbandonedCheckouts(io, tenantId, 0)).toEqual({ released: 1, settled: 1 });
    expect(await stock(21)).toBe(before - 1);
    // The saved order's follow-ups never ran (the process stopped after the save): the reconcile job does them, once.
    const confirmations = async () => (await jobs('notifications')).filter((j) => j.kind === 'order-confirmation' && j.to === 'kit.crane@example.com');
    expect(await confirmations()).toEqual([]);
    expect(await redoFollowUps(io, tenantId)).toBe(1);
    expect((await confirmations()).map((j) => j.subject)).toEqual(['Your order CRASH-1 at chk-a store']);
    expect((await jobs('ordersPlaced')).filter((j) => j.orderNumber === 'CRASH-1')).toHaveLength(1);
    expect(await redoFollowUps(io, tenantId)).toBe(0);
    expect(await recoverAbandonedCheckouts(io, tenantId, 0)).toEqual({ released: 0, settled: 0 }); // never twice
    expect(await stock(21)).toBe(before - 1);
    await expect.poll(() => stockInDb(21)).toBe(before - 1);
  });

  it('gives back a once-per-customer code claimed by a checkout that stopped before saving its order: the shopper then uses it once', async () => {
    await Coupon.create({ tenantId, code: 'ONCE20', kind: 'percent', percentBp: 2000, oncePerCustomer: true });
    forgetTenantCoupons(tenantId); // as a coupon write does
    const auth = { authorization: `Bearer ${await issueToken(tenantId, { slug: 'coupon-crash' })}` };
    const fillCart = async () => {
      expect((await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(auth), payload: { store_product_id: 21, quantity: 1 } })).statusCode).toBe(200);
      expect((await harness.app.inject({ method: 'POST', url: '/api/redeem-coupon', headers: headers(auth), payload: { coupon: 'ONCE20' } })).statusCode).toBe(200);
    };
    const order = (body: Record<string, unknown> = {}) => harness.app.inject({
      method: 'POST', url: '/api/customer/orders/submit', headers: headers(auth), payload: { order_type: 0, ...contact, payment_method: 'pay_at_store', ...body },
    });
    const used = 'You have already used promo code ONCE20.';
    // A checkout claimed the code as checkout does, then its process stopped before saving its order.
    await claimCouponUse({ tenantId } as never, { resources: harness.resources } as never, 'ONCE20', 'coupon-crash', String(new mongoose.Types.ObjectId()));
    await fillCart();
    expect((await order()).json().message).toBe(used);
    await recoverAbandonedCheckouts({ resources: harness.resources }, tenantId, 60_000); // too recent to call abandoned
    expect((await order()).json().message).toBe(used);
    await recoverAbandonedCheckouts({ resources: harness.resources }, tenantId, 0);
    // A checkout that fails after claiming gives the code back at once.
    const declined = await order({ payment_method: 'card', payment_token: 'pm_card_chargeDeclined' });
    expect(declined.json().message).toBe('Your card was declined.');
    const placed = await order();
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order.discount).not.toBe('0.00');
    // Once only: the recovery leaves a claim whose order was saved, and the next order with the code is refused.
    await recoverAbandonedCheckouts({ resources: harness.resources }, tenantId, 0);
    await fillCart();
    const again = await order();
    expect([again.statusCode, again.json().message]).toEqual([409, used]);
  });

  it('voids at Stripe the card hold of a checkout that stopped before saving its order (also after the store moved to another provider), only forgets one whose order was saved, and keeps one it cannot void until it lapses', async () => {
    const io = { resources: harness.resources };
    const ctx = backgroundContext(resolvedTenant((await inDb(() => Tenant.findOne({ _id: tenantId }).lean())) as never));
    const provider = await cardProvider(ctx);
    // Two checkouts of a special order (no stock held) held the card as checkout does, then their process stopped:
    // one before saving its order, one just after.
    const lost = String(new mongoose.Types.ObjectId());
    const saved = new mongoose.Types.ObjectId();
    const hold = (orderId: string) => holdCard(ctx, io, provider, { customerSlug: null, token: 'pm_card_visa', saveCard: false, totalCents: 4500, orderId });
    const references = [(await hold(lost)).authorization.reference, (await hold(String(saved))).authorization.reference];
    await Order.create({
      _id: saved, tenantId, orderNumber: 'CARD-CRASH-1', status: 'placed', locationId: 1, totalCents: 4500, placedAt: new Date(),
      payment: { method: 'card', provider: 'stripe', reference: references[1], status: 'authorized', authorizedCents: 4500 },
      items: [{ productId: 8, storeProductId: 81, sku: '1008', title: 'One-off Vise', quantity: 1, priceCents: 4500, special: true }],
    });
    const stripe = createStripeClient('sk_test_chk');
    const atStripe = () => Promise.all(references.map(async (pi) => (await stripe.paymentIntents.retrieve(pi)).status));
    expect(await atStripe()).toEqual(['requires_capture', 'requires_capture']);
    await recoverAbandonedCheckouts(io, tenantId, 60_000); // too recent to call abandoned
    expect(await atStripe()).toEqual(['requires_capture', 'requires_capture']);
    await recoverAbandonedCheckouts(io, tenantId, 0);
    // The shopper's bank no longer holds the money of the order never saved; the saved order's hold is its own to capture.
    expect(await atStripe()).toEqual(['canceled', 'requires_capture']);
    // Both notes are gone: a second run voids nothing.
    expect(await harness.resources.redis.zcard(`${harness.resources.queuePrefix}:card-holds:${tenantId}`)).toBe(0);
    expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
    expect(await atStripe()).toEqual(['canceled', 'requires_capture']);

    // The store moved to another provider meanwhile: the hold is voided at Stripe, whose keys its saved settings keep.
    const cards = async (set: Record<string, unknown>, unset: Record<string, ''> = {}) => {
      await inDb(() => StoreProfile.updateOne({ tenantId }, { $set: set, ...(Object.keys(unset).length ? { $unset: unset } : {}) }));
      forgetStoreProfile(tenantId);
    };
    const notes = `${harness.resources.queuePrefix}:card-holds:${tenantId}`;
    const moved = (await hold(String(new mongoose.Types.ObjectId()))).authorization.reference;
    await cards({ 'payment.payment_provider': 'adyen' });
    try {
      expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(1);
      expect((await stripe.paymentIntents.retrieve(moved)).status).toBe('canceled');
      // Stripe's keys gone from the settings as well: the hold stays noted for the next run (the owner may enter them again)...
      const later = (await hold(String(new mongoose.Types.ObjectId()))).authorization.reference;
      await cards({ 'payment.payment_provider': 'pay_at_store' }, { 'payment.stripe.secret_key': '' });
      expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
      expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
      expect(await harness.resources.redis.zcard(notes)).toBe(1);
      expect((await stripe.paymentIntents.retrieve(later)).status).toBe('requires_capture');
      // ...until the authorization has lapsed at the shopper's bank: then it is no longer retried, with one error log.
      const [member] = await harness.resources.redis.zrange(notes, '0', '-1');
      await harness.resources.redis.zadd(notes, Date.now() - CARD_AUTHORIZATION_LAPSES_MS - 60_000, member);
      const errors = vi.spyOn(console, 'error');
      try {
        expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
        expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
        expect(errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes(later))).toEqual([expect.stringMatching(/never voided \(the store no longer keeps its stripe credentials\).*lapsed.*no longer retried/)]);
      } finally { errors.mockRestore(); }
      expect(await harness.resources.redis.zcard(notes)).toBe(0);
    } finally { await cards({ 'payment.payment_provider': 'stripe', 'payment.stripe.secret_key': sealSecret('sk_test_chk') }); }
    // One its checkout released already (its note left behind) is just forgotten.
    const released = (await hold(String(new mongoose.Types.ObjectId()))).authorization.reference;
    await provider.void(released);
    expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
    expect(await harness.resources.redis.zcard(`${harness.resources.queuePrefix}:card-holds:${tenantId}`)).toBe(0);
  });

  it("takes a card through the store's provider: the order is paid, the stock taken; a declined card places nothing and keeps the cart", async () => {
    const before = await stock(21);
    await add('CardPay001', 21, 1);
    const declined = await submit('CardPay001', { payment_method: 'card', payment_token: 'pm_card_chargeDeclined' });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({ message: 'Your card was declined.', errors: { payment_token: ['Your card was declined.'] } });
    expect(await stock(21)).toBe(before);
    expect((await cart('CardPay001')).item_count).toBe(1);
    expect(await inDb(() => Order.countDocuments({ tenantId, deviceId: 'CardPay001' }))).toBe(0);

    const noCard = await submit('CardPay001', { payment_method: 'card' });
    expect(noCard.json()).toMatchObject({ message: 'Please enter your card.', errors: { payment_token: ['Please enter your card.'] } });

    const paid = await submit('CardPay001', { payment_method: 'card', payment_token: 'pm_card_visa' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order.payment).toEqual({ method: 'card', label: 'Paid by card', status: 'paid' });
    expect(await stock(21)).toBe(before - 1);
    const saved = (await inDb(() => Order.findOne({ tenantId, deviceId: 'CardPay001' }).lean())) as unknown as { totalCents: number; payment: Record<string, unknown> };
    expect(saved.payment).toMatchObject({ method: 'card', provider: 'stripe', status: 'paid', authorizedCents: saved.totalCents, capturedCents: saved.totalCents });
    expect(String(saved.payment.reference)).toMatch(/^pi_/);
  });

  it("saves a signed-in shopper's card with their order and charges it again on the next; nobody else can pay with it", async () => {
    const asCustomer = (slug: string) => issueToken(tenantId, { slug }).then((token) => ({ authorization: `Bearer ${token}` }));
    const sue = await asCustomer('sue-card');
    const order = async (auth: Record<string, string>, body: Record<string, unknown>) => {
      expect((await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(auth), payload: { store_product_id: 21, quantity: 1 } })).statusCode).toBe(200);
      return harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: headers(auth), payload: { order_type: 0, ...contact, payment_method: 'card', ...body } });
    };
    const cards = async (auth: Record<string, string>) => (await harness.app.inject({ url: '/api/customer-cards', headers: headers(auth) })).json().data;

    // A declined card asked to be saved is not kept.
    const declined = await order(sue, { payment_token: 'pm_card_chargeDeclined', save_card: true });
    expect(declined.json()).toMatchObject({ status: 422, message: 'Your card was declined.' });
    expect(await cards(sue)).toEqual([]);

    const first = await order(sue, { payment_token: 'pm_card_mastercard', save_card: true });
    expect(first.statusCode).toBe(200);
    expect(first.json().order.payment.status).toBe('paid');
    const [card] = await cards(sue);
    expect(card).toMatchObject({ brand: 'Mastercard', last4: '4444', source: expect.stringMatching(/^pm_/) });

    const again = await order(sue, { payment_token: card.source });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.payment).toEqual({ method: 'card', label: 'Paid by card', status: 'paid' });
    expect(await cards(sue)).toHaveLength(1);

    // Sue's saved card is hers: another customer and a guest are refused by the provider, and nothing is taken.
    const before = await stock(21);
    const tom = await asCustomer('tom-card');
    await add('CardThief1', 21, 1);
    for (const answer of [await order(tom, { payment_token: card.source }), await submit('CardThief1', { payment_method: 'card', payment_token: card.source })]) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.payment_token).toEqual(['This payment could not be processed. Please try again or use another card.']);
    }
    expect(await stock(21)).toBe(before);

    // Saving needs an account, and a store may turn saving off.
    await add('CardGuest1', 21, 1);
    expect((await submit('CardGuest1', { payment_method: 'card', payment_token: 'pm_card_visa', save_card: true })).json())
      .toMatchObject({ status: 422, errors: { save_card: ['Please sign in to save your card.'] } });
    await inDb(() => StoreProfile.updateOne({ tenantId }, { $set: { 'payment.stripe.disable_save_card': true } }));
    forgetStoreProfile(tenantId);
    try {
      expect((await order(tom, { payment_token: 'pm_card_visa', save_card: true })).json())
        .toMatchObject({ status: 422, errors: { save_card: ['This store does not save cards. Please pay without saving the card.'] } });
      expect(await cards(tom)).toEqual([]);
    } finally {
      await inDb(() => StoreProfile.updateOne({ tenantId }, { $set: { 'payment.stripe.disable_save_card': false } }));
      forgetStoreProfile(tenantId);
    }
  });

  describe("a card its bank must confirm (3-D Secure)", () => {
    const origin = { origin: 'http://shop.chk-a.test' };
    const callback = (id: string, device: string) => harness.app.inject({ method: 'POST', url: `/api/customer/orders/callback/${id}`, headers: headers(origin), payload: { device_id: device } });
    const confirmations = async (device: string) => {
      const orders = (await inDb(() => Order.find({ tenantId, deviceId: device }, { orderNumber: 1 }).lean())) as unknown as { orderNumber: string }[];
      return (await jobs('notifications')).filter((j) => j.kind === 'order-confirmation' && orders.some((o) => j.subject.includes(` ${o.orderNumber} `))).length;
    };
    /** The shopper on the bank's page (the Stripe stand-in's): it confirms and sends them back to the store. */
    const confirmAtBank = async (url: string) => {
      const answer = await fetch(url, { redirect: 'manual' });
      expect(answer.status).toBe(302);
      return new URL(answer.headers.get('location')!);
    };
    const webhook = (payload: string, secret = WEBHOOK_SECRET) => harness.app.inject({
      method: 'POST', url: '/api/payments/webhook/stripe', payload,
      headers: headers({ 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) }),
    });
    const event = (id: string, type: string, orderId: string, pi: string) => JSON.stringify({
      id, object: 'event', type, api_version: '2023-10-16', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: null,
      data: { object: { id: pi, object: 'payment_intent', metadata: { order_id: orderId, tenant_id: tenantId } } },
    });
    const stored = async (id: string) => (await inDb(() => Order.findOne({ tenantId, _id: id }).lean())) as unknown as { status: string; orderNumber: string; payment: { status: string; reference: string }; history: { note: string }[] };

    it('holds the stock and keeps the cart while the bank asks; the return places the order once, paid', async () => {
      const before = await stock(21);
      await add('Bank3ds001', 21, 2);
      const asked = await submit('Bank3ds001', { payment_method: 'card', payment_token: 'pm_card_threeDSecure2Required' }, origin);
      expect(asked.statusCode).toBe(202);
      const { confirm, message, status } = asked.json();
      expect({ status, message }).toEqual({ status: false, message: 'Please confirm the payment with your bank.' });
      expect(await stock(21)).toBe(before - 2); // held for this order
      expect((await cart('Bank3ds001')).item_count).toBe(2);
      expect((await stored(confirm.order_id)).status).toBe('awaiting_payment');
      const number = (await stored(confirm.order_id)).orderNumber;
      expect((await harness.app.inject({ url: `/api/orders/order?order_number=${number}&device_id=Bank3ds001`, headers: headers() })).statusCode).toBe(404);

      const early = await callback(confirm.order_id, 'Bank3ds001');
      expect(early.json()).toMatchObject({ status: 409, message: 'Your bank has not confirmed the payment yet. Please finish on its page, then try again.' });

      const back = await confirmAtBank(confirm.redirect_url);
      expect(back.origin + back.pathname).toBe('http://shop.chk-a.test/cart');
      expect(back.searchParams.get('payment')).toBe(confirm.order_id);
      expect((await callback(confirm.order_id, 'SomeoneEls')).statusCode).toBe(404); // not this device's order
      const [placed, again] = [await callback(confirm.order_id, 'Bank3ds001'), await callback(confirm.order_id, 'Bank3ds001')];
      expect(placed.statusCode).toBe(200);
      expect(placed.json().order).toMatchObject({ order_number: number, status: 'placed', payment: { method: 'card', label: 'Paid by card', status: 'paid' } });
      expect(again.json().order.order_number).toBe(number);
      expect((await stored(confirm.order_id)).payment.status).toBe('paid');
      expect(await stock(21)).toBe(before - 2);
      expect((await cart('Bank3ds001')).item_count).toBe(0);
      expect(await confirmations('Bank3ds001')).toBe(1);
      expect((await harness.app.inject({ url: `/api/orders/order?order_number=${number}&device_id=Bank3ds001`, headers: headers() })).statusCode).toBe(200);
    });

    it("a signed webhook settles the order without the shopper's return; a replay or a forged one changes nothing", async () => {
      await add('Bank3ds002', 21, 1);
      const { confirm } = (await submit('Bank3ds002', { payment_method: 'card', payment_token: 'pm_card_threeDSecure2Required' }, origin)).json();
      await confirmAtBank(confirm.redirect_url);
      const pi = (await stored(confirm.order_id)).payment.reference;
      const payload = event('evt_chk_1', 'payment_intent.amount_capturable_updated', confirm.order_id, pi);

      const forged = await webhook(payload, 'whsec_someone_else');
      expect(forged.json()).toMatchObject({ status: 400, message: 'This payment callback could not be verified.' });
      expect((await stored(confirm.order_id)).status).toBe('awaiting_payment');

      expect((await webhook(payload)).json()).toEqual({ received: true });
      expect((await stored(confirm.order_id))).toMatchObject({ status: 'placed', payment: { status: 'paid' } });
      expect((await webhook(payload)).json()).toEqual({ received: true }); // Stripe sends it again
      expect((await webhook(event('evt_chk_2', 'payment_intent.succeeded', confirm.order_id, pi))).statusCode).toBe(200);
      expect(await confirmations('Bank3ds002')).toBe(1);
      expect((await cart('Bank3ds002')).item_count).toBe(0);
      // The shopper's own return after it answers the placed order.
      expect((await callback(confirm.order_id, 'Bank3ds002')).json().order.status).toBe('placed');
    });

    it('an order whose bank never confirms is given up by the reconcile job: stock back, payment released, the cart kept', async () => {
      const before = await stock(21);
      await add('Bank3ds003', 21, 1);
      const { confirm } = (await submit('Bank3ds003', { payment_method: 'card', payment_token: 'pm_card_threeDSecure2Required' }, origin)).json();
      expect(await stock(21)).toBe(before - 1);
      await recoverAbandonedCheckouts({ resources: harness.resources }, tenantId, 0, 60_000); // not yet: the shopper may still be at the bank
      expect((await stored(confirm.order_id)).status).toBe('awaiting_payment');
      await recoverAbandonedCheckouts({ resources: harness.resources }, tenantId, 0, 0);
      const given = await stored(confirm.order_id);
      expect(given).toMatchObject({ status: 'cancelled', payment: { status: 'declined' } });
      expect(given.history.map((h) => h.note)).toEqual(["The shopper's bank did not confirm the card payment."]);
      expect(await stock(21)).toBe(before);
      expect((await cart('Bank3ds003')).item_count).toBe(1);
      const late = await callback(confirm.order_id, 'Bank3ds003');
      expect(late.json()).toMatchObject({ status: 422, message: 'Your bank did not confirm the payment, so the order was not placed. Your cart is kept: please try again or use another card.' });
      expect(await confirmations('Bank3ds003')).toBe(0);
    });
  });

  it("shows the shopper the order's timeline, and buys it again: what the store still has goes back into the cart, the rest is named", async () => {
    expect((await add('AgainDev01', 81, 1)).statusCode).toBe(200);
    await add('AgainDev01', 21, 2);
    const placed = (await submit('AgainDev01')).json().order;
    expect(placed.timeline).toEqual([{ status: 'placed', label: 'Placed', at: placed.placed_at, note: '' }]);
    const reorder = (device: string, extra: Record<string, string> = {}) => harness.app.inject({ method: 'POST', url: '/api/orders/reorder', headers: headers(extra), payload: { order_number: placed.order_number, device_id: device } });

    const again = await reorder('AgainDev01');
    expect(again.json()).toEqual({
      status: 'success', message: '1 of 2 items are in your cart.', store_id: 1, added: 1,
      not_added: [{ sku: '1008', title: 'One-off Vise', reason: expect.stringMatching(/stock|available/i) }],
    });
    const lines = (await cart('AgainDev01')).parcels.flatMap((p: { items: { store_product_id: number; quantity: number }[] }) => p.items);
    expect(lines.map((l: { store_product_id: number; quantity: number }) => [l.store_product_id, l.quantity])).toEqual([[21, 2]]);
    // Again on top of what the cart holds.
    expect((await reorder('AgainDev01')).json().added).toBe(1);
    expect((await cart('AgainDev01')).item_count).toBe(4);

    expect((await reorder('OtherDev02')).statusCode).toBe(404);
    const admin = await issueToken(tenantId, { slug: 'owner', isAdmin: true });
    expect((await reorder('AgainDev01', { authorization: `Bearer ${admin}` })).statusCode).toBe(403);
  });

  it('where the store asks, a guest confirms their mobile number with a texted code before ordering', async () => {
    const validate = (body: Record<string, unknown>, extra: Record<string, string> = {}) =>
      harness.app.inject({ method: 'POST', url: '/api/orders/validate-info', headers: headers(extra), payload: { ...contact, telephone: '(503) 555-0190', ...body } });
    expect((await validate({ device_id: 'PhoneDev01' })).json()).toEqual({ status: 'success', message: 'Your details are complete.', verification_required: false });
    await inDb(() => StoreProfile.updateOne({ tenantId }, { $set: { 'business.verify_phone_at_checkout': true } }));
    forgetStoreProfile(tenantId);
    try {
      const before = await stock(21);
      await add('PhoneDev01', 21, 1);
      const unconfirmed = await submit('PhoneDev01', { telephone: '(503) 555-0190' });
      expect(unconfirmed.json()).toMatchObject({ status: 422, errors: { telephone: ['Please confirm your mobile number with the code we texted you.'] } });
      expect(await stock(21)).toBe(before);

      expect((await validate({ device_id: 'PhoneDev01', email: 'nope' })).json()).toMatchObject({ status: 422, errors: { email: expect.any(Array) } });
      const sent = await validate({ device_id: 'PhoneDev01' });
      expect(sent.json()).toEqual({ status: 'success', message: 'We sent a 4-digit code to (503) 555-0190. Enter it to confirm your number.', verification_required: true });
      const text = (await jobs('notifications')).filter((j) => j.kind === 'checkout-phone' && j.to === '5035550190').at(-1)!;
      const code = /^(\d{4}) is your chk-a store code/.exec(text.text)![1];
      const wrong = code === '0000' ? '1111' : '0000';
      expect((await validate({ device_id: 'PhoneDev01', code: wrong })).json()).toMatchObject({ status: 422, errors: { code: ['The verification code is not correct. Please try again.'] } });
      // Another device cannot use this device's code.
      expect((await validate({ device_id: 'PhoneDev02', code })).statusCode).toBe(422);
      expect((await validate({ device_id: 'PhoneDev01', code })).json()).toEqual({ status: 'success', message: 'Thank you: your mobile number is confirmed.', verification_required: false });
      const placed = await submit('PhoneDev01', { telephone: '(503) 555-0190' });
      expect(placed.statusCode).toBe(200);
      expect(await stock(21)).toBe(before - 1);

      // A customer confirms a number once for their account; another number is asked again.
      const auth = { authorization: `Bearer ${await issueToken(tenantId, { slug: 'phone-owner' })}` };
      expect((await validate({ telephone: '(503) 555-0191' }, auth)).json().verification_required).toBe(true);
      const theirs = /^(\d{4}) is your/.exec((await jobs('notifications')).filter((j) => j.kind === 'checkout-phone' && j.to === '5035550191').at(-1)!.text)![1];
      expect((await validate({ telephone: '(503) 555-0191', code: theirs }, auth)).json().verification_required).toBe(false);
      expect((await validate({ telephone: '(503) 555-0191' }, auth)).json().verification_required).toBe(false);
      expect(await harness.resources.redis.ttl(`${harness.resources.queuePrefix}:checkout-phone:${tenantId}:phone-owner:5035550191`)).toBe(-1);
      expect((await validate({ telephone: '(503) 555-0192' }, auth)).json().verification_required).toBe(true);
    } finally {
      await inDb(() => StoreProfile.updateOne({ tenantId }, { $set: { 'business.verify_phone_at_checkout': false } }));
      forgetStoreProfile(tenantId);
    }
  });

  it('refuses a card at a store that takes no cards, before anything is taken', async () => {
    const before = await stock(21, otherTenantId);
    await add('CardNone01', 21, 1, { 'business-slug': 'chk-b' });
    const res = await submit('CardNone01', { payment_method: 'card', payment_token: 'pm_card_visa' }, { 'business-slug': 'chk-b' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Card payments are not available at this store right now. Please choose another way to pay.');
    expect(await stock(21, otherTenantId)).toBe(before);
  });
});
