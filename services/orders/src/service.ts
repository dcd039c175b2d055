import { scoped } from '@platform/db';
import { formatCents } from '@platform/domain';
import type { OrderSummary, Paged } from '@platform/contracts';
import type { RequestContext } from '@platform/server-kit';
import { Order, OUTSTANDING_STATUSES } from './models';

/** Orders still to be fulfilled, newest first, optionally for one location. */
export async function outstandingOrders(ctx: RequestContext, query: { page: number; limit: number; location_id?: number }): Promise<Paged<OrderSummary>> {
  const filter = scoped(ctx, { status: { $in: [...OUTSTANDING_STATUSES] }, ...(query.location_id ? { locationId: query.location_id } : {}) });
  const [total, docs] = await Promise.all([
    Order.countDocuments(filter),
    Order.find(filter).sort({ placedAt: -1 }).skip((query.page - 1) * query.limit).limit(query.limit).lean(),
  ]);
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
