import { describe, expect, it } from 'vitest';
import {
  addFigures, cancelledLinesCents, dayInZone, dayStartInZone, daysCovered, isTimeZone, NO_FIGURES, parseReconciliationRowId, reconcileOfflineOrder, reconcileOrder, reconciliationRowId,
  type ReconciledOrderInput,
} from './reconciliation';

const card = (over: Partial<ReconciledOrderInput> = {}): ReconciledOrderInput => ({
  status: 'completed', totalCents: 5000, paymentMethod: 'card', paymentStatus: 'paid', capturedCents: 5000, refundedCents: 0, cancelledLinesCents: 0, ...over,
});
const atStore = (over: Partial<ReconciledOrderInput> = {}) => card({ paymentMethod: 'pay_at_store', paymentStatus: 'due', capturedCents: 0, ...over });

describe('reconciling an order', () => {
  it('a card order that kept what it sells, after a line was cancelled and refunded, is in order', () => {
    const { figures, problems } = reconcileOrder(card({ status: 'taken', refundedCents: 1200, cancelledLinesCents: 1200 }));
    expect(problems).toEqual([]);
    expect(figures).toMatchObject({ orders: 1, totalCents: 5000, cancelledCents: 1200, salesCents: 3800, capturedCents: 5000, refundedCents: 1200, differenceCents: 0, flagged: 0, dueAtStoreCents: 0 });
  });

  it('paid at the store: due until completed, then collected; a cancelled one comes to nothing; an account owes its charges', () => {
    expect(reconcileOrder(atStore({ status: 'placed', cancelledLinesCents: 500 })).figures).toMatchObject({ salesCents: 4500, dueAtStoreCents: 4500, paidAtStoreCents: 0, differenceCents: 0 });
    expect(reconcileOrder(atStore({ status: 'completed' })).figures).toMatchObject({ dueAtStoreCents: 0, paidAtStoreCents: 5000 });
    expect(reconcileOrder(atStore({ status: 'cancelled' })).figures).toMatchObject({ cancelledOrders: 1, cancelledCents: 5000, salesCents: 0, dueAtStoreCents: 0 });
    expect(reconcileOrder(atStore({ paymentMethod: 'ar_account', status: 'taken' })).figures).toMatchObject({ onAccountCents: 5000, dueAtStoreCents: 0, paidAtStoreCents: 0 });
  });

  it('flags a card payment never taken, a refund over the capture, money kept after a cancel and an amount that differs', () => {
    expect(reconcileOrder(card({ paymentStatus: 'authorized', capturedCents: 0 })).problems).toEqual([
      { code: 'card_not_captured', message: 'The card payment of $50.00 is held on the card but was never taken.' },
    ]);
    expect(reconcileOrder(card({ refundedCents: 6000 })).problems.map((p) => p.message)).toEqual(['$60.00 was refunded, more than the $50.00 taken.']);
    expect(reconcileOrder(card({ status: 'cancelled', refundedCents: 4500 })).problems).toEqual([{ code: 'kept_after_cancel', message: 'The order is cancelled, but $5.00 is still taken on the card.' }]);
    const short = reconcileOrder(card({ capturedCents: 4000 }));
    expect(short.problems).toEqual([{ code: 'card_amount_differs', message: 'The card kept $40.00, but the order comes to $50.00.' }]);
    expect(short.figures).toMatchObject({ differenceCents: -1000, flagged: 1 });
    // A cancelled card order whose hold was released is in order.
    expect(reconcileOrder(card({ status: 'cancelled', paymentStatus: 'voided', capturedCents: 0 })).problems).toEqual([]);
  });

  it('adds figures up, and values cancelled units as cancelItem refunds them', () => {
    const sum = addFigures(addFigures(NO_FIGURES, reconcileOrder(card()).figures), reconcileOrder(atStore({ status: 'cancelled' })).figures);
    expect(sum).toMatchObject({ orders: 2, cancelledOrders: 1, totalCents: 10000, salesCents: 5000, capturedCents: 5000 });
    expect(cancelledLinesCents({ subtotalCents: 2000, discountCents: 200, taxCents: 180, items: [{ priceCents: 1000, cancelledQuantity: 1 }, { priceCents: 1000 }] })).toBe(1000 - 100 + 90);
  });
});

describe('days and stores', () => {
  it('names a row by its day and store', () => {
    expect(reconciliationRowId('2026-11-24', 2)).toBe('2026-11-24_2');
    expect(parseReconciliationRowId('2026-11-24_2')).toEqual({ day: '2026-11-24', locationId: 2 });
    expect(parseReconciliationRowId('2026-02-30_2')).toBeNull();
    expect(parseReconciliationRowId('nonsense')).toBeNull();
    expect(daysCovered('2026-11-01', '2026-11-30')).toBe(30);
  });

  it('reads days in the time zone asked, across a clock change', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    const lateEvening = Date.parse('2026-11-25T03:30:00Z'); // 9:30 pm on the 24th in Chicago
    expect(dayInZone(lateEvening, 'America/Chicago')).toBe('2026-11-24');
    expect(dayInZone(lateEvening, 'UTC')).toBe('2026-11-25');
    expect(new Date(dayStartInZone('2026-11-24', 'America/Chicago')).toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(new Date(dayStartInZone('2026-03-08', 'America/Chicago')).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(new Date(dayStartInZone('2026-03-09', 'America/Chicago')).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(new Date(dayStartInZone('2026-11-24', 'UTC')).toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });
});

describe('offline orders in reconciliation', () => {
  it('count as orders paid at the store, due until marked paid, never flagged, and are counted apart', () => {
    expect(reconcileOfflineOrder({ totalCents: 2100, paid: true })).toEqual({
      figures: { ...NO_FIGURES, orders: 1, offlineOrders: 1, totalCents: 2100, salesCents: 2100, paidAtStoreCents: 2100 }, problems: [],
    });
    expect(reconcileOfflineOrder({ totalCents: 700, paid: false }).figures).toEqual({ ...NO_FIGURES, orders: 1, offlineOrders: 1, totalCents: 700, salesCents: 700, dueAtStoreCents: 700 });
    const online = reconcileOrder({ status: 'placed', totalCents: 1000, paymentMethod: 'pay_at_store', paymentStatus: 'due', capturedCents: 0, refundedCents: 0, cancelledLinesCents: 0 }).figures;
    expect(addFigures(online, reconcileOfflineOrder({ totalCents: 700, paid: false }).figures)).toMatchObject({ orders: 2, offlineOrders: 1, dueAtStoreCents: 1700 });
  });
});
