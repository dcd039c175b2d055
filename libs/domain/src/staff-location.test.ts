import { describe, expect, it } from 'vitest';
import { staffListLocation, staffSeesLocation } from './staff-location';

describe('staff bound to a location', () => {
  it('lists their own location, asked for or not, and refuses another', () => {
    expect(staffListLocation(2, undefined)).toEqual({ locationId: 2 });
    expect(staffListLocation(2, 2)).toEqual({ locationId: 2 });
    expect(staffListLocation(2, 1)).toBeNull();
  });

  it('lets the owner and unbound staff list any location, or all', () => {
    expect(staffListLocation(null, undefined)).toEqual({ locationId: undefined });
    expect(staffListLocation(undefined, 3)).toEqual({ locationId: 3 });
  });

  it('shows a row of their location only', () => {
    expect(staffSeesLocation(2, 2)).toBe(true);
    expect(staffSeesLocation(2, 1)).toBe(false);
    expect(staffSeesLocation(null, 1)).toBe(true);
  });
});
