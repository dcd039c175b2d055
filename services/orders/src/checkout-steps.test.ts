import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService, CartStore } from '@platform/cart';
import { startEasyPostStandIn, type EasyPostStandIn } from '@platform/cart/testing';
import { CARD_PAYMENTS_NOT_AVAILABLE, fiservConnectHash } from '@platform/payments';
import { CART_EMPTY_AT_CHECKOUT, INVALID_LOCALE, OUTSIDE_DELIVERY_AREA } from '@platform/domain';
import { StoreProfile } from '@platform/tenant-settings';
import { ordersService } from './index';
import { ADDRESS_NOT_SHIPPABLE, CHOOSE_SHIPPING_OPTION, ENTER_DELIVERY_ADDRESS, MODE_NOT_OFFERED, NOT_ON_FISERV, SHIP_WITHIN_US } from './checkout-steps';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let easypost: EasyPostStandIn;
const tenantIds: Record<string, string> = {};
const FISERV_SECRET = 'fiserv-connect-shared-secret-stp';
const STRIPE_SECRET = 'sk_test_stp_secret';

type Extra = Record<string, string>;
const headers = (slug: string, extra: Extra = {}) => ({ 'business-slug': slug, 'store-id': '1', ...extra });
const post = (slug: string, url: string, payload: object, extra: Extra = {}) => harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: headers(slug, extra), payload });
const add = (slug: string, device: string, store_product_id: number, quantity: number) => post(slug, 'add-to-cart', { store_product_id, quantity, device_id: device });
const cartOf = (slug: string, device: string, orderType?: number) =>
  harness.app.inject({ url: `/api/cart-parcels?device_id=${device}${orderType === undefined ? '' : `&order_type=${orderType}`}`, headers: headers(slug) }).then((r) => r.json().data);
/** The cart exactly as Redis keeps it: a refused call must leave it byte for byte. */
const storedCart = (slug: string, device: string) => harness.resources.redis.get(new CartStore(harness.resources.redis, harness.resources.queuePrefix).key(tenantIds[slug], { customerSlug: null, deviceId: device }));
const validate = (slug: string, body: object) => post(slug, 'customer/orders/validate-address', body);
const prepay = (slug: string, body: object, extra: Extra = {}) => post(slug, 'customer/orders/prepayment', body, extra);
const fiservHash = (slug: string, body: object, extra: Extra = {}) => post(slug, 'get-fiserv-hash', body, extra);

const home = { address: '  12 Elm St ', address2: '', city: 'Salem ', state: 'or', zip: '97301', country: 'USA' };
const shipping = {
  shipping_enabled: true,
  shipping_settings: { handling_fee: '1.50', table_rates: [{ carrier: 'Store Shipping', service: 'Ground', delivery_days: '3-5 days', free_over: null, bands: [{ up_to_weight: null, fee: '8.99' }] }] },
};

beforeAll(async () => {
  easypost = await startEasyPostStandIn();
  process.env.EASYPOST_API_URL = easypost.url;
  harness = await createTestApp([cartService, ordersService], 'checkout-steps');
  const profiles: Record<string, object> = {
    // Cards through Stripe; pickup, delivery to 97301 and shipping by table rates.
    'stp-a': {
      payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_stpa', secret_key: sealSecret(STRIPE_SECRET), webhook_secret: sealSecret('whsec_stp'), is_live: false, account_id: 'acct_stpa' } },
      business: { delivery_enabled: true, delivery_locations: [{ code: '97301', fee: '9.99', minThreshold: null, thresholdFee: null }], ...shipping },
    },
    // The same device id as at stp-a, another store: payment at the store only, pickup only.
    'stp-b': { business: { delivery_enabled: false, shipping_enabled: false } },
    // Fiserv Connect with its sealed shared secret and a time zone.
    'stp-fv': {
      payment: { payment_provider: 'fiserv', fiserv: { is_live: false, store_id: '8120000001', timezone: 'America/Los_Angeles', shared_secret: sealSecret(FISERV_SECRET), api_key: sealSecret('fv-key'), api_secret: sealSecret('fv-api-secret') } },
    },
    // Fiserv whose shared secret was stored in the clear: it is not used.
    'stp-fv-clear': { payment: { payment_provider: 'fiserv', fiserv: { store_id: '8120000002', shared_secret: 'in-the-clear', api_key: sealSecret('k'), api_secret: sealSecret('s') } } },
    // Stripe without its secret key: no card can be taken.
    'stp-nokey': { payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_nokey' } } },
    // Shipping through a connected EasyPost account.
    'stp-ep': { business: { shipping_enabled: true }, shippingCarrier: { adapter: 'easypost', apiKey: sealSecret('EZTKsteps') } },
  };
  for (const [slug, profile] of Object.entries(profiles)) {
    tenantIds[slug] = (await createTenant(slug)).id;
    await createCatalogueFixture(tenantIds[slug], slug);
    await StoreProfile.create({ tenantId: tenantIds[slug], ...profile });
  }
});
afterAll(async () => {
  delete process.env.EASYPOST_API_URL;
  await easypost?.close();
  await harness?.close();
});

describe('POST /api/customer/orders/validate-address', () => {
  it('answers a delivery address in the delivery area normalised, and keeps nothing on the cart', async () => {
    await add('stp-a', 'AddrDevic1', 21, 1);
    const before = await storedCart('stp-a', 'AddrDevic1');
    const res = await validate('stp-a', { order_type: 1, ...home, device_id: 'AddrDevic1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', address: { address: '12 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97301', country: 'US' }, verified: false });
    expect(await storedCart('stp-a', 'AddrDevic1')).toBe(before);
  });

  it('names every missing or malformed field at once (422) and keeps nothing', async () => {
    const before = await storedCart('stp-a', 'AddrDevic1');
    const res = await validate('stp-a', { order_type: 1, address: ' ', city: '', state: 'OR', zip: '973', device_id: 'AddrDevic1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 422, message: 'Please enter your street address.',
      errors: { address: ['Please enter your street address.'], city: ['Please enter your city.'], zip: ['Please enter a valid zip code.'] },
    });
    expect(await storedCart('stp-a', 'AddrDevic1')).toBe(before);
  });

  it("refuses a delivery zip outside the store's delivery area, as the cart does", async () => {
    const res = await validate('stp-a', { order_type: 1, ...home, zip: '97302' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, message: OUTSIDE_DELIVERY_AREA, errors: { zip: [OUTSIDE_DELIVERY_AREA] } });
    // Another store's delivery area is not this store's (stp-b does not deliver at all).
    const other = await validate('stp-b', { order_type: 1, ...home });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ message: MODE_NOT_OFFERED, errors: { order_type: [MODE_NOT_OFFERED] } });
  });

  it('takes a US shipping address with table rates as checked here (not verified), and refuses one abroad', async () => {
    const res = await validate('stp-a', { order_type: 2, ...home, zip: '10001-1234', address2: ' Apt 2 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', address: { address: '12 Elm St', address2: 'Apt 2', city: 'Salem', state: 'OR', zip: '10001-1234', country: 'US' }, verified: false });
    const abroad = await validate('stp-a', { order_type: 2, ...home, country: 'Canada' });
    expect(abroad.statusCode).toBe(422);
    expect(abroad.json()).toMatchObject({ message: SHIP_WITHIN_US, errors: { country: [SHIP_WITHIN_US] } });
    expect((await validate('stp-b', { order_type: 2, ...home })).json()).toMatchObject({ status: 422, errors: { order_type: [MODE_NOT_OFFERED] } });
  });

  it("verifies a shipping address with the store's EasyPost account through the SDK and answers the carrier's corrections", async () => {
    const before = easypost.calls.length;
    const res = await validate('stp-ep', { order_type: 2, ...home, zip: '97302' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', address: { address: '12 ELM ST', address2: '', city: 'SALEM', state: 'OR', zip: '97302-1234', country: 'US' }, verified: true });
    const call = easypost.calls[before];
    expect(call.path).toBe('POST /v2/addresses');
    expect(call.body).toMatchObject({ verify: true, address: { street1: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'US' } });
    expect(Buffer.from(call.auth.replace(/^Basic /, ''), 'base64').toString()).toBe('EZTKsteps:');
  });

  it('refuses an address the carrier cannot find, under its fields, without the carrier\'s own wording', async () => {
    const res = await validate('stp-ep', { order_type: 2, ...home, address: '1 Unknown Rd', zip: '00000' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, message: ADDRESS_NOT_SHIPPABLE, errors: { address: [ADDRESS_NOT_SHIPPABLE], zip: [ADDRESS_NOT_SHIPPABLE] } });
    expect(res.body).not.toContain('Address not found');
  });

  it('lets the shopper go on with the address unverified when EasyPost does not answer', async () => {
    easypost.fails = true;
    try {
      const res = await validate('stp-ep', { order_type: 2, ...home });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success', address: { address: '12 Elm St', state: 'OR' }, verified: false });
    } finally {
      easypost.fails = false;
    }
  });

  it('refuses pickup and malformed bodies by the schema (400)', async () => {
    expect((await validate('stp-a', { order_type: 0, ...home })).statusCode).toBe(400);
    expect((await validate('stp-a', { order_type: 1, ...home, zip: '1'.repeat(11) })).statusCode).toBe(400);
  });
});

describe('POST /api/customer/orders/prepayment', () => {
  it("answers Stripe's public key, the cart's total as the amount, USD and the locale normalised; nothing secret", async () => {
    await add('stp-a', 'PayDevic01', 11, 1);
    await add('stp-a', 'PayDevic01', 21, 2);
    const cart = await cartOf('stp-a', 'PayDevic01', 0);
    const before = await storedCart('stp-a', 'PayDevic01');
    const res = await prepay('stp-a', { locale: 'es_mx', order_type: 0, device_id: 'PayDevic01', amount: '0.01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        provider: 'stripe', public_key: 'pk_test_stpa',
        provider_settings: { publishable_key: 'pk_test_stpa', is_live: false, account_id: 'acct_stpa', disable_save_card: false },
        amount: cart.totals.total, currency: 'USD', locale: 'es-MX', order_type: 0,
      },
    });
    expect(cart.totals.total).toMatch(/^\d+\.\d{2}$/);
    expect(res.body).not.toContain(STRIPE_SECRET);
    expect(res.body).not.toContain('whsec');
    expect(await storedCart('stp-a', 'PayDevic01')).toBe(before);
  });

  it('takes the fulfilment type kept on the cart, and charges a delivery its fee once the address is in the area', async () => {
    const refused = await prepay('stp-a', { order_type: 1, device_id: 'PayDevic01' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: ENTER_DELIVERY_ADDRESS, errors: { address: [ENTER_DELIVERY_ADDRESS] } });
    await post('stp-a', 'assign-address', { ...home, zip: '97302', order_type: 1, device_id: 'PayDevic01' });
    expect((await prepay('stp-a', { device_id: 'PayDevic01' })).json()).toMatchObject({ status: 422, message: OUTSIDE_DELIVERY_AREA, errors: { zip: [OUTSIDE_DELIVERY_AREA] } });
    await post('stp-a', 'assign-address', { ...home, order_type: 1, device_id: 'PayDevic01' });
    const cart = await cartOf('stp-a', 'PayDevic01', 1);
    expect(cart.totals.delivery_charge).toBe('9.99');
    const res = await prepay('stp-a', { device_id: 'PayDevic01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amount: cart.totals.total, order_type: 1, locale: 'en-US' });
  });

  it('asks for a shipping option before a shipment can be paid, then charges it', async () => {
    const refused = await prepay('stp-a', { order_type: 2, device_id: 'PayDevic01' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: CHOOSE_SHIPPING_OPTION });
    await post('stp-a', 'shipping-quotes', { customerAddress: home, device_id: 'PayDevic01' });
    await post('stp-a', 'select-shipping-quote', { quote_id: 'store-shipping-ground', device_id: 'PayDevic01' });
    const cart = await cartOf('stp-a', 'PayDevic01', 2);
    expect(cart.totals.shipping_charge).toBe('10.49');
    expect((await prepay('stp-a', { order_type: 2, device_id: 'PayDevic01' })).json().data).toMatchObject({ amount: cart.totals.total, order_type: 2 });
  });

  it('refuses an empty cart, a mode the store does not offer and a locale that is no language (422), and changes nothing', async () => {
    expect((await prepay('stp-a', { device_id: 'EmptyDev01' })).json()).toEqual({ status: 422, message: CART_EMPTY_AT_CHECKOUT });
    await add('stp-b', 'PayDevic01', 11, 1);
    const before = await storedCart('stp-b', 'PayDevic01');
    expect((await prepay('stp-b', { order_type: 2, device_id: 'PayDevic01' })).json()).toMatchObject({ status: 422, errors: { order_type: [MODE_NOT_OFFERED] } });
    expect((await prepay('stp-b', { locale: 'en-US-u-ca-buddhist', device_id: 'PayDevic01' })).json()).toEqual({ status: 422, message: INVALID_LOCALE, errors: { locale: [INVALID_LOCALE] } });
    expect(await storedCart('stp-b', 'PayDevic01')).toBe(before);
    // A guest must say who they are.
    expect((await prepay('stp-b', {})).statusCode).toBe(400);
  });

  it("answers provider null (payment at the store) for a store without cards, with the amount of that store's own cart (tenant isolation)", async () => {
    const cart = await cartOf('stp-b', 'PayDevic01');
    const res = await prepay('stp-b', { device_id: 'PayDevic01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ provider: null, public_key: null, provider_settings: null, amount: cart.totals.total, currency: 'USD', locale: 'en-US', order_type: 0 });
    // The same device id at stp-a is another cart with another total.
    expect((await prepay('stp-a', { device_id: 'PayDevic01' })).json().data.amount).not.toBe(cart.totals.total);
    expect(res.body).not.toContain('pk_test_stpa');
  });

  it('answers provider null when the store names a card provider it lacks the credentials for', async () => {
    await add('stp-nokey', 'NoKeyDev01', 11, 1);
    const res = await prepay('stp-nokey', { device_id: 'NoKeyDev01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ provider: null, public_key: null });
  });

  it("answers a signed-in customer for their own cart, and refuses a store account (403)", async () => {
    const token = await issueToken(tenantIds['stp-a'], { slug: 'pay-customer' });
    await post('stp-a', 'add-to-cart', { store_product_id: 11, quantity: 3 }, { authorization: `Bearer ${token}` });
    const cart = (await harness.app.inject({ url: '/api/cart-parcels?order_type=0', headers: headers('stp-a', { authorization: `Bearer ${token}` }) })).json().data;
    const res = await prepay('stp-a', { order_type: 0, device_id: 'PayDevic01' }, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.amount).toBe(cart.totals.total);
    const admin = await issueToken(tenantIds['stp-a'], { slug: 'pay-owner', isAdmin: true });
    expect((await prepay('stp-a', { device_id: 'PayDevic01' }, { authorization: `Bearer ${admin}` })).statusCode).toBe(403);
  });
});

describe('POST /api/get-fiserv-hash', () => {
  it("signs Connect's form with the store's shared secret over the cart's total on the server, and never answers the secret", async () => {
    await add('stp-fv', 'FiservDev1', 11, 1);
    await add('stp-fv', 'FiservDev1', 21, 1);
    const cart = await cartOf('stp-fv', 'FiservDev1', 0);
    const before = await storedCart('stp-fv', 'FiservDev1');
    // A total sent by the browser is not read.
    const res = await fiservHash('stp-fv', { device_id: 'FiservDev1', locale: 'en-us', chargetotal: '0.01', storename: 'other' }, { origin: 'http://stp-fv.localhost:8080' });
    expect(res.statusCode, res.body).toBe(200);
    const { status, data } = res.json();
    expect(status).toBe('success');
    const { hashExtended, ...signed } = data.fields;
    expect(signed).toEqual({
      txntype: 'preauth', timezone: 'America/Los_Angeles', txndatetime: expect.stringMatching(/^\d{4}:\d{2}:\d{2}-\d{2}:\d{2}:\d{2}$/), hash_algorithm: 'HMACSHA256',
      storename: '8120000001', chargetotal: cart.totals.total, currency: '840', checkoutoption: 'combinedpage',
      responseSuccessURL: expect.stringMatching(/\/cart\?fiserv=success$/), responseFailURL: expect.stringMatching(/\/cart\?fiserv=fail$/), language: 'en_US',
    });
    expect(hashExtended).toBe(fiservConnectHash(signed, FISERV_SECRET));
    expect(data).toMatchObject({
      action_url: 'https://test.ipg-online.com/connect/gateway/processing', hash: hashExtended, txndatetime: signed.txndatetime,
      storename: '8120000001', chargetotal: cart.totals.total, currency: '840',
    });
    expect(res.body).not.toContain(FISERV_SECRET);
    expect(res.body).not.toContain('fv-api-secret');
    expect(await storedCart('stp-fv', 'FiservDev1')).toBe(before);
  });

  it('gives the time in the store\'s time zone', async () => {
    const res = await fiservHash('stp-fv', { device_id: 'FiservDev1' });
    const [date, time] = res.json().data.txndatetime.split('-');
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(new Date());
    const part = (type: string) => local.find((p) => p.type === type)!.value;
    expect(date).toBe(`${part('year')}:${part('month')}:${part('day')}`);
    expect(Math.abs(Number(time.slice(0, 2)) - Number(part('hour'))) % 23).toBeLessThanOrEqual(1);
    // No locale: the default, en-US; a language without a region leaves Connect's own.
    expect(res.json().data.fields.language).toBe('en_US');
    expect((await fiservHash('stp-fv', { device_id: 'FiservDev1', locale: 'fr' })).json().data.fields.language).toBeUndefined();
  });

  it('refuses a store not on Fiserv with a clear message, and one whose shared secret is not sealed (422)', async () => {
    await add('stp-a', 'FiservDev1', 11, 1);
    const before = await storedCart('stp-a', 'FiservDev1');
    const stripe = await fiservHash('stp-a', { device_id: 'FiservDev1' });
    expect(stripe.statusCode).toBe(422);
    expect(stripe.json()).toEqual({ status: 422, message: NOT_ON_FISERV });
    expect(await storedCart('stp-a', 'FiservDev1')).toBe(before);
    await add('stp-fv-clear', 'FiservDev1', 11, 1);
    const clear = await fiservHash('stp-fv-clear', { device_id: 'FiservDev1' });
    expect(clear.statusCode).toBe(422);
    expect(clear.json()).toEqual({ status: 422, message: CARD_PAYMENTS_NOT_AVAILABLE });
    expect(clear.body).not.toContain('in-the-clear');
  });

  it("refuses an empty cart and a store account; another store's cart of the same device is not signed (tenant isolation)", async () => {
    expect((await fiservHash('stp-fv', { device_id: 'EmptyDev01' })).json()).toEqual({ status: 422, message: CART_EMPTY_AT_CHECKOUT });
    const admin = await issueToken(tenantIds['stp-fv'], { slug: 'fv-owner', isAdmin: true });
    expect((await fiservHash('stp-fv', { device_id: 'FiservDev1' }, { authorization: `Bearer ${admin}` })).statusCode).toBe(403);
    // stp-a's cart of FiservDev1 holds another total; stp-fv signs its own.
    const own = await cartOf('stp-fv', 'FiservDev1', 0);
    const other = await cartOf('stp-a', 'FiservDev1', 0);
    expect(own.totals.total).not.toBe(other.totals.total);
    expect((await fiservHash('stp-fv', { device_id: 'FiservDev1' })).json().data.chargetotal).toBe(own.totals.total);
  });
});
