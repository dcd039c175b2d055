import { Link, useSearchParams } from '@platform/routing';
import { shippingLabelsApi } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { OrderTabs } from '../order-tabs';
import { ListTable } from '../../layout/list-parts';
import { CarrierAccount } from './carrier-account';
import { SupplierAccounts } from './supplier-accounts';
import { LabelActions } from './label-actions';

/**
 * Orders › Shipping labels (spec 3 /admin/orders/shipping-labels): the store's shipping account, and every label
 * bought, newest first, 20 a page: its order, carrier and service, tracking, what it cost, where it stands, with
 * Print and Refund; the suppliers' drop-ship accounts, and the orders sent to them (with their packing slips). Labels are bought from a shipping order's Prepare screen. The page lives in the address.
 */
export function ShippingLabelsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isLoading, isFetching, isError, refetch } = shippingLabelsApi.useShippingLabelsQuery({ page });
  return (
    <Container>
      <PageTitle>Shipping labels</PageTitle>
      <OrderTabs current="shipping-labels" />
      <CarrierAccount />
      <SupplierAccounts />
      <h2>Labels</h2>
      {isLoading ? <Loading label="Loading the labels…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the labels.</ErrorNotice> : null}
      {data && data.total === 0 ? (
        <EmptyState title="No labels yet.">Open a shipping order from the <Link to="/admin/orders/list/outstanding?order_type=shipping">outstanding orders</Link> and use Create label on its Prepare screen.</EmptyState>
      ) : null}
      {data && data.total > 0 ? (
        <>
          <p aria-live="polite">{data.total === 1 ? '1 label' : `${data.total.toLocaleString()} labels`}{isFetching ? ' (updating…)' : ''}</p>
          <ListTable aria-label="Shipping labels">
            <thead><tr><th>Order</th><th className="wide">Bought</th><th>Carrier</th><th>Tracking</th><th className="wide">Cost</th><th>Status</th><th aria-label="Actions" /></tr></thead>
            <tbody>
              {data.data.map((label) => (
                <tr key={label.id}>
                  <td><Link to={`/admin/prepare-order?id=${encodeURIComponent(label.order_id)}`} aria-label={`Order ${label.order_number}`}>{label.order_number}</Link><small>{label.customer_name}</small></td>
                  <td className="wide">{new Date(label.bought_at).toLocaleString()}<small>{label.bought_by ? `by ${label.bought_by}` : ''}</small></td>
                  <td>{label.carrier}<small>{label.service}{label.provider !== 'easypost' ? ` · drop-ship by ${label.provider_name}` : ''}</small></td>
                  <td>{label.tracking_url ? <a href={label.tracking_url} target="_blank" rel="noreferrer">{label.tracking_code}</a> : label.tracking_code}</td>
                  <td className="wide">${label.total}<small>{label.insured_amount ? `insured for $${label.insured_amount}` : ''}</small></td>
                  <td>{label.status_label}</td>
                  <td><LabelActions label={label} /></td>
                </tr>
              ))}
            </tbody>
          </ListTable>
          <PaginationBar page={page} lastPage={data.last_page} onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
        </>
      ) : null}
    </Container>
  );
}
