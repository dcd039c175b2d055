import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { formatCents, ORDER_STATUS_LABELS, type OrderListName } from '@platform/domain';
import type { RequestContext } from '@platform/server-kit';
import { orderListIdBatches, orderRows } from './order-index';
import { listQuery, type OrderListFilters } from './service';
import { redisStore, storeLocations, type CheckoutIo } from './checkout';
import { PAY_BY_CARD } from './card-payment';

/** Rows read from Redis at a time. */
const BATCH = 1000;

const COLUMNS = [
  'Order', 'Placed (UTC)', 'Status', 'Store', 'Fulfilment', 'Customer', 'E-mail', 'Phone', 'Items',
  'Subtotal', 'Discount', 'Tax', 'Delivery or shipping', 'Total', 'Payment', 'Payment status',
];

/** A text cell a spreadsheet would run as a formula (=, +, -, @, tab, return at its start) is kept as text. */
export const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * GET admin/orders/csv: the orders of a list with its filters as CSV, newest first, streamed from the list
 * rows the platform keeps in Redis (docs/DATA-ACCESS.md): no database read however many orders, and memory
 * holds one batch of ids and rows (the ids read as the list's set is walked, batch by batch).
 */
export async function exportOrders(ctx: RequestContext, io: CheckoutIo, list: OrderListName, filters: Omit<OrderListFilters, 'page' | 'limit'>): Promise<Readable> {
  const store = redisStore(io);
  const idBatches = await orderListIdBatches(store, ctx.tenantId, list, listQuery(filters, ctx, list), BATCH);
  const stores = await storeLocations(ctx); // the small locations collection, cached per process
  // One CSV text per batch of rows: a few large chunks for the compressor and the socket (a chunk per row made
  // the compression 10x slower), pulled as the reader is ready, so memory holds one batch.
  async function* batches() {
    let header = true;
    for await (const ids of idBatches) {
      const rows = (await orderRows(store, ctx.tenantId, ids)).map((o) => [
        o.order_number, o.placed_at, ORDER_STATUS_LABELS[o.status] ?? o.status, stores.get(o.location_id)?.name ?? String(o.location_id), o.order_type,
        o.customer_name, o.email, o.telephone, o.item_count, formatCents(o.subtotal_cents), formatCents(o.discount_cents), formatCents(o.tax_cents),
        formatCents(o.fulfilment_cents), formatCents(o.total_cents), o.payment_method === PAY_BY_CARD ? 'Card' : 'At the store', o.payment_status,
      ]);
      yield stringify(rows, { header, columns: COLUMNS, cast: { string: asText } });
      header = false;
    }
    if (header) yield stringify([], { header, columns: COLUMNS }); // no order: the header alone
  }
  return Readable.from(batches(), { objectMode: false });
}
