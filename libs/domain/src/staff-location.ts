/**
 * Staff bound to one store location (a sub-account's "Works at", `ctx.caller.locationId`): which location's rows a
 * back-office list answers. The order lists, the prepare console, the recurring orders, the reconciliation and the
 * offline orders all follow it; the store owner and unbound staff see every location.
 */

export const OTHER_LOCATION_REFUSED = 'You work at one store location and can see only its orders. The store owner can see the other locations.';

/**
 * The location a list answers for, or null when the caller may not ask for it: staff bound to a location get theirs
 * (asking for none means theirs; asking for another is refused); everyone else gets the one asked for, or every
 * location (undefined).
 */
export function staffListLocation(bound: number | null | undefined, asked: number | undefined): { locationId: number | undefined } | null {
  if (!bound) return { locationId: asked };
  if (asked !== undefined && asked !== bound) return null;
  return { locationId: bound };
}

/** Whether a row of one location is the caller's to see (bound staff: their location's only). */
export const staffSeesLocation = (bound: number | null | undefined, locationId: number) => !bound || bound === locationId;
