import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret, type RequestContext } from '@platform/server-kit';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { StoreProfile, storedPaymentSettings, tenantSettingsService } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => { harness = await createTestApp([tenantSettingsService], 'sealed-secrets'); });
afterAll(async () => { await harness?.close(); });

describe('sealed secrets (AES-256-GCM)', () => {
  it('seals a secret so the stored text does not hold it, and opens it again', () => {
    const sealed = sealSecret('sk_test_shop42');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('sk_test_shop42');
    expect(sealSecret('sk_test_shop42')).not.toBe(sealed); // a fresh nonce each time
    expect(openSecret(sealed)).toBe('sk_test_shop42');
  });

  it('opens nothing that was changed, stored in the clear, or is not a string', () => {
    const sealed = sealSecret('whsec_abc');
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(openSecret(tampered)).toBeNull();
    expect(openSecret('sk_test_in_the_clear')).toBeNull();
    expect(openSecret(undefined)).toBeNull();
  });
});

describe("a store's payment secrets", () => {
  it('are used only when sealed: the adapter gets the sealed key opened, and a key stored in the clear is not used', async () => {
    const sealedStore = await createTenant('seal-a');
    await StoreProfile.create({ tenantId: sealedStore.id, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_a', secret_key: sealSecret('sk_test_sealeda') } } });
    const clearStore = await createTenant('seal-b');
    await StoreProfile.create({ tenantId: clearStore.id, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_b', secret_key: 'sk_test_clearb' } } });
    const settings = async (tenantId: string) => (await storedPaymentSettings({ tenantId } as RequestContext)).stripe as Record<string, unknown>;
    expect(await settings(sealedStore.id)).toMatchObject({ publishable_key: 'pk_test_a', secret_key: 'sk_test_sealeda' });
    expect((await settings(clearStore.id)).secret_key).toBeNull();
    const get = await harness.app.inject({ url: '/api/payment-settings', headers: { 'business-slug': 'seal-a' } });
    expect(JSON.stringify(get.json())).not.toMatch(/sk_test|sealed:/);
  });
});
