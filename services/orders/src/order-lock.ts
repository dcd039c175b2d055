/**
 * One change to an order at a time: the staff's actions, a provider's webhook, the shopper's return from their bank
 * and the card-hold recovery each take the order's own lock in Redis (withRedisLock); other orders never wait on it.
 */
export const orderLock = (ctx: { tenantId: string }, io: { resources: { queuePrefix: string } }, id: string) => `${io.resources.queuePrefix}:order-lock:${ctx.tenantId}:${id}`;
