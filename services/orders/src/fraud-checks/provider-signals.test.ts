import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from '@platform/cart';
import { PROVIDER_TEST_CARDS } from '@platform/domain';
import { StoreProfile } from '@platform/tenant-settings';
import { inBackground } from '@platform/db';
import { stockLeft } from '@platform/catalogue';
import {
  AUTHORIZE_NET_TEST_CARDS, FAKE_ADYEN_API_KEY, FAKE_ADYEN_MERCHANT_ACCOUNT, FAKE_CLIENT_KEY, FAKE_FISERV_API_KEY, FAKE_FISERV_API_SECRET, FAKE_LOGIN_ID,
  FAKE_PUBLISHER_NAME, FAKE_REMOTE_PASSWORD, FAKE_TRANSACTION_KEY, FISERV_TEST_CARDS, startFakeAdyen, startFakeAuthorizeNet, startFakeFiserv, startFakePlugnPay,
  type FakeAuthorizeNet, type FakeFiserv,
} from '@platform/payments/testing';
import { Order, ordersService } from '../index';

/**
 * A card order paid through Adyen, Fiserv, Plug'n Pay or Authorize.Net (each provider's local fake, as a store in
 * test mode pays) keeps what the provider answered of the card, and check-fingerprint names its signals
 * (docs/FRAUD-CHECKS.md).
 */
const PROVIDERS = ['adyen', 'fiserv', 'plugnpay', 'authorize_net'] as const;
type Provider = (typeof PROVIDERS)[number];

let harness: Awaited<ReturnType<typeof createTestApp>>;
let fiserv: FakeFiserv;
let anet: FakeAuthorizeNet;
const tenants = {} as Record<Provider, string>;
const owners = {} as Record<Provider, string>;
const fakes: { close(): Promise<void> }[] = [];
const previousBases: Record<string, string | undefined> = {};
const slugOf = (provider: Provider) => `fraudp-${provider.replace('_', '')}`;
const headers = (provider: Provider, extra: Record<string, string> = {}) => ({ 'business-slug': slugOf(provider), 'store-id': '1', ...extra });

function useBase(name: string, value: string) {
  if (!(name in previousBases)) previousBases[name] = process.env[name];
  process.env[name] = value;
}

/** A guest's pickup order of one hammer paid with the provider's token, as submitted (the cart filled first). */
async function submitOrder(provider: Provider, device: string, who: { first: string; email: string }, token: string) {
  expect((await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(provider), payload: { store_product_id: 21, quantity: 1, device_id: device } })).statusCode).toBe(200);
  return harness.app.inject({
    method: 'POST', url: '/api/customer/orders/submit', headers: headers(provider),
    payload: { device_id: device, order_type: 0, first_name: who.first, last_name: 'Card', email: who.email, telephone: '5035550142', payment_method: 'card', payment_token: token },
  });
}
/** The same, placed; the order's id. */
async function placeOrder(provider: Provider, device: string, who: { first: string; email: string }, token: string): Promise<string> {
  const placed = await submitOrder(provider, device, who, token);
  expect(placed.statusCode, placed.body).toBe(200);
  const order = (await inBackground('test reads the database', () => Order.findOne({ tenantId: tenants[provider], orderNumber: placed.json().order.order_number }).lean())) as unknown as { _id: unknown };
  return String(order._id);
}
const check = async (provider: Provider, id: string) => {
  const res = await harness.app.inject({ method: 'POST', url: '/api/admin/check-fingerprint', headers: headers(provider, { authorization: `Bearer ${owners[provider]}` }), payload: { order_id: id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { level: string; signals: { code: string }[]; card: Record<string, unknown>; same_card: { id: string }[] };
};
const codes = (data: { signals: { code: string }[] }) => data.signals.map((s) => s.code);

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService], 'fraud-provider-signals');
  const [adyen, pnp] = await Promise.all([startFakeAdyen(), startFakePlugnPay()]);
  fiserv = await startFakeFiserv();
  anet = await startFakeAuthorizeNet();
  fakes.push(adyen, pnp, fiserv, anet);
  useBase('AUTHORIZE_NET_API_BASE', anet.url);
  useBase('ADYEN_API_BASE', adyen.url);
  useBase('PLUGNPAY_API_BASE', pnp.url);
  useBase('FISERV_API_BASE', fiserv.apiBase);
  const payments: Record<Provider, object> = {
    adyen: { environment: 'test', merchant_account: FAKE_ADYEN_MERCHANT_ACCOUNT, origin_key: 'test_ABCDEFGHIJKLMNOPQRSTUVWX', api_key: sealSecret(FAKE_ADYEN_API_KEY) },
    plugnpay: { username: FAKE_PUBLISHER_NAME, password: sealSecret(FAKE_REMOTE_PASSWORD), currency: 'USD' },
    fiserv: { is_live: false, api_key: sealSecret(FAKE_FISERV_API_KEY), api_secret: sealSecret(FAKE_FISERV_API_SECRET) },
    authorize_net: { is_live: false, login_id: FAKE_LOGIN_ID, client_key: FAKE_CLIENT_KEY, transaction_key: sealSecret(FAKE_TRANSACTION_KEY) },
  };
  for (const provider of PROVIDERS) {
    tenants[provider] = (await createTenant(slugOf(provider))).id;
    await createCatalogueFixture(tenants[provider], slugOf(provider));
    await StoreProfile.create({ tenantId: tenants[provider], payment: { payment_provider: provider, [provider]: payments[provider] } });
    owners[provider] = await issueToken(tenants[provider], { isAdmin: true, slug: `owner-${provider}` });
  }
});
afterAll(async () => {
  for (const [name, value] of Object.entries(previousBases)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await Promise.all(fakes.map((fake) => fake.close()));
  await harness?.close();
});

describe('fraud signals of card orders through the other providers', () => {
  it("Adyen: the bank's address checks of the billing address sent, and the card's alias finds its other orders", async () => {
    const visa = PROVIDER_TEST_CARDS.adyen[0].token;
    // The Drop-in's whole state.data with the billing address; Adyen's test form asks for AVS result 2.
    const withAddress = JSON.stringify({
      paymentMethod: JSON.parse(visa) as object,
      billingAddress: { street: 'Test AVS result', houseNumberOrName: '2 Neither postal code nor address match', postalCode: '91521', city: 'Burbank', stateOrProvince: 'CA', country: 'US' },
    });
    const first = await placeOrder('adyen', 'FpAdyen001', { first: 'Ann', email: 'ann.adyen@example.com' }, withAddress);
    expect(await check('adyen', first)).toMatchObject({
      level: 'review',
      card: { brand: 'Visa', last4: '1111', provider: 'adyen', fingerprint_known: true, cvc_check: 'passed', address_check: 'failed', postal_code_check: 'failed', risk_level: 'normal' },
    });
    expect(codes(await check('adyen', first))).toEqual(['postal_code_failed', 'address_failed']);

    // The same card (no address this time) under another e-mail.
    const second = await placeOrder('adyen', 'FpAdyen002', { first: 'Bo', email: 'bo.adyen@example.com' }, visa);
    const shared = await check('adyen', second);
    expect(codes(shared)).toEqual(['card_shared']);
    expect(shared.same_card.map((o) => o.id)).toEqual([first]);
    expect(shared.card).toMatchObject({ address_check: 'not checked', postal_code_check: 'not checked' });
  });

  it("Fiserv: the processor's security code and ZIP answers", async () => {
    const token = fiserv.tokenize(FISERV_TEST_CARDS.approved, undefined, { avs: 'YN', cvv: 'N' });
    const id = await placeOrder('fiserv', 'FpFiserv01', { first: 'Cy', email: 'cy.fiserv@example.com' }, token);
    const data = await check('fiserv', id);
    expect(data).toMatchObject({
      level: 'review',
      card: { brand: 'Visa', last4: '0083', provider: 'fiserv', fingerprint_known: false, cvc_check: 'failed', address_check: 'passed', postal_code_check: 'failed', risk_level: null },
    });
    expect(codes(data)).toEqual(['cvc_failed', 'postal_code_failed']);
    // Fiserv's own test token: nothing failed, nothing to look at.
    const clean = await placeOrder('fiserv', 'FpFiserv02', { first: 'Di', email: 'di.fiserv@example.com' }, PROVIDER_TEST_CARDS.fiserv[0].token);
    expect(await check('fiserv', clean)).toMatchObject({ level: 'none', signals: [], card: { cvc_check: 'not available from the bank', postal_code_check: 'not checked' } });
  });

  it("Plug'n Pay: the bank's cvvresp and avs-code", async () => {
    const cvv = await placeOrder('plugnpay', 'FpPnp00001', { first: 'Ed', email: 'ed.pnp@example.com' }, 'pnp_tok_cvv_fail');
    expect(await check('plugnpay', cvv)).toMatchObject({
      level: 'review', signals: [{ code: 'cvc_failed' }],
      card: { brand: 'Visa', provider: 'plugnpay', fingerprint_known: false, cvc_check: 'failed', address_check: 'passed', postal_code_check: 'passed' },
    });
    const zip = await placeOrder('plugnpay', 'FpPnp00002', { first: 'Flo', email: 'flo.pnp@example.com' }, 'pnp_tok_zip_fail');
    expect(codes(await check('plugnpay', zip))).toEqual(['postal_code_failed']);
    const clean = await placeOrder('plugnpay', 'FpPnp00003', { first: 'Gil', email: 'gil.pnp@example.com' }, PROVIDER_TEST_CARDS.plugnpay[0].token);
    expect(await check('plugnpay', clean)).toMatchObject({ level: 'none', card: { cvc_check: 'passed' } });
  });

  it("Authorize.Net: the testing guide's card code and billing ZIP fail the checks; ZIP 46282 is declined, nothing placed or taken; a plain card passes", async () => {
    const { visa } = AUTHORIZE_NET_TEST_CARDS;
    // What the shopper typed into Accept's form travels in its nonce: card code 901 (CVV N), ZIP 46201 (AVS A: the street matches, the ZIP not).
    const failing = await placeOrder('authorize_net', 'FpAnet0001', { first: 'Hal', email: 'hal.anet@example.com' }, anet.tokenFor(visa, '1230', { cardCode: '901', zip: '46201' }));
    const data = await check('authorize_net', failing);
    expect(data).toMatchObject({
      level: 'review',
      card: { brand: 'Visa', last4: '1111', provider: 'authorize_net', fingerprint_known: false, cvc_check: 'failed', address_check: 'passed', postal_code_check: 'failed', risk_level: null },
    });
    expect(codes(data).sort()).toEqual(['cvc_failed', 'postal_code_failed']);
    // ZIP 46205: neither the street nor the ZIP (AVS N).
    const neither = await placeOrder('authorize_net', 'FpAnet0002', { first: 'Ida', email: 'ida.anet@example.com' }, anet.tokenFor(visa, '1230', { cardCode: '900', zip: '46205' }));
    expect(await check('authorize_net', neither)).toMatchObject({ card: { cvc_check: 'passed', address_check: 'failed', postal_code_check: 'failed' } });
    expect(codes(await check('authorize_net', neither)).sort()).toEqual(['address_failed', 'postal_code_failed']);

    // ZIP 46282: the bank declines. The shopper reads why under the card; no order, the stock and the cart as they were.
    const stock = async () => (await stockLeft({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenants.authorize_net, [21])).get(21);
    const before = await stock();
    const declined = await submitOrder('authorize_net', 'FpAnet0003', { first: 'Jo', email: 'jo.anet@example.com' }, anet.tokenFor(visa, '1230', { cardCode: '900', zip: '46282' }));
    expect(declined.statusCode, declined.body).toBe(422);
    expect(declined.json()).toMatchObject({ message: 'Your card was declined.', errors: { payment_token: ['Your card was declined.'] } });
    expect(await stock()).toBe(before);
    expect(await inBackground('test reads the database', () => Order.countDocuments({ tenantId: tenants.authorize_net, deviceId: 'FpAnet0003' }))).toBe(0);
    const cart = await harness.app.inject({ url: '/api/cart-parcels?device_id=FpAnet0003', headers: headers('authorize_net') });
    expect(cart.json().data.item_count).toBe(1);
    expect(anet.transactions().filter((t) => t.status === 'declined')).toHaveLength(1);

    // The Payment step's test mode card typed with the same triggers (card code 901, ZIP 46205): the store can see it there too.
    const testMode = await placeOrder('authorize_net', 'FpAnet0005', { first: 'Lu', email: 'lu.anet@example.com' }, PROVIDER_TEST_CARDS.authorize_net[3].token);
    expect(await check('authorize_net', testMode)).toMatchObject({ level: 'review', card: { cvc_check: 'failed', address_check: 'failed', postal_code_check: 'failed' } });

    // A card with a matching card code and ZIP: every check passed, nothing to look at.
    const clean = await placeOrder('authorize_net', 'FpAnet0004', { first: 'Kim', email: 'kim.anet@example.com' }, anet.tokenFor(visa, '1230', { cardCode: '123', zip: '97201' }));
    expect(await check('authorize_net', clean)).toMatchObject({ level: 'none', signals: [], card: { cvc_check: 'passed', address_check: 'passed', postal_code_check: 'passed' } });
  });
});
