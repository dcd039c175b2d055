import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '@platform/server-kit';
import { CALLBACK_NOT_VERIFIED, CARD_NOT_FOUND, CARD_NOT_SAVED } from '../stripe-provider';
import { CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, SERVICE_UNREACHABLE } from '../stripe-errors';
import { refundPayment, REFUND_OVER_PAID } from '../refund-guard';
import { AdyenProvider, looksLikeCardNumber, parseAdyenToken } from './adyen-provider';
import { AUTHENTICATION_NEEDED } from './adyen-errors';
import { adyenCardChecks } from './adyen-checks';
import { signNotificationItem, startFakeAdyen, type FakeAdyen } from './adyen-fake';

// Against the local Adyen fake (adyen-fake.ts: Checkout v72's paths, fields, errors and test cards, state in
// memory), through the official SDK. Never Adyen's test or live platform.
let fake: FakeAdyen;
beforeAll(async () => { fake = await startFakeAdyen(); });
afterAll(async () => { await fake.close(); });

function provider(apiKey = fake.apiKey, merchantAccount = fake.merchantAccount, apiBase = fake.url) {
  return new AdyenProvider({ apiKey, merchantAccount, environment: 'test' }, apiBase);
}

/** The Drop-in's `state.data.paymentMethod` in Adyen's documented unencrypted test form. */
function card(number: string, extra: Record<string, string> = {}): string {
  return JSON.stringify({
    type: 'scheme', encryptedCardNumber: `test_${number}`, encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: number.startsWith('37') ? 'test_7373' : 'test_737', ...extra,
  });
}
const VISA = card('4111111111111111');
const run = `${Date.now()}`;
const key = (name: string) => `${name}-${run}`;
const lastRequest = () => fake.requests.at(-1)!;

describe('AdyenProvider against the Adyen fake', () => {
  test("cancels an order's payment by its merchant reference (the technical cancel), not knowing its pspReference: received whether or not one exists", async () => {
    const adyen = provider();
    const orderId = `65f1c2a9e4b0${run}`.slice(0, 24);
    const auth = await adyen.authorize(1800, 'usd', VISA, { idempotencyKey: key('order-tc'), metadata: { order_id: orderId } });
    expect(fake.payments.get(auth.reference)?.state).toBe('authorised');
    await adyen.voidByOrder(orderId, key('order-tc'), { idempotencyKey: key('abandoned-void') });
    expect(lastRequest()).toMatchObject({
      method: 'POST', path: '/v72/cancels', idempotencyKey: key('abandoned-void'),
      // The cancel's own reference is the order id too: its TECHNICAL_CANCEL webhook names the order (merchantReference).
      body: { merchantAccount: fake.merchantAccount, paymentReference: orderId, reference: orderId },
    });
    expect(fake.payments.get(auth.reference)?.state).toBe('cancelled');
    await expect(adyen.voidByOrder('65f1c2a9e4b0ffffffffffff', key('order-none'))).resolves.toBeUndefined();
  });

  test('authorize holds the amount (manual capture); a partial capture, a partial refund; a refund over what was captured is refused, by the guard before Adyen is asked and by Adyen itself', async () => {
    const adyen = provider();
    const auth = await adyen.authorize(2599, 'usd', VISA, { idempotencyKey: key('order-1001'), metadata: { order_id: 'order-1001', tenant_id: 't1' } });
    expect(auth).toEqual({
      reference: expect.stringMatching(/^[A-Z0-9]{16}$/), status: 'authorized', authorizedCents: 2599,
      // What Adyen's additionalData told of the card: no billing address was sent, so no AVS data.
      card: {
        fingerprint: expect.stringMatching(/^H\d{15}$/), brand: 'Visa', last4: '1111', cvc: 'pass', addressLine1: 'unchecked', postalCode: 'unchecked',
        riskLevel: 'normal', billingPostalCode: null, billingCountry: null,
      },
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST', path: '/v72/payments', idempotencyKey: key('order-1001'), apiKey: fake.apiKey,
      body: {
        merchantAccount: fake.merchantAccount, amount: { value: 2599, currency: 'USD' }, reference: 'order-1001',
        additionalData: { manualCapture: 'true' }, metadata: { order_id: 'order-1001', tenant_id: 't1' },
        paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111' },
      },
    });
    expect(fake.payments.get(auth.reference)).toMatchObject({ state: 'authorised', manualCapture: true, capturedCents: 0 });

    expect(await adyen.capture(auth.reference, 2000, { idempotencyKey: key('order-1001-capture') })).toBe(2000);
    expect(lastRequest()).toMatchObject({
      path: `/v72/payments/${auth.reference}/captures`, idempotencyKey: key('order-1001-capture'),
      body: { merchantAccount: fake.merchantAccount, amount: { value: 2000, currency: 'USD' }, reference: key('order-1001-capture') },
    });

    const payment = { reference: auth.reference, capturedCents: 2000, refundedCents: 0 };
    expect(await refundPayment(adyen, payment, 1000, { idempotencyKey: key('order-1001-refund-1') })).toBe(1000);
    expect(lastRequest()).toMatchObject({ path: `/v72/payments/${auth.reference}/refunds`, body: { amount: { value: 1000, currency: 'USD' } } });

    const before = fake.requests.length;
    const over = refundPayment(adyen, { ...payment, refundedCents: 1000 }, 1001);
    await expect(over).rejects.toBeInstanceOf(AppError);
    await expect(over).rejects.toMatchObject({ type: 'unprocessable', message: REFUND_OVER_PAID });
    expect(fake.requests.length).toBe(before);
    // Past the guard (records that are wrong), the fake refuses it as Adyen does: 1000 of the 2000 captured are left.
    await expect(adyen.refund(auth.reference, 1001)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED, providerCode: '137' });
    expect(await refundPayment(adyen, { ...payment, refundedCents: 1000 }, 1000)).toBe(1000);
    expect(fake.payments.get(auth.reference)).toMatchObject({ capturedCents: 2000, refundedCents: 2000 });
    // Capturing more than the 599 left of the hold is refused too.
    await expect(adyen.capture(auth.reference, 600)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
  });

  test('capture without an amount takes the whole hold', async () => {
    const adyen = provider();
    const auth = await adyen.authorize(1500, 'USD', card('5555555555554444'), { idempotencyKey: key('order-1011') });
    expect(await adyen.capture(auth.reference)).toBe(1500);
    expect(fake.payments.get(auth.reference)).toMatchObject({ capturedCents: 1500 });
  });

  test('void releases the hold: the payment is cancelled and can no longer be captured', async () => {
    const adyen = provider();
    const auth = await adyen.authorize(1250, 'usd', card('5555555555554444'), { idempotencyKey: key('order-1005') });
    expect(auth).toMatchObject({ status: 'authorized', authorizedCents: 1250 });
    await adyen.void(auth.reference, { idempotencyKey: key('order-1005-void') });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/v72/payments/${auth.reference}/cancels`, idempotencyKey: key('order-1005-void') });
    expect(fake.payments.get(auth.reference)).toMatchObject({ state: 'cancelled' });
    await expect(adyen.capture(auth.reference, 1250)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
    expect(await adyen.paymentStatus(auth.reference)).toMatchObject({ status: 'declined' });
  });

  test('a refused card is a result with a message for the shopper, never Adyen\'s text', async () => {
    const adyen = provider();
    const declined = await adyen.authorize(4200, 'usd', card('4111111111111111', { holderName: 'DECLINED' }), { idempotencyKey: key('order-1006') });
    expect(declined).toEqual({ reference: expect.stringMatching(/^[A-Z0-9]{16}$/), status: 'declined', authorizedCents: 0, declineMessage: CARD_DECLINED });
    expect(await adyen.authorize(4200, 'usd', card('4111111111111111', { holderName: 'NOT_ENOUGH_BALANCE' }), { idempotencyKey: key('order-1007') }))
      .toMatchObject({ status: 'declined', declineMessage: 'Your card has insufficient funds.' });
    expect(await adyen.authorize(4200, 'usd', card('4111111111111111', { holderName: 'CARD_EXPIRED' }), { idempotencyKey: key('order-1007b') }))
      .toMatchObject({ status: 'declined', declineMessage: 'Your card has expired.' });
  });

  test('a card whose bank asks for 3-D Secure: the bank\'s page (with a return URL) confirms it, /payments/details reads the result, and it is held', async () => {
    const adyen = provider();
    const returnUrl = 'https://shop.example/cart?payment=order-1008';
    const auth = await adyen.authorize(3100, 'usd', card('4917610000000000'), { idempotencyKey: key('order-1008'), returnUrl });
    expect(lastRequest().body).toMatchObject({ returnUrl });
    expect(auth).toEqual({ reference: expect.stringMatching(/^[A-Z0-9]{16}$/), status: 'requires_action', authorizedCents: 0, nextActionUrl: expect.stringMatching(/^http:\/\//) });
    // Not settled yet: the last state seen.
    expect(await adyen.paymentStatus(auth.reference)).toMatchObject({ status: 'requires_action' });

    const bank = await fetch(auth.nextActionUrl!, { redirect: 'manual' });
    expect(bank.status).toBe(302);
    const back = new URL(bank.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('https://shop.example/cart');
    expect(back.searchParams.get('payment')).toBe('order-1008');
    const redirectResult = back.searchParams.get('redirectResult')!;
    expect(await adyen.paymentStatus(redirectResult)).toEqual({ reference: auth.reference, status: 'authorized', authorizedCents: 3100, card: expect.objectContaining({ brand: 'Visa', last4: '0000', cvc: 'pass' }) });
    expect(lastRequest()).toMatchObject({ path: '/v72/payments/details', body: { details: { redirectResult } } });
    expect(await adyen.paymentStatus(auth.reference)).toMatchObject({ status: 'authorized', authorizedCents: 3100 });
    expect(await adyen.capture(auth.reference)).toBe(3100);

    // Without a return URL 3-D Secure is not attempted: the bank refuses, a decline asking the shopper to confirm.
    expect(await adyen.authorize(3100, 'usd', card('5454545454545454'), { idempotencyKey: key('order-1009') }))
      .toMatchObject({ status: 'declined', authorizedCents: 0, declineMessage: AUTHENTICATION_NEEDED });
    expect(lastRequest().body).toMatchObject({ authenticationData: { attemptAuthentication: 'never' } });

    // The shopper fails at the bank's page.
    const failing = await adyen.authorize(3100, 'usd', card('4917610000000000'), { idempotencyKey: key('order-1012'), returnUrl });
    const refusedPage = await fetch(`${failing.nextActionUrl!}?result=refused`, { redirect: 'manual' });
    const refusedResult = new URL(refusedPage.headers.get('location')!).searchParams.get('redirectResult')!;
    expect(await adyen.paymentStatus(`redirectResult=${encodeURIComponent(refusedResult)}`))
      .toMatchObject({ reference: failing.reference, status: 'declined', declineMessage: AUTHENTICATION_NEEDED });
  });

  test('a repeated authorize with the same idempotency key charges once', async () => {
    const adyen = provider();
    const first = await adyen.authorize(990, 'usd', VISA, { idempotencyKey: key('order-1013') });
    const again = await provider().authorize(990, 'usd', VISA, { idempotencyKey: key('order-1013') });
    expect(again).toEqual(first);
    expect([...fake.payments.values()].filter((p) => p.merchantReference === key('order-1013'))).toHaveLength(1);
    expect(fake.requests.filter((r) => r.idempotencyKey === key('order-1013'))).toHaveLength(2);
  });

  test('cards are stored for a new shopper, listed, paid with and deleted; another shopper\'s card is not found', async () => {
    const adyen = provider();
    const saved = await adyen.saveCard(null, VISA);
    expect(lastRequest()).toMatchObject({
      method: 'POST', path: '/v72/storedPaymentMethods',
      body: { merchantAccount: fake.merchantAccount, shopperReference: saved.customerRef, recurringProcessingModel: 'CardOnFile', paymentMethod: { type: 'scheme' } },
    });
    expect(saved).toEqual({ source: expect.stringMatching(/^[A-Z0-9]{16}$/), brand: 'Visa', last4: '1111', exp_month: 3, exp_year: 2030, customerRef: expect.stringMatching(/^shopper_/) });
    const mastercard = await adyen.saveCard(saved.customerRef, card('5555555555554444'));
    expect(mastercard).toMatchObject({ brand: 'Mastercard', last4: '4444', customerRef: saved.customerRef });

    const cards = await adyen.listCards(saved.customerRef);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v72/storedPaymentMethods?shopperReference=${saved.customerRef}&merchantAccount=${fake.merchantAccount}` });
    expect(cards.map((c) => [c.source, c.brand, c.last4])).toEqual([[mastercard.source, 'Mastercard', '4444'], [saved.source, 'Visa', '1111']]);

    const other = await adyen.saveCard(null, card('370000000000002'));
    expect(other).toMatchObject({ brand: 'American Express', last4: '0002' });
    const before = fake.requests.length;
    await expect(adyen.deleteCard(saved.customerRef, other.source)).rejects.toMatchObject({ type: 'not_found', message: CARD_NOT_FOUND });
    expect(fake.requests.slice(before).map((r) => r.method)).not.toContain('DELETE');
    // Charged for another shopper, Adyen does not find it: not processed, never charged.
    await expect(adyen.authorize(1999, 'usd', other.source, { idempotencyKey: key('order-1014'), customer: saved.customerRef }))
      .rejects.toMatchObject({ type: 'unprocessable', providerCode: '800' });
    await expect(adyen.authorize(1999, 'usd', other.source, { idempotencyKey: key('order-1015') })).rejects.toMatchObject({ message: CARD_NOT_FOUND });

    expect(await adyen.authorize(1999, 'usd', mastercard.source, { idempotencyKey: key('order-1010'), customer: saved.customerRef }))
      .toMatchObject({ status: 'authorized', authorizedCents: 1999 });
    expect(lastRequest().body).toMatchObject({
      paymentMethod: { type: 'scheme', storedPaymentMethodId: mastercard.source }, shopperReference: saved.customerRef,
      shopperInteraction: 'ContAuth', recurringProcessingModel: 'CardOnFile',
    });
    // The Drop-in's own form of a stored card pays too.
    expect(await adyen.authorize(500, 'usd', JSON.stringify({ type: 'scheme', storedPaymentMethodId: saved.source }), { idempotencyKey: key('order-1016'), customer: saved.customerRef }))
      .toMatchObject({ status: 'authorized' });

    await adyen.deleteCard(saved.customerRef, saved.source);
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/v72/storedPaymentMethods/${saved.source}?shopperReference=${saved.customerRef}&merchantAccount=${fake.merchantAccount}` });
    expect((await adyen.listCards(saved.customerRef)).map((c) => c.source)).toEqual([mastercard.source]);
    await expect(adyen.deleteCard(saved.customerRef, saved.source)).rejects.toMatchObject({ type: 'not_found', message: CARD_NOT_FOUND });
    await expect(adyen.saveCard(saved.customerRef, '4111 1111 1111 1111')).rejects.toMatchObject({ message: CARD_NOT_SAVED });
  });

  test('a card number, raw card fields or a fraction of a cent are refused before Adyen is asked', async () => {
    const adyen = provider();
    const before = fake.requests.length;
    for (const token of ['4111111111111111', '4111 1111 1111 1111', JSON.stringify({ type: 'scheme', number: '4111111111111111', cvc: '737' }), 'not a token', '{']) {
      await expect(adyen.authorize(500, 'usd', token, { idempotencyKey: key('order-1003') })).rejects.toMatchObject({ type: 'unprocessable', message: CARD_NOT_SAVED });
    }
    await expect(adyen.authorize(25.99, 'usd', VISA, { idempotencyKey: key('order-1004') })).rejects.toMatchObject({ type: 'invalid' });
    await expect(adyen.authorize(2500, 'jpy', VISA, { idempotencyKey: key('order-1004b') })).rejects.toMatchObject({ type: 'invalid' });
    // A live account takes only Adyen's client-side encryption, never the test form.
    await expect(new AdyenProvider({ apiKey: 'k', merchantAccount: 'm', environment: 'live' }, fake.url).authorize(500, 'usd', VISA, { idempotencyKey: key('order-1004c') }))
      .rejects.toMatchObject({ message: CARD_NOT_SAVED });
    expect(fake.requests.length).toBe(before);
  });

  test('an API key or merchant account Adyen refuses, and Adyen not answering, give the shopper a plain message', async () => {
    const badKey = await provider('AQE_wrong_key').authorize(500, 'usd', VISA, { idempotencyKey: key('order-1017') }).then(() => null, (e: unknown) => e as AppError);
    expect(badKey).toMatchObject({ type: 'unavailable', status: 503, message: PAYMENTS_NOT_AVAILABLE });
    expect(JSON.stringify({ ...badKey, message: badKey?.message })).not.toContain('AQE_wrong_key');
    await expect(provider(fake.apiKey, 'AnotherMerchant').capture('ABCDEFGHJKLMNPQR', 100)).rejects.toMatchObject({ type: 'unavailable', message: PAYMENTS_NOT_AVAILABLE });

    const down = await startFakeAdyen();
    const url = down.url;
    await down.close();
    await expect(provider(fake.apiKey, fake.merchantAccount, url).authorize(500, 'usd', VISA, { idempotencyKey: key('order-1018') }))
      .rejects.toMatchObject({ type: 'unavailable', status: 503, message: SERVICE_UNREACHABLE });
    await expect(provider(fake.apiKey, fake.merchantAccount, url).listCards('shopper_x')).rejects.toMatchObject({ message: SERVICE_UNREACHABLE });
    // An https base goes through the SDK's own transport (as Adyen itself does): nothing listens, so unreachable.
    await expect(provider(fake.apiKey, fake.merchantAccount, url.replace('http:', 'https:')).capture('ABCDEFGHJKLMNPQR', 100))
      .rejects.toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE });
  });

  test('ADYEN_API_BASE points the adapter at another Checkout host when no base is given', async () => {
    const before = process.env.ADYEN_API_BASE;
    process.env.ADYEN_API_BASE = fake.url;
    try {
      const adyen = new AdyenProvider({ apiKey: fake.apiKey, merchantAccount: fake.merchantAccount, environment: 'test' });
      expect(await adyen.listCards('shopper_nobody')).toEqual([]);
      expect(lastRequest()).toMatchObject({ method: 'GET', path: expect.stringMatching(/^\/v72\/storedPaymentMethods\?shopperReference=shopper_nobody/) });
    } finally {
      if (before === undefined) delete process.env.ADYEN_API_BASE; else process.env.ADYEN_API_BASE = before;
    }
  });

  test('a notification signed with the HMAC key verifies; a tampered one, another key or no signature is refused', async () => {
    const adyen = provider();
    const item = {
      pspReference: 'QFQTPCQ8HXSKGK82', originalReference: '', merchantAccountCode: fake.merchantAccount, merchantReference: 'order-2001',
      amount: { value: 2599, currency: 'USD' }, eventCode: 'AUTHORISATION', success: 'true', eventDate: '2026-11-25T12:00:00+01:00',
      paymentMethod: 'visa', operations: ['CANCEL', 'CAPTURE', 'REFUND'],
    };
    // Adyen's documented signing: HMAC-SHA256 (hex-decoded key) over the 8 fields joined with ':', base64.
    const signing = `QFQTPCQ8HXSKGK82::${fake.merchantAccount}:order-2001:2599:USD:AUTHORISATION:true`;
    const signature = createHmac('sha256', Buffer.from(fake.hmacKey, 'hex')).update(signing).digest('base64');
    const body = (i: object) => JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: i }] });
    const signed = { ...item, additionalData: { hmacSignature: signature } };

    expect(await adyen.verifyCallback(body(signed), {}, fake.hmacKey))
      .toEqual({ id: 'QFQTPCQ8HXSKGK82:AUTHORISATION:true', type: 'AUTHORISATION', reference: 'QFQTPCQ8HXSKGK82', orderId: 'order-2001', amountCents: 2599 });
    expect(await adyen.verifyCallback(Buffer.from(body(signed)), {}, fake.hmacKey)).toMatchObject({ reference: 'QFQTPCQ8HXSKGK82' });
    // The verified authorisation is the payment's last known state.
    expect(await adyen.paymentStatus('QFQTPCQ8HXSKGK82')).toEqual({ reference: 'QFQTPCQ8HXSKGK82', status: 'authorized', authorizedCents: 2599 });

    const refused = { type: 'invalid', message: CALLBACK_NOT_VERIFIED };
    await expect(adyen.verifyCallback(body({ ...signed, amount: { value: 99999, currency: 'USD' } }), {}, fake.hmacKey)).rejects.toMatchObject(refused);
    await expect(adyen.verifyCallback(body({ ...signed, success: 'false' }), {}, fake.hmacKey)).rejects.toMatchObject(refused);
    await expect(adyen.verifyCallback(body(signed), {}, '00'.repeat(32))).rejects.toMatchObject(refused);
    await expect(adyen.verifyCallback(body(item), {}, fake.hmacKey)).rejects.toMatchObject(refused);
    await expect(adyen.verifyCallback('not json', {}, fake.hmacKey)).rejects.toMatchObject(refused);
    await expect(adyen.verifyCallback(body(signed), {}, '')).rejects.toMatchObject(refused);

    // An authorisation settled by its notification keeps what the notification's additionalData tells of the card.
    const notified = { ...item, pspReference: 'K8ZQ2VN3RT7XWP44', merchantReference: 'order-2002' };
    const notifiedSigned = { ...notified, additionalData: { hmacSignature: signNotificationItem(notified, fake.hmacKey), cardSummary: '4444', paymentMethod: 'mc', alias: 'H167852639363479', cvcResult: '2 Does not match', avsResult: '7 Both postal code and address match' } };
    expect(await adyen.verifyCallback(body(notifiedSigned), {}, fake.hmacKey)).toMatchObject({ reference: 'K8ZQ2VN3RT7XWP44', orderId: 'order-2002' });
    expect((await adyen.paymentStatus('K8ZQ2VN3RT7XWP44')).card)
      .toMatchObject({ fingerprint: 'H167852639363479', brand: 'Mastercard', last4: '4444', cvc: 'fail', addressLine1: 'pass', postalCode: 'pass' });

    // A capture names the payment through its originalReference; a failed one says so in its type.
    const capture = { ...item, pspReference: 'V4HZ4RBFJGXXGN82', originalReference: 'QFQTPCQ8HXSKGK82', eventCode: 'CAPTURE', success: 'false' };
    const captureSigned = { ...capture, additionalData: { hmacSignature: signNotificationItem(capture, fake.hmacKey) } };
    expect(await adyen.verifyCallback(body(captureSigned), {}, fake.hmacKey))
      .toMatchObject({ type: 'CAPTURE:failed', reference: 'QFQTPCQ8HXSKGK82', orderId: 'order-2001', amountCents: 2599 });
  });

  test("a capture or refund names the order in its reference when the caller gives it; the fake's outcome webhook for it verifies and a failure undoes it there", async () => {
    const adyen = provider();
    const orderId = `65f1c2a9e4b1${run}`.slice(0, 24);
    const auth = await adyen.authorize(3000, 'usd', VISA, { idempotencyKey: key('order-mod'), metadata: { order_id: orderId } });
    await adyen.capture(auth.reference, undefined, { idempotencyKey: key('capture-mod'), orderId });
    expect(lastRequest()).toMatchObject({ idempotencyKey: key('capture-mod'), body: { reference: orderId } });
    await adyen.refund(auth.reference, 1200, { idempotencyKey: key('refund-mod'), orderId });
    const refund = fake.modifications.at(-1)!;
    expect(refund).toMatchObject({ kind: 'refunds', paymentPspReference: auth.reference, reference: orderId, amount: { value: 1200, currency: 'USD' } });
    expect(fake.payments.get(auth.reference)).toMatchObject({ capturedCents: 3000, refundedCents: 1200 });

    expect(await adyen.verifyCallback(fake.notification(refund.pspReference, 'REFUND', true), {}, fake.hmacKey)).toEqual({
      id: `${refund.pspReference}:REFUND:true`, type: 'REFUND', reference: auth.reference, orderId, amountCents: 1200,
    });
    expect(fake.payments.get(auth.reference)).toMatchObject({ refundedCents: 1200 });
    expect(await adyen.verifyCallback(fake.notification(refund.pspReference, 'REFUND_FAILED'), {}, fake.hmacKey))
      .toMatchObject({ type: 'REFUND_FAILED', reference: auth.reference, orderId, amountCents: 1200 });
    expect(fake.payments.get(auth.reference)).toMatchObject({ capturedCents: 3000, refundedCents: 0 });
  });
});

describe('the fake refuses what Adyen refuses', () => {
  const post = (path: string, body: unknown, apiKey = fake.apiKey, idempotencyKey?: string) => fetch(`${fake.url}${path}`, {
    method: 'POST', headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json', ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() as Record<string, unknown> }));
  const payment = (extra: Record<string, unknown> = {}) => ({
    merchantAccount: fake.merchantAccount, amount: { value: 1000, currency: 'USD' }, reference: 'fake-1', returnUrl: 'https://shop.example/back',
    paymentMethod: JSON.parse(VISA) as unknown, additionalData: { manualCapture: 'true' }, ...extra,
  });

  test('a wrong key, a missing field, another merchant account, raw card data', async () => {
    expect(await post('/v72/payments', payment(), 'AQE_wrong')).toEqual({ status: 401, body: expect.objectContaining({ status: 401, errorCode: '000', errorType: 'security' }) });
    const { amount: _amount, ...noAmount } = payment();
    expect(await post('/v72/payments', noAmount)).toMatchObject({ status: 422, body: { errorCode: '100', message: "Required object 'amount' is not provided.", errorType: 'validation' } });
    expect(await post('/v72/payments', payment({ merchantAccount: 'Other' }))).toMatchObject({ status: 403, body: { errorCode: '901', message: 'Invalid Merchant Account' } });
    expect(await post('/v72/payments', payment({ paymentMethod: { type: 'scheme', number: '4111111111111111', expiryMonth: '03', expiryYear: '2030', cvc: '737' } })))
      .toMatchObject({ status: 403, body: { errorCode: '010' } });
    expect(await post('/v72/payments', payment({ paymentMethod: { ...(JSON.parse(VISA) as object), encryptedCardNumber: 'test_4111111111111112' } })))
      .toMatchObject({ status: 422, body: { errorCode: '101', message: 'Invalid card number' } });
  });

  test('captures and refunds only up to what is left; a cancel only before a capture; an Idempotency-Key replays the first answer', async () => {
    const first = await post('/v72/payments', payment({ reference: 'fake-2' }), fake.apiKey, key('fake-2'));
    const psp = first.body.pspReference as string;
    expect(first).toMatchObject({ status: 200, body: { resultCode: 'Authorised', merchantReference: 'fake-2' } });
    expect(await post('/v72/payments', payment({ reference: 'fake-2' }), fake.apiKey, key('fake-2'))).toEqual(first);

    const amount = (value: number) => ({ merchantAccount: fake.merchantAccount, amount: { value, currency: 'USD' } });
    expect(await post(`/v72/payments/${psp}/refunds`, amount(1))).toMatchObject({ status: 422, body: { errorCode: '137' } });
    expect(await post(`/v72/payments/${psp}/captures`, amount(1001))).toMatchObject({ status: 422, body: { errorCode: '137' } });
    expect(await post(`/v72/payments/${psp}/captures`, amount(600))).toMatchObject({ status: 201, body: { status: 'received', paymentPspReference: psp, amount: { value: 600 } } });
    expect(await post(`/v72/payments/${psp}/cancels`, { merchantAccount: fake.merchantAccount })).toMatchObject({ status: 422 });
    expect(await post(`/v72/payments/${psp}/refunds`, amount(601))).toMatchObject({ status: 422, body: { errorCode: '137' } });
    expect(await post(`/v72/payments/${psp}/refunds`, amount(600))).toMatchObject({ status: 201, body: { status: 'received' } });
    expect(await post('/v72/payments/NOTAPSPREFERENCE/captures', amount(1))).toMatchObject({ status: 422, body: { errorCode: '167' } });
  });
});

describe('pure parts', () => {
  test('card numbers are recognised by the Luhn check, with or without spaces', () => {
    expect(looksLikeCardNumber('4111111111111111')).toBe(true);
    expect(looksLikeCardNumber('4111-1111-1111-1111')).toBe(true);
    expect(looksLikeCardNumber('test_370000000000002')).toBe(true);
    expect(looksLikeCardNumber('4111111111111112')).toBe(false);
    expect(looksLikeCardNumber('QFQTPCQ8HXSKGK82')).toBe(false);
  });

  test('tokens: the Drop-in\'s encrypted card, a stored card (alone or in the Drop-in\'s form); the test form only on a test account', () => {
    const encrypted = JSON.stringify({ type: 'scheme', encryptedCardNumber: 'adyenjs_0_1_25$abc', encryptedExpiryMonth: 'adyenjs_0_1_25$m', encryptedExpiryYear: 'adyenjs_0_1_25$y', encryptedSecurityCode: 'adyenjs_0_1_25$c', browserInfo: 'x' });
    expect(parseAdyenToken(encrypted, 'live')).toEqual({ kind: 'card', paymentMethod: {
      type: 'scheme', encryptedCardNumber: 'adyenjs_0_1_25$abc', encryptedExpiryMonth: 'adyenjs_0_1_25$m', encryptedExpiryYear: 'adyenjs_0_1_25$y', encryptedSecurityCode: 'adyenjs_0_1_25$c',
    } });
    expect(parseAdyenToken('M5N7TQ4TG5PFWR50', 'live')).toEqual({ kind: 'stored', storedPaymentMethodId: 'M5N7TQ4TG5PFWR50' });
    expect(parseAdyenToken('{"type":"scheme","storedPaymentMethodId":"8415995487234100"}', 'live')).toEqual({ kind: 'stored', storedPaymentMethodId: '8415995487234100' });
    expect(parseAdyenToken(VISA, 'test')).toMatchObject({ kind: 'card' });
    expect(() => parseAdyenToken(VISA, 'live')).toThrow(CARD_NOT_SAVED);
    expect(() => parseAdyenToken('{"type":"paypal"}', 'test')).toThrow(CARD_NOT_SAVED);
    expect(() => parseAdyenToken(JSON.stringify({ type: 'scheme', encryptedCardNumber: 'adyenjs_x' }), 'live')).toThrow(CARD_NOT_SAVED);
    expect(() => parseAdyenToken(JSON.stringify({ ...(JSON.parse(encrypted) as object), holderName: '4111 1111 1111 1111' }), 'live')).toThrow(CARD_NOT_SAVED);
  });

  test("passes on the card's facts from additionalData: the alias as the card's fingerprint, AVS from the billing address sent, the risk", async () => {
    const adyen = provider();
    const address = (result: string) => ({ street: 'Test AVS result', houseNumberOrName: result, postalCode: '91521', city: 'Burbank', stateOrProvince: 'CA', country: 'US' });
    // The Drop-in's whole state.data: the billing address goes with the payment for the bank's check.
    const withAddress = (number: string, result: string) => JSON.stringify({ paymentMethod: JSON.parse(card(number)) as object, billingAddress: address(result) });
    const neither = await adyen.authorize(1500, 'usd', withAddress('4111111111111111', '2 Neither postal code nor address match'), { idempotencyKey: key('order-1201') });
    expect(lastRequest().body).toMatchObject({ billingAddress: address('2 Neither postal code nor address match') });
    expect(neither.card).toMatchObject({ addressLine1: 'fail', postalCode: 'fail', cvc: 'pass', billingPostalCode: '91521', billingCountry: 'US' });
    const zipOnly = await adyen.authorize(1500, 'usd', withAddress('5555341244441115', "1 Address matches, postal code doesn't"), { idempotencyKey: key('order-1202') });
    expect(zipOnly.card).toMatchObject({ brand: 'Mastercard', last4: '1115', addressLine1: 'pass', postalCode: 'fail' });
    // The same card number gives the same alias; another card another.
    const again = await adyen.authorize(900, 'usd', VISA, { idempotencyKey: key('order-1203') });
    expect(again.card!.fingerprint).toBe(neither.card!.fingerprint);
    expect(zipOnly.card!.fingerprint).not.toBe(neither.card!.fingerprint);
    // A billing address with a card number in it is refused before Adyen is asked.
    expect(() => parseAdyenToken(JSON.stringify({ paymentMethod: JSON.parse(VISA) as object, billingAddress: { street: '4111 1111 1111 1111' } }), 'test')).toThrow(CARD_NOT_SAVED);
  });

  test("reads Adyen's AVS, CVC and risk answers as checks; an answer without them gives none", () => {
    expect(adyenCardChecks({ additionalData: { avsResult: '7 Both postal code and address match', cvcResult: '2 Does not match', cardSummary: '0004', paymentMethod: 'amex', fraudResultType: 'AMBER' } }))
      .toEqual({ fingerprint: null, brand: 'American Express', last4: '0004', cvc: 'fail', addressLine1: 'pass', postalCode: 'pass', riskLevel: 'elevated', billingPostalCode: null, billingCountry: null });
    expect(adyenCardChecks({ additionalData: { avsResult: '6 Postal code matches', cvcResult: '5 Issuer not certified for CVC/CVV', fraudRiskLevel: 'veryHigh' } }))
      .toMatchObject({ addressLine1: 'fail', postalCode: 'pass', cvc: 'unavailable', riskLevel: 'highest' });
    expect(adyenCardChecks({ additionalData: { avsResult: '3 AVS unavailable', cvcResult: '6 No CVC/CVV provided' }, fraudResult: { accountScore: 35 } }))
      .toMatchObject({ addressLine1: 'unavailable', postalCode: 'unavailable', cvc: 'unchecked', riskLevel: 'elevated' });
    expect(adyenCardChecks({ fraudResult: { accountScore: 0 } })).toMatchObject({ riskLevel: 'normal', cvc: 'unchecked' });
    expect(adyenCardChecks({ additionalData: { authCode: '12345' } })).toBeUndefined();
    expect(adyenCardChecks({})).toBeUndefined();
  });

  test('the notification signing string and signature follow Adyen\'s documented order', () => {
    const item = { pspReference: '7914073381342284', originalReference: '', merchantAccountCode: 'TestMerchant', merchantReference: 'TestPayment-1407325143704', amount: { value: 1130, currency: 'EUR' }, eventCode: 'AUTHORISATION', success: 'true' };
    const hexKey = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
    expect(signNotificationItem(item, hexKey))
      .toBe(createHmac('sha256', Buffer.from(hexKey, 'hex')).update('7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true').digest('base64'));
  });
});
