import { Link } from 'react-router';
import styled from 'styled-components';
import type { ProductItem } from '@platform/contracts';
import { DEFAULT_PRODUCT_IMAGE, displayPrice, stockLabel, toCents, type StockLabel } from '@platform/domain';
import { storefrontApi } from '@platform/api-client';

/** Product image, falling back to the default image when missing or broken. */
export function ProductImage({ src, alt, size }: { src: string | null; alt: string; size: number }) {
  return (
    <img
      src={src || DEFAULT_PRODUCT_IMAGE}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={(e) => { if (!e.currentTarget.src.endsWith(DEFAULT_PRODUCT_IMAGE)) e.currentTarget.src = DEFAULT_PRODUCT_IMAGE; }}
      style={{ objectFit: 'contain', width: '100%', height: 'auto', maxWidth: size }}
    />
  );
}

/** The stock label for a product, from the shared rule and this store's display flags. */
export function useStockLabel(product: Pick<ProductItem, 'num_inventory' | 'vendor_id' | 'vendor_allows_special_order' | 'extra' | 'settings'>): StockLabel {
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  return stockLabel({
    inventory: product.num_inventory,
    qtyMessage: typeof product.settings.qtyMessage === 'string' ? product.settings.qtyMessage : null,
    vendorAllowsSpecialOrder: product.vendor_allows_special_order,
    alwaysAllowSpecialOrder: Boolean(product.extra.always_allow_special_order),
    showOosSpecial: business?.show_oos_special,
    hasVendor: product.vendor_id !== null,
    showStockLevel: business?.show_stock_level,
  });
}

const StockText = styled.span<{ $state: string }>`
  font-weight: 600; font-size: 0.9rem;
  color: ${(p) => (p.$state === 'out-of-stock' ? p.theme.colors.danger : p.$state === 'in-stock' ? p.theme.colors.success : p.theme.colors.text)};
`;

export function StockBadge({ product }: { product: ProductItem }) {
  const label = useStockLabel(product);
  return <StockText $state={label.state} data-testid="stock-label">{label.text}</StockText>;
}

const PriceLine = styled.div`
  display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap;
  .now { font-size: 1.25rem; font-weight: 700; }
  .sale { color: ${(p) => p.theme.colors.danger}; }
  .reg { color: ${(p) => p.theme.colors.muted}; text-decoration: line-through; }
`;

/** Price with 2 decimals; a promo price shows as SALE with the regular price struck through. */
export function Price({ product }: { product: Pick<ProductItem, 'price' | 'promo_price'> }) {
  const { data: settings } = storefrontApi.useSettingsQuery();
  const prefix = settings?.products.currencyPrefix ?? '$';
  const regular = toCents(product.price);
  const promo = product.promo_price === null ? null : toCents(product.promo_price);
  if (promo === null || promo >= regular) return <PriceLine><span className="now" data-testid="price">{displayPrice(regular, prefix)}</span></PriceLine>;
  return (
    <PriceLine>
      <span className="now sale" data-testid="price">{displayPrice(promo, prefix)}</span>
      <span className="reg">reg. {displayPrice(regular, prefix)}</span>
      <strong className="sale">SALE</strong>
    </PriceLine>
  );
}

const Tile = styled.li`
  list-style: none; background: ${(p) => p.theme.colors.surface}; border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius}; padding: 12px; display: grid; gap: 6px; align-content: start;
  a.title { color: ${(p) => p.theme.colors.text}; text-decoration: none; font-weight: 600; }
  a.title:hover { text-decoration: underline; }
  .brand { color: ${(p) => p.theme.colors.muted}; font-size: 0.85rem; }
`;
export const Grid = styled.ul`
  display: grid; gap: 16px; padding: 0; margin: 0; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { grid-template-columns: repeat(2, 1fr); gap: 8px; }
`;

export function ProductTile({ product }: { product: ProductItem }) {
  return (
    <Tile data-testid="product-tile">
      <Link to={`/p/${product.slug}`} aria-hidden="true" tabIndex={-1}><ProductImage src={product.image_url} alt="" size={200} /></Link>
      <span className="brand">{product.brand_name}</span>
      <Link className="title" to={`/p/${product.slug}`}>{product.title}</Link>
      <Price product={product} />
      <StockBadge product={product} />
    </Tile>
  );
}
