import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { AdminCustomerPage, ArAccount } from '@platform/contracts';
import { arAccountFromInput, arPaymentProblem, formatPhone, parseAmountCents, shortDate, toCents, type ArAccountInput } from '@platform/domain';
import { Link, useSearchParams } from '@platform/routing';
import { arAccountsApi, errorMessage, fieldErrors, notify, platformApi } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Field, focusFirstInvalid, Loading, PageTitle } from '@platform/ui';
import { DetailPanel as Panel, Facts, ListTable as Table } from '../layout/list-parts';

const Form = styled.form`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 0 12px; align-items: start;
  .problem { margin: -8px 0 10px; color: ${(p) => p.theme.colors.danger}; }
  .wide-row { grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
`;
const Owed = styled.p`font-size: 1.1rem; strong { font-size: 1.3rem; }`;
const Status = styled.span<{ $hold: boolean }>`
  display: inline-block; padding: 2px 8px; border-radius: 10px; font-size: 0.85rem; font-weight: 600;
  background: ${(p) => (p.$hold ? '#fff4d6' : p.theme.colors.page)}; color: ${(p) => (p.$hold ? '#4d3800' : 'inherit')}; border: 1px solid ${(p) => p.theme.colors.border};
`;

const BASE = '/admin/settings/ar-accounts';
const EMPTY: ArAccountInput = { number: '', name: '', contact_name: '', contact_email: '', contact_phone: '', credit_limit: '', status: 'active' };
const dayLabel = (iso: string) => shortDate(new Date(iso));
const money = (amount: string) => `$${amount}`;
const problemOf = (problems: Record<string, string>, key: string) => (problems[key] ? <p className="problem" role="alert">{problems[key]}</p> : null);
/** A refused save: its field problems, or one message for the form. */
const refusal = (error: unknown) => {
  const fields = fieldErrors(error);
  return Object.keys(fields).length ? fields : { form: errorMessage(error, 'That did not work. Please try again.') };
};

/** The account's number, name, contact and credit limit; checked here by the same rules as the server, which has the last word. */
function AccountForm({ initial, submitLabel, saving, onSubmit, onCancel }: {
  initial: ArAccountInput; submitLabel: string; saving: boolean; onSubmit: (values: ArAccountInput) => Promise<Record<string, string> | null>; onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = (key: keyof ArAccountInput) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: e.target.value });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = arAccountFromInput(values);
    const found = checked.ok ? (await onSubmit(values)) ?? {} : checked.problems;
    setProblems(found);
    focusFirstInvalid(form);
  };
  const invalid = (key: string) => (problems[key] ? { 'aria-invalid': true } : {});
  return (
    <Form onSubmit={(e) => void submit(e)} noValidate aria-label={submitLabel}>
      <div><Field>Account number<input name="number" autoComplete="off" maxLength={20} value={values.number} {...invalid('number')} onChange={set('number')} /></Field>{problemOf(problems, 'number')}</div>
      <div><Field>Account name<input name="name" autoComplete="off" maxLength={100} value={values.name} {...invalid('name')} onChange={set('name')} /></Field>{problemOf(problems, 'name')}</div>
      <div><Field>Credit limit ($)<input name="credit_limit" inputMode="decimal" autoComplete="off" placeholder="2500.00" value={values.credit_limit} {...invalid('credit_limit')} onChange={set('credit_limit')} /></Field>{problemOf(problems, 'credit_limit')}</div>
      <div><Field>Contact name (optional)<input name="contact_name" autoComplete="off" maxLength={100} value={values.contact_name} {...invalid('contact_name')} onChange={set('contact_name')} /></Field>{problemOf(problems, 'contact_name')}</div>
      <div><Field>Contact e-mail (optional)<input type="email" name="contact_email" autoComplete="off" value={values.contact_email} {...invalid('contact_email')} onChange={set('contact_email')} /></Field>{problemOf(problems, 'contact_email')}</div>
      <div><Field>Contact phone (optional)<input type="tel" name="contact_phone" autoComplete="off" value={values.contact_phone} {...invalid('contact_phone')} onChange={set('contact_phone')} /></Field>{problemOf(problems, 'contact_phone')}</div>
      {problems.form ? <div className="wide-row"><ErrorNotice>{problems.form}</ErrorNotice></div> : null}
      <div className="wide-row">
        <Button type="submit" disabled={saving}>{saving ? 'Saving…' : submitLabel}</Button>
        {onCancel ? <Button type="button" $variant="secondary" onClick={onCancel}>Cancel</Button> : null}
      </div>
    </Form>
  );
}

const inputOf = (a: ArAccount): ArAccountInput => ({
  number: a.number, name: a.name, contact_name: a.contact_name, contact_email: a.contact_email, contact_phone: a.contact_phone ? formatPhone(a.contact_phone) : '', credit_limit: a.credit_limit, status: a.status,
});

function NewAccount({ onDone }: { onDone: (id: string | null) => void }) {
  const [create, { isLoading }] = arAccountsApi.useCreateArAccountMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Panel as="section" aria-labelledby="new-account-title">
      <h2 id="new-account-title" ref={heading} tabIndex={-1}>New AR account</h2>
      <AccountForm initial={EMPTY} submitLabel="Create account" saving={isLoading} onCancel={() => onDone(null)} onSubmit={async (values) => {
        try {
          const answer = await create(values).unwrap();
          notify('success', answer.message);
          onDone(answer.data.id);
          return null;
        } catch (error) { return refusal(error); }
      }} />
    </Panel>
  );
}

/** The store's shoppers found by name, e-mail or phone (GET admin/customers, as the Customers screen asks), to put one on an account. */
const customerSearchApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    arCustomerSearch: build.query<AdminCustomerPage, string>({ query: (search) => ({ url: 'admin/customers', params: { page: 1, limit: 10, search } }) }),
  }),
});

/** Add a customer: find them, then put them on the account (their orders can then be charged to it; the server refuses one on another account). */
function AddCustomer({ account }: { account: ArAccount }) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { data: found, isFetching } = customerSearchApi.useArCustomerSearchQuery(search, { skip: !search });
  const [assign, { isLoading }] = arAccountsApi.useAssignArAccountMutation();
  const onAccount = new Set(account.customers.map((c) => c.id));
  const find = (event: FormEvent) => { event.preventDefault(); setProblem(null); setSearch(draft.trim()); };
  const add = async (customerId: string) => {
    setProblem(null);
    try {
      notify('success', (await assign({ accountId: account.id, customerId }).unwrap()).message, 5000);
      setSearch(''); setDraft('');
    } catch (error) { setProblem(errorMessage(error, 'The customer could not be added. Please try again.')); }
  };
  return (
    <>
      <Form role="search" aria-label="Find a customer to add" onSubmit={find}>
        <div><Field>Customer name, e-mail or phone<input type="search" maxLength={100} value={draft} onChange={(e) => setDraft(e.target.value)} /></Field></div>
        <div className="wide-row"><Button type="submit" $variant="secondary">Find customers</Button></div>
      </Form>
      {isFetching ? <Loading label="Finding customers…" /> : null}
      {search && found && found.data.length === 0 ? <p role="status">No customer matches &ldquo;{search}&rdquo;.</p> : null}
      {search && found && found.data.length > 0 ? (
        <ul aria-label="Customers found">
          {found.data.map((c) => (
            <li key={c.id}>
              {`${c.first_name} ${c.last_name}`.trim() || c.email} · {c.email}{' '}
              {onAccount.has(c.id) ? <em>on this account</em> : (
                <Button type="button" $variant="link" disabled={isLoading} aria-label={`Add ${`${c.first_name} ${c.last_name}`.trim() || c.email} to the account`} onClick={() => void add(c.id)}>Add</Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
    </>
  );
}

/** Record a payment the account made: no more than it owes. */
function RecordPayment({ account }: { account: ArAccount }) {
  const [record, { isLoading }] = arAccountsApi.useRecordArPaymentMutation();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const owed = toCents(account.balance);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = arPaymentProblem(parseAmountCents(amount), owed);
    if (local) { setProblem(local); return; }
    try {
      notify('success', (await record({ id: account.id, amount, note }).unwrap()).message, 5000);
      setAmount(''); setNote(''); setProblem(null);
    } catch (error) { setProblem(fieldErrors(error).amount ?? errorMessage(error)); }
  };
  if (owed <= 0) return <p>The account owes nothing: there is no payment to record.</p>;
  return (
    <Form onSubmit={(e) => void submit(e)} noValidate aria-label="Record a payment">
      <div><Field>Amount paid ($)<input inputMode="decimal" autoComplete="off" placeholder={account.balance} value={amount} aria-invalid={Boolean(problem)} onChange={(e) => setAmount(e.target.value)} /></Field>{problem ? <p className="problem" role="alert">{problem}</p> : null}</div>
      <div><Field>Note (optional)<input autoComplete="off" maxLength={500} placeholder="Cheque number, how it was paid" value={note} onChange={(e) => setNote(e.target.value)} /></Field></div>
      <div className="wide-row"><Button type="submit" disabled={isLoading}>{isLoading ? 'Recording…' : 'Record payment'}</Button></div>
    </Form>
  );
}

/** One account: what it owes, on hold or not, its details, payments, the orders charged to it and its customers. */
function AccountPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { data: account, isLoading, isError, error, refetch } = arAccountsApi.useArAccountQuery(id);
  const [update, { isLoading: saving }] = arAccountsApi.useUpdateArAccountMutation();
  const [remove, { isLoading: deleting }] = arAccountsApi.useDeleteArAccountMutation();
  const [removeCustomer, { isLoading: removing }] = arAccountsApi.useRemoveArCustomerMutation();
  const [editing, setEditing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(account);
  useEffect(() => { if (loaded) heading.current?.focus(); }, [id, loaded]);
  useEffect(() => setEditing(false), [id]);

  if (isLoading) return <Panel as="section" aria-label="AR account"><Loading label="Loading the account…" /></Panel>;
  if (isError || !account) {
    const notFound = (error as { status?: number } | undefined)?.status === 404;
    return (
      <Panel as="section" aria-label="AR account">
        <ErrorNotice action={<>{notFound ? null : <Button onClick={() => void refetch()}>Try again</Button>} <Button $variant="secondary" onClick={onClose}>Close</Button></>}>
          {notFound ? errorMessage(error) : 'We could not load the account.'}
        </ErrorNotice>
      </Panel>
    );
  }
  const hold = account.status === 'on_hold';
  const toggleHold = async () => {
    if (!hold && !window.confirm(`Put account ${account.number} on hold? No new orders or customers can be charged to it until it is active again.`)) return;
    try {
      notify('success', (await update({ id, ...inputOf(account), status: hold ? 'active' : 'on_hold' }).unwrap()).message, 5000);
    } catch (err) { notify('error', errorMessage(err), 6000); }
  };
  const deleteAccount = async () => {
    if (!window.confirm(`Delete account ${account.number} (${account.name})?`)) return;
    try {
      notify('success', (await remove(id).unwrap()).message);
      onClose();
    } catch (err) { notify('error', errorMessage(err), 6000); }
  };
  const takeOff = async (customer: ArAccount['customers'][number]) => {
    if (!window.confirm(`Take ${customer.name} off account ${account.number}? Orders already charged stay charged.`)) return;
    try {
      notify('success', (await removeCustomer({ id, customer_id: customer.id }).unwrap()).message);
    } catch (err) { notify('error', errorMessage(err), 6000); }
  };
  return (
    <Panel as="section" aria-labelledby="account-title">
      <div className="head">
        <h2 id="account-title" ref={heading} tabIndex={-1}>{account.number} · {account.name} <Status $hold={hold}>{account.status_label}</Status></h2>
        <Button type="button" $variant="secondary" onClick={onClose}>Close</Button>
      </div>
      <Owed>Owes <strong>{money(account.balance)}</strong> of a {money(account.credit_limit)} limit · {money(account.available)} available</Owed>
      {hold ? <p role="note">On hold: no new orders or customers can be charged to this account.</p> : null}
      {editing ? (
        <AccountForm key={account.id} initial={inputOf(account)} submitLabel="Save changes" saving={saving} onCancel={() => setEditing(false)} onSubmit={async (values) => {
          try {
            notify('success', (await update({ id, ...values, status: account.status }).unwrap()).message);
            setEditing(false);
            return null;
          } catch (err) { return refusal(err); }
        }} />
      ) : (
        <>
          <Facts>
            <dt>Contact</dt><dd>{account.contact_name || 'None given'}</dd>
            <dt>E-mail</dt><dd>{account.contact_email ? <a href={`mailto:${account.contact_email}`}>{account.contact_email}</a> : 'None given'}</dd>
            <dt>Phone</dt><dd>{account.contact_phone ? <a href={`tel:${account.contact_phone}`}>{formatPhone(account.contact_phone)}</a> : 'None given'}</dd>
          </Facts>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 12 }}>
            <Button type="button" $variant="secondary" onClick={() => setEditing(true)}>Edit details</Button>
            <Button type="button" $variant="secondary" disabled={saving} onClick={() => void toggleHold()}>{hold ? 'Make active' : 'Put on hold'}</Button>
            {account.charge_count === 0 && account.payments.length === 0
              ? <Button type="button" $variant="secondary" disabled={deleting} onClick={() => void deleteAccount()}>Delete account</Button> : null}
          </div>
        </>
      )}
      <h3>Record a payment</h3>
      <RecordPayment account={account} />
      <h3 id="account-charges">Orders charged ({account.charge_count})</h3>
      {account.charges.length ? (
        <ul aria-labelledby="account-charges">
          {account.charges.map((c) => (
            <li key={c.order_id}>
              <Link to={`/admin/prepare-order?id=${c.order_id}`} aria-label={`Order ${c.order_number}`}>Order {c.order_number}</Link>
              {` · ${money(c.amount)} · ${dayLabel(c.charged_at)}${c.by ? ` by ${c.by}` : ''}${c.amount === '0.00' ? ' (cancelled)' : ''}`}
            </li>
          ))}
        </ul>
      ) : <p>No orders charged yet. Charge one from its order screen: Assign to AR account.</p>}
      <h3 id="account-payments">Payments</h3>
      {account.payments.length ? (
        <ul aria-labelledby="account-payments">
          {account.payments.map((p) => <li key={p.id}>{money(p.amount)} · {dayLabel(p.paid_at)}{p.by ? ` by ${p.by}` : ''}{p.note ? ` · ${p.note}` : ''}</li>)}
        </ul>
      ) : <p>No payments recorded yet.</p>}
      <h3 id="account-customers">Customers</h3>
      {account.customers.length ? (
        <ul aria-labelledby="account-customers">
          {account.customers.map((c) => (
            <li key={c.id}>
              <Link to={`/admin/customers?open=${encodeURIComponent(c.id)}`}>{c.name}</Link> · {c.email}{' '}
              <Button type="button" $variant="link" disabled={removing} aria-label={`Take ${c.name} off the account`} onClick={() => void takeOff(c)}>Remove</Button>
            </li>
          ))}
        </ul>
      ) : <p>No customers on this account yet. Any order paid at the store can still be charged to it from its order screen.</p>}
      {hold ? null : <AddCustomer account={account} />}
    </Panel>
  );
}

/**
 * Settings › AR Accounts (spec 3 settings ar-accounts, manage_ar_accounts): the store's charge accounts with their
 * balance, limit and status; a row opens the account (payments, orders charged, customers, on hold). The open
 * account ('new' for the form) lives in the address.
 */
export function ArAccountsPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get('open');
  const { data: accounts, isLoading, isError, refetch } = arAccountsApi.useArAccountsQuery();
  const openAccount = (id: string | null) => setParams(id ? { open: id } : {});
  return (
    <Container>
      <PageTitle>AR Accounts</PageTitle>
      <p>Charge accounts for business customers. An order charged to an account is owed by the account, up to its credit limit, instead of being paid at the store.</p>
      {open !== 'new' ? <p><Button type="button" onClick={() => openAccount('new')}>New account</Button></p> : null}
      {open === 'new' ? <NewAccount onDone={openAccount} /> : open ? <AccountPanel id={open} onClose={() => openAccount(null)} /> : null}
      {isLoading ? <Loading label="Loading AR accounts…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the AR accounts.</ErrorNotice> : null}
      {accounts && accounts.length === 0 ? <EmptyState title="No AR accounts yet">Open one for each business that buys on account: a contractor, a school, a farm.</EmptyState> : null}
      {accounts && accounts.length > 0 ? (
        <Table aria-label="AR accounts">
          <thead><tr><th>Number</th><th>Name</th><th>Owes</th><th className="wide">Credit limit</th><th className="wide">Available</th><th>Status</th></tr></thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id} aria-current={a.id === open ? 'true' : undefined}>
                <td><Link to={`${BASE}?open=${a.id}`}>{a.number}</Link></td>
                <td>{a.name}{a.contact_name ? <small>{a.contact_name}</small> : null}</td>
                <td>{money(a.balance)}</td>
                <td className="wide">{money(a.credit_limit)}</td>
                <td className="wide">{money(a.available)}</td>
                <td><Status $hold={a.status === 'on_hold'}>{a.status_label}</Status></td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </Container>
  );
}
