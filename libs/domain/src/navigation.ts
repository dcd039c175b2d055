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

interface LinkLike { target: string; custom: boolean; sub_target: string | null }

/**
 * Routes the navigation adds (spec 1 "Routes created at start-up"): every custom link, dropdown and menu
 * links included, at its own path, showing its page. Paths the store's pages already have are left to them.
 */
export function customPageRoutes(
  items: (LinkLike & { dropdown: { items: LinkLike[] } | null })[], menus: { items: LinkLike[] }[], pageLinks: string[],
): { path: string; pageId: number }[] {
  const taken = new Set(pageLinks.map((link) => `/${link}`));
  const routes = new Map<string, number>();
  for (const link of [...items, ...items.flatMap((i) => i.dropdown?.items ?? []), ...menus.flatMap((m) => m.items)]) {
    if (!link.custom || link.sub_target === null || !link.target.startsWith('/') || link.target === '/' || taken.has(link.target) || routes.has(link.target)) continue;
    routes.set(link.target, Number(link.sub_target));
  }
  return [...routes].map(([path, pageId]) => ({ path, pageId }));
}

/** Depth of the department tree the storefront shows: the store's departments_hierarchy_level, 1 to 3 (3 when unset). */
export function departmentTreeDepth(level: number | null | undefined): number {
  return Math.min(3, Math.max(1, level ?? 3));
}
