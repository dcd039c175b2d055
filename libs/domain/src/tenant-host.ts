/** Strips the port and lower-cases a Host header value. */
export function hostName(hostHeader: string | undefined): string {
  return (hostHeader ?? '').trim().toLowerCase().replace(/:\d+$/, '');
}

/**
 * The tenant slug a platform sub-domain names, e.g. "demo-paint.localhost" -> "demo-paint"
 * for base domain "localhost"; null when the host is the base domain itself or another domain.
 */
export function tenantSlugFromHost(host: string, baseDomain: string): string | null {
  const name = hostName(host);
  const suffix = `.${baseDomain.toLowerCase()}`;
  if (!name.endsWith(suffix)) return null;
  const sub = name.slice(0, -suffix.length);
  return /^[a-z0-9-]+$/.test(sub) ? sub : null;
}

/** Where a store's pages are, for links in e-mails: its own domain, else its sub-domain of the platform's public address. */
export function storeAddress(tenant: { slug: string; domains?: string[] | null }, publicUrl: string): string {
  if (tenant.domains?.length) return `https://${tenant.domains[0]}`;
  const url = new URL(publicUrl);
  url.hostname = `${tenant.slug}.${url.hostname}`;
  return url.origin;
}
