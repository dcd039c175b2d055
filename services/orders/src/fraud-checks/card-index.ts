import { inBackground, scoped, Tenant, singleFlight } from '@platform/db';
import { AWAITING_PAYMENT } from '@platform/domain';
import { Order } from '../models';
import type { OrderIndexStore } from '../order-index';

/**
 * The store's card orders by card (docs/FRAUD-CHECKS.md): `<prefix>:card-orders:<tenant>:<fingerprint>`, a sorted set
 * of order ids by time placed, written when a card order stands. check-fingerprint reads the ids here and the orders
 * by id, never by scanning. Rebuilt from the database once, in the background work's allowance, when Redis lost it.
 */
const base = (s: OrderIndexStore, tenantId: string) => `${s.prefix}:card-orders:${tenantId}`;
export const cardOrdersKey = (s: OrderIndexStore, tenantId: string, fingerprint: string) => `${base(s, tenantId)}:${fingerprint}`;
const builtKey = (s: OrderIndexStore, tenantId: string) => `${base(s, tenantId)}|built`;

type CardOrder = { _id: unknown; placedAt: Date | string; payment?: { card?: { fingerprint?: string | null } | null } | null };

/** Lists a standing card order under its card's fingerprint (a repeat changes nothing). */
export async function indexCardOrder(s: OrderIndexStore, tenantId: string, order: CardOrder): Promise<void> {
  const fingerprint = order.payment?.card?.fingerprint;
  if (!fingerprint) return;
  await s.redis.zadd(cardOrdersKey(s, tenantId, fingerprint), new Date(order.placedAt).getTime(), String(order._id));
}

const building = singleFlight();

/** Makes sure the store's card index is in Redis: built once from its card orders when missing. */
export function ensureCardIndex(s: OrderIndexStore, tenantId: string): Promise<void> {
  const key = `${s.prefix}|${tenantId}`;
  return building(key, async () => {
    if (await s.redis.get(builtKey(s, tenantId))) return;
    await inBackground('rebuild the card orders index in Redis', async () => {
      const cursor = Order.find(scoped({ tenantId }, { 'payment.card.fingerprint': { $type: 'string' }, status: { $ne: AWAITING_PAYMENT } }), { placedAt: 1, 'payment.card.fingerprint': 1 }).lean().cursor({ batchSize: 2000 });
      for await (const doc of cursor) await indexCardOrder(s, tenantId, doc as unknown as CardOrder);
    });
    await s.redis.set(builtKey(s, tenantId), '1');
  });
}

/** The newest ids of the store's orders paid with one card (at most `limit`). */
export async function cardOrderIds(s: OrderIndexStore, tenantId: string, fingerprint: string, limit: number): Promise<string[]> {
  await ensureCardIndex(s, tenantId);
  return s.redis.zrevrange(cardOrdersKey(s, tenantId, fingerprint), 0, limit - 1);
}

/** At start: each active store's card index, one store after another, where Redis does not have it (tenants are few). */
export async function buildCardIndexes(s: OrderIndexStore): Promise<void> {
  const tenants = (await Tenant.find({ active: true }, { _id: 1 }).lean()) as { _id: unknown }[];
  for (const t of tenants) await ensureCardIndex(s, String(t._id));
}
