import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { Worker } from 'bullmq';
import { QUEUE_NAMES } from '@platform/queue';
import { inBackground } from '@platform/db';
import { announceCatalogueChange, applyCatalogueChange, StoreProduct, storeProductDocId } from '@platform/catalogue';
import { cartService, CartStore } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenant: { id: string };
const headers = { 'business-slug': 'cart-a' };

beforeAll(async () => {
  harness = await createTestApp([cartService], 'cart');
  tenant = await createTenant('cart-a');
  await createCatalogueFixture(tenant.id, 'cart-a');
  const carts = new CartStore(harness.resources.redis, harness.resources.queuePrefix);
  await carts.put(tenant.id, { customerSlug: null, deviceId: 'FullCart01' }, { locationId: 1, items: [{ storeProductId: 11, quantity: 2, special: false }, { storeProductId: 31, quantity: 1, special: true }] });
  await carts.put(tenant.id, { customerSlug: 'sam', deviceId: null }, { locationId: 1, items: [{ storeProductId: 21, quantity: 3, special: false }] });
});
afterAll(async () => { await harness?.close(); });

describe('GET /api/cart-parcels', () => {
  it('shows the empty state for a new device', async () => {
    const res = await harness.app.inject({ url: '/api/cart-parcels?device_id=NewDevice1', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ order_id: null, item_count: 0, parcels: [], checkout_types: { pickup: true, delivery: false, shipping: false }, subtotal: '0.00' });
    expect(res.json().data.totals).toMatchObject({ order_type: 0, total: '0.00' });
  });

  it('reads the device from the Device-Id header too', async () => {
    const res = await harness.app.inject({ url: '/api/cart-parcels', headers: { ...headers, 'device-id': 'FullCart01' } });
    expect(res.json().data.item_count).toBe(3);
  });

  it('splits items into pickup and special parcels, priced in cents and shown with 2 decimals', async () => {
    const data = (await harness.app.inject({ url: '/api/cart-parcels?device_id=FullCart01', headers })).json().data;
    expect(data.parcels.map((p: { type: string }) => p.type)).toEqual(['pickup', 'special']);
    expect(data.parcels[0].items[0]).toMatchObject({ sku: '1001', quantity: 2, price: '129.99' });
    expect(data.parcels[1].items[0]).toMatchObject({ sku: '1003', quantity: 1, price: '29.99' });
    expect(data.subtotal).toBe('289.97');
  });

  it('shows a price change made through the catalogue at the next read', async () => {
    const apply = applyCatalogueChange(harness.resources.redis.duplicate(), harness.resources.queuePrefix);
    // As the worker runs every job: background work (docs/DATA-ACCESS.md).
    const worker = new Worker(QUEUE_NAMES.catalogueChanges, (job) => inBackground('job catalogue-changes', () => apply(job)),
      { connection: harness.resources.redis.duplicate(), prefix: harness.resources.queuePrefix });
    try {
      await StoreProduct.updateOne({ tenantId: tenant.id, _id: storeProductDocId(tenant.id, 11) }, { $set: { priceCents: 10000 } });
      await announceCatalogueChange(harness.resources, tenant.id, [1]);
      await expect.poll(async () => (await harness.app.inject({ url: '/api/cart-parcels?device_id=FullCart01', headers })).json().data.subtotal, { timeout: 5000 }).toBe('229.99');
      const item = (await harness.app.inject({ url: '/api/cart-parcels?device_id=FullCart01', headers })).json().data.parcels[0].items[0];
      expect(item.price).toBe('100.00');
    } finally {
      await worker.close();
    }
  });

  it('gives a signed-in customer their own cart, whatever device_id says', async () => {
    const token = await issueToken(tenant.id, { slug: 'sam' });
    const data = (await harness.app.inject({ url: '/api/cart-parcels?device_id=FullCart01', headers: { ...headers, authorization: `Bearer ${token}` } })).json().data;
    expect(data.item_count).toBe(3);
    expect(data.parcels[0].items[0].sku).toBe('1002');
  });

  it('asks for a device id when there is no shopper', async () => {
    const res = await harness.app.inject({ url: '/api/cart-parcels', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: { device_id: ['device_id is required'] } });
  });

  it('rejects a malformed device id', async () => {
    const res = await harness.app.inject({ url: '/api/cart-parcels?device_id=bad!', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('device_id');
  });
});
