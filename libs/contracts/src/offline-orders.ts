// Offline orders (spec 3 /admin/offline-orders, view_offline_orders): orders taken by phone or at the counter.
import { Type, type Static } from 'typebox';
import { AddressInput, Money, OrderAddress } from './common';

const OrderType = Type.Union([Type.Literal('pickup'), Type.Literal('delivery')]);

/** An offline order in the store's list. */
export const OfflineOrderRow = Type.Object({
  id: Type.String(), order_number: Type.String(), placed_at: Type.String(), location_id: Type.Integer(), order_type: OrderType,
  customer_name: Type.String(), telephone: Type.String(), email: Type.String(), item_count: Type.Integer(), subtotal: Money, tax: Money, total: Money, paid: Type.Boolean(),
  taken_by: Type.String({ description: 'The staff account that entered it' }),
});
export type OfflineOrderRow = Static<typeof OfflineOrderRow>;

export const OfflineOrderPage = Type.Object({
  data: Type.Array(OfflineOrderRow), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(),
  location_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: "The location listed (a bound staff member's own), or null for every location" })),
});
export type OfflineOrderPage = Static<typeof OfflineOrderPage>;

/** One offline order with its lines, money and note. */
export const OfflineOrder = Type.Intersect([OfflineOrderRow, Type.Object({
  items: Type.Array(Type.Object({
    title: Type.String(), sku: Type.String(), quantity: Type.Integer(), price: Money, line_total: Money,
    store_product_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The catalogue item it took stock of; null for a free-text line' }),
  })),
  address: Type.Union([OrderAddress, Type.Null()]),
  note: Type.String(),
})]);
export type OfflineOrder = Static<typeof OfflineOrder>;

/** What staff send to enter an offline order. */
export const OfflineOrderInput = Type.Object({
  location_id: Type.Integer({ minimum: 1 }),
  order_type: OrderType,
  customer_name: Type.String({ maxLength: 200 }),
  telephone: Type.Optional(Type.String({ maxLength: 20 })),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  address: Type.Optional(Type.Omit(AddressInput, ['country'])),
  items: Type.Array(Type.Object({
    store_product_id: Type.Optional(Type.Integer({ minimum: 1, description: 'An item of the catalogue at the location: its price is the store\'s and its stock is taken' })),
    title: Type.Optional(Type.String({ maxLength: 200, description: 'A free-text line (not in the catalogue): what it is' })),
    price: Type.Optional(Type.String({ maxLength: 12, description: 'A free-text line\'s unit price, such as 12.50' })),
    quantity: Type.Integer({ minimum: 1, maximum: 9999 }),
  }), { maxItems: 50 }),
  paid: Type.Boolean(),
  note: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type OfflineOrderInput = Static<typeof OfflineOrderInput>;

/** A staff member's rating of the Offline Orders page, and the store's staff's average. */
export const PageRating = Type.Object({
  rating: Type.Union([Type.Integer({ minimum: 1, maximum: 5 }), Type.Null()], { description: "The signed-in staff member's own rating, or null" }),
  comment: Type.String(),
  average: Type.Union([Type.Number(), Type.Null()], { description: "The store's staff's average (one decimal), or null before any rating" }),
  count: Type.Integer(),
});
export type PageRating = Static<typeof PageRating>;
