import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { AdminOrder } from '@platform/contracts';
import { Link } from '@platform/routing';
import { arAccountsApi, errorMessage, notify, useSession } from '@platform/api-client';
import { Button, ErrorNotice, Field, Loading } from '@platform/ui';

const Box = styled.section`
  margin-top: 16px; border-top: 1px solid ${(p) => p.theme.colors.border}; padding-top: 12px;
  h3 { margin: 0 0 8px; }
  ul { list-style: none; padding: 0; margin: 8px 0; display: grid; gap: 6px; }
  label { display: flex; gap: 8px; align-items: baseline; }
  small { color: ${(p) => p.theme.colors.muted}; }
  form.find { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
`;

const CANNOT = new Set(['cancelled', 'awaiting_payment']);

/**
 * 'Assign to AR account' on the order screen (spec 3 order actions; manage_ar_accounts): find an account by number
 * or name (the customer's own account first), then charge the order to it after a question. The server refuses an
 * account on hold or a charge over its credit limit, and the reason is shown here.
 */
export function AssignArAccount({ order }: { order: AdminOrder }) {
  const user = useSession();
  const allowed = user?.data.customer.permissions.includes('manage_ar_accounts') ?? false;
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  if (order.ar_account) {
    return (
      <Box aria-label="AR account">
        <h3>AR account</h3>
        <p>Charged to <Link to={`/admin/settings/ar-accounts?open=${order.ar_account.id}`}>account {order.ar_account.number} ({order.ar_account.name})</Link>.</p>
      </Box>
    );
  }
  if (order.payment.method === 'card' || order.payment.status !== 'due' || CANNOT.has(order.status)) return null;
  return (
    <Box aria-label="AR account">
      {open ? <AccountPicker order={order} onClose={() => setOpen(false)} /> : <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>Assign to AR account</Button>}
    </Box>
  );
}

function AccountPicker({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { data: hits, isLoading, isFetching, isError, refetch } = arAccountsApi.useArAccountSearchQuery({ search, order_id: order.id });
  const [assign, { isLoading: assigning }] = arAccountsApi.useAssignArAccountMutation();
  const find = (event: FormEvent) => { event.preventDefault(); setSearch(draft.trim()); setChosen(null); };
  const account = hits?.find((h) => h.id === chosen);
  const charge = async () => {
    if (!account) return;
    setProblem(null);
    if (!window.confirm(`Charge order ${order.order_number} ($${order.total}) to account ${account.number} (${account.name})? The account will owe it instead of the customer paying at the store.`)) return;
    try {
      notify('success', (await assign({ accountId: account.id, orderId: order.id }).unwrap()).message, 6000);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'The order could not be charged to the account. Please try again.'));
    }
  };
  return (
    <>
      <h3 id="assign-ar-title">Assign to AR account</h3>
      <form className="find" role="search" aria-label="Find an AR account" onSubmit={find}>
        <Field style={{ marginBottom: 0 }}>Account number or name<input type="search" value={draft} maxLength={100} onChange={(e) => setDraft(e.target.value)} /></Field>
        <Button type="submit" $variant="secondary">Find</Button>
      </form>
      {isLoading ? <Loading label="Finding accounts…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the AR accounts.</ErrorNotice> : null}
      {hits && hits.length === 0 ? (
        <p role="status">{search ? `No account matches "${search}".` : <>No AR accounts yet. <Link to="/admin/settings/ar-accounts?open=new">Open one</Link>.</>}</p>
      ) : null}
      {hits && hits.length > 0 ? (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-labelledby="assign-ar-title" aria-busy={isFetching}>
          <ul>
            {hits.map((h) => (
              <li key={h.id}>
                <label>
                  <input type="radio" name="ar-account" value={h.id} checked={chosen === h.id} disabled={h.status === 'on_hold'} onChange={() => setChosen(h.id)} />
                  <span>
                    <strong>{h.number}</strong> {h.name}{h.customer_account ? " · This customer's account" : ''}
                    <small> · owes ${h.balance}, ${h.available} available{h.status === 'on_hold' ? ' · on hold' : ''}</small>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
        <Button type="button" disabled={!account || assigning} onClick={() => void charge()}>{assigning ? 'Charging…' : 'Charge to account'}</Button>
        <Button type="button" $variant="secondary" onClick={onClose}>Cancel</Button>
      </div>
    </>
  );
}
