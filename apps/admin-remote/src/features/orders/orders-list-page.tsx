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
  .statuses { border: 0; padding: 0; margin: 0 0 14px; display: flex; flex-wrap: wrap; gap: 4px 12px; }
`;
const SortButton = styled.button`
  background: none; border: 0; padding: 0; font: inherit; font-weight: 600; color: inherit; cursor: pointer;
  &:focus-visible { outline: 2px solid ${(p) => p.theme.colors.border}; outline-offset: 2px; }
`;

/** A column header that sorts the list: a button (keyboard and screen reader), its state in aria-sort. */
function SortHeader({ label, active, direction, onSort }: { label: string; active: boolean; direction: 'asc' | 'desc'; onSort: () => void }) {
  const aria = active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th aria-sort={aria}>
      <SortButton type="button" onClick={onSort}>{label}{active ? <span aria-hidden="true">{direction === 'asc' ? ' ▲' : ' ▼'}</span> : null}</SortButton>
    </th>
  );
}

const TITLES = ORDER_LIST_TITLES;
const EMPTY: Record<OrderListName, [string, string]> = {
  outstanding: ['No outstanding orders', 'New orders from your online store will appear here.'],
  completed: ['No completed orders', 'Orders appear here once they are completed.'],
  cancelled: ['No cancelled orders', 'Orders the store cancels appear here.'],
  all: ['No orders yet', 'Orders from your online store will appear here.'],
};
const TYPES = [['', 'Any way'], ['pickup', 'Pickup'], ['delivery', 'Local delivery'], ['shipping', 'Shipping']] as const;
const FILTER_KEYS = ['location_id', 'order_type', 'from', 'to', 'search', 'status'] as const;
type SortKey = NonNullable<OrderListArgs['sort']>;
/** The columns a list sorts by, and which way a first click sorts (dates and totals biggest first). */
const SORTABLE: [SortKey, string, 'asc' | 'desc'][] = [['order_number', 'Order', 'desc'], ['placed_at', 'Placed', 'desc'], ['customer_name', 'Customer', 'asc'], ['total', 'Total', 'desc']];
/** The statuses each list can hold (the order state machine's, libs/domain): completed and cancelled are one each. */
const LIST_STATUSES: Record<OrderListName, string[]> = {
  outstanding: ['placed', 'taken', 'preparing', 'prepared'], completed: [], cancelled: [], all: ['placed', 'taken', 'preparing', 'prepared', 'completed', 'cancelled'],
};
const SORT_KEYS: readonly string[] = ['placed_at', 'order_number', 'customer_name', 'total', 'delivery_date'];

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
  // The sort is in the address too; an unknown one (an edited link) is the default.
  const sort = SORT_KEYS.includes(params.get('sort') ?? '') && (params.get('sort') !== 'delivery_date' || list === 'outstanding') ? (params.get('sort') as SortKey) : undefined;
  const direction = params.get('direction') === 'asc' ? 'asc' : params.get('direction') === 'desc' ? 'desc' : undefined;
  const shownSort = sort ?? 'placed_at';
  const shownDirection = direction ?? 'desc';
  const sortBy = (key: SortKey, first: 'asc' | 'desc') => {
    const next = key === shownSort ? (shownDirection === 'asc' ? 'desc' : 'asc') : first;
    const kept = Object.fromEntries([...params].filter(([k]) => k !== 'page' && k !== 'sort' && k !== 'direction'));
    setParams({ ...kept, sort: key, direction: next });
  };
  const statuses = draft.status ? draft.status.split(',') : [];
  const toggleStatus = (status: string) => {
    const next = statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status];
    setDraft({ ...draft, status: LIST_STATUSES[list].filter((s) => next.includes(s)).join(',') });
  };
  // The address changed under the form (back button, a tab): the form shows what is applied.
  const [shownFor, setShownFor] = useState(params.toString());
  if (shownFor !== params.toString()) { setShownFor(params.toString()); setDraft(applied); }
  const args: OrderListArgs = {
    list, page, location_id: applied.location_id ? Number(applied.location_id) : undefined,
    order_type: (applied.order_type || undefined) as OrderListArgs['order_type'], from_date: localDayStart(applied.from), to_date: localDayEnd(applied.to),
    search: applied.search || undefined, status: applied.status || undefined, sort, direction,
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
    setParams(Object.fromEntries([...Object.entries(draft), ['sort', sort ?? ''], ['direction', direction ?? '']].filter(([, v]) => v)));
  };
  const clear = () => { setDraft(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])) as typeof draft); setParams({}); };
  const goTo = (next: number) => setParams({ ...Object.fromEntries(params), page: String(next) });
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  // Another tab keeps the filters but not the statuses (each list has its own).
  const query = params.toString() ? `?${new URLSearchParams(Object.entries(applied).filter(([k, v]) => v && k !== 'status')).toString()}` : '';

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
        {LIST_STATUSES[list].length ? (
          <fieldset className="statuses">
            <legend>Status</legend>
            {LIST_STATUSES[list].map((s) => (
              <label key={s}><input type="checkbox" checked={statuses.includes(s)} onChange={() => toggleStatus(s)} /> {ORDER_STATUS_LABELS[s] ?? s}</label>
            ))}
          </fieldset>
        ) : null}
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
            {list === 'outstanding' ? (
              // The rows do not show the pickup or delivery date, so this sort has a button of its own.
              <Button type="button" $variant="secondary" aria-pressed={shownSort === 'delivery_date'} onClick={() => sortBy('delivery_date', 'asc')}>
                {shownSort === 'delivery_date' ? `Pickup/delivery date ${shownDirection === 'asc' ? '(soonest first)' : '(latest first)'}` : 'Sort by pickup/delivery date'}
              </Button>
            ) : null}
          </p>
          <Table>
            <thead><tr>
              {SORTABLE.slice(0, 3).map(([key, label, first]) => <SortHeader key={key} label={label} active={shownSort === key} direction={shownDirection} onSort={() => sortBy(key, first)} />)}
              <th className="wide">Store</th><th className="wide">Type</th><th>Status</th>
              <SortHeader label="Total" active={shownSort === 'total'} direction={shownDirection} onSort={() => sortBy('total', 'desc')} />
            </tr></thead>
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
