import { describe, expect, test } from 'vitest';

// The Stripe stand-in's own rules (tools/stripe-stand-in/server.mjs) that the adapter's tests do not reach,
// spoken to over HTTP as Stripe is: form-encoded bodies, a test secret key, Idempotency-Key headers.
const apiBase = process.env.STRIPE_API_BASE;
if (!apiBase) throw new Error('STRIPE_API_BASE is not set: run these tests through tools/run-with-services.mjs or npm test, which start the Stripe stand-in');

const AUTH = 'Bearer sk_test_123';
const run = `${Date.now()}`;

interface Answer { status: number; headers: Headers; body: any }

async function stripe(method: 'GET' | 'POST', path: string, params: Record<string, string> = {}, idempotencyKey?: string): Promise<Answer> {
  const form = new URLSearchParams(params).toString();
  const res = await fetch(`${apiBase}${path}${method === 'GET' && form ? `?${form}` : ''}`, {
    method,
    headers: { authorization: AUTH, 'content-type': 'application/x-www-form-urlencoded', ...(idempotencyKey && { 'idempotency-key': `${idempotencyKey}-${run}` }) },
    ...(method === 'POST' && { body: form }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const held = (amount: string, extra: Record<string, string> = {}) => stripe('POST', '/v1/payment_intents', {
  amount, currency: 'usd', payment_method: 'pm_card_visa', capture_method: 'manual', confirm: 'true', ...extra,
});

describe('Stripe stand-in', () => {
  test('a repeat with the same Idempotency-Key and body answers the first answer; another body with that key is refused; so is a declined card\'s', async () => {
    const params = { amount: '1500', currency: 'usd', payment_method: 'pm_card_visa', capture_method: 'manual', confirm: 'true' };
    const first = await stripe('POST', '/v1/payment_intents', params, 'replay');
    const again = await stripe('POST', '/v1/payment_intents', params, 'replay');
    expect(first.body).toMatchObject({ id: expect.stringMatching(/^pi_/), status: 'requires_capture', amount_capturable: 1500 });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const other = await stripe('POST', '/v1/payment_intents', { ...params, amount: '1600' }, 'replay');
    expect(other).toMatchObject({ status: 400, body: { error: { type: 'idempotency_error' } } });

    const declinedParams = { ...params, payment_method: 'pm_card_visa_chargeDeclined' };
    const declined = await stripe('POST', '/v1/payment_intents', declinedParams, 'replay-declined');
    expect(declined).toMatchObject({ status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } });
    expect(declined.body.error.payment_intent).toMatchObject({ status: 'requires_payment_method', canceled_at: null, next_action: null });
    const declinedAgain = await stripe('POST', '/v1/payment_intents', declinedParams, 'replay-declined');
    expect(declinedAgain).toMatchObject({ status: 402, body: declined.body });
  });

  test('stripe-mock\'s refusal of a request\'s shape is answered as it is, and keeps nothing under its Idempotency-Key', async () => {
    const refused = await stripe('POST', '/v1/payment_intents', { amount: '1500', currency: 'usd', not_a_stripe_parameter: 'x' }, 'refused-shape');
    expect(refused).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    expect(refused.body.error.message).toMatch(/additional properties/);
    const fixed = await stripe('POST', '/v1/payment_intents', { amount: '1500', currency: 'usd' }, 'refused-shape');
    expect(fixed).toMatchObject({ status: 200, body: { amount: 1500, status: 'requires_payment_method' } });
  });

  test('capture only from requires_capture and never above what is held; cancel not after success; refunds not above what was received', async () => {
    const declined = await stripe('POST', '/v1/payment_intents', { amount: '900', currency: 'usd', payment_method: 'pm_card_chargeDeclined', capture_method: 'manual', confirm: 'true' });
    const pi = declined.body.error.payment_intent.id;
    expect(await stripe('POST', `/v1/payment_intents/${pi}/capture`))
      .toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', payment_intent: { id: pi, status: 'requires_payment_method' } } } });
    // Nothing was captured, so nothing can be refunded.
    expect(await stripe('POST', '/v1/refunds', { payment_intent: pi, amount: '100' })).toMatchObject({ status: 400, body: { error: { code: 'amount_too_large' } } });
    // The shopper tries another card on the same payment.
    expect(await stripe('POST', `/v1/payment_intents/${pi}/confirm`, { payment_method: 'pm_card_amex' }))
      .toMatchObject({ status: 200, body: { id: pi, status: 'requires_capture', amount_capturable: 900, last_payment_error: null, payment_method: 'pm_card_amex' } });

    const { body: intent } = await held('2500');
    expect(await stripe('POST', `/v1/payment_intents/${intent.id}/capture`, { amount_to_capture: '2501' })).toMatchObject({ status: 400, body: { error: { code: 'amount_too_large' } } });
    expect(await stripe('POST', `/v1/payment_intents/${intent.id}/capture`)).toMatchObject({ status: 200, body: { status: 'succeeded', amount_received: 2500 } });
    expect(await stripe('POST', `/v1/payment_intents/${intent.id}/capture`)).toMatchObject({ status: 400, body: { error: { code: 'payment_intent_unexpected_state' } } });
    expect(await stripe('POST', `/v1/payment_intents/${intent.id}/cancel`)).toMatchObject({ status: 400, body: { error: { code: 'payment_intent_unexpected_state' } } });
    expect(await stripe('POST', '/v1/refunds', { payment_intent: intent.id })).toMatchObject({ status: 200, body: { amount: 2500, status: 'succeeded' } });
    expect(await stripe('POST', '/v1/refunds', { payment_intent: intent.id, amount: '1' })).toMatchObject({ status: 400, body: { error: { code: 'charge_already_refunded' } } });

    // Without manual capture the card is charged at once.
    const automatic = await stripe('POST', '/v1/payment_intents', { amount: '700', currency: 'usd', payment_method: 'pm_card_visa', confirm: 'true', capture_method: 'automatic' });
    expect(automatic.body).toMatchObject({ status: 'succeeded', amount_received: 700, amount_capturable: 0 });
    const canceled = await held('300').then(({ body }) => stripe('POST', `/v1/payment_intents/${body.id}/cancel`, { cancellation_reason: 'abandoned' }));
    expect(canceled.body).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', canceled_at: expect.any(Number) });
  });

  test('a saved card belongs to one customer: it cannot be attached to another, and once detached it cannot be used again', async () => {
    const [a, b] = [`cus_a${run}`, `cus_b${run}`];
    const attached = await stripe('POST', '/v1/payment_methods/pm_card_visa/attach', { customer: a });
    expect(attached.body).toMatchObject({ id: expect.stringMatching(/^pm_/), customer: a, card: { brand: 'visa', last4: '4242' } });
    const pm = attached.body.id;
    expect(await stripe('POST', `/v1/payment_methods/${pm}/attach`, { customer: b })).toMatchObject({ status: 400 });
    expect((await stripe('GET', '/v1/payment_methods', { customer: a, type: 'card' })).body.data.map((m: { id: string }) => m.id)).toContain(pm);
    expect(await stripe('POST', `/v1/payment_methods/${pm}/detach`)).toMatchObject({ status: 200, body: { id: pm, customer: null } });
    expect(await stripe('POST', `/v1/payment_methods/${pm}/detach`)).toMatchObject({ status: 400 });
    expect(await stripe('POST', `/v1/payment_methods/${pm}/attach`, { customer: a })).toMatchObject({ status: 400 });
    expect((await stripe('GET', `/v1/customers/${a}/payment_methods`, { type: 'card' })).body.data).toEqual([]);
  });

  test("search by a metadata value answers the kept PaymentIntents carrying it, newest first (stripe-mock answers one fixture whatever is asked)", async () => {
    const first = await held('700', { 'metadata[order_id]': `search-${run}` });
    const second = await held('800', { 'metadata[order_id]': `search-${run}` });
    await held('900', { 'metadata[order_id]': `other-${run}` });
    const found = await stripe('GET', '/v1/payment_intents/search', { query: `metadata['order_id']:'search-${run}'` });
    expect(found).toMatchObject({ status: 200, body: { object: 'search_result', total_count: 2, has_more: false } });
    expect(found.body.data.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([[second.body.id, 'requires_capture'], [first.body.id, 'requires_capture']]);
    expect((await stripe('GET', '/v1/payment_intents/search', { query: `metadata['order_id']:'none-${run}'` })).body).toMatchObject({ data: [], total_count: 0 });
  });
});
