import { storeDistanceMiles, type LatLng } from './distance';

/** A location as the store choice needs it: where it is and its ZIP code. */
export interface PlacedStore extends LatLng { id: number; zip: string }

/** Where a ZIP code puts the shopper, and how closely: the store with that ZIP, its 3-digit area's stores, or its state. */
export interface ZipOrigin extends LatLng { basis: 'store' | 'area' | 'state' }

export const ZIP_FORMAT_MESSAGE = 'Enter a 5-digit ZIP code.';
export const ZIP_UNKNOWN_MESSAGE = 'We could not place that ZIP code. Please choose your store from the list.';

/** A US ZIP code as a shopper types it: 5 digits, optionally with the ZIP+4 part. */
export function isZipCode(value: string): boolean {
  return /^\d{5}(-?\d{4})?$/.test(value.trim());
}

// The first three digits of a ZIP code (the sorting area) name the state: USPS prefix allocation, first and last
// prefix of each run. Military (090-099, 340, 962-966) and Pacific territory prefixes are left out: no store is there.
const ZIP3_STATES: [number, number, string][] = [
  [5, 5, 'NY'], [6, 7, 'PR'], [9, 9, 'PR'], [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'], [50, 54, 'VT'], [55, 55, 'MA'],
  [56, 59, 'VT'], [60, 69, 'CT'], [70, 89, 'NJ'], [100, 149, 'NY'], [150, 196, 'PA'], [197, 199, 'DE'], [200, 200, 'DC'], [201, 201, 'VA'],
  [202, 205, 'DC'], [206, 219, 'MD'], [220, 246, 'VA'], [247, 268, 'WV'], [270, 289, 'NC'], [290, 299, 'SC'], [300, 319, 'GA'],
  [320, 339, 'FL'], [341, 349, 'FL'], [350, 369, 'AL'], [370, 385, 'TN'], [386, 397, 'MS'], [398, 399, 'GA'], [400, 427, 'KY'],
  [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'], [500, 528, 'IA'], [530, 549, 'WI'], [550, 567, 'MN'], [569, 569, 'DC'],
  [570, 577, 'SD'], [580, 588, 'ND'], [590, 599, 'MT'], [600, 629, 'IL'], [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'],
  [700, 714, 'LA'], [716, 729, 'AR'], [730, 749, 'OK'], [750, 799, 'TX'], [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'],
  [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'], [885, 885, 'TX'], [889, 898, 'NV'], [900, 961, 'CA'], [967, 968, 'HI'],
  [970, 979, 'OR'], [980, 994, 'WA'], [995, 999, 'AK'],
];

// Approximate centre of each state (latitude, longitude): the fallback origin when no store shares the ZIP's area.
const STATE_CENTRES: Record<string, [number, number]> = {
  AL: [32.8, -86.8], AK: [61.4, -150.0], AZ: [33.7, -111.4], AR: [34.9, -92.4], CA: [36.1, -119.7], CO: [39.1, -105.3], CT: [41.6, -72.7],
  DE: [39.0, -75.5], DC: [38.9, -77.0], FL: [27.8, -81.7], GA: [33.0, -83.6], HI: [21.1, -157.5], ID: [44.2, -114.5], IL: [40.3, -89.0],
  IN: [39.8, -86.3], IA: [42.0, -93.2], KS: [38.5, -96.7], KY: [37.7, -84.7], LA: [31.2, -91.9], ME: [44.7, -69.4], MD: [39.1, -76.8],
  MA: [42.2, -71.5], MI: [43.3, -84.5], MN: [45.7, -93.9], MS: [32.7, -89.7], MO: [38.5, -92.3], MT: [46.9, -110.5], NE: [41.1, -98.3],
  NV: [38.3, -117.1], NH: [43.5, -71.6], NJ: [40.3, -74.5], NM: [34.8, -106.2], NY: [42.2, -74.9], NC: [35.6, -79.8], ND: [47.5, -99.8],
  OH: [40.4, -82.8], OK: [35.6, -96.9], OR: [44.6, -122.1], PA: [40.6, -77.2], RI: [41.7, -71.5], SC: [33.9, -80.9], SD: [44.3, -99.4],
  TN: [35.7, -86.7], TX: [31.1, -97.6], UT: [40.2, -111.9], VT: [44.0, -72.7], VA: [37.8, -78.2], WA: [47.4, -121.5], WV: [38.5, -81.0],
  WI: [44.3, -89.6], WY: [42.8, -107.3], PR: [18.2, -66.6],
};

/** The state a ZIP code belongs to, by its 3-digit prefix (null for a prefix no state uses). */
export function zipState(zip: string): string | null {
  const prefix = Number(zip.trim().slice(0, 3));
  return ZIP3_STATES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}

const centre = (stores: LatLng[]): LatLng => ({
  latitude: stores.reduce((sum, s) => sum + s.latitude, 0) / stores.length,
  longitude: stores.reduce((sum, s) => sum + s.longitude, 0) / stores.length,
});

/**
 * Where a shopper's ZIP code puts them, without a ZIP database (docs/API-DECISIONS.md, 'Store choice'): at the store with that
 * ZIP; else at the middle of the stores in its 3-digit sorting area (about one county); else at the centre of
 * its state. Null for a malformed ZIP or a prefix no state uses.
 */
export function zipOrigin(zip: string, stores: PlacedStore[]): ZipOrigin | null {
  if (!isZipCode(zip)) return null;
  const five = zip.trim().slice(0, 5);
  const same = stores.filter((s) => s.zip.trim().slice(0, 5) === five);
  if (same.length) return { ...centre(same), basis: 'store' };
  const area = stores.filter((s) => s.zip.trim().slice(0, 3) === five.slice(0, 3));
  if (area.length) return { ...centre(area), basis: 'area' };
  const state = zipState(five);
  const point = state ? STATE_CENTRES[state] : undefined;
  return point ? { latitude: point[0], longitude: point[1], basis: 'state' } : null;
}

/** The store nearest a point by the store-card distance (spec 1 §9); the lower id on a tie. Null without stores. */
export function nearestStore<T extends LatLng & { id: number }>(from: LatLng, stores: T[]): T | null {
  let best: { store: T; miles: number } | null = null;
  for (const store of stores) {
    const miles = storeDistanceMiles(from, store);
    if (!best || miles < best.miles || (miles === best.miles && store.id < best.store.id)) best = { store, miles };
  }
  return best?.store ?? null;
}
