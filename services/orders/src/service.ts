import { findByIds } from '@platform/db';
import { formatCents } from '@platform/domain';
import type { OrderSummary, Paged } from '@platform/contracts';
import type { RequestContext } from '@platform/server-kit';
import { Order } from './models';
import { orderKeys, orderPage } from './order-index';
import { redisStore, type CheckoutIo } from './checkout';

/** Orders still to be fulfilled, newest first, optionally for one location. */
export async function outstandingOrders(ctx: RequestContext, io: CheckoutIo, query: { page: number; limit: number; location_id?: number }): Promise<Paged<OrderSummary>> {
  const store = redisStore(io);
  const { ids, total } = await orderPage(store, ctx.tenantId, orderKeys.outstanding(store, ctx.tenantId, query.location_id), query.page, query.limit);
  const docs = await findByIds(Order, ctx, ids);
  return {
    data: (docs as any[]).map((o) => ({
      id: String(o._id), order_number: o.orderNumber, status: o.status, customer_name: o.customerName,
      order_type: o.orderType, total: formatCents(o.totalCents), placed_at: o.placedAt.toISOString(),
    })),
    total,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.limit)),
  };
}
