import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { getDeviceId, storefrontApi, useSession } from '@platform/api-client';
import { Container, EmptyState, ErrorNotice, Loading } from '@platform/ui';
import { Price, ProductImage, StockBadge } from '../../components/product-bits';

const Layout = styled.div`
  display: grid; grid-template-columns: minmax(240px, 420px) 1fr; gap: 32px; margin-top: 24px;
  @media (max-width: ${(p) => p.theme.breakpoints.md}px) { grid-template-columns: 1fr; }
  h1 { margin: 4px 0 12px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
  dt { color: ${(p) => p.theme.colors.muted}; }
`;

/** Product detail by slug, priced and stocked for the selected store location. */
export function ProductPage() {
  const { slug = '' } = useParams();
  const { data: product, isLoading, error } = storefrontApi.useProductQuery({ param: slug, field: 'slug' });
  const [track] = storefrontApi.useTrackProductViewMutation();
  const user = useSession();

  useEffect(() => {
    // Views feed popular products; admins are not tracked (spec 1 §4).
    if (product && !user?.is_admin) void track({ sku: product.sku, device_id: getDeviceId() });
  }, [product, user?.is_admin, track]);

  if (isLoading) return <Container><Loading /></Container>;
  if (error && 'status' in error && error.status === 404) {
    return <Container><EmptyState title="Product not found">This product is not available at this store. <Link to="/">Back to the home page</Link></EmptyState></Container>;
  }
  if (error || !product) return <Container><ErrorNotice>We could not load this product. Please try again.</ErrorNotice></Container>;
  return (
    <Container>
      <Layout>
        <ProductImage src={product.image_url} alt={typeof product.extra.main_img_alt === 'string' ? product.extra.main_img_alt : product.title} size={420} />
        <div>
          <div>{product.brand_name}</div>
          <h1>{product.title}</h1>
          <Price product={product} />
          <p><StockBadge product={product} /></p>
          <dl>
            <dt>SKU</dt><dd>{product.sku}</dd>
            <dt>Model</dt><dd>{product.model_number}</dd>
          </dl>
          <p>{product.description}</p>
        </div>
      </Layout>
    </Container>
  );
}
