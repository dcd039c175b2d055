import { describe, expect, it } from 'vitest';
import { badgedTitle, isNewOrderEvent, liveEventReaches, OTHER_DEPARTMENT, pickListGroups, SPECIAL_ORDER_GROUP } from './live-orders';
import { orderReadyText } from './order-notices';

describe('live orders', () => {
  const placed = { kind: 'placed' as const, id: 'a', order_number: '1001', status: 'placed', location_id: 2 };

  it('reaches staff bound to the order\'s location, and everyone not bound to one', () => {
    expect(liveEventReaches(placed, 2)).toBe(true);
    expect(liveEventReaches(placed, 3)).toBe(false);
    expect(liveEventReaches(placed, null)).toBe(true);
    expect(liveEventReaches({ location_id: 3, from_location_id: 2 }, 2)).toBe(true);
  });

  it('announces placed orders, and orders moved into a bound location', () => {
    expect(isNewOrderEvent(placed, null)).toBe(true);
    expect(isNewOrderEvent({ ...placed, kind: 'changed' }, null)).toBe(false);
    expect(isNewOrderEvent({ ...placed, kind: 'moved', from_location_id: 1 }, 2)).toBe(true);
    expect(isNewOrderEvent({ ...placed, kind: 'moved', location_id: 1, from_location_id: 2 }, 2)).toBe(false);
  });

  it('badges the tab title with the unseen count', () => {
    expect(badgedTitle(2, 'Demo Hardware')).toBe('(2) Orders · Demo Hardware');
    expect(badgedTitle(0, 'Demo Hardware')).toBe('Demo Hardware');
  });

  it('groups the pick list by department, then lines without one, then special orders', () => {
    const items = [
      { id: 'o.0', special: false }, { id: 'o.1', special: false }, { id: 'o.2', special: true }, { id: 'o.3', special: false }, { id: 'o.4', special: false },
    ];
    const groups = pickListGroups(items, { 'o.0': 'Plumbing', 'o.1': 'Electrical', 'o.2': 'Plumbing', 'o.4': 'Plumbing' });
    expect(groups.map((g) => [g.department, g.items.map((i) => i.id)])).toEqual([
      ['Electrical', ['o.1']], ['Plumbing', ['o.0', 'o.4']], [OTHER_DEPARTMENT, ['o.3']], [SPECIAL_ORDER_GROUP, ['o.2']],
    ]);
  });

  it('words the ready text by how the order leaves the store', () => {
    const order = { order_number: '1001', order_type: 'pickup', store: { name: 'Main St' } };
    expect(orderReadyText('Demo Hardware', order)).toBe('Demo Hardware: your order 1001 is ready for pickup at Main St.');
    expect(orderReadyText('Demo Hardware', { ...order, order_type: 'delivery' }, 30)).toBe('Demo Hardware: your order 1001 is on its way, in about 30 minutes.');
  });
});
