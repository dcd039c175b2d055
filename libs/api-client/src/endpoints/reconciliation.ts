// Orders › Reconciliation (spec 3 /admin/orders/reconciliation, §7 reconciliation and reconciliation/{id}).
import type { Reconciliation, ReconciliationDayDetail } from '@platform/contracts';
import { platformApi } from '../api';
import { downloadAdminFile } from './admin-orders';

/** The range, store and time zone of a reconciliation (empty ones left out): days YYYY-MM-DD in that zone. */
export interface ReconciliationArgs { from_date?: string; to_date?: string; location_id?: number; time_zone?: string }

const params = (args: object) => Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));

export const reconciliationApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** Per day and store: orders next to their payments, with the range's totals. */
    reconciliation: build.query<Reconciliation, ReconciliationArgs>({ query: (args) => ({ url: 'admin/orders/reconciliation', params: params(args) }), providesTags: ['Orders'] }),
    /** One day at one store ('{day}_{location_id}') with its orders and their problems. */
    reconciliationDay: build.query<ReconciliationDayDetail, { id: string; time_zone?: string }>({
      query: ({ id, ...rest }) => ({ url: `admin/orders/reconciliation/${encodeURIComponent(id)}`, params: params(rest) }), providesTags: ['Orders'],
    }),
  }),
});

/** The reconciliation (or one day at one store, with `id`) as a CSV file; the server's message when it refuses, else null. */
export function downloadReconciliationCsv(args: ReconciliationArgs & { id?: string }): Promise<string | null> {
  const { id, ...rest } = args;
  const path = id ? `admin/orders/reconciliation/${encodeURIComponent(id)}` : 'admin/orders/reconciliation';
  const query = new URLSearchParams({ ...params(id ? { time_zone: rest.time_zone } : rest), format: 'csv' });
  return downloadAdminFile(path, query, 'reconciliation.csv', 'The reconciliation could not be exported.');
}
