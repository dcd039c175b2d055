import { useState } from 'react';
import { Link, useParams } from '@platform/routing';
import styled from 'styled-components';
import { storefrontApi } from '@platform/api-client';
import { Container, EmptyState, ErrorNotice, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { Grid, ProductTile } from '../../components/product-bits';

const Categories = styled.nav`
  ul { display: flex; flex-wrap: wrap; gap: 8px; padding: 0; margin: 0 0 20px; }
  li { list-style: none; }
  a { display: block; padding: 6px 14px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 999px; color: ${(p) => p.theme.colors.text}; text-decoration: none; }
  a[aria-current='page'] { background: ${(p) => p.theme.colors.primary}; color: ${(p) => p.theme.colors.onPrimary}; border-color: ${(p) => p.theme.colors.primary}; }
`;

/** /paint-products/{category?}: the store's paint categories and one category's products at the selected store. */
export function PaintProductsPage() {
  const { category } = useParams();
  // The page number belongs to the category it was chosen in: another category starts at page 1.
  const [paging, setPaging] = useState({ category, page: 1 });
  const page = paging.category === category ? paging.page : 1;
  const { data, isLoading, isError, error, refetch } = storefrontApi.usePaintProductsQuery({ category, page });
  const notFound = isError && (error as { status?: number }).status === 404;
  return (
    <Container>
      <PageTitle>{data?.category?.name ?? 'Paint Products'}</PageTitle>
      {data ? (
        <Categories aria-label="Paint categories">
          <ul>
            <li><Link to="/paint-products" aria-current={!data.category ? 'page' : undefined}>All</Link></li>
            {data.categories.map((c) => <li key={c.dept_id}><Link to={`/paint-products/${c.slug}`} aria-current={data.category?.dept_id === c.dept_id ? 'page' : undefined}>{c.name}</Link></li>)}
            <li><Link to="/colors">Colours</Link></li>
          </ul>
        </Categories>
      ) : null}
      {isLoading ? <Loading label="Loading paint products…" /> : null}
      {notFound ? <EmptyState title="This paint category was not found."><Link to="/paint-products">See all paint products</Link></EmptyState> : null}
      {isError && !notFound ? <ErrorNotice action={<button type="button" onClick={() => refetch()}>Try again</button>}>We could not load the paint products.</ErrorNotice> : null}
      {data && !data.products.total ? <EmptyState title="There are no products in this category yet."><Link to="/search">Browse Full Catalog</Link></EmptyState> : null}
      {data?.products.total ? (
        <>
          <p>{data.products.total} products</p>
          <Grid>{data.products.data.map((p) => <ProductTile key={p.id} product={p} />)}</Grid>
          <PaginationBar page={page} lastPage={data.products.last_page} onPage={(p) => { setPaging({ category, page: p }); window.scrollTo(0, 0); }} />
          <p><Link to="/search">Browse Full Catalog</Link></p>
        </>
      ) : null}
    </Container>
  );
}
