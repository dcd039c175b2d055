import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link, Navigate } from '@platform/routing';
import type { RecurringOrder, RecurringRun } from '@platform/contracts';
import { addressLine, dayStartMs, RECURRING_CARD_NOT_CHARGED_NOW, runDayLabel, takesCardsOnline } from '@platform/domain';
import { errorMessage, recurringOrdersApi, rememberRedirect, storefrontApi, useSession } from '@platform/api-client';
import { Button, Card, Container, EmptyState, ErrorNotice, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { RecurringOrderForm } from '@platform/account-ui';

/** A run day as the shopper reads it at checkout: 'Thu, Dec 3' (the day as written, whatever the browser's time zone). */
const dayLabel = runDayLabel;

const CANCEL_QUESTION = 'Cancel this recurring order? No more orders will be placed for it. Orders already placed are not changed.';
const CANCEL_ALL_QUESTION = 'Cancel all your recurring orders? No more orders will be placed for any of them. Orders already placed are not changed.';
const skipQuestion = (day: string) => `Skip the order of ${dayLabel(day)}?`;
/** A day (YYYY-MM-DD) in the browser's own date format, as the other account pages show dates. */
const shortDay = (day: string) => { const ms = dayStartMs(day); return Number.isNaN(ms) ? day : new Date(ms).toLocaleDateString(undefined, { timeZone: 'UTC' }); };

/** Each run's outcome in the shopper's words. */
const RUN_STATUS_WORDS: Record<RecurringRun['status'], string> = { placed: 'Placed', skipped: 'Skipped', failed: 'Failed', cancelled: 'Cancelled' };

const orderLink = (orderNumber: string) => `/orders?order=${encodeURIComponent(orderNumber)}`;

const List = styled.div`display: grid; gap: 16px;`;
const Toolbar = styled.div`display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; justify-content: space-between; margin-bottom: 16px; p { margin: 0; }`;

const Order = styled(Card)<{ $cancelled: boolean }>`
  ${(p) => (p.$cancelled ? `background: ${p.theme.colors.page}; color: ${p.theme.colors.muted};` : '')}
  header { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: baseline; }
  h2 { font-size: 1.2rem; margin: 0; }
  h3 { font-size: 1rem; margin: 16px 0 6px; }
  .badge { font-size: 0.85rem; font-weight: 600; padding: 2px 8px; border-radius: 999px; border: 1px solid currentColor; }
  .badge.active { color: ${(p) => p.theme.colors.success}; }
  .badge.cancelled { color: ${(p) => p.theme.colors.danger}; }
  .facts { margin: 8px 0 0; display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
  .facts dt { color: ${(p) => p.theme.colors.muted}; }
  .facts dd { margin: 0; overflow-wrap: anywhere; }
  ul { list-style: none; margin: 0; padding: 0; }
  .items li { padding: 2px 0; }
  .dates li, .runs li { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center; padding: 6px 0; border-top: 1px solid ${(p) => p.theme.colors.border}; }
  .dates li:first-child, .runs li:first-child { border-top: 0; }
  .changes li { padding: 4px 0; overflow-wrap: anywhere; }
  .dates time, .runs time { min-width: 96px; font-weight: 600; }
  .runs .reason { flex: 1 1 220px; color: ${(p) => p.theme.colors.muted}; }
  .card-not-charged { margin: 8px 0 0; font-weight: 600; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px; }
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) {
    padding: 12px;
    .facts { grid-template-columns: 1fr; gap: 0; }
    .facts dd { margin-bottom: 6px; }
    .actions > * { flex: 1 1 100%; }
  }
`;

type Feedback = { id: string; kind: 'ok' | 'error'; text: string };

/** A run's outcome: 'Placed: order 1043', or the word and why it was not placed. */
function RunOutcome({ run }: { run: RecurringRun }) {
  const word = RUN_STATUS_WORDS[run.status] ?? run.status;
  return (
    <>
      <span className="outcome">
        {word}{run.order_number ? <>: order <Link to={orderLink(run.order_number)}>{run.order_number}</Link></> : null}
      </span>
      {run.status !== 'placed' && run.reason ? <>{' '}<span className="reason">— {run.reason}</span></> : null}
    </>
  );
}

function RecurringOrderCard({ order, storeName, cardsTaken, busy, feedback, onSkip, onCancel, onChanged }: {
  order: RecurringOrder; storeName: string; cardsTaken: boolean; busy: boolean; feedback: Feedback | null; onSkip: (day: string) => void; onCancel: () => void; onChanged: (message: string) => void;
}) {
  const active = order.status === 'active';
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back on the Edit button once the form closes (saved or cancelled), so the keyboard stays in place.
  useEffect(() => { if (wasEditing.current && !editing) editRef.current?.focus(); wasEditing.current = editing; }, [editing]);
  const where = order.order_type === 'delivery'
    ? <>Delivery to {order.address ? addressLine(order.address) : 'your address'}</>
    : order.order_type === 'shipping'
      ? <>Shipping to {order.address ? addressLine(order.address) : 'your address'}{order.shipping_service ? ` with ${order.shipping_service}` : ''}, at the rate of each order&apos;s day</>
      : <>Pickup at {storeName}</>;
  return (
    <Order as="article" $cancelled={!active} aria-label={`Recurring order ${order.frequency_label} from order ${order.first_order_number}`}>
      <header>
        <h2>{order.frequency_label}</h2>
        <span className={`badge ${order.status}`}>{active ? 'Active' : 'Cancelled'}</span>
        {!active && order.cancelled_at ? <span>on {new Date(order.cancelled_at).toLocaleDateString()}</span> : null}
      </header>
      {feedback ? (feedback.kind === 'error' ? <ErrorNotice>{feedback.text}</ErrorNotice> : <p role="status">{feedback.text}</p>) : null}
      <dl className="facts">
        <dt>Where</dt><dd>{where}</dd>
        <dt>Payment</dt><dd>{order.payment_label}</dd>
        <dt>Started</dt>
        <dd>On {shortDay(order.started_on)} with order <Link to={orderLink(order.first_order_number)}>{order.first_order_number}</Link></dd>
      </dl>
      {/* Its runs fail uncharged while the store offers no cards (libs/domain runPaymentProblem): said before the next one comes. */}
      {active && order.payment_method === 'card' && !cardsTaken ? <p className="card-not-charged">{RECURRING_CARD_NOT_CHARGED_NOW(order.payment_label, order.order_type)}</p> : null}
      <h3>Items</h3>
      <ul className="items" aria-label="Items">
        {order.items.map((item) => (
          <li key={`${item.sku}-${item.special ? 's' : 'p'}`}>{item.quantity} × {item.title}{item.special ? ' (special order)' : ''}</li>
        ))}
      </ul>
      {active && order.next_dates.length ? (
        <>
          <h3>Coming orders</h3>
          <ul className="dates" aria-label="Coming orders">
            {order.next_dates.map((day) => (
              <li key={day}>
                <time dateTime={day}>{dayLabel(day)}</time>{' '}
                <Button type="button" $variant="secondary" disabled={busy} aria-label={`Skip ${dayLabel(day)}`} onClick={() => onSkip(day)}>Skip</Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>Past orders</h3>
      {order.runs.length ? (
        <ul className="runs" aria-label="Past orders">
          {order.runs.map((run) => (
            <li key={run.date}><time dateTime={run.date}>{dayLabel(run.date)}</time>{' '}<RunOutcome run={run} /></li>
          ))}
        </ul>
      ) : <p>None yet after the first order.</p>}
      {order.changes.length ? (
        <>
          <h3>Changes</h3>
          <ul className="changes" aria-label="Changes">
            {order.changes.map((c) => (
              <li key={c.at}><time dateTime={c.at}>{new Date(c.at).toLocaleDateString()}</time>{' '}{c.by === 'store' ? 'By the store: ' : 'By you: '}{c.what.join('; ')}</li>
            ))}
          </ul>
        </>
      ) : null}
      {active && editing ? (
        <RecurringOrderForm order={order} onCancel={() => setEditing(false)} onDone={(message) => { setEditing(false); onChanged(message); }} />
      ) : null}
      {active && !editing ? (
        <div className="actions">
          <Button ref={editRef} type="button" disabled={busy} aria-label={`Edit recurring order ${order.frequency_label} from order ${order.first_order_number}`} onClick={() => setEditing(true)}>Edit</Button>
          <Button type="button" $variant="secondary" disabled={busy} onClick={onCancel}>Cancel recurring order</Button>
        </div>
      ) : null}
    </Order>
  );
}

/** /recurring-orders: the signed-in customer's recurring orders (made at checkout), their coming dates to skip, their past runs, and cancelling. */
export function RecurringOrdersPage() {
  const user = useSession();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, error, refetch } = recurringOrdersApi.useMyRecurringOrdersQuery({ page }, { skip: !user || user.is_admin });
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  // Whether a card can be charged now (cards_offered); unknown (loading, not answered) counts as yes: no warning.
  const { data: payments } = storefrontApi.usePaymentSettingsQuery(undefined, { skip: !user || user.is_admin });
  const cardsTaken = !payments || takesCardsOnline(payments);
  const [cancelOne] = recurringOrdersApi.useCancelMyRecurringOrderMutation();
  const [cancelAll] = recurringOrdersApi.useCancelAllMyRecurringOrdersMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  if (!user) { rememberRedirect('/recurring-orders'); return <Navigate to="/login" replace />; }
  if (user.is_admin) return <Navigate to="/admin/orders" replace />;
  const storeName = (order: RecurringOrder) => order.store.name || business?.about_us.locations.find((l) => l.id === order.store.id)?.name || `Store ${order.store.id}`;

  const change = async (id: string, question: string, work: () => Promise<{ message: string }>) => {
    if (!window.confirm(question)) return;
    setBusy(id); setFeedback(null);
    try { setFeedback({ id, kind: 'ok', text: (await work()).message }); } catch (problem) { setFeedback({ id, kind: 'error', text: errorMessage(problem) }); } finally { setBusy(null); }
  };
  const orders = data?.data ?? [];
  const activeCount = orders.filter((o) => o.status === 'active').length;
  const pageFeedback = feedback?.id === 'all' ? feedback : null;
  return (
    <Container>
      <PageTitle>Recurring orders</PageTitle>
      {isLoading ? <Loading label="Loading your recurring orders…" /> : null}
      {isError ? (
        <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>{errorMessage(error, 'We could not load your recurring orders.')}</ErrorNotice>
      ) : null}
      {pageFeedback ? (pageFeedback.kind === 'error' ? <ErrorNotice>{pageFeedback.text}</ErrorNotice> : <p role="status">{pageFeedback.text}</p>) : null}
      {data && data.total === 0 ? (
        <EmptyState title="No recurring orders yet">
          {business && !business.recurring_orders_enabled
            ? 'This store does not offer recurring orders.'
            : 'You can have an order placed again for you every week, 2 weeks, 4 weeks or month: choose Repeat this order when you pay at checkout.'}
          {' '}<Link to="/departments">Shop by department</Link>
        </EmptyState>
      ) : null}
      {data && orders.length ? (
        <>
          <Toolbar>
            <p>Each order is placed on its day and we e-mail you the day before. Change it, skip a date or cancel at any time.</p>
            {activeCount > 1 ? (
              <Button type="button" $variant="secondary" disabled={busy !== null}
                onClick={() => void change('all', CANCEL_ALL_QUESTION, () => cancelAll().unwrap())}>Cancel all recurring orders</Button>
            ) : null}
          </Toolbar>
          <List>
            {orders.map((order) => (
              <RecurringOrderCard key={order.id} order={order} storeName={storeName(order)} cardsTaken={cardsTaken} busy={busy !== null} feedback={feedback?.id === order.id ? feedback : null}
                onSkip={(day) => void change(order.id, skipQuestion(day), () => cancelOne({ id: order.id, date: day }).unwrap())}
                onCancel={() => void change(order.id, CANCEL_QUESTION, () => cancelOne({ id: order.id }).unwrap())}
                onChanged={(text) => setFeedback({ id: order.id, kind: 'ok', text })} />
            ))}
          </List>
          <PaginationBar page={page} lastPage={data.last_page} onPage={setPage} />
        </>
      ) : null}
    </Container>
  );
}
