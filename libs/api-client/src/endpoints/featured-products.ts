// The owner's Featured Products (spec 3 /admin/featured, §7 Favourites): the list, a product search to add from, and
// the changes. Each change answers the list after it, written into the cache; the shoppers' list is read again, so an
// owner who views the store as a customer sees the change at once.
import type { FeaturedProductAdmin, FeaturedProductHit, FeaturedStoreChoice } from '@platform/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';
import { platformApi } from '../api';
import { unwrap } from './unwrap';
import { storefrontApi } from './storefront';

/** The list as the screen reads it, priced at the selected store (`store` keys the cache; the Store-Id header carries it). */
export interface FeaturedAdminList { data: FeaturedProductAdmin[]; limit: number }
export interface FeaturedStore { store: number | null }
type Changed = { status: string; message: string; data: FeaturedProductAdmin[] };
type Fulfilled = { dispatch: (action: UnknownAction) => unknown; queryFulfilled: Promise<{ data: Changed }> };

/** After a change: the answer becomes the cached list, and the storefront's Featured Products are read again. */
async function keepList({ store }: FeaturedStore, { dispatch, queryFulfilled }: Fulfilled) {
  const answer = await queryFulfilled.then(({ data }) => data, () => null);
  if (!answer) return;
  dispatch(featuredProductsApi.util.updateQueryData('featuredProductsAdmin', { store }, (list) => { list.data = answer.data; }) as unknown as UnknownAction);
  dispatch(storefrontApi.endpoints.featuredProducts.initiate(undefined, { forceRefetch: true, subscribe: false }) as unknown as UnknownAction);
}

export const featuredProductsApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    featuredProductsAdmin: build.query<FeaturedAdminList, FeaturedStore>({ query: () => 'admin/favourite-products' }),
    /** The store's locations a product can be featured at (id, name), in the store's order. */
    featuredStores: build.query<FeaturedStoreChoice[], void>({ query: () => 'admin/favourite-products/stores', transformResponse: unwrap }),
    /** Products sold at the selected store matching the words, each marked when already featured. */
    featuredProductSearch: build.query<FeaturedProductHit[], FeaturedStore & { search: string }>({
      query: ({ search }) => ({ url: 'admin/favourite-products/search', method: 'POST', body: { search } }), transformResponse: unwrap,
    }),
    /** Features a product at the chosen stores (none: every store); `unhide` also shows a hidden product on the storefront again. */
    addFeaturedProduct: build.mutation<Changed, FeaturedStore & { upc: string; stores?: number[]; unhide?: boolean }>({
      query: ({ upc, stores, unhide }) => ({
        url: 'admin/favourite-products/add', method: 'POST', body: { upc, ...(stores?.length ? { stores } : {}), ...(unhide ? { unhide } : {}) },
      }),
      onQueryStarted: keepList,
    }),
    /** Changes the stores a featured product shows at (empty: every store); its place in the list is kept. */
    updateFeaturedProduct: build.mutation<Changed, FeaturedStore & { upc: string; stores: number[] }>({
      query: ({ upc, stores }) => ({ url: 'admin/favourite-products/update', method: 'POST', body: { upc, stores } }), onQueryStarted: keepList,
    }),
    removeFeaturedProduct: build.mutation<Changed, FeaturedStore & { upc: string }>({
      query: ({ upc }) => ({ url: 'admin/favourite-products/remove', method: 'POST', body: { upc } }), onQueryStarted: keepList,
    }),
    reorderFeaturedProducts: build.mutation<Changed, FeaturedStore & { upcs: string[] }>({
      query: ({ upcs }) => ({ url: 'admin/favourite-products/reorder', method: 'POST', body: { upcs } }), onQueryStarted: keepList,
    }),
  }),
});
