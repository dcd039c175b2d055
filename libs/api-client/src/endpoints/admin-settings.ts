// Admin settings: search synonyms, home page sections, sub-accounts, store information and options, the setup wizard, payment settings.
import type { AdminWidget, TestimonialsSection, BusinessDetails, PartnerSettings, PaymentSettingsAdmin, PaymentSettingsUpdate, SubAccount, WizardState } from '@platform/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { StoreInformation, StoreOptions } from '@platform/domain';
import { platformApi } from '../api';
import { unwrap } from './unwrap';
import { storefrontApi } from './storefront';

/** Admin settings: the store's search synonyms (the product editors' permission). */
type WidgetsAnswer = { message: string; data: AdminWidget[] };
/** location_id: the store location the account works at (it sees only that location's orders); null: every location. */
export interface SubAccountDetails { first_name: string; last_name: string; email: string; permissions: string[]; location_id?: number | null }

/** A settings save answers with the new business details: every screen showing them (footer, store pages, cart) updates. */
async function keepBusinessDetails(_info: unknown, { dispatch, queryFulfilled }: { dispatch: (action: UnknownAction) => unknown; queryFulfilled: Promise<{ data: { data: BusinessDetails } }> }) {
  const { data } = await queryFulfilled.catch(() => ({ data: null }));
  if (data) dispatch(storefrontApi.util.upsertQueryData('businessDetails', undefined, data.data) as unknown as UnknownAction);
}

export const adminSettingsApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    searchSynonyms: build.query<string[][], void>({
      query: () => 'admin/search-synonyms', transformResponse: (r: { data: { groups: string[][] } }) => r.data.groups, providesTags: ['SearchSynonyms'],
    }),
    saveSearchSynonyms: build.mutation<{ message: string; data: { groups: string[][] } }, string[][]>({
      query: (groups) => ({ url: 'admin/search-synonyms', method: 'PUT', body: { groups } }), invalidatesTags: ['SearchSynonyms'],
    }),
    homepageSections: build.query<AdminWidget[], void>({ query: () => 'widget/get', transformResponse: unwrap, providesTags: ['Widgets'] }),
    setSectionHidden: build.mutation<WidgetsAnswer, { id: number; hidden: boolean }>({ query: (body) => ({ url: 'admin/widget/update', method: 'POST', body }), invalidatesTags: ['Widgets', 'Products'] }),
    saveSectionOrder: build.mutation<WidgetsAnswer, { area: 1 | 2; ids: number[] }>({ query: (body) => ({ url: 'admin/widget/save', method: 'POST', body }), invalidatesTags: ['Widgets', 'Products'] }),
    removeSection: build.mutation<WidgetsAnswer, number>({ query: (id) => ({ url: 'admin/widget/delete', method: 'POST', body: { id } }), invalidatesTags: ['Widgets', 'Products'] }),
    addTestimonialsSection: build.mutation<WidgetsAnswer & { id: number }, { area: 1 | 2 }>({
      query: ({ area }) => ({ url: 'admin/widget/create', method: 'POST', body: { type: '5', area } }), invalidatesTags: ['Widgets', 'Products'],
    }),
    // Read once into the card editor, which keeps what is typed from then on (its saves answer the section).
    testimonialsSection: build.query<TestimonialsSection, number>({ query: (id) => `admin/widget/testimonials/${id}`, transformResponse: unwrap, keepUnusedDataFor: 0 }),
    // The home page's sections carry the cards ('Products', as the other section changes).
    saveTestimonials: build.mutation<{ message: string; data: TestimonialsSection }, TestimonialsSection>({
      query: (body) => ({ url: 'admin/widget/testimonials', method: 'POST', body }), invalidatesTags: ['Products'],
    }),
    subAccounts: build.query<SubAccount[], void>({ query: () => ({ url: 'sub-accounts', params: { auth: true } }), transformResponse: (r: { 'sub-accounts': SubAccount[] }) => r['sub-accounts'], providesTags: ['SubAccounts'] }),
    createSubAccount: build.mutation<{ message: string; data: SubAccount }, SubAccountDetails & { password: string; c_password: string }>({
      query: (body) => ({ url: 'sub-accounts/create', method: 'POST', body }), invalidatesTags: ['SubAccounts'],
    }),
    updateSubAccount: build.mutation<{ message: string; data: SubAccount }, SubAccountDetails & { slug: string }>({
      query: (body) => ({ url: 'sub-accounts/update', method: 'POST', body }), invalidatesTags: ['SubAccounts'],
    }),
    changeSubAccountPassword: build.mutation<{ message: string }, { slug: string; password: string; c_password: string }>({
      query: (body) => ({ url: 'sub-accounts/change-password', method: 'POST', body }),
    }),
    deleteSubAccount: build.mutation<{ message: string }, string>({ query: (slug) => ({ url: 'sub-accounts/delete', method: 'POST', body: { slug } }), invalidatesTags: ['SubAccounts'] }),
    saveStoreInformation: build.mutation<{ message: string; data: BusinessDetails }, StoreInformation>({
      query: (body) => ({ url: 'about-us/save', method: 'POST', body }),
      onQueryStarted: keepBusinessDetails,
    }),
    /** The selling options; the cart's modes and totals follow them, so the cart is read again. */
    saveStoreOptions: build.mutation<{ message: string; data: BusinessDetails }, Partial<StoreOptions>>({
      query: (body) => ({ url: 'admin/settings/update', method: 'POST', body }),
      onQueryStarted: keepBusinessDetails,
      invalidatesTags: ['Cart'],
    }),
    /** How the store takes payment, as the store owner sees it (secrets only as set / not set). */
    paymentSettingsAdmin: build.query<PaymentSettingsAdmin, void>({ query: () => 'admin/fulfillment/payment-settings', transformResponse: unwrap }),
    /** Saves the provider and keys; the owner's view and the storefront's payment settings (checkout) follow the answer. */
    savePaymentSettings: build.mutation<{ message: string; data: PaymentSettingsAdmin }, PaymentSettingsUpdate>({
      query: (body) => ({ url: 'admin/fulfillment/payment-settings', method: 'POST', body }),
      async onQueryStarted(_info, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(adminSettingsApi.util.upsertQueryData('paymentSettingsAdmin', undefined, data.data));
        // The storefront's view (the active provider's public fields) is the server's to make: read it again.
        dispatch(storefrontApi.endpoints.paymentSettings.initiate(undefined, { forceRefetch: true, subscribe: false }) as unknown as UnknownAction);
      },
    }),
    /** The store owner's partner businesses: each one's name once it lists this store back (docs/PARTNER-INVENTORY.md). */
    partnerBusinesses: build.query<PartnerSettings, void>({ query: () => 'admin/settings/partner-businesses', transformResponse: unwrap }),
    savePartnerBusinesses: build.mutation<{ message: string; data: PartnerSettings }, { business_ids: number[] }>({
      query: (body) => ({ url: 'admin/settings/partner-businesses', method: 'POST', body }),
      async onQueryStarted(_info, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(adminSettingsApi.util.upsertQueryData('partnerBusinesses', undefined, data.data));
      },
    }),
    wizardState: build.query<WizardState, void>({ query: () => 'setup-wizard/get', transformResponse: unwrap, providesTags: ['Wizard'] }),
    markWizardItem: build.mutation<WizardState, { slug: string; status: 'started' | 'completed' }>({
      query: ({ slug, status }) => ({ url: `setup-wizard/mark-item-${status}`, method: 'POST', body: { slug } }),
      transformResponse: unwrap,
      async onQueryStarted(_info, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(adminSettingsApi.util.upsertQueryData('wizardState', undefined, data));
      },
    }),
    acknowledgeWizard: build.mutation<{ message: string; data: WizardState }, { comments: string }>({
      query: (body) => ({ url: 'setup-wizard/acknowledge', method: 'POST', body }),
      async onQueryStarted(_info, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(adminSettingsApi.util.upsertQueryData('wizardState', undefined, data.data));
      },
    }),
  }),
});
