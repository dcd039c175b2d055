import { Fragment, useState } from 'react';
import styled from 'styled-components';
import { Link, matchPath, useLocation, useSearchParams } from '@platform/routing';
import type { AdminOrder } from '@platform/contracts';
import { addressLine, formatPhone, ORDER_STATUS_LABELS, pickListGroups, type OrderAction } from '@platform/domain';
import { adminOrderMailApi, adminOrdersApi, adminSettingsApi, errorMessage, fieldErrors, notify } from '@platform/api-client';
import { Button, Card, Container, EmptyState, ErrorNotice, Field, Loading, PageTitle } from '@platform/ui';
import { DeliveryDate, MoveOrder, PrepareSteps } from './order-fulfilment';
import { CreateLabel } from './shipping-labels/create-label';
import { AssignArAccount } from './assign-ar-account';
import { FraudCheckPanel } from './fraud-check-panel';
import { useLiveOrders } from './live-orders';

const Columns = styled.div`display: grid; grid-template-columns: 2fr 1fr; gap: 16px; align-items: start; @media (max-width: ${(p) => p.theme.breakpoints.md}px) { grid-template-columns: 1fr; }`;
const PickList = styled.table`
  width: 100%; border-collapse: collapse; margin-bottom: 12px;
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
  td.qty { font-weight: 700; font-size: 1.1rem; }
  th.department { background: ${(p) => p.theme.colors.page}; font-size: 0.85rem; text-transform: uppercase; letter-spacing: 0.04em; }
`;
const Facts = styled.dl`margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 6px 12px; dt { font-weight: 600; } dd { margin: 0; }`;
const Actions = styled.div`display: flex; flex-wrap: wrap; gap: 10px; align-items: end; margin-top: 12px;`;
const Problem = styled.p`color: ${(p) => p.theme.colors.danger}; margin: -8px 0 12px;`;
const ACTION_LABELS: Record<Exclude<OrderAction, 'cancel'>, string> = { take: 'Take order', prepare: 'Mark ready', complete: 'Complete' };

/** E-mail the customer (spec 3 order actions): a subject and a message; replies reach the store's contact address. */
function EmailCustomer({ id, name }: { id: string; name: string }) {
  const [send, { isLoading }] = adminOrderMailApi.useEmailOrderCustomerMutation();
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  if (!open) return <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>E-mail {name}</Button>;
  const submit = async () => {
    setProblems({});
    try {
      notify('success', (await send({ id, subject, body }).unwrap()).message, 5000);
      setOpen(false); setSubject(''); setBody('');
    } catch (err) {
      const errors = fieldErrors(err);
      setProblems(Object.keys(errors).length ? errors : { form: errorMessage(err) });
    }
  };
  return (
    <form aria-label="E-mail the customer" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      {problems.form ? <ErrorNotice>{problems.form}</ErrorNotice> : null}
      <Field>Subject<input value={subject} maxLength={150} aria-invalid={Boolean(problems.subject)} onChange={(e) => setSubject(e.target.value)} /></Field>
      {problems.subject ? <Problem role="alert">{problems.subject}</Problem> : null}
      <Field>Message<textarea rows={4} maxLength={5000} value={body} aria-invalid={Boolean(problems.body)} onChange={(e) => setBody(e.target.value)} /></Field>
      {problems.body ? <Problem role="alert">{problems.body}</Problem> : null}
      <Actions style={{ marginTop: 0 }}>
        <Button type="submit" disabled={isLoading}>{isLoading ? 'Sending…' : 'Send'}</Button>
        <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>Close</Button>
      </Actions>
    </form>
  );
}

/** The staff's own notes on the order (the customer never sees them): add one, remove one. */
function StaffNotes({ id }: { id: string }) {
  const { data: notes } = adminOrdersApi.useOrderNotesQuery(id);
  const [add, { isLoading: adding }] = adminOrdersApi.useAddOrderNoteMutation();
  const [remove, { isLoading: removing }] = adminOrdersApi.useDeleteOrderNoteMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    setProblem(null);
    if (!text.trim()) { setProblem('Please write a note.'); return; }
    try {
      await add({ id, note: text }).unwrap();
      setText('');
    } catch (err) {
      setProblem(fieldErrors(err).note ?? errorMessage(err));
    }
  };
  return (
    <section aria-label="Staff notes">
      <h3>Staff notes</h3>
      {notes?.length ? (
        <ul style={{ paddingLeft: 18 }}>
          {notes.map((n) => (
            <li key={n.id}>
              {n.text} <small>({new Date(n.at).toLocaleString()}{n.by ? `, ${n.by}` : ''})</small>{' '}
              <Button type="button" $variant="link" disabled={removing} aria-label={`Remove the note: ${n.text}`} onClick={() => void remove({ id, noteId: n.id }).unwrap().catch((err) => setProblem(errorMessage(err)))}>Remove</Button>
            </li>
          ))}
        </ul>
      ) : <p>No notes yet. Only the store's staff see them.</p>}
      <form aria-label="Add a staff note" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Field>Note<textarea rows={2} maxLength={1000} value={text} aria-invalid={Boolean(problem)} onChange={(e) => setText(e.target.value)} /></Field>
        {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
        <Button type="submit" disabled={adding}>{adding ? 'Adding…' : 'Add note'}</Button>
      </form>
    </section>
  );
}

/** What the store can do with part of a line it cannot fill from the shelf. */
const LINE_CHANGES = {
  cancel: { open: 'Cancel…', group: 'Cancel some of', submit: 'Cancel items', ask: 'Its stock goes back and the customer is refunded and told by e-mail (and text, where they get texts).' },
  special: { open: 'Special-order…', group: 'Special-order some of', submit: 'Special-order', ask: 'They are ordered from the supplier; the customer is told by e-mail (and text, where they get texts).' },
} as const;

/**
 * A line the store cannot fill in full: how many to cancel (stock back, the card refunded their share) or to order
 * from the supplier instead, after a question.
 */
function LineChange({ item, change }: { item: AdminOrder['items'][number]; change: keyof typeof LINE_CHANGES }) {
  const words = LINE_CHANGES[change];
  const left = item.quantity - item.cancelled_quantity;
  const [cancel, { isLoading: cancelling }] = adminOrdersApi.useCancelOrderItemMutation();
  const [special, { isLoading: ordering }] = adminOrdersApi.useMakeOrderItemSpecialMutation();
  const [open, setOpen] = useState(false);
  const [qty, setQty] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);
  if (left <= 0 || (change === 'special' && item.special)) return null;
  if (!open) return <Button type="button" $variant="link" aria-label={`${words.group} ${item.title}`} onClick={() => { setOpen(true); setQty(String(left)); }}>{words.open}</Button>;
  const submit = async () => {
    setProblem(null);
    if (!window.confirm(`${words.submit}: ${qty} × ${item.title}? ${words.ask}`)) return;
    try {
      const run = change === 'cancel' ? cancel : special;
      notify('success', (await run({ itemId: item.id, qty: Number(qty) }).unwrap()).message, 5000);
      setOpen(false);
    } catch (error) {
      setProblem(fieldErrors(error).qty ?? errorMessage(error, 'The line could not be changed. Please try again.'));
    }
  };
  return (
    <div role="group" aria-label={`${words.group} ${item.title}`} style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
      <label>How many<input type="number" min={1} max={left} value={qty} onChange={(e) => setQty(e.target.value)} style={{ width: '4.5em', marginLeft: 6 }} /></label>
      <Button type="button" disabled={cancelling || ordering} onClick={() => void submit()}>{words.submit}</Button>
      <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>Keep</Button>
      {problem ? <p role="alert" style={{ flexBasis: '100%', margin: 0 }}>{problem}</p> : null}
    </div>
  );
}

/**
 * /admin/prepare-order?id=: one order as the store prepares it (spec 3 "prepare order"): the lines to pull,
 * who it is for and how it leaves the store, and the next step: take it, mark it ready (the shopper is
 * e-mailed; a delivery may say in how many minutes), complete it, or cancel it with a reason.
 */
export function PrepareOrderPage() {
  const [params] = useSearchParams();
  return <OrderScreen id={params.get('id') ?? ''} title="Prepare Order" />;
}

/**
 * /admin/order-details/{id} (spec 3 "order details"): any order of the store at its own address, completed and
 * cancelled ones too: its lines with what was cancelled, payment, customer, history and staff notes, and whatever
 * can still be done with it (nothing, once completed or cancelled, but notes and e-mailing the customer).
 */
export function OrderDetailsPage() {
  return <OrderScreen id={matchPath('/admin/order-details/:id', useLocation().pathname)?.params.id ?? ''} title="Order Details" />;
}

function OrderScreen({ id, title }: { id: string; title: string }) {
  const { data: order, isLoading, isError, error, refetch } = adminOrdersApi.useAdminOrderQuery(id, { skip: !id });
  const [act, { isLoading: acting }] = adminOrdersApi.useOrderActionMutation();
  const [minutes, setMinutes] = useState('');
  // Who prepared it (markPrepared subAccountId): the store's staff accounts this admin may see (all for the owner
  // and sub-account managers, else their own).
  const { data: staff } = adminSettingsApi.useSubAccountsQuery();
  const [preparedBy, setPreparedBy] = useState('');
  const [reason, setReason] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Changes made elsewhere (another screen, a cancelled line) show here at once.
  useLiveOrders();

  const run = async (action: OrderAction) => {
    setProblem(null);
    if (action === 'cancel' && !reason.trim()) { setProblem('Please give a reason for cancelling.'); return; }
    try {
      const answer = await act({
        action, id, ...(action === 'cancel' ? { reason } : {}), ...(action === 'prepare' && Number(minutes) > 0 ? { deliveryMinutes: Number(minutes) } : {}),
        ...(action === 'prepare' && preparedBy ? { subAccountId: preparedBy } : {}),
      }).unwrap();
      notify('success', answer.message, 5000);
      setCancelling(false);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  if (!id) return <Container><PageTitle>{title}</PageTitle><EmptyState title="No order chosen">Open an order from the <Link to="/admin/orders/list">outstanding orders</Link>.</EmptyState></Container>;
  const notFound = isError && (error as { status?: number }).status === 404;
  return (
    <Container>
      <PageTitle>{order ? `Order ${order.order_number}` : title}</PageTitle>
      <p><Link to="/admin/orders/list">← Orders</Link></p>
      {isLoading ? <Loading label="Loading the order…" /> : null}
      {notFound ? <EmptyState title="This order was not found">It may belong to another store. <Link to="/admin/orders/list">Outstanding orders</Link></EmptyState> : null}
      {isError && !notFound ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the order.</ErrorNotice> : null}
      {order ? (
        <Columns>
          <Card as="section" aria-label="Lines to pull">
            <h2 style={{ marginTop: 0 }}>{order.order_type === 'pickup' ? 'Pickup' : order.order_type === 'delivery' ? 'Local delivery' : 'Shipping'} · {order.status_label}</h2>
            <PickList>
              <thead><tr><th>Qty</th><th>Product</th><th>SKU</th><th>Price</th>{order.actions.includes('cancel') ? <th aria-label="Change the line" /> : null}</tr></thead>
              {/* The pick list by department: a walk down the store's aisles, special orders last. */}
              {pickListGroups(order.items, (order as AdminOrder & { departments?: Record<string, string> }).departments ?? {}).map((group) => (
                <tbody key={group.department} aria-label={group.department}>
                  <tr><th colSpan={order.actions.includes('cancel') ? 5 : 4} scope="colgroup" className="department">{group.department}</th></tr>
                  {group.items.map((item) => (
                    <tr key={item.id}>
                      <td className="qty">{item.quantity - item.cancelled_quantity}</td>
                      <td>{item.title}{item.special ? ' (special order)' : ''}{item.cancelled_quantity ? <div>{item.cancelled_quantity} cancelled</div> : null}</td>
                      <td>{item.sku}</td><td>${item.price}</td>
                      {order.actions.includes('cancel') ? <td><LineChange item={item} change="cancel" /> <LineChange item={item} change="special" /></td> : null}
                    </tr>
                  ))}
                </tbody>
              ))}
            </PickList>
            <p><strong>Total ${order.total}</strong> · {order.payment.label} ({order.payment.status === 'due' ? 'not paid yet' : order.payment.status})</p>
            {order.note ? <p><strong>Note from the customer:</strong> {order.note}</p> : null}
            {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
            {order.actions.length ? (
              <Actions>
                {order.actions.filter((a): a is Exclude<OrderAction, 'cancel'> => a !== 'cancel').map((action) => (
                  <Fragment key={action}>
                    {action === 'prepare' && order.order_type === 'delivery' ? (
                      <Field style={{ marginBottom: 0 }}>Delivery in (minutes, optional)<input type="number" min={1} max={1440} value={minutes} onChange={(e) => setMinutes(e.target.value)} style={{ width: '8em' }} /></Field>
                    ) : null}
                    {action === 'prepare' && staff?.length ? (
                      <Field style={{ marginBottom: 0 }}>Prepared by (optional)
                        <select value={preparedBy} onChange={(e) => setPreparedBy(e.target.value)}>
                          <option value="">Not named</option>
                          {staff.map((s) => <option key={s.slug} value={s.slug}>{`${s.first_name} ${s.last_name}`.trim() || s.email}</option>)}
                        </select>
                      </Field>
                    ) : null}
                    <Button type="button" disabled={acting} onClick={() => void run(action)}>{ACTION_LABELS[action]}</Button>
                  </Fragment>
                ))}
                {order.actions.includes('cancel') && !cancelling ? <Button type="button" $variant="secondary" onClick={() => setCancelling(true)}>Cancel order…</Button> : null}
              </Actions>
            ) : <p>This order is {ORDER_STATUS_LABELS[order.status]?.toLowerCase() ?? order.status}: nothing more to do.</p>}
            {cancelling ? (
              <form aria-label="Cancel the order" onSubmit={(e) => { e.preventDefault(); void run('cancel'); }} style={{ marginTop: 12 }}>
                <Field>Reason (the customer reads it)<textarea rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} /></Field>
                <Actions style={{ marginTop: 0 }}>
                  <Button type="submit" disabled={acting}>Cancel the order</Button>
                  <Button type="button" $variant="secondary" onClick={() => { setCancelling(false); setProblem(null); }}>Keep the order</Button>
                </Actions>
              </form>
            ) : null}
            <PrepareSteps order={order} />
            <DeliveryDate order={order} />
            <MoveOrder order={order} />
            {order.order_type === 'shipping' ? <CreateLabel order={order} /> : null}
            <AssignArAccount order={order} />
            <FraudCheckPanel orderId={order.id} />
          </Card>
          <Card as="section" aria-label="Customer">
            <h2 style={{ marginTop: 0 }}>Customer</h2>
            <Facts>
              <dt>Name</dt><dd>{order.contact.first_name} {order.contact.last_name}</dd>
              <dt>Phone</dt><dd><a href={`tel:${order.contact.telephone}`}>{formatPhone(order.contact.telephone)}</a></dd>
              <dt>E-mail</dt><dd><a href={`mailto:${order.contact.email}`}>{order.contact.email}</a></dd>
              <dt>Placed</dt><dd>{new Date(order.placed_at).toLocaleString()}</dd>
              {order.order_type === 'pickup' ? <><dt>Pickup at</dt><dd>{order.store.name}</dd></> : null}
              {order.address ? <><dt>{order.order_type === 'delivery' ? 'Deliver to' : 'Ship to'}</dt><dd>{addressLine(order.address)}</dd></> : null}
              {order.shipping_service ? <><dt>Service</dt><dd>{order.shipping_service}</dd></> : null}
            </Facts>
            {order.contact.email ? <div style={{ marginTop: 12 }}><EmailCustomer id={order.id} name={order.contact.first_name || 'the customer'} /></div> : null}
            {order.history.length ? (
              <>
                <h3>History</h3>
                <ol aria-label="Order history" style={{ paddingLeft: 18 }}>
                  {order.history.map((h) => <li key={h.at}>{ORDER_STATUS_LABELS[h.status] ?? h.status}, {new Date(h.at).toLocaleString()}{h.by ? ` by ${h.by}` : ''}{h.note ? `: ${h.note}` : ''}</li>)}
                </ol>
              </>
            ) : null}
            <StaffNotes id={order.id} />
          </Card>
        </Columns>
      ) : null}
    </Container>
  );
}
