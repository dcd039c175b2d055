import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '@platform/server-kit';
import { CALLBACK_NOT_VERIFIED, CARD_NOT_FOUND, CARD_NOT_SAVED } from '../stripe-provider';
import { CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, SERVICE_UNREACHABLE } from '../stripe-errors';
import { refundPayment, REFUND_OVER_PAID } from '../refund-guard';
import { FiservProvider, fiservOrderId, isFiservToken } from './fiserv-provider';
import { FISERV_TEST_CARDS, startFakeFiserv, type FakeFiserv } from './fiserv-fake';
import { authorizationFromTransaction, fiservDeclineMessage, fiservFailure, fromFiservAmount, toFiservAmount } from './fiserv-errors';
import { fiservCardChecks } from './fiserv-checks';
import { fiservConnectHash, fiservMessageSignature, fiservNotificationHash, fiservResponseHash } from './fiserv-signature';

// Against the local fake of Fiserv's Gateway REST API (fiserv-fake.ts), never Fiserv's sandbox or live API.
let fake: FakeFiserv;
beforeAll(async () => { fake = await startFakeFiserv(); });
afterAll(async () => { await fake?.close(); });

const provider = (overrides: Partial<ConstructorParameters<typeof FiservProvider>[0]> = {}) =>
  new FiservProvider({ apiKey: fake.apiKey, apiSecret: fake.apiSecret, storeId: '10123456789', apiBase: fake.apiBase, ...overrides });
const run = `${Date.now()}`;
const key = (name: string) => `${name}-${run}`;

describe('FiservProvider against the Fiserv fake', () => {
  test('authorize holds the amount; a partial capture, a partial refund; a refund over what was captured is refused by the guard before Fiserv is asked and by Fiserv itself', async () => {
    const fiserv = provider();
    const token = fake.tokenize(FISERV_TEST_CARDS.approved);
    const auth = await fiserv.authorize(2599, 'usd', token, { idempotencyKey: key('order-1001-authorize'), returnUrl: 'https://shop.example/cart?payment=1001' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST', path: '/payments', clientRequestId: key('order-1001-authorize'),
      body: { requestType: 'PaymentTokenPreAuthTransaction', transactionAmount: { total: '25.99', currency: 'USD' }, paymentMethod: { paymentToken: { value: token } } },
    });
    // The card as the processor told it: no address was sent (NO_INPUT_DATA) and the fake's bank gives no CVV answer.
    expect(auth).toEqual({
      reference: expect.stringMatching(/^\d+$/), status: 'authorized', authorizedCents: 2599,
      card: { fingerprint: null, brand: 'Visa', last4: '0083', cvc: 'unavailable', addressLine1: 'unchecked', postalCode: 'unchecked', riskLevel: null, billingPostalCode: null, billingCountry: null },
    });
    expect(await fiserv.paymentStatus(auth.reference)).toEqual(auth);

    expect(await fiserv.capture(auth.reference, 2000, { idempotencyKey: key('order-1001-capture') })).toBe(2000);
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/payments/${auth.reference}`, clientRequestId: key('order-1001-capture'),
      body: { requestType: 'PostAuthTransaction', transactionAmount: { total: '20.00', currency: 'USD' } },
    });
    expect(fake.transaction(auth.reference)).toMatchObject({ state: 'CAPTURED', capturedCents: 2000 });

    const payment = { reference: auth.reference, capturedCents: 2000, refundedCents: 0 };
    expect(await refundPayment(fiserv, payment, 1000, { idempotencyKey: key('order-1001-refund-1') })).toBe(1000);
    expect(fake.requests.at(-1)).toMatchObject({ body: { requestType: 'ReturnTransaction', transactionAmount: { total: '10.00', currency: 'USD' } } });

    const before = fake.requests.length;
    const over = refundPayment(fiserv, { ...payment, refundedCents: 1000 }, 1001);
    await expect(over).rejects.toBeInstanceOf(AppError);
    await expect(over).rejects.toMatchObject({ type: 'unprocessable', message: REFUND_OVER_PAID });
    expect(fake.requests.length).toBe(before);
    // Past the guard (records that are wrong), the fake refuses it as the gateway's rules do.
    await expect(fiserv.refund(auth.reference, 1001)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED, providerCode: 'AMOUNT_EXCEEDED' });
    expect(await refundPayment(fiserv, { ...payment, refundedCents: 1000 }, 1000)).toBe(1000);
    await expect(fiserv.refund(auth.reference, 1)).rejects.toMatchObject({ type: 'unprocessable' });
  });

  test('void releases the hold, which can then no longer be captured; a captured payment cannot be voided', async () => {
    const fiserv = provider();
    const auth = await fiserv.authorize(1250, 'USD', fake.tokenize(FISERV_TEST_CARDS.approvedMastercard), { idempotencyKey: key('order-1005-authorize') });
    expect(auth).toMatchObject({ status: 'authorized', authorizedCents: 1250 });
    await fiserv.void(auth.reference, { idempotencyKey: key('order-1005-void') });
    expect(fake.requests.at(-1)).toMatchObject({ path: `/payments/${auth.reference}`, clientRequestId: key('order-1005-void'), body: { requestType: 'VoidTransaction' } });
    expect(fake.transaction(auth.reference)).toMatchObject({ state: 'VOIDED' });
    await expect(fiserv.capture(auth.reference)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
    expect((await fiserv.paymentStatus(auth.reference)).status).toBe('declined');

    const captured = await fiserv.authorize(700, 'USD', fake.tokenize(FISERV_TEST_CARDS.approved), { idempotencyKey: key('order-1011-authorize') });
    expect(await fiserv.capture(captured.reference)).toBe(700);
    await expect(fiserv.void(captured.reference)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
  });

  test('a declined card is a result with a message for the shopper, never Fiserv\'s text', async () => {
    const fiserv = provider();
    const declined = await fiserv.authorize(4205, 'USD', fake.tokenize(FISERV_TEST_CARDS.approved), { idempotencyKey: key('order-1006-authorize') });
    expect(declined).toEqual({ reference: expect.stringMatching(/^\d+$/), status: 'declined', authorizedCents: 0, declineMessage: CARD_DECLINED });
    expect(await fiserv.authorize(4251, 'USD', fake.tokenize(FISERV_TEST_CARDS.approved), { idempotencyKey: key('order-1007-authorize') }))
      .toMatchObject({ status: 'declined', declineMessage: 'Your card has insufficient funds.' });
    // The documented "frictionless, not authenticated" 3-D Secure card: the bank refused the authentication.
    expect(await fiserv.authorize(1000, 'USD', fake.tokenize(FISERV_TEST_CARDS.notAuthenticated), { idempotencyKey: key('order-1012-authorize'), returnUrl: 'https://shop.example/r' }))
      .toMatchObject({ status: 'declined', declineMessage: 'Your bank asks you to confirm this payment. Please try again and follow its steps.' });
  });

  test('a card whose bank asks for 3-D Secure needs the shopper: the bank\'s page confirms it and sends them back, then it is held and captured', async () => {
    const fiserv = provider();
    const returnUrl = 'https://shop.example/cart?payment=1008';
    const auth = await fiserv.authorize(3100, 'USD', fake.tokenize(FISERV_TEST_CARDS.challenge), { idempotencyKey: key('order-1008-authorize'), returnUrl });
    expect(fake.requests.at(-1)?.body).toMatchObject({ authenticationRequest: { authenticationType: 'Secure3DAuthenticationRequest', termURL: returnUrl } });
    expect(auth).toEqual({ reference: expect.stringMatching(/^\d+$/), status: 'requires_action', authorizedCents: 0, nextActionUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/fake-acs\/\d+\?creq=/) });
    expect(await fiserv.paymentStatus(auth.reference)).toMatchObject({ status: 'requires_action' });

    const bank = await fetch(auth.nextActionUrl!, { redirect: 'manual' });
    expect(bank.status).toBe(302);
    const back = new URL(bank.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('https://shop.example/cart');
    expect(back.searchParams.get('payment')).toBe('1008');
    expect(back.searchParams.get('ipgTransactionId')).toBe(auth.reference);
    expect(await fiserv.paymentStatus(auth.reference)).toEqual({ reference: auth.reference, status: 'authorized', authorizedCents: 3100, card: expect.objectContaining({ brand: 'Visa', last4: '0109' }) });
    expect(await fiserv.capture(auth.reference)).toBe(3100);

    // Without a return URL there is nowhere to send the shopper back: declined with a message, nothing held.
    expect(await fiserv.authorize(3100, 'USD', fake.tokenize(FISERV_TEST_CARDS.challenge), { idempotencyKey: key('order-1009-authorize') }))
      .toMatchObject({ status: 'declined', authorizedCents: 0, declineMessage: 'Your bank asks you to confirm this payment. Please try again and follow its steps.' });
  });

  test('a repeated authorize with the same idempotency key is one request at Fiserv: one hold', async () => {
    const fiserv = provider();
    const token = fake.tokenize(FISERV_TEST_CARDS.approved);
    const first = await fiserv.authorize(1500, 'USD', token, { idempotencyKey: key('order-1013-authorize') });
    const again = await fiserv.authorize(1500, 'USD', token, { idempotencyKey: key('order-1013-authorize') });
    expect(again).toEqual(first);
    const holds = fake.requests.filter((r) => r.clientRequestId === key('order-1013-authorize'));
    expect(holds).toHaveLength(2);
    expect([...new Set(holds.map((r) => r.clientRequestId))]).toHaveLength(1);
    // Another key is another payment.
    expect((await fiserv.authorize(1500, 'USD', token, { idempotencyKey: key('order-1014-authorize') })).reference).not.toBe(first.reference);
  });

  test("authorize sends a Fiserv order id made of our order id and the attempt's key, another one for each attempt; findAuthorization finds the hold by it, none for an order without one", async () => {
    const fiserv = provider();
    const token = fake.tokenize(FISERV_TEST_CARDS.approved);
    const orderId = `65f1c2a9e4b0a1b2c3d4${run.slice(-4)}`;
    const sentOrderId = () => (fake.requests.at(-1)?.body as { order?: { orderId?: string } } | undefined)?.order?.orderId;
    const first = await fiserv.authorize(1800, 'USD', token, { idempotencyKey: key(`order-${orderId}`), metadata: { order_id: orderId } });
    const firstId = sentOrderId();
    expect(firstId).toMatch(new RegExp(`^${orderId}-[0-9a-f]{20}$`));
    // A retried payment of the same order (a new attempt, so another key) is another Fiserv order, never refused as a repeat.
    const retry = await fiserv.authorize(1800, 'USD', token, { idempotencyKey: key(`order-${orderId}-retry`), metadata: { order_id: orderId } });
    expect(retry).toMatchObject({ status: 'authorized' });
    expect(sentOrderId()).toMatch(new RegExp(`^${orderId}-[0-9a-f]{20}$`));
    expect(sentOrderId()).not.toBe(firstId);
    expect(fiservOrderId(undefined, 'some-key')).toMatch(/^K-[0-9a-f]{20}$/);

    expect(await fiserv.findAuthorization(orderId, key(`order-${orderId}`))).toEqual(first);
    expect(fake.requests.filter((r) => r.method === 'GET').at(-2)).toMatchObject({ path: `/orders/${firstId}` });
    expect(await fiserv.findAuthorization(orderId, key(`order-${orderId}-retry`))).toMatchObject({ reference: retry.reference, status: 'authorized', authorizedCents: 1800 });
    expect(await fiserv.findAuthorization(`65f1c2a9e4b0a1b2c3d5${run.slice(-4)}`, key('order-never-sent'))).toBeNull();
    await fiserv.void(first.reference);
    expect(await fiserv.findAuthorization(orderId, key(`order-${orderId}`))).toMatchObject({ reference: first.reference, status: 'declined' });
  });

  test('a card number or a fraction of a cent is refused before Fiserv is asked', async () => {
    const fiserv = provider();
    const before = fake.requests.length;
    await expect(fiserv.authorize(500, 'USD', '4147463011110083', { idempotencyKey: key('order-1002') })).rejects.toMatchObject({ type: 'unprocessable', message: CARD_NOT_SAVED });
    await expect(fiserv.authorize(500, 'USD', '4147 4630 1111 0083', { idempotencyKey: key('order-1003') })).rejects.toMatchObject({ message: CARD_NOT_SAVED });
    await expect(fiserv.authorize(25.99, 'USD', fake.tokenize(FISERV_TEST_CARDS.approved), { idempotencyKey: key('order-1004') })).rejects.toMatchObject({ type: 'invalid' });
    await expect(fiserv.saveCard(null, '5239290700000028')).rejects.toMatchObject({ message: CARD_NOT_SAVED });
    expect(fake.requests.length).toBe(before);
  });

  test('cards are saved to a new customer, listed, paid with and deleted; another customer\'s card is not found and cannot pay', async () => {
    const fiserv = provider();
    const saved = await fiserv.saveCard(null, fake.tokenize(FISERV_TEST_CARDS.approved, { month: '07', year: '31' }));
    expect(saved).toEqual({ source: `${saved.customerRef}.1`, brand: 'Visa', last4: '0083', exp_month: 7, exp_year: 2031, customerRef: expect.stringMatching(/^fvc-/) });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/payment-tokens', body: { requestType: 'ReferencedOrderPaymentTokenizationRequest', createToken: { value: saved.source, reusable: true } } });
    const mastercard = await fiserv.saveCard(saved.customerRef, fake.tokenize(FISERV_TEST_CARDS.approvedMastercard));
    expect(mastercard).toMatchObject({ source: `${saved.customerRef}.2`, brand: 'Mastercard', last4: '0028', customerRef: saved.customerRef });
    expect((await fiserv.listCards(saved.customerRef)).map((c) => [c.source, c.brand, c.last4])).toEqual([[mastercard.source, 'Mastercard', '0028'], [saved.source, 'Visa', '0083']]);

    const other = await fiserv.saveCard(null, fake.tokenize(FISERV_TEST_CARDS.approvedMastercard));
    expect(await fiserv.listCards(other.customerRef)).toEqual([other]);
    const before = fake.requests.length;
    await expect(fiserv.deleteCard(saved.customerRef, other.source)).rejects.toMatchObject({ type: 'not_found', message: CARD_NOT_FOUND });
    await expect(fiserv.authorize(100, 'USD', other.source, { idempotencyKey: key('order-1015'), customer: saved.customerRef })).rejects.toMatchObject({ message: CARD_NOT_FOUND });
    expect(fake.requests.length).toBe(before);

    expect(await fiserv.authorize(1999, 'USD', mastercard.source, { idempotencyKey: key('order-1010-authorize'), customer: saved.customerRef }))
      .toMatchObject({ status: 'authorized', authorizedCents: 1999 });
    await fiserv.deleteCard(saved.customerRef, saved.source);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/payment-tokens/${saved.source}` });
    expect((await fiserv.listCards(saved.customerRef)).map((c) => c.source)).toEqual([mastercard.source]);
    await expect(fiserv.deleteCard(saved.customerRef, saved.source)).rejects.toMatchObject({ type: 'not_found', message: CARD_NOT_FOUND });
    // The freed slot is used again.
    expect((await fiserv.saveCard(saved.customerRef, fake.tokenize(FISERV_TEST_CARDS.approved))).source).toBe(`${saved.customerRef}.1`);
  });

  test('credentials Fiserv refuses give a plain message, never the key or Fiserv\'s answer; Fiserv down is "could not reach"', async () => {
    const refused = await provider({ apiKey: 'not-our-key' }).capture('84000000001', 100).then(() => null, (e: unknown) => e as AppError);
    expect(refused).toMatchObject({ type: 'unavailable', status: 503, message: PAYMENTS_NOT_AVAILABLE });
    expect(JSON.stringify({ ...refused, message: refused?.message })).not.toContain('not-our-key');
    await expect(provider({ apiSecret: 'another-secret' }).paymentStatus('84000000001')).rejects.toMatchObject({ message: PAYMENTS_NOT_AVAILABLE });

    const down = await startFakeFiserv();
    const base = down.apiBase;
    await down.close();
    await expect(provider({ apiBase: base }).authorize(100, 'USD', 'abc123', { idempotencyKey: key('order-down') }))
      .rejects.toMatchObject({ type: 'unavailable', status: 503, message: SERVICE_UNREACHABLE });
  });

  test('a Connect notification signed with the shared secret verifies; a tampered one, another secret or no hash is refused', async () => {
    const fiserv = provider();
    const secret = 'sharedsecret';
    const fields: Record<string, string> = {
      approval_code: 'Y:OK7118:4514902473:PPX:0000', chargetotal: '13.00', currency: '840', txndatetime: '2021:09:06-16:43:04',
      storename: '10123456789', status: 'APPROVED', oid: 'order-1016', ipgTransactionId: '84000000123', hash_algorithm: 'HMACSHA256',
    };
    const body = new URLSearchParams({ ...fields, notification_hash: fiservNotificationHash(fields, secret) }).toString();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(await fiserv.verifyCallback(body, form, secret)).toEqual({
      id: '84000000123:APPROVED:2021:09:06-16:43:04', type: 'connect.approved', reference: '84000000123', orderId: 'order-1016',
      // What the hash covers that ties the answer to its form (oid and ipgTransactionId are not signed).
      binding: '2021:09:06-16:43:04|13.00',
    });
    expect(await fiserv.verifyCallback(Buffer.from(body), { 'Content-Type': ['application/x-www-form-urlencoded; charset=UTF-8'] }, secret)).toMatchObject({ reference: '84000000123' });
    // The shopper's return to the success URL carries response_hash instead.
    const answer = new URLSearchParams({ ...fields, response_hash: fiservResponseHash(fields, secret) }).toString();
    expect(await fiserv.verifyCallback(answer, form, secret)).toMatchObject({ type: 'connect.approved' });

    const rejected = { type: 'invalid', message: CALLBACK_NOT_VERIFIED };
    await expect(fiserv.verifyCallback(body.replace('13.00', '1300.00'), form, secret)).rejects.toMatchObject(rejected);
    await expect(fiserv.verifyCallback(body, form, 'another')).rejects.toMatchObject(rejected);
    await expect(fiserv.verifyCallback(new URLSearchParams(fields).toString(), form, secret)).rejects.toMatchObject(rejected);
    await expect(fiserv.verifyCallback(body, form, '')).rejects.toMatchObject(rejected);
    // Another store's notification, signed with the same secret, is not ours.
    const elsewhere = { ...fields, storename: '99999999999' };
    await expect(fiserv.verifyCallback(new URLSearchParams({ ...elsewhere, notification_hash: fiservNotificationHash(elsewhere, secret) }).toString(), form, secret)).rejects.toMatchObject(rejected);
  });

  test('the fake refuses what Fiserv refuses: too much captured or refunded, missing fields, a bad signature', async () => {
    const fiserv = provider();
    const auth = await fiserv.authorize(1000, 'USD', fake.tokenize(FISERV_TEST_CARDS.approved), { idempotencyKey: key('order-1017') });
    await expect(fiserv.capture(auth.reference, 1001)).rejects.toMatchObject({ message: NOT_PROCESSED, providerCode: 'AMOUNT_EXCEEDED' });
    const send = (path: string, body: unknown, secret = fake.apiSecret) => {
      const raw = JSON.stringify(body);
      const id = crypto.randomUUID();
      const ts = String(Date.now());
      return fetch(`${fake.apiBase}${path}`, { method: 'POST', body: raw, headers: { 'Content-Type': 'application/json', 'Api-Key': fake.apiKey, 'Client-Request-Id': id, Timestamp: ts, 'Message-Signature': fiservMessageSignature(fake.apiKey, secret, id, ts, raw) } });
    };
    const missing = await send('/payments', { requestType: 'PaymentTokenPreAuthTransaction', transactionAmount: { currency: 'USD' } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ responseType: 'BadRequest', error: { details: expect.arrayContaining([expect.objectContaining({ field: 'transactionAmount.total' })]) } });
    expect((await send('/payments', { requestType: 'VoidTransaction' }, 'wrong')).status).toBe(401);
    expect(await fiserv.capture(auth.reference, 600)).toBe(600);
    const over = await send(`/payments/${auth.reference}`, { requestType: 'ReturnTransaction', transactionAmount: { total: '6.01', currency: 'USD' } });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ error: { code: 'AMOUNT_EXCEEDED' } });
    // An order id Fiserv already has is refused (5003), whatever the request id.
    const reused = await send('/payments', { requestType: 'PaymentTokenPreAuthTransaction', transactionAmount: { total: '1.00', currency: 'USD' }, paymentMethod: { paymentToken: { value: fake.tokenize(FISERV_TEST_CARDS.approved) } }, order: { orderId: fake.transaction(auth.reference)?.orderId } });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ responseType: 'GatewayDeclined', error: { code: '5003' } });
  });
});

describe('Fiserv pure functions', () => {
  test('Connect extended hash: Fiserv\'s documented example (HowToGenerateHash)', () => {
    const fields = {
      chargetotal: '13.00', checkoutoption: 'combinedpage', currency: '978', hash_algorithm: 'HMACSHA256', paymentMethod: 'M',
      responseFailURL: 'https://localhost:8643/webshop/response_failure.jsp', responseSuccessURL: 'https://localhost:8643/webshop/response_success.jsp',
      storename: '10123456789', timezone: 'Europe/Berlin', transactionNotificationURL: 'https://localhost:8643/webshop/transactionNotification',
      txndatetime: '2021:09:06-16:43:04', txntype: 'sale',
    };
    expect(fiservConnectHash(fields, 'sharedsecret')).toBe('EapafBqqOF6N/kch8USkHPGh+fwSko24h6FpQnQHfQ8=');
    // The order of the object does not matter; empty fields and the hash itself are left out.
    const shuffled = Object.fromEntries(Object.entries(fields).reverse());
    expect(fiservConnectHash({ ...shuffled, hashExtended: 'x', comments: '' }, 'sharedsecret')).toBe('EapafBqqOF6N/kch8USkHPGh+fwSko24h6FpQnQHfQ8=');
    // Upper case sorts before lower case.
    expect(fiservConnectHash({ b: '2', B: '1', a: '3' }, 'k')).toBe(fiservConnectHash({ x: '1|3|2' }, 'k'));
  });

  test('message signature: Base64 HMAC-SHA256 of key, request id, timestamp and body', async () => {
    const { createHmac } = await import('node:crypto');
    expect(fiservMessageSignature('key', 'secret', 'id', 1700000000000, '{"a":1}'))
      .toBe(createHmac('sha256', 'secret').update('keyid1700000000000{"a":1}').digest('base64'));
  });

  test('amounts: integer cents to Fiserv\'s decimal string and back', () => {
    expect([0, 1, 5, 99, 100, 2599, 123456789].map(toFiservAmount)).toEqual(['0.00', '0.01', '0.05', '0.99', '1.00', '25.99', '1234567.89']);
    expect(() => toFiservAmount(1.5)).toThrow();
    expect([fromFiservAmount('25.99'), fromFiservAmount(12.04), fromFiservAmount('13'), fromFiservAmount('0.1'), fromFiservAmount(undefined)]).toEqual([2599, 1204, 1300, 10, 0]);
    expect(() => fromFiservAmount('1e3')).toThrow();
  });

  test("passes on the bank's AVS and security code answers (ProcessorData, else the approval code's letters)", async () => {
    const fiserv = provider();
    const cvvFailed = await fiserv.authorize(1500, 'USD', fake.tokenize(FISERV_TEST_CARDS.approved, undefined, { avs: 'YY', cvv: 'N' }), { idempotencyKey: key('order-1301-authorize') });
    expect(cvvFailed.card).toMatchObject({ cvc: 'fail', addressLine1: 'pass', postalCode: 'pass', brand: 'Visa', last4: '0083' });
    const zipFailed = await fiserv.authorize(1500, 'USD', fake.tokenize(FISERV_TEST_CARDS.approvedMastercard, undefined, { avs: 'YN', cvv: 'M' }), { idempotencyKey: key('order-1302-authorize') });
    expect(zipFailed.card).toMatchObject({ cvc: 'pass', addressLine1: 'pass', postalCode: 'fail', brand: 'Mastercard', last4: '0028' });
    expect(fiservCardChecks({ processor: { avsResponse: { streetMatch: 'N', postalCodeMatch: 'NOT_CHECKED' }, securityCodeResponse: 'NOT_CERTIFIED' } }))
      .toMatchObject({ addressLine1: 'fail', postalCode: 'unavailable', cvc: 'unavailable', fingerprint: null, riskLevel: null });
    // Fiserv's documented example approval code: street Y, ZIP Y, CVV M.
    expect(fiservCardChecks({ approvalCode: 'Y:OK152C:4345270263:YYYM:440091' })).toMatchObject({ addressLine1: 'pass', postalCode: 'pass', cvc: 'pass' });
    expect(fiservCardChecks({ approvalCode: 'N:05:Do Not Honour' })).toBeUndefined();
  });

  test('declines and failures read as the shopper\'s messages; tokens are never card numbers', () => {
    expect(fiservDeclineMessage({ processor: { responseCode: '51' } })).toBe('Your card has insufficient funds.');
    expect(fiservDeclineMessage({ processor: { responseCode: '54' } })).toBe('Your card has expired.');
    expect(fiservDeclineMessage({ approvalCode: 'N:-5101:3D Secure authentication failed' })).toMatch(/Your bank asks you/);
    expect(fiservDeclineMessage({ processor: { responseCode: '05', responseMessage: 'Do Not Honour' } })).toBe(CARD_DECLINED);
    expect(fiservDeclineMessage({ processor: { responseCode: '43' } })).toBe(CARD_DECLINED); // stolen card: not said
    expect(authorizationFromTransaction({ ipgTransactionId: '1', transactionStatus: 'APPROVED', transactionState: 'AUTHORIZED', approvedAmount: { total: 10.24 } }))
      .toEqual({ reference: '1', status: 'authorized', authorizedCents: 1024 });
    // Taken already (a Connect sale, or captured since): giving it back is a refund.
    expect(authorizationFromTransaction({ ipgTransactionId: '3', transactionResult: 'APPROVED', transactionState: 'CAPTURED', approvedAmount: { total: '10.24' } }))
      .toEqual({ reference: '3', status: 'authorized', authorizedCents: 1024, capturedCents: 1024 });
    expect(authorizationFromTransaction({ ipgTransactionId: '2', transactionResult: 'FAILED' })).toMatchObject({ status: 'declined', declineMessage: NOT_PROCESSED });
    expect(fiservFailure('unreachable')).toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE });
    expect(fiservFailure({ status: 502 })).toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE });
    expect(fiservFailure({ status: 401 })).toMatchObject({ type: 'unavailable', message: PAYMENTS_NOT_AVAILABLE });
    expect(fiservFailure({ status: 400, body: { error: { code: '2303', message: 'Invalid credit card number' } } })).toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED, providerCode: '2303' });
    expect(['1235325235236', '1751905117310026', 'fvc-abc.1', '234ljl124l12'].map(isFiservToken)).toEqual([true, true, true, true]);
    expect(['4147463011110083', '4147-4630-1111-0083', '', 'a b', '<script>'].map(isFiservToken)).toEqual([false, false, false, false, false]);
  });
});
