import { describe, expect, it } from 'vitest';
import { deliveryDateLabel, deliveryDateProblem, isCalendarDay, orderTimeline, prepareStepTransition } from './checkout';

describe('preparing steps', () => {
  it('move a new, taken or being-prepared order to being prepared; never a ready, completed or cancelled one; other words are no step', () => {
    for (const status of ['placed', 'taken', 'preparing']) expect(prepareStepTransition(status, 'picked')).toEqual({ ok: true, status: 'preparing' });
    expect(prepareStepTransition('prepared', 'packed')).toEqual({ ok: false, unknownStep: false, message: 'This order is ready already: preparing steps are over.' });
    expect(prepareStepTransition('completed', 'picking')).toMatchObject({ ok: false, unknownStep: false });
    expect(prepareStepTransition('cancelled', 'picking')).toMatchObject({ ok: false, unknownStep: false });
    expect(prepareStepTransition('taken', 'Picking')).toMatchObject({ ok: false, unknownStep: true, message: 'Choose a step: picking, picked or packed.' });
  });

  it('show the shopper Being prepared once however many steps', () => {
    const at = '2026-11-20T10:00:00.000Z';
    const steps = orderTimeline(at, [{ status: 'taken', at }, { status: 'preparing', at, note: 'Step: Picking' }, { status: 'preparing', at, note: 'Step: Packed' }]);
    expect(steps.map((s) => s.label)).toEqual(['Placed', 'Received by the store', 'Being prepared']);
  });
});

describe('the expected delivery date', () => {
  const line = { quantity: 2, special: false };
  it('suits delivery, shipping and special-order items of an outstanding order, on a real day not before today', () => {
    const today = '2026-11-25';
    expect(deliveryDateProblem({ status: 'placed', orderType: 'delivery', items: [line] }, '2026-11-25', today)).toBeNull();
    expect(deliveryDateProblem({ status: 'taken', orderType: 'shipping', items: [line] }, '2026-12-01', today)).toBeNull();
    expect(deliveryDateProblem({ status: 'placed', orderType: 'pickup', items: [line, { quantity: 1, special: true }] }, '2026-12-01', today)).toBeNull();
    expect(deliveryDateProblem({ status: 'placed', orderType: 'pickup', items: [line, { quantity: 1, cancelledQuantity: 1, special: true }] }, '2026-12-01', today))
      .toEqual({ status: 422, message: 'A pickup order with no special-order items has no delivery date.' });
    expect(deliveryDateProblem({ status: 'placed', orderType: 'delivery', items: [line] }, '2026-11-24', today)).toEqual({ status: 422, message: 'The delivery date cannot be in the past.' });
    expect(deliveryDateProblem({ status: 'placed', orderType: 'delivery', items: [line] }, '2026-11-31', today)).toMatchObject({ status: 422 });
    expect(deliveryDateProblem({ status: 'completed', orderType: 'delivery', items: [line] }, '2026-12-01', today)).toMatchObject({ status: 409 });
  });
  it('reads as a day', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(deliveryDateLabel('2026-12-03')).toBe('Thursday, December 3, 2026');
  });
});
