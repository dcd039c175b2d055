// AR (charge) accounts: the admin's Settings › AR Accounts and the order screen's 'Assign to AR account'.
import { Type, type Static } from 'typebox';
import { Money } from './common';

/** An account as lists and searches show it: who it is, its limit and what it owes now. */
export const ArAccountSummary = Type.Object({
  id: Type.String(),
  number: Type.String(),
  name: Type.String(),
  contact_name: Type.String(),
  contact_email: Type.String(),
  /** 10 digits, or empty. */
  contact_phone: Type.String(),
  credit_limit: Money,
  /** The charged orders' amounts less the payments recorded. */
  balance: Money,
  /** What may still be charged before the limit (never below 0.00). */
  available: Money,
  status: Type.Union([Type.Literal('active'), Type.Literal('on_hold')]),
  status_label: Type.String(),
  customer_count: Type.Integer(),
  charge_count: Type.Integer(),
});
export type ArAccountSummary = Static<typeof ArAccountSummary>;

/** One account with its customers, the orders charged to it and the payments recorded (each newest first, at most 100). */
export const ArAccount = Type.Intersect([ArAccountSummary, Type.Object({
  customers: Type.Array(Type.Object({ id: Type.String({ description: "The customer's slug (admin/customer/{id})" }), name: Type.String(), email: Type.String(), assigned_at: Type.String() })),
  charges: Type.Array(Type.Object({ order_id: Type.String(), order_number: Type.String(), amount: Money, charged_at: Type.String(), by: Type.Union([Type.String(), Type.Null()]) })),
  payments: Type.Array(Type.Object({ id: Type.String(), amount: Money, paid_at: Type.String(), by: Type.Union([Type.String(), Type.Null()]), note: Type.String() })),
})]);
export type ArAccount = Static<typeof ArAccount>;

/** GET admin/orders/ar-account-search: matching accounts; with an order_id, the account its customer is on comes first, marked. */
export const ArAccountSearchHit = Type.Intersect([ArAccountSummary, Type.Object({ customer_account: Type.Boolean() })]);
export type ArAccountSearchHit = Static<typeof ArAccountSearchHit>;

/**
 * GET customer/ar-account: the signed-in shopper's own AR account where the store offers charging to it at checkout
 * (payment_charge_account), with what it may still charge; null when the shopper is on none or the store does not offer it.
 */
export const ShopperArAccount = Type.Object({
  id: Type.String(),
  number: Type.String(),
  name: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('on_hold')]),
  /** What may still be charged before the credit limit (never below 0.00). */
  available: Money,
});
export type ShopperArAccount = Static<typeof ShopperArAccount>;
