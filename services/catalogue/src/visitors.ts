import { Type } from 'typebox';
import type { Redis } from 'ioredis';
import { AppError, type RequestContext, type ServicePlugin } from '@platform/server-kit';

const tags = ['catalogue'];
/** Days a day's visitor count is kept (a year of stats, and a little more). */
const VISITOR_DAY_TTL_S = 400 * 24 * 3600;
export const NO_VISITOR = 'A customer_slug or device_id is required.';

/** The store's distinct visitors of one UTC day (a HyperLogLog: about 12 KB a day whatever the count, 0.8% error). */
export const visitorsKey = (prefix: string, tenantId: string, day: string) => `${prefix}:visitors:${tenantId}:${day}`;

/**
 * Counts a storefront visitor once a day, by account (customer_slug) or browser (device_id), in Redis. Staff
 * are not counted (spec 1 §6: admins get no user tracking).
 */
export async function trackVisitor(ctx: RequestContext, redis: Redis, prefix: string, visitor: { customer_slug?: string; device_id?: string }): Promise<void> {
  const id = visitor.customer_slug ? `c:${visitor.customer_slug}` : visitor.device_id ? `d:${visitor.device_id}` : null;
  if (!id) throw new AppError('invalid', NO_VISITOR, { device_id: [NO_VISITOR] });
  if (ctx.caller?.isAdmin) return;
  const key = visitorsKey(prefix, ctx.tenantId, new Date().toISOString().slice(0, 10));
  await redis.multi().pfadd(key, id).expire(key, VISITOR_DAY_TTL_S).exec();
}

/** The store's distinct visitors on a UTC day (YYYY-MM-DD). */
export async function visitorsOn(redis: Redis, prefix: string, tenantId: string, day: string): Promise<number> {
  return redis.pfcount(visitorsKey(prefix, tenantId, day));
}

/** GET track-visitor (spec 1 §7): the storefront's once-a-day visit, answered with the spec's {res: 1}. */
export const visitorRoutes: ServicePlugin = async (app) => {
  app.get('/track-visitor', {
    schema: {
      tags, summary: "Count this visitor for today's store stats (once a day per account or browser; staff are not counted)",
      querystring: Type.Object({
        customer_slug: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' })),
        device_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{10}$' })),
      }),
      response: { 200: Type.Object({ res: Type.Literal(1) }) },
    },
  }, async (request) => {
    await trackVisitor(request.ctx, app.resources.redis, app.resources.queuePrefix, request.query);
    return { res: 1 as const };
  });
};
