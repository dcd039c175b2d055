import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { StoreProfile } from '@platform/tenant-settings';
import { cartService } from './index';
import { startEasyPostStandIn, type EasyPostStandIn } from './testing';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let easypost: EasyPostStandIn;
const carriers = (slug: string) => harness.app.inject({ url: '/api/active-shipping-carriers', headers: { 'business-slug': slug, 'store-id': '1' } });

const band = (fee: string) => [{ up_to_weight: null, fee }];
const tableRates = (carrier: string) => ({
  shipping_enabled: true,
  shipping_settings: {
    handling_fee: '1.00',
    table_rates: [
      { carrier, service: 'Ground', delivery_days: '3-5 days', free_over: null, bands: band('8.99') },
      { carrier: 'Parcel Co', service: 'Economy', delivery_days: '', free_over: null, bands: band('6.50') },
      { carrier, service: 'Express', delivery_days: '1-2 days', free_over: null, bands: band('24.99') },
    ],
  },
});

beforeAll(async () => {
  easypost = await startEasyPostStandIn();
  process.env.EASYPOST_API_URL = easypost.url;
  harness = await createTestApp([cartService], 'cart-carriers');
  const profiles: Record<string, object> = {
    'car-a': { business: tableRates('Store Shipping') },
    'car-b': { business: tableRates('B Freight') },
    'car-none': { business: { ...tableRates('Unused'), shipping_enabled: false } },
    'car-ep': { business: { shipping_enabled: true }, shippingCarrier: { adapter: 'easypost', apiKey: sealSecret('EZTKcarriers1') } },
    'car-ep-down': { business: { shipping_enabled: true }, shippingCarrier: { adapter: 'easypost', apiKey: sealSecret('EZTKcarriers2') } },
  };
  for (const [slug, profile] of Object.entries(profiles)) await StoreProfile.create({ tenantId: (await createTenant(slug)).id, ...profile });
});
afterAll(async () => {
  delete process.env.EASYPOST_API_URL;
  await easypost?.close();
  await harness?.close();
});

describe('GET /api/active-shipping-carriers', () => {
  it("lists the table rates' carriers once each, in the store's order, with their services and the ids their quotes carry", async () => {
    const res = await carriers('car-a');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: 'store-shipping', name: 'Store Shipping', source: 'table_rate', services: [
        { id: 'store-shipping-ground', name: 'Ground', delivery_days: '3-5 days' },
        { id: 'store-shipping-express', name: 'Express', delivery_days: '1-2 days' },
      ] },
      { id: 'parcel-co', name: 'Parcel Co', source: 'table_rate', services: [{ id: 'parcel-co-economy', name: 'Economy', delivery_days: null }] },
    ]);
  });

  it("answers each store's own carriers (tenant isolation)", async () => {
    const b = await carriers('car-b');
    expect(b.json().data.map((c: { name: string }) => c.name)).toEqual(['B Freight', 'Parcel Co']);
    expect(b.body).not.toContain('Store Shipping');
  });

  it('is empty for a store that does not ship, whatever rates it keeps', async () => {
    const res = await carriers('car-none');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it("lists a connected EasyPost account's carriers through the SDK, with the store's key, and asks EasyPost once for a while", async () => {
    easypost.carrierAccounts = [
      { type: 'UspsAccount', readable: 'USPS' }, { type: 'UpsAccount', readable: 'UPS' }, { type: 'UpsAccount', readable: 'UPS', description: 'second UPS account' },
    ];
    const before = easypost.calls.length;
    const res = await carriers('car-ep');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: 'usps', name: 'USPS', source: 'easypost', services: [] },
      { id: 'ups', name: 'UPS', source: 'easypost', services: [] },
    ]);
    const asked = easypost.calls.slice(before);
    expect(asked.map((c) => c.path)).toEqual(['GET /v2/carrier_accounts']);
    expect(Buffer.from(asked[0].auth.replace(/^Basic /, ''), 'base64').toString()).toBe('EZTKcarriers1:');
    // The key never reaches the shopper.
    expect(res.body).not.toContain('EZTK');
    expect((await carriers('car-ep')).json().data).toHaveLength(2);
    expect(easypost.calls.length).toBe(before + 1);
  });

  it("answers 503 with a plain message when the store's EasyPost account does not answer", async () => {
    easypost.fails = true;
    try {
      const res = await carriers('car-ep-down');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 503, message: 'Shipping carriers are not available right now. Please try again in a moment.' });
      expect(res.body).not.toContain('down');
    } finally {
      easypost.fails = false;
    }
    // A failure is not kept: the next call asks again and answers.
    expect((await carriers('car-ep-down')).statusCode).toBe(200);
  });
});
