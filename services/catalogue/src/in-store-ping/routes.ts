import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { InStorePingAnswer, InStorePingBody, InStorePingItems, InStorePingState } from '@platform/contracts';
import { PING_CANCELLED } from '@platform/domain';
import { errorAnswers, requireAdmin, storeLinkOrigin, tooManyAttempts, type ServicePlugin } from '@platform/server-kit';
import type { SearchIndexRegistry } from '../search/registry';
import { cancelPing, inStorePingItems, pingStatus, savePing } from './service';

const tags = ['catalogue'];
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC day)' });
const WINDOW_S = 15 * 60;

/**
 * In-store ping (issue 29, docs/IN-STORE-PING.md): spec 1 §7's four tracking calls, and the back office's pings per
 * item. The writes are limited per browser (or account) and per client IP: IN_STORE_PING_LIMIT_DEVICE (30) and
 * IN_STORE_PING_LIMIT_IP (120) in 15 minutes.
 */
export const inStorePingRoutes = (registry: SearchIndexRegistry): ServicePlugin => async (app) => {
  const limiter = (name: string, points: number) => new RateLimiterRedis({ storeClient: app.resources.redis, keyPrefix: `${app.resources.queuePrefix}:rate:in-store-ping-${name}`, points, duration: WINDOW_S });
  const perDevice = limiter('device', Number(process.env.IN_STORE_PING_LIMIT_DEVICE ?? 30));
  const perIp = limiter('ip', Number(process.env.IN_STORE_PING_LIMIT_IP ?? 120));
  const limit = async (request: FastifyRequest) => {
    const { ctx } = request;
    try {
      await perIp.consume(request.ip);
      const who = ctx.caller ? `c:${ctx.caller.customerId}` : ctx.deviceId ? `d:${ctx.deviceId}` : null;
      if (who) await perDevice.consume(`${ctx.tenantId}:${who}`);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw tooManyAttempts(error.msBeforeNext);
    }
  };
  const writeAnswers = { 200: InStorePingAnswer, ...errorAnswers(403, 404, 409, 422, 429) };

  app.get('/get-in-store-ping-status', {
    schema: {
      tags, summary: "Whether this shopper (the account, else this browser's Device-Id) asked the chosen store to check for the product",
      querystring: Type.Object({
        product_id: Type.Integer({ minimum: 1 }),
        customer_id: Type.Optional(Type.String({ maxLength: 64, description: 'Sent by the storefront; the answer is always the caller\'s own' })),
      }),
      response: { 200: Type.Object({ status: Type.Literal('success'), data: InStorePingState }), ...errorAnswers(404) },
    },
  }, async (request) => ({ status: 'success' as const, data: await pingStatus(request.ctx, registry, request.query.product_id) }));

  app.post('/save-in-store-ping', {
    schema: {
      tags, summary: 'Ask the chosen store to check for an item shown out of stock: a signed-in shopper (a guest only with name and phone or e-mail)',
      body: InStorePingBody, response: writeAnswers,
    },
  }, async (request) => {
    await limit(request);
    const { message, pinged, pinged_at } = await savePing(request.ctx, app.resources, registry, request.body, await storeLinkOrigin(request), false);
    return { status: 'success' as const, message, data: { pinged, pinged_at } };
  });

  app.post('/in-store-ping-non-customer-info', {
    schema: {
      tags, summary: "A guest's ask for the chosen store to check an item: name, and a phone number or an e-mail, each checked by field",
      body: InStorePingBody, response: writeAnswers,
    },
  }, async (request) => {
    await limit(request);
    const { message, pinged, pinged_at } = await savePing(request.ctx, app.resources, registry, request.body, await storeLinkOrigin(request), true);
    return { status: 'success' as const, message, data: { pinged, pinged_at } };
  });

  app.post('/cancel-in-store-ping', {
    schema: {
      tags, summary: "Cancel this shopper's ask for the chosen store to check an item (nothing to cancel answers the same)",
      body: Type.Object({ product_id: Type.Integer({ minimum: 1 }) }), response: { 200: InStorePingAnswer, ...errorAnswers(403, 404, 422, 429) },
    },
  }, async (request) => {
    await limit(request);
    return { status: 'success' as const, message: PING_CANCELLED, data: await cancelPing(request.ctx, app.resources, registry, request.body.product_id) };
  });

  app.get('/admin/stats/inStorePingItems', {
    preHandler: requireAdmin,
    schema: {
      tags, security: [{ bearer: [] }],
      summary: 'Pings per item at one store location (store_id; a staff account bound to a location sees its own), UTC days from_date..to_date (default the last 30), most pinged first',
      querystring: Type.Object({ store_id: Type.Optional(Type.Integer({ minimum: 1 })), from_date: Type.Optional(Day), to_date: Type.Optional(Day) }),
      response: { 200: InStorePingItems, ...errorAnswers(401, 403, 404, 422, 503) },
    },
  }, async (request) => ({ status: 'success' as const, ...await inStorePingItems(request.ctx, app.resources, registry, request.query) }));
};
