/**
 * The store's featured products (spec 3 /admin/featured, shown as the home page's Featured Products): how many,
 * and the words the API and the owner's screen use.
 */
import { OFFLINE_LOCATION_UNKNOWN } from './offline-orders';

export const FEATURED_PRODUCTS_LIMIT = 48;

export const FEATURED_PRODUCT_NOT_FOUND = 'Product not found.';
export const FEATURED_ALREADY = 'This product is already featured.';
export const FEATURED_FULL = `A store can feature up to ${FEATURED_PRODUCTS_LIMIT} products. Remove one before adding another.`;
export const FEATURED_NOT_FEATURED = 'This product is not featured.';
export const FEATURED_ORDER_STALE = 'The featured products changed while you were ordering them. Reload the list and try again.';
export const FEATURED_ADDED = 'Featured product added.';
export const FEATURED_REMOVED = 'Featured product removed.';
export const FEATURED_REORDERED = 'Featured products reordered.';
/** The stores a featured product shows at were changed (admin/favourite-products/update). */
export const FEATURED_UPDATED = 'Featured product updated: it shows at the stores chosen.';
/** Featured at some of the store's locations only (add {stores}): the neighbouring offline orders' wording for an unknown one. */
export const FEATURED_STORE_UNKNOWN = OFFLINE_LOCATION_UNKNOWN;
export const FEATURED_NOT_SOLD_AT_STORES = 'This product is not sold at the stores you chose.';
export const FEATURED_CHOOSE_STORE = 'Choose at least one store, or All stores.';
/** A product hidden from the storefront is featured only when the owner also shows it again (add {unhide: true}). */
export const FEATURED_HIDDEN = "This product is hidden from the storefront. Tick 'Also show it on the storefront' to feature it.";
export const FEATURED_ADDED_SHOWN = 'Featured product added. It shows on the storefront again within a few seconds.';
export const FEATURED_ALL_STORES = 'All stores';

/** Where a featured product shows, in words: 'All stores' (none chosen), else the chosen stores' names in the store's order. */
export function featuredStoresText(stores: readonly number[], locations: readonly { id: number; name: string }[]): string {
  if (!stores.length) return FEATURED_ALL_STORES;
  const names = locations.filter((l) => stores.includes(l.id)).map((l) => l.name);
  const unnamed = stores.filter((id) => !locations.some((l) => l.id === id)).map((id) => `Store ${id}`);
  return [...names, ...unnamed].join(', ');
}

export const REMOVE_FEATURED_QUESTION = 'Remove this product from Featured Products? Shoppers will no longer see it on the home page.';

/** The SKUs with the one at `index` moved one place up (-1) or down (1); the same list when it cannot move. */
export function moveFeatured(skus: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  const moved = [...skus];
  if (index < 0 || index >= skus.length || to < 0 || to >= skus.length) return moved;
  [moved[index], moved[to]] = [moved[to], moved[index]];
  return moved;
}

/** Whether an asked-for order lists exactly the featured SKUs, each once (else the list changed meanwhile). */
export function sameFeaturedSet(asked: readonly string[], featured: readonly string[]): boolean {
  if (asked.length !== featured.length || new Set(asked).size !== asked.length) return false;
  const have = new Set(featured);
  return asked.every((sku) => have.has(sku));
}
