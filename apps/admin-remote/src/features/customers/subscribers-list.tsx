import type { AdminCustomerRow } from '@platform/contracts';
import { shortDate } from '@platform/domain';
import { Link } from '@platform/routing';
import { Button, EmptyState, ErrorNotice, Loading, PaginationBar } from '@platform/ui';
import { customersApi } from './customers-api';
import { ListTable as Table } from '../layout/list-parts';

const dayLabel = (iso: string) => shortDate(new Date(iso));
const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString()} ${many}`);
const newsletter = (c: AdminCustomerRow) => c.source === 'newsletter';

/** Where a subscriber stands: an account holder who agreed to marketing e-mails, or a footer sign-up, subscribed or since when not. */
function subscriptionState(c: AdminCustomerRow): string {
  if (newsletter(c) && c.unsubscribed_at) return `Unsubscribed ${dayLabel(c.unsubscribed_at)}`;
  return 'Subscribed';
}

/**
 * Customers › Subscribers (spec 3 §7 Customers, GET subscribers, 10 a page): who the store's marketing e-mails may go
 * to: customers who agreed to them (each opens as in the accounts list) and the footer's newsletter sign-ups, with
 * those who unsubscribed and when. The page's search finds them by name words or e-mail.
 */
export function SubscribersList({ page, search, rowLink, open, onPage }: {
  page: number; search: string; rowLink: (id: string) => string; open: string | null; onPage: (page: number) => void;
}) {
  const { data, isLoading, isFetching, isError, refetch } = customersApi.useSubscribersQuery({ page, search: search || undefined });
  if (isLoading) return <Loading label="Loading subscribers…" />;
  if (isError || !data) return <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the subscribers.</ErrorNotice>;
  if (data.total === 0) {
    return search
      ? <EmptyState title="No subscribers match">Search by whole words of the name or a whole e-mail address, or clear the search.</EmptyState>
      : <EmptyState title="No subscribers yet">Customers who agree to marketing e-mails, and visitors who sign up for the newsletter in your store&rsquo;s footer, will appear here.</EmptyState>;
  }
  return (
    <>
      <p aria-live="polite">{search ? count(data.total, 'subscriber matches', 'subscribers match') : count(data.total, 'subscriber', 'subscribers')}{isFetching ? ' (updating…)' : ''}</p>
      <Table aria-label="Subscribers">
        <thead><tr><th>Name</th><th>E-mail</th><th className="wide">Since</th><th className="wide">From</th><th>State</th></tr></thead>
        <tbody>
          {data.data.map((c) => (
            <tr key={`${c.source ?? 'account'}-${c.id}`} aria-current={!newsletter(c) && c.id === open ? 'true' : undefined}>
              <td>{newsletter(c) ? <small>Newsletter sign-up</small> : <Link to={rowLink(c.id)}>{`${c.first_name} ${c.last_name}`.trim() || c.email}</Link>}</td>
              <td><small>{c.email}</small></td>
              <td className="wide"><time dateTime={c.created_at}>{dayLabel(c.created_at)}</time></td>
              <td className="wide">{newsletter(c) ? 'Newsletter (footer)' : 'Customer account'}</td>
              <td>{subscriptionState(c)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <PaginationBar page={page} lastPage={data.last_page} onPage={onPage} />
    </>
  );
}
