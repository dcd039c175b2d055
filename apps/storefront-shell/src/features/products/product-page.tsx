import { useEffect } from 'react';
import { Link, useParams } from '@platform/routing';
import styled from 'styled-components';
import { getDeviceId, recordEcommerce, storefrontApi, useSession, type DepartmentNode, type ProductDetail } from '@platform/api-client';
import { activePromoCents, displayPrice, ecommerceEvent, itemModeNotes, orderingState, stockLabel, storeSpecialOrderFlags, toCents } from '@platform/domain';
import { Container, EmptyState, ErrorNotice, Loading } from '@platform/ui';
import { Badges, Price, ProductImage, ProductSwiper, StockBadge, useStockLabel } from '../../components/product-bits';
import { BackInStock } from './back-in-stock';
import { InStorePingOffer } from './in-store-ping';
import { AddToCartPanel } from '../../components/add-to-cart';
import { VideoSection } from '../../components/video-lightbox';

const Layout = styled.div`
  display: grid; grid-template-columns: minmax(240px, 420px) 1fr; gap: 32px; margin-top: 16px;
  @media (max-width: ${(p) => p.theme.breakpoints.md}px) { grid-template-columns: 1fr; }
  h1 { margin: 4px 0 12px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
  dt { color: ${(p) => p.theme.colors.muted}; }
  table { border-collapse: collapse; margin: 8px 0; }
  th, td { text-align: left; padding: 4px 16px 4px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
  .notice { padding: 8px 12px; border-radius: ${(p) => p.theme.radius}; background: ${(p) => p.theme.colors.page}; }
  .promo { color: ${(p) => p.theme.colors.danger}; font-weight: 600; }
`;
const Crumbs = styled.nav`font-size: 0.9rem; margin-top: 16px; a { margin-right: 4px; }`;
/** The department trail of a product (top level down), from the department tree. */
function departmentTrail(tree: DepartmentNode[] | undefined, path: number[]): DepartmentNode[] {
  const trail: DepartmentNode[] = [];
  let level = tree ?? [];
  for (const id of path) {
    const node = level.find((d) => d.dept_id === id);
    if (!node) break;
    trail.push(node);
    level = node.children ?? [];
  }
  return trail;
}

function StockAtLocations({ product }: { product: ProductDetail }) {
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const { data: settings } = storefrontApi.useSettingsQuery();
  const locations = business?.about_us.locations ?? [];
  if (locations.length < 2) return null;
  return (
    <section aria-labelledby="stock-heading">
      <h2 id="stock-heading">Stock at our stores</h2>
      <table>
        <tbody>
          {locations.map((location) => {
            const stock = product.locations_inventory.find((l) => l.location_id === location.id);
            const label = stock ? stockLabel({ inventory: stock.num_inventory, showStockLevel: business?.show_stock_level, lowStockThreshold: settings?.products.lowStockThreshold }).text : 'Not sold here';
            return <tr key={location.id}><th scope="row">{location.name}</th><td>{label}</td></tr>;
          })}
        </tbody>
      </table>
    </section>
  );
}

/** 'Email me when it's back' where the item is out of stock at this store and cannot be special ordered (issue 29). */
function BackInStockOffer({ product }: { product: ProductDetail }) {
  const label = useStockLabel(product);
  if (label.state !== 'out-of-stock' && label.state !== 'on-order') return null;
  return <BackInStock storeProductId={product.store_product_id} />;
}

/** Product detail by slug (/p/{slug}) or by SKU and title (/p/{sku}/{title}), priced and stocked for the selected store. */
export function ProductPage() {
  const { slug, id } = useParams();
  const lookup = id ? { param: id, field: 'sku' as const } : { param: slug ?? '', field: 'slug' as const };
  const { data: product, isLoading, error } = storefrontApi.useProductQuery(lookup);
  const { data: tree } = storefrontApi.useDepartmentTreeQuery(3);
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const productId = product?.id ?? 0;
  const { data: addons = [] } = storefrontApi.useProductAddonsQuery(productId, { skip: !productId });
  const { data: videos = [] } = storefrontApi.useProductVideosQuery(productId, { skip: !productId });
  const { data: similar = [] } = storefrontApi.useSimilarProductsQuery(productId, { skip: !productId });
  const { data: alsoPurchased = [] } = storefrontApi.useAlsoPurchasedQuery(productId, { skip: !productId });
  const { data: recent = [] } = storefrontApi.useRecentProductsQuery(getDeviceId(), { refetchOnMountOrArgChange: true });
  const [track] = storefrontApi.useTrackProductViewMutation();
  const user = useSession();

  useEffect(() => {
    // Views feed popular products and recently viewed; admins are not tracked (spec 1 §4).
    if (!product || user?.is_admin) return;
    void track({ sku: product.sku, device_id: getDeviceId() });
    // And the page's tag manager, in US dollars (spec 1 §4).
    recordEcommerce(ecommerceEvent('view_item', [{ sku: product.sku, title: product.title, brand: product.brand_name, unitCents: activePromoCents(product) ?? toCents(product.price), quantity: 1 }]));
  }, [product, user?.is_admin, track]);

  if (isLoading) return <Container><Loading /></Container>;
  if (error && 'status' in error && error.status === 404) {
    return <Container><EmptyState title="Product not found">This product is not available at this store. <Link to="/">Back to the home page</Link></EmptyState></Container>;
  }
  if (error || !product) return <Container><ErrorNotice>We could not load this product. Please try again.</ErrorNotice></Container>;
  const trail = departmentTrail(tree, product.department_path);
  const ordering = orderingState(product, storeSpecialOrderFlags(business, settings));
  const prefix = settings?.products.currencyPrefix ?? '$';
  const alt = typeof product.extra.main_img_alt === 'string' ? product.extra.main_img_alt : product.title;
  return (
    <Container>
      <Crumbs aria-label="Breadcrumb">
        <Link to="/">Home</Link> /{' '}
        {trail.map((node) => <span key={node.dept_id}><Link to={`/d/${node.slug}`}>{node.name}</Link> / </span>)}
        <span aria-current="page">{product.title}</span>
      </Crumbs>
      <Layout data-testid="product-detail">
        <ProductImage src={product.image_url} alt={alt} size={420} priority />
        <div>
          <Badges product={product} />
          <div>{product.brand_name}</div>
          <h1>{product.title}</h1>
          <Price product={product} />
          {product.promo_message ? <p className="promo">{product.promo_message}</p> : null}
          <p><StockBadge product={product} /></p>
          {!ordering.allowed ? <p className="notice" role="note">{ordering.reason}</p> : null}
          {/* 'Not available for delivery' / '... shipping' (or the item's own words), where the store offers that mode at all. */}
          {business ? itemModeNotes(product, business).map((note) => <p key={note} className="notice" role="note" data-testid="mode-limit">{note}</p>) : null}
          <BackInStockOffer product={product} />
          <InStorePingOffer product={product} />
          {ordering.specialOrder ? <p className="notice" role="note">Special order: we order it in for you, usually in {business?.special_order_sla ?? '3-8 days'}.</p> : null}
          <AddToCartPanel product={product} />
          {product.additional_fee_details.length ? (
            <p data-testid="additional-fees">Additional fees: {product.additional_fee_details.map((f) => `${f.message} ${displayPrice(toCents(f.price_impact), prefix)}`).join(', ')}</p>
          ) : null}
          {business?.show_competitors && product.competitors.length ? (
            <section aria-labelledby="compare-heading">
              <h2 id="compare-heading">Compare at</h2>
              <ul>{product.competitors.map((c) => <li key={c.name}>{c.name}: {displayPrice(toCents(c.price), prefix)}</li>)}</ul>
            </section>
          ) : null}
          <dl>
            <dt>SKU</dt><dd>{product.sku}</dd>
            <dt>Model</dt><dd>{product.model_number}</dd>
          </dl>
          <StockAtLocations product={product} />
          <p>{product.description}</p>
          <VideoSection videos={videos} id="videos-heading" />
        </div>
      </Layout>
      <ProductSwiper title="Add-ons for this item" products={addons} testId="addons" />
      <ProductSwiper title="Customers also purchased" products={alsoPurchased} testId="also-purchased" />
      <ProductSwiper title="Similar products" products={similar} testId="similar" />
      <ProductSwiper title="Recently viewed" products={recent.filter((p) => p.id !== product.id)} testId="recently-viewed" />
    </Container>
  );
}
