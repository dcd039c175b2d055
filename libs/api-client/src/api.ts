import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { configureStore } from '@reduxjs/toolkit';
import { preloadKey, type PreloadedAnswers } from '@platform/domain';
import { clearSession, getBusinessSlug, getDeviceId, getSelectedStore, getSession } from './session';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers) => {
    const user = getSession();
    if (user) headers.set('Authorization', `Bearer ${user.access_token}`);
    const slug = getBusinessSlug();
    if (slug) headers.set('Business-Slug', slug);
    const store = getSelectedStore();
    if (store !== null) headers.set('Store-Id', String(store));
    headers.set('Device-Id', getDeviceId());
    return headers;
  },
});

/** Preloaded answers are for the page's first requests only; later ones go to the network. */
const PRELOADED_FOR_MS = 30000;

/** The answers the page carries (window.__PRELOADED__: guest answers at one store), when they are for this visitor. */
function pageAnswers(): PreloadedAnswers | null {
  const preloaded = (window as { __PRELOADED__?: PreloadedAnswers }).__PRELOADED__;
  if (!preloaded || performance.now() > PRELOADED_FOR_MS || getSession() || getSelectedStore() !== preloaded.storeId) return null;
  return preloaded;
}

/** True while the page's preloaded answers serve this visitor's first requests. */
export const hasPreloadedAnswers = (): boolean => typeof window !== 'undefined' && pageAnswers() !== null;

/**
 * The answer the page carries for this request, used once. Signed-in shoppers, another store, or a page open
 * for a while ask the server.
 */
function takePreloaded(args: string | FetchArgs): { data: unknown } | null {
  const preloaded = pageAnswers();
  if (!preloaded) return null;
  const { url, method = 'GET', body, params } = typeof args === 'string' ? { url: args } : args;
  if (params) return null;
  const key = preloadKey(method, url, body);
  if (!(key in preloaded.answers)) return null;
  const data = preloaded.answers[key];
  delete preloaded.answers[key];
  return { data };
}

/** A 401 while signed in signs the shopper out locally, without a redirect (spec 1 §6). */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const preloaded = typeof window === 'undefined' ? null : takePreloaded(args);
  if (preloaded) return preloaded;
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && getSession()) {
    clearSession();
    api.dispatch(platformApi.util.resetApiState());
  }
  return result;
};

/** The one RTK Query API of the platform; each feature adds its endpoints with injectEndpoints. */
export const platformApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Settings', 'Cart', 'Orders', 'Products', 'SavedCarts', 'Account', 'SearchSynonyms', 'Widgets', 'SubAccounts', 'Wizard', 'Sessions', 'EmailCampaigns', 'Recurring', 'ArAccounts', 'ShippingLabels', 'Coupons'],
  endpoints: () => ({}),
});

export function createPlatformStore() {
  return configureStore({
    reducer: { [platformApi.reducerPath]: platformApi.reducer },
    middleware: (getDefault) => getDefault().concat(platformApi.middleware),
  });
}
export type PlatformStore = ReturnType<typeof createPlatformStore>;

/** The server's error message, for showing to the user. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : fallback;
}

/** Field errors of a 4xx answer ({errors: {field: [message]}}), first message per field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = (error as { data?: { errors?: Record<string, unknown> } } | undefined)?.data?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, Array.isArray(messages) ? String(messages[0]) : String(messages)]));
}
