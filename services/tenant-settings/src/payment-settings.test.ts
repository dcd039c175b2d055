import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealSecret } from '@platform/server-kit';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { tenantSettingsService, StoreProfile } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let businessA: number;
let businessB: number;
const get = (url: string, slug = 'pay-a') => harness.app.inject({ url: `/api/${url}`, headers: { 'business-slug': slug } });

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'payment-settings');
  const a = await createTenant('pay-a');
  businessA = a.businessId;
  await StoreProfile.create({
    tenantId: a.id,
    payment: { payment_provider: 'stripe', payment_preparable: true, stripe: { publishable_key: 'pk_test_123', secret_key: sealSecret('sk_test_SECRET'), is_live: false, account_id: 'acct_1', webhook_secret: sealSecret('whsec_SECRET') } },
    siteSettings: [{ key: 'show_release_notes', value_string: '1' }, { key: 'chat_widget', value_string: '' }],
  });
  const b = await createTenant('pay-b');
  businessB = b.businessId;
  await StoreProfile.create({ tenantId: b.id, payment: { payment_provider: 'moneybags', moneybags: { key: 'x' } }, siteSettings: [{ key: 'b_only', value_string: 'pay-b' }] });
  await createTenant('pay-c');
  // Stripe chosen, its secret key never saved (or stored in the clear, which is not used): no cards for shoppers.
  const d = await createTenant('pay-d');
  await StoreProfile.create({ tenantId: d.id, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_d', secret_key: 'sk_test_CLEAR', is_live: false } } });
});
afterAll(async () => { await harness?.close(); });

describe('payment settings', () => {
  it("answers the provider with its public keys only, never a secret", async () => {
    const res = await get('payment-settings');
    expect(res.json().data).toEqual({
      payment_provider: 'stripe', payment_preparable: true, payment_charge_account: false, cards_offered: true,
      stripe: { publishable_key: 'pk_test_123', is_live: false, account_id: 'acct_1', disable_save_card: false },
    });
    expect(res.body).not.toContain('SECRET');
  });

  it('answers no provider for a store without one or with an unknown one (payment in store)', async () => {
    expect((await get('payment-settings', 'pay-c')).json().data).toEqual({ payment_provider: null, payment_preparable: false, payment_charge_account: false, cards_offered: false });
    expect((await get('payment-settings', 'pay-b')).json().data).toEqual({ payment_provider: null, payment_preparable: false, payment_charge_account: false, cards_offered: false });
  });

  it('says cards are not offered where the provider lacks a credential it needs, and never answers the secret', async () => {
    const res = await get('payment-settings', 'pay-d');
    expect(res.json().data).toMatchObject({ payment_provider: 'stripe', cards_offered: false, stripe: { publishable_key: 'pk_test_d' } });
    expect(res.body).not.toMatch(/sk_test|CLEAR/);
  });
});

describe('site settings', () => {
  it("answers the store's pairs for its own business id, and 404 for another store's", async () => {
    expect((await get(`business/site-settings/${businessA}`)).json().data).toEqual([{ key: 'show_release_notes', value_string: '1' }, { key: 'chat_widget', value_string: '' }]);
    const foreign = await get(`business/site-settings/${businessB}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('pay-b');
    expect((await get('business/site-settings/abc')).statusCode).toBe(400);
  });
});
