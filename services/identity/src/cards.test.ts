import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bg } from './test-db';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createStripeClient } from '@platform/payments';
import { StoreProfile } from '@platform/tenant-settings';
import { identityService } from './index';
import { CardCustomer } from './cards';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let jane: string;
let bob: string;
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object, store = 'cards-a') => harness.app.inject({
  method, url: `/api/${url}`, headers: { 'business-slug': store, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}),
});

beforeAll(async () => {
  harness = await createTestApp([identityService], 'cards');
  tenantId = (await createTenant('cards-a')).id;
  // The store takes cards through Stripe (the scripts point the SDK at the local stand-in).
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_cards', secret_key: sealSecret('sk_test_cards') } } });
  jane = await issueToken(tenantId, { slug: 'jane' });
  bob = await issueToken(tenantId, { slug: 'bob' });
});
afterAll(async () => { await harness?.close(); });

describe('saved cards (the vault of the store\'s card provider)', () => {
  it("saves a card at the provider from its token, lists it to its customer only, and removes it there", async () => {
    const added = await call('POST', 'customer-cards/add', jane, { newSource: 'tok_visa' });
    expect(added.json()).toMatchObject({ status: 'success', message: 'Your card has been saved.', data: { brand: 'Visa', last4: '4242' } });
    const card = added.json().data;
    expect(card.source).toMatch(/^pm_/);
    // The platform keeps only Jane's customer at Stripe; the card is attached to that customer at Stripe.
    const kept = await bg(() => CardCustomer.find({ tenantId }).lean()) as { customerSlug: string; provider: string; reference: string }[];
    expect(kept).toEqual([expect.objectContaining({ customerSlug: 'jane', provider: 'stripe', reference: expect.stringMatching(/^cus_/) })]);
    const atStripe = await createStripeClient('sk_test_cards').customers.listPaymentMethods(kept[0].reference, { type: 'card' });
    expect(atStripe.data.map((m) => m.id)).toEqual([card.source]);

    const second = (await call('POST', 'customer-cards/add', jane, { newSource: 'tok_mastercard' })).json().data;
    expect(second).toMatchObject({ brand: 'Mastercard', last4: '4444' });
    expect(await bg(() => CardCustomer.countDocuments({ tenantId }))).toBe(1); // the same customer at Stripe
    expect((await call('GET', 'customer-cards', jane)).json().data.map((c: { source: string }) => c.source).sort()).toEqual([card.source, second.source].sort());
    expect((await call('GET', 'customer-cards', bob)).json().data).toEqual([]);

    const stolen = await call('POST', 'customer-cards/delete', bob, { source: card.source });
    expect(stolen.statusCode).toBe(404);
    expect((await call('POST', 'customer-cards/delete', jane, { source: card.source })).json()).toEqual({ status: 'success', message: 'Your card has been removed.' });
    expect((await call('GET', 'customer-cards', jane)).json().data).toEqual([expect.objectContaining({ source: second.source })]);
    expect((await createStripeClient('sk_test_cards').customers.listPaymentMethods(kept[0].reference, { type: 'card' })).data.map((m) => m.id)).toEqual([second.source]);
    expect((await call('POST', 'customer-cards/delete', jane, { source: card.source })).statusCode).toBe(404);
  });

  it('refuses card numbers, tokens the provider does not know, guests and store accounts, saving nothing', async () => {
    const pan = await call('POST', 'customer-cards/add', bob, { newSource: '4242 4242 4242 4242' });
    expect(pan.json()).toMatchObject({ status: 422, message: 'Card numbers are not accepted here: cards are saved through the payment form.' });
    expect((await call('POST', 'customer-cards/add', bob, { newSource: 'not-a-token' })).json()).toMatchObject({ status: 422, message: 'This card could not be saved. Please check it and try again.' });
    expect((await call('GET', 'customer-cards')).statusCode).toBe(401);
    const admin = await issueToken(tenantId, { slug: 'owner', isAdmin: true });
    expect((await call('POST', 'customer-cards/add', admin, { newSource: 'tok_visa' })).json()).toMatchObject({ status: 403, message: 'Saved cards belong to shopper accounts.' });
    expect(await bg(() => CardCustomer.countDocuments({ tenantId, customerSlug: { $in: ['bob', 'owner'] } }))).toBe(0);
  });

  it('a store that takes payment at the store keeps no cards', async () => {
    const other = (await createTenant('cards-b')).id;
    const sam = await issueToken(other, { slug: 'sam' });
    expect((await call('GET', 'customer-cards', sam, undefined, 'cards-b')).json().data).toEqual([]);
    const refused = await call('POST', 'customer-cards/add', sam, { newSource: 'tok_visa' }, 'cards-b');
    expect(refused.json()).toMatchObject({ status: 422, message: 'Card payments are not available at this store right now. Please choose another way to pay.' });
    expect(await bg(() => CardCustomer.countDocuments({ tenantId: other }))).toBe(0);
  });
});
