// Fraud checks of an order (spec 3 §7 Orders: admin/check-fingerprint, admin/verify-fraud-detection; docs/FRAUD-CHECKS.md).
import type { FraudCheckAnswer } from '@platform/contracts';
import { platformApi } from '../api';

export const fraudChecksApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** The order's fraud signals (a read, sent as the spec's POST); asked again after any change to orders. */
    orderFraudCheck: build.query<FraudCheckAnswer, string>({ query: (id) => ({ url: 'admin/check-fingerprint', method: 'POST', body: { order_id: id } }), providesTags: ['Orders'] }),
    /** Staff accept the order's signals (kept in its history with who and when). */
    verifyOrderFraudCheck: build.mutation<FraudCheckAnswer, { order_id: string; note?: string }>({
      query: (body) => ({ url: 'admin/verify-fraud-detection', method: 'POST', body }), invalidatesTags: ['Orders'],
    }),
  }),
});
