// AR (charge) accounts: Settings › AR Accounts and the order screen's 'Assign to AR account' (spec 3 settings ar-accounts, §7 Orders).
import type { AdminOrder, ArAccount, ArAccountSearchHit, ArAccountSummary } from '@platform/contracts';
import type { ArAccountInput } from '@platform/domain';
import { platformApi } from '../api';
import { unwrap } from './unwrap';

type WithAccount = { status: string; message: string; data: ArAccount };
/** POST admin/orders/assign-ar-account's answer: the account as it now is, and the order when one was charged. */
export type ArAssignAnswer = { status: string; message: string; account: ArAccount; order: AdminOrder | null };

export const arAccountsApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    arAccounts: build.query<ArAccountSummary[], void>({ query: () => 'admin/ar-accounts', transformResponse: unwrap, providesTags: ['ArAccounts'] }),
    arAccount: build.query<ArAccount, string>({ query: (id) => `admin/ar-accounts/${encodeURIComponent(id)}`, transformResponse: unwrap, providesTags: ['ArAccounts'] }),
    createArAccount: build.mutation<WithAccount, ArAccountInput>({ query: (body) => ({ url: 'admin/ar-accounts', method: 'POST', body }), invalidatesTags: ['ArAccounts'] }),
    updateArAccount: build.mutation<WithAccount, ArAccountInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `admin/ar-accounts/${encodeURIComponent(id)}`, method: 'POST', body }), invalidatesTags: ['ArAccounts'],
    }),
    deleteArAccount: build.mutation<{ status: string; message: string }, string>({
      query: (id) => ({ url: `admin/ar-accounts/${encodeURIComponent(id)}`, method: 'DELETE' }), invalidatesTags: ['ArAccounts'],
    }),
    recordArPayment: build.mutation<WithAccount, { id: string; amount: string; note?: string }>({
      query: ({ id, ...body }) => ({ url: `admin/ar-accounts/${encodeURIComponent(id)}/payments`, method: 'POST', body }), invalidatesTags: ['ArAccounts'],
    }),
    removeArCustomer: build.mutation<WithAccount, { id: string; customer_id: string }>({
      query: ({ id, ...body }) => ({ url: `admin/ar-accounts/${encodeURIComponent(id)}/customers/remove`, method: 'POST', body }), invalidatesTags: ['ArAccounts'],
    }),
    /** Accounts by number or name; with an order, its customer's account first (customer_account). */
    arAccountSearch: build.query<ArAccountSearchHit[], { search: string; order_id?: string }>({
      query: (params) => ({ url: 'admin/orders/ar-account-search', params }), transformResponse: unwrap, providesTags: ['ArAccounts'],
    }),
    /** Charges an order to an account, or puts a customer on it (one of orderId and customerId). */
    assignArAccount: build.mutation<ArAssignAnswer, { accountId: string; orderId?: string; customerId?: string }>({
      query: (body) => ({ url: 'admin/orders/assign-ar-account', method: 'POST', body }), invalidatesTags: ['ArAccounts', 'Orders'],
    }),
  }),
});
