import { describe, expect, it } from 'vitest';
import {
  MAX_PARTNER_BUSINESSES, PARTNER_ID_INVALID, PARTNER_ID_OWN, partnerBusinessIdProblem, partnerBusinessIdsOf, partnerIdListed, PARTNERS_FULL, partnershipShown,
} from './partner-inventory';

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

  it("checks an id the owner adds as the server keeps the list: a whole id, not its own, each once, at most ten", () => {
    expect(partnerBusinessIdProblem(' 202 ', 101, [303])).toBeNull();
    for (const typed of ['', 'abc', '2.5', '-4', '0', '1234567890123']) expect(partnerBusinessIdProblem(typed, 101, [])).toBe(PARTNER_ID_INVALID);
    expect(partnerBusinessIdProblem('101', 101, [])).toBe(PARTNER_ID_OWN);
    expect(partnerBusinessIdProblem('303', 101, [303])).toBe(partnerIdListed(303));
    expect(partnerBusinessIdProblem('999', 101, Array.from({ length: MAX_PARTNER_BUSINESSES }, (_, i) => i + 1))).toBe(PARTNERS_FULL);
  });
});
