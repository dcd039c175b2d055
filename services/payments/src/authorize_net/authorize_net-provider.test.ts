import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { AppError } from '@platform/server-kit';
import { CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, SERVICE_UNREACHABLE } from '../stripe-errors';
import { CALLBACK_NOT_VERIFIED, CARD_NOT_FOUND, CARD_NOT_SAVED } from '../stripe-provider';
import { refundPayment, REFUND_OVER_PAID } from '../refund-guard';
import { AuthorizeNetProvider, DUPLICATE_WINDOW_SECONDS, REFUND_NOT_SETTLED } from './authorize_net-provider';
import { FAKE_LOGIN_ID, FAKE_SIGNATURE_KEY, FAKE_TRANSACTION_KEY, startFakeAuthorizeNet, TEST_CARDS, type FakeAuthorizeNet } from './authorize_net-fake';
import { invoiceNumberFor, webhookSignature } from './authorize_net-errors';

// Against the local Authorize.Net fake (authorize_net-fake.ts), through the official SDK: never Authorize.Net's
// sandbox or production API.
let fake: FakeAuthorizeNet;
let provider: AuthorizeNetProvider;

beforeAll(async () => {
  fake = await startFakeAuthorizeNet();
  provider = new AuthorizeNetProvider({ loginId: FAKE_LOGIN_ID, transactionKey: FAKE_TRANSACTION_KEY, apiBase: fake.url });
});
afterAll(async () => { await fake?.close(); });

const run = `${Date.now()}`;
const key = (name: string) => `${name}-${run}`;
/** The last createTransactionRequest's transactionRequest the fake received. */
const lastTransactionRequest = () => [...fake.requests].reverse().find((r) => r.createTransactionRequest)?.createTransactionRequest;

describe('AuthorizeNetProvider against the Authorize.Net fake', () => {
  test("finds an order's authorization by its invoice number among the unsettled transactions (newest first); none for another order; a voided one reads as not held", async () => {
    const orderId = '65f1c2a9e4b0a1b2c3d4e777';
    const auth = await provider.authorize(1800, 'usd', fake.tokenFor(TEST_CARDS.visa, '1230'), { idempotencyKey: key('order-find'), metadata: { order_id: orderId } });
    await provider.authorize(1900, 'usd', fake.tokenFor(TEST_CARDS.visa, '1230'), { idempotencyKey: key('order-other'), metadata: { order_id: '65f1c2a9e4b0a1b2c3d4e778' } });
    const found = await provider.findAuthorization(orderId, key('order-find'));
    expect(found).toMatchObject({ reference: auth.reference, status: 'authorized', authorizedCents: 1800 });
    const asked = [...fake.requests].reverse().find((r) => r.getUnsettledTransactionListRequest)?.getUnsettledTransactionListRequest;
    expect(asked).toMatchObject({ merchantAuthentication: { name: FAKE_LOGIN_ID }, sorting: { orderBy: 'submitTimeUTC', orderDescending: true }, paging: { limit: 1000, offset: 1 } });
    expect(await provider.findAuthorization('65f1c2a9e4b0a1b2c3d4e779', key('order-none'))).toBeNull();
    await provider.void(auth.reference);
    expect(await provider.findAuthorization(orderId, key('order-find'))).toMatchObject({ reference: auth.reference, status: 'declined' });
  });

  test('authorize holds the amount; a partial capture; after settlement a partial refund; a refund over what was captured is refused, by the guard before Authorize.Net is asked and by Authorize.Net itself', async () => {
    const orderId = '65f1c2a9e4b0a1b2c3d4e5f6';
    const auth = await provider.authorize(2599, 'usd', fake.tokenFor(TEST_CARDS.visa, '1230', { cardCode: '900', zip: '97201' }), { idempotencyKey: key('order-1001'), metadata: { order_id: orderId } });
    // The bank's AVS and CVV answers as the card's checks (card code 900: M; a ZIP outside the testing guide's table: Y, street and ZIP match); no fingerprint.
    expect(auth).toEqual({
      reference: expect.stringMatching(/^\d+$/), status: 'authorized', authorizedCents: 2599,
      card: { fingerprint: null, brand: 'Visa', last4: '1111', cvc: 'pass', addressLine1: 'pass', postalCode: 'pass', riskLevel: null, billingPostalCode: null, billingCountry: null },
    });
    const sent = lastTransactionRequest();
    expect(sent.merchantAuthentication).toEqual({ name: FAKE_LOGIN_ID, transactionKey: FAKE_TRANSACTION_KEY });
    expect(sent.refId).toMatch(/^R[0-9A-F]{19}$/);
    expect(sent.transactionRequest).toMatchObject({
      transactionType: 'authOnlyTransaction', amount: '25.99', currencyCode: 'USD',
      payment: { opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT' } },
      order: { invoiceNumber: invoiceNumberFor(orderId, key('order-1001')) },
      transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) }] },
    });
    expect(await provider.paymentStatus(auth.reference)).toEqual({ reference: auth.reference, status: 'authorized', authorizedCents: 2599, card: auth.card });

    expect(await provider.capture(auth.reference, 2000)).toBe(2000);
    expect(lastTransactionRequest().transactionRequest).toEqual({ transactionType: 'priorAuthCaptureTransaction', amount: '20.00', refTransId: auth.reference });
    expect(fake.transaction(auth.reference)).toMatchObject({ status: 'capturedPendingSettlement', settleCents: 2000 });
    // A repeated capture (a retry) answers what was captured; a capture above it is refused.
    expect(await provider.capture(auth.reference, 2000)).toBe(2000);

    // Not settled yet: Authorize.Net refunds only settled payments; a part cannot be given back today.
    await expect(provider.refund(auth.reference, 1000)).rejects.toMatchObject({ type: 'unprocessable', message: REFUND_NOT_SETTLED });
    fake.settle();

    const payment = { reference: auth.reference, capturedCents: 2000, refundedCents: 0 };
    expect(await refundPayment(provider, payment, 1000, { idempotencyKey: key('order-1001-refund-1') })).toBe(1000);
    expect(lastTransactionRequest().transactionRequest).toMatchObject({
      transactionType: 'refundTransaction', amount: '10.00', refTransId: auth.reference, payment: { creditCard: { cardNumber: '1111', expirationDate: 'XXXX' } },
    });
    // The same refund asked again (same key) is one refund.
    expect(await provider.refund(auth.reference, 1000, { idempotencyKey: key('order-1001-refund-1') })).toBe(1000);
    expect(fake.transaction(auth.reference)).toMatchObject({ refundedCents: 1000 });

    const before = fake.requests.length;
    const over = refundPayment(provider, { ...payment, refundedCents: 1000 }, 1001);
    await expect(over).rejects.toBeInstanceOf(AppError);
    await expect(over).rejects.toMatchObject({ type: 'unprocessable', message: REFUND_OVER_PAID });
    expect(fake.requests.length).toBe(before);
    // Past the guard (records that are wrong), Authorize.Net refuses it too (reason 55): 1000 of the 2000 are left.
    await expect(provider.refund(auth.reference, 1001)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED, providerCode: '55' });
    // Two equal refunds without a key are not taken for a duplicate.
    expect(await refundPayment(provider, { ...payment, refundedCents: 1000 }, 500)).toBe(500);
    expect(await refundPayment(provider, { ...payment, refundedCents: 1500 }, 500)).toBe(500);
    await expect(provider.refund(auth.reference, 1)).rejects.toMatchObject({ type: 'unprocessable' });
  });

  test('a capture above what was held is refused (reason 47); a capture without an amount takes all that was held', async () => {
    const auth = await provider.authorize(1500, 'usd', fake.tokenFor(TEST_CARDS.mastercard), { idempotencyKey: key('order-1002') });
    await expect(provider.capture(auth.reference, 1501)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED, providerCode: '47' });
    expect(await provider.capture(auth.reference)).toBe(1500);
    // The whole capture refunded before settlement is a void of it.
    expect(await provider.refund(auth.reference, 1500)).toBe(1500);
    expect(fake.transaction(auth.reference)).toMatchObject({ status: 'voided' });
  });

  test('void releases the hold: the payment is voided and can no longer be captured', async () => {
    const auth = await provider.authorize(1250, 'usd', fake.tokenFor(TEST_CARDS.amex, '0631'), { idempotencyKey: key('order-1005') });
    expect(auth).toMatchObject({ status: 'authorized', authorizedCents: 1250 });
    await provider.void(auth.reference);
    expect(lastTransactionRequest().transactionRequest).toEqual({ transactionType: 'voidTransaction', refTransId: auth.reference });
    expect(fake.transaction(auth.reference)).toMatchObject({ status: 'voided' });
    await provider.void(auth.reference); // voided twice is voided
    await expect(provider.capture(auth.reference, 100)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
    expect(await provider.paymentStatus(auth.reference)).toMatchObject({ status: 'declined', authorizedCents: 0 });
  });

  test('a declined card is a result with a message for the shopper, not an error', async () => {
    // The testing guide's card 4222222222222 answers the reason code its amount names: $2.00 → 2, declined.
    const declined = await provider.authorize(200, 'usd', fake.tokenFor(TEST_CARDS.reasonCode), { idempotencyKey: key('order-1006') });
    expect(declined).toEqual({ reference: expect.stringMatching(/^\d+$/), status: 'declined', authorizedCents: 0, declineMessage: CARD_DECLINED });
    expect(await provider.paymentStatus(declined.reference)).toMatchObject({ status: 'declined', declineMessage: CARD_DECLINED });
    const expired = await provider.authorize(800, 'usd', fake.tokenFor(TEST_CARDS.reasonCode), { idempotencyKey: key('order-1007') });
    expect(expired).toMatchObject({ status: 'declined', declineMessage: 'Your card has expired.' });
    const invalid = await provider.authorize(600, 'usd', fake.tokenFor(TEST_CARDS.reasonCode), { idempotencyKey: key('order-1008') });
    expect(invalid).toMatchObject({ status: 'declined', declineMessage: 'Your card number is incorrect.' });
  });

  test("the testing guide's ZIP and card code triggers: failed AVS / CVV answers reach the card's checks (the hold stands); ZIP 46282 declines", async () => {
    const mismatched = await provider.authorize(1500, 'usd', fake.tokenFor(TEST_CARDS.mastercard, '1230', { cardCode: '901', zip: '46201' }), { idempotencyKey: key('order-1010') });
    expect(mismatched).toMatchObject({ status: 'authorized', authorizedCents: 1500, card: { brand: 'Mastercard', last4: '0015', cvc: 'fail', addressLine1: 'pass', postalCode: 'fail' } });
    // Read back (a repeat, a webhook's follow-up) the transaction's details say the same.
    expect((await provider.paymentStatus(mismatched.reference)).card).toEqual(mismatched.card);
    const neither = await provider.authorize(1500, 'usd', fake.tokenFor(TEST_CARDS.visa, '1230', { zip: '46205' }), { idempotencyKey: key('order-1011') });
    expect(neither.card).toMatchObject({ cvc: 'unchecked', addressLine1: 'fail', postalCode: 'fail' });
    const cannotSay = await provider.authorize(1500, 'usd', fake.tokenFor(TEST_CARDS.visa, '1230', { zip: '46207', cardCode: '903' }), { idempotencyKey: key('order-1012') });
    expect(cannotSay.card).toMatchObject({ cvc: 'unavailable', addressLine1: 'unavailable', postalCode: 'unavailable' });

    const declined = await provider.authorize(1500, 'usd', fake.tokenFor(TEST_CARDS.visa, '1230', { zip: '46282', cardCode: '900' }), { idempotencyKey: key('order-1013') });
    expect(declined).toEqual({ reference: expect.stringMatching(/^\d+$/), status: 'declined', authorizedCents: 0, declineMessage: CARD_DECLINED });
    expect(fake.transaction(declined.reference)).toMatchObject({ status: 'declined', authCents: 0 });
  });

  test("the merchant's AVS and card code rejection filters: a listed letter is a decline the shopper can act on", async () => {
    fake.rejectWhen({ avs: ['N'], cvv: ['N'] });
    try {
      const card = (typed: { cardCode?: string; zip?: string }) => fake.tokenFor(TEST_CARDS.visa, '1230', typed);
      const wrongCode = await provider.authorize(1700, 'usd', card({ cardCode: '901', zip: '97201' }), { idempotencyKey: key('order-1014') });
      expect(wrongCode).toMatchObject({ status: 'declined', authorizedCents: 0, declineMessage: "Your card's security code is incorrect." });
      expect(fake.transaction(wrongCode.reference)).toMatchObject({ reasonCode: 65, cvv: 'N' });
      const wrongAddress = await provider.authorize(1700, 'usd', card({ cardCode: '900', zip: '46205' }), { idempotencyKey: key('order-1015') });
      expect(wrongAddress).toMatchObject({ status: 'declined', declineMessage: "Your card's billing address is incorrect." });
      expect(fake.transaction(wrongAddress.reference)).toMatchObject({ reasonCode: 27 });
      const both = await provider.authorize(1700, 'usd', card({ cardCode: '901', zip: '46205' }), { idempotencyKey: key('order-1016') });
      expect(both).toMatchObject({ status: 'declined', declineMessage: "Your card's security code is incorrect." });
      expect(fake.transaction(both.reference)).toMatchObject({ reasonCode: 45 });
      // A letter the filters do not list (A: the street matches) is held as usual.
      expect(await provider.authorize(1700, 'usd', card({ cardCode: '900', zip: '46201' }), { idempotencyKey: key('order-1017') })).toMatchObject({ status: 'authorized' });
    } finally {
      fake.rejectWhen(null);
    }
  });

  test('held for review by the fraud filters (response code 4): declined at once, the hold released; no 3-D Secure redirect in this API', async () => {
    const held = await provider.authorize(25200, 'usd', fake.tokenFor(TEST_CARDS.reasonCode), { idempotencyKey: key('order-1009'), returnUrl: 'https://shop.example/cart?payment=1' });
    expect(held).toMatchObject({ status: 'declined', authorizedCents: 0, declineMessage: NOT_PROCESSED });
    expect(held.nextActionUrl).toBeUndefined();
    expect(fake.transaction(held.reference)).toMatchObject({ status: 'declined' });
    expect(fake.requests.at(-1)).toMatchObject({ updateHeldTransactionRequest: { heldTransactionRequest: { action: 'decline', refTransId: held.reference } } });
  });

  test('card numbers and unknown tokens are refused before any call; a used nonce is refused by Authorize.Net', async () => {
    const before = fake.requests.length;
    for (const token of ['4111111111111111', '4111 1111 1111 1111', 'tok_visa', '']) {
      await expect(provider.authorize(1000, 'usd', token, { idempotencyKey: key(`card-${token}`) })).rejects.toMatchObject({ type: 'unprocessable', message: CARD_NOT_SAVED });
      await expect(provider.saveCard(null, token)).rejects.toMatchObject({ type: 'unprocessable', message: CARD_NOT_SAVED });
    }
    expect(fake.requests.length).toBe(before);
    const token = fake.tokenFor(TEST_CARDS.discover);
    await provider.authorize(1000, 'usd', token, { idempotencyKey: key('order-1010') });
    await expect(provider.authorize(1000, 'usd', token, { idempotencyKey: key('order-1011') })).rejects.toMatchObject({ type: 'unprocessable', providerCode: 'E00114' });
  });

  test('a repeated authorize with the same idempotency key charges once (the duplicate window answers the first transaction)', async () => {
    const token = fake.tokenFor(TEST_CARDS.visa);
    const options = { idempotencyKey: key('order-1012'), metadata: { order_id: '65f1c2a9e4b0a1b2c3d4e5f7' } };
    const first = await provider.authorize(4200, 'usd', token, options);
    // Another process (no memory of the first call): Authorize.Net answers reason 11 with the first transaction's id.
    const other = new AuthorizeNetProvider({ loginId: FAKE_LOGIN_ID, transactionKey: FAKE_TRANSACTION_KEY, apiBase: fake.url });
    const repeat = await other.authorize(4200, 'usd', token, options);
    expect(repeat).toEqual(first);
    // The same process answers from the first call without asking again.
    const count = fake.requests.length;
    expect(await provider.authorize(4200, 'usd', token, options)).toEqual(first);
    expect(fake.requests.length).toBe(count);
    expect(fake.transactions().filter((t) => t.invoiceNumber === invoiceNumberFor(options.metadata.order_id, options.idempotencyKey))).toHaveLength(1);
  });

  test('saved cards: save (a new customer profile, then another card on it), list, pay with one, delete; another customer\'s card is not found', async () => {
    const visa = await provider.saveCard(null, fake.tokenFor(TEST_CARDS.visa, '1230'));
    expect(visa).toEqual({ source: expect.stringMatching(/^\d+$/), brand: 'Visa', last4: '1111', exp_month: 12, exp_year: 2030, customerRef: expect.stringMatching(/^\d+$/) });
    const customer = visa.customerRef;
    const mastercard = await provider.saveCard(customer, fake.tokenFor(TEST_CARDS.mastercard, '0729'));
    expect(mastercard).toMatchObject({ brand: 'Mastercard', last4: '0015', exp_month: 7, exp_year: 2029, customerRef: customer });
    // The same card again is the card already saved.
    expect(await provider.saveCard(customer, fake.tokenFor(TEST_CARDS.mastercard, '0729'))).toEqual(mastercard);
    expect(await provider.listCards(customer)).toEqual([visa, mastercard]);

    const paid = await provider.authorize(3100, 'usd', mastercard.source, { idempotencyKey: key('order-1013'), customer });
    expect(paid).toMatchObject({ status: 'authorized', authorizedCents: 3100 });
    expect(lastTransactionRequest().transactionRequest.profile).toEqual({ customerProfileId: customer, paymentProfile: { paymentProfileId: mastercard.source } });

    const other = await provider.saveCard(null, fake.tokenFor(TEST_CARDS.amex, '0131'));
    await expect(provider.authorize(3100, 'usd', other.source, { idempotencyKey: key('order-1014'), customer })).rejects.toMatchObject({ type: 'unprocessable', message: CARD_NOT_FOUND });
    await expect(provider.authorize(3100, 'usd', other.source, { idempotencyKey: key('order-1015') })).rejects.toMatchObject({ type: 'unprocessable', message: CARD_NOT_FOUND });
    await expect(provider.deleteCard(customer, other.source)).rejects.toMatchObject({ type: 'not_found', message: CARD_NOT_FOUND });
    expect(await provider.listCards(other.customerRef)).toHaveLength(1);

    await provider.deleteCard(customer, visa.source);
    expect(await provider.listCards(customer)).toEqual([mastercard]);
    await expect(provider.deleteCard(customer, visa.source)).rejects.toMatchObject({ type: 'not_found' });
    expect(await provider.listCards('999999999999')).toEqual([]);
  });

  test('credentials Authorize.Net refuses: PAYMENTS_NOT_AVAILABLE (unavailable)', async () => {
    const wrong = new AuthorizeNetProvider({ loginId: FAKE_LOGIN_ID, transactionKey: 'wrongwrongwrong0', apiBase: fake.url });
    await expect(wrong.authorize(1000, 'usd', fake.tokenFor(TEST_CARDS.visa), { idempotencyKey: key('order-1016') }))
      .rejects.toMatchObject({ type: 'unavailable', message: PAYMENTS_NOT_AVAILABLE, providerCode: 'E00007' });
    await expect(wrong.listCards('1')).rejects.toMatchObject({ type: 'unavailable', message: PAYMENTS_NOT_AVAILABLE });
  });

  test('Authorize.Net unreachable or failing (HTTP 5xx): SERVICE_UNREACHABLE (unavailable)', async () => {
    const down = await startFakeAuthorizeNet();
    const url = down.url;
    await down.close();
    const unreachable = new AuthorizeNetProvider({ loginId: FAKE_LOGIN_ID, transactionKey: FAKE_TRANSACTION_KEY, apiBase: url });
    await expect(unreachable.authorize(1000, 'usd', fake.tokenFor(TEST_CARDS.visa), { idempotencyKey: key('order-1017') }))
      .rejects.toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE });
    fake.failWith(503);
    try {
      await expect(provider.paymentStatus('60000000001')).rejects.toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE, providerCode: 'http_503' });
    } finally {
      fake.failWith(null);
    }
  });

  test('verifyCallback accepts a notification signed the documented way and refuses a tampered or unsigned one', async () => {
    const orderId = '65f1c2a9e4b0a1b2c3d4e5f8';
    const auth = await provider.authorize(999, 'usd', fake.tokenFor(TEST_CARDS.visa), { idempotencyKey: key('order-1018'), metadata: { order_id: orderId } });
    const { body } = fake.notification('net.authorize.payment.authorization.created', auth.reference);
    const { createHmac } = await import('node:crypto');
    const signature = `sha512=${createHmac('sha512', FAKE_SIGNATURE_KEY).update(body).digest('hex').toUpperCase()}`;
    const event = await provider.verifyCallback(body, { 'x-anet-signature': signature }, FAKE_SIGNATURE_KEY);
    expect(event).toEqual({ id: JSON.parse(body).notificationId, type: 'net.authorize.payment.authorization.created', reference: auth.reference, orderId });
    expect(await provider.verifyCallback(Buffer.from(body), { 'X-ANET-Signature': signature.toLowerCase().replace('sha512=', 'sha512=') }, FAKE_SIGNATURE_KEY)).toEqual(event);

    const tampered = body.replace(auth.reference, '60000000000');
    for (const [raw, headers, secret] of [
      [tampered, { 'x-anet-signature': signature }, FAKE_SIGNATURE_KEY],
      [body, {}, FAKE_SIGNATURE_KEY],
      [body, { 'x-anet-signature': signature }, 'another-key'],
      [body, { 'x-anet-signature': 'sha512=' }, FAKE_SIGNATURE_KEY],
    ] as const) {
      await expect(provider.verifyCallback(raw, headers, secret)).rejects.toMatchObject({ type: 'invalid', message: CALLBACK_NOT_VERIFIED });
    }
    // A customer event is about no payment.
    const customerEvent = JSON.stringify({ notificationId: 'n-1', eventType: 'net.authorize.customer.created', eventDate: '2026-01-01T00:00:00Z', webhookId: 'w', payload: { entityName: 'customerProfile', id: '900000001' } });
    expect(await provider.verifyCallback(customerEvent, { 'x-anet-signature': webhookSignature(customerEvent, FAKE_SIGNATURE_KEY) }, FAKE_SIGNATURE_KEY))
      .toEqual({ id: 'n-1', type: 'net.authorize.customer.created', reference: null });
  });

  test('the SDK writes no log file', () => {
    expect(readdirSync(process.cwd()).filter((f) => f.startsWith('sdk-node-'))).toEqual([]);
    expect(existsSync('./sdk-node.log')).toBe(false);
  });
});
