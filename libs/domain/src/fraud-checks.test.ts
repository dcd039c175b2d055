import { describe, expect, it } from 'vitest';
import { fraudSignals, fraudVerifiedNote, LARGE_FIRST_ORDER_INVALID, largeFirstOrderCents, largeFirstOrderProblem, otherCardHolders, type FraudFacts } from './fraud-checks';

const card = { cvc: 'pass', addressLine1: 'unchecked', postalCode: 'pass', riskLevel: 'normal', billingPostalCode: null, billingCountry: null } as const;
const base: FraudFacts = { card, orderType: 'pickup', address: null, totalCents: 4999, email: 'ann@example.com', name: 'Ann Able', sameCard: [], earlierOrders: 0 };
const codes = (facts: Partial<FraudFacts>) => fraudSignals({ ...base, ...facts }).signals.map((s) => s.code);

describe('fraud signals', () => {
  it('none for a small order whose card passed its checks', () => {
    expect(fraudSignals(base)).toEqual({ level: 'none', signals: [] });
  });

  it("the same card under another e-mail (or, without e-mails, another name) is a signal; the customer's own orders are not", () => {
    expect(otherCardHolders({ ...base, sameCard: [{ email: 'ANN@example.com ', name: 'Ann B. Able' }] })).toEqual([]);
    expect(otherCardHolders({ ...base, sameCard: [{ email: 'bo@example.com', name: 'Bo' }, { email: 'bo@example.com', name: 'Bo' }] })).toEqual(['Bo <bo@example.com>']);
    expect(otherCardHolders({ ...base, email: '', sameCard: [{ email: '', name: 'ann able' }, { email: '', name: 'Cy' }] })).toEqual(['Cy']);
    expect(fraudSignals({ ...base, sameCard: [{ email: 'bo@example.com', name: 'Bo' }] })).toMatchObject({ level: 'review', signals: [{ code: 'card_shared' }] });
  });

  it("the bank's failed checks and a raised risk level; unavailable or unchecked are not failures", () => {
    expect(codes({ card: { ...card, cvc: 'fail', postalCode: 'fail', addressLine1: 'fail', riskLevel: 'highest' } })).toEqual(['cvc_failed', 'postal_code_failed', 'address_failed', 'risk_elevated']);
    expect(codes({ card: { ...card, cvc: 'unavailable', postalCode: 'unchecked', riskLevel: 'not_assessed' } })).toEqual([]);
  });

  it('a billing postal code other than the delivery address, never for pickup; ZIP+4 is the same place', () => {
    const billed = { ...card, billingPostalCode: '97301' };
    expect(codes({ card: billed, orderType: 'shipping', address: { zip: '10001' } })).toEqual(['billing_not_shipping']);
    expect(fraudSignals({ ...base, card: billed, orderType: 'delivery', address: { zip: '10001' } }).signals[0].message).toBe("The card's billing postal code (97301) is not the delivery address's (10001).");
    expect(codes({ card: billed, orderType: 'shipping', address: { zip: '97301-1234' } })).toEqual([]);
    expect(codes({ card: { ...card, billingPostalCode: 'k1a 0b1' }, orderType: 'shipping', address: { zip: 'K1A0B1' } })).toEqual([]);
    expect(codes({ card: billed, orderType: 'pickup', address: null })).toEqual([]);
  });

  it('a first order of $500.00 or more; not a later one, not a smaller one', () => {
    expect(fraudSignals({ ...base, card: null, totalCents: 50_000 }).signals).toEqual([{ code: 'large_first_order', message: "The customer's first order, and a large one: $500.00 (first orders of $500.00 or more are checked)." }]);
    expect(codes({ totalCents: 49_999 })).toEqual([]);
    expect(codes({ totalCents: 90_000, earlierOrders: 2 })).toEqual([]);
  });

  it("a store's own threshold: a lower one flags what $500.00 would not, a higher one spares what it would", () => {
    expect(codes({ card: null, totalCents: 20_000 })).toEqual([]);
    expect(fraudSignals({ ...base, card: null, totalCents: 20_000, largeFirstOrderCents: 15_000 }).signals).toEqual([{ code: 'large_first_order', message: "The customer's first order, and a large one: $200.00 (first orders of $150.00 or more are checked)." }]);
    expect(codes({ totalCents: 60_000, largeFirstOrderCents: 100_000 })).toEqual([]);
  });

  it('a threshold is whole cents from $1.00 to $1,000,000.00; anything else is refused and the default used', () => {
    for (const good of [100, 15_000, 100_000_000]) expect(largeFirstOrderProblem(good)).toBeNull();
    for (const bad of [0, 99, -500, 150.5, 100_000_001, '15000', null, undefined, Number.NaN]) expect(largeFirstOrderProblem(bad)).toBe(LARGE_FIRST_ORDER_INVALID);
    expect(largeFirstOrderCents(15_000)).toBe(15_000);
    expect(largeFirstOrderCents(undefined)).toBe(50_000);
    expect(largeFirstOrderCents('15000')).toBe(50_000);
  });

  it("the history line names the signals accepted and the staff's note", () => {
    expect(fraudVerifiedNote([{ code: 'cvc_failed', message: '' }], ' ID seen ')).toBe('Fraud checks verified (cvc failed): ID seen');
    expect(fraudVerifiedNote([], '')).toBe('Fraud checks verified (no signals)');
  });
});
