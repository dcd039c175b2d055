import { describe, expect, it } from 'vitest';
import { arAccountFromInput, checkoutChargeProblem, chargedToAccountLabel, chargeToAccountLabel, AR_OVER_CREDIT_LIMIT, arAccountMatches, arBalanceCents, arChargeProblem, orderAmountDueCents, orderChargeProblem, arPaymentProblem, parseAmountCents, AR_LIMIT_NEEDED, AR_NUMBER_NEEDED, AR_PAYMENT_NEEDED } from './index';

const ACCOUNT = { number: '1001', name: 'Smith Builders', status: 'active', creditLimitCents: 100_000, balanceCents: 90_000 };
const ORDER = { status: 'taken', totalCents: 10_800, subtotalCents: 10_000, discountCents: 0, taxCents: 800, items: [{ priceCents: 2_500 }, { priceCents: 7_500 }], payment: { method: 'pay_at_store', status: 'due' } };

describe('AR accounts', () => {
  it('reads amounts as people type them, in cents', () => {
    expect(parseAmountCents('2500')).toBe(250_000);
    expect(parseAmountCents(' $2,500.5 ')).toBe(250_050);
    expect(parseAmountCents('0.99')).toBe(99);
    for (const bad of ['', 'abc', '-5', '1.234', '10000000', '2,50']) expect(parseAmountCents(bad), bad).toBeNull();
  });

  it('checks the account form field by field and keeps it tidy', () => {
    expect(arAccountFromInput({ number: ' ', name: '', credit_limit: '0', contact_email: 'nope', contact_phone: '123' })).toEqual({
      ok: false, problems: { number: AR_NUMBER_NEEDED, name: expect.any(String), contact_email: 'Please enter a valid email address.', contact_phone: 'Please enter a valid phone number.', credit_limit: AR_LIMIT_NEEDED },
    });
    expect(arAccountFromInput({ number: 'ab-12', name: ' Smith Builders ', credit_limit: '5,000', contact_phone: '(503) 555-0142', contact_email: ' Pat@Smith.com ' })).toEqual({
      ok: true, value: { number: 'AB-12', name: 'Smith Builders', contact: { name: '', email: 'pat@smith.com', phone: '5035550142' }, creditLimitCents: 500_000, status: 'active' },
    });
  });

  it('owes the charged orders less the payments', () => {
    expect(arBalanceCents({ charges: [{ amountCents: 5_000 }, { amountCents: 2_500 }], payments: [{ amountCents: 1_000 }] })).toBe(6_500);
  });

  it('refuses a charge over the credit limit and anything new on hold', () => {
    expect(arChargeProblem(ACCOUNT, 10_000)).toBeNull(); // exactly the limit
    expect(arChargeProblem(ACCOUNT, 10_001)).toBe('This order ($100.01) would take account 1001 to $1000.01, over its credit limit of $1000.00. $100.00 is available.');
    expect(arChargeProblem({ ...ACCOUNT, status: 'on_hold' }, 1)).toBe('Account 1001 (Smith Builders) is on hold: it takes no new charges or customers.');
    expect(arChargeProblem({ ...ACCOUNT, status: 'on_hold' }, 0)).toMatch(/on hold/);
    expect(arChargeProblem({ ...ACCOUNT, balanceCents: 200_000 }, 0)).toBeNull(); // a customer may join an account over its limit
  });

  it('charges what is still to pay on an order paid at the store', () => {
    expect(orderAmountDueCents(ORDER)).toBe(10_800);
    expect(orderAmountDueCents({ ...ORDER, items: [{ priceCents: 2_500, cancelledQuantity: 1 }, { priceCents: 7_500 }] })).toBe(10_800 - 2_700);
    expect(orderAmountDueCents({ ...ORDER, status: 'cancelled' })).toBe(0);
    expect(orderChargeProblem(ORDER)).toBeNull();
    expect(orderChargeProblem({ ...ORDER, payment: { method: 'card', status: 'paid' } })).toEqual({ status: 422, message: 'This order is paid by card: there is nothing due at the store to charge.' });
    expect(orderChargeProblem({ ...ORDER, status: 'cancelled' })?.status).toBe(409);
    expect(orderChargeProblem({ ...ORDER, arAccount: { number: '1001', name: 'Smith Builders' } })).toEqual({ status: 409, message: 'This order is charged to account 1001 (Smith Builders) already.' });
  });

  it('records payments up to what is owed', () => {
    expect(arPaymentProblem(null, 5_000)).toBe(AR_PAYMENT_NEEDED);
    expect(arPaymentProblem(0, 5_000)).toBe(AR_PAYMENT_NEEDED);
    expect(arPaymentProblem(5_001, 5_000)).toBe('This is more than the account owes ($50.00).');
    expect(arPaymentProblem(100, 0)).toBe('This account owes nothing: there is no payment to record.');
    expect(arPaymentProblem(5_000, 5_000)).toBeNull();
  });

  it('finds an account by the start of its number or of the words of its name', () => {
    expect(arAccountMatches(ACCOUNT, '10')).toBe(true);
    expect(arAccountMatches(ACCOUNT, '#1001')).toBe(true);
    expect(arAccountMatches(ACCOUNT, 'smi bui')).toBe(true);
    expect(arAccountMatches(ACCOUNT, 'builders')).toBe(true);
    expect(arAccountMatches(ACCOUNT, 'jones')).toBe(false);
    expect(arAccountMatches(ACCOUNT, '01')).toBe(false);
  });

  it('lets a shopper charge an order up to the credit limit, never past it, and nothing to an account on hold', () => {
    expect(checkoutChargeProblem(ACCOUNT, 10_000)).toBeNull();
    expect(checkoutChargeProblem(ACCOUNT, 10_001)).toBe(AR_OVER_CREDIT_LIMIT);
    expect(checkoutChargeProblem({ ...ACCOUNT, status: 'on_hold' }, 1)).toBe('Your account Smith Builders (1001) is on hold: it takes no new orders. Please choose another way to pay, or call the store.');
    expect(chargeToAccountLabel(ACCOUNT)).toBe('Charge to account Smith Builders (1001)');
    expect(chargedToAccountLabel(ACCOUNT)).toBe('Charged to account Smith Builders (1001)');
    expect(chargedToAccountLabel({ number: '1001' })).toBe('Charged to account 1001');
  });
});
