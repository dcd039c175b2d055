import { useParams } from '@platform/routing';
import styled from 'styled-components';
import { storefrontApi } from '@platform/api-client';
import { Container, EmptyState, Loading } from '@platform/ui';
import { Badges, Grid, Price, ProductImage, StockBadge } from '../../components/product-bits';

const Tile = styled.li`
  list-style: none; display: grid; gap: 6px; align-content: start;
  a { color: ${(p) => p.theme.colors.text}; text-decoration: none; font-weight: 600; }
  a:hover { text-decoration: underline; }
  .brand { color: ${(p) => p.theme.colors.muted}; font-size: 0.85rem; }
`;

/**
 * /all-products-iframe/{widgetId}: one of the store's product rows as a bare list another site can frame
 * (the blank layout comes with ?iframe). Links open the product in the store itself, in the whole window.
 */
export function EmbeddedProductsPage() {
  const id = Number(useParams().widgetId);
  const valid = Number.isInteger(id) && id > 0;
  const { data: widget, isLoading, isError } = storefrontApi.useHomepageWidgetQuery(id, { skip: !valid });
  const row = widget?.type === '2' ? widget.value : null;
  const { data: products, isLoading: productsLoading } = storefrontApi.useWidgetProductsQuery(
    { skus: row?.skus, dept_id: row?.dept_id, brand_id: row?.brand_id, limit: row?.limit ?? 48 }, { skip: !row },
  );
  const storeUrl = (path: string) => `${window.location.origin}${path}`;
  if (isLoading || productsLoading) return <Loading label="Loading products…" />;
  if (!valid || isError || (widget && !row)) return <Container><EmptyState title="This product list was not found." /></Container>;
  return (
    <Container>
      {row?.title ? <h1 style={{ fontSize: '1.3rem' }}>{row.title}</h1> : null}
      {products && !products.length ? <EmptyState title="No products to show right now." /> : null}
      <Grid data-testid="embedded-products">
        {(products ?? []).map((p) => (
          <Tile key={p.id}>
            <a href={storeUrl(`/p/${p.slug}`)} target="_top" aria-hidden="true" tabIndex={-1}><ProductImage src={p.image_url} alt="" size={200} /></a>
            <Badges product={p} />
            <span className="brand">{p.brand_name}</span>
            <a href={storeUrl(`/p/${p.slug}`)} target="_top">{p.title}</a>
            <Price product={p} />
            <StockBadge product={p} />
          </Tile>
        ))}
      </Grid>
    </Container>
  );
}
