import type { AdminCustomerDetails, AdminCustomerPage, CustomerAccountSettings, CustomerTotals } from '@platform/contracts';
import { downloadAdminFile, platformApi } from '@platform/api-client';

export interface CustomerListArgs { page: number; search?: string }

/** The admin's Customers area (spec 3 §7 Customers), added to the shared API client by this remote. */
export const customersApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    customers: build.query<AdminCustomerPage, CustomerListArgs>({
      query: ({ page, search }) => ({ url: 'admin/customers', params: { page, limit: 10, ...(search ? { search } : {}) } }),
    }),
    customerTotals: build.query<CustomerTotals, void>({ query: () => 'admin/customers/totalAccounts' }),
    /** GET subscribers: the shoppers who agreed to marketing e-mails and the footer's newsletter sign-ups (subscribed or not), newest first. */
    subscribers: build.query<AdminCustomerPage, CustomerListArgs>({
      query: ({ page, search }) => ({ url: 'subscribers', params: { page, limit: 10, ...(search ? { search } : {}) } }),
    }),
    customer: build.query<AdminCustomerDetails, { id: string; page?: number }>({
      query: ({ id, page = 1 }) => ({ url: `admin/customer/${encodeURIComponent(id)}`, method: 'POST', params: { page } }),
    }),
    /** The owner deletes one customer's personal data (their orders are kept, anonymised). */
    eraseCustomer: build.mutation<{ status: string; message: string; data: { orders: number; recurring_orders: number } }, string>({
      query: (id) => ({ url: `admin/customer/${encodeURIComponent(id)}/delete`, method: 'POST' }),
      // The order lists now read 'Deleted customer' (the Customers screen reloads its own list and totals).
      invalidatesTags: ['Orders'],
    }),
    /** The store's customer account settings (edit_user_inputs): Sign In and Sign Up in the header, texts, the account-number field. */
    accountSettings: build.query<CustomerAccountSettings, void>({
      query: () => 'admin/customers/accountSettings', transformResponse: (answer: { data: CustomerAccountSettings }) => answer.data, providesTags: ['Settings'],
    }),
    saveAccountSettings: build.mutation<{ status: string; message: string; data: CustomerAccountSettings }, CustomerAccountSettings>({
      query: (body) => ({ url: 'admin/customers/accountSettings', method: 'POST', body }),
      // The storefront's settings (header, registration) are read anew.
      invalidatesTags: ['Settings'],
    }),
  }),
});

/** GET admin/customer/{id}/export: one customer's personal data as a JSON file the browser saves; answers the refusal's message, or null. */
export async function downloadCustomerData(id: string): Promise<string | null> {
  return downloadAdminFile(`admin/customer/${encodeURIComponent(id)}/export`, new URLSearchParams(), `customer-${id}.json`, "The customer's data could not be exported.");
}

/** GET admin/customers?excel=1: the matching customers (the list's search) as an Excel workbook the browser saves; answers the refusal's message, or null. */
export async function downloadCustomersExcel(search?: string): Promise<string | null> {
  return downloadAdminFile('admin/customers', new URLSearchParams({ excel: '1', ...(search ? { search } : {}) }), 'customers.xlsx', 'The customers could not be exported.');
}
