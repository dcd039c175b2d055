import { slugify } from './slug';

/** Targets the browser opens itself rather than the storefront's router. */
const OUTSIDE_TARGET = /^(tel:|mailto:|https?:\/\/)/i;
/** A storefront path: lower-case words, digits, dashes, underscores and slashes (no spaces, dots or queries). */
const PATH = /^\/[a-z0-9_\-/]*$/;

/**
 * Where a navigation item leads (spec 1 "Routes created at start-up"): its target, or its name lower-cased
 * with dashes; telephone, e-mail and outside links stay as they are. Null when the target is unusable.
 */
export function navigationPath(item: { name: string; target?: string | null }): string | null {
  const target = (item.target ?? '').trim();
  if (OUTSIDE_TARGET.test(target)) return target;
  const path = target ? `/${target.replace(/^\/+/, '')}` : `/${slugify(item.name)}`;
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PATH.test(clean) ? clean : null;
}

export const isOutsideTarget = (target: string): boolean => OUTSIDE_TARGET.test(target);

/** hide_on_locations is a comma list of store ids; an item listed for the selected store is not shown there. */
export function hiddenAtStore(hideOnLocations: string | null | undefined, storeId: number | null): boolean {
  if (!hideOnLocations || storeId === null) return false;
  return hideOnLocations.split(',').map((id) => Number(id.trim())).includes(storeId);
}

/** A telephone link from a number as people write it: 'tel:' and its digits (a leading + kept). */
export function telephoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? `+${digits.slice(1).replace(/\+/g, '')}` : digits.replace(/\+/g, '')}`;
}
