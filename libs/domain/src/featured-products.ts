/**
 * The store's featured products (spec 3 /admin/featured, shown as the home page's Featured Products): how many,
 * and the words the API and the owner's screen use.
 */
export const FEATURED_PRODUCTS_LIMIT = 48;

export const FEATURED_PRODUCT_NOT_FOUND = 'Product not found.';
export const FEATURED_ALREADY = 'This product is already featured.';
export const FEATURED_FULL = `A store can feature up to ${FEATURED_PRODUCTS_LIMIT} products. Remove one before adding another.`;
export const FEATURED_NOT_FEATURED = 'This product is not featured.';
export const FEATURED_ORDER_STALE = 'The featured products changed while you were ordering them. Reload the list and try again.';
export const FEATURED_ADDED = 'Featured product added.';
export const FEATURED_REMOVED = 'Featured product removed.';
export const FEATURED_REORDERED = 'Featured products reordered.';
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
