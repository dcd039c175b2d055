import { describe, expect, it } from 'vitest';
import { isZipCode, nearestStore, zipOrigin, zipState } from './index';

// The demo hardware store's three locations (Salem, OR area).
const MAIN = { id: 1, zip: '97301', latitude: 44.9429, longitude: -123.0351 };
const EASTGATE = { id: 2, zip: '97317', latitude: 44.9301, longitude: -122.9812 };
const MILLBROOK = { id: 3, zip: '97325', latitude: 44.821, longitude: -122.8601 };
const STORES = [MAIN, EASTGATE, MILLBROOK];

describe('store choice: the nearest store', () => {
  it('is the store the shortest card distance away, the lower id on a tie', () => {
    expect(nearestStore({ latitude: 44.82, longitude: -122.86 }, STORES)?.id).toBe(3);
    expect(nearestStore({ latitude: 44.95, longitude: -123.04 }, STORES)?.id).toBe(1);
    expect(nearestStore(MAIN, [{ ...EASTGATE, latitude: MAIN.latitude, longitude: MAIN.longitude }, MAIN])?.id).toBe(1);
    expect(nearestStore(MAIN, [])).toBeNull();
  });
});

describe('store choice: where a ZIP code puts the shopper', () => {
  it('accepts 5 digits, with or without ZIP+4', () => {
    expect(['97301', ' 97301 ', '97301-1234', '973011234'].every(isZipCode)).toBe(true);
    expect(['9730', '973011', 'abcde', '', '97301-12'].some(isZipCode)).toBe(false);
  });

  it("is a store's own ZIP first", () => {
    expect(zipOrigin('97325', STORES)).toEqual({ latitude: MILLBROOK.latitude, longitude: MILLBROOK.longitude, basis: 'store' });
    expect(nearestStore(zipOrigin('97325-0001', STORES)!, STORES)?.id).toBe(3);
  });

  it('then the middle of the stores in its 3-digit area', () => {
    const origin = zipOrigin('97302', STORES)!;
    expect(origin.basis).toBe('area');
    expect(origin.latitude).toBeCloseTo((MAIN.latitude + EASTGATE.latitude + MILLBROOK.latitude) / 3, 6);
  });

  it("then its state's centre, by the USPS prefix table", () => {
    expect(zipState('98101')).toBe('WA');
    expect(zipState('02134')).toBe('MA');
    expect(zipState('88510')).toBe('TX');
    expect(zipOrigin('98101', STORES)).toEqual({ latitude: 47.4, longitude: -121.5, basis: 'state' });
    // Portland (972) shares no area with the stores: the centre of Oregon, nearest to Millbrook.
    expect(zipOrigin('97201', STORES)?.basis).toBe('state');
    expect(nearestStore(zipOrigin('97201', STORES)!, STORES)?.id).toBe(3);
  });

  it('is unknown for a malformed ZIP or a prefix no state uses', () => {
    expect(zipOrigin('9730', STORES)).toBeNull();
    expect(zipOrigin('00001', STORES)).toBeNull();
    expect(zipState('96201')).toBeNull();
  });
});
