// Shipping labels and the carriers admin (spec 3 §7 carrier admin: admin/shipping/*).
import type { AdminOrder, CarrierInfo, ConnectedCarrier, DropShipOption, DropShipQuote, DropShipService, LabelCarrierOption, LabelProvider, LabelQuote, Paged, ShippingLabel, VerifiedAddress } from '@platform/contracts';
import type { ParcelForm } from '@platform/domain';
import { platformApi } from '../api';
import { getBusinessSlug, getSession } from '../session';
import { unwrap } from './unwrap';

type Answer = { status: string; message: string };
export interface LabelBought extends Answer { data: { label: ShippingLabel; order: AdminOrder } }
export interface ShippingAddressInput { address: string; address2?: string; city: string; state: string; zip: string; country?: string }

export const shippingLabelsApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** The carriers the platform can connect, with their form's fields. */
    labelCarrierOptions: build.query<LabelCarrierOption[], void>({ query: () => 'admin/shipping/getAvailableCarriers', transformResponse: unwrap, providesTags: ['ShippingLabels'] }),
    /** The carriers the store connected (its key never comes back: only its mode and last 4 characters). */
    connectedCarriers: build.query<ConnectedCarrier[], void>({ query: () => 'admin/shipping/getCarriers', transformResponse: unwrap, providesTags: ['ShippingLabels'] }),
    /** A connected carrier with the carrier accounts inside it (USPS, UPS ...). */
    carrierInfo: build.query<CarrierInfo, string>({ query: (id) => `admin/shipping/${encodeURIComponent(id)}/info`, transformResponse: unwrap, providesTags: ['ShippingLabels'] }),
    /** The store owner connects EasyPost (or gives it a new key), or a supplier's drop-ship account (its number and key). */
    addCarrier: build.mutation<Answer & { data: ConnectedCarrier }, { carrier: LabelProvider; credentials: { api_key: string; account_number?: string }; description?: string }>({
      query: (body) => ({ url: 'admin/shipping/addCarrier', method: 'POST', body }), invalidatesTags: ['ShippingLabels'],
    }),
    deleteCarrier: build.mutation<Answer, { carrier_id: string }>({ query: (body) => ({ url: 'admin/shipping/deleteCarrier', method: 'POST', body }), invalidatesTags: ['ShippingLabels'] }),
    /** EasyPost's verification of a shipping address (its corrections answered). */
    validateShippingAddress: build.mutation<Answer & { data: VerifiedAddress }, ShippingAddressInput>({ query: (body) => ({ url: 'admin/shipping/validateAddress', method: 'POST', body }) }),
    /** What insuring the contents for `amount` dollars costs. */
    insuranceRate: build.mutation<{ amount: string; fee: string }, { amount: string }>({
      query: (body) => ({ url: 'admin/shipping/insurance-rate', method: 'POST', body }), transformResponse: unwrap,
    }),
    /** The rates for an order's parcel (kept a day for buyLabel). */
    labelQuotes: build.mutation<LabelQuote, { id: string } & ParcelForm>({
      query: ({ id, ...parcel }) => ({ url: `admin/shipping/${encodeURIComponent(id)}/quotes`, method: 'POST', body: parcel }), transformResponse: unwrap,
    }),
    buyLabel: build.mutation<LabelBought, { id: string; rate_id: string; insurance?: string }>({
      query: ({ id, ...body }) => ({ url: `admin/shipping/${encodeURIComponent(id)}/buy`, method: 'POST', body }), invalidatesTags: ['ShippingLabels', 'Orders'],
    }),
    /** Asks EasyPost to refund an unused label (by the label's id). */
    refundLabel: build.mutation<Answer & { data: ShippingLabel }, { id: string }>({
      query: ({ id }) => ({ url: `admin/shipping/${encodeURIComponent(id)}/refund`, method: 'POST', body: {} }), invalidatesTags: ['ShippingLabels', 'Orders'],
    }),
    /** Do it Best's RSCs the store's member account can drop-ship from. */
    rscOptions: build.query<DropShipOption[], void>({ query: () => 'admin/orders/rscOptions', transformResponse: unwrap, providesTags: ['ShippingLabels'] }),
    /** The shipping services a supplier drop-ships by. */
    dropShipServices: build.query<DropShipService[], 'doitbest' | 'emery'>({ query: (supplier) => `admin/orders/${supplier}/shippingServices`, transformResponse: unwrap, providesTags: ['ShippingLabels'] }),
    /** What the supplier can ship of the order (from the RSC asked, for Do it Best) and each service's freight; kept a day for send. */
    prepareDropShip: build.mutation<DropShipQuote, { id: string; supplier: 'doitbest' | 'emery'; rsc?: string }>({
      query: ({ id, supplier, ...body }) => ({ url: `admin/orders/${encodeURIComponent(id)}/${supplier}/prepare`, method: 'POST', body }), transformResponse: unwrap,
    }),
    /** Sends the order prepared last to the supplier, by the service chosen: it ships it, the tracking goes on the order. */
    sendDropShip: build.mutation<LabelBought, { id: string; supplier: 'doitbest' | 'emery'; rsc?: string; shipping_service: string; return_stock?: boolean }>({
      query: ({ id, supplier, ...body }) => ({ url: `admin/orders/${encodeURIComponent(id)}/${supplier}/send`, method: 'POST', body }), invalidatesTags: ['ShippingLabels', 'Orders'],
    }),
    /** Keeps the supplier's item number for a product of the order (empty: ask for its SKU again); the order is then checked again. */
    setSupplierItemNumber: build.mutation<Answer & { data: { sku: string; item_number: string | null } }, { id: string; supplier: 'doitbest' | 'emery'; sku: string; item_number: string }>({
      query: ({ id, supplier, ...body }) => ({ url: `admin/orders/${encodeURIComponent(id)}/${supplier}/item-number`, method: 'POST', body }),
    }),
    /** The store's labels (or one order's), newest first. */
    shippingLabels: build.query<Paged<ShippingLabel>, { page: number; order_id?: string }>({
      query: (params) => ({ url: 'admin/shipping/labels', params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) }), providesTags: ['ShippingLabels'],
    }),
  }),
});

/**
 * Opens a label's PDF (its file_url, e.g. 'admin/shipping/labels/{id}/file') to print: the browser cannot send the
 * admin's token with a link, so the file is fetched and shown in a tab opened at the click (a tab opened later is
 * blocked); without a tab it is downloaded. Answers the server's message when it refuses, else null.
 */
export async function openLabelFile(fileUrl: string, name = 'shipping-label.pdf'): Promise<string | null> {
  const tab = window.open('', '_blank');
  const headers: Record<string, string> = {};
  const token = getSession()?.access_token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const slug = getBusinessSlug();
  if (slug) headers['Business-Slug'] = slug;
  let res: Response;
  try {
    res = await fetch(`/api/${fileUrl}`, { headers });
  } catch {
    tab?.close();
    return 'The label could not be opened. Check your connection and try again.';
  }
  if (!res.ok) {
    tab?.close();
    return ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? 'The label could not be opened.';
  }
  const url = URL.createObjectURL(await res.blob());
  if (tab) {
    tab.location.href = url;
  } else {
    const link = Object.assign(document.createElement('a'), { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
  }
  // The tab has the file by then; the address is let go a minute later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return null;
}
