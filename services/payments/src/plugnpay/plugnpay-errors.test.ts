import { describe, expect, test } from 'vitest';
import { CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, PaymentProviderError, SERVICE_UNREACHABLE } from '../stripe-errors';
import { fromPnpAmount, isDecline, parseAnswer, shopperMessage, succeeded, toAppError, toPnpAmount, unreachable } from './plugnpay-errors';

describe('Plug\'n Pay answers read as the shopper\'s and the store\'s messages', () => {
  test('an answer is a URL-encoded name/value string', () => {
    expect(parseAnswer('FinalStatus=success&auth-code=ABC123&MErrMsg=Some+text%21&orderID=123\n'))
      .toEqual({ FinalStatus: 'success', 'auth-code': 'ABC123', MErrMsg: 'Some text!', orderID: '123' });
  });

  test('success and pending succeed; badcard and fraud are declines; problem is neither', () => {
    expect(succeeded({ FinalStatus: 'success' }) && succeeded({ FinalStatus: 'pending' })).toBe(true);
    expect(succeeded({ FinalStatus: 'badcard' }) || succeeded({ FinalStatus: 'problem' }) || succeeded({})).toBe(false);
    expect(isDecline({ FinalStatus: 'badcard' }) && isDecline({ FinalStatus: 'fraud' })).toBe(true);
    expect(isDecline({ FinalStatus: 'problem' })).toBe(false);
  });

  test('declines in the Stripe adapter\'s wording; fraud stays a plain decline; never MErrMsg', () => {
    expect(shopperMessage({ FinalStatus: 'badcard', 'resp-code': '05', MErrMsg: 'Do Not Honor (raw)' })).toBe(CARD_DECLINED);
    expect(shopperMessage({ FinalStatus: 'badcard', 'resp-code': '51' })).toBe('Your card has insufficient funds.');
    expect(shopperMessage({ FinalStatus: 'badcard', 'resp-code': '54' })).toBe('Your card has expired.');
    expect(shopperMessage({ FinalStatus: 'badcard', 'resp-code': 'P57' })).toBe('Your card has expired.');
    expect(shopperMessage({ FinalStatus: 'badcard', 'resp-code': 'N7' })).toBe("Your card's security code is incorrect.");
    expect(shopperMessage({ FinalStatus: 'fraud', 'resp-code': 'P50', MErrMsg: 'Fraud Screen Failure' })).toBe(CARD_DECLINED);
    expect(shopperMessage({ FinalStatus: 'problem', MErrMsg: 'orderID was not marked' })).toBe(NOT_PROCESSED);
  });

  test('our credentials refused (P91, P93, P94, P98…) and the processor silent (P97) are unavailable; the rest unprocessable', () => {
    for (const code of ['P91', 'P92', 'P93', 'P94', 'P98']) {
      expect(toAppError({ FinalStatus: 'problem', 'resp-code': code })).toMatchObject({ type: 'unavailable', status: 503, message: PAYMENTS_NOT_AVAILABLE, providerCode: code });
    }
    expect(toAppError({ FinalStatus: 'problem', 'resp-code': 'P97' })).toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE });
    const other = toAppError({ FinalStatus: 'problem', 'resp-code': 'P21', MErrMsg: 'secret details', orderID: '42' });
    expect(other).toBeInstanceOf(PaymentProviderError);
    expect(other).toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED, providerCode: 'P21', requestId: '42' });
    expect(other.message).not.toContain('secret');
    expect(unreachable('ECONNREFUSED')).toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE, providerCode: 'ECONNREFUSED' });
  });

  test('amounts: integer cents to a decimal string and back, in one place', () => {
    expect(toPnpAmount(2599)).toBe('25.99');
    expect(toPnpAmount(5)).toBe('0.05');
    expect(toPnpAmount(100)).toBe('1.00');
    expect(toPnpAmount(123456789)).toBe('1234567.89');
    expect(fromPnpAmount('25.99')).toBe(2599);
    expect(fromPnpAmount('25.9')).toBe(2590);
    expect(fromPnpAmount('25')).toBe(2500);
    expect(fromPnpAmount('1,025.99')).toBe(102599);
    for (const bad of ['', '$5.00', '5.999', '-1.00', 'abc', undefined]) expect(fromPnpAmount(bad)).toBeNaN();
    for (const cents of [1, 99, 100, 2599, 999999]) expect(fromPnpAmount(toPnpAmount(cents))).toBe(cents);
  });
});
