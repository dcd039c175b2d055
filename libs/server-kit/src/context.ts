import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AccessToken, accessTokenId, Tenant, type TenantContext } from '@platform/db';
import { effectivePermissions, hostName, isDeviceId, NO_PERMISSION, renewedSessionExpiry, storeAddress, tenantSlugFromHost, type Permission } from '@platform/domain';
import { AppError } from './errors';
import { answering } from './answers';
import { cachedSession, sessionsChanged, type SessionCacheStore } from './session-cache';

export interface ResolvedTenant {
  id: string;
  slug: string;
  name: string;
  businessId: number;
  variant: string;
  plan: string;
  features: { gmc?: boolean; rentals?: boolean; giftRegistries?: boolean };
  /** Custom domains and the own web sites that may frame its pages (the page's frame-ancestors). */
  domains: string[];
  embedOrigins: string[];
}

export interface Caller {
  customerId: string;
  slug: string;
  isAdmin: boolean;
  /** A staff account the owner made (spec 3 §4); the store owner is an admin who is not one. */
  isSubAccount: boolean;
  tokenHash: string;
  /** Effective admin permissions (empty for customers). */
  permissions: Permission[];
  /** The store location a staff account is bound to (it sees only that location's orders), else null. */
  locationId: number | null;
}

/** Who is asking, for which store: built once per request, passed first to every service method. */
export interface RequestContext extends TenantContext {
  tenant: ResolvedTenant;
  storeId: number | null;
  deviceId: string | null;
  caller: Caller | null;
  /** The browser's User-Agent (first 300 characters), for naming a new session's device. */
  userAgent?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export interface TenantResolutionOptions {
  /** Sub-domains of this host name each name a tenant, e.g. demo-paint.localhost. */
  baseDomain: string;
  /** The tenant served on the base domain itself (and on 127.0.0.1). */
  defaultTenantSlug: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const CACHE_MS = 30_000;

type TenantDoc = { _id: unknown; slug: string; name: string; businessId: number; variant: string; plan?: string; features?: ResolvedTenant['features']; domains?: string[]; embedOrigins?: string[] };
/** A tenant record as requests see it. */
export function resolvedTenant(doc: TenantDoc): ResolvedTenant {
  return { id: String(doc._id), slug: doc.slug, name: doc.name, businessId: doc.businessId, variant: doc.variant, plan: doc.plan ?? 'standard', features: doc.features ?? {},
    domains: doc.domains ?? [], embedOrigins: doc.embedOrigins ?? [] };
}
/** The context of work done for a tenant outside any request (scheduled jobs): no store, device or caller. */
export function backgroundContext(tenant: ResolvedTenant): RequestContext {
  return { tenantId: tenant.id, tenant, storeId: null, deviceId: null, caller: null };
}

/** Finds tenants by slug or custom domain, with a short cache so each request does not hit the database. */
export class TenantDirectory {
  private cache = new Map<string, { tenant: ResolvedTenant | null; at: number }>();
  constructor(private readonly options: TenantResolutionOptions) {}

  async bySlug(slug: string): Promise<ResolvedTenant | null> {
    return this.cached(`slug:${slug}`, () => Tenant.findOne({ slug, active: true }).lean());
  }

  async byHost(hostHeader: string | undefined): Promise<ResolvedTenant | null> {
    const host = hostName(hostHeader);
    const byDomain = await this.cached(`host:${host}`, () => Tenant.findOne({ domains: host, active: true }).lean());
    if (byDomain) return byDomain;
    const sub = tenantSlugFromHost(host, this.options.baseDomain);
    if (sub) return this.bySlug(sub);
    if (host === this.options.baseDomain || host === '127.0.0.1' || host === '[::1]') return this.bySlug(this.options.defaultTenantSlug);
    return null;
  }

  clear(): void { this.cache.clear(); }

  private async cached(key: string, load: () => Promise<unknown>): Promise<ResolvedTenant | null> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.tenant;
    const doc = (await load()) as TenantDoc | null;
    const tenant = doc ? resolvedTenant(doc) : null;
    this.cache.set(key, { tenant, at: Date.now() });
    return tenant;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Resolves the tenant (Business-Slug header, else Host: custom domain, platform sub-domain, base domain)
 * and the caller (bearer token) for every /api request. An unknown tenant is a 404; a bad token a 401.
 */
export const requestContextPlugin = fp(async (app: FastifyInstance, options: TenantResolutionOptions & { directory?: TenantDirectory }) => {
  const directory = options.directory ?? new TenantDirectory(options);
  const sessions: SessionCacheStore = { redis: app.resources.redis, prefix: app.resources.queuePrefix };
  app.decorate('tenants', directory);
  app.decorateRequest('ctx', null as unknown as RequestContext);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    const operatorKeys = Object.keys((request.query ?? {}) as Record<string, unknown>).filter((key) => key.includes('$'));
    if (operatorKeys.length) {
      throw new AppError('invalid', 'The given data was invalid.', Object.fromEntries(operatorKeys.map((key) => [key, [`${key} is not allowed`]])));
    }
    const slug = header(request, 'business-slug')?.trim();
    const tenant = slug ? await directory.bySlug(slug) : await directory.byHost(header(request, 'host'));
    if (!tenant) throw new AppError('not_found', 'Store not found');
    request.log = request.log.child({ tenant: tenant.slug });

    const storeHeader = header(request, 'store-id');
    const deviceHeader = header(request, 'device-id');
    request.ctx = {
      tenantId: tenant.id,
      tenant,
      storeId: storeHeader && /^\d+$/.test(storeHeader) ? Number(storeHeader) : null,
      deviceId: deviceHeader && isDeviceId(deviceHeader) ? deviceHeader : null,
      caller: await resolveCaller(sessions, tenant, bearerToken(header(request, 'authorization')) ?? tokenFrom(request, 'query', request.query)),
      userAgent: (header(request, 'user-agent') ?? '').slice(0, 300),
    };
  });

  // The body is read after onRequest: a route that takes the token in its body (spec 2's verify-password and
  // save-customer-stores send `access_token` there) is signed in here, before its schema and guards run.
  app.addHook('preValidation', async (request) => {
    if (!request.ctx || request.ctx.caller || bearerToken(header(request, 'authorization'))) return;
    const token = tokenFrom(request, 'body', request.body);
    if (token) request.ctx.caller = await resolveCaller(sessions, request.ctx.tenant, token);
  });
}, { name: 'request-context' });

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Where else than the bearer header this route takes the access token: spec 2 sends `access_token` in the
     * query (get-customer-details, customer/name, ...) or in the body (verify-password, save-customer-stores).
     * The header wins when both are sent. Other routes ignore an access_token they are given.
     */
    accessTokenIn?: 'query' | 'body';
  }
}

const bearerToken = (authorization: string | undefined): string | null => (authorization ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? null : null);

function tokenFrom(request: FastifyRequest, place: 'query' | 'body', source: unknown): string | null {
  if (request.routeOptions.config?.accessTokenIn !== place) return null;
  const token = (source as { access_token?: unknown } | null | undefined)?.access_token;
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : null;
}

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantDirectory;
  }
}

const LAST_USED_STEP_MS = 3_600_000;

type SessionDoc = {
  customerId: string; customerSlug: string; isAdmin: boolean; isSubAccount?: boolean; permissions?: string[]; locationId?: number | null; expiresAt: Date;
  lifetimeDays?: number | null; lastUsedAt?: Date | null; revokedAt?: Date | null;
};
const SESSION_FIELDS = { customerId: 1, customerSlug: 1, isAdmin: 1, isSubAccount: 1, permissions: 1, locationId: 1, expiresAt: 1, lifetimeDays: 1, lastUsedAt: 1, revokedAt: 1 };

async function resolveCaller(sessions: SessionCacheStore, tenant: ResolvedTenant, bearer: string | null): Promise<Caller | null> {
  if (!bearer) return null;
  const tokenHash = hashToken(bearer);
  // By its _id alone (the tenant and the hash), from Redis's copy when it has one (session-cache.ts).
  const _id = accessTokenId(tenant.id, tokenHash);
  const token = await cachedSession(sessions, _id, async () => AccessToken.findOne({ tenantId: tenant.id, _id }, SESSION_FIELDS).lean() as Promise<SessionDoc | null>);
  // A token from another tenant, revoked or expired is refused so the client signs out.
  const now = new Date();
  if (!token || token.revokedAt || token.expiresAt.getTime() <= now.getTime()) throw new AppError('unauthorized', 'Unauthenticated.');
  const renewed = renewedSessionExpiry(token.expiresAt, token.lifetimeDays, now);
  // When it was last used (for the account's list of devices), to the hour: not a write on every request.
  const stale = !token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_STEP_MS;
  if (renewed || stale) {
    await AccessToken.updateOne({ tenantId: tenant.id, _id }, { $set: { lastUsedAt: now, ...(renewed ? { expiresAt: renewed } : {}) } });
    await sessionsChanged(sessions, [_id]);
  }
  const permissions = effectivePermissions({ isAdmin: token.isAdmin, isSubAccount: Boolean(token.isSubAccount), permissions: token.permissions ?? [] }, tenant);
  return { customerId: token.customerId, slug: token.customerSlug, isAdmin: token.isAdmin, isSubAccount: Boolean(token.isSubAccount), tokenHash, permissions, locationId: token.isSubAccount ? token.locationId ?? null : null };
}

/** preHandler: only a signed-in admin of this tenant may pass. */
export const requireAdmin = answering(async (request: FastifyRequest): Promise<void> => {
  if (!request.ctx.caller) throw new AppError('unauthorized', 'Unauthenticated.');
  if (!request.ctx.caller.isAdmin) throw new AppError('forbidden', 'This action is for store admins only.');
}, 401, 403);

/**
 * preHandler for admin routes that need a permission (spec 3 §6): an admin whose effective permissions
 * (own list, plan, business allow-lists) include it.
 */
export function requirePermission(permission: Permission) {
  return answering(async (request: FastifyRequest): Promise<void> => {
    await requireAdmin(request);
    if (!request.ctx.caller!.permissions.includes(permission)) throw new AppError('forbidden', NO_PERMISSION);
  }, 401, 403);
}

/**
 * preHandler for what only the store owner may do (an admin who is not a sub-account, whatever the plan):
 * sub-accounts are refused with the message given.
 */
export function requireStoreOwner(message: string) {
  return answering(async (request: FastifyRequest): Promise<void> => {
    await requireAdmin(request);
    if (request.ctx.caller!.isSubAccount) throw new AppError('forbidden', message);
  }, 401, 403);
}

/** preHandler: any signed-in customer or admin of this tenant. */
export const requireSignedIn = answering(async (request: FastifyRequest): Promise<void> => {
  if (!request.ctx.caller) throw new AppError('unauthorized', 'Unauthenticated.');
}, 401);

const originOfUrl = (value: string | undefined) => {
  try {
    const url = new URL(value ?? '');
    return /^https?:$/.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
};

/**
 * The store's address for links in e-mails (sign-in links, orders, campaigns): the browser's Origin, else
 * the Host it called, but only when that host is this store's (its domain, its sub-domain, the base domain
 * for the default store). Both headers can be forged: a sign-in link to a stranger's site would hand them
 * the token. Otherwise the store's own address (custom domain, else its sub-domain of PUBLIC_URL).
 */
export async function storeLinkOrigin(request: FastifyRequest): Promise<string> {
  const origin = header(request, 'origin');
  for (const candidate of [origin, `${request.protocol}://${header(request, 'host') ?? ''}`]) {
    const url = originOfUrl(candidate);
    if (url && (await request.server.tenants.byHost(url.host))?.id === request.ctx.tenantId) return url.origin;
  }
  // The resolved tenant (cached by the directory) carries its domains: no database read per order or e-mail.
  return storeAddress(request.ctx.tenant, process.env.PUBLIC_URL ?? 'http://localhost:8080');
}
