import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import { Type } from 'typebox';
import { AccessToken, accessTokenId } from '@platform/db';
import { liveEventReaches, type LiveOrderEvent } from '@platform/domain';
import { AppError, errorAnswers, requireAdmin, type RequestContext, type ServicePlugin } from '@platform/server-kit';

/**
 * The prepare console's live orders (docs/PREPARE-CONSOLE.md). Every write of an order publishes a small event on
 * the store's Redis channel (order-index.ts keepOrderDoc and moveOrderIndex), from whichever process made it (an API
 * process, a recurring run, a worker); every API process subscribes to the channels of the stores it has consoles
 * open for and writes each event, as server-sent events, to the consoles allowed to hear it (staff bound to a
 * location hear only its orders). A browser's EventSource cannot send the bearer token, so the console first asks
 * for a ticket (POST admin/orders/live/ticket, signed in as usual): single use, one minute, kept in Redis (any
 * process may answer the stream), and opens GET orders/live?ticket= with it.
 */

/** The store's channel of order events. */
export const liveOrdersChannel = (prefix: string, tenantId: string) => `${prefix}:live-orders:${tenantId}`;

/** Tells the consoles listening for the store that an order was placed or changed; never fails the write that calls it. */
export async function publishOrderEvent(s: { redis: Redis; prefix: string }, tenantId: string, event: LiveOrderEvent): Promise<void> {
  await s.redis.publish(liveOrdersChannel(s.prefix, tenantId), JSON.stringify(event)).catch(() => undefined);
}

type Listener = (event: LiveOrderEvent) => void;

/** One process's subscriptions: a Redis connection of its own, each store's channel while a console of it listens. */
export class LiveOrdersHub {
  private subscriber: Redis | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  /** Starts hearing a store's events; answers how to stop. */
  async listen(tenantId: string, listener: Listener): Promise<() => Promise<void>> {
    const channel = liveOrdersChannel(this.prefix, tenantId);
    const subscriber = this.connection();
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await subscriber.subscribe(channel);
    }
    set.add(listener);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(listener) || current.size) return;
      this.listeners.delete(channel);
      await this.subscriber?.unsubscribe(channel).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  private connection(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = this.redis.duplicate();
    subscriber.on('message', (channel: string, message: string) => {
      const set = this.listeners.get(channel);
      if (!set) return;
      let event: LiveOrderEvent;
      try { event = JSON.parse(message) as LiveOrderEvent; } catch { return; }
      for (const listener of set) listener(event);
    });
    subscriber.on('error', () => undefined); // ioredis reconnects and subscribes again by itself
    this.subscriber = subscriber;
    return subscriber;
  }
}

const TICKET_S = 60;
export const LIVE_TICKET_EXPIRED = 'This live link has expired. Please open the orders again.';
type Ticket = { tenantId: string; tokenHash: string; slug: string };
const ticketKey = (prefix: string, ticket: string) => `${prefix}:live-ticket:${createHash('sha256').update(ticket).digest('hex')}`;

/** POST admin/orders/live/ticket: a one-minute, single-use ticket for this signed-in admin's stream. */
export async function liveTicket(ctx: RequestContext, redis: Redis, prefix: string) {
  const ticket = randomBytes(24).toString('base64url');
  const kept: Ticket = { tenantId: ctx.tenantId, tokenHash: ctx.caller!.tokenHash, slug: ctx.caller!.slug };
  await redis.set(ticketKey(prefix, ticket), JSON.stringify(kept), 'EX', TICKET_S);
  return { ticket, expires_in: TICKET_S, location_id: ctx.caller!.locationId };
}

/** The session behind a stream, read again by `_id` (revoked, expired or no longer an admin: null), with its location now. */
async function liveSession(tenantId: string, tokenHash: string): Promise<{ locationId: number | null } | null> {
  const token = await AccessToken.findOne({ tenantId, _id: accessTokenId(tenantId, tokenHash) }).lean() as
    { isAdmin?: boolean; isSubAccount?: boolean; locationId?: number | null; revokedAt?: Date | null; expiresAt: Date } | null;
  if (!token?.isAdmin || token.revokedAt || token.expiresAt.getTime() <= Date.now()) return null;
  return { locationId: token.isSubAccount ? token.locationId ?? null : null };
}

/** Heartbeats keep proxies from closing a quiet stream, and re-check the session (a staff member signed out or moved hears no more). */
const heartbeatMs = () => Number(process.env.LIVE_ORDERS_HEARTBEAT_MS) || 20_000;

export const liveOrdersRoutes = (): ServicePlugin => async (app) => {
  const { redis, queuePrefix: prefix } = app.resources;
  const hub = new LiveOrdersHub(redis, prefix);
  const open = new Set<() => void>();
  // Streams never end by themselves: they are ended before the server waits for its requests, so a stop stays fast.
  app.addHook('preClose', async () => { for (const end of [...open]) end(); });
  app.addHook('onClose', async () => { await hub.close(); });

  app.post('/admin/orders/live/ticket', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: 'A one-minute, single-use ticket to open the live orders stream (GET orders/live) with: a browser\'s EventSource cannot send the bearer token', security: [{ bearer: [] }],
      response: { 200: Type.Object({ ticket: Type.String(), expires_in: Type.Integer(), location_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The location the caller is bound to (it hears only its orders), or null' }) }) },
    },
  }, async (request) => liveTicket(request.ctx, redis, prefix));

  app.get('/orders/live', {
    schema: {
      tags: ['orders'],
      summary: "The store's orders as they are placed and change, as server-sent events (event 'order': kind, id, order_number, status, location_id); staff bound to a location hear only its orders. Opened with a ticket from POST admin/orders/live/ticket; a heartbeat comment every 20 s",
      querystring: Type.Object({ ticket: Type.String({ minLength: 20, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }),
      response: { 200: { description: 'An endless event stream', content: { 'text/event-stream': { schema: Type.String() } } }, ...errorAnswers(401) },
    },
  }, async (request, reply) => {
    const raw = await redis.getdel(ticketKey(prefix, request.query.ticket));
    const ticket = raw ? JSON.parse(raw) as Ticket : null;
    if (!ticket || ticket.tenantId !== request.ctx.tenantId) throw new AppError('unauthorized', LIVE_TICKET_EXPIRED);
    let session = await liveSession(ticket.tenantId, ticket.tokenHash);
    if (!session) throw new AppError('unauthorized', LIVE_TICKET_EXPIRED);

    const res: ServerResponse = reply.raw;
    reply.hijack(); // written here as it comes: no compression or buffering of the stream
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive',
      'x-accel-buffering': 'no', 'x-content-type-options': 'nosniff',
    });
    const write = (text: string) => { if (!res.writableEnded) res.write(text); };
    write(`retry: 3000\nevent: ready\ndata: ${JSON.stringify({ location_id: session.locationId })}\n\n`);

    let stopListening: (() => Promise<void>) | null = null;
    let heartbeat: NodeJS.Timeout | null = null;
    const end = () => {
      if (!open.delete(end)) return;
      if (heartbeat) clearInterval(heartbeat);
      void stopListening?.();
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    request.raw.on('close', end);
    stopListening = await hub.listen(ticket.tenantId, (event) => {
      if (session && liveEventReaches(event, session.locationId)) write(`event: order\ndata: ${JSON.stringify(event)}\n\n`);
    });
    if (!open.has(end)) { void stopListening(); return; } // the browser left while it was subscribing
    heartbeat = setInterval(() => {
      void liveSession(ticket.tenantId, ticket.tokenHash).then((now) => {
        session = now;
        if (!now) { end(); return; }
        write(': heartbeat\n\n');
      }, () => write(': heartbeat\n\n'));
    }, heartbeatMs());
  });
};
