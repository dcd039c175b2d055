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
