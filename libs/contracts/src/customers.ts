// The back office's Customers area (spec 3 §7 Customers): the store's shopper accounts.
import { Type, type Static } from 'typebox';
import { Money } from './common';

/** A shopper in the admin's list (id: the account's slug). */
export const AdminCustomerRow = Type.Object({
  id: Type.String(), first_name: Type.String(), last_name: Type.String(), email: Type.String(), telephone: Type.String(),
  created_at: Type.String(), receive_marketing: Type.Boolean(), receive_sms: Type.Boolean(),
});
export type AdminCustomerRow = Static<typeof AdminCustomerRow>;

/** A page of shoppers, newest first. */
export const AdminCustomerPage = Type.Object({
  data: Type.Array(AdminCustomerRow), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(),
});
export type AdminCustomerPage = Static<typeof AdminCustomerPage>;

/** How many shopper accounts the store has, and how many agreed to marketing e-mails. */
export const CustomerTotals = Type.Object({ total: Type.Integer(), marketing: Type.Integer() });
export type CustomerTotals = Static<typeof CustomerTotals>;

/** One shopper as the store sees them: details, consent, orders (newest first, a page), saved cards as brand and last 4 only. */
export const AdminCustomerDetails = Type.Object({
  customer: Type.Intersect([AdminCustomerRow, Type.Object({ last_sign_in_at: Type.Union([Type.String(), Type.Null()]) })]),
  orders: Type.Object({
    data: Type.Array(Type.Object({
      id: Type.String(), order_number: Type.String(), status: Type.String(), order_type: Type.String(), placed_at: Type.String(), item_count: Type.Integer(), total: Money,
    })),
    total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer(),
  }),
  cards: Type.Array(Type.Object({ brand: Type.String(), last4: Type.String() })),
});
export type AdminCustomerDetails = Static<typeof AdminCustomerDetails>;
