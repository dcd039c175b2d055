// Shipping labels and the carriers admin (spec 3 §7 carrier admin, admin/shipping/*).
import { Type, type Static } from 'typebox';
import { Address, Money } from './common';

/** A label carrier of the platform: EasyPost, or a supplier's drop-ship service (Do it Best, Emery). */
export const LabelProvider = Type.Union([Type.Literal('easypost'), Type.Literal('doitbest'), Type.Literal('emery')]);
export type LabelProvider = Static<typeof LabelProvider>;

/** A carrier the platform can connect (getAvailableCarriers), with the fields its form asks for. */
export const LabelCarrierOption = Type.Object({
  id: LabelProvider,
  name: Type.String(),
  description: Type.String(),
  fields: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), secret: Type.Boolean(), help: Type.String() })),
  /** The store has connected it (getCarriers lists it). */
  connected: Type.Boolean(),
  /** The caller may connect or remove it (the store owner; not a sub-account). */
  can_change: Type.Boolean(),
});
export type LabelCarrierOption = Static<typeof LabelCarrierOption>;

/** A carrier the store connected (getCarriers). Its secret is never answered: only its mode and last 4 characters. */
export const ConnectedCarrier = Type.Object({
  id: LabelProvider,
  name: Type.String(),
  description: Type.String(),
  mode: Type.Union([Type.Literal('test'), Type.Literal('production'), Type.Literal('unknown')]),
  key_last4: Type.String(),
  /** A supplier account's member or customer number (not a secret); null for EasyPost. */
  account_number: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  connected_at: Type.Union([Type.String(), Type.Null()]),
  connected_by: Type.Union([Type.String(), Type.Null()]),
});
export type ConnectedCarrier = Static<typeof ConnectedCarrier>;

/** {id}/info: the connected carrier with the carrier accounts inside it (USPS, UPS ...), as EasyPost lists them. */
export const CarrierInfo = Type.Intersect([ConnectedCarrier, Type.Object({
  accounts: Type.Array(Type.Object({ id: Type.String(), type: Type.String(), name: Type.String(), description: Type.String() })),
})]);
export type CarrierInfo = Static<typeof CarrierInfo>;

/** The parcel a quote was priced for: ounces and inches (sizes null when not given). */
export const LabelParcel = Type.Object({ weight_oz: Type.Number(), length: Type.Union([Type.Number(), Type.Null()]), width: Type.Union([Type.Number(), Type.Null()]), height: Type.Union([Type.Number(), Type.Null()]) });
export type LabelParcel = Static<typeof LabelParcel>;

/** One rate for the parcel: its id is what {id}/buy takes. */
export const LabelRate = Type.Object({ id: Type.String(), carrier: Type.String(), service: Type.String(), rate: Money, delivery_days: Type.Union([Type.Integer(), Type.Null()]) });
export type LabelRate = Static<typeof LabelRate>;

/** {id}/quotes: the rates for the order's parcel from its store to its address, cheapest first. */
export const LabelQuote = Type.Object({
  order_id: Type.String(),
  shipment_id: Type.String(),
  parcel: LabelParcel,
  from: Type.String({ description: 'The store it leaves from, as one line' }),
  to: Type.String({ description: 'The shipping address, as one line' }),
  rates: Type.Array(LabelRate),
  /** What carriers said about the parcel (a service they could not price), to show beside the rates. */
  messages: Type.Array(Type.String()),
});
export type LabelQuote = Static<typeof LabelQuote>;

/** A bought label (admin/shipping/labels and {id}/buy). file_url is the API path of its PDF (GET, with the admin's token). */
export const ShippingLabel = Type.Object({
  id: Type.String(),
  order_id: Type.String(),
  order_number: Type.String(),
  customer_name: Type.String(),
  carrier: Type.String(),
  service: Type.String(),
  rate: Money,
  insured_amount: Type.Union([Money, Type.Null()]),
  insurance_fee: Money,
  /** What the store paid: the rate and the insurance fee. */
  total: Money,
  tracking_code: Type.String(),
  tracking_url: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('bought'), Type.Literal('refund_submitted'), Type.Literal('refunded'), Type.Literal('refund_rejected')]),
  status_label: Type.String(),
  parcel: LabelParcel,
  bought_at: Type.String(),
  bought_by: Type.Union([Type.String(), Type.Null()]),
  refund_asked_at: Type.Union([Type.String(), Type.Null()]),
  file_url: Type.String(),
  /** Who the label was bought through: EasyPost, or a supplier that ships the order itself (its file is the packing slip). */
  provider: LabelProvider,
  provider_name: Type.String(),
});
export type ShippingLabel = Static<typeof ShippingLabel>;

/** A warehouse a supplier ships from (rscOptions: Do it Best's RSCs) or a shipping service it offers (shippingServices). */
export const DropShipOption = Type.Object({ id: Type.String(), name: Type.String(), description: Type.String() });
export type DropShipOption = Static<typeof DropShipOption>;
export const DropShipService = Type.Object({ id: Type.String(), carrier: Type.String(), service: Type.String(), delivery_days: Type.Union([Type.Integer(), Type.Null()]) });
export type DropShipService = Static<typeof DropShipService>;

/**
 * {id}/doitbest/prepare, {id}/emery/prepare: what the supplier can ship of the order from the warehouse asked (each
 * line's units there and cost to the store) and its shipping services with their freight; kept a day for /send.
 */
export const DropShipQuote = Type.Object({
  order_id: Type.String(),
  supplier: Type.Union([Type.Literal('doitbest'), Type.Literal('emery')]),
  quote_id: Type.String(),
  /** The warehouse: a Do it Best RSC code, or Emery's warehouse. */
  rsc: Type.String(),
  to: Type.String({ description: 'The shipping address, as one line' }),
  lines: Type.Array(Type.Object({
    sku: Type.String(), title: Type.String(), quantity: Type.Integer(), available: Type.Integer(), unit_cost: Type.Union([Money, Type.Null()]),
    /** The supplier's item number it was asked for: the one the store keeps for the product, else its SKU. */
    item_number: Type.String(),
    /** Whether the store keeps a supplier item number for it ({id}/{supplier}/item-number). */
    item_mapped: Type.Boolean(),
  })),
  rates: Type.Array(LabelRate),
  messages: Type.Array(Type.String()),
  /** Every line can be filled from this warehouse; if not, `problem` says which are short. */
  can_send: Type.Boolean(),
  problem: Type.Union([Type.String(), Type.Null()]),
});
export type DropShipQuote = Static<typeof DropShipQuote>;

/** How an order ships once the store bought its label (the shopper's order page and e-mail), or null. */
export const OrderTracking = Type.Object({ carrier: Type.String(), service: Type.String(), tracking_code: Type.String(), tracking_url: Type.Union([Type.String(), Type.Null()]) });
export type OrderTracking = Static<typeof OrderTracking>;

/** validateAddress: the address as EasyPost verified it (its corrections applied). */
export const VerifiedAddress = Type.Object({ address: Address, verified: Type.Boolean() });
export type VerifiedAddress = Static<typeof VerifiedAddress>;
