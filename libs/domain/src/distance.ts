const EARTH_RADIUS_MILES = 3958.8;

export interface LatLng { latitude: number; longitude: number }

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The radius of the avail_35 search filter: stores this close to the selected one count as nearby. */
export const NEARBY_STORE_MILES = 35;

/** The store selector's radius (spec 1 §9). */
const STORE_EARTH_RADIUS_MILES = 3959;

/**
 * Distance shown on store cards (spec 1 §9): two great-circle legs, along the meridian then along the
 * parallel (Manhattan-style), with radius 3959 miles, rounded to whole miles.
 */
export function storeDistanceMiles(from: LatLng, to: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const northSouth = STORE_EARTH_RADIUS_MILES * Math.abs(rad(to.latitude - from.latitude));
  // Along the destination's parallel: the great-circle between two points of equal latitude.
  const h = Math.cos(rad(to.latitude)) ** 2 * Math.sin(rad(to.longitude - from.longitude) / 2) ** 2;
  const eastWest = 2 * STORE_EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.round(northSouth + eastWest);
}
