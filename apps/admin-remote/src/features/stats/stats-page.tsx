import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { runDayLabel } from '@platform/domain';
import { useSearchParams } from '@platform/routing';
import { errorMessage, inStorePingApi, storefrontApi } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Field, Loading, PageTitle } from '@platform/ui';
import { ListTable } from '../layout/list-parts';

const Filters = styled.form`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 0 12px; align-items: end; margin-bottom: 8px;
  .buttons { margin-bottom: 14px; }
`;
const Table = styled(ListTable)`td.count, th.count { text-align: right; white-space: nowrap; }`;
const FILTER_KEYS = ['store_id', 'from', 'to'] as const;
const dayLabel = (day: string) => runDayLabel(day, { year: true });

/**
 * Stats (spec 3 /admin/stats, GET admin/stats/inStorePingItems): which items shoppers asked a store to check
 * ('Ask the store to check' on the product page), most asked first, with how many still wait and the stock now.
 * The store and the days (UTC) live in the address; a staff account bound to a location sees its own.
 */
export function StatsPage() {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof FILTER_KEYS)[number], string>;
  const [draft, setDraft] = useState(applied);
  const [shownFor, setShownFor] = useState(params.toString());
  if (shownFor !== params.toString()) { setShownFor(params.toString()); setDraft(applied); }
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const locations = business?.about_us.locations ?? [];
  const { data, isLoading, isFetching, isError, error, refetch } = inStorePingApi.useInStorePingItemsQuery({
    store_id: applied.store_id ? Number(applied.store_id) : undefined, from_date: applied.from || undefined, to_date: applied.to || undefined,
  });
  const status = (error as { status?: number } | undefined)?.status;
  const refused = isError && (status === 422 || status === 403 || status === 404) ? errorMessage(error) : null;
  // The range and store the server answered for fill the form's empty fields, once.
  const answered = data ? `${data.store_id}|${data.from_date}|${data.to_date}` : '';
  const [filledFor, setFilledFor] = useState('');
  if (answered && filledFor !== answered) {
    setFilledFor(answered);
    setDraft({ store_id: draft.store_id || String(data!.store_id), from: draft.from || data!.from_date, to: draft.to || data!.to_date });
  }
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)));
  };
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  const storeName = (id: number) => locations.find((l) => l.id === id)?.name ?? `Store ${id}`;
  const range = data ? (data.from_date === data.to_date ? dayLabel(data.from_date) : `${dayLabel(data.from_date)} to ${dayLabel(data.to_date)}`) : '';

  return (
    <Container>
      <PageTitle>Stats</PageTitle>
      <h2 id="pings-title">In-store pings</h2>
      <p>Items shoppers asked a store to check because they show as out of stock online. Each shopper is told once when the item is in stock there.</p>
      <Filters role="search" aria-label="Choose store and days" onSubmit={apply}>
        {locations.length > 1 ? (
          <Field>Store<select value={draft.store_id} onChange={set('store_id')}>
            {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </select></Field>
        ) : null}
        <Field>From<input type="date" value={draft.from} max={draft.to || undefined} onChange={set('from')} /></Field>
        <Field>To<input type="date" value={draft.to} min={draft.from || undefined} onChange={set('to')} /></Field>
        <div className="buttons"><Button type="submit">Show</Button></div>
      </Filters>
      {isLoading ? <Loading label="Loading the pings…" /> : null}
      {refused ? <ErrorNotice>{refused}</ErrorNotice> : null}
      {isError && !refused ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the in-store pings.</ErrorNotice> : null}
      {data && !data.data.length ? <EmptyState title="No pings on these days">{range} at {storeName(data.store_id)}: nobody asked the store to check an item.</EmptyState> : null}
      {data && data.data.length ? (
        <>
          <p aria-live="polite">{range} at {storeName(data.store_id)}: {data.total_pings === 1 ? '1 ping' : `${data.total_pings} pings`}.{isFetching ? ' (updating…)' : ''}</p>
          <Table aria-labelledby="pings-title">
            <thead><tr><th>Item</th><th className="count">Pings</th><th className="count">Still waiting</th><th className="count wide">In stock now</th></tr></thead>
            <tbody>
              {data.data.map((row) => (
                <tr key={row.product_id}>
                  <td>{row.slug ? <a href={`/p/${encodeURIComponent(row.slug)}`}>{row.title}</a> : row.title}<small>SKU {row.sku}</small></td>
                  <td className="count">{row.pings}</td>
                  <td className="count">{row.waiting}</td>
                  <td className="count wide">{row.num_inventory === null ? 'Not sold here' : row.num_inventory}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      ) : null}
    </Container>
  );
}
