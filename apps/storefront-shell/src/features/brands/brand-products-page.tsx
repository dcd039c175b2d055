import { Link, useParams, useSearchParams } from '@platform/routing';
import styled from 'styled-components';
import { storefrontApi } from '@platform/api-client';
import { Container, EmptyState, ErrorNotice, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { AdminEditLink } from '../../components/admin-edit-link';
import { Grid, ProductTile } from '../../components/product-bits';
import { VideoSection } from '../../components/video-lightbox';
import { InStockToggle, SortSelect, useListingQuery } from '../../components/listing-controls';

const Head = styled.div`display: flex; gap: 16px; align-items: center; flex-wrap: wrap; margin-top: 16px;
  img { max-height: 64px; max-width: 160px; object-fit: contain; }
  h1 { margin: 0; }`;
const Toolbar = styled.div`display: flex; gap: 16px; align-items: center; flex-wrap: wrap; margin: 12px 0;`;

/** /b/{slug-id} (alias /brands/{slug-id}): one brand's products at the selected store; in_stock_only, sort, limit and exdept as the URL or the store's settings say. */
export function BrandProductsPage() {
  const { id = '' } = useParams();
  const [query, setQuery] = useSearchParams();
  const page = Math.max(1, Number(query.get('page')) || 1);
  const { listing, defaults } = useListingQuery();
  const { data: brand, error, isLoading } = storefrontApi.useBrandQuery(id);
  const { data, isFetching, isError } = storefrontApi.useProductsQuery(
    { brand_id: brand?.brand_id, page, ...listing },
    { skip: !brand },
  );
  const { data: videos = [] } = storefrontApi.useBrandVideosQuery(brand?.brand_id ?? 0, { skip: !brand });
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries(changes)) if (value === null) next.delete(key); else next.set(key, value);
    setQuery(next);
  };

  if (isLoading) return <Container><Loading /></Container>;
  if (error || !brand) {
    return <Container><EmptyState title="Brand not found"><Link to="/brands">See all brands</Link></EmptyState></Container>;
  }
  const products = data?.products;
  return (
    <Container>
      <Head>
        {brand.image ? <img src={brand.image} alt={brand.altTextLogo} /> : null}
        <PageTitle>{brand.brand_name}</PageTitle>
        <AdminEditLink to="/admin/settings/brands-settings" label={`Edit brand ${brand.brand_name}`} />
      </Head>
      <Toolbar>
        {products ? <span role="status">{products.total} {products.total === 1 ? 'product' : 'products'}</span> : null}
        <SortSelect value={listing.sort} onChange={(sort) => set({ sort: sort === defaults.sort ? null : sort, page: null })} />
        <InStockToggle checked={listing.in_stock_only === 1} onChange={(on) => set({ in_stock_only: Number(on) === defaults.in_stock_only ? null : String(Number(on)), page: null })} />
      </Toolbar>
      {isError ? <ErrorNotice>We could not load the products. Please try again.</ErrorNotice> : null}
      {!products && isFetching ? <Loading label="Loading products…" /> : null}
      {data?.removed_instock_only ? <p role="status">All products are out of stock</p> : null}
      {products && products.total === 0 ? <EmptyState title="No products were found for this search." /> : null}
      {products ? <Grid aria-busy={isFetching}>{products.data.map((p) => <ProductTile key={p.store_product_id} product={p} />)}</Grid> : null}
      {products ? <PaginationBar page={page} lastPage={products.last_page} onPage={(p) => { set({ page: String(p) }); window.scrollTo(0, 0); }} /> : null}
      <VideoSection videos={videos} id="brand-videos-heading" />
    </Container>
  );
}
