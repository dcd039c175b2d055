import { describe, expect, test } from 'vitest';
import Stripe from 'stripe';
import { AppError } from '@platform/server-kit';
import { createStripeClient, CALLBACK_NOT_VERIFIED, CARD_NOT_FOUND, CARD_NOT_SAVED, StripeProvider } from './stripe-provider';
import { CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE } from './stripe-errors';
import { refundPayment, REFUND_OVER_PAID } from './refund-guard';

// Against the Stripe stand-in (tools/stripe-stand-in) that tools/run-with-services.mjs and npm test start: every
// request is first checked by Stripe's official stripe-mock (it refuses unknown or mistyped parameters), then
// answered as Stripe answers its documented test cards, with the payments' state kept. Never Stripe's live or
// sandbox API.
const apiBase = process.env.STRIPE_API_BASE;
if (!apiBase) throw new Error('STRIPE_API_BASE is not set: run these tests through tools/run-with-services.mjs or npm test, which start the Stripe stand-in');

const SECRET_KEY = 'sk_test_platform';

interface Sent { method?: string; path?: string; idempotency_key?: string; body?: Record<string, unknown> }

/** A provider on its own SDK client, with every request it sends, and the client (to read what Stripe keeps). */
function recordedProvider(secretKey = SECRET_KEY) {
  const client = createStripeClient(secretKey, apiBase, { emitEventBodies: true });
  const sent: Sent[] = [];
  client.on('request', (event: Sent) => sent.push(event));
  return { provider: new StripeProvider(client), sent, client };
}

/** Keys unique to this run: the stand-in remembers idempotency keys for as long as it runs. */
const run = `${Date.now()}`;
const key = (name: string) => `${name}-${run}`;

describe('StripeProvider against the Stripe stand-in', () => {
  test('a request, answered or refused, leaves the stack trace limit as it was (the SDK call site is taken without a trace)', async () => {
    const { provider } = recordedProvider();
    const limit = Error.stackTraceLimit;
    const held = await provider.authorize(1000, 'usd', 'pm_card_visa', { idempotencyKey: key('limit-held') });
    expect(held.status).toBe('authorized');
    expect((await provider.authorize(1000, 'usd', 'pm_card_chargeDeclined', { idempotencyKey: key('limit-declined') })).status).toBe('declined');
    expect(await provider.capture(held.reference, undefined, { idempotencyKey: key('limit-capture') })).toBe(1000);
    await expect(provider.capture(held.reference, undefined, { idempotencyKey: key('limit-capture-again') })).rejects.toBeInstanceOf(AppError);
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('traced').stack!.split('\n').length).toBeGreaterThan(1);
  });

  test("reads the card's fingerprint (one per card) and the bank's failed checks and Radar's risk from the charge", async () => {
    const { provider } = recordedProvider();
    const pay = (card: string, name: string) => provider.authorize(1000, 'usd', card, { idempotencyKey: key(name) });
    const [a, b, cvc, risky] = await Promise.all([pay('pm_card_visa', 'fp-a'), pay('pm_card_visa', 'fp-b'), pay('pm_card_cvcCheckFail', 'fp-cvc'), pay('pm_card_riskLevelElevated', 'fp-risk')]);
    expect(a.card!.fingerprint).toBe(b.card!.fingerprint);
    expect(cvc.card).toMatchObject({ cvc: 'fail', last4: '0101' });
    expect(cvc.card!.fingerprint).not.toBe(a.card!.fingerprint);
    expect(risky.card).toMatchObject({ riskLevel: 'elevated', cvc: 'unchecked' });
  });

  test('authorize holds the amount (requires_capture); a partial capture, a partial refund; a refund over what was captured is refused, by the guard before Stripe is asked and by Stripe itself', async () => {
    const { provider, sent, client } = recordedProvider();
    const auth = await provider.authorize(2599, 'USD', 'pm_card_visa', { idempotencyKey: key('order-1001-authorize'), metadata: { order_number: '1001' } });
    expect(sent.at(-1)).toMatchObject({
      method: 'POST', path: '/v1/payment_intents', idempotency_key: key('order-1001-authorize'),
      body: { amount: 2599, currency: 'usd', payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true, metadata: { order_number: '1001' }, expand: ['latest_charge'] },
    });
    // The charge comes expanded with the answer: the card's fingerprint and the bank's checks, for the fraud checks.
    const visa = { fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/), brand: 'Visa', last4: '4242', cvc: 'unchecked', addressLine1: 'unchecked', postalCode: 'unchecked', riskLevel: 'normal', billingPostalCode: null, billingCountry: null };
    expect(auth).toEqual({ reference: expect.stringMatching(/^pi_/), status: 'authorized', authorizedCents: 2599, card: visa });
    expect((await provider.paymentStatus(auth.reference)).card).toEqual({ ...visa, fingerprint: auth.card!.fingerprint });
    expect(await client.paymentIntents.retrieve(auth.reference)).toMatchObject({
      status: 'requires_capture', amount_capturable: 2599, capture_method: 'manual', metadata: { order_number: '1001' }, canceled_at: null, last_payment_error: null,
    });

    // The order lost an item before it shipped: less is taken than was held, the rest is released.
    const captured = await provider.capture(auth.reference, 2000, { idempotencyKey: key('order-1001-capture') });
    expect(captured).toBe(2000);
    expect(sent.at(-1)).toMatchObject({ path: `/v1/payment_intents/${auth.reference}/capture`, idempotency_key: key('order-1001-capture'), body: { amount_to_capture: 2000 } });
    expect(await client.paymentIntents.retrieve(auth.reference)).toMatchObject({ status: 'succeeded', amount_received: 2000, amount_capturable: 0 });

    const payment = { reference: auth.reference, capturedCents: captured, refundedCents: 0 };
    const refunded = await refundPayment(provider, payment, 1000, { idempotencyKey: key('order-1001-refund-1') });
    expect(refunded).toBe(1000);
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotency_key: key('order-1001-refund-1'), body: { payment_intent: auth.reference, amount: 1000 } });

    const before = sent.length;
    const over = refundPayment(provider, { ...payment, refundedCents: refunded }, 1001);
    await expect(over).rejects.toBeInstanceOf(AppError);
    await expect(over).rejects.toMatchObject({ type: 'unprocessable', message: REFUND_OVER_PAID });
    expect(sent.length).toBe(before);
    // Past the guard (records that are wrong), Stripe refuses it too: 1000 of the 2000 captured are left.
    await expect(provider.refund(auth.reference, 1001)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
    expect(await refundPayment(provider, { ...payment, refundedCents: refunded }, 1000)).toBe(1000);
    await expect(provider.refund(auth.reference, 1)).rejects.toMatchObject({ type: 'unprocessable' });
  });

  test('void releases the hold: the payment is canceled and can no longer be captured', async () => {
    const { provider, sent, client } = recordedProvider();
    const auth = await provider.authorize(1250, 'usd', 'pm_card_mastercard', { idempotencyKey: key('order-1005-authorize') });
    expect(auth).toMatchObject({ status: 'authorized', authorizedCents: 1250 });
    await provider.void(auth.reference, { idempotencyKey: key('order-1005-void') });
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${auth.reference}/cancel`, idempotency_key: key('order-1005-void') });
    expect(await client.paymentIntents.retrieve(auth.reference)).toMatchObject({ status: 'canceled', amount_capturable: 0, amount_received: 0 });
    await expect(provider.capture(auth.reference)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
  });

  test('a declined card is a result with a message for the shopper, not an error; the payment waits for another card', async () => {
    const { provider, client } = recordedProvider();
    const declined = await provider.authorize(4200, 'usd', 'pm_card_chargeDeclined', { idempotencyKey: key('order-1006-authorize') });
    expect(declined).toEqual({ reference: expect.stringMatching(/^pi_/), status: 'declined', authorizedCents: 0, declineMessage: CARD_DECLINED });
    expect(await client.paymentIntents.retrieve(declined.reference)).toMatchObject({
      status: 'requires_payment_method', amount_capturable: 0, last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    });
    expect(await provider.authorize(4200, 'usd', 'pm_card_chargeDeclinedInsufficientFunds', { idempotencyKey: key('order-1007-authorize') }))
      .toMatchObject({ status: 'declined', declineMessage: 'Your card has insufficient funds.' });
  });

  test('a card whose bank asks for 3-D Secure needs the shopper\'s action: the bank\'s page (with a return URL) confirms it, and it is held', async () => {
    const { provider, sent, client } = recordedProvider();
    const returnUrl = 'https://shop.example/checkout/return?order=1008';
    const auth = await provider.authorize(3100, 'usd', 'pm_card_authenticationRequired', { idempotencyKey: key('order-1008-authorize'), returnUrl });
    expect(sent.at(-1)?.body).toMatchObject({ return_url: returnUrl });
    expect(auth).toEqual({ reference: expect.stringMatching(/^pi_/), status: 'requires_action', authorizedCents: 0, nextActionUrl: expect.stringMatching(/^https?:\/\//) });

    // The shopper's visit to the bank's page; it sends them back to the store with the payment's id.
    const bank = await fetch(auth.nextActionUrl!, { redirect: 'manual' });
    expect(bank.status).toBe(302);
    const back = new URL(bank.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('https://shop.example/checkout/return');
    expect(back.searchParams.get('payment_intent')).toBe(auth.reference);
    expect(await client.paymentIntents.retrieve(auth.reference)).toMatchObject({ status: 'requires_capture', amount_capturable: 3100, next_action: null });
    expect(await provider.capture(auth.reference)).toBe(3100);

    // Without a return URL there is nowhere to send the shopper back: no redirect is made.
    expect(await provider.authorize(3100, 'usd', 'pm_card_threeDSecure2Required', { idempotencyKey: key('order-1009-authorize') }))
      .toEqual({ reference: expect.stringMatching(/^pi_/), status: 'requires_action', authorizedCents: 0 });
  });

  test('a legacy card token becomes a PaymentMethod first, then is held; a card number or a fraction of a cent is refused before Stripe is asked', async () => {
    const { provider, sent } = recordedProvider();
    const auth = await provider.authorize(500, 'usd', 'tok_visa', { idempotencyKey: key('order-1002-authorize'), customer: 'cus_shopper' });
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/payment_methods', 'POST /v1/payment_intents']);
    expect(sent[0].body).toEqual({ type: 'card', card: { token: 'tok_visa' } });
    expect(sent[1].body).toMatchObject({ payment_method: expect.stringMatching(/^pm_/), customer: 'cus_shopper' });
    expect(auth).toMatchObject({ status: 'authorized', authorizedCents: 500 });

    const before = sent.length;
    await expect(provider.authorize(500, 'usd', '4242424242424242', { idempotencyKey: key('order-1003-authorize') }))
      .rejects.toMatchObject({ type: 'unprocessable', message: CARD_NOT_SAVED });
    await expect(provider.authorize(25.99, 'usd', 'pm_card_visa', { idempotencyKey: key('order-1004-authorize') })).rejects.toMatchObject({ type: 'invalid' });
    expect(sent.length).toBe(before);
  });

  test('cards from the payment form are saved to a new customer, listed and deleted; another customer\'s card is not found; a saved card pays', async () => {
    const { provider, sent } = recordedProvider();
    const saved = await provider.saveCard(null, 'tok_visa');
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers', 'POST /v1/payment_methods', `POST /v1/payment_methods/${saved.source}/attach`,
    ]);
    expect(sent.at(-1)?.body).toEqual({ customer: saved.customerRef });
    expect(saved).toMatchObject({ source: expect.stringMatching(/^pm_/), customerRef: expect.stringMatching(/^cus_/), brand: 'Visa', last4: '4242' });
    expect(Number.isInteger(saved.exp_month) && Number.isInteger(saved.exp_year)).toBe(true);

    // A test PaymentMethod is attached as Stripe does it: as a new PaymentMethod of the customer's own.
    const mastercard = await provider.saveCard(saved.customerRef, 'pm_card_mastercard');
    expect(sent.at(-1)).toMatchObject({ path: '/v1/payment_methods/pm_card_mastercard/attach', body: { customer: saved.customerRef } });
    expect(mastercard).toMatchObject({ source: expect.stringMatching(/^pm_/), brand: 'Mastercard', last4: '4444', customerRef: saved.customerRef });
    expect(mastercard.source).not.toBe('pm_card_mastercard');

    const cards = await provider.listCards(saved.customerRef);
    expect(sent.at(-1)).toMatchObject({ method: 'GET', path: `/v1/customers/${saved.customerRef}/payment_methods?type=card&limit=100` });
    expect(cards.map((c) => [c.source, c.brand, c.last4])).toEqual([[mastercard.source, 'Mastercard', '4444'], [saved.source, 'Visa', '4242']]);

    const other = await provider.saveCard(null, 'pm_card_amex');
    expect(other).toMatchObject({ brand: 'American Express', last4: '8431' });
    expect(await provider.listCards(other.customerRef)).toEqual([other]);
    const before = sent.length;
    await expect(provider.deleteCard(saved.customerRef, other.source)).rejects.toMatchObject({ type: 'not_found', message: CARD_NOT_FOUND });
    expect(sent.slice(before).map((r) => r.path)).not.toContain(`/v1/payment_methods/${other.source}/detach`);

    expect(await provider.authorize(1999, 'usd', mastercard.source, { idempotencyKey: key('order-1010-authorize'), customer: saved.customerRef }))
      .toMatchObject({ status: 'authorized', authorizedCents: 1999 });

    await provider.deleteCard(saved.customerRef, saved.source);
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_methods/${saved.source}/detach` });
    expect((await provider.listCards(saved.customerRef)).map((c) => c.source)).toEqual([mastercard.source]);
    await expect(provider.deleteCard(saved.customerRef, saved.source)).rejects.toMatchObject({ type: 'not_found', message: CARD_NOT_FOUND });
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

  test('finds the payment made for an order by the order id it carries (the search the stand-in answers from what it keeps): the held one of a declined and a held try; none for another order', async () => {
    const { provider, sent } = recordedProvider();
    const orderId = `6a1f${run}`.slice(0, 24);
    const pay = (card: string, name: string) => provider.authorize(1800, 'usd', card, { idempotencyKey: key(name), metadata: { order_id: orderId } });
    const declined = await pay('pm_card_chargeDeclined', 'find-declined');
    const held = await pay('pm_card_visa', 'find-held');
    expect(declined.status).toBe('declined');
    expect(await provider.findAuthorization(orderId)).toMatchObject({ reference: held.reference, status: 'authorized', authorizedCents: 1800 });
    expect(sent.at(-1)).toMatchObject({ method: 'GET', path: expect.stringMatching(/^\/v1\/payment_intents\/search\?query=/) });
    await provider.void(held.reference);
    expect(await provider.findAuthorization(orderId)).toMatchObject({ status: 'declined' });
    expect(await provider.findAuthorization(`${orderId.slice(0, 20)}beef`)).toBeNull();
    // Nothing that could break out of the query is sent.
    expect(await provider.findAuthorization("x' OR status:'requires_capture")).toBeNull();
  });
});
