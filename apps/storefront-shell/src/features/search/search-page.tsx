import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@platform/routing';
import styled from 'styled-components';
import { slugify } from '@platform/domain';
import { getDeviceId, storefrontApi, useSession, type ProductListArgs } from '@platform/api-client';
import { Container, EmptyState, ErrorNotice, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { Grid, ProductTile } from '../../components/product-bits';
import { SortSelect, useListingQuery } from '../../components/listing-controls';
import { FilterPanel, NAMED_ATTRIBUTE_KEYS, type Filters } from './filter-panel';


const Layout = styled.div`
  display: grid; grid-template-columns: 240px 1fr; gap: 24px;
  @media (max-width: ${(p) => p.theme.breakpoints.lg}px) { grid-template-columns: 1fr; }
`;
const FiltersBox = styled.details`
  summary { font-weight: 700; cursor: pointer; padding: 8px 0; }
  @media (min-width: ${(p) => p.theme.breakpoints.desktop}px) { summary { display: none; } }
`;
const Toolbar = styled.div`display: flex; flex-wrap: wrap; gap: 12px; justify-content: space-between; align-items: center; margin-bottom: 12px;`;
const Tiles = styled.ul`
  display: grid; gap: 12px; padding: 0; margin: 0 0 16px; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  li { list-style: none; }
  a { display: block; padding: 12px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius};
      background: ${(p) => p.theme.colors.surface}; color: ${(p) => p.theme.colors.text}; text-decoration: none; font-weight: 600; }
  a:hover, a:focus { border-color: ${(p) => p.theme.colors.primary}; }
  span { display: block; font-weight: 400; color: ${(p) => p.theme.colors.muted}; font-size: 0.85rem; }
`;

const num = (value: string | null) => (value !== null && value !== '' && Number.isFinite(Number(value)) ? Number(value) : undefined);
const isAttributeKey = (key: string) => NAMED_ATTRIBUTE_KEYS.includes(key) || /^x[a-z0-9_]+$/i.test(key);

/** /search: keyword (or a department or brand choice), facets, sort and paging, all kept in the URL. */
export function SearchPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { listing, defaults } = useListingQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const { data: brandFilter } = storefrontApi.useBrandFilterQuery();
  // The store settings loaded at start-up carry the same flag (set-brands-filter): no brands flash before get-filter answers.
  const { data: settings } = storefrontApi.useSettingsQuery();
  const user = useSession();
  const keyword = params.get('keyword')?.trim() ?? '';
  const secondary = params.get('secondary')?.trim() ?? '';
  const attributes: Record<string, string[]> = {};
  for (const [key, value] of params) if (isAttributeKey(key) && value) attributes[key] = value.split(',').filter(Boolean);
  const filters: Filters = {
    deptId: num(params.get('dept_id')),
    brands: (params.get('brands') ?? params.get('brand_id') ?? '').split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0),
    startPrice: num(params.get('start_price')),
    endPrice: num(params.get('end_price')),
    attributes,
    inStockOnly: listing.in_stock_only === 1,
    onSale: params.get('promo') === '1',
    nearby: params.get('avail_35') === '1',
  };
  const page = Math.max(1, num(params.get('page')) ?? 1);
  const { sort, limit, exdept, exsubdept } = listing;
  const hasCriteria = Boolean(keyword || filters.deptId || filters.brands.length);
  const args: ProductListArgs = {
    search: keyword || undefined, dept_id: filters.deptId, brands: filters.brands.join(',') || undefined,
    start_price: filters.startPrice, end_price: filters.endPrice, page, sort, in_stock_only: filters.inStockOnly ? 1 : 0,
    promo: filters.onSale ? 1 : undefined, avail_35: filters.nearby ? 1 : undefined, limit, exdept, exsubdept,
    ...Object.fromEntries(Object.entries(attributes).map(([key, values]) => [key, values.join(',')])),
  };
  const { data, isFetching, isError } = storefrontApi.useProductsQuery(args, { skip: !hasCriteria });
  const [trackSearch] = storefrontApi.useTrackSearchMutation();
  const [trackClick] = storefrontApi.useTrackSearchClickMutation();
  // Filters start open on desktop and folded on phones, where they would push the results off screen.
  const [filtersOpen, setFiltersOpen] = useState(() => window.matchMedia('(min-width: 992px)').matches);

  // Each keyword search is recorded once (not for admins, not for empty keywords; spec 1 §4).
  const tracked = useRef('');
  useEffect(() => {
    if (!keyword || user?.is_admin || tracked.current === keyword) return;
    tracked.current = keyword;
    void trackSearch({ search: keyword, device_id: getDeviceId() });
  }, [keyword, user?.is_admin, trackSearch]);

  // Secondary keyword (spec 1 §4): one result opens that product; none searches again with the secondary term.
  useEffect(() => {
    if (!secondary || !data || isFetching) return;
    if (data.products.total === 1) navigate(`/p/${data.products.data[0].slug}`, { replace: true });
    else if (data.products.total === 0) navigate(`/search/${slugify(secondary)}?keyword=${encodeURIComponent(secondary)}`, { replace: true });
  }, [secondary, data, isFetching, navigate]);

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key); else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    next.delete('secondary'); // a refined search is the shopper's own, not the original's fallback
    setParams(next);
  };
  const setFilters = (f: Filters) => {
    const cleared = Object.fromEntries([...params.keys()].filter(isAttributeKey).map((key) => [key, undefined]));
    update({
      ...cleared, dept_id: f.deptId, brands: f.brands.join(','), brand_id: undefined, start_price: f.startPrice, end_price: f.endPrice,
      in_stock_only: Number(f.inStockOnly) === defaults.in_stock_only ? undefined : Number(f.inStockOnly), promo: f.onSale ? 1 : undefined, avail_35: f.nearby ? 1 : undefined,
      ...Object.fromEntries(Object.entries(f.attributes).map(([key, values]) => [key, values.join(',')])),
    });
  };

  if (!hasCriteria) {
    return <Container><PageTitle>Search</PageTitle><EmptyState title="What are you looking for?">Type a product, brand or department in the search box.</EmptyState></Container>;
  }
  const products = data?.products;
  const offset = (page - 1) * limit;
  return (
    <Container>
      <PageTitle>{keyword ? `Results for "${keyword}"` : 'Products'}</PageTitle>
      {isError ? <ErrorNotice>We could not search right now. Please try again.</ErrorNotice> : null}
      {!data && isFetching ? <Loading label="Searching…" /> : null}
      {data ? (
        <Layout>
          <FiltersBox open={filtersOpen} onToggle={(e) => setFiltersOpen(e.currentTarget.open)}>
            <summary>Filters</summary>
            <FilterPanel
              key={`${filters.startPrice}-${filters.endPrice}`} result={data} filters={filters} onChange={setFilters}
              showBrands={!settings?.hideBrandFilter && brandFilter?.show !== false} multiStore={(business?.about_us.locations.length ?? 0) > 1}
            />
          </FiltersBox>
          <section aria-label="Results" aria-busy={isFetching}>
            {keyword && data.top_departments.length > 1 ? (
              <nav aria-label="Relevant departments">
                <Tiles>
                  {data.top_departments.map((d) => (
                    <li key={d.dept_id}><Link to={`?${new URLSearchParams({ keyword, dept_id: String(d.dept_id) })}`}>{d.name}<span>{d.count} {d.count === 1 ? 'match' : 'matches'}</span></Link></li>
                  ))}
                </Tiles>
              </nav>
            ) : null}
            <Toolbar>
              <span role="status">{products!.total} {products!.total === 1 ? 'result' : 'results'}</span>
              <SortSelect value={sort} onChange={(value) => update({ sort: value === defaults.sort ? undefined : value })} />
            </Toolbar>
            {data.removed_instock_only ? <p role="status">All products are out of stock</p> : null}
            {products!.total === 0 ? <EmptyState title="No products were found for this search." /> : null}
            <Grid>
              {products!.data.map((p, i) => (
                <ProductTile key={p.store_product_id} product={p}
                  onOpen={keyword && !user?.is_admin ? () => void trackClick({ search: keyword, id: p.id, index: offset + i }) : undefined} />
              ))}
            </Grid>
            <PaginationBar page={page} lastPage={products!.last_page} onPage={(p) => { update({ page: p }); window.scrollTo(0, 0); }} />
          </section>
        </Layout>
      ) : null}
    </Container>
  );
}
