import { formatCents, orderSearchQuery, type OrderListName } from '@platform/domain';
import type { OrderSummary, Paged } from '@platform/contracts';
import { AppError, type RequestContext } from '@platform/server-kit';
import { orderListPage } from './order-index';
import { ORDER_STATUSES, statusesWithin, UNKNOWN_SORT, UNKNOWN_STATUS, type OrderSort } from './order-sort';
import { redisStore, type CheckoutIo } from './checkout';

export const DATES_OUT_OF_ORDER = 'The start date must be on or before the end date.';
export const NOT_A_DATE = 'Please give a real date.';

/** The filters of the store's order lists (admin/orders/outstanding, completed, cancelled, all). */
export interface OrderListFilters {
  page: number; limit: number; location_id?: number; order_type?: 'pickup' | 'delivery' | 'shipping';
  /** A day (YYYY-MM-DD, from its start in UTC) or an instant (ISO 8601, the screen's local midnight). */
  from_date?: string; to_date?: string;
  /** An order number, an e-mail, a phone or words of the customer's name. */
  search?: string;
  /** The order of the list (placed_at, newest first, when not given), and its direction. */
  sort?: OrderSort; direction?: 'asc' | 'desc';
  /** Statuses of the order state machine, comma-separated: only orders in one of them. */
  status?: string;
}

/** A day names its whole length: to_date 2026-11-24 takes orders up to that day's last millisecond. */
const dayOrInstant = (text: string, end: boolean, field: string): number => {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const ms = Date.parse(day ? `${text}T00:00:00.000Z` : text);
  // Date.parse rolls 2026-02-30 over to March: a day must read back as itself.
  if (Number.isNaN(ms) || (day && new Date(ms).toISOString().slice(0, 10) !== text)) throw new AppError('unprocessable', NOT_A_DATE, { [field]: [NOT_A_DATE] });
  return ms + (day && end ? 86_400_000 - 1 : 0);
};

/**
 * The filters as the lists take them: dates checked and made instants, the search made words. A staff member bound
 * to a location (ctx) sees only its orders, whatever location is asked for.
 */
export function listQuery(query: Omit<OrderListFilters, 'page' | 'limit'>, ctx?: Pick<RequestContext, 'caller'>, list: OrderListName = 'all') {
  const fromMs = query.from_date ? dayOrInstant(query.from_date, false, 'from_date') : undefined;
  const toMs = query.to_date ? dayOrInstant(query.to_date, true, 'to_date') : undefined;
  if (fromMs !== undefined && toMs !== undefined && fromMs > toMs) throw new AppError('unprocessable', DATES_OUT_OF_ORDER, { from_date: [DATES_OUT_OF_ORDER] });
  const words = query.search?.trim() ? orderSearchQuery(query.search) : undefined;
  // Only an outstanding order waits for its pickup or delivery date.
  if (query.sort === 'delivery_date' && list !== 'outstanding') throw new AppError('invalid', UNKNOWN_SORT, { sort: [UNKNOWN_SORT] });
  const asked = query.status?.split(',').map((st) => st.trim()).filter(Boolean);
  if (asked?.some((st) => !(ORDER_STATUSES as readonly string[]).includes(st))) throw new AppError('invalid', UNKNOWN_STATUS, { status: [UNKNOWN_STATUS] });
  return {
    locationId: ctx?.caller?.locationId ?? query.location_id, orderType: query.order_type, fromMs, toMs, words,
    sort: query.sort, descending: query.direction !== 'asc', statuses: statusesWithin(list, asked),
  };
}

/** One page of one of the store's order lists, newest first, with its filters (spec 3 /admin/orders/list/{type}). */
export async function storeOrders(ctx: RequestContext, io: CheckoutIo, list: OrderListName, query: OrderListFilters): Promise<Paged<OrderSummary>> {
  const { rows, total } = await orderListPage(redisStore(io), ctx.tenantId, list, { page: query.page, limit: query.limit, ...listQuery(query, ctx, list) });
  return {
    data: rows.map((o) => ({
      id: o.id, order_number: o.order_number, status: o.status, customer_name: o.customer_name,
      order_type: o.order_type as OrderSummary['order_type'], total: formatCents(o.total_cents), placed_at: o.placed_at, location_id: o.location_id,
    })),
    total,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.limit)),
  };
}
