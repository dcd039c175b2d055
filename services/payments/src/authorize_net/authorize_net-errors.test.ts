import { describe, expect, test } from 'vitest';
import { createHmac } from 'node:crypto';
import { CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, SERVICE_UNREACHABLE } from '../stripe-errors';
import {
  ANET_DUPLICATE, ANET_PROCESSING, ANET_TOKEN_EXPIRED, apiError, authorizationFromDetails, declineMessage, invoiceNumberFor, isMerchantRefusal,
  last4Of, orderIdOf, reasonCodeOf, signatureMatches, toAmount, toCents, webhookSignature,
} from './authorize_net-errors';

describe('Authorize.Net amounts', () => {
  test('cents become decimal strings and decimal answers become cents, in one place each', () => {
    expect(toAmount(2599)).toBe('25.99');
    expect(toAmount(1)).toBe('0.01');
    expect(toAmount(100)).toBe('1.00');
    expect(toAmount(123456789)).toBe('1234567.89');
    expect(toCents('25.99')).toBe(2599);
    expect(toCents(25.99)).toBe(2599);
    expect(toCents(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(toCents(45)).toBe(4500);
    expect(toCents(undefined)).toBe(0);
    expect(toCents('x')).toBe(0);
  });
});

describe('Authorize.Net codes for the shopper', () => {
  test('reason codes of declines and errors become our wording, never Authorize.Net\'s text', () => {
    expect(declineMessage('2', '2')).toBe(CARD_DECLINED);
    expect(declineMessage('2', '4')).toBe(CARD_DECLINED); // pick up card: stays a plain decline
    expect(declineMessage('3', '6')).toBe('Your card number is incorrect.');
    expect(declineMessage('3', '8')).toBe('Your card has expired.');
    expect(declineMessage('3', '11')).toBe(ANET_DUPLICATE);
    expect(declineMessage('2', '44')).toBe("Your card's security code is incorrect.");
    expect(declineMessage('3', '19')).toBe(ANET_PROCESSING);
    expect(declineMessage('2', '9999')).toBe(CARD_DECLINED);
    expect(declineMessage('3', '9999')).toBe(NOT_PROCESSED);
    expect(isMerchantRefusal('13')).toBe(true);
    expect(isMerchantRefusal('2')).toBe(false);
    expect(reasonCodeOf({ errors: [{ errorCode: '54', errorText: 'x' }] })).toBe('54');
    expect(reasonCodeOf({ messages: [{ code: '1', description: 'x' }] })).toBe('1');
  });

  test('top-level message codes: credentials → PAYMENTS_NOT_AVAILABLE, outages → SERVICE_UNREACHABLE, else NOT_PROCESSED', () => {
    expect(apiError('E00007')).toMatchObject({ type: 'unavailable', message: PAYMENTS_NOT_AVAILABLE, providerCode: 'E00007' });
    expect(apiError('E00008')).toMatchObject({ type: 'unavailable', message: PAYMENTS_NOT_AVAILABLE });
    expect(apiError('E00001')).toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE });
    expect(apiError('E00114')).toMatchObject({ type: 'unprocessable', message: ANET_TOKEN_EXPIRED });
    expect(apiError('E00003')).toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
    expect(apiError(undefined)).toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED });
  });

  test('transaction details as an authorization', () => {
    expect(authorizationFromDetails({ transId: '1', transactionStatus: 'authorizedPendingCapture', authAmount: 25.99 })).toMatchObject({ reference: '1', status: 'authorized', authorizedCents: 2599 });
    expect(authorizationFromDetails({ transId: '1', transactionStatus: 'capturedPendingSettlement', authAmount: 25.99, settleAmount: 20 })).toMatchObject({ reference: '1', status: 'authorized', authorizedCents: 2000 });
    // The bank's AVS and CVV answers in the details are the card's checks.
    expect(authorizationFromDetails({ transId: '1', transactionStatus: 'authorizedPendingCapture', authAmount: 1, AVSResponse: 'Z', cardCodeResponse: 'N', payment: { creditCard: { cardNumber: 'XXXX1111', cardType: 'Visa' } } }).card)
      .toMatchObject({ fingerprint: null, brand: 'Visa', last4: '1111', addressLine1: 'fail', postalCode: 'pass', cvc: 'fail' });
    expect(authorizationFromDetails({ transId: '1', transactionStatus: 'declined', responseCode: 2, responseReasonCode: 2 })).toMatchObject({ status: 'declined', declineMessage: CARD_DECLINED });
    for (const status of ['voided', 'expired', 'FDSPendingReview', 'FDSAuthorizedPendingReview', 'generalError']) {
      expect(authorizationFromDetails({ transId: '1', transactionStatus: status })).toMatchObject({ status: 'declined', authorizedCents: 0, declineMessage: NOT_PROCESSED });
    }
    expect(last4Of('XXXX1111')).toBe('1111');
  });
});

describe('invoice numbers carry the order id in 20 characters', () => {
  test('an ObjectId round-trips; a short id is itself; anything else is a digest of the key, no order id', () => {
    for (const id of ['65f1c2a9e4b0a1b2c3d4e5f6', 'ffffffffffffffffffffffff', '000000000000000000000001']) {
      const invoice = invoiceNumberFor(id, 'k');
      expect(invoice).toHaveLength(20);
      expect(orderIdOf(invoice)).toBe(id);
    }
    expect(invoiceNumberFor('A-1001', 'k')).toBe('A-1001');
    expect(orderIdOf('A-1001')).toBe('A-1001');
    const digest = invoiceNumberFor(undefined, 'order-x');
    expect(digest).toMatch(/^K[0-9A-F]{19}$/);
    expect(invoiceNumberFor(undefined, 'order-x')).toBe(digest);
    expect(invoiceNumberFor(undefined, 'order-y')).not.toBe(digest);
    expect(orderIdOf(digest)).toBeUndefined();
    expect(invoiceNumberFor('a'.repeat(40), 'k')).toMatch(/^K/);
    expect(orderIdOf(undefined)).toBeUndefined();
  });
});

describe('webhook signature', () => {
  const key = 'ABCDEF0123456789'.repeat(8);
  const body = '{"notificationId":"n","eventType":"net.authorize.payment.authcapture.created","payload":{"id":"1"}}';
  test('sha512= and the upper-case hex HMAC-SHA512 of the raw body', () => {
    const expected = `sha512=${createHmac('sha512', key).update(body).digest('hex').toUpperCase()}`;
    expect(webhookSignature(body, key)).toBe(expected);
    expect(signatureMatches(body, key, expected)).toBe(true);
    expect(signatureMatches(Buffer.from(body), key, expected.toLowerCase().replace('SHA512', 'sha512'))).toBe(true);
    expect(signatureMatches(`${body} `, key, expected)).toBe(false);
    expect(signatureMatches(body, 'other', expected)).toBe(false);
    expect(signatureMatches(body, key, undefined)).toBe(false);
    expect(signatureMatches(body, '', expected)).toBe(false);
    expect(signatureMatches(body, key, expected.slice(7))).toBe(false);
  });
});
