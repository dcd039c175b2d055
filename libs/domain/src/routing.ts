/**
 * How the storefront routes (spec 1 "Routing behaviour", spec 2 §2): by path (history mode) as the norm; by hash
 * when it is embedded (shown in another page's frame) or opened on a host the store's settings name
 * (`hashRoutingHosts`). Embedded, a move to any page outside /admin loads that page anew.
 */
export type RouterMode = 'history' | 'hash';

/** The parts of an address these rules read (window.location has them). */
export interface AddressParts { pathname: string; search: string; hash: string }

/** Hash mode inside another page's frame or on one of the store's hash-routing hosts; history mode otherwise. */
export function routerMode(where: { framed: boolean; hostname: string; hashRoutingHosts: readonly string[] }): RouterMode {
  if (where.framed) return 'hash';
  const host = where.hostname.toLowerCase();
  return where.hashRoutingHosts.some((h) => h.trim().toLowerCase() === host) ? 'hash' : 'history';
}

/** The back office's pages (/admin and below): the only ones an embedded storefront moves between in place. */
export const isAdminPath = (pathname: string): boolean => pathname === '/admin' || pathname.startsWith('/admin/');

/** A hash that holds a route (`#/cart?x=1`), as opposed to an anchor on the page (`#main-content`). */
const isHashRoute = (hash: string): boolean => hash.startsWith('#/');

/**
 * The route an address shows, whichever form it is in: a hash route (`/#/p/drill?store=2`) or a path
 * (`/p/drill?store=2`). Code that reads the address outside the router (start-up, store choice) reads it here.
 */
export function routeOf(address: AddressParts): { pathname: string; search: string; hash: string } {
  if (!isHashRoute(address.hash)) return { pathname: address.pathname, search: address.search, hash: address.hash };
  const route = address.hash.slice(1);
  const hashAt = route.indexOf('#');
  const beforeHash = hashAt >= 0 ? route.slice(0, hashAt) : route;
  const queryAt = beforeHash.indexOf('?');
  return {
    pathname: queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash,
    search: queryAt >= 0 ? beforeHash.slice(queryAt) : '',
    hash: hashAt >= 0 ? route.slice(hashAt) : '',
  };
}

/**
 * The address a page opened at should show in the router's own form, or null when it already does. Links from
 * outside (e-mails, payment returns, one-time sign-in links, a shared page) are paths: in hash mode the path
 * becomes the hash route (`/cart?payment=1` → `/#/cart?payment=1`, `/` → `/#/`), and a hash route opened in history mode
 * (a link copied out of a frame) becomes its path.
 */
export function entryAddress(mode: RouterMode, address: AddressParts): string | null {
  if (mode === 'hash') {
    if (isHashRoute(address.hash)) return address.pathname === '/' ? null : `/${address.hash}`;
    return `/#${address.pathname}${address.search}`;
  }
  if (!isHashRoute(address.hash)) return null;
  const route = routeOf(address);
  return `${route.pathname}${route.search}${route.hash}`;
}

/** The most hosts a store may list in `hashRoutingHosts` (a store has a handful of addresses at most). */
export const HASH_ROUTING_HOSTS_MAX = 20;
export const TOO_MANY_HASH_ROUTING_HOSTS = `List at most ${HASH_ROUTING_HOSTS_MAX} hosts.`;
const HOST_NAME_MAX = 253;
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name as the router compares it: trimmed, lower case, without a final dot; a non-ASCII name in its ASCII form (as browsers show it). */
export function normalizeHostName(host: string): string {
  const clean = host.trim().toLowerCase().replace(/\.$/, '');
  // Only a bare name is converted (the URL parser would drop a port or user part silently).
  if ([...clean].every((c) => c.charCodeAt(0) < 128) || /[\s/:@?#[\]\\%]/.test(clean)) return clean;
  try {
    return new URL(`http://${clean}`).hostname;
  } catch {
    return clean;
  }
}

/** Why an entry is no host name the router could match (window.location.hostname has no scheme, port or path), or null. */
export function hostNameProblem(entry: string): string | null {
  const shown = entry.trim().length > 60 ? `${entry.trim().slice(0, 59)}…` : entry.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(shown)) return `'${shown}' is a web address: enter its host name alone, e.g. shop.example.com.`;
  if (entry.includes('/')) return `'${shown}': enter the host name alone, without a path.`;
  const host = normalizeHostName(entry);
  if (/:\d*$/.test(host)) return `'${shown}': enter the host name without a port.`;
  const fits = host.length <= HOST_NAME_MAX && host.split('.').every((label) => HOST_LABEL.test(label));
  return fits ? null : `'${shown}' is not a host name: use letters, digits, hyphens and dots, e.g. shop.example.com.`;
}

/**
 * The hash-routing hosts' problem (keyed `hashRoutingHosts`, naming the first bad entry), empty when they can be
 * saved. Blank entries are ignored.
 */
export function hashRoutingHostsProblems(hosts: readonly string[]): Record<string, string> {
  const listed = hosts.filter((h) => h.trim());
  if (listed.length > HASH_ROUTING_HOSTS_MAX) return { hashRoutingHosts: TOO_MANY_HASH_ROUTING_HOSTS };
  for (const host of listed) {
    const problem = hostNameProblem(host);
    if (problem) return { hashRoutingHosts: problem };
  }
  return {};
}

/** The hosts as stored: each normalized once, in the order given, blanks dropped. */
export function normalizeHashRoutingHosts(hosts: readonly string[]): string[] {
  return [...new Set(hosts.map(normalizeHostName).filter(Boolean))];
}
