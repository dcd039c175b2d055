// The store's work on orders (the back office).
import type { AdminOrder, OrderSummary, Paged } from '@platform/contracts';
import type { OrderAction } from '@platform/domain';
import { platformApi } from '../api';
import { unwrap } from './unwrap';

const ORDER_ACTION_PATHS: Record<OrderAction, string> = { take: 'order-taken', prepare: 'markPrepared', complete: 'markComplete', cancel: 'cancel' };

export const adminOrdersApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    outstandingOrders: build.query<Paged<OrderSummary>, { page: number }>({ query: (params) => ({ url: 'admin/orders/outstanding', params }), providesTags: ['Orders'] }),
    adminOrder: build.query<AdminOrder, string>({ query: (id) => `admin/orders/${encodeURIComponent(id)}`, transformResponse: unwrap, providesTags: ['Orders'] }),
    /** Moves an order on: take, prepare (mark ready), complete, cancel (with a reason); the answer's message says what happened. */
    orderAction: build.mutation<{ status: string; message: string; data: AdminOrder }, { action: OrderAction; id: string; reason?: string; deliveryMinutes?: number }>({
      query: ({ action, ...body }) => ({ url: `admin/orders/${ORDER_ACTION_PATHS[action]}`, method: 'POST', body }),
      invalidatesTags: ['Orders'],
    }),
  }),
});
export const adminOrderMailApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** The store e-mails an order's customer. */
    emailOrderCustomer: build.mutation<{ status: string; message: string; data: AdminOrder }, { id: string; subject: string; body: string }>({
      query: ({ id, ...body }) => ({ url: `admin/orders/${encodeURIComponent(id)}/email`, method: 'POST', body }), invalidatesTags: ['Orders'],
    }),
  }),
});
