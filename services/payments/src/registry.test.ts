import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { CARD_PAYMENTS_NOT_AVAILABLE, paymentProviderFor, PaymentProviderNotConfiguredError, PROVIDERS_NOT_BUILT } from './registry';

describe('paymentProviderFor', () => {
  test('no provider, or pay_at_store, is payment at the store', () => {
    expect(paymentProviderFor(null).name).toBe('pay_at_store');
    expect(paymentProviderFor({ payment_provider: null }).name).toBe('pay_at_store');
    expect(paymentProviderFor({ payment_provider: 'pay_at_store' }).name).toBe('pay_at_store');
  });

  test('stripe with its secret key is Stripe; without one it is not configured', () => {
    expect(paymentProviderFor({ payment_provider: 'stripe', stripe: { secret_key: 'sk_test_platform' } }, { stripeApiBase: 'http://127.0.0.1:1' }).name).toBe('stripe');
    expect(() => paymentProviderFor({ payment_provider: 'stripe', stripe: {} })).toThrow(PaymentProviderNotConfiguredError);
  });

  test("one adapter per store key (its connections kept between orders); a changed secret key is the one used from the next call", async () => {
    // A server that only notes which key each call carries.
    const keys: string[] = [];
    const server = http.createServer((req, res) => {
      keys.push(String(req.headers.authorization));
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such payment_intent' } }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const options = { stripeApiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    try {
      const settings = (key: string) => ({ payment_provider: 'stripe', stripe: { secret_key: key } });
      const first = paymentProviderFor(settings('sk_test_first'), options);
      expect(paymentProviderFor(settings('sk_test_first'), options)).toBe(first);
      await first.paymentStatus('pi_1').catch(() => undefined);
      const changed = paymentProviderFor(settings('sk_test_changed'), options);
      expect(changed).not.toBe(first);
      await changed.paymentStatus('pi_1').catch(() => undefined);
      expect(keys).toEqual(['Bearer sk_test_first', 'Bearer sk_test_changed']);
    } finally {
      server.close();
    }
  });

  test('the spec providers not built yet, PayPal and unknown names are a typed "not configured" error, never a stand-in', () => {
    for (const name of [...PROVIDERS_NOT_BUILT, 'paypal', 'cash']) {
      let thrown: unknown;
      try { paymentProviderFor({ payment_provider: name }); } catch (e) { thrown = e; }
      expect(thrown).toBeInstanceOf(PaymentProviderNotConfiguredError);
      expect(thrown).toMatchObject({ provider: name, type: 'unprocessable', message: CARD_PAYMENTS_NOT_AVAILABLE,
        reason: (PROVIDERS_NOT_BUILT as readonly string[]).includes(name) ? 'adapter_not_built' : 'unknown_provider' });
    }
  });
});
