// The customer's account: signing in and out, registration, password, MFA, sessions, saved cards.
import type { LoginResponse } from '@platform/contracts';
import { platformApi } from '../api';
import { unwrap } from './unwrap';

type StatusAnswer = { status: string; message: string };
export interface CustomerDetails {
  slug: string; first_name: string; last_name: string; email: string; telephone: string; receive_marketing: boolean | null; receive_sms: boolean;
  account_number: string; custom_info: Record<string, unknown>; store_id: number | null;
}
export interface SavedCard { source: string; brand: string; last4: string; exp_month: number; exp_year: number }
/** Where the account is signed in (customer/sessions): this device first. */
export interface SignedInSession { id: string; device: string; signed_in_at: string; last_used_at: string; current: boolean }
export interface SignupPayload {
  first_name: string; last_name: string; telephone: string; email: string; password: string; c_password: string; account_number?: string;
  /** Left out until the shopper ticks or unticks the box (spec 2 §3: marketing 'default unset'). */
  receive_sms: boolean; receive_marketing?: boolean; custom_info: Record<string, string | boolean>; device_id: string;
}

export const identityApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** E-mail + password, or phone + the texted code; remember is 'Keep me signed in'. */
    login: build.mutation<LoginResponse, { email?: string; password?: string; phone?: string; code?: string; remember?: boolean; device_id: string }>({ query: (body) => ({ url: 'login', method: 'POST', body }) }),
    logout: build.mutation<StatusAnswer, { access_token: string }>({ query: (params) => ({ url: 'logout', method: 'POST', params }) }),
    accountExists: build.mutation<{ status: string; exists: boolean; master_login: boolean }, { email?: string; telephone?: string }>({ query: (body) => ({ url: 'check-email-phone-exists', method: 'POST', body }) }),
    sendOtp: build.mutation<StatusAnswer, { telephone: string }>({ query: (body) => ({ url: 'send-otp', method: 'POST', body }) }),
    sendMagicLink: build.mutation<StatusAnswer, { email: string }>({ query: (body) => ({ url: 'send-magic-link', method: 'POST', body }) }),
    useMagicLink: build.mutation<LoginResponse, { email: string; magicLinkToken: string; device_id: string }>({ query: (body) => ({ url: 'use-magic-link', method: 'POST', body }) }),
    /** An admin link's access-token query: the account it signs in as. */
    loginByToken: build.mutation<LoginResponse, string>({ query: (token) => ({ url: 'login-by-token', method: 'POST', body: { token } }) }),
    submitMfa: build.mutation<LoginResponse, { code: string; token: string; is_backup: 0 | 1 }>({ query: (body) => ({ url: 'mfa/submit', method: 'POST', body }) }),
    forgetPassword: build.mutation<StatusAnswer, { email: string }>({ query: (body) => ({ url: 'forget-password', method: 'POST', body }) }),
    resetPassword: build.mutation<StatusAnswer, { email: string; code: string; password: string; password_confirmation: string }>({ query: (body) => ({ url: 'reset-password', method: 'POST', body }) }),
    signup: build.mutation<StatusAnswer, SignupPayload>({ query: (body) => ({ url: 'signup', method: 'POST', body }) }),
    customerDetails: build.query<CustomerDetails, void>({ query: () => 'get-customer-details', transformResponse: unwrap, providesTags: ['Account'] }),
    updateName: build.mutation<StatusAnswer, { first_name: string; last_name: string }>({ query: (body) => ({ url: 'customer/name', method: 'POST', body }), invalidatesTags: ['Account'] }),
    updateEmail: build.mutation<StatusAnswer, { email: string; password: string }>({ query: (body) => ({ url: 'customer/email', method: 'POST', body }), invalidatesTags: ['Account'] }),
    updatePassword: build.mutation<StatusAnswer, { current_password: string; password: string; password_confirmation: string }>({ query: (body) => ({ url: 'customer/password', method: 'POST', body }), invalidatesTags: ['Sessions'] }),
    logoutOthers: build.mutation<StatusAnswer, void>({ query: () => ({ url: 'customer/logout-others', method: 'POST', body: {} }), invalidatesTags: ['Sessions'] }),
    signedInSessions: build.query<SignedInSession[], void>({ query: () => 'customer/sessions', transformResponse: unwrap, providesTags: ['Sessions'] }),
    endSession: build.mutation<StatusAnswer, { id: string }>({ query: (body) => ({ url: 'customer/sessions/end', method: 'POST', body }), invalidatesTags: ['Sessions'] }),
    deleteAccount: build.mutation<StatusAnswer, { password: string }>({ query: (body) => ({ url: 'customer/delete', method: 'POST', body }) }),
    sendPhoneCode: build.mutation<StatusAnswer, { telephone: string }>({ query: (body) => ({ url: 'customer/phone/send-code', method: 'POST', body }) }),
    updatePhone: build.mutation<StatusAnswer, { telephone: string; code: string }>({ query: (body) => ({ url: 'customer/phone', method: 'POST', body }), invalidatesTags: ['Account'] }),
    setSms: build.mutation<StatusAnswer, { receive_sms: 0 | 1 }>({
      query: (body) => ({ url: 'customer/set-sms', method: 'POST', body }), invalidatesTags: ['Account'],
      async onQueryStarted({ receive_sms }, { dispatch, queryFulfilled }) {
        const patch = dispatch(identityApi.util.updateQueryData('customerDetails', undefined, (details) => { details.receive_sms = receive_sms === 1; }));
        try { await queryFulfilled; } catch { patch.undo(); }
      },
    }),
    setMarketing: build.mutation<StatusAnswer, { receive_marketing: 0 | 1 }>({
      query: (body) => ({ url: 'customer/set-marketing', method: 'POST', body }), invalidatesTags: ['Account'],
      // The switch moves when clicked, and moves back if the server says no.
      async onQueryStarted({ receive_marketing }, { dispatch, queryFulfilled }) {
        const patch = dispatch(identityApi.util.updateQueryData('customerDetails', undefined, (details) => { details.receive_marketing = receive_marketing === 1; }));
        try { await queryFulfilled; } catch { patch.undo(); }
      },
    }),
    mfaStatus: build.query<{ enabled: boolean; backup_codes_left: number }, void>({ query: () => 'mfa/load', providesTags: ['Account'] }),
    verifyPassword: build.mutation<StatusAnswer, { password: string }>({ query: (body) => ({ url: 'verify-password', method: 'POST', body }) }),
    setupMfa: build.mutation<{ secret: string; otpauth_url: string }, void>({ query: () => ({ url: 'mfa/setup', method: 'POST' }) }),
    completeMfa: build.mutation<{ message: string; backup_codes: string[] }, { code: string }>({ query: (body) => ({ url: 'mfa/setup-complete', method: 'POST', body }), invalidatesTags: ['Account'] }),
    savedCards: build.query<SavedCard[], void>({ query: () => 'customer-cards', transformResponse: unwrap, providesTags: ['Account'] }),
    deleteSavedCard: build.mutation<StatusAnswer, { source: string }>({ query: (body) => ({ url: 'customer-cards/delete', method: 'POST', body }), invalidatesTags: ['Account'] }),
    saveCustomerStore: build.mutation<StatusAnswer, { store: number }>({ query: (body) => ({ url: 'save-customer-stores', method: 'POST', body }) }),
    disableMfa: build.mutation<StatusAnswer, void>({ query: () => ({ url: 'mfa/disable', method: 'POST' }), invalidatesTags: ['Account'] }),
  }),
});
