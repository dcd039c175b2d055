import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { Product, StoreProduct } from '@platform/catalogue';
import { StoreProfile } from '@platform/tenant-settings';
import type { Job } from 'bullmq';
import type { OrderPlacedJob } from '@platform/queue';
import { cartService, CartStore, Coupon, forgetTenantCoupons, recordCouponUse } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'cartw-a', 'store-id': '1', ...extra });
const add = (device: string, store_product_id: number, quantity: number, extra: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(extra), payload: { store_product_id, quantity, device_id: device } });
let carts: CartStore;
const guest = (deviceId: string) => ({ customerSlug: null, deviceId });
const lines = async (device: string) => ((await carts.get(tenantId, guest(device)))?.items ?? [])
  .map(({ storeProductId, quantity, special }) => ({ storeProductId, quantity, special }));

beforeAll(async () => {
  harness = await createTestApp([cartService], 'cart-writes');
  carts = new CartStore(harness.resources.redis, harness.resources.queuePrefix);
  tenantId = (await createTenant('cartw-a')).id;
  await createCatalogueFixture(tenantId, 'cartw-a');
  // A pack product (fpack 4, max 8) and a product with a single unit left, at location 1.
  await Product.create({ tenantId, productId: 4, sku: '1004', slug: 'screws', title: 'Screws', originalTitle: 'Screws', extra: { fpack: 4, max_order_quantity: 8 }, vendorId: 101 });
  await StoreProduct.create({ tenantId, storeProductId: 41, locationId: 1, productId: 4, sku: '1004', title: 'Screws', priceCents: 500, inventory: 100 });
  await Product.create({ tenantId, productId: 5, sku: '1005', slug: 'last-one', title: 'Last One', originalTitle: 'Last One', vendorId: 101 });
  await StoreProduct.create({ tenantId, storeProductId: 51, locationId: 1, productId: 5, sku: '1005', title: 'Last One', priceCents: 900, inventory: 1 });
  await StoreProfile.create({ tenantId, business: {
    special_order_fee: '7.50',
    delivery_enabled: true, delivery_locations: [{ code: '97301', fee: '9.99', minThreshold: '100.00', thresholdFee: '0.00' }],
  } });
  // Another tenant's store product.
  const other = await createTenant('cartw-b');
  await createCatalogueFixture(other.id, 'cartw-b');
  await StoreProduct.create({ tenantId: other.id, storeProductId: 999, locationId: 1, productId: 99, sku: '1099', title: 'x', priceCents: 100, inventory: 9 });
});
afterAll(async () => { await harness?.close(); });

describe('POST /api/add-to-cart', () => {
  it('adds a line, sets its quantity, and removes it at 0, answering the cart', async () => {
    const first = await add('AddDevice1', 11, 2);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ item_count: 2, subtotal: '259.98' });
    expect((await add('AddDevice1', 21, 3)).json().data.item_count).toBe(5);
    expect((await add('AddDevice1', 11, 4)).json().data.item_count).toBe(7);
    expect(await lines('AddDevice1')).toEqual([{ storeProductId: 21, quantity: 3, special: false }, { storeProductId: 11, quantity: 4, special: false }]);
    expect((await add('AddDevice1', 11, 0)).json().data.item_count).toBe(3);
  });

  it('refuses quantities over stock, the order maximum or off the pack size, in the spec wording, and changes nothing', async () => {
    await add('RuleDevic1', 41, 4);
    const cases: [number, number, string][] = [
      [11, 6, 'Store has only 5 in stock.'],
      [41, 12, 'Max allowed limit is 8'],
      [41, 6, 'Must be ordered in multiple of 4'],
    ];
    for (const [sp, quantity, message] of cases) {
      const res = await add('RuleDevic1', sp, quantity);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status: 422, message, errors: { quantity: [message] } });
    }
    expect(await lines('RuleDevic1')).toEqual([{ storeProductId: 41, quantity: 4, special: false }]);
  });

  it('puts an out-of-stock product the vendor can order into the special-order parcel, with the special-order fee once', async () => {
    const data = (await add('SpecialDev', 31, 3)).json().data;
    expect(data.parcels).toEqual([expect.objectContaining({ type: 'special', items: [expect.objectContaining({ sku: '1003', quantity: 3 })] })]);
    // 3 x 29.99 promo + the store's 7.50 special-order fee (fixture profile).
    expect(data.totals).toMatchObject({ subtotal: '89.97', special_order_fee: '7.50', special_order_fee_label: 'Special Order', total: '97.47' });
  });

  it("refuses admins, another tenant's or another store's product, and bad numbers", async () => {
    const admin = await issueToken(tenantId, { isAdmin: true });
    const asAdmin = await add('AdminDevic', 11, 1, { authorization: `Bearer ${admin}` });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe("You can't add products as Admin");
    expect((await add('OtherDevic', 999, 1)).statusCode).toBe(404);
    expect((await add('OtherDevic', 12, 1)).json()).toMatchObject({ status: 404, message: 'This product is not sold at the selected store.' });
    for (const quantity of [-1, 10000, 1.5]) expect((await add('OtherDevic', 11, quantity)).statusCode).toBe(400);
    expect(await lines('OtherDevic')).toEqual([]);
  });

  it('tells the shopper when a price changed since the line was added, or the store holds less now', async () => {
    await add('NoticeDev1', 21, 3);
    // Lines remember the unit price they were set at; here the store changed it since.
    const cart = (await carts.get(tenantId, guest('NoticeDev1')))!;
    await carts.put(tenantId, guest('NoticeDev1'), { ...cart, items: [{ ...cart.items[0], addedPriceCents: 2499 }] });
    const item = (await harness.app.inject({ url: '/api/cart-parcels?device_id=NoticeDev1', headers: headers() })).json().data.parcels[0].items[0];
    expect(item.notice).toBe('The price changed from $24.99 to $19.99 since you added it.');
    await carts.put(tenantId, guest('NoticeDev1'), { ...cart, items: [{ ...cart.items[0], addedPriceCents: 1999, quantity: 50 }] });
    const short = (await harness.app.inject({ url: '/api/cart-parcels?device_id=NoticeDev1', headers: headers() })).json().data.parcels[0].items[0];
    expect(short.notice).toBe('Store has only 40 in stock. Please reduce quantity');
  });

  it('keeps a customer cart apart from the device cart', async () => {
    const token = await issueToken(tenantId, { slug: 'pat' });
    await add('PatDevice1', 21, 2, { authorization: `Bearer ${token}` });
    expect(await lines('PatDevice1')).toEqual([]);
    const cart = await carts.get(tenantId, { customerSlug: 'pat', deviceId: null });
    expect(cart?.items).toHaveLength(1);
  });

  it("adds a guest's cart to the customer's at their first cart call after signing in", async () => {
    const token = await issueToken(tenantId, { slug: 'merge-me' });
    const customer = { customerSlug: 'merge-me', deviceId: null };
    await carts.put(tenantId, customer, { locationId: 1, items: [{ storeProductId: 21, quantity: 1, special: false }] });
    await add('MergeDev01', 21, 2);
    await add('MergeDev01', 11, 5);
    await carts.put(tenantId, guest('MergeDev01'), { ...(await carts.get(tenantId, guest('MergeDev01')))!, items: [
      { storeProductId: 21, quantity: 2, special: false }, { storeProductId: 11, quantity: 5, special: false },
    ] });
    await carts.put(tenantId, customer, { locationId: 1, items: [{ storeProductId: 21, quantity: 1, special: false }, { storeProductId: 11, quantity: 3, special: false }] });
    const read = await harness.app.inject({ url: '/api/cart-parcels', headers: headers({ authorization: `Bearer ${token}`, 'device-id': 'MergeDev01' }) });
    const lines = read.json().data.parcels.flatMap((p: { items: { store_product_id: number; quantity: number }[] }) => p.items).map((i: { store_product_id: number; quantity: number }) => [i.store_product_id, i.quantity]);
    // 21: 1 + 2 = 3; 11: 3 + 5 = 8 is over the 5 in stock, so the larger quantity (5) stays.
    expect(lines).toEqual([[21, 3], [11, 5]]);
    expect(await carts.get(tenantId, guest('MergeDev01'))).toBeNull();
  });

  it('adds the guest cart once when several cart calls come at once after signing in', async () => {
    const token = await issueToken(tenantId, { slug: 'many-reads' });
    await add('ManyReads1', 21, 2);
    const reads = await Promise.all(Array.from({ length: 4 }, () =>
      harness.app.inject({ url: '/api/cart-parcels', headers: headers({ authorization: `Bearer ${token}`, 'device-id': 'ManyReads1' }) })));
    expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await carts.get(tenantId, { customerSlug: 'many-reads', deviceId: null }))?.items.map((i) => [i.storeProductId, i.quantity])).toEqual([[21, 2]]);
    expect(await carts.get(tenantId, guest('ManyReads1'))).toBeNull();
  });

  it("leaves a guest cart of another store alone and keeps the customer's", async () => {
    const token = await issueToken(tenantId, { slug: 'two-stores' });
    const customer = { customerSlug: 'two-stores', deviceId: null };
    await carts.put(tenantId, customer, { locationId: 1, items: [{ storeProductId: 21, quantity: 1, special: false }] });
    await carts.put(tenantId, guest('OtherStore'), { locationId: 2, items: [{ storeProductId: 22, quantity: 1, special: false }] });
    await harness.app.inject({ url: '/api/cart-parcels', headers: headers({ authorization: `Bearer ${token}`, 'device-id': 'OtherStore' }) });
    expect((await carts.get(tenantId, customer))?.items.map((i) => i.storeProductId)).toEqual([21]);
    expect((await carts.get(tenantId, guest('OtherStore')))?.items.map((i) => i.storeProductId)).toEqual([22]);
  });

  it('refuses to mix stores in one cart', async () => {
    await add('MixDevice1', 21, 1);
    const res = await add('MixDevice1', 22, 1, { 'store-id': '2' });
    expect(res.statusCode).toBe(409);
    expect(await lines('MixDevice1')).toEqual([{ storeProductId: 21, quantity: 1, special: false }]);
  });
});

describe('totals by fulfilment type', () => {
  const read = async (device: string, query: string) => (await harness.app.inject({ url: `/api/cart-parcels?device_id=${device}&${query}`, headers: headers() })).json().data.totals;

  it('adds the local delivery fee by zip, free above the threshold, and words a missing or invalid zip', async () => {
    await add('TotalsDev1', 21, 2); // 2 x 19.99
    await add('TotalsDev1', 11, 1); // 129.99 with a 1.50 fee (fixture product 1)
    expect(await read('TotalsDev1', 'order_type=0')).toEqual({
      order_type: 0, subtotal: '169.97', additional_fees: '1.50', additional_fee_details: [{ message: 'Battery recycling fee', price_impact: '1.50' }],
      delivery_fee: null, discount_delivery: '0.00', delivery_charge: null, delivery_charge_label: null, delivery_error: null,
      coupon: null, coupon_message: null, discount: '0.00', discount_label: null,
      special_order_fee: '0.00', special_order_fee_label: 'Special Order', special_order_sla: '3-8 days', tax: '0.00', tax_rows: [{ label: 'Tax', amount: '0.00' }], total: '171.47',
      shipping_fee: null, discount_shipping: '0.00', shipping_charge: null, shipping_charge_label: null, shipping_quote: null,
    });
    // Over the zone's 100.00 minimum its fee of 9.99 comes off: the delivery discount.
    expect(await read('TotalsDev1', 'order_type=1&zip=97301')).toMatchObject({ order_type: 1, delivery_fee: '9.99', discount_delivery: '9.99', delivery_charge: '0.00', delivery_charge_label: 'FREE', total: '171.47' });
    await add('TotalsDev1', 11, 0);
    expect(await read('TotalsDev1', 'order_type=1&zip=97301')).toMatchObject({ delivery_fee: '9.99', discount_delivery: '0.00', delivery_charge: '9.99', delivery_charge_label: '$9.99', total: '49.97' });
    expect(await read('TotalsDev1', 'order_type=1')).toMatchObject({ delivery_error: 'no-zipcode', delivery_charge_label: 'Add address to calculate', total: '39.98' });
    expect(await read('TotalsDev1', 'order_type=1&zip=12345')).toMatchObject({ delivery_error: 'invalid-zipcode', delivery_charge_label: 'Add address to calculate' });
    // An address assigned to the cart is used when the read names none; USA is stored as US.
    const assigned = await harness.app.inject({ method: 'POST', url: '/api/assign-address', headers: headers(), payload: { address: '1 Main St', zip: '97301', city: 'Salem', state: 'OR', country: 'USA', order_type: 1, device_id: 'TotalsDev1' } });
    expect(assigned.json()).toMatchObject({ status: 'success', data: { totals: { order_type: 1, delivery_charge: '9.99' } } });
    expect((await carts.get(tenantId, guest('TotalsDev1')))?.address).toMatchObject({ zip: '97301', country: 'US' });
    expect((await harness.app.inject({ url: '/api/cart-parcels?device_id=TotalsDev1', headers: headers() })).json().data.totals).toMatchObject({ order_type: 1, delivery_charge: '9.99' });
    const badZip = await harness.app.inject({ method: 'POST', url: '/api/assign-address', headers: headers(), payload: { zip: '973', order_type: 1, device_id: 'TotalsDev1' } });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().errors).toHaveProperty('zip');
    expect((await carts.get(tenantId, guest('TotalsDev1')))?.address?.zip).toBe('97301');
    // Shipping is not enabled for this store: the cart falls back to pickup.
    expect((await read('TotalsDev1', 'order_type=2')).order_type).toBe(0);
  });
});

describe('tax', () => {
  it("adds the store location's rate for pickup, the destination's for delivery, and the other tax rows", async () => {
    const taxed = (await createTenant('cartw-tax')).id;
    await createCatalogueFixture(taxed, 'cartw-tax');
    await StoreProfile.create({ tenantId: taxed, business: {
      delivery_enabled: true, delivery_locations: [{ code: '97302', fee: '5.00', minThreshold: null, thresholdFee: null }],
      tax_rates: [{ location_id: 1, rate: '8.25' }], destination_tax_rates: [{ zip: '97302', rate: '6.00' }], other_tax_rows: [{ label: 'County tax', rate: '0.50' }],
    } });
    const taxHeaders = { 'business-slug': 'cartw-tax', 'store-id': '1' };
    await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: taxHeaders, payload: { store_product_id: 21, quantity: 5, device_id: 'TaxDevice1' } }); // 5 x 19.99
    const totals = async (query: string) => (await harness.app.inject({ url: `/api/cart-parcels?device_id=TaxDevice1&${query}`, headers: taxHeaders })).json().data.totals;
    // 99.95 taxable: 8.25 % = 8.25 (824.6 cents, rounded), 0.50 % = 0.50 (49.975).
    expect(await totals('order_type=0')).toMatchObject({ tax: '8.75', tax_rows: [{ label: 'Tax', amount: '8.25' }, { label: 'County tax', amount: '0.50' }], total: '108.70' });
    // Delivered to 97302: 6 % = 6.00 (599.7), plus the county row and the 5.00 fee.
    expect(await totals('order_type=1&zip=97302')).toMatchObject({ tax: '6.50', delivery_charge: '5.00', total: '111.45' });
    const calculated = await harness.app.inject({ method: 'POST', url: '/api/calculate-taxes', headers: taxHeaders, payload: { postal_code: '97302', country: 'US', order_type: 1, device_id: 'TaxDevice1' } });
    expect(calculated.json()).toMatchObject({ status: 'success', data: { tax: '6.50', total: '111.45' } });
    const malformed = await harness.app.inject({ method: 'POST', url: '/api/calculate-taxes', headers: taxHeaders, payload: { postal_code: '9730', device_id: 'TaxDevice1' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveProperty('postal_code');
  });
});

describe('promo codes', () => {
  const redeem = (device: string, coupon: string) => harness.app.inject({ method: 'POST', url: '/api/redeem-coupon', headers: headers(), payload: { coupon, device_id: device } });

  it('applies a current code within its rules, refuses the rest with the message, and never goes below zero', async () => {
    await Coupon.insertMany([
      { tenantId, code: 'SAVE10', kind: 'percent', percentBp: 1000, minSubtotalCents: 5000, disclaimer: 'Not valid on sale items.' },
      { tenantId, code: 'HUGE', kind: 'flat', amountCents: 100000 },
      { tenantId, code: 'OLD', kind: 'flat', amountCents: 500, expiresAt: new Date('2020-01-01') },
    ]);
    expect((await harness.app.inject({ url: '/api/check-active-coupons', headers: headers() })).json()).toEqual({ data: { active: true } });
    await add('CouponDev1', 21, 2); // 39.98
    const short = await redeem('CouponDev1', 'ab');
    expect(short.json()).toMatchObject({ status: 422, message: 'Promo code should be greater than 3 characters' });
    expect((await redeem('CouponDev1', 'NOPE')).json().message).toBe('This promo code is not valid.');
    expect((await redeem('CouponDev1', 'old')).json().message).toBe('This promo code has expired.');
    expect((await redeem('CouponDev1', 'save10')).json().message).toBe('Spend $50.00 or more to use this promo code.');
    await add('CouponDev1', 21, 3); // 59.97
    const ok = (await redeem('CouponDev1', 'save10')).json();
    expect(ok).toMatchObject({ status: 200, message: 'Promo code SAVE10 applied.', disclaimer: 'Not valid on sale items.' });
    expect(ok.data.totals).toMatchObject({ coupon: 'SAVE10', discount: '6.00', discount_label: '10% OFF', total: '53.97' });
    // Below the minimum again, the code stays but stops applying, and says why.
    await add('CouponDev1', 21, 1);
    const status = (await harness.app.inject({ method: 'POST', url: '/api/redeemed-coupons-status', headers: headers(), payload: { device_id: 'CouponDev1' } })).json().data;
    expect(status).toEqual({ coupon: 'SAVE10', valid: false, message: 'Spend $50.00 or more to use this promo code.', discount: '0.00' });
    const huge = (await redeem('CouponDev1', 'HUGE')).json();
    expect(huge.data.totals).toMatchObject({ discount: '19.99', discount_label: '$1000 OFF', total: '0.00' });
    const removed = await harness.app.inject({ method: 'DELETE', url: '/api/remove-coupon?device_id=CouponDev1', headers: headers() });
    expect(removed.json().data.totals).toMatchObject({ coupon: null, discount: '0.00', total: '19.99' });
  });
});

describe('once-per-customer promo codes', () => {
  it('asks guests to sign in, applies once for a customer, and refuses (and stops applying) after an order used it', async () => {
    await Coupon.create({ tenantId, code: 'WELCOME15', kind: 'percent', percentBp: 1500, oncePerCustomer: true });
    forgetTenantCoupons(tenantId);
    await add('OnceDevic1', 21, 1);
    const asGuest = await harness.app.inject({ method: 'POST', url: '/api/redeem-coupon', headers: headers(), payload: { coupon: 'welcome15', device_id: 'OnceDevic1' } });
    expect(asGuest.json()).toMatchObject({ status: 422, message: 'Please sign in to use this promo code.' });
    const token = await issueToken(tenantId, { slug: 'once-customer' });
    const signedIn = headers({ authorization: `Bearer ${token}` });
    await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: signedIn, payload: { store_product_id: 21, quantity: 1 } });
    const first = await harness.app.inject({ method: 'POST', url: '/api/redeem-coupon', headers: signedIn, payload: { coupon: 'welcome15' } });
    expect(first.json().data.totals).toMatchObject({ coupon: 'WELCOME15', discount: '3.00' });
    // An order of theirs with the code is placed (the worker's orders-placed handler records the use).
    await recordCouponUse({ data: { tenantId, orderNumber: 'A-1', placedAt: new Date().toISOString(), items: [{ sku: '1002', quantity: 1 }], customerSlug: 'once-customer', coupon: 'WELCOME15' } } as Job<OrderPlacedJob>);
    const read = (await harness.app.inject({ url: '/api/cart-parcels', headers: signedIn })).json().data.totals;
    expect(read).toMatchObject({ coupon: 'WELCOME15', coupon_message: 'You have already used this promo code.', discount: '0.00' });
    const again = await harness.app.inject({ method: 'POST', url: '/api/redeem-coupon', headers: signedIn, payload: { coupon: 'WELCOME15' } });
    expect(again.json()).toMatchObject({ status: 422, message: 'You have already used this promo code.' });
  });
});

describe('concurrency', () => {
  it('50 carts adding the last unit at once: none holds more than the stock allows', async () => {
    const devices = Array.from({ length: 50 }, (_, i) => `Race${String(i).padStart(6, '0')}`);
    const answers = await Promise.all(devices.map((d, i) => add(d, 51, i % 2 ? 1 : 2)));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    for (const device of devices) for (const line of await lines(device)) expect(line.quantity).toBeLessThanOrEqual(1);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(25);
  });

  it('concurrent changes to one cart all land (no lost update)', async () => {
    const ids = [11, 21, 31, 41];
    await Promise.all(ids.map((sp) => add('OneCartDev', sp, sp === 41 ? 4 : 1)));
    expect((await lines('OneCartDev')).map((l) => l.storeProductId).sort()).toEqual(ids);
  });
});

describe('DELETE /api/remove-cart-item and GET /api/empty-cart', () => {
  it('removes one line, then empties the cart', async () => {
    await add('RemoveDev1', 11, 1);
    await add('RemoveDev1', 21, 1);
    const removed = await harness.app.inject({ method: 'DELETE', url: '/api/remove-cart-item?store_product_id=11&identity=RemoveDev1', headers: headers() });
    expect(removed.json().data.item_count).toBe(1);
    const emptied = await harness.app.inject({ url: '/api/empty-cart?device_id=RemoveDev1', headers: headers() });
    expect(emptied.json().data).toMatchObject({ item_count: 0, parcels: [] });
  });
});
