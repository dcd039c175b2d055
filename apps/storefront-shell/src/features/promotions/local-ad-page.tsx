import { Link } from '@platform/routing';
import styled from 'styled-components';
import { storefrontApi, useSelectedStore } from '@platform/api-client';
import { Container, EmptyState, ErrorNotice, Loading, PageTitle } from '@platform/ui';
import { Grid, ProductTile } from '../../components/product-bits';

const Pages = styled.div`
  display: grid; gap: 16px; margin: 16px 0 32px; grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  img { width: 100%; height: auto; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; }
`;

const day = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** /local-ad: the store's weekly ad (its flyer pages and dates), then everything on sale at the selected store. */
export function LocalAdPage() {
  const { data: business, isLoading } = storefrontApi.useBusinessDetailsQuery();
  const storeId = useSelectedStore();
  const ad = business?.local_ad;
  const store = business?.about_us.locations.find((l) => l.id === storeId);
  const { data: onSale, isFetching, isError } = storefrontApi.useProductsQuery({ promo: 1, in_stock_only: 0, limit: 48, sort: 'relevancy' }, { skip: !ad?.enabled });
  if (isLoading) return <Loading label="Loading the weekly ad…" />;
  if (!ad?.enabled) {
    return <Container><PageTitle>Weekly Ad</PageTitle><EmptyState title="This store has no weekly ad right now.">See the <Link to="/promotions">current promotions</Link> instead.</EmptyState></Container>;
  }
  const ended = ad.valid_to !== null && ad.valid_to.slice(0, 10) < new Date().toISOString().slice(0, 10);
  return (
    <Container>
      <PageTitle>{ad.title}</PageTitle>
      {/* An ended ad's prices no longer hold: it says when it ended, not 'while supplies last'. */}
      {ad.valid_from && ad.valid_to ? (
        <p>{ended ? `This ad ended on ${day(ad.valid_to)}.` : `Prices good ${day(ad.valid_from)} – ${day(ad.valid_to)}${store ? ` at ${store.name}` : ''}, while supplies last.`}</p>
      ) : null}
      {ad.pages.length ? <Pages>{ad.pages.map((p, i) => <img key={p.image} src={p.image} alt={p.alt || `Ad page ${i + 1}`} loading={i ? 'lazy' : 'eager'} />)}</Pages> : null}
      <h2>On sale {store ? `at ${store.name}` : 'now'}</h2>
      {isError ? <ErrorNotice>We could not load the sale items.</ErrorNotice> : null}
      {isFetching && !onSale ? <Loading label="Loading sale items…" /> : null}
      {onSale && !onSale.products.total ? <EmptyState title="Nothing is on sale at this store right now." /> : null}
      {onSale?.products.total ? <Grid data-testid="local-ad-products">{onSale.products.data.map((p) => <ProductTile key={p.id} product={p} />)}</Grid> : null}
    </Container>
  );
}
