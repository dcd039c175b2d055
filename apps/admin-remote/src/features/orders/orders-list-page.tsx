import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { adminOrderPath, ORDER_LISTS, ORDER_STATUS_LABELS, type OrderListName } from '@platform/domain';
import { Link, matchPath, useLocation, useSearchParams } from '@platform/routing';
import { adminOrdersApi, downloadOrdersCsv, notify, storefrontApi, type OrderListArgs } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Field, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { ORDER_LIST_TITLES, OrderTabs } from './order-tabs';
import { LiveOrdersBar, useLiveOrders } from './live-orders';

const Table = styled.table`
  width: 100%; border-collapse: collapse; background: ${(p) => p.theme.colors.surface};
  th, td { text-align: left; padding: 10px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
  @media (max-width: 700px) { .wide { display: none; } }
`;
const Filters = styled.form`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 0 12px; align-items: end; margin-bottom: 8px;
  .buttons { display: flex; gap: 8px; margin-bottom: 14px; }
`;

const TITLES = ORDER_LIST_TITLES;
const EMPTY: Record<OrderListName, [string, string]> = {
  outstanding: ['No outstanding orders', 'New orders from your online store will appear here.'],
  completed: ['No completed orders', 'Orders appear here once they are completed.'],
  cancelled: ['No cancelled orders', 'Orders the store cancels appear here.'],
  all: ['No orders yet', 'Orders from your online store will appear here.'],
};
const TYPES = [['', 'Any way'], ['pickup', 'Pickup'], ['delivery', 'Local delivery'], ['shipping', 'Shipping']] as const;
const FILTER_KEYS = ['location_id', 'order_type', 'from', 'to', 'search'] as const;

/** The screen's own midnight as an instant, so a day means the store's day as the person sees it. */
const localDayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const localDayEnd = (day: string) => (day ? new Date(new Date(`${day}T00:00:00`).getTime() + 86_400_000 - 1).toISOString() : undefined);

/**
 * The store's orders (spec 3 /admin/orders/list/{type}): Outstanding, Completed, Cancelled and All, each filtered
 * by location, how the order is fulfilled, the days it was placed and a search. The filters live in the
 * address, so a reload, the back button and a shared link keep them. The lists are live (the prepare console): new
 * orders and changes appear without a reload, with a sound and the tab's badge; staff bound to a location see its orders.
 */
export function OrdersListPage() {
  // The admin area picks its page by the path itself (no route element here), so the list is read from it.
  const type = matchPath('/admin/orders/list/:type', useLocation().pathname)?.params.type;
  const list: OrderListName = (ORDER_LISTS as readonly string[]).includes(type ?? '') ? (type as OrderListName) : 'outstanding';
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const locations = business?.about_us.locations ?? [];
  const live = useLiveOrders();
  const boundTo = live.locationId ? locations.find((l) => l.id === live.locationId)?.name ?? `store ${live.locationId}` : null;
  const applied = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof FILTER_KEYS)[number], string>;
  const [draft, setDraft] = useState(applied);
  // The address changed under the form (back button, a tab): the form shows what is applied.
  const [shownFor, setShownFor] = useState(params.toString());
  if (shownFor !== params.toString()) { setShownFor(params.toString()); setDraft(applied); }
  const args: OrderListArgs = {
    list, page, location_id: applied.location_id ? Number(applied.location_id) : undefined,
    order_type: (applied.order_type || undefined) as OrderListArgs['order_type'], from_date: localDayStart(applied.from), to_date: localDayEnd(applied.to),
    search: applied.search || undefined,
  };
  const { data, isLoading, isFetching, isError, error, refetch } = adminOrdersApi.useOrderListQuery(args);
  const refused = isError && error && 'status' in error && error.status === 422 ? (error.data as { message?: string } | undefined)?.message : null;
  const filtered = FILTER_KEYS.some((k) => applied[k]);

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    const refusedExport = await downloadOrdersCsv(args).catch(() => 'The orders could not be exported.');
    setExporting(false);
    if (refusedExport) notify('error', refusedExport, 6000);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)));
  };
  const clear = () => { setDraft(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])) as typeof draft); setParams({}); };
  const goTo = (next: number) => setParams({ ...Object.fromEntries(params), page: String(next) });
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  const query = params.toString() ? `?${new URLSearchParams(Object.entries(applied).filter(([, v]) => v)).toString()}` : '';

  return (
    <Container>
      <PageTitle>{TITLES[list]} Orders</PageTitle>
      <OrderTabs current={list} query={query} />
      <LiveOrdersBar state={live.state} locationName={boundTo} />
      <Filters role="search" aria-label="Filter orders" onSubmit={apply}>
        <Field>Search<input type="search" value={draft.search} onChange={set('search')} maxLength={100} placeholder="Order number, e-mail, phone or name" /></Field>
        {locations.length > 1 && !boundTo ? (
          <Field>Store<select value={draft.location_id} onChange={set('location_id')}>
            <option value="">All stores</option>
            {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </select></Field>
        ) : null}
        <Field>Fulfilment<select value={draft.order_type} onChange={set('order_type')}>{TYPES.map(([v, label]) => <option key={v} value={v}>{label}</option>)}</select></Field>
        <Field>Placed from<input type="date" value={draft.from} onChange={set('from')} /></Field>
        <Field>Placed to<input type="date" value={draft.to} onChange={set('to')} /></Field>
        <div className="buttons">
          <Button type="submit">Show orders</Button>
          {filtered ? <Button type="button" $variant="secondary" onClick={clear}>Clear filters</Button> : null}
        </div>
      </Filters>
      {isLoading ? <Loading label="Loading orders…" /> : null}
      {refused ? <ErrorNotice>{refused}</ErrorNotice> : null}
      {isError && !refused ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the orders.</ErrorNotice> : null}
      {data && data.total === 0 ? (
        filtered ? <EmptyState title="No orders match">Try other filters, or clear them.</EmptyState> : <EmptyState title={EMPTY[list][0]}>{EMPTY[list][1]}</EmptyState>
      ) : null}
      {data && data.total > 0 ? (
        <>
          <p aria-live="polite">
            {data.total === 1 ? '1 order' : `${data.total.toLocaleString()} orders`}{isFetching ? ' (updating…)' : ''}{' '}
            <Button type="button" $variant="secondary" disabled={exporting} onClick={() => void exportCsv()}>{exporting ? 'Exporting…' : 'Export CSV'}</Button>
          </p>
          <Table>
            <thead><tr><th>Order</th><th>Placed</th><th>Customer</th><th className="wide">Store</th><th className="wide">Type</th><th>Status</th><th>Total</th></tr></thead>
            <tbody>
              {data.data.map((o) => (
                <tr key={o.id}>
                  <td><Link to={adminOrderPath(o)} aria-label={`Order ${o.order_number}`}>{o.order_number}</Link></td>
                  <td>{new Date(o.placed_at).toLocaleString()}</td><td>{o.customer_name}</td>
                  <td className="wide">{locations.find((l) => l.id === o.location_id)?.name ?? ''}</td><td className="wide">{o.order_type}</td>
                  <td>{ORDER_STATUS_LABELS[o.status] ?? o.status}</td><td>${o.total}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <PaginationBar page={page} lastPage={data.last_page} onPage={goTo} />
        </>
      ) : null}
    </Container>
  );
}
