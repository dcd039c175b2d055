// Checkout: the address and fulfilment type on the cart, placing the order, the customer's orders.
import type { Cart, CustomerOrderSummary, OrderAddress, Paged, PlacedOrder, ReorderAnswer } from '@platform/contracts';
import { platformApi } from '../api';
import { unwrap } from './unwrap';
import type { ShippingAddress } from './cart';

/** The address assign-address sends: the postal address without its country. */
export type DeliveryAddress = OrderAddress;
export interface CartPreferences { order_type: number | null; location_id: number | null; address: ShippingAddress | null }
export interface OrderSubmission {
  device_id: string; order_type: number; first_name: string; last_name: string; email: string; telephone: string;
  /** 'pay_at_store', or 'card' with payment_token: the card provider's token (never a card number) or a saved card's source. */
  payment_method: string; payment_token?: string; note?: string; expected_total?: string;
  /** Keep the new card in the signed-in shopper's account. */
  save_card?: boolean;
}

export interface OrderPlacedAnswer { status: true; message: string; order: PlacedOrder; confirm?: never }
/** 202: the card's bank asks the shopper to confirm (3-D Secure) at redirect_url, which sends them back to /cart?payment={order_id}. */
export interface BankConfirmationAnswer { status: false; message: string; confirm: { order_id: string; redirect_url: string }; order?: never }

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
    /** attempt: one key per checkout attempt, sent again with a repeat of it (the server answers a repeat with the first order). */
    submitOrder: build.mutation<OrderPlacedAnswer | BankConfirmationAnswer, OrderSubmission & { attempt?: string }>({
      query: ({ attempt, ...body }) => ({ url: 'customer/orders/submit', method: 'POST', body, headers: attempt ? { 'idempotency-key': attempt } : undefined }),
      // Account: a card saved with the order shows in the saved cards.
      invalidatesTags: ['Cart', 'Orders', 'Account'],
    }),
    /** Back from the bank's page (3-D Secure): the server asks the card provider and places the order, or says why not. */
    paymentReturn: build.mutation<OrderPlacedAnswer, { id: string; device_id: string }>({
      query: ({ id, device_id }) => ({ url: `customer/orders/callback/${encodeURIComponent(id)}`, method: 'POST', body: { device_id } }),
      invalidatesTags: ['Cart', 'Orders', 'Account'],
    }),
    /** The Information step's details; where the store asks, the mobile number confirmed by a texted code (first call texts it). */
    validateInfo: build.mutation<{ status: string; message: string; verification_required: boolean }, { first_name: string; last_name: string; email: string; telephone: string; device_id: string; code?: string }>({
      query: (body) => ({ url: 'orders/validate-info', method: 'POST', body }),
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
