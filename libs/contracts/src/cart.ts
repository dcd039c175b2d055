// The cart, its lines and shipping quotes.
import { Type, type Static } from 'typebox';
import { Money } from './common';

export const CartItem = Type.Object({
  id: Type.Integer(),
  store_product_id: Type.Integer(),
  sku: Type.String(),
  quantity: Type.Integer(),
  title: Type.String(),
  brand_name: Type.String(),
  price: Money,
  image_url: Type.Union([Type.String(), Type.Null()]),
  vendor_id: Type.Union([Type.Integer(), Type.Null()]),
  num_inventory: Type.Integer(),
  extra: Type.Record(Type.String(), Type.Unknown()),
  location: Type.Integer(),
  /** The item settings of spec 1 §3 (disableDelivery, disableShipping and their texts, hidePrice ...). */
  settings: Type.Record(Type.String(), Type.Unknown()),
  /** Why the line needs a look: its price changed since it was added, or the store no longer has the quantity. */
  notice: Type.Union([Type.String(), Type.Null()]),
});
/** A shipping option (spec: carrier, service, handling_fee); rate is the carrier's price, total what the shopper pays. */
export const ShippingQuote = Type.Object({
  id: Type.String(),
  carrier: Type.String(),
  service: Type.String(),
  rate: Money,
  handling_fee: Money,
  total: Money,
  delivery_days: Type.Union([Type.String(), Type.Null()]),
});
export type ShippingQuote = Static<typeof ShippingQuote>;

export const Cart = Type.Object({
  order_id: Type.Union([Type.String(), Type.Null()]),
  item_count: Type.Integer(),
  parcels: Type.Array(Type.Object({ type: Type.Union([Type.Literal('pickup'), Type.Literal('special')]), items: Type.Array(CartItem) })),
  checkout_types: Type.Object({ pickup: Type.Boolean(), delivery: Type.Boolean(), shipping: Type.Boolean() }),
  subtotal: Money,
  /** Totals for the requested fulfilment type (order_type), before tax. */
  totals: Type.Object({
    order_type: Type.Integer(),
    subtotal: Money,
    additional_fees: Money,
    /** The lines' additional fees by message (price_impact: that fee times the quantities). */
    additional_fee_details: Type.Array(Type.Object({ message: Type.String(), price_impact: Money })),
    /** Delivery (order_type 1): the zone's fee, what comes off it (its lower fee from a minimum subtotal, a free-delivery code), and delivery_charge what is paid. */
    delivery_fee: Type.Union([Money, Type.Null()]),
    discount_delivery: Money,
    delivery_charge: Type.Union([Money, Type.Null()]),
    delivery_charge_label: Type.Union([Type.String(), Type.Null()]),
    delivery_error: Type.Union([Type.Literal('no-zipcode'), Type.Literal('invalid-zipcode'), Type.Null()]),
    /** The promo code on the cart, and why it does not apply now (expired, under its minimum), if so. */
    coupon: Type.Union([Type.String(), Type.Null()]),
    coupon_message: Type.Union([Type.String(), Type.Null()]),
    discount: Money,
    /** What the applied code gives ('10% OFF', '$5 OFF', 'FREE DELIVERY', 'FREE SHIPPING') while it takes something off; else null. */
    discount_label: Type.Union([Type.String(), Type.Null()]),
    special_order_fee: Money,
    special_order_fee_label: Type.String(),
    special_order_sla: Type.String(),
    /** Shipping (order_type 2): the chosen option's price, what a free-shipping code takes off, what is paid, and the line's wording ('Add address to calculate', 'Choose a shipping option', 'FREE' or the charge). */
    shipping_fee: Type.Union([Money, Type.Null()]),
    discount_shipping: Money,
    shipping_charge: Type.Union([Money, Type.Null()]),
    shipping_charge_label: Type.Union([Type.String(), Type.Null()]),
    shipping_quote: Type.Union([ShippingQuote, Type.Null()]),
    tax: Money,
    tax_rows: Type.Array(Type.Object({ label: Type.String(), amount: Money })),
    total: Money,
  }),
});
export type Cart = Static<typeof Cart>;
