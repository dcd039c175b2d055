import { describe, expect, it } from 'vitest';
import {
  cardEndingLabel, isRunDay, nextRun, parseRecurringPattern, recurringChangeLines, recurringPattern, recurringProductProblem, REMINDER_BEFORE_MS, runAtMs, runDay, runPaymentProblem, upcomingRunDays,
} from './recurring-orders';
import { NOT_ORDERED_ONLINE } from './product-display';

describe('recurring order dates', () => {
  it('repeats weekly, every 2 and 4 weeks from the day of the first order', () => {
    expect(upcomingRunDays('weekly', '2026-11-26', runAtMs('2026-11-26'))).toEqual(['2026-12-03', '2026-12-10', '2026-12-17', '2026-12-24']);
    expect(upcomingRunDays('every-2-weeks', '2026-11-26', runAtMs('2026-11-26'), 3)).toEqual(['2026-12-10', '2026-12-24', '2027-01-07']);
    expect(upcomingRunDays('every-4-weeks', '2026-11-26', runAtMs('2026-11-26'), 2)).toEqual(['2026-12-24', '2027-01-21']);
  });

  it('repeats monthly on the same day, or the last day of a shorter month', () => {
    expect(upcomingRunDays('monthly', '2027-01-31', runAtMs('2027-01-31'), 4)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(runDay('monthly', '2027-12-15', 1)).toBe('2028-01-15');
  });

  it('answers the next run strictly after a moment, however far from the start', () => {
    const at = runAtMs('2026-12-10');
    expect(nextRun('every-2-weeks', '2026-11-26', at).day).toBe('2026-12-24');
    expect(nextRun('every-2-weeks', '2026-11-26', at - 1).day).toBe('2026-12-10');
    expect(nextRun('weekly', '2026-11-26', runAtMs('2031-06-01')).day).toBe('2031-06-05');
    // The reminder comes a day before its run.
    expect(nextRun('weekly', '2026-11-26', runAtMs('2026-11-26'), -REMINDER_BEFORE_MS)).toEqual({ day: '2026-12-03', atMs: runAtMs('2026-12-03') - REMINDER_BEFORE_MS });
  });

  it('knows its run days, and not the first order\'s day or others', () => {
    expect(isRunDay('every-2-weeks', '2026-11-26', '2026-12-10')).toBe(true);
    expect(isRunDay('every-2-weeks', '2026-11-26', '2026-12-03')).toBe(false);
    expect(isRunDay('weekly', '2026-11-26', '2026-11-26')).toBe(false);
    expect(isRunDay('monthly', '2027-01-31', '2027-02-28')).toBe(true);
    expect(isRunDay('monthly', '2027-01-31', 'not-a-day')).toBe(false);
  });

  it('keeps its frequency and start in the scheduler pattern', () => {
    expect(parseRecurringPattern(recurringPattern('every-4-weeks', '2026-11-26'))).toEqual({ frequency: 'every-4-weeks', anchorDay: '2026-11-26' });
    expect(parseRecurringPattern('0 9 * * 1')).toBeNull();
    expect(parseRecurringPattern('recurring daily 2026-11-26')).toBeNull();
  });
});

describe('a change to a recurring order, as its history says it', () => {
  const before = {
    frequency: 'weekly' as const, address: { address: '12 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97302' }, shippingService: 'UPS Ground',
    items: [{ storeProductId: 21, title: 'Hammer', quantity: 2 }, { storeProductId: 11, title: 'Nails', quantity: 1 }],
  };

  it('names each part that changed, in words', () => {
    expect(recurringChangeLines(before, {
      frequency: 'every-2-weeks', address: { address: '4 Oak Ave', address2: 'Apt 2', city: 'Bend', state: 'OR', zip: '97701' }, shippingService: 'UPS 2nd Day Air',
      items: [{ storeProductId: 21, title: 'Hammer', quantity: 3 }],
    })).toEqual([
      'How often: Every week → Every 2 weeks', 'Address: 12 Elm St, Salem, OR 97302 → 4 Oak Ave Apt 2, Bend, OR 97701',
      'Shipping: UPS Ground → UPS 2nd Day Air', 'Hammer: 2 → 3', 'Nails removed',
    ]);
  });

  it('names a product added and a new card', () => {
    const visa = { source: 'pm_1', label: 'Visa ending 4242' };
    expect(recurringChangeLines({ ...before, card: visa }, {
      ...before, card: { source: 'pm_2', label: 'Mastercard ending 4444' }, items: [...before.items, { storeProductId: 31, title: 'Screws', quantity: 2 }],
    })).toEqual(['Screws added: 2', 'Card: Visa ending 4242 → Mastercard ending 4444']);
    // Another card that reads the same (a renewed card) is still a change.
    expect(recurringChangeLines({ ...before, card: visa }, { ...before, card: { ...visa, source: 'pm_3' } })).toEqual(['Card: Visa ending 4242 → Visa ending 4242']);
    expect(recurringChangeLines({ ...before, card: visa }, { ...before, card: { ...visa } })).toEqual([]);
  });

  it('names a switch between paying at the store and a card as the payment', () => {
    const visa = { source: 'pm_1', label: 'Visa ending 4242' };
    expect(recurringChangeLines({ ...before, card: null }, { ...before, card: visa })).toEqual(['Payment: Pay at the store → Visa ending 4242']);
    expect(recurringChangeLines({ ...before, card: visa }, { ...before, card: null })).toEqual(['Payment: Visa ending 4242 → Pay at the store']);
  });

  it('names paying later by how the order reaches the shopper', () => {
    const visa = { source: 'pm_1', label: 'Visa ending 4242' };
    expect(recurringChangeLines({ ...before, orderType: 'delivery', card: visa }, { ...before, orderType: 'delivery', card: null })).toEqual(['Payment: Visa ending 4242 → Pay on delivery']);
    expect(recurringChangeLines({ ...before, orderType: 'shipping', card: null }, { ...before, orderType: 'shipping', card: visa })).toEqual(['Payment: Pay by phone → Visa ending 4242']);
  });

  it('is empty when nothing changed (the same address written otherwise included)', () => {
    expect(recurringChangeLines(before, { ...before, address: { ...before.address, address2: undefined as unknown as string }, items: [...before.items] })).toEqual([]);
  });
});

describe('what a recurring order may hold and show', () => {
  const product = (settings: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({ settings, extra });

  it('takes a product whatever its stock, unless ordering it online is off or it does not go out the order\'s way', () => {
    expect(recurringProductProblem(product(), 'shipping')).toBeNull();
    expect(recurringProductProblem(product({}, { disable_order: 1 }), 'pickup')).toBe(NOT_ORDERED_ONLINE);
    expect(recurringProductProblem(product(), 'pickup', { disableOrdering: true })).toBe(NOT_ORDERED_ONLINE);
    expect(recurringProductProblem(product({ disableShipping: true }), 'shipping')).toBe('Not available for shipping');
    expect(recurringProductProblem(product({ disableShipping: true }), 'pickup')).toBeNull();
    expect(recurringProductProblem(product({ disableDelivery: true, disableDeliveryText: 'Too heavy to deliver' }), 'delivery')).toBe('Too heavy to deliver');
  });

  it('shows a card by its brand and last 4 digits only', () => {
    expect(cardEndingLabel('visa', '4242')).toBe('Visa ending 4242');
    expect(cardEndingLabel('', '0005')).toBe('Card ending 0005');
  });
});

describe("a run's payment while the store offers no cards", () => {
  it('charges a saved card only where cards are offered, and names the way to pay later the order may switch to', () => {
    const card = { paidByCard: true, cardLabel: 'Visa ending 4242' };
    expect(runPaymentProblem({ ...card, orderType: 'pickup' }, { cardsOffered: true })).toBeNull();
    expect(runPaymentProblem({ ...card, orderType: 'pickup' }, { cardsOffered: false })).toBe(
      "Not placed: the store is not taking cards online right now, so your Visa ending 4242 was not charged. Your next orders are charged to it once the store takes cards again; to have them placed meanwhile, choose 'Pay at the store' for this recurring order under Recurring orders.",
    );
    expect(runPaymentProblem({ ...card, orderType: 'delivery' }, { cardsOffered: false })).toContain("choose 'Pay on delivery'");
    expect(runPaymentProblem({ ...card, orderType: 'shipping' }, { cardsOffered: false })).toContain("choose 'Pay by phone'");
    // Paid later already: nothing to charge.
    expect(runPaymentProblem({ paidByCard: false, cardLabel: '', orderType: 'shipping' }, { cardsOffered: false })).toBeNull();
  });
});
