// Offline orders (spec 3 /admin/offline-orders): orders staff take by phone or at the counter.
import type { OfflineOrder, OfflineOrderInput, OfflineOrderPage, PageRating } from '@platform/contracts';
import { platformApi } from '../api';
import { unwrap } from './unwrap';
import { downloadAdminFile } from './admin-orders';

export interface OfflineOrderListArgs { page: number; location_id?: number; search?: string }
export interface OfflineProductHit { store_product_id: number; title: string; sku: string; price: string; num_inventory: number }

const filtersOf = (args: Omit<OfflineOrderListArgs, 'page'>) => Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== ''));

export const offlineOrdersApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    offlineOrders: build.query<OfflineOrderPage, OfflineOrderListArgs>({
      query: ({ page, ...filters }) => ({ url: 'admin/offline-orders', params: { page, ...filtersOf(filters) } }), providesTags: ['Orders'],
    }),
    offlineOrder: build.query<OfflineOrder, string>({ query: (id) => `admin/offline-orders/${encodeURIComponent(id)}`, transformResponse: unwrap, providesTags: ['Orders'] }),
    /** Catalogue items at a location for the order's lines. */
    offlineProducts: build.query<OfflineProductHit[], { location_id: number; search: string }>({ query: (params) => ({ url: 'admin/offline-orders/products', params }), transformResponse: unwrap }),
    enterOfflineOrder: build.mutation<{ status: string; message: string; data: OfflineOrder }, OfflineOrderInput>({
      query: (body) => ({ url: 'admin/offline-orders', method: 'POST', body }), invalidatesTags: ['Orders'],
    }),
    offlinePageRating: build.query<PageRating, void>({ query: () => 'admin/offline-orders/rate-page', transformResponse: unwrap }),
    rateOfflinePage: build.mutation<{ status: string; message: string; data: PageRating }, { rating: number; comment?: string }>({
      query: (body) => ({ url: 'admin/offline-orders/rate-page', method: 'POST', body }),
      // The answer is the page's rating now: written into the cache, no second request.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(offlineOrdersApi.util.upsertQueryData('offlinePageRating', undefined, data.data));
      },
    }),
  }),
});

/** GET admin/offline-orders/csv with the list's filters: the browser saves the file; answers the refusal's message, or null. */
export async function downloadOfflineOrdersCsv(filters: Omit<OfflineOrderListArgs, 'page'>): Promise<string | null> {
  const params = new URLSearchParams(Object.entries(filtersOf(filters)).map(([k, v]) => [k, String(v)]));
  return downloadAdminFile('admin/offline-orders/csv', params, 'offline-orders.csv', 'The offline orders could not be exported.');
}
