// The back office's Customers area (spec 3 §7 Customers): the store's shopper accounts.
import { Type, type Static } from 'typebox';
import { Money, OrderAddress } from './common';

/** A shopper in the admin's list (id: the account's slug); in the subscribers list, also the footer's newsletter sign-ups. */
export const AdminCustomerRow = Type.Object({
  id: Type.String(), first_name: Type.String(), last_name: Type.String(), email: Type.String(), telephone: Type.String(),
  created_at: Type.String(), receive_marketing: Type.Boolean(), receive_sms: Type.Boolean(),
  source: Type.Optional(Type.Literal('newsletter', { description: 'A newsletter sign-up from the footer (no account): receive_marketing false once it unsubscribed' })),
  unsubscribed_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
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

/** One shopper as the store sees them: details, consent, orders (newest first, a page), addresses, saved cards as brand and last 4 only. */
export const AdminCustomerDetails = Type.Object({
  customer: Type.Intersect([AdminCustomerRow, Type.Object({ last_sign_in_at: Type.Union([Type.String(), Type.Null()]) })]),
  orders: Type.Object({
    data: Type.Array(Type.Object({
      id: Type.String(), order_number: Type.String(), status: Type.String(), order_type: Type.String(), placed_at: Type.String(), item_count: Type.Integer(), total: Money,
    })),
    total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer(),
  }),
  cards: Type.Array(Type.Object({ brand: Type.String(), last4: Type.String() })),
  addresses: Type.Array(OrderAddress, { description: "The delivery and shipping addresses of the shopper's orders, last used first (the store keeps no other address book)" }),
});
export type AdminCustomerDetails = Static<typeof AdminCustomerDetails>;


/** One shopper's personal data as the store holds it (GDPR-style export): account, consents, addresses, orders, recurring orders, cards as brand and last 4. */
export const CustomerDataExport = Type.Object({
  exported_at: Type.String(),
  store: Type.String(),
  account: Type.Object({
    id: Type.String(), first_name: Type.String(), last_name: Type.String(), email: Type.String(), telephone: Type.String(), account_number: Type.String(),
    created_at: Type.String(), last_sign_in_at: Type.Union([Type.String(), Type.Null()]), preferred_store_id: Type.Union([Type.Integer(), Type.Null()]),
    custom_info: Type.Record(Type.String(), Type.Unknown()), two_step_sign_in: Type.Boolean(), known_devices: Type.Array(Type.String()),
  }),
  consents: Type.Object({ marketing_emails: Type.Boolean(), order_texts: Type.Boolean() }),
  addresses: Type.Array(OrderAddress),
  orders: Type.Array(Type.Object({
    order_number: Type.String(), placed_at: Type.String(), status: Type.String(), store: Type.String(), order_type: Type.String(),
    contact: Type.Object({ first_name: Type.String(), last_name: Type.String(), email: Type.String(), telephone: Type.String() }),
    address: Type.Union([OrderAddress, Type.Null()]),
    items: Type.Array(Type.Object({ title: Type.String(), sku: Type.String(), quantity: Type.Integer(), cancelled_quantity: Type.Integer(), price: Money })),
    subtotal: Money, discount: Money, tax: Money, delivery_or_shipping: Money, total: Money,
    payment: Type.Object({ method: Type.String(), status: Type.String() }), note: Type.String(),
  })),
  recurring_orders: Type.Array(Type.Object({
    frequency: Type.String(), status: Type.String(), order_type: Type.String(), started_from_order: Type.String(),
    address: Type.Union([OrderAddress, Type.Null()]), items: Type.Array(Type.Object({ title: Type.String(), sku: Type.String(), quantity: Type.Integer() })),
  })),
  saved_cards: Type.Array(Type.Object({ brand: Type.String(), last4: Type.String() })),
});
export type CustomerDataExport = Static<typeof CustomerDataExport>;

/**
 * The store's customer account settings (POST admin/customers/accountSettings; libs/domain account-settings.ts):
 * whether the header offers Sign In and Sign Up, whether the store texts shoppers, and registration's account-number
 * field. Lengths here are generous: the shared rules name a word too long under its field (422).
 */
export const CustomerAccountSettings = Type.Object({
  hide_registration: Type.Boolean({ description: "Hides Sign In and Sign Up from the store's header (the pages stay open by their links)" }),
  sms_notifications_enabled: Type.Boolean({ description: 'The store texts shoppers: sign-in by text and texts about their orders (each shopper can still turn order texts off)' }),
  account_field_info: Type.Object({
    label: Type.String({ maxLength: 1000, description: "The optional account-number field's label on registration (1-60 characters)" }),
    help: Type.String({ maxLength: 2000, description: 'The help under it (up to 300 characters; empty: none)' }),
  }, { additionalProperties: false }),
}, { additionalProperties: false });
export type CustomerAccountSettings = Static<typeof CustomerAccountSettings>;
