import { Readable } from 'node:stream';
import { Type } from 'typebox';
import { stringify } from 'csv-stringify/sync';
import { Reconciliation, ReconciliationDayDetail, type ReconciledOrder, type ReconciliationFigures as FiguresAnswer } from '@platform/contracts';
import {
  addDays, addFigures, dayInZone, dayStartInZone, daysCovered, formatCents, isRealDay, isTimeZone, NO_FIGURES, NOT_A_TIME_ZONE, ORDER_STATUS_LABELS,
  parseReconciliationRowId, RECONCILIATION_MAX_DAYS, RECONCILIATION_RANGE_TOO_LONG, RECONCILIATION_ROW_NOT_FOUND, reconcileOrder, reconciliationRowId,
  cancelledLinesCents, OTHER_LOCATION_REFUSED, reconcileOfflineOrder, staffListLocation, staffSeesLocation, toCents, type ReconciledOrderInput, type ReconciliationFigures,
} from '@platform/domain';
import { scoped } from '@platform/db';
import { AppError, errorAnswers, requireAdmin, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { getStoreSettings } from '@platform/tenant-settings';
import { Order } from './models';
import { ensureOrderIndex, orderKeys, orderRows, type OrderIndexStore, type OrderListRow } from './order-index';
import { storeLocations } from './checkout';
import { asText } from './order-export';
import { offlineIdsPlaced, offlineRows } from './offline-orders/offline-index';
import type { OfflineOrderRow } from '@platform/contracts';
import { DATES_OUT_OF_ORDER, NOT_A_DATE } from './service';

/** Rows read from Redis, or orders from the database, at a time. */
const BATCH = 1000;
const ORDERS_AT_ONCE = 20;
export const LOCATION_NOT_FOUND = 'This store location does not exist.';

export interface ReconciliationQuery { from_date?: string; to_date?: string; location_id?: number; time_zone?: string }

/** The range asked, checked: whole days in the time zone (UTC by default); a week to today when no day is given. */
function checkedRange(q: ReconciliationQuery) {
  const timeZone = q.time_zone?.trim() || 'UTC';
  if (!isTimeZone(timeZone)) throw new AppError('unprocessable', NOT_A_TIME_ZONE, { time_zone: [NOT_A_TIME_ZONE] });
  for (const field of ['from_date', 'to_date'] as const) {
    // Days the clock and the time zone database know (a year 0 or 9999 is not a store's day).
    if (q[field] && (!isRealDay(q[field]) || q[field] < '1970-01-01' || q[field] > '2999-12-31')) throw new AppError('unprocessable', NOT_A_DATE, { [field]: [NOT_A_DATE] });
  }
  const to = q.to_date ?? (q.from_date ? addDays(q.from_date, 6) : dayInZone(Date.now(), timeZone));
  const from = q.from_date ?? addDays(to, -6);
  if (from > to) throw new AppError('unprocessable', DATES_OUT_OF_ORDER, { from_date: [DATES_OUT_OF_ORDER] });
  if (daysCovered(from, to) > RECONCILIATION_MAX_DAYS) throw new AppError('unprocessable', RECONCILIATION_RANGE_TOO_LONG, { to_date: [RECONCILIATION_RANGE_TOO_LONG] });
  return { from, to, timeZone, fromMs: dayStartInZone(from, timeZone), toMs: dayStartInZone(addDays(to, 1), timeZone) - 1 };
}

async function checkedLocation(ctx: RequestContext, locationId: number | undefined) {
  const locations = await storeLocations(ctx); // the small locations collection, cached per process
  if (locationId !== undefined && !locations.has(locationId)) throw new AppError('unprocessable', LOCATION_NOT_FOUND, { location_id: [LOCATION_NOT_FOUND] });
  return locations;
}

const figuresAnswer = (f: ReconciliationFigures): FiguresAnswer => ({
  orders: f.orders, cancelled_orders: f.cancelledOrders, offline_orders: f.offlineOrders, total: formatCents(f.totalCents), cancelled: formatCents(f.cancelledCents), sales: formatCents(f.salesCents),
  captured: formatCents(f.capturedCents), refunded: formatCents(f.refundedCents), due_at_store: formatCents(f.dueAtStoreCents), paid_at_store: formatCents(f.paidAtStoreCents),
  on_account: formatCents(f.onAccountCents), difference: formatCents(f.differenceCents), flagged: f.flagged,
});

const rowInput = (r: OrderListRow): ReconciledOrderInput => ({
  status: r.status, totalCents: r.total_cents, paymentMethod: r.payment_method, paymentStatus: r.payment_status,
  capturedCents: r.captured_cents ?? 0, refundedCents: r.refunded_cents ?? 0, cancelledLinesCents: r.cancelled_lines_cents ?? 0,
});

/** The ids of the orders placed in a time range at a location (or every location), oldest first: the lists' 'all' set, by its scores. */
async function idsPlaced(s: OrderIndexStore, tenantId: string, fromMs: number, toMs: number, locationId?: number): Promise<string[]> {
  await ensureOrderIndex(s, tenantId);
  return s.redis.zrangebyscore(orderKeys.list(s, tenantId, 'all', locationId), fromMs, toMs);
}

/**
 * GET admin/orders/reconciliation: per day and store, the orders next to their payments (reconcileOrder, libs/domain),
 * days with orders only, oldest first, and the range's totals. Read from the order lists in Redis (the day's ids by
 * time placed, then their rows, 1,000 at a time): no database read however long the range.
 */
export async function reconciliation(ctx: RequestContext, s: OrderIndexStore, asked: ReconciliationQuery) {
  // Staff bound to a location reconcile its days only: another location asked for is 403.
  const scope = staffListLocation(ctx.caller?.locationId, asked.location_id);
  if (!scope) throw new AppError('forbidden', OTHER_LOCATION_REFUSED);
  const q = { ...asked, location_id: scope.locationId };
  const range = checkedRange(q);
  const locations = await checkedLocation(ctx, q.location_id);
  const [ids, offlineIds] = await Promise.all([
    idsPlaced(s, ctx.tenantId, range.fromMs, range.toMs, q.location_id), offlineIdsPlaced(s, ctx.tenantId, range.fromMs, range.toMs, q.location_id),
  ]);
  const days = new Map<string, { date: string; locationId: number; figures: ReconciliationFigures }>();
  const count = (placedAt: string, locationId: number, figures: ReconciliationFigures) => {
    const date = dayInZone(Date.parse(placedAt), range.timeZone);
    const id = reconciliationRowId(date, locationId);
    const day = days.get(id) ?? { date, locationId, figures: NO_FIGURES };
    days.set(id, { ...day, figures: addFigures(day.figures, figures) });
  };
  for (let i = 0; i < ids.length; i += BATCH) {
    for (const row of await orderRows(s, ctx.tenantId, ids.slice(i, i + BATCH))) count(row.placed_at, row.location_id, reconcileOrder(rowInput(row)).figures);
  }
  // Orders taken by phone or at the counter, from the offline orders' own lists in Redis (their rows carry the total and paid).
  for (let i = 0; i < offlineIds.length; i += BATCH) {
    for (const row of await offlineRows(s, ctx.tenantId, offlineIds.slice(i, i + BATCH))) count(row.placed_at, row.location_id, offlineFigures(row).figures);
  }
  const rows = [...days.entries()]
    .sort(([, a], [, b]) => (a.date === b.date ? a.locationId - b.locationId : a.date < b.date ? -1 : 1))
    .map(([id, d]) => ({ id, date: d.date, location_id: d.locationId, location_name: locations.get(d.locationId)?.name ?? `Location ${d.locationId}`, ...figuresAnswer(d.figures) }));
  const totals = [...days.values()].reduce((sum, d) => addFigures(sum, d.figures), NO_FIGURES);
  return { from_date: range.from, to_date: range.to, time_zone: range.timeZone, location_id: q.location_id ?? null, data: rows, totals: figuresAnswer(totals) };
}

const offlineFigures = (row: OfflineOrderRow) => reconcileOfflineOrder({ totalCents: toCents(row.total), paid: row.paid });

/** An offline order as a reconciled day lists it: from its list row in Redis, paid at the store, marked offline. */
function offlineReconciled(row: OfflineOrderRow): { order: ReconciledOrder; figures: ReconciliationFigures } {
  const { figures } = offlineFigures(row);
  const { orders: _orders, cancelled_orders: _cancelled, offline_orders: _offline, flagged: _flagged, ...money } = figuresAnswer(figures);
  return {
    figures,
    order: {
      id: row.id, order_number: row.order_number, placed_at: row.placed_at, status: 'offline', status_label: row.paid ? 'Offline order, paid' : 'Offline order, to pay',
      customer_name: row.customer_name, order_type: row.order_type, payment_method: 'pay_at_store', payment_status: row.paid ? 'paid' : 'due',
      payment_reference: '', problems: [], offline: true, ...money,
    },
  };
}

type OrderForReconciliation = {
  _id: unknown; orderNumber: string; placedAt: Date; status: string; customerName?: string; orderType?: string; totalCents: number;
  subtotalCents?: number; discountCents?: number; taxCents?: number; items?: { priceCents?: number; cancelledQuantity?: number }[];
  payment?: { method?: string; status?: string; reference?: string; capturedCents?: number; refundedCents?: number } | null;
};
const ORDER_FIELDS = {
  orderNumber: 1, placedAt: 1, status: 1, customerName: 1, orderType: 1, totalCents: 1, subtotalCents: 1, discountCents: 1, taxCents: 1,
  'items.priceCents': 1, 'items.cancelledQuantity': 1, payment: 1,
} as const;

/**
 * GET admin/orders/reconciliation/{id}: one day at one store ('2026-11-24_1'), with each of its orders read from the
 * order itself by _id (the record, with the card provider's payment id to find it in the provider's dashboard).
 */
export async function reconciliationDay(ctx: RequestContext, s: OrderIndexStore, rowId: string, timeZoneAsked?: string) {
  const row = parseReconciliationRowId(rowId);
  if (!row) throw new AppError('not_found', RECONCILIATION_ROW_NOT_FOUND);
  if (!staffSeesLocation(ctx.caller?.locationId, row.locationId)) throw new AppError('forbidden', OTHER_LOCATION_REFUSED);
  const range = checkedRange({ from_date: row.day, to_date: row.day, time_zone: timeZoneAsked });
  const locations = await storeLocations(ctx);
  const location = locations.get(row.locationId);
  if (!location) throw new AppError('not_found', RECONCILIATION_ROW_NOT_FOUND);
  const prefix = (await getStoreSettings(ctx)).products.currencyPrefix;
  const [ids, offlineIds] = await Promise.all([
    idsPlaced(s, ctx.tenantId, range.fromMs, range.toMs, row.locationId), offlineIdsPlaced(s, ctx.tenantId, range.fromMs, range.toMs, row.locationId),
  ]);
  const orders: ReconciledOrder[] = [];
  let figures = NO_FIGURES;
  for (let i = 0; i < ids.length; i += ORDERS_AT_ONCE) {
    // By _id alone, a few at a time (docs/DATA-ACCESS.md).
    const docs = await Promise.all(ids.slice(i, i + ORDERS_AT_ONCE).map((id) => Order.findOne(scoped(ctx, { _id: id }), ORDER_FIELDS).lean() as Promise<OrderForReconciliation | null>));
    for (const o of docs) {
      if (!o) continue;
      const payment = o.payment ?? {};
      const done = reconcileOrder({
        status: o.status, totalCents: o.totalCents, paymentMethod: payment.method ?? 'pay_at_store', paymentStatus: payment.status ?? 'due',
        capturedCents: payment.capturedCents ?? 0, refundedCents: payment.refundedCents ?? 0, cancelledLinesCents: cancelledLinesCents(o),
      }, prefix);
      figures = addFigures(figures, done.figures);
      const { orders: _orders, cancelled_orders: _cancelled, offline_orders: _offline, flagged: _flagged, ...money } = figuresAnswer(done.figures);
      orders.push({
        id: String(o._id), order_number: o.orderNumber, placed_at: new Date(o.placedAt).toISOString(), status: o.status, status_label: ORDER_STATUS_LABELS[o.status] ?? o.status,
        customer_name: o.customerName ?? '', order_type: o.orderType ?? 'pickup', payment_method: payment.method ?? 'pay_at_store', payment_status: payment.status ?? 'due',
        payment_reference: payment.reference ?? '', problems: done.problems, offline: false, ...money,
      });
    }
  }
  // The day's offline orders from their list rows in Redis (no database read), then every order oldest first.
  for (let i = 0; i < offlineIds.length; i += BATCH) {
    for (const offline of (await offlineRows(s, ctx.tenantId, offlineIds.slice(i, i + BATCH))).map(offlineReconciled)) {
      figures = addFigures(figures, offline.figures);
      orders.push(offline.order);
    }
  }
  orders.sort((a, b) => (a.placed_at < b.placed_at ? -1 : a.placed_at > b.placed_at ? 1 : 0));
  return {
    day: { id: rowId, date: row.day, location_id: row.locationId, location_name: location.name ?? `Location ${row.locationId}`, ...figuresAnswer(figures) },
    time_zone: range.timeZone, data: orders,
  };
}

const DAY_COLUMNS = ['Day', 'Store', 'Orders', 'Cancelled orders', 'Offline orders', 'Order totals', 'Cancelled', 'Sales', 'Card captured', 'Card refunded',
  'Due at the store', 'Paid at the store', 'On account', 'Difference', 'Flagged orders'];
const ORDER_COLUMNS = ['Order', 'Taken', 'Placed (UTC)', 'Status', 'Customer', 'Fulfilment', 'Payment', 'Payment status', 'Payment reference', 'Total', 'Cancelled', 'Sales',
  'Card captured', 'Card refunded', 'Due at the store', 'Paid at the store', 'On account', 'Difference', 'Problems'];
const moneyCells = (f: Omit<FiguresAnswer, 'orders' | 'cancelled_orders' | 'offline_orders' | 'flagged'>) =>
  [f.total, f.cancelled, f.sales, f.captured, f.refunded, f.due_at_store, f.paid_at_store, f.on_account, f.difference];
// Free text goes through asText (no formula runs in a spreadsheet); money is left as it is, a negative difference too.
const csvText = (rows: unknown[][], columns: string[], header: boolean) => stringify(rows, { header, columns });

/** The days as CSV (csv-stringify), a batch of rows per chunk, then the range's totals. */
export function reconciliationCsv(answer: Awaited<ReturnType<typeof reconciliation>>): Readable {
  async function* chunks() {
    for (let i = 0; i === 0 || i < answer.data.length; i += BATCH) {
      const rows = answer.data.slice(i, i + BATCH).map((d) => [d.date, asText(d.location_name), d.orders, d.cancelled_orders, d.offline_orders, ...moneyCells(d), d.flagged]);
      yield csvText(rows, DAY_COLUMNS, i === 0);
    }
    const t = answer.totals;
    yield csvText([[`${answer.from_date} to ${answer.to_date}`, 'All', t.orders, t.cancelled_orders, t.offline_orders, ...moneyCells(t), t.flagged]], DAY_COLUMNS, false);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** One day's orders as CSV, each with its problems in words. */
export function reconciliationDayCsv(answer: Awaited<ReturnType<typeof reconciliationDay>>): Readable {
  const paid = (method: string) => (method === 'card' ? 'Card' : method === 'ar_account' ? 'AR account' : 'At the store');
  async function* chunks() {
    for (let i = 0; i === 0 || i < answer.data.length; i += BATCH) {
      yield csvText(answer.data.slice(i, i + BATCH).map((o) => [
        o.order_number, o.offline ? 'Offline (phone or counter)' : 'Online', o.placed_at, o.status_label, asText(o.customer_name), o.order_type, paid(o.payment_method), o.payment_status, asText(o.payment_reference),
        ...moneyCells(o), asText(o.problems.map((p) => p.message).join(' ')),
      ]), ORDER_COLUMNS, i === 0);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

const Format = Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')], { description: 'csv: the same as a CSV file' }));
const TimeZone = Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$', description: "The days' time zone (IANA, e.g. America/Chicago); default UTC" }));
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

/** The reconciliation routes (spec 3 §7 admin/orders/reconciliation and reconciliation/{id}): any admin, as the order lists. */
export const reconciliationRoutes: ServicePlugin = async (app) => {
  const store: OrderIndexStore = { redis: app.resources.redis, prefix: app.resources.queuePrefix };
  const tags = ['orders'];
  const security = [{ bearer: [] }];

  app.get('/admin/orders/reconciliation', {
    preHandler: requireAdmin,
    schema: {
      tags, security,
      summary: "Per day and store: the orders' totals, cancelled, sales, card captured and refunded, due and paid at the store, charged to accounts, the difference and the orders flagged; format=csv as a file. Staff bound to a location see its days only (another location: 403)",
      querystring: Type.Object({
        from_date: Type.Optional(Day), to_date: Type.Optional(Day), location_id: Type.Optional(Type.Integer({ minimum: 1 })), time_zone: TimeZone, format: Format,
      }),
      response: {
        200: { description: 'The days with orders, oldest first, and the totals; or (format=csv) the same as CSV', content: { 'application/json': { schema: Reconciliation }, 'text/csv': { schema: Type.String() } } },
        // 403: staff bound to a location asked for another; 422: a date that is not real, the start after the end, more than 366 days, an unknown time zone or location.
        ...errorAnswers(403, 422),
      },
    },
  }, async (request, reply) => {
    const answer = await reconciliation(request.ctx, store, request.query);
    if (request.query.format !== 'csv') return answer;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="reconciliation-${answer.from_date}-to-${answer.to_date}.csv"`)
      .send(reconciliationCsv(answer) as unknown as string); // a stream is sent as it is
  });

  app.get('/admin/orders/reconciliation/:id', {
    preHandler: requireAdmin,
    schema: {
      tags, security,
      summary: "One day at one store ('{day}_{location_id}'): its figures and each order's, with its payment and its problems; format=csv as a file",
      params: Type.Object({ id: Type.String({ maxLength: 30 }) }),
      querystring: Type.Object({ time_zone: TimeZone, format: Format }),
      response: {
        200: { description: "The day's orders, oldest first; or (format=csv) the same as CSV", content: { 'application/json': { schema: ReconciliationDayDetail }, 'text/csv': { schema: Type.String() } } },
        // 403: another location's day for staff bound to one; 404: not a day and a location of this store; 422: an unknown time zone.
        ...errorAnswers(403, 404, 422),
      },
    },
  }, async (request, reply) => {
    const answer = await reconciliationDay(request.ctx, store, request.params.id, request.query.time_zone);
    if (request.query.format !== 'csv') return answer;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="reconciliation-${answer.day.date}-${answer.day.location_id}.csv"`)
      .send(reconciliationDayCsv(answer) as unknown as string);
  });
};
