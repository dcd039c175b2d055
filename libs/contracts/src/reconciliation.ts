import { Type, type Static } from 'typebox';
import { Money } from './common';

/** The money columns of reconciliation (GET admin/orders/reconciliation), for a day at a store, one order or a range. */
export const ReconciliationFigures = Type.Object({
  orders: Type.Integer({ description: 'Orders placed' }),
  cancelled_orders: Type.Integer({ description: 'Of them, cancelled' }),
  offline_orders: Type.Integer({ description: 'Of them, taken by phone or at the counter (offline orders; paid at the store)' }),
  total: Money, // the orders' totals as placed
  cancelled: Money, // a cancelled order's whole total, else its cancelled units' share
  sales: Money, // total less cancelled
  captured: Money, // taken on cards
  refunded: Money, // given back to cards
  due_at_store: Money, // paid at the store, order not completed yet
  paid_at_store: Money, // paid at the store, order completed
  on_account: Money, // charged to AR accounts
  difference: Money, // card money kept less the card orders' sales
  flagged: Type.Integer({ description: 'Orders with a problem' }),
});
export type ReconciliationFigures = Static<typeof ReconciliationFigures>;

/** One day at one store. */
export const ReconciliationDay = Type.Intersect([Type.Object({
  id: Type.String({ description: "'{day}_{location_id}', for admin/orders/reconciliation/{id}" }),
  date: Type.String({ description: 'YYYY-MM-DD in the time zone asked' }),
  location_id: Type.Integer(),
  location_name: Type.String(),
}), ReconciliationFigures]);
export type ReconciliationDay = Static<typeof ReconciliationDay>;

export const ReconciliationProblem = Type.Object({
  code: Type.Union([Type.Literal('card_not_captured'), Type.Literal('refund_exceeds_capture'), Type.Literal('kept_after_cancel'), Type.Literal('card_amount_differs')]),
  message: Type.String(),
});

/** GET admin/orders/reconciliation: the days with orders, oldest first, and the range's totals. */
export const Reconciliation = Type.Object({
  from_date: Type.String(), to_date: Type.String(), time_zone: Type.String(), location_id: Type.Union([Type.Integer(), Type.Null()]),
  data: Type.Array(ReconciliationDay),
  totals: ReconciliationFigures,
});
export type Reconciliation = Static<typeof Reconciliation>;

/** One order of a reconciled day, read from the order itself, with its payment. */
export const ReconciledOrder = Type.Intersect([Type.Object({
  id: Type.String(), order_number: Type.String(), placed_at: Type.String(), status: Type.String(), status_label: Type.String(),
  customer_name: Type.String(), order_type: Type.String(),
  payment_method: Type.String({ description: "'card', 'pay_at_store' or 'ar_account'" }),
  payment_status: Type.String(),
  payment_reference: Type.String({ description: "The card provider's payment id ('' when paid at the store)" }),
  problems: Type.Array(ReconciliationProblem),
  offline: Type.Boolean({ description: 'An offline order (taken by phone or at the counter; id is the offline order\'s): paid at the store, status offline' }),
}), Type.Omit(ReconciliationFigures, ['orders', 'cancelled_orders', 'offline_orders', 'flagged'])]);
export type ReconciledOrder = Static<typeof ReconciledOrder>;

/** GET admin/orders/reconciliation/{id}: one day at one store (its row's figures) and its orders, oldest first. */
export const ReconciliationDayDetail = Type.Object({ day: ReconciliationDay, time_zone: Type.String(), data: Type.Array(ReconciledOrder) });
export type ReconciliationDayDetail = Static<typeof ReconciliationDayDetail>;
