// The owner's Brands settings (spec 3 settings brands-settings, §7 Brands): the store's brands, hiding them, their
// alias and logo alt text, their logo. Each change writes the answer into the cached list, and the storefront's
// brand reads are read again, so an owner who views the store as a customer sees the change at once.
import type { BrandAdmin, StoreSettings } from '@platform/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';
import { platformApi } from '../api';
import { storefrontApi } from './storefront';

type Changed = { status: string; message: string; data: BrandAdmin };
type AllChanged = { status: string; message: string; data: BrandAdmin[] };
type Fulfilled<T> = { dispatch: (action: UnknownAction) => unknown; queryFulfilled: Promise<{ data: T }> };
export interface BrandsAdminList { data: BrandAdmin[]; total: number }
type SettingsSaved = { status: string; message: string; data: StoreSettings };

/** After a store-wide brand option is saved: the answer is the store's settings as now saved, which the storefront reads. */
async function keepSettings(_body: unknown, { dispatch, queryFulfilled }: Fulfilled<SettingsSaved>) {
  const answer = await queryFulfilled.then(({ data }) => data, () => null);
  if (answer) dispatch(storefrontApi.util.upsertQueryData('settings', undefined, answer.data) as unknown as UnknownAction);
}
/** After several brands changed at once: the list is the answer. */
async function keepAll(_body: unknown, { dispatch, queryFulfilled }: Fulfilled<AllChanged>) {
  const answer = await queryFulfilled.then(({ data }) => data, () => null);
  if (!answer) return;
  dispatch(brandsAdminApi.util.upsertQueryData('businessBrands', undefined, { data: answer.data, total: answer.data.length }) as unknown as UnknownAction);
  dispatch(platformApi.util.invalidateTags(['Products']) as unknown as UnknownAction);
}

/** After a change to one brand: it replaces its row in the cached list; the storefront's brand reads go stale. */
async function keepBrand(_body: unknown, { dispatch, queryFulfilled }: Fulfilled<Changed>) {
  const answer = await queryFulfilled.then(({ data }) => data, () => null);
  if (!answer) return;
  dispatch(brandsAdminApi.util.updateQueryData('businessBrands', undefined, (list) => {
    list.data = list.data.map((b) => (b.brand_id === answer.data.brand_id ? answer.data : b));
  }) as unknown as UnknownAction);
  dispatch(platformApi.util.invalidateTags(['Products']) as unknown as UnknownAction);
}

export const brandsAdminApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every brand of the store, hidden ones too, by name. */
    businessBrands: build.query<BrandsAdminList, void>({ query: () => ({ url: 'admin/brands/get-business-brands', method: 'POST' }) }),
    setBrandHidden: build.mutation<Changed, { brand_id: number; hidden: boolean }>({
      query: (body) => ({ url: 'admin/brands/set-brand-hidden', method: 'POST', body }), onQueryStarted: keepBrand,
    }),
    setAllBrandsHidden: build.mutation<AllChanged, { hidden: boolean }>({
      query: (body) => ({ url: 'admin/brands/set-all-brands-hidden', method: 'POST', body }), onQueryStarted: keepAll,
    }),
    /** Every product of the brand off the storefront (or back on it). */
    hideBrandProducts: build.mutation<Changed, { brand_id: number; hidden: boolean }>({
      query: (body) => ({ url: 'admin/brands/hide-brand-products', method: 'POST', body }), onQueryStarted: keepBrand,
    }),
    /** The brand's name as shoppers see it, its logo's alt text, its logo (any of them). */
    updateBrand: build.mutation<Changed, { brand_id: number; brand_name?: string; altTextLogo?: string; image?: string }>({
      query: (body) => ({ url: 'admin/brands/update-brand', method: 'POST', body }), onQueryStarted: keepBrand,
    }),
    /** Several brands shown or hidden, and/or their products, at once. */
    updateAllBrands: build.mutation<AllChanged, { brand_ids: number[]; hidden?: boolean; hide_products?: boolean }>({
      query: (body) => ({ url: 'admin/brands/update-all-brands', method: 'POST', body }), onQueryStarted: keepAll,
    }),
    /** The storefront's store-wide brand options (answers: the store's settings as now saved). */
    hideBrandsNav: build.mutation<SettingsSaved, { hidden: boolean }>({
      query: (body) => ({ url: 'admin/brands/hide-brands-nav', method: 'POST', body }), onQueryStarted: keepSettings,
    }),
    setBrandsShowLogo: build.mutation<SettingsSaved, { show_logo: boolean }>({
      query: (body) => ({ url: 'admin/brands/set-brands-show-logo', method: 'POST', body }), onQueryStarted: keepSettings,
    }),
    setBrandsFilter: build.mutation<SettingsSaved, { show: boolean }>({
      query: (body) => ({ url: 'admin/brands/set-brands-filter', method: 'POST', body }),
      async onQueryStarted(body, api: Fulfilled<SettingsSaved>) {
        await keepSettings(body, api);
        const answer = await api.queryFulfilled.then(({ data }) => data, () => null);
        if (answer) api.dispatch(storefrontApi.util.upsertQueryData('brandFilter', undefined, { show: !answer.data.hideBrandFilter }) as unknown as UnknownAction);
      },
    }),
    /** The brand's alias and its logo's alt text, as the alias modal shows them (status 'ok'). */
    addBrandAlias: build.mutation<Changed, { brand_id: number; alias: string; altTextLogo: string }>({
      query: (body) => ({ url: 'admin/brands/add-brand-alias', method: 'POST', body }), onQueryStarted: keepBrand,
    }),
    removeBrandAlias: build.mutation<Changed, { brand_id: number }>({
      query: (body) => ({ url: 'admin/brands/remove-brand-alias', method: 'POST', body }), onQueryStarted: keepBrand,
    }),
    /** The brand's logo by its image's address. */
    updateBrandImage: build.mutation<Changed, { brand_id: number; image: string }>({
      query: (body) => ({ url: 'admin/brands/update-brand-img', method: 'POST', body }), onQueryStarted: keepBrand,
    }),
  }),
});
