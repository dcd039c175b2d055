import type { AdminCustomerDetails, AdminCustomerPage, CustomerTotals } from '@platform/contracts';
import { getBusinessSlug, getSession, platformApi } from '@platform/api-client';

export interface CustomerListArgs { page: number; search?: string }

/** The admin's Customers area (spec 3 §7 Customers), added to the shared API client by this remote. */
export const customersApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    customers: build.query<AdminCustomerPage, CustomerListArgs>({
      query: ({ page, search }) => ({ url: 'admin/customers', params: { page, limit: 10, ...(search ? { search } : {}) } }),
    }),
    customerTotals: build.query<CustomerTotals, void>({ query: () => 'admin/customers/totalAccounts' }),
    customer: build.query<AdminCustomerDetails, { id: string; page?: number }>({
      query: ({ id, page = 1 }) => ({ url: `admin/customer/${encodeURIComponent(id)}`, method: 'POST', params: { page } }),
    }),
  }),
});

/** GET admin/customers?excel=1: the matching customers as a CSV file the browser saves; answers the refusal's message, or null. */
export async function downloadCustomersCsv(search?: string): Promise<string | null> {
  const params = new URLSearchParams({ excel: '1', ...(search ? { search } : {}) });
  const headers: Record<string, string> = {};
  const token = getSession()?.access_token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const slug = getBusinessSlug();
  if (slug) headers['Business-Slug'] = slug;
  const res = await fetch(`/api/admin/customers?${params.toString()}`, { headers });
  if (!res.ok) return ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? 'The customers could not be exported.';
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'customers.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return null;
}
