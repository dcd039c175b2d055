import type { NavigationGroup, NavigationItem, NavigationLink, StorefrontPage } from '@platform/contracts';
import { navigationPath } from '@platform/domain';
import type { RequestContext } from '@platform/server-kit';
import { getBusinessDetails, storeProfile } from './service';
import { listCustomPages } from './content';

type Stored = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const int = (v: unknown, fallback: number) => (Number.isInteger(v) ? (v as number) : fallback);
const idList = (v: unknown) => (typeof v === 'string' && /^\s*\d+(\s*,\s*\d+)*\s*$/.test(v) ? v.replace(/\s+/g, '') : null);

/**
 * One stored link as the storefront gets it: the path resolved (navigationPath), a custom page's id as
 * sub_target. An item with no name, an unusable target or a custom page that does not exist is left out and
 * reported, so one bad entry never breaks the header (issue: bad settings data).
 */
function toLink(stored: Stored, index: number, pageIds: Set<number>, onBad: (what: string) => void): NavigationLink | null {
  const name = text(stored.name ?? stored.title);
  const target = name ? navigationPath({ name, target: text(stored.target) }) : null;
  const custom = stored.custom === true;
  const subTarget = stored.sub_target === undefined || stored.sub_target === null ? null : String(stored.sub_target);
  if (!name || target === null || (custom && !pageIds.has(Number(subTarget ?? 'x')))) {
    onBad(`navigation item ${JSON.stringify(stored.name ?? stored.title ?? index)} with target ${JSON.stringify(stored.target ?? null)}`);
    return null;
  }
  return { id: int(stored.id, index + 1), name, target, custom, sub_target: subTarget, hide_on_locations: idList(stored.hide_on_locations) };
}

const byOrder = (a: Stored, b: Stored) => int(a.order, 0) - int(b.order, 0);
const links = (stored: unknown, pageIds: Set<number>, onBad: (what: string) => void) =>
  (Array.isArray(stored) ? [...(stored as Stored[])].sort(byOrder) : []).map((s, i) => toLink(s, i, pageIds, onBad)).filter((l): l is NavigationLink => l !== null);

/** Ids of the store's pages that can be shown (custom navigation links must name one of them). */
const customPageIds = async (ctx: RequestContext) => new Set((await listCustomPages(ctx, true, () => {})).map((p) => p.id));

/** GET custom-navigation: the header's items in order, each with its dropdown of links. */
export async function getNavigation(ctx: RequestContext, onBad: (what: string) => void = () => {}): Promise<NavigationItem[]> {
  const [profile, pageIds] = await Promise.all([storeProfile(ctx), customPageIds(ctx)]);
  const stored = (profile?.navigation ?? []) as unknown as Stored[];
  return [...stored].sort(byOrder).flatMap((item, index) => {
    const link = toLink(item, index, pageIds, onBad);
    if (!link) return [];
    const dropdown = item.dropdown as { items?: unknown; config?: Stored } | null | undefined;
    return [{
      ...link,
      order: int(item.order, index + 1),
      align: item.align === 'right' ? 'right' : 'left',
      show_in_header: item.show_in_header !== false,
      dropdown: dropdown && Array.isArray(dropdown.items) && dropdown.items.length
        ? { items: links(dropdown.items, pageIds, onBad), config: { search: dropdown.config?.search === true, width: Number.isInteger(dropdown.config?.width) ? dropdown.config!.width as number : null } }
        : null,
    }];
  });
}

/** GET custom-nav: the header menus the store added, in order, with their links. */
export async function getNavigationGroups(ctx: RequestContext, onBad: (what: string) => void = () => {}): Promise<NavigationGroup[]> {
  const [profile, pageIds] = await Promise.all([storeProfile(ctx), customPageIds(ctx)]);
  const stored = (profile as { navGroups?: Stored[] } | null)?.navGroups ?? [];
  return [...stored].sort(byOrder).flatMap((group, index) => {
    const name = text(group.name);
    if (!name) { onBad(`navigation group ${index + 1} without a name`); return []; }
    return [{ id: int(group.id, index + 1), name, hide: group.hide === true, hide_on_locations: idList(group.hide_on_locations), items: links(group.items, pageIds, onBad) }];
  });
}

/**
 * GET pages: the built-in storefront pages a navigation item may point at, for this store's variant.
 * (The store's own pages come from custom-pages.)
 */
export async function storefrontPages(ctx: RequestContext): Promise<StorefrontPage[]> {
  const business = await getBusinessDetails(ctx);
  return [
    { name: 'Home', link: '/' },
    { name: 'Departments', link: '/departments' },
    { name: 'Brands', link: '/brands' },
    { name: 'Promotions', link: '/promotions' },
    { name: 'Rentals', link: '/rentals' },
    ...(business.local_ad.enabled ? [{ name: 'Weekly Ad', link: '/local-ad' }] : []),
    { name: 'Store Information', link: '/store-info' },
    { name: 'Contact Us', link: '/contact-us' },
    { name: 'Privacy Policy', link: '/privacy-policy' },
    { name: 'Terms', link: '/terms' },
    ...(ctx.tenant.variant === 'hardware-cooperative' && business.rewards_enabled ? [{ name: 'Rewards', link: '/rewards' }] : []),
    ...(ctx.tenant.variant === 'paint-brand' ? [{ name: 'Colors', link: '/colors' }, { name: 'Paint Products', link: '/paint-products' }] : []),
  ];
}
