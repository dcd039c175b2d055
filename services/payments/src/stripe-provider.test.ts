import { describe, expect, test } from 'vitest';
import Stripe from 'stripe';
import { AppError } from '@platform/server-kit';
import { createStripeClient, CALLBACK_NOT_VERIFIED, CARD_NOT_FOUND, CARD_NOT_SAVED, StripeProvider } from './stripe-provider';
import { PAYMENTS_NOT_AVAILABLE } from './stripe-errors';
import { refundPayment, REFUND_OVER_PAID } from './refund-guard';

// Against the real stripe-mock (Stripe's OpenAPI: it refuses unknown or mistyped parameters) that
// tools/run-with-services.mjs and npm test start; never Stripe's live or sandbox API.
const apiBase = process.env.STRIPE_API_BASE;
if (!apiBase) throw new Error('STRIPE_API_BASE is not set: run these tests through tools/run-with-services.mjs or npm test, which start stripe-mock');

const SECRET_KEY = 'sk_test_platform';

interface Sent { method?: string; path?: string; idempotency_key?: string; body?: Record<string, unknown> }

/** A provider on its own SDK client, with every request it sends (stripe-mock is stateless: the requests are what we can check). */
function recordedProvider(secretKey = SECRET_KEY) {
  const client = createStripeClient(secretKey, apiBase, { emitEventBodies: true });
  const sent: Sent[] = [];
  client.on('request', (event: Sent) => sent.push(event));
  return { provider: new StripeProvider(client), sent };
}

describe('StripeProvider against stripe-mock', () => {
  test('authorize asks for a confirmed card payment held for manual capture; capture, a partial refund; a refund over what was paid is refused before Stripe is asked', async () => {
    const { provider, sent } = recordedProvider();
    const auth = await provider.authorize(2599, 'USD', 'pm_card_visa', { idempotencyKey: 'order-1001-authorize', metadata: { order_number: '1001' } });
    expect(auth.reference).toMatch(/^pi_/);
    expect(sent.at(-1)).toMatchObject({
      method: 'POST', path: '/v1/payment_intents', idempotency_key: 'order-1001-authorize',
      body: { amount: 2599, currency: 'usd', payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true, metadata: { order_number: '1001' } },
    });
    // stripe-mock answers its fixture PaymentIntent (status requires_payment_method) whatever it is sent: an intent
    // that holds no money is never read as authorized (the statuses' meaning: stripe-errors.test.ts).
    expect(auth).toMatchObject({ status: 'declined', authorizedCents: 0 });

    const captured = await provider.capture(auth.reference, 2599, { idempotencyKey: 'order-1001-capture' });
    expect(captured).toBe(2599);
    expect(sent.at(-1)).toMatchObject({
      method: 'POST', path: `/v1/payment_intents/${auth.reference}/capture`, idempotency_key: 'order-1001-capture', body: { amount_to_capture: 2599 },
    });

    const payment = { reference: auth.reference, capturedCents: captured, refundedCents: 0 };
    const refunded = await refundPayment(provider, payment, 1000, { idempotencyKey: 'order-1001-refund-1' });
    expect(refunded).toBe(1000);
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotency_key: 'order-1001-refund-1', body: { payment_intent: auth.reference, amount: 1000 } });

    const before = sent.length;
    const over = refundPayment(provider, { ...payment, refundedCents: refunded }, 1600);
    await expect(over).rejects.toBeInstanceOf(AppError);
    await expect(over).rejects.toMatchObject({ type: 'unprocessable', message: REFUND_OVER_PAID });
    expect(sent.length).toBe(before);
    // The rest of what was paid can still be refunded.
    expect(await refundPayment(provider, { ...payment, refundedCents: refunded }, 1599)).toBe(1599);
  });

  test('a legacy card token becomes a PaymentMethod first; a card number or a fraction of a cent is refused before Stripe is asked', async () => {
    const { provider, sent } = recordedProvider();
    await provider.authorize(500, 'usd', 'tok_visa', { idempotencyKey: 'order-1002-authorize', customer: 'cus_shopper' });
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/payment_methods', 'POST /v1/payment_intents']);
    expect(sent[0].body).toEqual({ type: 'card', card: { token: 'tok_visa' } });
    expect(sent[1].body).toMatchObject({ payment_method: expect.stringMatching(/^pm_/), customer: 'cus_shopper' });

    const before = sent.length;
    await expect(provider.authorize(500, 'usd', '4242424242424242', { idempotencyKey: 'order-1003-authorize' }))
      .rejects.toMatchObject({ type: 'unprocessable', message: CARD_NOT_SAVED });
    await expect(provider.authorize(25.99, 'usd', 'pm_card_visa', { idempotencyKey: 'order-1004-authorize' })).rejects.toMatchObject({ type: 'invalid' });
    expect(sent.length).toBe(before);
  });

  test('void cancels the held payment', async () => {
    const { provider, sent } = recordedProvider();
    const auth = await provider.authorize(1250, 'usd', 'pm_card_visa', { idempotencyKey: 'order-1005-authorize' });
    await provider.void(auth.reference, { idempotencyKey: 'order-1005-void' });
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${auth.reference}/cancel`, idempotency_key: 'order-1005-void' });
  });

  test('a card from the payment form is saved to a new customer, listed and deleted; another card is not found', async () => {
    const { provider, sent } = recordedProvider();
    const saved = await provider.saveCard(null, 'tok_visa');
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers', 'POST /v1/payment_methods', `POST /v1/payment_methods/${saved.source}/attach`,
    ]);
    expect(sent.at(-1)?.body).toEqual({ customer: saved.customerRef });
    expect(saved).toMatchObject({ source: expect.stringMatching(/^pm_/), customerRef: expect.stringMatching(/^cus_/), brand: 'Visa', last4: '4242' });
    expect(Number.isInteger(saved.exp_month) && Number.isInteger(saved.exp_year)).toBe(true);

    // A PaymentMethod is attached as it is, to the customer the card already has.
    const again = await provider.saveCard(saved.customerRef, 'pm_card_visa');
    expect(again).toMatchObject({ source: 'pm_card_visa', customerRef: saved.customerRef });
    expect(sent.at(-1)).toMatchObject({ path: '/v1/payment_methods/pm_card_visa/attach', body: { customer: saved.customerRef } });

    const cards = await provider.listCards(saved.customerRef);
    expect(sent.at(-1)).toMatchObject({ method: 'GET', path: `/v1/customers/${saved.customerRef}/payment_methods?type=card&limit=100` });
    expect(cards.length).toBeGreaterThan(0);
    expect(cards[0]).toMatchObject({ brand: 'Visa', last4: '4242', customerRef: saved.customerRef });

    await provider.deleteCard(saved.customerRef, cards[0].source);
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_methods/${cards[0].source}/detach` });

    const before = sent.length;
    await expect(provider.deleteCard(saved.customerRef, 'pm_of_another_customer')).rejects.toMatchObject({ type: 'not_found', message: CARD_NOT_FOUND });
    expect(sent.slice(before).map((r) => r.path)).not.toContain('/v1/payment_methods/pm_of_another_customer/detach');
    await expect(provider.saveCard(saved.customerRef, '4242 4242 4242 4242')).rejects.toMatchObject({ message: CARD_NOT_SAVED });
  });

  test('a key Stripe refuses gives the shopper a plain message, never the key or Stripe\'s answer', async () => {
    const { provider } = recordedProvider('sk_live_not_accepted_here');
    const failure = await provider.capture('pi_123', 100).then(() => null, (e: unknown) => e as AppError);
    expect(failure).toMatchObject({ type: 'unavailable', status: 503, message: PAYMENTS_NOT_AVAILABLE });
    expect(JSON.stringify({ ...failure, message: failure?.message })).not.toContain('sk_live');
  });

  test('a webhook signed with the secret verifies; a tampered body, another secret or no signature is refused', async () => {
    const { provider } = recordedProvider();
    const secret = 'whsec_platform_test';
    const payload = JSON.stringify({
      id: 'evt_1', object: 'event', type: 'payment_intent.amount_capturable_updated', api_version: Stripe.API_VERSION, created: 1764000000,
      data: { object: { id: 'pi_123', object: 'payment_intent', amount_capturable: 2599 } }, livemode: false, pending_webhooks: 1, request: null,
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });

    expect(await provider.verifyCallback(payload, { 'stripe-signature': signature }, secret))
      .toEqual({ id: 'evt_1', type: 'payment_intent.amount_capturable_updated', reference: 'pi_123' });
    expect(await provider.verifyCallback(Buffer.from(payload), { 'stripe-signature': [signature] }, secret)).toMatchObject({ reference: 'pi_123' });

    const refused = { type: 'invalid', message: CALLBACK_NOT_VERIFIED };
    await expect(provider.verifyCallback(payload.replace('2599', '99999'), { 'stripe-signature': signature }, secret)).rejects.toMatchObject(refused);
    await expect(provider.verifyCallback(payload, { 'stripe-signature': signature }, 'whsec_another')).rejects.toMatchObject(refused);
    await expect(provider.verifyCallback(payload, {}, secret)).rejects.toMatchObject(refused);

    // A refund's event names the payment through its PaymentIntent.
    const refundEvent = JSON.stringify({ id: 'evt_2', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_456' } } });
    const refundSignature = Stripe.webhooks.generateTestHeaderString({ payload: refundEvent, secret });
    expect(await provider.verifyCallback(refundEvent, { 'stripe-signature': refundSignature }, secret)).toMatchObject({ type: 'charge.refunded', reference: 'pi_456' });
  });
});
