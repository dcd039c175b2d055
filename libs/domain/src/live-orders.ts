/**
 * The store-staff prepare console (spec 3 orders, issue 28): what a live order event says, who hears it, the tab's
 * badge and the pick list by department. The server and the admin screens both use these.
 */

/** Something happened to an order: placed (new to the store), changed (a step, a line, a status), moved (to another location). */
export type LiveOrderKind = 'placed' | 'changed' | 'moved';

/** One event on the live orders stream (GET orders/live): ids and wording only, never the shopper's details. */
export interface LiveOrderEvent {
  kind: LiveOrderKind;
  id: string;
  order_number: string;
  status: string;
  location_id: number;
  /** A move: the location the order left (its staff see it go). */
  from_location_id?: number | null;
}

/**
 * Whether a staff member hears an event: one bound to a location hears only that location's orders (and an order
 * leaving it); everyone else hears every location's.
 */
export function liveEventReaches(event: Pick<LiveOrderEvent, 'location_id' | 'from_location_id'>, boundLocationId: number | null | undefined): boolean {
  if (!boundLocationId) return true;
  return event.location_id === boundLocationId || event.from_location_id === boundLocationId;
}

/** Whether an event brings the console a new order to announce (a sound, the tab's badge): placed, or moved in here. */
export function isNewOrderEvent(event: LiveOrderEvent, boundLocationId: number | null | undefined): boolean {
  if (event.kind === 'placed') return true;
  return event.kind === 'moved' && Boolean(boundLocationId) && event.location_id === boundLocationId;
}

/** The tab's title with the count of new orders nobody has looked at yet: '(2) Orders · Demo Hardware'. */
export function badgedTitle(unseen: number, baseTitle: string): string {
  return unseen > 0 ? `(${unseen}) Orders · ${baseTitle}` : baseTitle;
}

export const OTHER_DEPARTMENT = 'Other items';
export const SPECIAL_ORDER_GROUP = 'Special order (from the supplier)';

/**
 * The pick list: an order's lines grouped by the department they are shelved in (the product's top department in
 * the catalogue), departments in alphabetical order, lines without one after them, and special-order lines (not
 * on the shelf) last. Lines keep their order within a group.
 */
export function pickListGroups<T extends { id: string; special: boolean }>(items: readonly T[], departments: Readonly<Record<string, string>>): { department: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = item.special ? SPECIAL_ORDER_GROUP : departments[item.id]?.trim() || OTHER_DEPARTMENT;
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  const rank = (name: string) => (name === SPECIAL_ORDER_GROUP ? 2 : name === OTHER_DEPARTMENT ? 1 : 0);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([department, lines]) => ({ department, items: lines }));
}
