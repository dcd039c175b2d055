import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { AdminCustomerRow } from '@platform/contracts';
import { addressLine, adminOrderPath, CUSTOMER_DATA_OWNER_ONLY, eraseCustomerQuestion, formatPhone, ORDER_STATUS_LABELS, shortDate } from '@platform/domain';
import { Link, useSearchParams } from '@platform/routing';
import { errorMessage, notify, useSession } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Field, Loading, Modal, PageTitle, PaginationBar } from '@platform/ui';
import { customersApi, downloadCustomerData, downloadCustomersExcel } from './customers-api';
import { DetailPanel as Panel, Facts, ListTable as Table, panelNotReady } from '../layout/list-parts';
import { AccountSettingsPanel } from './account-settings-form';
import { SubscribersList } from './subscribers-list';

const Filters = styled.form`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 0 12px; align-items: end; margin-bottom: 8px;
  .buttons { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 14px; }
`;
const Summary = styled.p`display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center;`;
/** The two lists of the page, as tabs that are links (the list lives in the address). */
const Views = styled.nav`
  display: flex; flex-wrap: wrap; gap: 4px 16px; margin-bottom: 12px; border-bottom: 1px solid ${(p) => p.theme.colors.border};
  a { padding: 8px 2px; text-decoration: none; }
  a[aria-current='page'] { font-weight: 700; border-bottom: 3px solid currentColor; }
`;

const fullName = (c: Pick<AdminCustomerRow, 'first_name' | 'last_name' | 'email'>) => `${c.first_name} ${c.last_name}`.trim() || c.email;
const phoneLabel = (phone: string) => (phone ? formatPhone(phone) : '');
const dayLabel = (iso: string) => shortDate(new Date(iso));
const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString()} ${many}`);

const Privacy = styled.div`
  margin-top: 20px; padding-top: 12px; border-top: 1px solid ${(p) => p.theme.colors.border};
  .buttons { display: flex; flex-wrap: wrap; gap: 8px; }
`;

/**
 * The store owner's privacy actions on one customer (GDPR-style): their personal data as a JSON file, and deleting
 * it after a confirmation that names what goes and what stays. A sub-account (the session's is_sub_account) is told
 * it is the owner's instead of offered what the server would refuse.
 */
function CustomerPrivacy({ id, name, onDeleted }: { id: string; name: string; onDeleted: (message: string) => void }) {
  const subAccount = useSession()?.data.customer.is_sub_account === true;
  const [exporting, setExporting] = useState(false);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState('');
  const [erase, { isLoading: erasing }] = customersApi.useEraseCustomerMutation();
  const exportData = async () => {
    setExporting(true);
    const refused = await downloadCustomerData(id).catch(() => "The customer's data could not be exported.");
    setExporting(false);
    if (refused) notify('error', refused, 6000);
  };
  const confirm = async () => {
    try {
      const answer = await erase(id).unwrap();
      setAsking(false);
      onDeleted(answer.message);
    } catch (error) {
      setProblem(errorMessage(error, "The customer's data could not be deleted. Please try again."));
    }
  };
  return (
    <Privacy>
      <h3 id="customer-privacy">Personal data</h3>
      <p>At the customer's request, download everything the store holds about them, or delete it. Only the store owner can do this.</p>
      {subAccount ? <p role="note">{CUSTOMER_DATA_OWNER_ONLY}</p> : <div className="buttons">
        <Button type="button" $variant="secondary" disabled={exporting} onClick={() => void exportData()}>{exporting ? 'Exporting…' : 'Export their data'}</Button>
        <Button type="button" $variant="secondary" onClick={() => { setProblem(''); setAsking(true); }}>Delete their data…</Button>
      </div>}
      <Modal open={asking} onClose={() => setAsking(false)} labelledBy="erase-title">
        <h2 id="erase-title" style={{ marginTop: 0 }}>Delete personal data</h2>
        <p>{eraseCustomerQuestion(name)}</p>
        {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <Button type="button" disabled={erasing} onClick={() => void confirm()}>{erasing ? 'Deleting…' : 'Delete personal data'}</Button>
          <Button type="button" $variant="secondary" onClick={() => setAsking(false)}>Keep the customer</Button>
        </div>
      </Modal>
    </Privacy>
  );
}

/** One customer opened from the list: details, consent, their orders (each opens on the prepare screen), the addresses those went to and saved cards (brand and last 4). */
function CustomerPanel({ id, onClose, onDeleted }: { id: string; onClose: () => void; onDeleted: (message: string) => void }) {
  const [ordersPage, setOrdersPage] = useState(1);
  useEffect(() => setOrdersPage(1), [id]);
  const { data, isLoading, isFetching, isError, error, refetch } = customersApi.useCustomerQuery({ id, page: ordersPage });
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(data);
  // Another customer opened: the keyboard goes to them.
  useEffect(() => { if (loaded) heading.current?.focus(); }, [id, loaded]);

  const notReady = panelNotReady({ label: 'Customer', what: 'customer', isLoading, failed: isError || !data, error, refetch, onClose });
  if (notReady || !data) return notReady;
  const { customer: c, orders, cards, addresses } = data;
  return (
    <Panel as="section" aria-labelledby="customer-title">
      <div className="head">
        <h2 id="customer-title" ref={heading} tabIndex={-1}>{fullName(c)}</h2>
        <Button type="button" $variant="secondary" onClick={onClose}>Close</Button>
      </div>
      <Facts>
        <dt>E-mail</dt><dd><a href={`mailto:${c.email}`}>{c.email}</a></dd>
        <dt>Phone</dt><dd>{c.telephone ? <a href={`tel:${c.telephone}`}>{phoneLabel(c.telephone)}</a> : 'None given'}</dd>
        <dt>Signed up</dt><dd>{dayLabel(c.created_at)}</dd>
        <dt>Last signed in</dt><dd>{c.last_sign_in_at ? dayLabel(c.last_sign_in_at) : 'Not yet'}</dd>
        <dt>Marketing e-mails</dt><dd>{c.receive_marketing ? 'Agreed' : 'Not agreed'}</dd>
        <dt>Order texts</dt><dd>{c.receive_sms ? 'On' : 'Off'}</dd>
      </Facts>
      <h3 id="customer-orders">Orders{orders.total ? ` (${orders.total.toLocaleString()})` : ''}</h3>
      {orders.total ? (
        <>
          <ul aria-labelledby="customer-orders">
            {orders.data.map((o) => (
              <li key={o.id}>
                <Link to={adminOrderPath(o)} aria-label={`Order ${o.order_number}`}>{o.order_number}</Link>
                {` · ${dayLabel(o.placed_at)} · ${ORDER_STATUS_LABELS[o.status] ?? o.status} · ${plural(o.item_count, 'item', 'items')} · $${o.total}`}
              </li>
            ))}
          </ul>
          {isFetching ? <p aria-live="polite">Updating…</p> : null}
          <PaginationBar page={ordersPage} lastPage={orders.last_page} onPage={setOrdersPage} />
        </>
      ) : <p>No orders placed while signed in.</p>}
      <h3 id="customer-addresses">Saved addresses</h3>
      {addresses.length ? (
        <ul aria-labelledby="customer-addresses">{addresses.map((a) => <li key={addressLine(a)}>{addressLine(a)}</li>)}</ul>
      ) : <p>No saved addresses</p>}
      <h3 id="customer-cards">Saved cards</h3>
      {cards.length ? (
        <ul aria-labelledby="customer-cards">{cards.map((card, i) => <li key={`${card.brand}-${card.last4}-${i}`}>{card.brand} ending in {card.last4}</li>)}</ul>
      ) : <p>None saved.</p>}
      <CustomerPrivacy id={c.id} name={fullName(c)} onDeleted={onDeleted} />
    </Panel>
  );
}

/**
 * Customers (spec 3 §7 Customers): the store's shopper accounts (or, under Subscribers, who marketing e-mails may go
 * to), newest first, 10 a page, found by name, e-mail or phone; how many there are and how many agreed to marketing
 * e-mails; the accounts (or the search's matches) as an Excel workbook. A row opens the customer above the list;
 * Account settings opens the store's sign-up and sign-in settings. The list, search, page, the open customer and the
 * open settings live in the address.
 */
export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const open = params.get('open');
  const settingsOpen = params.get('settings') === '1';
  const view = params.get('view') === 'subscribers' ? 'subscribers' : 'accounts';
  const [draft, setDraft] = useState(search);
  const [shownFor, setShownFor] = useState(search);
  if (shownFor !== search) { setShownFor(search); setDraft(search); }

  const { data, isLoading, isFetching, isError, refetch } = customersApi.useCustomersQuery({ page, search: search || undefined }, { skip: view !== 'accounts' });
  const { data: totals, refetch: refetchTotals } = customersApi.useCustomerTotalsQuery();
  const queryWith = (next: { search?: string; page?: number; open?: string | null; settings?: boolean; view?: 'accounts' | 'subscribers' }) => {
    const merged = { search, page, open, settings: settingsOpen, view, ...next };
    return Object.fromEntries(Object.entries({
      view: merged.view === 'subscribers' ? 'subscribers' : '', search: merged.search, page: merged.page > 1 ? String(merged.page) : '', open: merged.open ?? '', settings: merged.settings ? '1' : '',
    }).filter(([, v]) => v)) as Record<string, string>;
  };
  const viewLink = (to: 'accounts' | 'subscribers') => `/admin/customers?${new URLSearchParams(queryWith({ view: to, page: 1 })).toString()}`;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(queryWith({ search: draft.trim(), page: 1, open: null }));
  };
  const clear = () => { setDraft(''); setParams(queryWith({ search: '', page: 1, open: null })); };
  const rowLink = (id: string) => `/admin/customers?${new URLSearchParams(queryWith({ open: id })).toString()}`;

  const [exporting, setExporting] = useState(false);
  const exportExcel = async () => {
    setExporting(true);
    const refused = await downloadCustomersExcel(search || undefined).catch(() => 'The customers could not be exported.');
    setExporting(false);
    if (refused) notify('error', refused, 6000);
  };

  return (
    <Container>
      <PageTitle>Customers</PageTitle>
      <p>
        <Button type="button" $variant="secondary" aria-expanded={settingsOpen} onClick={() => setParams(queryWith({ settings: !settingsOpen }))}>Account settings</Button>
      </p>
      {settingsOpen ? <AccountSettingsPanel onClose={() => setParams(queryWith({ settings: false }))} /> : null}
      {totals ? (
        <Summary>
          <span>{plural(totals.total, 'customer account', 'customer accounts')}</span>
          <span>{plural(totals.marketing, 'agreed to marketing e-mails', 'agreed to marketing e-mails')}</span>
        </Summary>
      ) : null}
      <Views aria-label="Customer lists">
        <Link to={viewLink('accounts')} aria-current={view === 'accounts' ? 'page' : undefined}>Customer accounts</Link>
        <Link to={viewLink('subscribers')} aria-current={view === 'subscribers' ? 'page' : undefined}>Subscribers</Link>
      </Views>
      <Filters role="search" aria-label="Find customers" onSubmit={apply}>
        <Field>Search<input type="search" value={draft} maxLength={100} placeholder="Name, e-mail or phone" onChange={(e) => setDraft(e.target.value)} /></Field>
        <div className="buttons">
          <Button type="submit">Find customers</Button>
          {search ? <Button type="button" $variant="secondary" onClick={clear}>Clear search</Button> : null}
          {view === 'accounts' ? (
            <Button type="button" $variant="secondary" disabled={exporting} onClick={() => void exportExcel()}>{exporting ? 'Exporting…' : search ? 'Export matches to Excel' : 'Export to Excel'}</Button>
          ) : null}
        </div>
      </Filters>
      {open ? (
        <CustomerPanel id={open} onClose={() => setParams(queryWith({ open: null }))}
          onDeleted={(message) => { notify('success', message, 6000); setParams(queryWith({ open: null })); void refetch(); void refetchTotals(); }} />
      ) : null}
      {view === 'subscribers' ? <SubscribersList page={page} search={search} open={open} rowLink={rowLink} onPage={(next) => setParams(queryWith({ page: next }))} /> : null}
      {view === 'accounts' && isLoading ? <Loading label="Loading customers…" /> : null}
      {view === 'accounts' && isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the customers.</ErrorNotice> : null}
      {view === 'accounts' && data && data.total === 0 ? (
        search ? <EmptyState title="No customers match">Search by whole words of the name, an e-mail or a phone number, or clear the search.</EmptyState>
          : <EmptyState title="No customer accounts yet">Shoppers who register on your online store will appear here.</EmptyState>
      ) : null}
      {view === 'accounts' && data && data.total > 0 ? (
        <>
          <p aria-live="polite">{search ? plural(data.total, 'customer matches', 'customers match') : plural(data.total, 'customer', 'customers')}{isFetching ? ' (updating…)' : ''}</p>
          <Table aria-label="Customers">
            <thead><tr><th>Name</th><th>E-mail</th><th className="wide">Phone</th><th className="wide">Signed up</th><th>Marketing</th></tr></thead>
            <tbody>
              {data.data.map((c) => (
                <tr key={c.id} aria-current={c.id === open ? 'true' : undefined}>
                  <td><Link to={rowLink(c.id)}>{fullName(c)}</Link></td>
                  <td><small>{c.email}</small></td>
                  <td className="wide">{phoneLabel(c.telephone)}</td>
                  <td className="wide"><time dateTime={c.created_at}>{dayLabel(c.created_at)}</time></td>
                  <td>{c.receive_marketing ? 'Yes' : 'No'}</td>
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
