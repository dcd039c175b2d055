import { randomBytes } from 'node:crypto';
import { AccessToken, inBackground, Tenant, mongoose, syncIndexes } from '@platform/db';
import { buildApp, type BuildAppOptions, type ServicePlugin } from './app';
import { hashToken } from './context';
import { openResources, type PlatformResources } from './resources';
import { sessionsChanged } from './session-cache';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set: run the tests with npm test, which starts the database and Redis`);
  return value;
}

/** An app with the given services on a database and queue prefix of its own, against the real servers (silent unless `site.logger` is given). */
export async function createTestApp(services: ServicePlugin[], label = 'svc', site: Pick<BuildAppOptions, 'extend' | 'notFoundHandler' | 'logger'> = {}) {
  const dbName = `test_${label}_${process.pid}_${Date.now().toString(36)}`;
  const resources: PlatformResources = await openResources({
    mongoUri: env('MONGODB_URI'), redisUrl: env('REDIS_URL'), dbName, queuePrefix: `t-${dbName}`,
  });
  await syncIndexes();
  const app = await buildApp({ resources, services, tenancy: { baseDomain: 'localhost', defaultTenantSlug: 'tenant-a' }, logger: false, ...site });
  await app.ready();
  return {
    app,
    resources,
    /** Changes (or with null deletes) sessions in the database as time passing would, telling the session cache as the services' writers do. */
    async changeSessions(filter: Record<string, unknown>, set: Record<string, unknown> | null) {
      const ids = await inBackground('test changes sessions', async () => {
        const docs = (await AccessToken.find(filter, { _id: 1 }).lean()) as { _id: unknown }[];
        if (set) await AccessToken.updateMany(filter, { $set: set });
        else await AccessToken.deleteMany(filter);
        return docs.map((d) => String(d._id));
      });
      await sessionsChanged({ redis: resources.redis, prefix: resources.queuePrefix }, ids);
    },
    async close() {
      await app.close();
      await mongoose.connection.dropDatabase();
      const keys = await resources.redis.keys(`${resources.queuePrefix}:*`);
      if (keys.length) await resources.redis.del(...keys);
      await resources.close();
    },
  };
}

let nextBusinessId = 9000;
/** A tenant row as the seed would write it. */
export async function createTenant(slug: string, extra: { domains?: string[]; variant?: string; plan?: string } = {}) {
  const doc = await Tenant.create({ slug, name: `${slug} store`, businessId: nextBusinessId++, domains: extra.domains ?? [], variant: extra.variant ?? 'standard', plan: extra.plan ?? 'standard' });
  return { id: String(doc._id), slug, businessId: doc.businessId as number };
}

/** Issues a real bearer token for a tenant's customer or admin, as the identity service would. */
export async function issueToken(tenantId: string, who: { customerId?: string; slug?: string; isAdmin?: boolean; isSubAccount?: boolean; permissions?: string[]; expiresAt?: Date; locationId?: number | null } = {}) {
  const token = randomBytes(32).toString('base64url');
  await AccessToken.create({
    tenantId,
    tokenHash: hashToken(token),
    customerId: who.customerId ?? 'test-customer',
    customerSlug: who.slug ?? 'test-customer',
    isAdmin: who.isAdmin ?? false,
    isSubAccount: who.isSubAccount ?? false,
    permissions: who.permissions ?? [],
    locationId: who.locationId ?? null,
    expiresAt: who.expiresAt ?? new Date(Date.now() + 3600_000),
    lastUsedAt: new Date(), // as a sign-in starts it
  });
  return token;
}

/** A multipart/form-data body as a browser's FormData sends it (files with a name and type), for `app.inject`. */
export async function multipartBody(parts: { field: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.field, String(part.data));
    else form.append(part.field, new Blob([typeof part.data === 'string' ? part.data : new Uint8Array(part.data)], { type: part.type ?? '' }), part.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
