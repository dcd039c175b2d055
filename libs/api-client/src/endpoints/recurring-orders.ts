// Recurring orders: the shopper's (spec 2 /recurring-orders), the store's (spec 3 Orders › Recurring) and the store's opt-in.
import type { Address, Paged, RecurringOrder, RecurringProductChoice, ShippingQuote } from '@platform/contracts';
import type { RecurringFrequency } from '@platform/domain';
import { platformApi } from '../api';
import { unwrap } from './unwrap';

export interface RecurringDates { frequency: RecurringFrequency; label: string; dates: string[] }
export interface RecurringChanged { status: string; message: string; data: RecurringOrder }
/**
 * What update-recurring-order changes (only the parts sent): how often, the address, the shipping option, the lines kept
 * with their quantities and those added, and (the shopper's only) how each run is paid: a saved card or, picked up, at the store.
 */
export interface RecurringChange {
  id: string; frequency?: RecurringFrequency; address?: Omit<Address, 'country'> & { country?: string }; shipping_quote_id?: string;
  items?: { store_product_id: number; quantity: number }[]; card_source?: string;
  /** The shopper's only: pay_at_store (a pickup one) stops charging a card; card goes with card_source. */
  payment_method?: 'card' | 'pay_at_store';
}
/** A product search for a recurring order: the words, and the recurring order whose store is searched. */
export interface RecurringProductSearch { id: string; search: string }
/** The shipping options of a shipped recurring order to an address, and the option of its service there (null: not offered). */
export interface RecurringShippingOptions { address: Address; quotes: ShippingQuote[]; selected_id: string | null }
export interface StoreRecurringArgs { page: number; status?: 'active' | 'cancelled' | 'all'; search?: string; location_id?: number }

export const recurringOrdersApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** The coming dates an order repeated at this frequency would be placed on (from today unless `from`). */
    recurringDates: build.query<RecurringDates, { frequency: RecurringFrequency; from?: string }>({
      query: (body) => ({ url: 'recurring-order-dates', method: 'POST', body }), transformResponse: unwrap,
    }),
    myRecurringOrders: build.query<Paged<RecurringOrder>, { page: number }>({
      query: (body) => ({ url: 'get-recurring-orders', method: 'POST', body }), providesTags: ['Recurring'],
    }),
    /** Cancels one of the shopper's recurring orders, or with a date skips only that coming order. */
    cancelMyRecurringOrder: build.mutation<RecurringChanged, { id: string; date?: string }>({
      query: (body) => ({ url: 'cancel-recurring-order', method: 'POST', body }), invalidatesTags: ['Recurring'],
    }),
    /** Changes one of the shopper's recurring orders; a 422 names the field and changes nothing. */
    updateMyRecurringOrder: build.mutation<RecurringChanged, RecurringChange>({
      query: (body) => ({ url: 'update-recurring-order', method: 'POST', body }), invalidatesTags: ['Recurring'],
    }),
    /** The shipping options (with prices) of a shipped recurring order to an address, for the lines being chosen. Changes nothing. */
    recurringShippingOptions: build.mutation<RecurringShippingOptions, Pick<RecurringChange, 'id' | 'address' | 'items'>>({
      query: (body) => ({ url: 'recurring-order-shipping-quotes', method: 'POST', body }), transformResponse: unwrap,
    }),
    /** The products of the recurring order's store matching the words, and whether each may be added. Changes nothing. */
    recurringProductChoices: build.mutation<RecurringProductChoice[], RecurringProductSearch>({
      query: (body) => ({ url: 'recurring-order-products', method: 'POST', body }), transformResponse: unwrap,
    }),
    cancelAllMyRecurringOrders: build.mutation<{ status: string; message: string; cancelled: number }, void>({
      query: () => ({ url: 'cancel-all-recurring-orders', method: 'POST' }), invalidatesTags: ['Recurring'],
    }),
    /** The store's list; location_id is the location listed (a bound staff member's own), or null for every location. */
    storeRecurringOrders: build.query<Paged<RecurringOrder> & { location_id?: number | null }, StoreRecurringArgs>({
      query: (body) => ({ url: 'admin/recurringorders', method: 'POST', body: Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== '')) }),
      providesTags: ['Recurring'],
    }),
    storeRecurringOrder: build.query<RecurringOrder, string>({
      query: (id) => ({ url: 'admin/recurringorders/executions', params: { id } }), transformResponse: unwrap, providesTags: ['Recurring'],
    }),
    cancelStoreRecurringOrder: build.mutation<RecurringChanged, { id: string }>({
      query: (body) => ({ url: 'admin/recurringorders/cancel', method: 'POST', body }), invalidatesTags: ['Recurring'],
    }),
    /** Skips one coming run (the customer asked); the others go on. */
    skipStoreRecurringRun: build.mutation<RecurringChanged, { id: string; date: string }>({
      query: (body) => ({ url: 'admin/recurringorders/cancel-execution', method: 'POST', body }), invalidatesTags: ['Recurring'],
    }),
    /** The store changes a recurring order for its customer (admin/recurringorders/update), checked as the shopper's change; the customer is e-mailed what changed. */
    updateStoreRecurringOrder: build.mutation<RecurringChanged, RecurringChange>({
      query: (body) => ({ url: 'admin/recurringorders/update', method: 'POST', body }), invalidatesTags: ['Recurring'],
    }),
    /** The shipping options of a shipped recurring order to an address, as the store sees them. Changes nothing. */
    storeRecurringShippingOptions: build.mutation<RecurringShippingOptions, Pick<RecurringChange, 'id' | 'address' | 'items'>>({
      query: (body) => ({ url: 'admin/recurringorders/shipping-quotes', method: 'POST', body }), transformResponse: unwrap,
    }),
    /** The products of a recurring order's store matching the words, as the store sees them. Changes nothing. */
    storeRecurringProductChoices: build.mutation<RecurringProductChoice[], RecurringProductSearch>({
      query: (body) => ({ url: 'admin/recurringorders/products', method: 'POST', body }), transformResponse: unwrap,
    }),
    recurringOptIn: build.query<{ enabled: boolean }, void>({ query: () => 'admin/fulfillment/getRecurringOrderOptIn', transformResponse: unwrap, providesTags: ['Recurring'] }),
    saveRecurringOptIn: build.mutation<{ status: string; message: string; data: { enabled: boolean } }, { enabled: boolean }>({
      query: (body) => ({ url: 'admin/fulfillment/saveRecurringOrderOptIn', method: 'POST', body }), invalidatesTags: ['Recurring', 'Settings'],
    }),
  }),
});

