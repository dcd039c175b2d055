// The store's work on orders (the back office).
import type { AdminOrder, OrderLocations, OrderSummary, Paged } from '@platform/contracts';
import type { OrderAction, OrderListName, PrepareStep } from '@platform/domain';
import { platformApi } from '../api';
import { unwrap } from './unwrap';
import { getBusinessSlug, getSession } from '../session';

/** A store order list's filters as the API takes them (empty ones left out). */
export interface OrderListArgs {
  list: OrderListName; page: number; location_id?: number; order_type?: 'pickup' | 'delivery' | 'shipping'; from_date?: string; to_date?: string; search?: string;
  /** The list's order (newest first when not given) and statuses, comma-separated. */
  sort?: 'placed_at' | 'order_number' | 'customer_name' | 'total' | 'delivery_date'; direction?: 'asc' | 'desc'; status?: string;
}
export interface OrderNote { id: string; text: string; at: string; by: string | null }

const ORDER_ACTION_PATHS: Record<OrderAction, string> = { take: 'order-taken', prepare: 'markPrepared', complete: 'markComplete', cancel: 'cancel' };

export const adminOrdersApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    outstandingOrders: build.query<Paged<OrderSummary>, { page: number }>({ query: (params) => ({ url: 'admin/orders/outstanding', params }), providesTags: ['Orders'] }),
    /** One of the store's lists (outstanding, completed, cancelled, all) with its filters. */
    orderList: build.query<Paged<OrderSummary>, OrderListArgs>({
      query: ({ list, ...filters }) => ({ url: `admin/orders/${list}`, params: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) }),
      providesTags: ['Orders'],
    }),
    orderNotes: build.query<OrderNote[], string>({ query: (id) => `admin/orders/${encodeURIComponent(id)}/notes`, transformResponse: unwrap, providesTags: ['Orders'] }),
    addOrderNote: build.mutation<{ message: string; data: OrderNote[] }, { id: string; note: string }>({
      query: ({ id, note }) => ({ url: `admin/orders/${encodeURIComponent(id)}/note`, method: 'POST', body: { note } }), invalidatesTags: ['Orders'],
    }),
    deleteOrderNote: build.mutation<{ message: string; data: OrderNote[] }, { id: string; noteId: string }>({
      query: ({ id, noteId }) => ({ url: `admin/orders/${encodeURIComponent(id)}/note`, method: 'DELETE', params: { id: noteId } }), invalidatesTags: ['Orders'],
    }),
    adminOrder: build.query<AdminOrder, string>({ query: (id) => `admin/orders/${encodeURIComponent(id)}`, transformResponse: unwrap, providesTags: ['Orders'] }),
    /** Cancels some units of one line (items[].id): stock back, the card refunded their share. */
    cancelOrderItem: build.mutation<{ status: string; message: string; data: AdminOrder }, { itemId: string; qty: number }>({
      query: ({ itemId, qty }) => ({ url: `admin/orders/cancelItem/${encodeURIComponent(itemId)}`, method: 'POST', body: { qty } }), invalidatesTags: ['Orders'],
    }),
    /** Orders some units of a stocked line from the supplier instead (the shelf is short). */
    makeOrderItemSpecial: build.mutation<{ status: string; message: string; data: AdminOrder }, { itemId: string; qty: number }>({
      query: ({ itemId, qty }) => ({ url: `admin/orders/makeItemSpecial/${encodeURIComponent(itemId)}`, method: 'POST', body: { qty } }), invalidatesTags: ['Orders'],
    }),
    /** Moves an order on: take, prepare (mark ready), complete, cancel (with a reason); the answer's message says what happened. */
    orderAction: build.mutation<{ status: string; message: string; data: AdminOrder }, { action: OrderAction; id: string; reason?: string; deliveryMinutes?: number; subAccountId?: string }>({
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

/** Preparing steps, the expected day and the order's location (spec 3 §7 prepareStep, updateDeliveryDate, {id}/location). */
export const adminOrderFulfilmentApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** Records where preparing stands: picking, picked, packed. */
    prepareOrderStep: build.mutation<{ status: string; message: string; data: AdminOrder }, { id: string; step: PrepareStep }>({
      query: ({ id, step }) => ({ url: `admin/orders/${encodeURIComponent(id)}/prepareStep/${step}`, method: 'POST', body: {} }), invalidatesTags: ['Orders'],
    }),
    /** The day (YYYY-MM-DD) a delivery, a parcel or special-order items are expected, and a time of day. */
    updateDeliveryDate: build.mutation<{ status: string; message: string; data: AdminOrder }, { id: string; delivery_date: string; delivery_window?: string }>({
      query: (body) => ({ url: 'admin/orders/updateDeliveryDate', method: 'POST', body }), invalidatesTags: ['Orders'],
    }),
    /** The order's store and which other locations have every stocked line. */
    orderLocations: build.query<OrderLocations, string>({ query: (id) => `admin/orders/${encodeURIComponent(id)}/location`, transformResponse: unwrap, providesTags: ['Orders'] }),
    /** Moves the order to another location (its stock taken there, given back here). */
    moveOrder: build.mutation<{ status: string; message: string; data: AdminOrder }, { id: string; location_id: number }>({
      query: ({ id, location_id }) => ({ url: `admin/orders/${encodeURIComponent(id)}/location`, method: 'POST', body: { location_id } }), invalidatesTags: ['Orders'],
    }),
  }),
});

/**
 * Downloads a file the API answers to a signed-in admin (an export) with the session's token: the browser cannot
 * send the token with a plain link, so the file is fetched and handed to the browser as a download. Answers the
 * server's message when it refuses (or `refused`), else null.
 */
export async function downloadAdminFile(path: string, params: URLSearchParams, fallbackName: string, refused: string): Promise<string | null> {
  const headers: Record<string, string> = {};
  const token = getSession()?.access_token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const slug = getBusinessSlug();
  if (slug) headers['Business-Slug'] = slug;
  const res = await fetch(`/api/${path}?${params.toString()}`, { headers });
  if (!res.ok) return ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? refused;
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return null;
}

/** A list's orders as CSV (GET admin/orders/csv) with its filters. */
export async function downloadOrdersCsv({ list, page: _page, ...filters }: OrderListArgs): Promise<string | null> {
  const params = new URLSearchParams({ order_filters: list, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])) });
  return downloadAdminFile('admin/orders/csv', params, 'orders.csv', 'The orders could not be exported.');
}
