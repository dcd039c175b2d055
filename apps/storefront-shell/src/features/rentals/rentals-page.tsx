import { Link, useSearchParams } from '@platform/routing';
import styled from 'styled-components';
import { storefrontApi, type RentalItem } from '@platform/api-client';
import { Card, Container, EmptyState, ErrorNotice, Loading, PageTitle } from '@platform/ui';
import { ProductImage } from '../../components/product-bits';

const Layout = styled.div`
  display: grid; grid-template-columns: 240px 1fr; gap: 24px; align-items: start;
  @media (max-width: ${(p) => p.theme.breakpoints.lg}px) { grid-template-columns: 1fr; }
  nav ul { list-style: none; margin: 0; padding: 0; }
  nav ul ul { padding-left: 14px; }
  nav a { display: block; padding: 5px 0; color: ${(p) => p.theme.colors.text}; }
  nav a[aria-current='page'] { font-weight: 700; color: ${(p) => p.theme.colors.primary}; }
`;
const Items = styled.ul`
  display: grid; gap: 16px; padding: 0; margin: 0; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  li { list-style: none; }
  h2 { margin: 8px 0 4px; font-size: 1.1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 8px 0; }
  dt { color: ${(p) => p.theme.colors.muted}; }
  dd { margin: 0; font-weight: 700; }
`;

const money = (amount: string) => `$${amount}`;

function RentalCard({ item }: { item: RentalItem }) {
  return (
    <Card as="article" aria-label={item.name}>
      <ProductImage src={item.image} alt="" size={200} />
      <h2>{item.name}</h2>
      {item.description ? <p>{item.description}</p> : null}
      <dl>
        {item.rates.four_hours ? <><dt>4 hours</dt><dd>{money(item.rates.four_hours)}</dd></> : null}
        <dt>Day</dt><dd>{money(item.rates.day)}</dd>
        {item.rates.week ? <><dt>Week</dt><dd>{money(item.rates.week)}</dd></> : null}
        {item.deposit ? <><dt>Deposit</dt><dd>{money(item.deposit)}</dd></> : null}
      </dl>
      <Link to={`/rentals/rental-form?rental=${item.id}`} aria-label={`Request this rental: ${item.name}`}>Request this rental</Link>
    </Card>
  );
}

const numberParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** /rentals?deptId&subDeptId: the store's rental equipment by category, with rates and a way to request it. */
export function RentalsPage() {
  const [query] = useSearchParams();
  const deptId = numberParam(query.get('deptId'));
  const subDeptId = deptId ? numberParam(query.get('subDeptId')) : undefined;
  // currentData: while another category loads, the last one's rentals are not shown under its name.
  const { currentData: data, isFetching, isError, error, refetch } = storefrontApi.useRentalsQuery({ deptId, subDeptId });
  const { data: all } = storefrontApi.useRentalsQuery({});
  const categories = data?.categories ?? all?.categories ?? [];
  const category = categories.find((c) => c.id === deptId);
  const sub = category?.children.find((c) => c.id === subDeptId);
  const notFound = isError && (error as { status?: number }).status === 404;
  return (
    <Container>
      <PageTitle>{sub?.name ?? category?.name ?? 'Rentals'}</PageTitle>
      <p>Rent the tools for the job. Send a request and the store confirms it with you. <Link to="/rentals/rental-form">Request a rental</Link></p>
      <Layout>
        {categories.length ? (
          <nav aria-label="Rental categories">
            <ul>
              <li><Link to="/rentals" aria-current={!deptId ? 'page' : undefined}>All rentals</Link></li>
              {categories.map((c) => (
                <li key={c.id}>
                  <Link to={`/rentals?deptId=${c.id}`} aria-current={c.id === deptId && !subDeptId ? 'page' : undefined}>{c.name}</Link>
                  {c.children.length ? (
                    <ul>{c.children.map((s) => <li key={s.id}><Link to={`/rentals?deptId=${c.id}&subDeptId=${s.id}`} aria-current={s.id === subDeptId && c.id === deptId ? 'page' : undefined}>{s.name}</Link></li>)}</ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
        ) : <span />}
        <div>
          {isFetching && !data ? <Loading label="Loading rentals…" /> : null}
          {notFound ? <EmptyState title="This rental category was not found."><Link to="/rentals">See all rentals</Link></EmptyState> : null}
          {isError && !notFound ? <ErrorNotice action={<button type="button" onClick={() => refetch()}>Try again</button>}>We could not load the rentals.</ErrorNotice> : null}
          {data && !data.products.length ? (
            <EmptyState title={deptId ? 'Nothing to rent in this category right now.' : 'This store has no rentals listed yet.'}>
              Call the store to ask what is available, or <Link to="/rentals/rental-form">send a rental request</Link>.
            </EmptyState>
          ) : null}
          {data?.products.length ? <Items>{data.products.map((item) => <li key={item.id}><RentalCard item={item} /></li>)}</Items> : null}
        </div>
      </Layout>
    </Container>
  );
}
