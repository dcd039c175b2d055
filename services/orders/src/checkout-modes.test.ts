import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { Product, StoreProduct, stockLeft } from '@platform/catalogue';
import { cartService, Coupon } from '@platform/cart';
import { StoreProfile } from '@platform/tenant-settings';
import { identityService } from '@platform/identity';
import { inBackground } from '@platform/db';
import { Order, ordersService } from './index';
import { messagesOf } from '@platform/queue';

// Checkout and the item settings disableDelivery / disableShipping (spec 1 §3), a free-delivery code, and the
// store's own delivery disclaimer in the confirmation.
let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
const headers = { 'business-slug': 'chkm-a', 'store-id': '1' };
const post = (url: string, payload: object) => harness.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload });
const add = (device: string, store_product_id: number, quantity: number) => post('add-to-cart', { store_product_id, quantity, device_id: device });
const contact = { first_name: 'Jo', last_name: 'Lee', email: 'jo.lee@example.com', telephone: '5035550142' };
const submit = (device: string, order_type: number) => post('customer/orders/submit', { device_id: device, order_type, ...contact, payment_method: 'pay_at_store' });
const deliverTo = (device: string) => post('assign-address', { device_id: device, order_type: 1, address: '12 Oak St', city: 'Salem', state: 'OR', zip: '97301' });
const orders = () => inBackground('test reads the database', () => Order.countDocuments({ tenantId }));
const stock = async (storeProductId: number) => (await stockLeft({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [storeProductId])).get(storeProductId)!;

const MULCH = 71;
const PROPANE = 81;
const HAMMER = 21;

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService, identityService], 'checkout-modes');
  tenantId = (await createTenant('chkm-a')).id;
  await createCatalogueFixture(tenantId, 'chkm-a');
  await Product.create({ tenantId, productId: 7, sku: '1007', slug: 'bagged-mulch', title: 'Bagged Mulch', originalTitle: 'Bagged Mulch', settings: { disableDelivery: true } });
  await StoreProduct.create({ tenantId, storeProductId: MULCH, locationId: 1, productId: 7, sku: '1007', title: 'Bagged Mulch', priceCents: 699, inventory: 100 });
  await Product.create({ tenantId, productId: 8, sku: '1008', slug: 'propane', title: 'Propane Tank', originalTitle: 'Propane Tank', settings: { disableShipping: true, disableShippingText: 'Hazardous: pickup or local delivery only' } });
  await StoreProduct.create({ tenantId, storeProductId: PROPANE, locationId: 1, productId: 8, sku: '1008', title: 'Propane Tank', priceCents: 2400, inventory: 20 });
  await StoreProfile.create({ tenantId, business: {
    delivery_enabled: true, shipping_enabled: true, delivery_locations: [{ code: '97301', fee: '9.99', minThreshold: null, thresholdFee: null }],
    delivery_settings: { delivery_disclaimer: 'We deliver on Tuesdays and Fridays.' },
  } });
  await Coupon.create({ tenantId, code: 'FREEDEL', kind: 'free_delivery' });
});
afterAll(async () => { await harness?.close(); });

describe('POST /api/customer/orders/submit with items that cannot go out that way', () => {
  it('refuses delivery while a no-delivery item is in the cart, naming it, and changes nothing; pickup is placed', async () => {
    await add('ModeDev001', HAMMER, 1);
    await add('ModeDev001', MULCH, 3);
    await deliverTo('ModeDev001');
    const refused = await submit('ModeDev001', 1);
    expect(refused.statusCode).toBe(422);
    const message = 'Bagged Mulch is not available for delivery. Remove it from your cart or choose another way to get your order.';
    expect(refused.json()).toEqual({ status: 422, message, errors: { order_type: [message] } });
    expect(await orders()).toBe(0);
    expect(await stock(MULCH)).toBe(100);
    const kept = (await harness.app.inject({ url: '/api/cart-parcels?device_id=ModeDev001', headers })).json().data;
    expect(kept).toMatchObject({ item_count: 4, checkout_types: { pickup: true, delivery: false, shipping: true } });

    const placed = await submit('ModeDev001', 0);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order).toMatchObject({ order_type: 'pickup' });
    expect(await stock(MULCH)).toBe(97);
  });

  it('refuses shipping while a no-shipping item is in the cart, naming it', async () => {
    await add('ModeDev002', PROPANE, 1);
    const refused = await submit('ModeDev002', 2);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Propane Tank is not available for shipping. Remove it from your cart or choose another way to get your order.');
  });

  it('places a delivery with a free-delivery code at no delivery charge, uses the code up, and tells the shopper the store\'s delivery words', async () => {
    await add('ModeDev003', PROPANE, 1); // deliverable: only shipping is off for it
    await deliverTo('ModeDev003');
    expect((await post('redeem-coupon', { coupon: 'FREEDEL', device_id: 'ModeDev003' })).statusCode).toBe(200);
    const placed = await submit('ModeDev003', 1);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order).toMatchObject({ order_type: 'delivery', fulfilment_charge: '0.00', discount: '0.00', total: '24.00' });
    const jobs = async (queue: 'notifications' | 'ordersPlaced') => (await harness.resources.queues[queue].getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).map((j) => j.data as Record<string, any>);
    const messages = async () => (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).flatMap((j) => messagesOf(j.data));
    const number = placed.json().order.order_number;
    expect((await jobs('ordersPlaced')).find((j) => j.tenantId === tenantId && j.orderNumber === number)).toMatchObject({ coupon: 'FREEDEL' });
    const mail = (await messages()).find((j) => j.kind === 'order-confirmation' && j.tenantId === tenantId && j.subject.includes(number))!;
    expect(mail.text).toContain('Delivery to: 12 Oak St, Salem, OR 97301. We deliver on Tuesdays and Fridays.');
  });
});
