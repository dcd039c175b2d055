import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { RecurringOrder } from '@platform/contracts';
import { addressLine, runDayLabel } from '@platform/domain';
import { Link, useSearchParams } from '@platform/routing';
import { errorMessage, recurringOrdersApi, storefrontApi, type StoreRecurringArgs } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Field, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { RecurringOrderForm } from '@platform/account-ui';
import { OrderTabs } from './order-tabs';
import { DetailPanel, Facts, ListTable as Table, panelNotReady } from '../layout/list-parts';

const Panel = styled(DetailPanel)`
  .dates li { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 20px; }
`;

const Filters = styled.form`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 0 12px; align-items: end; margin-bottom: 8px;
  .buttons { display: flex; gap: 8px; margin-bottom: 14px; }
`;
const Said = styled.p`margin: 0 0 12px; padding: 10px 14px; border-radius: ${(p) => p.theme.radius}; background: ${(p) => p.theme.colors.page}; border-left: 4px solid ${(p) => p.theme.colors.success};`;

type StatusFilter = NonNullable<StoreRecurringArgs['status']>;
const STATUSES: [StatusFilter, string][] = [['active', 'Active'], ['cancelled', 'Cancelled'], ['all', 'All']];
const STATUS_WORDS: Record<RecurringOrder['status'], string> = { active: 'Active', cancelled: 'Cancelled' };
/** A run's outcome in words (skipped: an item was not to be had; cancelled: that one day was skipped on request). */
const RUN_WORDS: Record<RecurringOrder['runs'][number]['status'], string> = { placed: 'Placed', skipped: 'Not placed', failed: 'Failed', cancelled: 'Skipped' };
const EMPTY_TEXT = 'Shoppers can repeat an order at checkout once you turn recurring orders on in';

/** A run day as staff read it, with its year: 'Thu, Dec 3, 2026'. */
export const recurringDayLabel = (day: string): string => runDayLabel(day, { year: true });

const fulfilment = (r: RecurringOrder) => {
  const how = r.order_type === 'pickup' ? 'Pickup' : r.order_type === 'shipping' ? `Shipping${r.shipping_service ? ` (${r.shipping_service})` : ''}` : 'Local delivery';
  return r.store.name ? `${how} ${r.order_type === 'pickup' ? 'at' : 'from'} ${r.store.name}` : how;
};
const itemLine = (i: RecurringOrder['items'][number]) => `${i.quantity} × ${i.title}${i.special ? ' (special order)' : ''}`;
const itemsSummary = (r: RecurringOrder) => {
  const shown = r.items.slice(0, 2).map(itemLine).join(', ');
  return r.items.length > 2 ? `${shown} and ${r.items.length - 2} more` : shown;
};

/** A past run as one line: its outcome, the order it placed (linked as the orders list links orders) and why. */
function RunOutcome({ run }: { run: RecurringOrder['runs'][number] }) {
  const word = RUN_WORDS[run.status];
  const reason = run.reason.replace(/^Not placed:\s*/, '').replace('Skipped by you.', 'Skipped by the customer.');
  const order = run.order_number ? (
    <>: order <Link to={`/admin/orders/list/all?search=${encodeURIComponent(run.order_number)}`} aria-label={`Order ${run.order_number}`}>{run.order_number}</Link></>
  ) : null;
  // A reason that already says the outcome ('Skipped by the store.') is said once.
  if (!order && reason.toLowerCase().startsWith(word.toLowerCase())) return <>{reason}</>;
  return <>{word}{order}{reason ? ` — ${reason}` : ''}</>;
}

/**
 * One recurring order opened from the list (spec 3 §7 executions): what is repeated and where it goes, the coming
 * dates (each may be skipped: the customer does not get that one), the past runs and changes, Edit (the shopper's own
 * form, for a customer who phoned in: admin/recurringorders/update; the customer is e-mailed what changed) and Cancel.
 */
function RecurringOrderPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { data: order, isLoading, isError, error, refetch } = recurringOrdersApi.useStoreRecurringOrderQuery(id);
  const [skip, { isLoading: skipping }] = recurringOrdersApi.useSkipStoreRecurringRunMutation();
  const [cancel, { isLoading: cancelling }] = recurringOrdersApi.useCancelStoreRecurringOrderMutation();
  const [said, setSaid] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Another order opened: the keyboard goes to it and the last one's messages and form go.
  useEffect(() => { setSaid(null); setProblem(null); setEditing(false); }, [id]);
  // Back on Edit once the form closes (saved or cancelled), so the keyboard stays in place.
  useEffect(() => { if (wasEditing.current && !editing) editRef.current?.focus(); wasEditing.current = editing; }, [editing]);
  const loaded = Boolean(order);
  useEffect(() => { if (loaded) heading.current?.focus(); }, [id, loaded]);

  const run = async (question: string, change: () => Promise<{ message: string }>) => {
    if (!window.confirm(question)) return;
    setSaid(null); setProblem(null);
    try {
      setSaid((await change()).message);
    } catch (err) {
      setProblem(errorMessage(err, 'The recurring order could not be changed. Please try again.'));
    }
  };
  const who = order?.customer_name || 'The customer';
  const busy = skipping || cancelling;

  const notReady = panelNotReady({ label: 'Recurring order', what: 'recurring order', isLoading, failed: isError || !order, error, refetch, onClose });
  if (notReady || !order) return notReady;
  return (
    <Panel as="section" aria-labelledby="recurring-order-title">
      <div className="head">
        <h2 id="recurring-order-title" ref={heading} tabIndex={-1}>Recurring order of {order.customer_name || order.email}</h2>
        <Button type="button" $variant="secondary" onClick={onClose}>Close</Button>
      </div>
      {said ? <Said role="status">{said}</Said> : null}
      {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
      <Facts>
        <dt>Status</dt><dd>{STATUS_WORDS[order.status]}{order.cancelled_at ? ` (since ${new Date(order.cancelled_at).toLocaleDateString()})` : ''}</dd>
        <dt>Repeats</dt><dd>{order.frequency_label}</dd>
        <dt>Started</dt><dd>{recurringDayLabel(order.started_on)} with order <Link to={`/admin/orders/list/all?search=${encodeURIComponent(order.first_order_number)}`} aria-label={`Order ${order.first_order_number}`}>{order.first_order_number}</Link></dd>
        <dt>Fulfilment</dt><dd>{fulfilment(order)}</dd>
        {order.address ? <><dt>Deliver to</dt><dd>{addressLine(order.address)}</dd></> : null}
        <dt>Payment</dt><dd>{order.payment_label}</dd>
        {order.email ? <><dt>E-mail</dt><dd><a href={`mailto:${order.email}`}>{order.email}</a></dd></> : null}
      </Facts>
      <h3 id="recurring-items">Items</h3>
      <ul aria-labelledby="recurring-items">{order.items.map((i) => <li key={i.sku}>{itemLine(i)} <small>({i.sku})</small></li>)}</ul>
      <h3 id="recurring-coming">Coming orders</h3>
      {order.next_dates.length ? (
        <ul className="dates" aria-labelledby="recurring-coming">
          {order.next_dates.map((day) => {
            const label = recurringDayLabel(day);
            return (
              <li key={day}>
                <time dateTime={day}>{label}</time>
                <Button type="button" $variant="secondary" disabled={busy} aria-label={`Skip ${label}`}
                  onClick={() => void run(`Skip the order of ${label}? ${who} will not get that order; the later ones go on.`, () => skip({ id: order.id, date: day }).unwrap())}>
                  Skip
                </Button>
              </li>
            );
          })}
        </ul>
      ) : <p>{order.status === 'cancelled' ? 'None: this recurring order is cancelled.' : 'No coming orders.'}</p>}
      <h3 id="recurring-runs">Past orders</h3>
      {order.runs.length ? (
        <ul aria-labelledby="recurring-runs">
          {order.runs.map((r) => <li key={r.date}><time dateTime={r.date}>{recurringDayLabel(r.date)}</time>: <RunOutcome run={r} /></li>)}
        </ul>
      ) : <p>None yet. The order placed at checkout started it.</p>}
      {order.changes.length ? (
        <>
          <h3 id="recurring-changes">Changes</h3>
          <ul aria-labelledby="recurring-changes">
            {order.changes.map((c) => (
              <li key={c.at}><time dateTime={c.at}>{new Date(c.at).toLocaleString()}</time>{c.by === 'store' ? ` by the store${c.staff ? ` (${c.staff})` : ''}` : ' by the customer'}: {c.what.join('; ')}</li>
            ))}
          </ul>
        </>
      ) : null}
      {order.status === 'active' && editing ? (
        <>
          <h3 id="recurring-edit">Edit for the customer</h3>
          <RecurringOrderForm by="store" order={order} onCancel={() => setEditing(false)}
            confirmSave={() => window.confirm(`Save the changes to ${order.customer_name ? `${order.customer_name}'s` : 'this'} recurring order? ${who} is e-mailed what changed.`)}
            onDone={(message) => { setEditing(false); setProblem(null); setSaid(message); }} />
        </>
      ) : null}
      {order.status === 'active' && !editing ? (
        <div className="actions">
          <Button ref={editRef} type="button" disabled={busy} aria-label={`Edit the recurring order of ${order.customer_name || order.email}`}
            onClick={() => { setSaid(null); setProblem(null); setEditing(true); }}>
            Edit
          </Button>
          <Button type="button" $variant="secondary" disabled={busy}
            onClick={() => void run(`Cancel ${order.customer_name ? `${order.customer_name}'s` : 'this'} recurring order? No more orders will be placed for it. Orders already placed stay as they are.`, () => cancel({ id: order.id }).unwrap())}>
            Cancel recurring order
          </Button>
        </div>
      ) : null}
    </Panel>
  );
}

/**
 * Orders › Recurring (spec 3 /admin/orders/recurring, §7 admin/recurringorders): the orders signed-in shoppers
 * repeat, by status (Active first) and a search, newest first. A row opens its detail above the list. The status,
 * search, page and the open order live in the address, as the orders list keeps its filters.
 */
export function RecurringOrdersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status: StatusFilter = STATUSES.some(([s]) => s === params.get('status')) ? (params.get('status') as StatusFilter) : 'active';
  const search = params.get('search') ?? '';
  const location = params.get('location_id') ?? '';
  const open = params.get('open');
  const [draft, setDraft] = useState({ status, search, location });
  const [shownFor, setShownFor] = useState(`${status}|${search}|${location}`);
  if (shownFor !== `${status}|${search}|${location}`) { setShownFor(`${status}|${search}|${location}`); setDraft({ status, search, location }); }

  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const locations = business?.about_us.locations ?? [];
  const { data, isLoading, isFetching, isError, error, refetch } = recurringOrdersApi.useStoreRecurringOrdersQuery({ page, status, search: search || undefined, location_id: Number(location) || undefined });
  // Asked for every location and answered one: the staff member is bound to it (they see its recurring orders only).
  const boundTo = !location && data?.location_id ? locations.find((l) => l.id === data.location_id)?.name ?? `store ${data.location_id}` : null;
  const filtered = status !== 'active' || Boolean(search) || Boolean(location);
  /** The address's query with some of status, search, location, page and the open order changed (defaults left out). */
  const queryWith = (next: { status?: StatusFilter; search?: string; location?: string; page?: number; open?: string | null }) => {
    const merged = { status, search, location, page, open, ...next };
    return Object.fromEntries(Object.entries({
      status: merged.status === 'active' ? '' : merged.status, search: merged.search, location_id: merged.location, page: merged.page > 1 ? String(merged.page) : '', open: merged.open ?? '',
    }).filter(([, v]) => v)) as Record<string, string>;
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(queryWith({ status: draft.status, search: draft.search.trim(), location: draft.location, page: 1, open: null }));
  };
  const clear = () => { setDraft({ status: 'active', search: '', location: '' }); setParams({}); };
  const rowLink = (id: string) => `/admin/orders/recurring?${new URLSearchParams(queryWith({ open: id })).toString()}`;

  return (
    <Container>
      <PageTitle>Recurring orders</PageTitle>
      <OrderTabs current="recurring" />
      <Filters role="search" aria-label="Filter recurring orders" onSubmit={apply}>
        <Field>Status<select value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as StatusFilter })}>
          {STATUSES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select></Field>
        {locations.length > 1 && !boundTo ? (
          <Field>Store<select value={draft.location} onChange={(e) => setDraft({ ...draft, location: e.target.value })}>
            <option value="">All stores</option>
            {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </select></Field>
        ) : null}
        <Field>Search<input type="search" value={draft.search} maxLength={100} placeholder="Customer, e-mail, phone, order number or item" onChange={(e) => setDraft({ ...draft, search: e.target.value })} /></Field>
        <div className="buttons">
          <Button type="submit">Show recurring orders</Button>
          {filtered ? <Button type="button" $variant="secondary" onClick={clear}>Clear filters</Button> : null}
        </div>
      </Filters>
      {open ? <RecurringOrderPanel id={open} onClose={() => setParams(queryWith({ open: null }))} /> : null}
      {isLoading ? <Loading label="Loading recurring orders…" /> : null}
      {boundTo ? <p>You see the recurring orders of {boundTo}.</p> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>{(error as { status?: number } | undefined)?.status === 403 ? errorMessage(error) : 'We could not load the recurring orders.'}</ErrorNotice> : null}
      {data && data.total === 0 ? (
        search ? <EmptyState title="No recurring orders match">Try another search, or clear the filters.</EmptyState>
          : status === 'cancelled' ? <EmptyState title="No cancelled recurring orders" />
            : <EmptyState title="No recurring orders yet.">{EMPTY_TEXT} <Link to="/admin/settings/fulfillment-options">Settings › Fulfillment Options</Link>.</EmptyState>
      ) : null}
      {data && data.total > 0 ? (
        <>
          <p aria-live="polite">{data.total === 1 ? '1 recurring order' : `${data.total.toLocaleString()} recurring orders`}{isFetching ? ' (updating…)' : ''}</p>
          <Table aria-label="Recurring orders">
            <thead><tr><th>Customer</th><th>Repeats</th><th className="wide">Fulfilment</th><th className="wide">Items</th><th>Next order</th><th className="wide">Payment</th><th>Status</th></tr></thead>
            <tbody>
              {data.data.map((r) => (
                <tr key={r.id} aria-current={r.id === open ? 'true' : undefined}>
                  <td><Link to={rowLink(r.id)}>{r.customer_name || r.email}</Link><small>{r.email}</small></td>
                  <td>{r.frequency_label}</td>
                  <td className="wide">{fulfilment(r)}</td>
                  <td className="wide">{itemsSummary(r)}</td>
                  <td>{r.next_dates[0] ? <time dateTime={r.next_dates[0]}>{recurringDayLabel(r.next_dates[0])}</time> : 'None'}</td>
                  <td className="wide">{r.payment_label}</td>
                  <td>{STATUS_WORDS[r.status]}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <PaginationBar page={page} lastPage={data.last_page} onPage={(next) => setParams(queryWith({ page: next }))} />
        </>
      ) : null}
    </Container>
  );
}
