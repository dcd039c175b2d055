import { describe, expect, test } from 'vitest';
import { HttpClientException } from '@adyen/api-library';
import { CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, PaymentProviderError, SERVICE_UNREACHABLE } from '../stripe-errors';
import { AUTHENTICATION_NEEDED, authorizationFromResult, refusalMessage, toAdyenAppError } from './adyen-errors';
import { adyenAmount, ApiException, rebaseEndpoint } from './adyen-client';

const httpError = (status: number, errorCode: string) => new HttpClientException({
  message: `HTTP Exception: ${status}.`, statusCode: status, errorCode,
  apiError: { status, errorCode, message: 'Adyen text', errorType: 'validation', pspReference: 'PSP0000000000001' } as never,
});

describe('Adyen errors as the shopper reads them', () => {
  test('refusal reasons by code, or by text when no code came, in the wording of the Stripe adapter', () => {
    expect(refusalMessage('2', 'Refused')).toBe(CARD_DECLINED);
    expect(refusalMessage('12')).toBe('Your card has insufficient funds.');
    expect(refusalMessage('6')).toBe('Your card has expired.');
    expect(refusalMessage('24')).toBe("Your card's security code is incorrect.");
    expect(refusalMessage(undefined, 'Not enough balance')).toBe('Your card has insufficient funds.');
    expect(refusalMessage('38')).toBe(AUTHENTICATION_NEEDED);
    // Fraud, blocked and stolen cards are a plain decline on purpose.
    for (const code of ['5', '14', '20', '22']) expect(refusalMessage(code)).toBe(CARD_DECLINED);
    expect(refusalMessage(undefined, 'Some new reason')).toBe(CARD_DECLINED);
  });

  test('HTTP errors: 5xx and 429 unreachable, 401/403 not available, others not processed; the code and pspReference kept for the logs', () => {
    expect(toAdyenAppError(httpError(500, '905'))).toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE });
    expect(toAdyenAppError(httpError(429, '000'))).toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE });
    expect(toAdyenAppError(httpError(401, '000'))).toMatchObject({ type: 'unavailable', status: 503, message: PAYMENTS_NOT_AVAILABLE });
    expect(toAdyenAppError(httpError(403, '901'))).toMatchObject({ type: 'unavailable', message: PAYMENTS_NOT_AVAILABLE });
    const invalid = toAdyenAppError(httpError(422, '137'));
    expect(invalid).toBeInstanceOf(PaymentProviderError);
    expect(invalid).toMatchObject({ type: 'unprocessable', message: NOT_PROCESSED, providerCode: '137', requestId: 'PSP0000000000001' });
    expect((invalid as Error).message).not.toContain('Adyen text');
    expect(toAdyenAppError(new ApiException('connect ECONNREFUSED 127.0.0.1:1'))).toMatchObject({ type: 'unavailable', message: SERVICE_UNREACHABLE });
    expect(toAdyenAppError(new ApiException('Invalid X-API-Key was used', 401))).toMatchObject({ type: 'unavailable', message: PAYMENTS_NOT_AVAILABLE });
    const bug = new TypeError('a bug of ours');
    expect(toAdyenAppError(bug)).toBe(bug);
  });

  test('result codes as authorizations', () => {
    expect(authorizationFromResult({ pspReference: 'P', resultCode: 'Authorised', amount: { value: 2599, currency: 'USD' } }, 1, false))
      .toEqual({ reference: 'P', status: 'authorized', authorizedCents: 2599 });
    expect(authorizationFromResult({ pspReference: 'P', resultCode: 'Authorised' }, 1200, false)).toMatchObject({ authorizedCents: 1200 });
    for (const resultCode of ['RedirectShopper', 'IdentifyShopper', 'ChallengeShopper']) {
      expect(authorizationFromResult({ pspReference: 'P', resultCode, action: { type: 'redirect', url: 'https://bank.example/3ds' } }, 1, true))
        .toEqual({ reference: 'P', status: 'requires_action', authorizedCents: 0, nextActionUrl: 'https://bank.example/3ds' });
      expect(authorizationFromResult({ pspReference: 'P', resultCode, action: { type: 'redirect', url: 'https://bank.example/3ds' } }, 1, false))
        .toEqual({ reference: 'P', status: 'declined', authorizedCents: 0, declineMessage: AUTHENTICATION_NEEDED });
    }
    expect(authorizationFromResult({ pspReference: 'P', resultCode: 'ChallengeShopper', action: { type: 'threeDS2' } }, 1, true)).toMatchObject({ status: 'declined' });
    expect(authorizationFromResult({ pspReference: 'P', resultCode: 'Received' }, 1, true)).toEqual({ reference: 'P', status: 'requires_action', authorizedCents: 0 });
    expect(authorizationFromResult({ pspReference: 'P', resultCode: 'Refused', refusalReason: 'Not enough balance', refusalReasonCode: '12' }, 1, true))
      .toEqual({ reference: 'P', status: 'declined', authorizedCents: 0, declineMessage: 'Your card has insufficient funds.' });
    expect(authorizationFromResult({ pspReference: 'P', resultCode: 'Error', refusalReasonCode: '0' }, 1, true)).toMatchObject({ status: 'declined', declineMessage: CARD_DECLINED });
    expect(authorizationFromResult({ pspReference: 'P', resultCode: 'Cancelled' }, 1, true)).toMatchObject({ status: 'declined', declineMessage: CARD_DECLINED });
    expect(authorizationFromResult({ pspReference: 'P', resultCode: 'PartiallyAuthorised' }, 1, true)).toMatchObject({ status: 'declined', declineMessage: NOT_PROCESSED });
  });
});

describe('amounts and addresses', () => {
  test('cents are Adyen minor units of a two-decimal currency, upper-cased; other currencies are refused', () => {
    expect(adyenAmount(2599, 'usd')).toEqual({ currency: 'USD', value: 2599 });
    expect(adyenAmount(1, 'EUR')).toEqual({ currency: 'EUR', value: 1 });
    for (const currency of ['JPY', 'KWD', 'us', '']) expect(() => adyenAmount(100, currency)).toThrow();
  });

  test('ADYEN_API_BASE takes the place of Adyen\'s Checkout host, test or live; without it nothing changes', () => {
    expect(rebaseEndpoint('https://checkout-test.adyen.com/v72/payments', 'http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321/v72/payments');
    expect(rebaseEndpoint('https://abc-checkout-live.adyenpayments.com/checkout/v72/payments/P/captures', 'http://127.0.0.1:4321/'))
      .toBe('http://127.0.0.1:4321/v72/payments/P/captures');
    expect(rebaseEndpoint('https://checkout-test.adyen.com/v72/payments', undefined)).toBe('https://checkout-test.adyen.com/v72/payments');
  });
});
