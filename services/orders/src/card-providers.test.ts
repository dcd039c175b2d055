import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from '@platform/cart';
import { PROVIDER_TEST_CARDS, type CardProvider } from '@platform/domain';
import { StoreProfile } from '@platform/tenant-settings';
import { identityService } from '@platform/identity';
import { inBackground } from '@platform/db';
import { fakeProviderSettings, startProviderFakes } from '@platform/payments/testing';
import { Order, ordersService } from './index';

/**
 * An order placed through each card provider's local fake with the token the Payment step's card form gives in
 * test mode (libs/domain PROVIDER_TEST_CARDS): approved cards are held and captured, declines are the shopper's
 * readable message with the cart kept, a card its bank must confirm goes to the bank's page; a signed-in shopper's
 * card is saved in the provider's vault and pays the next order.
 */
const OTHER_PROVIDERS = ['adyen', 'authorize_net', 'plugnpay', 'fiserv'] as const satisfies readonly CardProvider[];
type Other = (typeof OTHER_PROVIDERS)[number];

let harness: Awaited<ReturnType<typeof createTestApp>>;
const tenants = {} as Record<Other, string>;
let fakes: Awaited<ReturnType<typeof startProviderFakes>> | undefined;
const contact = { first_name: 'Ann', last_name: 'Card', email: 'ann.card@example.com', telephone: '(503) 555-0177' };
const slugOf = (provider: Other) => `cardp-${provider.replace('_', '')}`;
const headers = (provider: Other, extra: Record<string, string> = {}) => ({ 'business-slug': slugOf(provider), 'store-id': '1', origin: `http://${slugOf(provider)}.test`, ...extra });
const add = (provider: Other, device: string | null, extra: Record<string, string> = {}) => harness.app.inject({
  method: 'POST', url: '/api/add-to-cart', headers: headers(provider, extra), payload: { store_product_id: 21, quantity: 1, ...(device ? { device_id: device } : {}) },
});
const submit = (provider: Other, device: string | null, body: Record<string, unknown>, extra: Record<string, string> = {}) => harness.app.inject({
  method: 'POST', url: '/api/customer/orders/submit', headers: headers(provider, extra),
  payload: { ...(device ? { device_id: device } : {}), order_type: 0, ...contact, payment_method: 'card', ...body },
});
const cartCount = async (provider: Other, device: string) =>
  (await harness.app.inject({ url: `/api/cart-parcels?device_id=${device}`, headers: headers(provider) })).json().data.item_count;

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService, identityService], 'card-providers');
  fakes = await startProviderFakes();
  // Each store as its owner saves it in test mode (secrets sealed), pointed at the provider's fake.
  const payments = fakeProviderSettings();
  for (const provider of OTHER_PROVIDERS) {
    tenants[provider] = (await createTenant(slugOf(provider), { domains: [`${slugOf(provider)}.test`] })).id;
    await createCatalogueFixture(tenants[provider], slugOf(provider));
    await StoreProfile.create({ tenantId: tenants[provider], payment: { payment_provider: provider, [provider]: payments[provider] } });
  }
});
afterAll(async () => {
  await fakes?.close();
  await harness?.close();
});

describe.each(OTHER_PROVIDERS)('an order paid through %s with its test mode card form', (provider) => {
  it.each(PROVIDER_TEST_CARDS[provider].map((card, i) => [card.label, card.token, i] as const))('%s', async (label, token, i) => {
    const device = `Cp${provider.replace('_', '').slice(0, 5)}${String(i).padStart(3, '0')}`;
    expect((await add(provider, device)).statusCode).toBe(200);
    const res = await submit(provider, device, { payment_token: token });
    const placed = () => inBackground('test reads the database', () => Order.countDocuments({ tenantId: tenants[provider], deviceId: device, status: { $ne: 'awaiting_payment' } }));
    if (label.endsWith('(approved)')) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order.payment).toEqual({ method: 'card', label: 'Paid by card', status: 'paid' });
      const order = (await inBackground('test reads the database', () => Order.findOne({ tenantId: tenants[provider], deviceId: device }).lean())) as unknown as { totalCents: number; payment: Record<string, unknown> };
      expect(order.payment).toMatchObject({ method: 'card', provider, status: 'paid', authorizedCents: order.totalCents, capturedCents: order.totalCents });
      expect(await cartCount(provider, device)).toBe(0);
    } else if (label.endsWith('(asks the bank to confirm)')) {
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({ status: false, message: 'Please confirm the payment with your bank.', confirm: { redirect_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//) } });
      expect(await cartCount(provider, device)).toBe(1);
    } else {
      // A decline: the provider's refusal in the shopper's words under the card, nothing placed, the cart kept.
      expect(res.statusCode, res.body).toBe(422);
      const message = res.json().message as string;
      expect(message).toMatch(/^Your card (was declined|has insufficient funds)\.$/);
      expect(res.json().errors).toEqual({ payment_token: [message] });
      expect(await placed()).toBe(0);
      expect(await cartCount(provider, device)).toBe(1);
    }
  });

  it("saves a signed-in shopper's card in the provider's vault with the order, and pays the next order with it", async () => {
    const auth = { authorization: `Bearer ${await issueToken(tenants[provider], { slug: `saver-${provider}` })}` };
    expect((await add(provider, null, auth)).statusCode).toBe(200);
    const first = await submit(provider, null, { payment_token: PROVIDER_TEST_CARDS[provider][0].token, save_card: true }, auth);
    expect(first.statusCode, first.body).toBe(200);
    const cards = (await harness.app.inject({ url: '/api/customer-cards', headers: headers(provider, auth) })).json().data as { source: string; last4: string }[];
    expect(cards).toHaveLength(1);
    expect(cards[0].last4).toMatch(/^\d{4}$/);
    expect((await add(provider, null, auth)).statusCode).toBe(200);
    const again = await submit(provider, null, { payment_token: cards[0].source }, auth);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order.payment.status).toBe('paid');
  });
});
