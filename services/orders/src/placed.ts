import type { PlatformQueues } from '@platform/queue';

/** Tells the rest of the platform an order was placed (sales counts, bought-together pairs, promo code use), through the queue. */
export async function announceOrderPlaced(
  queues: Pick<PlatformQueues, 'ordersPlaced'>,
  tenantId: string,
  order: { orderNumber: string; placedAt: Date; items: { sku: string; quantity: number }[]; customerSlug?: string | null; coupon?: string | null },
): Promise<void> {
  if (!order.items.length) return;
  await queues.ordersPlaced.add('placed', {
    tenantId, orderNumber: order.orderNumber, placedAt: order.placedAt.toISOString(),
    items: order.items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
    customerSlug: order.customerSlug ?? null, coupon: order.coupon ?? null,
  }, { jobId: `${tenantId}-${order.orderNumber}` }); // one job per order, however often it is announced
}
