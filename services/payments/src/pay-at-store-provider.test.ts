import { describe, expect, test } from 'vitest';
import { CAPTURE_NEEDS_AMOUNT, NO_CARDS_AT_STORE, PayAtStoreProvider, PAYMENT_NOT_FOUND } from './pay-at-store-provider';
import { refundPayment, REFUND_OVER_PAID } from './refund-guard';
import { WHOLE_CENTS } from './provider';

describe('PayAtStoreProvider', () => {
  const provider = new PayAtStoreProvider();

  test('authorize holds nothing and gives the order its own reference', async () => {
    const a = await provider.authorize(2599, 'usd', '', { idempotencyKey: 'k1' });
    const b = await provider.authorize(2599, 'usd', '', { idempotencyKey: 'k2' });
    expect(a).toEqual({ reference: expect.stringMatching(/^pay-at-store:[0-9a-f-]{36}$/), status: 'authorized', authorizedCents: 0 });
    expect(b.reference).not.toBe(a.reference);
  });

  test('capture, void and refund record what the store did; the refund guard applies as for cards', async () => {
    const { reference } = await provider.authorize(2599, 'usd', '', { idempotencyKey: 'k3' });
    const captured = await provider.capture(reference, 2599);
    expect(captured).toBe(2599);
    await expect(provider.capture(reference)).rejects.toMatchObject({ type: 'invalid', message: CAPTURE_NEEDS_AMOUNT });
    await expect(provider.void(reference)).resolves.toBeUndefined();
    expect(await refundPayment(provider, { reference, capturedCents: captured, refundedCents: 0 }, 599)).toBe(599);
    await expect(refundPayment(provider, { reference, capturedCents: captured, refundedCents: 599 }, 2001)).rejects.toMatchObject({ type: 'unprocessable', message: REFUND_OVER_PAID });
    await expect(provider.capture('pi_123', 100)).rejects.toMatchObject({ type: 'not_found', message: PAYMENT_NOT_FOUND });
    await expect(provider.refund(reference, 0.5)).rejects.toMatchObject({ type: 'invalid', message: WHOLE_CENTS });
  });

  test('no cards and no callbacks', async () => {
    expect(await provider.listCards()).toEqual([]);
    await expect(provider.saveCard()).rejects.toMatchObject({ type: 'unprocessable', message: NO_CARDS_AT_STORE });
    await expect(provider.verifyCallback()).rejects.toMatchObject({ type: 'invalid' });
  });
});
