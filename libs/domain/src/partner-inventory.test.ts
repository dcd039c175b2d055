import { describe, expect, it } from 'vitest';
import { MAX_PARTNER_BUSINESSES, partnerBusinessIdsOf, partnershipShown } from './partner-inventory';

describe('partner businesses', () => {
  it('shows another store only where both list each other', () => {
    const a = { businessId: 101, partners: [202, 303] };
    expect(partnershipShown(a, { businessId: 202, partners: [101] })).toBe(true);
    expect(partnershipShown(a, { businessId: 303, partners: [] })).toBe(false); // A lists C, C does not list A
    expect(partnershipShown({ businessId: 101, partners: [] }, { businessId: 404, partners: [101] })).toBe(false); // D lists A only
    expect(partnershipShown(a, { businessId: 101, partners: [101] })).toBe(false); // itself is no partner
  });

  it('reads the stored list as whole business ids, each once, without its own, at most ten', () => {
    expect(partnerBusinessIdsOf([202, '303', 202, 101, -1, 1.5, 'x', null], 101)).toEqual([202, 303]);
    expect(partnerBusinessIdsOf(undefined, 101)).toEqual([]);
    expect(partnerBusinessIdsOf('202', 101)).toEqual([]);
    expect(partnerBusinessIdsOf(Array.from({ length: 20 }, (_, i) => i + 1), 0)).toHaveLength(MAX_PARTNER_BUSINESSES);
  });
});
