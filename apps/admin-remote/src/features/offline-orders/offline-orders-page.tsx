import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { formatPhone, OFFLINE_ORDER_TYPE_LABELS } from '@platform/domain';
import { Link, useSearchParams } from '@platform/routing';
import { downloadOfflineOrdersCsv, errorMessage, notify, offlineOrdersApi, storefrontApi } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Field, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { DetailPanel as Panel, Facts, ListTable as Table, panelNotReady } from '../layout/list-parts';
import { OfflineOrderForm } from './offline-order-form';
import { RatePage } from './rate-page';

const Filters = styled.form`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 0 12px; align-items: end; margin-bottom: 8px;
  .buttons { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 14px; }
`;

const dayLabel = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString()} ${many}`);

/** One offline order opened from the list: the customer, lines, money, how it is fulfilled, paid or not, the note. */
function OfflineOrderPanel({ id, storeName, onClose }: { id: string; storeName: (id: number) => string; onClose: () => void }) {
  const { data: o, isLoading, isError, error, refetch } = offlineOrdersApi.useOfflineOrderQuery(id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { if (o) heading.current?.focus(); }, [o]);
  const notReady = panelNotReady({ label: 'Offline order', what: 'order', isLoading, failed: isError || !o, error, refetch, onClose });
  if (notReady || !o) return notReady;
  return (
    <Panel as="section" aria-labelledby="offline-order-title">
      <div className="head">
        <h2 id="offline-order-title" ref={heading} tabIndex={-1}>Offline order {o.order_number}</h2>
        <Button type="button" $variant="secondary" onClick={onClose}>Close</Button>
      </div>
      <Facts>
        <dt>Customer</dt><dd>{o.customer_name}</dd>
        <dt>Phone</dt><dd>{o.telephone ? <a href={`tel:${o.telephone}`}>{formatPhone(o.telephone)}</a> : 'None given'}</dd>
        <dt>E-mail</dt><dd>{o.email ? <a href={`mailto:${o.email}`}>{o.email}</a> : 'None given'}</dd>
        <dt>Store</dt><dd>{storeName(o.location_id)}</dd>
        <dt>How</dt><dd>{OFFLINE_ORDER_TYPE_LABELS[o.order_type]}</dd>
        {o.address ? <><dt>Deliver to</dt><dd>{[o.address.address, o.address.address2, o.address.city, `${o.address.state} ${o.address.zip}`].filter((p) => p.trim()).join(', ')}</dd></> : null}
        <dt>Taken</dt><dd>{dayLabel(o.placed_at)} by {o.taken_by}</dd>
        <dt>Paid</dt><dd>{o.paid ? 'Yes' : 'No, due when collected or delivered'}</dd>
        {o.note ? <><dt>Note</dt><dd>{o.note}</dd></> : null}
      </Facts>
      <h3 id="offline-order-lines">Items</h3>
      <ul aria-labelledby="offline-order-lines">
        {o.items.map((l, i) => <li key={i}>{l.quantity} × {l.title}{l.sku ? ` (SKU ${l.sku})` : ''} at ${l.price} = ${l.line_total}</li>)}
      </ul>
      <p>Subtotal ${o.subtotal} · Tax ${o.tax} · <strong>Total ${o.total}</strong></p>
    </Panel>
  );
}

/**
 * Offline Orders (spec 3 /admin/offline-orders, view_offline_orders): orders staff take by phone or at the counter.
 * Entered with a form; listed newest first, 20 a page, by store and a search (order number, name, phone, e-mail);
 * exported as CSV with the same filters; a row opens the order. Staff rate the page at its foot ('rate-page').
 */
export function OfflineOrdersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const locationId = Number(params.get('location_id')) || undefined;
  const open = params.get('open');
  const [entering, setEntering] = useState(params.get('new') === '1');
  const [draft, setDraft] = useState({ search, location_id: locationId ? String(locationId) : '' });
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const locations = business?.about_us.locations ?? [];
  const storeName = (id: number) => locations.find((l) => l.id === id)?.name ?? `Store ${id}`;
  const { data, isLoading, isFetching, isError, error, refetch } = offlineOrdersApi.useOfflineOrdersQuery({ page, search: search || undefined, location_id: locationId });
  // Asked for every store and answered one: the staff member is bound to it (they see its offline orders only).
  const boundTo = !locationId && data?.location_id ? storeName(data.location_id) : null;

  const queryWith = (next: { search?: string; location_id?: string; page?: number; open?: string | null }) => {
    const merged = { search, location_id: locationId ? String(locationId) : '', page, open, ...next };
    return Object.fromEntries(Object.entries({ search: merged.search, location_id: merged.location_id, page: merged.page > 1 ? String(merged.page) : '', open: merged.open ?? '' })
      .filter(([, v]) => v)) as Record<string, string>;
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(queryWith({ search: draft.search.trim(), location_id: draft.location_id, page: 1, open: null }));
  };
  const clear = () => { setDraft({ search: '', location_id: '' }); setParams({}); };
  const filtered = Boolean(search || locationId);

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    const refused = await downloadOfflineOrdersCsv({ search: search || undefined, location_id: locationId }).catch(() => 'The offline orders could not be exported.');
    setExporting(false);
    if (refused) notify('error', refused, 6000);
  };

  return (
    <Container>
      <PageTitle>Offline Orders</PageTitle>
      <p>Orders your staff take by phone or at the counter. Items from the catalogue are taken from the store's stock when the order is saved.</p>
      {entering ? (
        <OfflineOrderForm
          onCancel={() => setEntering(false)}
          onSaved={(order, message) => { setEntering(false); notify('success', message); setParams(queryWith({ search: '', location_id: '', page: 1, open: order.id })); }} />
      ) : <p><Button type="button" onClick={() => setEntering(true)}>Enter an offline order</Button></p>}
      <Filters role="search" aria-label="Find offline orders" onSubmit={apply}>
        <Field>Search<input type="search" value={draft.search} maxLength={100} placeholder="Order number, name, phone or e-mail" onChange={(e) => setDraft({ ...draft, search: e.target.value })} /></Field>
        {locations.length > 1 && !boundTo ? (
          <Field>Store<select value={draft.location_id} onChange={(e) => setDraft({ ...draft, location_id: e.target.value })}>
            <option value="">All stores</option>
            {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </select></Field>
        ) : null}
        <div className="buttons">
          <Button type="submit">Find orders</Button>
          {filtered ? <Button type="button" $variant="secondary" onClick={clear}>Clear</Button> : null}
          <Button type="button" $variant="secondary" disabled={exporting} onClick={() => void exportCsv()}>{exporting ? 'Exporting…' : 'Export CSV'}</Button>
        </div>
      </Filters>
      {open ? <OfflineOrderPanel id={open} storeName={storeName} onClose={() => setParams(queryWith({ open: null }))} /> : null}
      {isLoading ? <Loading label="Loading offline orders…" /> : null}
      {boundTo ? <p>You see the offline orders of {boundTo}.</p> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>{(error as { status?: number } | undefined)?.status === 403 ? errorMessage(error) : 'We could not load the offline orders.'}</ErrorNotice> : null}
      {data && data.total === 0 ? (
        filtered ? <EmptyState title="No offline orders match">Search by an order number (OFF-1001), whole words of the name, a phone or an e-mail, or clear the search.</EmptyState>
          : <EmptyState title="No offline orders yet">Orders you enter for customers who call or come to the counter appear here.</EmptyState>
      ) : null}
      {data && data.total > 0 ? (
        <>
          <p aria-live="polite">{plural(data.total, filtered ? 'order matches' : 'offline order', filtered ? 'orders match' : 'offline orders')}{isFetching ? ' (updating…)' : ''}</p>
          <Table aria-label="Offline orders">
            <thead><tr><th>Order</th><th>Customer</th><th className="wide">Taken</th><th className="wide">Store</th><th className="wide">How</th><th>Total</th><th>Paid</th></tr></thead>
            <tbody>
              {data.data.map((o) => (
                <tr key={o.id} aria-current={o.id === open ? 'true' : undefined}>
                  <td><Link to={`/admin/offline-orders?${new URLSearchParams(queryWith({ open: o.id })).toString()}`} aria-label={`Offline order ${o.order_number}`}>{o.order_number}</Link></td>
                  <td>{o.customer_name}<small>{o.telephone ? formatPhone(o.telephone) : o.email}</small></td>
                  <td className="wide"><time dateTime={o.placed_at}>{dayLabel(o.placed_at)}</time></td>
                  <td className="wide">{storeName(o.location_id)}</td>
                  <td className="wide">{OFFLINE_ORDER_TYPE_LABELS[o.order_type]}</td>
                  <td>${o.total}</td>
                  <td>{o.paid ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <PaginationBar page={page} lastPage={data.last_page} onPage={(next) => setParams(queryWith({ page: next }))} />
        </>
      ) : null}
      <RatePage />
    </Container>
  );
}
