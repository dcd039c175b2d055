import { Link, useParams } from '@platform/routing';
import styled from 'styled-components';
import { storefrontApi } from '@platform/api-client';
import { Card, Container, EmptyState, Loading } from '@platform/ui';
import { Badges, Price, ProductImage, StockBadge } from '../../components/product-bits';

const Preview = styled(Card)`
  display: grid; grid-template-columns: 160px 1fr; gap: 20px; align-items: center; max-width: 640px; margin: 32px auto;
  h1 { font-size: 1.3rem; margin: 4px 0 8px; }
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { grid-template-columns: 1fr; }
`;

/** /product/shared/preview/{productId}: the compact card a shared product link opens, with the way to the full page. */
export function SharedPreviewPage() {
  const { productId = '' } = useParams();
  const valid = /^\d+$/.test(productId);
  const { data: product, isLoading, isError } = storefrontApi.useProductQuery({ param: productId, field: 'id' }, { skip: !valid });
  if (isLoading) return <Container><Loading /></Container>;
  if (!valid || isError || !product) {
    return <Container><EmptyState title="Product not found">This product is not available at this store. <Link to="/">Back to the home page</Link></EmptyState></Container>;
  }
  return (
    <Container>
      <Preview as="article" aria-label="Shared product">
        <ProductImage src={product.image_url} alt={product.title} size={160} />
        <div>
          <Badges product={product} />
          <div>{product.brand_name}</div>
          <h1>{product.title}</h1>
          <Price product={product} />
          <p><StockBadge product={product} /></p>
          <Link to={`/p/${product.slug}`}>View product</Link>
        </div>
      </Preview>
    </Container>
  );
}
