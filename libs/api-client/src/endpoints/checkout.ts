// Checkout: the address and fulfilment type on the cart, placing the order, the customer's orders.
import type { Cart, CustomerOrderSummary, OrderAddress, Paged, PlacedOrder, RecurringOrder, ReorderAnswer, ShopperArAccount } from '@platform/contracts';
import type { RecurringFrequency } from '@platform/domain';
import { platformApi } from '../api';
import { notePlacedOrder } from '../analytics';
import { unwrap } from './unwrap';
import type { ShippingAddress } from './cart';

/** The address assign-address sends: the postal address without its country. */
export type DeliveryAddress = OrderAddress;
export interface CartPreferences { order_type: number | null; location_id: number | null; address: ShippingAddress | null }
export interface OrderSubmission {
  device_id: string; order_type: number; first_name: string; last_name: string; email: string; telephone: string;
  /** 'pay_at_store', 'ar_account' (charge to the shopper's AR account), or 'card' with payment_token: the card provider's token (never a card number) or a saved card's source. */
  payment_method: string; payment_token?: string; note?: string; expected_total?: string;
  /** Keep the new card in the signed-in shopper's account. */
  save_card?: boolean;
  /** 'Repeat this order' (signed-in, pickup or delivery, at the store or by a saved card): it is placed again on each run day. */
  recurring?: { frequency: RecurringFrequency };
}

/** POST customer/orders/validate-address: a delivery (1) or shipping (2) address, checked before the shopper goes on. */
export interface AddressCheck { order_type: 1 | 2; address: string; address2?: string; city: string; state: string; zip: string; country?: string; device_id?: string }
/** The address as checkout takes it (normalised; `verified`: the store's carrier verified it and its corrections are applied). */
export interface CheckedAddress { status: 'success'; address: ShippingAddress; verified: boolean }
/** What the Payment step needs before the card form shows; provider null means payment at the store. */
export interface Prepayment {
  provider: 'stripe' | 'adyen' | 'plugnpay' | 'authorize_net' | 'fiserv' | null;
  /** The key the provider's card form is made with (Stripe's publishable key, Adyen's client key, Authorize.Net's client key). */
  public_key: string | null;
  provider_settings: Record<string, string | boolean> | null;
  /** The cart's total now, what the card is charged. */
  amount: string;
  currency: string;
  locale: string;
  order_type: number;
}
/** Fiserv Connect's signed form: post `fields` (hashExtended included) unchanged to `action_url`. */
export interface FiservConnectForm { action_url: string; hash: string; txndatetime: string; storename: string; chargetotal: string; currency: string; fields: Record<string, string> }

/** recurring_order: the recurring order the submit started (null when it could not be made; absent when none was asked). */
export interface OrderPlacedAnswer { status: true; message: string; order: PlacedOrder; recurring_order?: RecurringOrder | null; confirm?: never }
/**
 * 202: the card's bank asks the shopper to confirm (3-D Secure) at redirect_url, which sends them back to
 * /cart?payment={order_id}; or, with `form`, the shopper pays on the provider's hosted page (Fiserv Connect): the
 * browser posts `fields` unchanged to `action_url`.
 */
export interface BankConfirmationAnswer {
  status: false; message: string; order?: never;
  confirm: { order_id: string; redirect_url: string; form?: { action_url: string; fields: Record<string, string> } };
}

/** An order placed by this tab's checkout: its Done step records the purchase for the store's analytics (analytics.ts). */
async function notePlaced(_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<{ data: OrderPlacedAnswer | BankConfirmationAnswer }> }) {
  const answer = await queryFulfilled.then(({ data }) => data, () => null);
  if (answer?.order) notePlacedOrder(answer.order.order_number);
}

/** Checkout's Information, Payment and Done steps (spec 2 §7 Orders and checkout). */
export const checkoutApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** The address and fulfilment type kept on the cart (its delivery fee and tax follow). */
    assignAddress: build.mutation<Cart, DeliveryAddress & { order_type: number; device_id: string }>({
      query: (body) => ({ url: 'assign-address', method: 'POST', body }), transformResponse: unwrap, invalidatesTags: ['Cart'],
    }),
    cartPreferences: build.query<CartPreferences, { device_id: string }>({
      query: (params) => ({ url: 'cart-preferences', params }), transformResponse: unwrap, providesTags: ['Cart'],
    }),
    /** The signed-in shopper's AR account where the store lets them charge orders to it (null: none); 'Orders': a charge lowers what is available. */
    chargeAccount: build.query<ShopperArAccount | null, void>({ query: () => 'customer/ar-account', transformResponse: unwrap, providesTags: ['Orders'] }),
    /** attempt: one key per checkout attempt, sent again with a repeat of it (the server answers a repeat with the first order). */
    submitOrder: build.mutation<OrderPlacedAnswer | BankConfirmationAnswer, OrderSubmission & { attempt?: string }>({
      query: ({ attempt, ...body }) => ({ url: 'customer/orders/submit', method: 'POST', body, headers: attempt ? { 'idempotency-key': attempt } : undefined }),
      // Account: a card saved with the order shows in the saved cards.
      invalidatesTags: ['Cart', 'Orders', 'Account'],
      onQueryStarted: notePlaced,
    }),
    /** Back from the bank's page (3-D Secure): the server asks the card provider and places the order, or says why not. */
    paymentReturn: build.mutation<OrderPlacedAnswer, { id: string; device_id: string; redirectResult?: string }>({
      query: ({ id, ...body }) => ({ url: `customer/orders/callback/${encodeURIComponent(id)}`, method: 'POST', body }),
      invalidatesTags: ['Cart', 'Orders', 'Account'],
      onQueryStarted: notePlaced,
    }),
    /** The Information step's details; where the store asks, the mobile number confirmed by a texted code (first call texts it). */
    validateInfo: build.mutation<{ status: string; message: string; verification_required: boolean }, { first_name: string; last_name: string; email: string; telephone: string; device_id: string; code?: string }>({
      query: (body) => ({ url: 'orders/validate-info', method: 'POST', body }),
    }),
    /** The Information step's address check (changes nothing): 422 names the fields to correct. */
    validateAddress: build.mutation<CheckedAddress, AddressCheck>({
      query: (body) => ({ url: 'customer/orders/validate-address', method: 'POST', body }),
    }),
    /** The Payment step's card provider, public key and amount (the cart's total now); asked again when the cart changes. */
    prepayment: build.query<Prepayment, { device_id: string; locale?: string; order_type?: number }>({
      query: (body) => ({ url: 'customer/orders/prepayment', method: 'POST', body }), transformResponse: unwrap, providesTags: ['Cart'],
    }),
    /** Fiserv Connect's form for the cart, signed by the store; asked right before the form is posted (its time is part of the signature). */
    fiservHash: build.mutation<FiservConnectForm, { device_id: string; locale?: string; order_type?: number }>({
      query: (body) => ({ url: 'get-fiserv-hash', method: 'POST', body }), transformResponse: unwrap,
    }),
    /** Buy again: the order's lines back into the cart at the order's store. */
    reorder: build.mutation<ReorderAnswer, { order_number: string; device_id: string }>({
      query: (body) => ({ url: 'orders/reorder', method: 'POST', body }), invalidatesTags: ['Cart'],
    }),
    /** The signed-in customer's orders, newest first. */
    myOrders: build.query<Paged<CustomerOrderSummary>, { page: number }>({ query: (params) => ({ url: 'orders', params }), providesTags: ['Orders'] }),
    placedOrder: build.query<PlacedOrder, { order_number: string; device_id: string }>({
      query: (params) => ({ url: 'orders/order', params }), transformResponse: unwrap, providesTags: ['Orders'],
    }),
  }),
});
