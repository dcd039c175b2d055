import { memo } from 'react';
import { Link } from '@platform/routing';
import styled from 'styled-components';
import type { ProductItem } from '@platform/contracts';
import {
  activePromoCents, DEFAULT_PRODUCT_IMAGE, displayPrice, hiddenPriceText, hidesStockCount, isPriceHidden, productBadges, regularPriceLabel, stockLabel, storeSpecialOrderFlags, toCents, type StockLabel,
} from '@platform/domain';
import { TileCartControl } from './add-to-cart';
import { useShopFacts } from './shop-facts';

/**
 * Product image, falling back to the default image when missing or broken. Lazy, except `priority` images
 * (the first screen's), which load at once since the page's largest paint is usually one of them.
 */
export function ProductImage({ src, alt, size, priority = false }: { src: string | null; alt: string; size: number; priority?: boolean }) {
  return (
    <img
      src={src || DEFAULT_PRODUCT_IMAGE}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      onError={(e) => { if (!e.currentTarget.src.endsWith(DEFAULT_PRODUCT_IMAGE)) e.currentTarget.src = DEFAULT_PRODUCT_IMAGE; }}
      style={{ objectFit: 'contain', width: '100%', height: 'auto', maxWidth: size }}
    />
  );
}

/** The stock label for a product, from the shared rule and this store's display flags. */
export function useStockLabel(product: Pick<ProductItem, 'num_inventory' | 'vendor_id' | 'vendor_allows_special_order' | 'extra' | 'settings'>): StockLabel {
  const { business, settings } = useShopFacts();
  return stockLabel({
    inventory: product.num_inventory,
    qtyMessage: typeof product.settings.qtyMessage === 'string' ? product.settings.qtyMessage : null,
    specialOrderTitle: typeof product.settings.specialOrderTitle === 'string' ? product.settings.specialOrderTitle : null,
    vendorAllowsSpecialOrder: product.vendor_allows_special_order,
    vendorId: product.vendor_id,
    ...storeSpecialOrderFlags(business, settings),
    alwaysAllowSpecialOrder: Boolean(product.extra.always_allow_special_order),
    hasVendor: product.vendor_id !== null,
    showStockLevel: business?.show_stock_level,
    lowStockThreshold: settings?.products.lowStockThreshold,
    hideCount: hidesStockCount(product),
    onOrder: product.extra.onOrder === true || product.extra.onOrder === 1,
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
  .unit { color: ${(p) => p.theme.colors.muted}; font-size: 0.85rem; }
  .hidden { font-weight: 600; }
`;

/** Price with 2 decimals; a promo price shows with the regular price struck through; hidden prices ask the shopper to call. */
export function Price({ product }: { product: Pick<ProductItem, 'price' | 'promo_price' | 'extra' | 'settings' | 'vendor_id' | 'num_inventory'> }) {
  const { settings } = useShopFacts();
  const prefix = settings?.products.currencyPrefix ?? '$';
  if (isPriceHidden(product)) return <PriceLine><span className="hidden" data-testid="price">{hiddenPriceText(product)}</span></PriceLine>;
  const regular = toCents(product.price);
  const promo = activePromoCents(product);
  const unit = typeof product.extra.unit === 'string' ? <span className="unit">/ {product.extra.unit}</span> : null;
  if (promo === null) return <PriceLine><span className="now" data-testid="price">{displayPrice(regular, prefix)}</span>{unit}</PriceLine>;
  return (
    <PriceLine>
      <span className="now sale" data-testid="price">{displayPrice(promo, prefix)}</span>{unit}
      <span className="reg">{regularPriceLabel(product)} {displayPrice(regular, prefix)}</span>
    </PriceLine>
  );
}

const BadgeRow = styled.div`
  display: flex; gap: 6px; flex-wrap: wrap; min-height: 0;
  span { font-size: 0.75rem; font-weight: 700; letter-spacing: .03em; padding: 2px 6px; border-radius: 3px; color: #fff; background: ${(p) => p.theme.colors.primary}; }
  span.SALE { background: ${(p) => p.theme.colors.danger}; }
  span.CLEARANCE { background: #7a4d00; }
`;

/** SALE, CLEARANCE and promotion labels (shared rule in libs/domain). */
export function Badges({ product }: { product: Pick<ProductItem, 'price' | 'promo_price' | 'extra'> }) {
  const badges = productBadges(product);
  if (!badges.length) return null;
  return <BadgeRow data-testid="badges">{badges.map((b) => <span key={b} className={b}>{b}</span>)}</BadgeRow>;
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

/** A product in a grid or swiper; `onOpen` runs when the shopper follows its link (search click tracking). */
export function ProductTile({ product, onOpen, priority }: { product: ProductItem; onOpen?: () => void; priority?: boolean }) {
  return (
    <Tile data-testid="product-tile">
      <Link to={`/p/${product.slug}`} aria-hidden="true" tabIndex={-1} onClick={onOpen}><ProductImage src={product.image_url} alt="" size={200} priority={priority} /></Link>
      <Badges product={product} />
      <span className="brand">{product.brand_name}</span>
      <Link className="title" to={`/p/${product.slug}`} onClick={onOpen}>{product.title}</Link>
      <Price product={product} />
      <StockBadge product={product} />
      <TileCartControl product={product} />
    </Tile>
  );
}

const Swiper = styled.section`
  margin: 32px 0;
  header { display: flex; justify-content: space-between; align-items: center; gap: 12px; }
  h2 { margin: 0 0 12px; font-size: 1.25rem; }
  header button { font: inherit; border: 1px solid ${(p) => p.theme.colors.border}; background: ${(p) => p.theme.colors.surface}; border-radius: 50%; width: 36px; height: 36px; cursor: pointer; }
  ul { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(180px, 220px); gap: 12px; overflow-x: auto; scroll-snap-type: x mandatory; padding: 0 0 8px; margin: 0; }
  ul > li { scroll-snap-align: start; }
`;

/**
 * A titled horizontal row of product tiles with previous/next buttons (touch and trackpads scroll it too).
 * Nothing renders when empty. A row on the first screen passes `priority` so its first images load at once.
 */
export const ProductSwiper = memo(function ProductSwiper({ title, products, testId, priority = false }: { title: string; products: ProductItem[]; testId?: string; priority?: boolean }) {
  if (!products.length) return null;
  const scroll = (button: HTMLButtonElement, direction: 1 | -1) => {
    const list = button.closest('section')?.querySelector('ul');
    list?.scrollBy({ left: direction * list.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <Swiper aria-label={title} data-testid={testId}>
      <header>
        <h2>{title}</h2>
        <div>
          <button type="button" aria-label={`Previous ${title}`} onClick={(e) => scroll(e.currentTarget, -1)}>‹</button>{' '}
          <button type="button" aria-label={`Next ${title}`} onClick={(e) => scroll(e.currentTarget, 1)}>›</button>
        </div>
      </header>
      <ul>{products.map((p, i) => <ProductTile key={p.store_product_id} product={p} priority={priority && i < 4} />)}</ul>
    </Swiper>
  );
});
