import { Navigate, useParams } from '@platform/routing';
import { slugify } from '@platform/domain';
import { storefrontApi } from '@platform/api-client';
import { Container, Loading } from '@platform/ui';

/** /search/{id}/{title}: a SKU search. The product's page when the SKU is sold here, else a keyword search for it. */
export function SkuSearchPage() {
  const { id = '' } = useParams();
  const { data: product, isLoading } = storefrontApi.useProductQuery({ param: id, field: 'sku' });
  if (isLoading) return <Container><Loading label="Finding the product…" /></Container>;
  if (product) return <Navigate to={`/p/${product.slug}`} replace />;
  return <Navigate to={`/search/${slugify(id)}?keyword=${encodeURIComponent(id)}`} replace />;
}
