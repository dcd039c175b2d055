// Orders: as the shopper sees them, in lists, and as the store works on them.
import { Type, type Static } from 'typebox';
import { Money, OrderAddress } from './common';
import { OrderTracking } from './shipping-labels';

export const OrderSummary = Type.Object({
  id: Type.String(),
  order_number: Type.String(),
  status: Type.String(),
  customer_name: Type.String(),
  order_type: Type.String(),
  total: Money,
  placed_at: Type.String(),
  /** The store location that fills it. */
  location_id: Type.Integer(),
});
export type OrderSummary = Static<typeof OrderSummary>;

/** A placed order as its shopper sees it (checkout's Done step, the confirmation e-mail's link). */
export const PlacedOrder = Type.Object({
  order_number: Type.String(),
  status: Type.String(),
  order_type: Type.Union([Type.Literal('pickup'), Type.Literal('delivery'), Type.Literal('shipping')]),
  placed_at: Type.String(),
  contact: Type.Object({ first_name: Type.String(), last_name: Type.String(), email: Type.String(), telephone: Type.String() }),
  /** Where a delivery or a parcel goes; null for pickup. */
  address: Type.Union([OrderAddress, Type.Null()]),
  /** The store that fills it (where a pickup is collected). */
  store: Type.Object({ id: Type.Integer(), name: Type.String(), address: Type.String() }),
  shipping_service: Type.Union([Type.String(), Type.Null()]),
  /** id: the line's own id (admin item changes); cancelled_quantity: how many of quantity the store cancelled. */
  items: Type.Array(Type.Object({ id: Type.String(), sku: Type.String(), title: Type.String(), quantity: Type.Integer(), cancelled_quantity: Type.Integer(), price: Money, special: Type.Boolean() })),
  subtotal: Money,
  additional_fees: Money,
  discount: Money,
  special_order_fee: Money,
  tax: Money,
  /** Local delivery fee or shipping charge. */
  fulfilment_charge: Money,
  total: Money,
  payment: Type.Object({ method: Type.String(), label: Type.String(), status: Type.Union([Type.Literal('due'), Type.Literal('paid'), Type.Literal('refunded')]) }),
  note: Type.String(),
  /** What happened to the order, oldest first, in the shopper's words (with the cancel reason or delivery time). */
  timeline: Type.Array(Type.Object({ status: Type.String(), label: Type.String(), at: Type.String(), note: Type.String() })),
  /** The day the store expects the order to reach the shopper (YYYY-MM-DD; admin updateDeliveryDate), or null; with a time of day when the store gave one ('9am-noon'). */
  delivery_date: Type.Union([Type.String(), Type.Null()]),
  delivery_window: Type.Union([Type.String(), Type.Null()]),
  /** How a shipping order travels once the store bought its label (carrier, service, tracking), else null. */
  tracking: Type.Optional(Type.Union([OrderTracking, Type.Null()])),
});
export type PlacedOrder = Static<typeof PlacedOrder>;

/** POST orders/reorder: the order's lines put back in the cart at the order's store, and the ones that could not be. */
export const ReorderAnswer = Type.Object({
  status: Type.String(), message: Type.String(),
  /** The order's store: the cart now holds its products, so the storefront selects it. */
  store_id: Type.Integer(),
  added: Type.Integer(),
  not_added: Type.Array(Type.Object({ sku: Type.String(), title: Type.String(), reason: Type.String() })),
});
export type ReorderAnswer = Static<typeof ReorderAnswer>;

/** One of a customer's orders in their list (/orders). */
export const CustomerOrderSummary = Type.Object({
  order_number: Type.String(), status: Type.String(), order_type: Type.String(), placed_at: Type.String(), item_count: Type.Integer(), total: Money,
});
export type CustomerOrderSummary = Static<typeof CustomerOrderSummary>;

/** An order as the store works on it (the prepare-order screen). */
export const AdminOrder = Type.Intersect([PlacedOrder, Type.Object({
  id: Type.String(),
  status_label: Type.String(),
  /** What can be done now: take, prepare (mark ready), complete, cancel. */
  actions: Type.Array(Type.Union([Type.Literal('take'), Type.Literal('prepare'), Type.Literal('complete'), Type.Literal('cancel')])),
  history: Type.Array(Type.Object({ status: Type.String(), at: Type.String(), by: Type.Union([Type.String(), Type.Null()]), note: Type.String() })),
  /** Where preparing stands (admin prepareStep/{step}): picking, picked, packed, or null before the first step. */
  prepare_step: Type.Union([Type.Literal('picking'), Type.Literal('picked'), Type.Literal('packed'), Type.Null()]),
  /** The AR account the order is charged to (assign-ar-account), or null. */
  ar_account: Type.Optional(Type.Union([Type.Object({ id: Type.String(), number: Type.String(), name: Type.String() }), Type.Null()])),
})]);
export type AdminOrder = Static<typeof AdminOrder>;

/** GET admin/orders/{id}/location: the order's store and, for each other location, whether it has every stocked line (missing: the lines it is short of). */
export const OrderLocations = Type.Object({
  current: Type.Object({ id: Type.Integer(), name: Type.String(), address: Type.String() }),
  others: Type.Array(Type.Object({
    id: Type.Integer(), name: Type.String(), address: Type.String(), has_everything: Type.Boolean(),
    missing: Type.Array(Type.Object({ sku: Type.String(), title: Type.String(), needed: Type.Integer(), left: Type.Integer() })),
  })),
});
export type OrderLocations = Static<typeof OrderLocations>;

/** One run of a recurring order: the order it placed, or why it was not placed (skipped, failed, cancelled). */
export const RecurringRun = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD' }),
  status: Type.Union([Type.Literal('placed'), Type.Literal('skipped'), Type.Literal('failed'), Type.Literal('cancelled')]),
  order_number: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
});
export type RecurringRun = Static<typeof RecurringRun>;

/** A recurring order (spec 2 /recurring-orders, spec 3 Orders › Recurring): an order a signed-in shopper repeats. */
export const RecurringOrder = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('cancelled')]),
  frequency: Type.Union([Type.Literal('weekly'), Type.Literal('every-2-weeks'), Type.Literal('every-4-weeks'), Type.Literal('monthly')]),
  frequency_label: Type.String(),
  order_type: Type.Union([Type.Literal('pickup'), Type.Literal('delivery'), Type.Literal('shipping')]),
  store: Type.Object({ id: Type.Integer(), name: Type.String() }),
  address: Type.Union([OrderAddress, Type.Null()]),
  /** Shipping: the carrier and service it ships with ('UPS Ground'); each run pays the rate quoted on its day. Else null. */
  shipping_service: Type.Union([Type.String(), Type.Null()]),
  customer_name: Type.String(),
  email: Type.String(),
  /** How each run is paid: by a saved card, or at the store. */
  payment_method: Type.Union([Type.Literal('card'), Type.Literal('pay_at_store')]),
  /** As shown: a saved card ('Visa ending 4242': its brand and last 4 only) or 'Pay at the store'. */
  payment_label: Type.String(),
  /** The shopper's own answers only, of one paid by card: the saved card each run is charged to (customer-cards' source). Never in the store's answers. */
  card_source: Type.Optional(Type.String()),
  items: Type.Array(Type.Object({
    store_product_id: Type.Integer({ description: 'The line as update-recurring-order names it' }), sku: Type.String(), title: Type.String(), quantity: Type.Integer(), special: Type.Boolean(),
  })),
  /** The order placed at checkout that started it, and its day. */
  first_order_number: Type.String(),
  started_on: Type.String(),
  /** The coming run days (none once cancelled), and each day's run that has an outcome (newest first). */
  next_dates: Type.Array(Type.String()),
  runs: Type.Array(RecurringRun),
  created_at: Type.String(),
  cancelled_at: Type.Union([Type.String(), Type.Null()]),
  /** Each change since it started (update-recurring-order), newest first: when, by the shopper or the store, and what. */
  changes: Type.Array(Type.Object({
    at: Type.String(), by: Type.Union([Type.Literal('customer'), Type.Literal('store')]), what: Type.Array(Type.String()),
    staff: Type.Optional(Type.String({ description: "A store's change, in the admin's answers only: the staff member's account who made it" })),
  })),
});
export type RecurringOrder = Static<typeof RecurringOrder>;

/** A product of the recurring order's store that may be added to it (recurring-order-products): today's price, and why it cannot be added, if so. */
export const RecurringProductChoice = Type.Object({
  store_product_id: Type.Integer(), sku: Type.String(), title: Type.String(), image_url: Type.Union([Type.String(), Type.Null()]),
  price: Type.Union([Type.String(), Type.Null()], { description: "Today's price of one (each run pays its own day's price); null where the item hides its price" }),
  pack: Type.Integer({ minimum: 1, description: 'Quantities are a multiple of it' }),
  in_order: Type.Boolean({ description: 'Already a line of the recurring order (change its quantity instead)' }),
  problem: Type.Union([Type.String(), Type.Null()], { description: "Why it cannot be added (ordering it online is off, or it does not go out the recurring order's way); null when it can" }),
});
export type RecurringProductChoice = Static<typeof RecurringProductChoice>;
