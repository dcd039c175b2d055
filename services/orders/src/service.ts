import { formatCents } from '@platform/domain';
import type { OrderSummary, Paged } from '@platform/contracts';
import type { RequestContext } from '@platform/server-kit';
import { orderKeys, orderPage } from './order-index';
import { redisStore, type CheckoutIo } from './checkout';

/** Orders still to be fulfilled, newest first, optionally for one location. */
export async function outstandingOrders(ctx: RequestContext, io: CheckoutIo, query: { page: number; limit: number; location_id?: number }): Promise<Paged<OrderSummary>> {
  const store = redisStore(io);
  const { rows, total } = await orderPage(store, ctx.tenantId, orderKeys.outstanding(store, ctx.tenantId, query.location_id), query.page, query.limit);
  return {
    data: rows.map((o) => ({
      id: o.id, order_number: o.order_number, status: o.status, customer_name: o.customer_name,
      order_type: o.order_type as OrderSummary['order_type'], total: formatCents(o.total_cents), placed_at: o.placed_at,
    })),
    total,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.limit)),
  };
}
