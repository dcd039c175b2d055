import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { ReconciledOrder, ReconciliationFigures } from '@platform/contracts';
import { adminOrderPath, runDayLabel } from '@platform/domain';
import { Link, useSearchParams } from '@platform/routing';
import { downloadReconciliationCsv, errorMessage, notify, reconciliationApi, storefrontApi, type ReconciliationArgs } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Field, Loading, PageTitle } from '@platform/ui';
import { OrderTabs } from './order-tabs';
import { DetailPanel, ListTable } from '../layout/list-parts';

const Filters = styled.form`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 0 12px; align-items: end; margin-bottom: 8px;
  .buttons { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 14px; }
`;
/** Money columns read right-aligned; a flagged row or figure stands out. */
const Table = styled(ListTable)`
  td.money, th.money { text-align: right; white-space: nowrap; }
  tfoot td { font-weight: 600; border-top: 2px solid ${(p) => p.theme.colors.border}; }
  .flag { color: ${(p) => p.theme.colors.danger}; font-weight: 600; }
  .ok { color: ${(p) => p.theme.colors.success}; }
`;
const Scroll = styled.div`overflow-x: auto;`;
const Summary = styled.p`display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center;`;
const Problems = styled.ul`margin: 0; padding-left: 18px; color: ${(p) => p.theme.colors.danger};`;

/** The screen's own time zone: a day is the store's day as the person reconciling sees it. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const dayLabel = (day: string) => runDayLabel(day, { year: true });
/** '12.50' → '$12.50', '-3.00' → '−$3.00'. */
const money = (amount: string) => (amount.startsWith('-') ? `−$${amount.slice(1)}` : `$${amount}`);
const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString()} ${many}`);
const PAID: Record<string, string> = { card: 'Card', pay_at_store: 'At the store', ar_account: 'AR account' };
const FILTER_KEYS = ['from', 'to', 'location_id'] as const;

/** What a row's flag says: how many orders to look at, or that cards and orders agree. */
function Flag({ flagged, difference }: Pick<ReconciliationFigures, 'flagged' | 'difference'>) {
  if (flagged) return <span className="flag">⚠ {plural(flagged, 'order', 'orders')} to check</span>;
  return difference === '0.00' ? <span className="ok">In order</span> : <span className="flag">⚠ Difference</span>;
}

const MONEY_HEADS = ['Sales', 'Card captured', 'Card refunded', 'Due at the store', 'Paid at the store', 'On account', 'Difference'] as const;
const moneyOf = (f: ReconciliationFigures | Omit<ReconciledOrder, 'id'>) => [f.sales, f.captured, f.refunded, f.due_at_store, f.paid_at_store, f.on_account, f.difference];
/** Columns a phone leaves out (the detail keeps them). */
const WIDE = new Set<string>(['Due at the store', 'Paid at the store', 'On account']);

/** One day at one store opened from the list: its orders with their payments and what is wrong with each. */
function DayPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const zone = timeZone();
  const { data, isLoading, isError, error, refetch } = reconciliationApi.useReconciliationDayQuery({ id, time_zone: zone });
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(data);
  useEffect(() => { if (loaded) heading.current?.focus(); }, [id, loaded]);
  const [exporting, setExporting] = useState(false);

  if (isLoading) return <DetailPanel as="section" aria-label="Day"><Loading label="Loading the day's orders…" /></DetailPanel>;
  if (isError || !data) {
    const notFound = (error as { status?: number } | undefined)?.status === 404;
    return (
      <DetailPanel as="section" aria-label="Day">
        <ErrorNotice action={<>{notFound ? null : <Button onClick={() => void refetch()}>Try again</Button>} <Button $variant="secondary" onClick={onClose}>Close</Button></>}>
          {notFound ? errorMessage(error) : "We could not load the day's orders."}
        </ErrorNotice>
      </DetailPanel>
    );
  }
  const { day, data: orders } = data;
  const exportDay = async () => {
    setExporting(true);
    const refused = await downloadReconciliationCsv({ id, time_zone: zone }).catch(() => 'The day could not be exported.');
    setExporting(false);
    if (refused) notify('error', refused, 6000);
  };
  return (
    <DetailPanel as="section" aria-labelledby="recon-day-title">
      <div className="head">
        <h2 id="recon-day-title" ref={heading} tabIndex={-1}>{dayLabel(day.date)} at {day.location_name}</h2>
        <span>
          <Button type="button" $variant="secondary" disabled={exporting || !orders.length} onClick={() => void exportDay()}>{exporting ? 'Exporting…' : 'Export this day'}</Button>{' '}
          <Button type="button" $variant="secondary" onClick={onClose}>Close</Button>
        </span>
      </div>
      <p>{plural(day.orders, 'order', 'orders')}, sales {money(day.sales)}. <Flag flagged={day.flagged} difference={day.difference} /></p>
      {orders.length ? (
        <Scroll>
          <Table aria-label={`Orders of ${dayLabel(day.date)} at ${day.location_name}`}>
            <thead><tr><th>Order</th><th>Status</th><th>Payment</th><th className="money">Total</th>{MONEY_HEADS.map((h) => <th key={h} className="money">{h}</th>)}<th>Check</th></tr></thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={o.offline ? `/admin/offline-orders?open=${o.id}` : adminOrderPath(o)} aria-label={`${o.offline ? 'Offline order' : 'Order'} ${o.order_number}`}>{o.order_number}</Link>
                    <small>{new Date(o.placed_at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })} · {o.customer_name}{o.offline ? ' · Offline (phone or counter)' : ''}</small>
                  </td>
                  <td>{o.status_label}</td>
                  <td>{PAID[o.payment_method] ?? o.payment_method}<small>{o.payment_reference || o.payment_status}</small></td>
                  <td className="money">{money(o.total)}</td>
                  {moneyOf(o).map((m, i) => <td key={MONEY_HEADS[i]} className="money">{money(m)}</td>)}
                  <td>{o.problems.length ? <Problems>{o.problems.map((p) => <li key={p.code}>{p.message}</li>)}</Problems> : <span className="ok">In order</span>}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      ) : <p>No orders that day.</p>}
    </DetailPanel>
  );
}

/**
 * Orders › Reconciliation (spec 3 /admin/orders/reconciliation): per day and store, the orders next to their
 * payments (captured and refunded by card, due and paid at the store, on account), the difference and the orders
 * to check; a row opens that day's orders. Days in the screen's time zone; the range and store live in the
 * address; Export CSV gives the same figures. What each column means: docs/RECONCILIATION.md.
 */
export function ReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof FILTER_KEYS)[number], string>;
  const open = params.get('open');
  const [draft, setDraft] = useState(applied);
  const [shownFor, setShownFor] = useState(params.toString());
  if (shownFor !== params.toString()) { setShownFor(params.toString()); setDraft(applied); }
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const locations = business?.about_us.locations ?? [];
  const args: ReconciliationArgs = {
    from_date: applied.from || undefined, to_date: applied.to || undefined, location_id: applied.location_id ? Number(applied.location_id) : undefined, time_zone: timeZone(),
  };
  const { data, isLoading, isFetching, isError, error, refetch } = reconciliationApi.useReconciliationQuery(args);
  // 422: a range or store the server refuses; 403: another location than the one a staff member is bound to.
  const refused = isError && [403, 422].includes((error as { status?: number } | undefined)?.status ?? 0) ? errorMessage(error) : null;
  // Asked for every store and answered one: the staff member is bound to it (they reconcile its days only).
  const boundTo = !applied.location_id && data?.location_id ? locations.find((l) => l.id === data.location_id)?.name ?? `store ${data.location_id}` : null;
  // The range the server answered for (a week to today when none is asked) fills the form's empty days, once.
  const answered = data ? `${data.from_date}|${data.to_date}` : '';
  const [filledFor, setFilledFor] = useState('');
  if (answered && filledFor !== answered) {
    setFilledFor(answered);
    setDraft({ ...draft, from: draft.from || data!.from_date, to: draft.to || data!.to_date });
  }

  /** The address's query with some filters or the open row changed (empty ones left out). */
  const queryWith = (next: Partial<typeof applied> & { open?: string | null }) => {
    const merged = { ...applied, open, ...next };
    return Object.fromEntries(Object.entries(merged).filter(([, v]) => v)) as Record<string, string>;
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(queryWith({ ...draft, open: null }));
  };
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    const refusedExport = await downloadReconciliationCsv(args).catch(() => 'The reconciliation could not be exported.');
    setExporting(false);
    if (refusedExport) notify('error', refusedExport, 6000);
  };
  const rowLink = (id: string) => `/admin/orders/reconciliation?${new URLSearchParams(queryWith({ open: id })).toString()}`;
  const range = data ? (data.from_date === data.to_date ? dayLabel(data.from_date) : `${dayLabel(data.from_date)} to ${dayLabel(data.to_date)}`) : '';

  return (
    <Container>
      <PageTitle>Reconciliation</PageTitle>
      <OrderTabs current="reconciliation" />
      <Filters role="search" aria-label="Choose days and store" onSubmit={apply}>
        <Field>From<input type="date" value={draft.from} max={draft.to || undefined} onChange={set('from')} /></Field>
        <Field>To<input type="date" value={draft.to} min={draft.from || undefined} onChange={set('to')} /></Field>
        {locations.length > 1 && !boundTo ? (
          <Field>Store<select value={draft.location_id} onChange={set('location_id')}>
            <option value="">All stores</option>
            {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </select></Field>
        ) : null}
        <div className="buttons"><Button type="submit">Show</Button></div>
      </Filters>
      {boundTo ? <p>You see the days of {boundTo}.</p> : null}
      {open ? <DayPanel id={open} onClose={() => setParams(queryWith({ open: null }))} /> : null}
      {isLoading ? <Loading label="Loading the reconciliation…" /> : null}
      {refused ? <ErrorNotice>{refused}</ErrorNotice> : null}
      {isError && !refused ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the reconciliation.</ErrorNotice> : null}
      {data && !data.data.length ? <EmptyState title="No orders on these days">{range}: nothing to reconcile. Choose other days or another store.</EmptyState> : null}
      {data && data.data.length ? (
        <>
          <Summary aria-live="polite">
            <span>{range}: {plural(data.totals.orders, 'order', 'orders')}, sales {money(data.totals.sales)}. <Flag flagged={data.totals.flagged} difference={data.totals.difference} />{isFetching ? ' (updating…)' : ''}</span>
            <Button type="button" $variant="secondary" disabled={exporting} onClick={() => void exportCsv()}>{exporting ? 'Exporting…' : 'Export CSV'}</Button>
          </Summary>
          <Scroll>
            <Table aria-label="Days and stores">
              <thead>
                <tr>
                  <th>Day</th><th>Store</th><th className="money">Orders</th><th className="money wide">Cancelled</th>
                  {MONEY_HEADS.map((h) => <th key={h} className={WIDE.has(h) ? 'money wide' : 'money'}>{h}</th>)}<th>Check</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((d) => (
                  <tr key={d.id} aria-current={d.id === open ? 'true' : undefined}>
                    <td><Link to={rowLink(d.id)} aria-label={`${dayLabel(d.date)} at ${d.location_name}`}>{dayLabel(d.date)}</Link></td>
                    <td>{d.location_name}</td>
                    <td className="money">{d.orders}{d.cancelled_orders ? <small>{d.cancelled_orders} cancelled</small> : null}{d.offline_orders ? <small>{d.offline_orders} offline</small> : null}</td>
                    <td className="money wide">{money(d.cancelled)}</td>
                    {moneyOf(d).map((m, i) => <td key={MONEY_HEADS[i]} className={WIDE.has(MONEY_HEADS[i]) ? 'money wide' : 'money'}>{money(m)}</td>)}
                    <td><Flag flagged={d.flagged} difference={d.difference} /></td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td colSpan={2}>Total</td><td className="money">{data.totals.orders}</td><td className="money wide">{money(data.totals.cancelled)}</td>
                  {moneyOf(data.totals).map((m, i) => <td key={MONEY_HEADS[i]} className={WIDE.has(MONEY_HEADS[i]) ? 'money wide' : 'money'}>{money(m)}</td>)}
                  <td><Flag flagged={data.totals.flagged} difference={data.totals.difference} /></td>
                </tr>
              </tfoot>
            </Table>
          </Scroll>
          <details>
            <summary>What the columns mean</summary>
            <ul>
              <li><strong>Sales</strong>: the orders' totals less what was cancelled (a cancelled order's whole total, or the cancelled items' share).</li>
              <li><strong>Card captured / refunded</strong>: money taken on cards and given back. For card orders, captured less refunded should equal their sales.</li>
              <li><strong>Due at the store</strong>: orders paid at the store and not yet completed. <strong>Paid at the store</strong>: the completed ones.</li>
              <li><strong>On account</strong>: orders charged to an AR account.</li>
              <li><strong>Offline</strong> orders (taken by phone or at the counter, under Offline Orders) count with the day's orders at their store, paid at the store: due until marked paid.</li>
              <li><strong>Difference</strong>: card money kept less card sales. Anything but $0.00, or an order flagged, needs a look: open the day to see which order and why.</li>
            </ul>
          </details>
        </>
      ) : null}
    </Container>
  );
}
