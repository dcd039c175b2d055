import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { Product, StoreProduct } from '@platform/catalogue';
import { StoreProfile } from '@platform/tenant-settings';
import { cartService } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
const call = (slug: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug, 'store-id': '1' }, ...(payload ? { payload } : {}) });
const add = (slug: string, device: string, store_product_id: number, quantity: number) => call(slug, 'POST', 'add-to-cart', { store_product_id, quantity, device_id: device });
const address = { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'USA' };
const quote = (slug: string, device: string, customerAddress: object = address) => call(slug, 'POST', 'shipping-quotes', { customerAddress, device_id: device });

const shipping = {
  shipping_enabled: true,
  destination_tax_rates: [{ zip: '97302', rate: '6.00' }],
  tax_rates: [{ location_id: 1, rate: '8.25' }],
  shipping_settings: {
    handling_fee: '1.50',
    table_rates: [
      { carrier: 'Store Shipping', service: 'Ground', delivery_days: '3-5 days', free_over: '150.00', bands: [{ up_to_weight: 5, fee: '8.99' }, { up_to_weight: 20, fee: '14.99' }, { up_to_weight: null, fee: '25.00' }] },
      { carrier: 'Store Shipping', service: 'Express', delivery_days: '1-2 days', free_over: null, bands: [{ up_to_weight: 10, fee: '24.99' }] },
    ],
  },
};

/** A stand-in for EasyPost's HTTP API (an outside provider), recording what the official SDK sends. */
let carrier: Server;
let carrierUrl: string;
let carrierFails = false;
const carrierCalls: { path: string; auth: string; body: any }[] = [];
const readBody = async (req: IncomingMessage) => { let text = ''; for await (const chunk of req) text += chunk; return text ? JSON.parse(text) : {}; };

beforeAll(async () => {
  harness = await createTestApp([cartService], 'cart-shipping');
  for (const slug of ['ship-a', 'ship-b', 'ship-c']) {
    const tenantId = (await createTenant(slug)).id;
    await createCatalogueFixture(tenantId, slug);
    await Product.create({ tenantId, productId: 6, sku: '1006', slug: 'sand', title: 'Play Sand', originalTitle: 'Play Sand', extra: { weight: 12 }, vendorId: 101 });
    await StoreProduct.create({ tenantId, storeProductId: 61, locationId: 1, productId: 6, sku: '1006', title: 'Play Sand', priceCents: 4500, inventory: 50 });
    await StoreProfile.create({
      tenantId, business: slug === 'ship-b' ? { shipping_enabled: false } : shipping,
      ...(slug === 'ship-c' ? { shippingCarrier: { adapter: 'easypost', apiKey: sealSecret('EZTKtest123') } } : {}),
    });
  }
  carrier = createServer(async (req, res) => {
    carrierCalls.push({ path: `${req.method} ${req.url}`, auth: req.headers.authorization ?? '', body: await readBody(req) });
    res.setHeader('content-type', 'application/json');
    if (carrierFails) { res.statusCode = 500; res.end(JSON.stringify({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'down', errors: [] } })); return; }
    res.end(JSON.stringify({
      id: 'shp_1', object: 'Shipment', rates: [
        { id: 'rate_2', object: 'Rate', carrier: 'UPS', service: 'Ground', rate: '11.40', currency: 'USD', delivery_days: 5 },
        { id: 'rate_1', object: 'Rate', carrier: 'USPS', service: 'GroundAdvantage', rate: '7.15', currency: 'USD', delivery_days: 3 },
      ],
    }));
  });
  await new Promise<void>((resolve) => carrier.listen(0, '127.0.0.1', resolve));
  carrierUrl = `http://127.0.0.1:${(carrier.address() as AddressInfo).port}/v2/`;
  process.env.EASYPOST_API_URL = carrierUrl;
});
afterAll(async () => {
  delete process.env.EASYPOST_API_URL;
  carrier?.close();
  await harness?.close();
});

describe('POST /api/shipping-quotes with the table-rate carrier', () => {
  it('quotes each service by parcel weight with the handling fee, cheapest first, and keeps the address on the cart', async () => {
    await add('ship-a', 'ShipDevic1', 21, 2); // 2 hammers, no weight on the product: 1 lb each
    const res = await quote('ship-a', 'ShipDevic1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: null });
    expect(res.json().quotes).toEqual([
      { id: 'store-shipping-ground', carrier: 'Store Shipping', service: 'Ground', rate: '8.99', handling_fee: '1.50', total: '10.49', delivery_days: '3-5 days' },
      { id: 'store-shipping-express', carrier: 'Store Shipping', service: 'Express', rate: '24.99', handling_fee: '1.50', total: '26.49', delivery_days: '1-2 days' },
    ]);
    // Nothing chosen yet: the summary asks for a choice and charges no shipping.
    expect(res.json().data.totals).toMatchObject({ order_type: 2, shipping_charge: null, shipping_charge_label: 'Choose a shipping option', total: '42.38' });
    const stored = (await call('ship-a', 'GET', 'shipping-quote?device_id=ShipDevic1')).json().data;
    expect(stored).toMatchObject({ address: { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'US' }, selected: null, stale: false });
    expect(stored.quotes).toHaveLength(2);
  });

  it('charges the chosen option in the totals: goods + destination tax + shipping', async () => {
    const res = await call('ship-a', 'POST', 'select-shipping-quote', { quote_id: 'store-shipping-ground', device_id: 'ShipDevic1' });
    expect(res.statusCode).toBe(200);
    // 39.98 + 6 % tax at 97302 (2.40) + 8.99 + 1.50 handling.
    expect(res.json().data.totals).toMatchObject({
      order_type: 2, subtotal: '39.98', tax: '2.40', shipping_charge: '10.49', shipping_charge_label: '$10.49',
      shipping_quote: { service: 'Ground', total: '10.49' }, total: '52.87',
    });
    const read = (await call('ship-a', 'GET', 'cart-parcels?device_id=ShipDevic1&order_type=2')).json().data;
    expect(read.totals).toMatchObject({ shipping_charge: '10.49', total: '52.87' });
    // Pickup charges no shipping.
    expect((await call('ship-a', 'GET', 'cart-parcels?device_id=ShipDevic1&order_type=0')).json().data.totals).toMatchObject({ shipping_charge: null, shipping_charge_label: null, total: '43.28' });
  });

  it('stops charging a quote once the cart changes, and keeps the choice when the same service is quoted again', async () => {
    await add('ship-a', 'ShipDevic1', 61, 1); // + 12 lb of sand: 14 lb, Express (up to 10 lb) no longer fits
    const changed = (await call('ship-a', 'GET', 'cart-parcels?device_id=ShipDevic1&order_type=2')).json().data.totals;
    expect(changed).toMatchObject({ shipping_charge: null, shipping_charge_label: 'Choose a shipping option', shipping_quote: null });
    expect((await call('ship-a', 'GET', 'shipping-quote?device_id=ShipDevic1')).json().data).toMatchObject({ quotes: [], selected: null, stale: true });
    const again = (await quote('ship-a', 'ShipDevic1')).json();
    expect(again.quotes.map((q: { id: string; total: string }) => [q.id, q.total])).toEqual([['store-shipping-ground', '16.49']]);
    expect(again.data.totals).toMatchObject({ subtotal: '84.98', shipping_charge: '16.49', shipping_quote: { id: 'store-shipping-ground' } });
    const gone = await call('ship-a', 'POST', 'select-shipping-quote', { quote_id: 'store-shipping-express', device_id: 'ShipDevic1' });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().message).toBe('That shipping option is no longer offered. Please get shipping quotes again.');
  });

  it('ships free from the threshold (the handling fee stays)', async () => {
    await add('ship-a', 'ShipDevic2', 11, 2); // 2 drills at 129.99: over 150.00
    const res = (await quote('ship-a', 'ShipDevic2')).json();
    expect(res.quotes[0]).toMatchObject({ service: 'Ground', rate: '0.00', total: '1.50' });
  });

  it('refuses an incomplete or foreign address, an empty cart and a store that does not ship, changing nothing', async () => {
    const before = (await call('ship-a', 'GET', 'shipping-quote?device_id=ShipDevic1')).json().data;
    const noCity = await quote('ship-a', 'ShipDevic1', { ...address, city: '' });
    expect(noCity.statusCode).toBe(422);
    expect(noCity.json()).toMatchObject({ message: 'Please enter the city to get shipping quotes.', errors: { customerAddress: ['Please enter the city to get shipping quotes.'] } });
    expect((await quote('ship-a', 'ShipDevic1', { ...address, zip: '973' })).json().message).toBe('Please enter a valid zip code.');
    expect((await quote('ship-a', 'ShipDevic1', { ...address, country: 'Canada' })).json().message).toBe('We ship within the United States only.');
    expect((await call('ship-a', 'GET', 'shipping-quote?device_id=ShipDevic1')).json().data).toEqual(before);
    expect((await quote('ship-a', 'EmptyDevic')).json().message).toBe('Add products to your cart to get shipping quotes.');
    await add('ship-b', 'NoShipDevi', 21, 1);
    const noShipping = await quote('ship-b', 'NoShipDevi');
    expect(noShipping.statusCode).toBe(422);
    expect(noShipping.json().message).toBe('This store does not ship orders. Please choose pickup.');
  });
});

describe('POST /api/shipping-quotes with a connected EasyPost account', () => {
  it("asks the carrier through the official SDK (store's address to the shopper's, weight in ounces) and adds the handling fee", async () => {
    await add('ship-c', 'EasyDevic1', 21, 2);
    const res = await quote('ship-c', 'EasyDevic1');
    expect(res.statusCode).toBe(200);
    expect(res.json().quotes).toEqual([
      { id: 'usps-groundadvantage', carrier: 'USPS', service: 'GroundAdvantage', rate: '7.15', handling_fee: '1.50', total: '8.65', delivery_days: '3 days' },
      { id: 'ups-ground', carrier: 'UPS', service: 'Ground', rate: '11.40', handling_fee: '1.50', total: '12.90', delivery_days: '5 days' },
    ]);
    const sent = carrierCalls.at(-1)!;
    expect(sent.path).toBe('POST /v2/shipments');
    expect(sent.auth).toBe(`Basic ${Buffer.from('EZTKtest123:').toString('base64')}`);
    expect(sent.body.shipment).toMatchObject({
      from_address: { street1: '1 Main St', city: 'Town', state: 'OR', zip: '97301' },
      to_address: { street1: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'US' },
      parcel: { weight: 32 },
    });
    const chosen = await call('ship-c', 'POST', 'select-shipping-quote', { quote_id: 'usps-groundadvantage', device_id: 'EasyDevic1' });
    expect(chosen.json().data.totals).toMatchObject({ shipping_charge: '8.65', shipping_quote: { carrier: 'USPS' } });
  });

  it('answers 503 with a clear message when the carrier fails, and keeps the quotes the cart had', async () => {
    carrierFails = true;
    try {
      const res = await quote('ship-c', 'EasyDevic1');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Shipping quotes are not available right now. Please try again in a moment.');
      expect((await call('ship-c', 'GET', 'cart-parcels?device_id=EasyDevic1&order_type=2')).json().data.totals.shipping_charge).toBe('8.65');
    } finally {
      carrierFails = false;
    }
  });
});
