// In-store ping ('Ask the store to check', spec 1 §7 tracking calls; spec 3 stats inStorePingItems): docs/IN-STORE-PING.md.
import type { InStorePingAnswer, InStorePingBody, InStorePingItems, InStorePingState } from '@platform/contracts';
import { platformApi } from '../api';

/** Whose ping: the product at the chosen store (`store` only keys the cache: the Store-Id header carries it), the shopper's slug as the spec sends it. */
export interface InStorePingArgs { product_id: number; customer_id?: string; store: number | null }

export const inStorePingApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    inStorePingStatus: build.query<InStorePingState, InStorePingArgs>({
      query: ({ product_id, customer_id }) => ({ url: 'get-in-store-ping-status', params: { product_id, ...(customer_id ? { customer_id } : {}) } }),
      transformResponse: (answer: { data: InStorePingState }) => answer.data,
    }),
    /** A signed-in shopper's one-click ping. */
    saveInStorePing: build.mutation<InStorePingAnswer, { product_id: number }>({ query: (body) => ({ url: 'save-in-store-ping', method: 'POST', body }) }),
    /** A guest's ping with a name and a phone number or e-mail. */
    inStorePingNonCustomerInfo: build.mutation<InStorePingAnswer, InStorePingBody>({ query: (body) => ({ url: 'in-store-ping-non-customer-info', method: 'POST', body }) }),
    cancelInStorePing: build.mutation<InStorePingAnswer, { product_id: number }>({ query: (body) => ({ url: 'cancel-in-store-ping', method: 'POST', body }) }),
    /** Back office: pings per item at one store over a range of UTC days (YYYY-MM-DD). */
    inStorePingItems: build.query<InStorePingItems, { store_id?: number; from_date?: string; to_date?: string }>({
      query: (params) => ({ url: 'admin/stats/inStorePingItems', params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) }),
    }),
  }),
});
