// The owner's side of what shoppers browse and read: listing and cart settings, hash-routing hosts, department aliases, the home banner,
// the About us story, the page title and sharing image, social links. Each save puts the answer into the
// storefront's cache, so an owner who views the store as a customer sees it at once.
import type { AboutUs, BusinessDetails, DepartmentWithAliases, HomeBannerSettings, StoreSeoSettings, StoreSettings } from '@platform/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AboutStoryInput, BrowseSettings, CartSettings, SocialLinks } from '@platform/domain';
import { platformApi } from '../api';
import { unwrap } from './unwrap';
import { storefrontApi } from './storefront';

type Saved<T> = { status: string; message: string; data: T };
export type DepartmentAliasNode = DepartmentWithAliases;
type AliasList = DepartmentWithAliases['aliases'];
type Fulfilled<T> = { dispatch: (action: UnknownAction) => unknown; queryFulfilled: Promise<{ data: T }> };
const answered = <T>(queryFulfilled: Promise<{ data: T }>) => queryFulfilled.then(({ data }) => data, () => null);

/** A department's aliases replaced in a cached tree (3 levels). */
function withAliases(nodes: DepartmentWithAliases[], deptId: number, aliases: AliasList): void {
  const walk = (list: { dept_id: number; aliases: AliasList; children?: unknown[] }[]) => {
    for (const node of list) {
      if (node.dept_id === deptId) node.aliases = aliases;
      walk((node.children ?? []) as never);
    }
  };
  walk(nodes as never);
}

export const storeContentAdminApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    saveBrowseSettings: build.mutation<Saved<StoreSettings>, BrowseSettings>({
      query: (body) => ({ url: 'admin/settings/browse', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }: Fulfilled<Saved<StoreSettings>>) {
        const data = await answered(queryFulfilled);
        if (data) dispatch(storefrontApi.util.upsertQueryData('settings', undefined, data.data) as unknown as UnknownAction);
      },
    }),
    /** Any of the cart settings; the answer is the store's settings as now saved (the cart and checkout read them from there). */
    saveCartSettings: build.mutation<Saved<StoreSettings>, Partial<CartSettings>>({
      query: (body) => ({ url: 'admin/settings/cart', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }: Fulfilled<Saved<StoreSettings>>) {
        const data = await answered(queryFulfilled);
        if (data) dispatch(storefrontApi.util.upsertQueryData('settings', undefined, data.data) as unknown as UnknownAction);
      },
    }),
    /** The hosts where the storefront routes by hash; the answer is the store's settings as now saved. */
    saveHashRoutingHosts: build.mutation<Saved<StoreSettings>, { hashRoutingHosts: string[] }>({
      query: (body) => ({ url: 'admin/settings/hash-routing-hosts', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }: Fulfilled<Saved<StoreSettings>>) {
        const data = await answered(queryFulfilled);
        if (data) dispatch(storefrontApi.util.upsertQueryData('settings', undefined, data.data) as unknown as UnknownAction);
      },
    }),
    /** Every department with its aliases, hidden ones too (the owner maps those as well). */
    departmentAliases: build.query<DepartmentWithAliases[], void>({
      query: () => ({ url: 'get-department-hierarchy-with-alias', params: { showHiddenDept: 1 } }), transformResponse: unwrap,
    }),
    previousAliases: build.query<{ id: number; name: string }[], { name: string; dept_id: number }>({
      query: (params) => ({ url: 'v1/admin/department/prev-aliases', params }),
      transformResponse: (answer: { data: { data: { id: number; name: string }[] } }) => answer.data.data,
    }),
    addDepartmentAlias: build.mutation<Saved<{ alias_mapped_id: number; alias_id: number; aliases: AliasList }>, { name: string; dept_id: number }>({
      query: (body) => ({ url: 'v1/admin/department/add-alias', method: 'POST', body: { ...body, type: 'department' } }),
      async onQueryStarted({ dept_id }, { dispatch, queryFulfilled }: Fulfilled<Saved<{ aliases: AliasList }>>) {
        const data = await answered(queryFulfilled);
        if (data) dispatch(storeContentAdminApi.util.updateQueryData('departmentAliases', undefined, (tree) => withAliases(tree, dept_id, data.data.aliases)) as unknown as UnknownAction);
      },
    }),
    removeDepartmentAlias: build.mutation<Saved<{ aliases: AliasList }>, { id: number; dept_id: number }>({
      query: (body) => ({ url: 'v1/admin/department/remove-alias', method: 'POST', body }),
      async onQueryStarted({ dept_id }, { dispatch, queryFulfilled }: Fulfilled<Saved<{ aliases: AliasList }>>) {
        const data = await answered(queryFulfilled);
        if (data) dispatch(storeContentAdminApi.util.updateQueryData('departmentAliases', undefined, (tree) => withAliases(tree, dept_id, data.data.aliases)) as unknown as UnknownAction);
      },
    }),
    homeBannerSettings: build.query<HomeBannerSettings, void>({ query: () => 'admin/home-banner', transformResponse: unwrap }),
    saveHomeBanner: build.mutation<Saved<HomeBannerSettings>, HomeBannerSettings>({
      query: (body) => ({ url: 'home-banner/update', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }: Fulfilled<Saved<HomeBannerSettings>>) {
        const data = await answered(queryFulfilled);
        if (!data) return;
        dispatch(storeContentAdminApi.util.upsertQueryData('homeBannerSettings', undefined, data.data) as unknown as UnknownAction);
        // What shoppers see is the server's to make (its colours): read it again.
        dispatch(storefrontApi.endpoints.homeBanner.initiate(undefined, { forceRefetch: true, subscribe: false }) as unknown as UnknownAction);
      },
    }),
    saveAboutStory: build.mutation<Saved<AboutUs>, AboutStoryInput>({
      query: (body) => ({ url: 'about-us/story', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }: Fulfilled<Saved<AboutUs>>) {
        const data = await answered(queryFulfilled);
        if (data) dispatch(storefrontApi.util.upsertQueryData('aboutUs', undefined, data.data) as unknown as UnknownAction);
      },
    }),
    storeSeo: build.query<StoreSeoSettings, void>({ query: () => 'admin/store-information', transformResponse: unwrap }),
    saveStoreSeo: build.mutation<Saved<StoreSeoSettings>, StoreSeoSettings>({
      query: (body) => ({ url: 'store-information/update', method: 'POST', body }),
      onQueryStarted: keepSeo,
    }),
    deleteOgImage: build.mutation<Saved<StoreSeoSettings>, void>({
      query: () => ({ url: 'store-information/delete-og-image', method: 'POST' }),
      onQueryStarted: keepSeo,
    }),
    /** An image for About Us or the sharing image (multipart, field 'image'); answers the address it is served at. */
    uploadAboutImage: build.mutation<{ status: string; url: string; message: string }, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file, file.name);
        return { url: 'about-us/upload', method: 'POST', body };
      },
    }),
    /** An image on another site, by its web address: the store fetches it and keeps its own copy; answers the copy's address. */
    uploadImageFromUrl: build.mutation<{ status: string; url: string; message: string }, string>({
      query: (url) => ({ url: 'admin/upload-image-from-url', method: 'POST', body: { url } }),
    }),
    saveSocialLinks: build.mutation<Saved<SocialLinks>, SocialLinks>({
      query: (body) => ({ url: 'social/update', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }: Fulfilled<Saved<SocialLinks>>) {
        const data = await answered(queryFulfilled);
        if (!data) return;
        dispatch(storefrontApi.util.updateQueryData('businessDetails', undefined, (business: BusinessDetails) => { Object.assign(business, data.data); }) as unknown as UnknownAction);
        dispatch(storefrontApi.endpoints.businessAboutUs.initiate(undefined, { forceRefetch: true, subscribe: false }) as unknown as UnknownAction);
      },
    }),
  }),
});

async function keepSeo(_body: unknown, { dispatch, queryFulfilled }: Fulfilled<Saved<StoreSeoSettings>>) {
  const data = await answered(queryFulfilled);
  if (!data) return;
  dispatch(storeContentAdminApi.util.upsertQueryData('storeSeo', undefined, data.data) as unknown as UnknownAction);
  dispatch(storefrontApi.endpoints.storeInformation.initiate(undefined, { forceRefetch: true, subscribe: false }) as unknown as UnknownAction);
}
