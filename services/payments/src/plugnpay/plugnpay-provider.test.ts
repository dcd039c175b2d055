import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { AppError } from '@platform/server-kit';
import { CALLBACK_NOT_VERIFIED, CARD_NOT_FOUND, CARD_NOT_SAVED } from '../stripe-provider';
import { CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, PaymentProviderError, SERVICE_UNREACHABLE } from '../stripe-errors';
import { refundPayment, REFUND_OVER_PAID } from '../refund-guard';
import { FAKE_PUBLISHER_NAME, startFakePlugnPay, type FakePlugnPay } from './plugnpay-fake';
import { callbackHash, isCardToken, orderIdFor, plugnpayEndpoint, PlugnPayProvider, pnpCardChecks } from './plugnpay-provider';

// Against the local fake of Plug'n Pay's Remote Client API (plugnpay-fake.ts): form-encoded POSTs to
// /payment/pnpremote.cgi answered as the published spec describes, state in memory. Never Plug'n Pay itself.
let fake: FakePlugnPay;
beforeAll(async () => { fake = await startFakePlugnPay(); });
afterAll(async () => { await fake?.close(); });

const provider = (password = fake.password) => new PlugnPayProvider({ username: fake.username, password, currency: 'USD', apiBase: fake.url });
const run = `${Date.now()}`;
const key = (name: string) => `${name}-${run}`;
const sentSince = (n: number) => fake.requests.slice(n);

describe('PlugnPayProvider against the Plug\'n Pay fake', () => {
  test("passes on the bank's avs-code and cvvresp as the card's checks", async () => {
    const pnp = provider();
    expect((await pnp.authorize(1500, 'usd', 'pnp_tok_cvv_fail', { idempotencyKey: key('order-2101-authorize') })).card).toMatchObject({ cvc: 'fail', addressLine1: 'pass', postalCode: 'pass' });
    expect((await pnp.authorize(1500, 'usd', 'pnp_tok_zip_fail', { idempotencyKey: key('order-2102-authorize') })).card).toMatchObject({ cvc: 'pass', addressLine1: 'pass', postalCode: 'fail' });
    expect(pnpCardChecks({ FinalStatus: 'success', 'avs-code': 'Z', cvvresp: 'U', 'card-type': 'mstr', 'card-number': '545454******5454' }))
      .toEqual({ fingerprint: null, brand: 'Mastercard', last4: '5454', cvc: 'unavailable', addressLine1: 'fail', postalCode: 'pass', riskLevel: null, billingPostalCode: null, billingCountry: null });
    expect(pnpCardChecks({ FinalStatus: 'success' })).toMatchObject({ cvc: 'unchecked', addressLine1: 'unchecked', postalCode: 'unchecked', brand: null });
  });

  test("finds an order's hold by the orderID its idempotency key gives (query_trans); none where Plug'n Pay has no record; a voided one reads as not held", async () => {
    const pnp = provider();
    const auth = await pnp.authorize(1800, 'usd', 'pnp_tok_visa', { idempotencyKey: key('order-2201'), metadata: { order_id: '2201' } });
    const before = fake.requests.length;
    expect(await pnp.findAuthorization('2201', key('order-2201'))).toEqual({ reference: auth.reference, status: 'authorized', authorizedCents: 1800 });
    expect(sentSince(before)).toEqual([expect.objectContaining({ mode: 'query_trans', orderID: auth.reference })]);
    expect(await pnp.findAuthorization('2202', key('order-2202'))).toBeNull();
    await pnp.void(auth.reference);
    expect(await pnp.findAuthorization('2201', key('order-2201'))).toMatchObject({ reference: auth.reference, status: 'declined' });
  });

  test('authorize holds the amount (authonly); a partial mark, a partial return; a return over what was marked is refused, by the guard before Plug\'n Pay is asked and by Plug\'n Pay itself', async () => {
    const pnp = provider();
    const before = fake.requests.length;
    const auth = await pnp.authorize(2599, 'usd', 'pnp_tok_visa', { idempotencyKey: key('order-2001-authorize'), metadata: { order_id: 'order-2001' } });
    expect(sentSince(before)).toEqual([expect.objectContaining({
      'publisher-name': fake.username, 'publisher-password': '***', mode: 'auth', authtype: 'authonly', paymethod: 'credit',
      'card-token': 'pnp_tok_visa', 'card-amount': '25.99', currency: 'USD', orderID: orderIdFor(fake.username, key('order-2001-authorize')), acct_code: 'order-2001',
    })]);
    expect(sentSince(before)[0]).not.toHaveProperty('card-number');
    expect(auth).toEqual({
      reference: orderIdFor(fake.username, key('order-2001-authorize')), status: 'authorized', authorizedCents: 2599,
      // avs-code Y and cvvresp M: the bank matched street, ZIP and security code; Plug'n Pay gives no fingerprint or risk.
      card: { fingerprint: null, brand: 'Visa', last4: null, cvc: 'pass', addressLine1: 'pass', postalCode: 'pass', riskLevel: null, billingPostalCode: null, billingCountry: null },
    });
    expect(fake.orders.get(auth.reference)).toMatchObject({ state: 'auth', authCents: 2599 });
    expect(await pnp.paymentStatus(auth.reference)).toEqual({ reference: auth.reference, status: 'authorized', authorizedCents: 2599 });

    expect(await pnp.capture(auth.reference, 2000)).toBe(2000);
    expect(fake.requests.at(-1)).toMatchObject({ mode: 'mark', orderID: auth.reference, 'card-amount': '20.00' });
    expect(fake.orders.get(auth.reference)).toMatchObject({ state: 'marked', markedCents: 2000 });

    const payment = { reference: auth.reference, capturedCents: 2000, refundedCents: 0 };
    expect(await refundPayment(pnp, payment, 1000)).toBe(1000);
    expect(fake.requests.at(-1)).toMatchObject({ mode: 'return', orderID: auth.reference, 'card-amount': '10.00' });

    const count = fake.requests.length;
    const over = refundPayment(pnp, { ...payment, refundedCents: 1000 }, 1001);
    await expect(over).rejects.toBeInstanceOf(AppError);
    await expect(over).rejects.toMatchObject({ type: 'unprocessable', message: REFUND_OVER_PAID });
    expect(fake.requests.length).toBe(count);
    // Past the guard (records that are wrong), Plug'n Pay refuses it too: 10.00 of the 20.00 marked are left.
    await expect(pnp.refund(auth.reference, 1001)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
    expect(await fake.post({ mode: 'return', orderID: auth.reference, 'card-amount': '10.01' })).toMatchObject({ FinalStatus: 'problem' });
    expect(await pnp.refund(auth.reference, 1000)).toBe(1000);
    await expect(pnp.refund(auth.reference, 1)).rejects.toMatchObject({ type: 'unprocessable' });
    expect(await pnp.paymentStatus(auth.reference)).toMatchObject({ status: 'authorized', authorizedCents: 2000 });
  });

  test('capture without an amount marks all that is held', async () => {
    const pnp = provider();
    const auth = await pnp.authorize(1234, 'USD', 'pnp_tok_amex', { idempotencyKey: key('order-2002-authorize') });
    expect(await pnp.capture(auth.reference)).toBe(1234);
    expect(fake.requests.at(-1)).toMatchObject({ mode: 'mark', 'card-amount': '12.34' });
    // A mark above what was held is refused by Plug'n Pay (P21).
    const other = await pnp.authorize(500, 'USD', 'pnp_tok_visa', { idempotencyKey: key('order-2003-authorize') });
    await expect(pnp.capture(other.reference, 501)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED, providerCode: 'P21' });
  });

  test('void releases the hold; it can then no longer be marked; a marked order cannot be voided', async () => {
    const pnp = provider();
    const auth = await pnp.authorize(1250, 'USD', 'pnp_tok_mastercard', { idempotencyKey: key('order-2005-authorize') });
    await pnp.void(auth.reference);
    expect(fake.requests.at(-1)).toMatchObject({ mode: 'void', orderID: auth.reference, 'txn-type': 'auth', 'card-amount': '12.50' });
    expect(fake.orders.get(auth.reference)).toMatchObject({ state: 'voided' });
    expect(await pnp.paymentStatus(auth.reference)).toEqual({ reference: auth.reference, status: 'declined', authorizedCents: 0, declineMessage: NOT_PROCESSED });
    await expect(pnp.capture(auth.reference, 100)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });

    const marked = await pnp.authorize(800, 'USD', 'pnp_tok_visa', { idempotencyKey: key('order-2006-authorize') });
    await pnp.capture(marked.reference);
    await expect(pnp.void(marked.reference)).rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
  });

  test('a declined card is a result with a message for the shopper, never Plug\'n Pay\'s text; no 3-D Secure redirect exists', async () => {
    const pnp = provider();
    const declined = await pnp.authorize(4200, 'USD', 'pnp_tok_declined', { idempotencyKey: key('order-2007-authorize'), returnUrl: 'https://shop.example/cart?payment=2007' });
    expect(declined).toEqual({ reference: expect.stringMatching(/^\d{20}$/), status: 'declined', authorizedCents: 0, declineMessage: CARD_DECLINED });
    expect(await pnp.paymentStatus(declined.reference)).toMatchObject({ status: 'declined', declineMessage: CARD_DECLINED });
    expect(await pnp.authorize(4200, 'USD', 'pnp_tok_insufficient', { idempotencyKey: key('order-2008-authorize') }))
      .toMatchObject({ status: 'declined', declineMessage: 'Your card has insufficient funds.' });
    expect(await pnp.authorize(4200, 'USD', 'pnp_tok_expired', { idempotencyKey: key('order-2009-authorize') }))
      .toMatchObject({ status: 'declined', declineMessage: 'Your card has expired.' });
    expect(await pnp.authorize(4200, 'USD', 'pnp_tok_fraud', { idempotencyKey: key('order-2010-authorize') }))
      .toMatchObject({ status: 'declined', declineMessage: CARD_DECLINED });
    // A token Plug'n Pay does not know is not processed (P55), not a decline message of its own.
    await expect(pnp.authorize(4200, 'USD', 'pnp_tok_unknown', { idempotencyKey: key('order-2011-authorize') }))
      .rejects.toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
  });

  test('a repeated authorize with the same idempotency key reaches Plug\'n Pay as the same orderID and holds once', async () => {
    const pnp = provider();
    const first = await pnp.authorize(1999, 'USD', 'pnp_tok_visa', { idempotencyKey: key('order-2012-authorize') });
    const ordersBefore = fake.orders.size;
    const again = await pnp.authorize(1999, 'USD', 'pnp_tok_visa', { idempotencyKey: key('order-2012-authorize') });
    expect(again).toEqual(first);
    expect(fake.orders.size).toBe(ordersBefore);
    expect(fake.orders.get(first.reference)?.ops.filter((op) => op.operation === 'auth')).toHaveLength(1);
    expect(await fake.post({ mode: 'auth', orderID: first.reference, 'card-amount': '19.99', 'card-token': 'pnp_tok_visa' })).toMatchObject({ Duplicate: 'yes', FinalStatus: 'success' });
    // A mark repeated (a retry) is answered Duplicate=yes and marks once.
    expect(await pnp.capture(first.reference, 1500)).toBe(1500);
    expect(await pnp.capture(first.reference, 1500)).toBe(1500);
    expect(fake.orders.get(first.reference)?.ops.filter((op) => op.operation === 'postauth')).toHaveLength(1);
  });

  test('a card number or a fraction of a cent is refused before Plug\'n Pay is asked', async () => {
    const pnp = provider();
    const before = fake.requests.length;
    await expect(pnp.authorize(500, 'USD', '4111111111111111', { idempotencyKey: key('order-2013-authorize') })).rejects.toMatchObject({ type: 'unprocessable', message: CARD_NOT_SAVED });
    await expect(pnp.authorize(500, 'USD', 'tok4111111111111111', { idempotencyKey: key('order-2014-authorize') })).rejects.toMatchObject({ message: CARD_NOT_SAVED });
    await expect(pnp.saveCard(null, '5454 5454 5454 5454')).rejects.toMatchObject({ message: CARD_NOT_SAVED });
    await expect(pnp.authorize(25.99, 'USD', 'pnp_tok_visa', { idempotencyKey: key('order-2015-authorize') })).rejects.toMatchObject({ type: 'invalid' });
    expect(fake.requests.length).toBe(before);
  });

  test('cards are saved as membership profiles of a new customer, listed, paid with and deleted; another customer\'s card is not found', async () => {
    const pnp = provider();
    const before = fake.requests.length;
    const visa = await pnp.saveCard(null, 'pnp_tok_visa');
    expect(sentSince(before)).toEqual([expect.objectContaining({ mode: 'add_member', 'card-token': 'pnp_tok_visa', purchaseid: visa.customerRef, status: 'active', enddate: expect.stringMatching(/^\d{8}$/) })]);
    expect(visa).toEqual({ source: expect.stringMatching(/^member:[a-z0-9]{12}$/), brand: 'Visa', last4: '1111', exp_month: 12, exp_year: 2030, customerRef: expect.stringMatching(/^pnpcus_[a-f0-9]{12}$/) });
    const mastercard = await pnp.saveCard(visa.customerRef, 'pnp_tok_mastercard');
    expect(mastercard).toMatchObject({ brand: 'Mastercard', last4: '5454', customerRef: visa.customerRef });
    expect((await pnp.listCards(visa.customerRef)).map((c) => c.source).sort()).toEqual([visa.source, mastercard.source].sort());
    expect(fake.requests.at(-1)).toMatchObject({ mode: 'list_members', purchaseid: visa.customerRef });

    const other = await pnp.saveCard(null, 'pnp_tok_amex');
    expect(other).toMatchObject({ brand: 'American Express', last4: '0005' });
    expect(await pnp.listCards(other.customerRef)).toEqual([other]);
    const count = fake.requests.length;
    await expect(pnp.deleteCard(visa.customerRef, other.source)).rejects.toMatchObject({ type: 'not_found', message: CARD_NOT_FOUND });
    expect(sentSince(count).map((r) => r.mode)).not.toContain('delete_member');
    // Nobody else's card can be charged.
    await expect(pnp.authorize(999, 'USD', other.source, { idempotencyKey: key('order-2016-authorize'), customer: visa.customerRef })).rejects.toMatchObject({ message: CARD_NOT_FOUND });
    expect(sentSince(count).map((r) => r.mode)).not.toContain('bill_member');

    const paid = await pnp.authorize(1999, 'USD', mastercard.source, { idempotencyKey: key('order-2017-authorize'), customer: visa.customerRef });
    expect(paid).toMatchObject({ status: 'authorized', authorizedCents: 1999 });
    expect(fake.requests.at(-1)).toMatchObject({ mode: 'bill_member', username: mastercard.source.slice('member:'.length), authtype: 'authonly', 'card-amount': '19.99' });
    expect(await pnp.capture(paid.reference)).toBe(1999);

    await pnp.deleteCard(visa.customerRef, visa.source);
    expect(fake.requests.at(-1)).toMatchObject({ mode: 'delete_member', username: visa.source.slice('member:'.length) });
    expect(await pnp.listCards(visa.customerRef)).toEqual([mastercard]);
    await pnp.deleteCard(visa.customerRef, mastercard.source);
    expect(await pnp.listCards(visa.customerRef)).toEqual([]);
    await expect(pnp.saveCard(null, 'pnp_tok_declined')).rejects.toMatchObject({ type: 'unprocessable', message: CARD_NOT_SAVED });
  });

  test('credentials Plug\'n Pay refuses are the store\'s problem: 503 with the plain message, for payments and cards alike', async () => {
    const pnp = provider('wrong-password');
    const refused = pnp.authorize(500, 'USD', 'pnp_tok_visa', { idempotencyKey: key('order-2018-authorize') });
    await expect(refused).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(refused).rejects.toMatchObject({ type: 'unavailable', status: 503, message: PAYMENTS_NOT_AVAILABLE, providerCode: 'P91' });
    await expect(pnp.listCards('pnpcus_000000000000')).rejects.toMatchObject({ type: 'unavailable', message: PAYMENTS_NOT_AVAILABLE });
    await expect(new PlugnPayProvider({ username: '', password: 'x', apiBase: fake.url }).paymentStatus('1')).rejects.toMatchObject({ message: PAYMENTS_NOT_AVAILABLE });
  });

  test('Plug\'n Pay down (connection refused) or answering 5xx is SERVICE_UNREACHABLE', async () => {
    const down = await startFakePlugnPay();
    const url = down.url;
    await down.close();
    const pnp = new PlugnPayProvider({ username: fake.username, password: fake.password, apiBase: url, timeoutMs: 2000 });
    await expect(pnp.authorize(500, 'USD', 'pnp_tok_visa', { idempotencyKey: key('order-2019-authorize') }))
      .rejects.toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE });
    fake.outage = true;
    try {
      await expect(provider().capture('12345678901234567890', 100)).rejects.toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE, providerCode: 'http_503' });
    } finally {
      fake.outage = false;
    }
  });
});

describe('verifyCallback (Smart Screens response hash)', () => {
  const hashKey = 'response-hash-key';
  /** The callback's fields and their hash built the documented way: MD5(key + FinalStatus + card-amount + currency + orderID + publisher-name). */
  function callback(fields: Record<string, string>) {
    const hash = createHash('md5').update(hashKey + fields.pi_response_status + fields.pt_transaction_amount + fields.pt_currency + fields.pt_order_id + fields.pt_gateway_account).digest('hex');
    return new URLSearchParams({ ...fields, pt_transaction_response_hash: hash }).toString();
  }
  const fields = { pi_response_status: 'success', pt_transaction_amount: '25.99', pt_currency: 'USD', pt_order_id: '10000000000000002001', pt_gateway_account: FAKE_PUBLISHER_NAME, pt_account_code_1: 'order-2001' };
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };

  test('a correctly signed callback is read; a tampered one, a missing hash, a wrong key or another account is refused', async () => {
    const pnp = new PlugnPayProvider({ username: 'pnpdemo', password: 'x', apiBase: 'http://127.0.0.1:1' });
    const body = callback(fields);
    expect(await pnp.verifyCallback(body, headers, hashKey)).toEqual({ id: '10000000000000002001:success', type: 'transaction.success', reference: '10000000000000002001', orderId: 'order-2001' });
    expect(await pnp.verifyCallback(Buffer.from(body), headers, hashKey)).toMatchObject({ reference: '10000000000000002001' });
    for (const bad of [
      body.replace('pt_transaction_amount=25.99', 'pt_transaction_amount=2.59'),
      body.replace(/&pt_transaction_response_hash=[a-f0-9]+/, ''),
      callback({ ...fields, pt_gateway_account: 'someoneelse' }),
    ]) {
      await expect(pnp.verifyCallback(bad, headers, hashKey)).rejects.toMatchObject({ type: 'invalid', message: CALLBACK_NOT_VERIFIED });
    }
    await expect(pnp.verifyCallback(body, headers, 'another-key')).rejects.toMatchObject({ type: 'invalid', message: CALLBACK_NOT_VERIFIED });
    await expect(pnp.verifyCallback(body, headers, '')).rejects.toMatchObject({ type: 'invalid', message: CALLBACK_NOT_VERIFIED });
    await expect(pnp.verifyCallback(body, { 'content-type': 'application/json' }, hashKey)).rejects.toMatchObject({ type: 'invalid' });
  });

  test('callbackHash takes the fields in byte order of their names, the amount with two decimals and the currency upper case', () => {
    const expected = createHash('md5').update('k' + 'badcard' + '5.00' + 'CAD' + '42' + 'acct').digest('hex');
    expect(callbackHash('k', { pi_response_status: 'badcard', pt_transaction_amount: '5', pt_currency: 'cad', pt_order_id: '42', pt_gateway_account: 'acct' })).toBe(expected);
  });
});

describe('pure parts', () => {
  test('the endpoint: PLUGNPAY_API_BASE or apiBase, else the account host, else pay1', () => {
    expect(plugnpayEndpoint({}, undefined)).toBe('https://pay1.plugnpay.com/payment/pnpremote.cgi');
    expect(plugnpayEndpoint({ host: 'pay2.example-gateway.com' }, undefined)).toBe('https://pay2.example-gateway.com/payment/pnpremote.cgi');
    expect(plugnpayEndpoint({ host: 'pay2.example-gateway.com' }, 'http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000/payment/pnpremote.cgi');
    expect(plugnpayEndpoint({ apiBase: 'http://127.0.0.1:5000/' }, 'http://127.0.0.1:4000')).toBe('http://127.0.0.1:5000/payment/pnpremote.cgi');
  });

  test('orderIDs: 20 digits, the same for the same key and account, different otherwise', () => {
    const id = orderIdFor('acct', 'order-1');
    expect(id).toMatch(/^\d{20}$/);
    expect(orderIdFor('acct', 'order-1')).toBe(id);
    expect(orderIdFor('acct', 'order-2')).not.toBe(id);
    expect(orderIdFor('other', 'order-1')).not.toBe(id);
  });

  test('tokens: Plug\'n Pay tokens pass, anything card-number-like does not', () => {
    expect(isCardToken('pnp_tok_visa')).toBe(true);
    expect(isCardToken('a1b2c3d4e5f6')).toBe(true);
    for (const bad of ['4111111111111111', 'x4111111111111111', '4111-1111-1111-1111', 'short', '', 'member:abc']) expect(isCardToken(bad)).toBe(false);
  });
});
