import { describe, expect, it } from 'vitest';
import { milesBetween, storeDistanceMiles } from './index';

describe('store distance', () => {
  it('adds a north-south and an east-west great-circle leg, in whole miles', () => {
    // Salem to Portland, OR: 0.58° of latitude (40.1 mi) and 0.36° of longitude at 45.5° N (17.4 mi).
    const salem = { latitude: 44.94, longitude: -123.04 };
    const portland = { latitude: 45.52, longitude: -122.68 };
    expect(storeDistanceMiles(salem, portland)).toBe(58);
    expect(storeDistanceMiles(salem, salem)).toBe(0);
    // Never shorter than the straight great-circle distance.
    expect(storeDistanceMiles(salem, portland)).toBeGreaterThanOrEqual(Math.round(milesBetween(salem, portland)));
  });

  it('is the meridian arc alone for two stores on one meridian', () => {
    expect(storeDistanceMiles({ latitude: 40, longitude: -100 }, { latitude: 41, longitude: -100 })).toBe(69);
  });
});
