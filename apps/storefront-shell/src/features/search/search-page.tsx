import { useState } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { storefrontApi, type ProductListArgs } from '@platform/api-client';
import { Container, EmptyState, ErrorNotice, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { Grid, ProductTile } from '../../components/product-bits';
import { FilterPanel, type Filters } from './filter-panel';

const SORTS = [
  ['relevancy', 'Relevancy'], ['price-asc', 'Price: Low to High'], ['price-desc', 'Price: High to Low'],
  ['latest', 'New Arrivals'], ['title-asc', 'Alphabetical'], ['manufacturer-no', 'Manufacturer No.'],
] as const;

const Layout = styled.div`
  display: grid; grid-template-columns: 240px 1fr; gap: 24px;
  @media (max-width: ${(p) => p.theme.breakpoints.lg}px) { grid-template-columns: 1fr; }
`;
const Filters = styled.details`
  summary { font-weight: 700; cursor: pointer; padding: 8px 0; }
  @media (min-width: ${(p) => p.theme.breakpoints.desktop}px) { summary { display: none; } }
`;
const Toolbar = styled.div`display: flex; flex-wrap: wrap; gap: 12px; justify-content: space-between; align-items: center; margin-bottom: 12px;`;

const num = (value: string | null) => (value !== null && value !== '' && Number.isFinite(Number(value)) ? Number(value) : undefined);

/** /search: keyword (or a department or brand choice), facets, sort and paging, all kept in the URL. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const { data: settings } = storefrontApi.useSettingsQuery();
  const keyword = params.get('keyword')?.trim() ?? '';
  const filters: Filters = {
    deptId: num(params.get('dept_id')),
    brands: (params.get('brands') ?? '').split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0),
    startPrice: num(params.get('start_price')),
    endPrice: num(params.get('end_price')),
  };
  const page = Math.max(1, num(params.get('page')) ?? 1);
  const sort = params.get('sort') ?? 'relevancy';
  const inStockOnly = params.get('in_stock_only') === '0' ? 0 : 1;
  const hasCriteria = Boolean(keyword || filters.deptId || filters.brands.length);
  const args: ProductListArgs = {
    search: keyword || undefined, dept_id: filters.deptId, brands: filters.brands.join(',') || undefined,
    start_price: filters.startPrice, end_price: filters.endPrice, page, sort, in_stock_only: inStockOnly,
    limit: settings?.products.itemsPerPage ?? 96,
  };
  const { data, isFetching, isError } = storefrontApi.useProductsQuery(args, { skip: !hasCriteria });
  // Filters start open on desktop and folded on phones, where they would push the results off screen.
  const [filtersOpen, setFiltersOpen] = useState(() => window.matchMedia('(min-width: 992px)').matches);

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key); else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const setFilters = (f: Filters) => update({ dept_id: f.deptId, brands: f.brands.join(','), start_price: f.startPrice, end_price: f.endPrice });

  if (!hasCriteria) {
    return <Container><PageTitle>Search</PageTitle><EmptyState title="What are you looking for?">Type a product, brand or department in the search box.</EmptyState></Container>;
  }
  const products = data?.products;
  return (
    <Container>
      <PageTitle>{keyword ? `Results for "${keyword}"` : 'Products'}</PageTitle>
      {isError ? <ErrorNotice>We could not search right now. Please try again.</ErrorNotice> : null}
      {!data && isFetching ? <Loading label="Searching…" /> : null}
      {data ? (
        <Layout>
          <Filters open={filtersOpen} onToggle={(e) => setFiltersOpen(e.currentTarget.open)}>
            <summary>Filters</summary>
            <FilterPanel key={`${filters.startPrice}-${filters.endPrice}`} result={data} filters={filters} onChange={setFilters} />
          </Filters>
          <section aria-label="Results" aria-busy={isFetching}>
            <Toolbar>
              <span role="status">{products!.total} {products!.total === 1 ? 'result' : 'results'}</span>
              <label>Sort by{' '}
                <select value={sort} onChange={(e) => update({ sort: e.target.value })}>
                  {SORTS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
                </select>
              </label>
            </Toolbar>
            {data.removed_instock_only ? <p role="status">All products are out of stock</p> : null}
            {products!.total === 0 ? <EmptyState title="No products were found for this search." /> : null}
            <Grid>{products!.data.map((p) => <ProductTile key={p.store_product_id} product={p} />)}</Grid>
            <PaginationBar page={page} lastPage={products!.last_page} onPage={(p) => { update({ page: p }); window.scrollTo(0, 0); }} />
          </section>
        </Layout>
      ) : null}
    </Container>
  );
}
