import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { CARD_PAYMENTS_NOT_AVAILABLE } from '@platform/payments';
import { forgetStoreProfile, StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import { identityService } from './index';
import { bg } from './test-db';

/**
 * Saved cards while the store offers no cards (cards_offered false: its provider lacks a setting, here a live Stripe
 * without its publishable key): the shopper still sees and can remove the cards they saved, but saves no new one.
 * Against the Stripe stand-in the scripts start.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let jane: string;
const SLUG = 'cards-off';
const call = (method: 'GET' | 'POST', url: string, payload?: object) => harness.app.inject({
  method, url: `/api/${url}`, headers: { 'business-slug': SLUG, authorization: `Bearer ${jane}` }, ...(payload ? { payload } : {}),
});

beforeAll(async () => {
  harness = await createTestApp([identityService, tenantSettingsService], 'cards-off');
  tenantId = (await createTenant(SLUG)).id;
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_cardsoff', secret_key: sealSecret('sk_test_cardsoff') } } });
  jane = await issueToken(tenantId, { slug: 'jane' });
});
afterAll(async () => { await harness?.close(); });

describe('saved cards where the store offers no cards', () => {
  it('lists and removes the cards saved before, and refuses a new one with the checkout\'s message', async () => {
    const first = (await call('POST', 'customer-cards/add', { newSource: 'tok_visa' })).json().data;
    const second = (await call('POST', 'customer-cards/add', { newSource: 'tok_mastercard' })).json().data;
    expect([first.last4, second.last4]).toEqual(['4242', '4444']);

    // The store goes live without the publishable key its card form needs: no cards are offered to shoppers.
    await bg(() => StoreProfile.updateOne({ tenantId }, { $set: { 'payment.stripe.is_live': true }, $unset: { 'payment.stripe.publishable_key': 1 } }));
    forgetStoreProfile(tenantId);
    expect((await call('GET', 'payment-settings')).json().data).toMatchObject({ payment_provider: 'stripe', cards_offered: false });

    const listed = await call('GET', 'customer-cards');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((c: { source: string }) => c.source).sort()).toEqual([first.source, second.source].sort());

    const refused = await call('POST', 'customer-cards/add', { newSource: 'tok_amex' });
    expect(refused.json()).toEqual({ status: 422, message: CARD_PAYMENTS_NOT_AVAILABLE, errors: { newSource: [CARD_PAYMENTS_NOT_AVAILABLE] } });

    expect((await call('POST', 'customer-cards/delete', { source: first.source })).json()).toEqual({ status: 'success', message: 'Your card has been removed.' });
    expect((await call('GET', 'customer-cards')).json().data).toEqual([expect.objectContaining({ source: second.source })]);
  });
});
