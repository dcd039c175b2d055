import { describe, expect, test } from 'vitest';
import Stripe from 'stripe';
import {
  authorizationFromIntent, CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, PaymentProviderError, SERVICE_UNREACHABLE,
  shopperMessage, toAppError,
} from './stripe-errors';

// stripe-mock never declines, so the mapping of Stripe's errors and PaymentIntent statuses is tested here as
// pure functions, on the SDK's own error classes and on intents shaped like Stripe's.
const cardError = (code: string, decline_code?: string) =>
  new Stripe.errors.StripeCardError({ type: 'card_error', code, decline_code, message: 'raw provider text', statusCode: 402 });

describe('shopper messages for Stripe errors', () => {
  test('card declines read as the shopper expects, by decline code first', () => {
    expect(shopperMessage(cardError('card_declined', 'generic_decline'))).toBe(CARD_DECLINED);
    expect(shopperMessage(cardError('card_declined', 'insufficient_funds'))).toBe('Your card has insufficient funds.');
    expect(shopperMessage(cardError('expired_card'))).toBe('Your card has expired.');
    expect(shopperMessage(cardError('incorrect_cvc'))).toBe("Your card's security code is incorrect.");
    expect(shopperMessage(cardError('incorrect_number'))).toBe('Your card number is incorrect.');
    expect(shopperMessage(cardError('processing_error'))).toBe('An error occurred while processing your card. Please try again.');
    // Lost, stolen and fraud declines are not told apart (Stripe's advice: the card holder asks their bank).
    expect(shopperMessage(cardError('card_declined', 'stolen_card'))).toBe(CARD_DECLINED);
    expect(shopperMessage(cardError('card_declined', 'fraudulent'))).toBe(CARD_DECLINED);
  });

  test('outages, a refused key and bad requests get plain messages', () => {
    expect(shopperMessage(new Stripe.errors.StripeConnectionError({ message: 'ECONNREFUSED' }))).toBe(SERVICE_UNREACHABLE);
    expect(shopperMessage(new Stripe.errors.StripeAPIError({ type: 'api_error', message: 'x' }))).toBe(SERVICE_UNREACHABLE);
    expect(shopperMessage(new Stripe.errors.StripeRateLimitError({ type: 'invalid_request_error', message: 'x' }))).toBe(SERVICE_UNREACHABLE);
    expect(shopperMessage(new Stripe.errors.StripeAuthenticationError({ type: 'invalid_request_error', message: 'Invalid API Key provided: sk_live_abc' }))).toBe(PAYMENTS_NOT_AVAILABLE);
    expect(shopperMessage(new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', message: 'No such payment_intent' }))).toBe(NOT_PROCESSED);
    // a PaymentIntent's last_payment_error carries the API's type only
    expect(shopperMessage({ type: 'card_error', code: 'expired_card' })).toBe('Your card has expired.');
  });

  test('toAppError keeps our message and the code for logs, never the provider text; other errors pass unchanged', () => {
    const mapped = toAppError(new Stripe.errors.StripeAuthenticationError({ type: 'invalid_request_error', message: 'Invalid API Key provided: sk_live_abc' }));
    expect(mapped).toBeInstanceOf(PaymentProviderError);
    expect(mapped).toMatchObject({ type: 'unavailable', status: 503, message: PAYMENTS_NOT_AVAILABLE });
    expect(JSON.stringify(mapped)).not.toContain('sk_live');
    expect(toAppError(cardError('card_declined', 'insufficient_funds'))).toMatchObject({ type: 'unprocessable', providerCode: 'insufficient_funds' });
    const bug = new TypeError('ours');
    expect(toAppError(bug)).toBe(bug);
  });
});

describe('authorizationFromIntent', () => {
  const intent = { id: 'pi_1', amount_capturable: 0, amount_received: 0, next_action: null, last_payment_error: null };

  test('only a held intent is authorized, for what it holds', () => {
    expect(authorizationFromIntent({ ...intent, status: 'requires_capture', amount_capturable: 2599 }))
      .toEqual({ reference: 'pi_1', status: 'authorized', authorizedCents: 2599 });
  });

  test("the shopper's bank asks to confirm: requires_action with its redirect when Stripe gave one", () => {
    expect(authorizationFromIntent({ ...intent, status: 'requires_action', next_action: { redirect_to_url: { url: 'https://hooks.example/3ds' } } }))
      .toEqual({ reference: 'pi_1', status: 'requires_action', authorizedCents: 0, nextActionUrl: 'https://hooks.example/3ds' });
    expect(authorizationFromIntent({ ...intent, status: 'requires_action', next_action: {} })).not.toHaveProperty('nextActionUrl');
  });

  test('a failed attempt or a canceled intent is declined with a readable message', () => {
    expect(authorizationFromIntent({ ...intent, status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } }))
      .toEqual({ reference: 'pi_1', status: 'declined', authorizedCents: 0, declineMessage: 'Your card has insufficient funds.' });
    expect(authorizationFromIntent({ ...intent, status: 'canceled' })).toMatchObject({ status: 'declined', declineMessage: NOT_PROCESSED });
  });
});
