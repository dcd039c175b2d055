import { scoped } from '@platform/db';
import { AWAITING_PAYMENT } from '@platform/domain';
import { orderPlacedJobId, type PlatformQueues } from '@platform/queue';
import type { SoldOrder } from '@platform/catalogue';
import { Order } from './models';

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
  }, { jobId: orderPlacedJobId(tenantId, order.orderNumber) });
}

/**
 * Every placed order of a tenant (not cancelled, not waiting for its payment), in batches: what the sales counts are
 * counted again from when Redis lost them (`recountSalesFrom`). Background work: it reads the whole collection.
 */
export async function* soldOrders(tenantId: string): AsyncIterable<SoldOrder> {
  const cursor = Order.find(scoped({ tenantId }, { status: { $nin: ['cancelled', AWAITING_PAYMENT] } }), { _id: 0, orderNumber: 1, placedAt: 1, 'items.sku': 1, 'items.quantity': 1 }).lean().cursor({ batchSize: 1000 });
  for await (const order of cursor) yield order as unknown as SoldOrder;
}
