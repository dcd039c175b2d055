import type { DisplayProduct, StoreDisplayFlags } from './product-display';
import { orderingState } from './product-display';
import { specialOrderAllowed } from './stock';

export const MAX_QUANTITY = 9999;
/** Business whose pack products may be ordered in any quantity (spec 1 §5). */
export const PACK_EXEMPT_BUSINESS_ID = 5104;
export const ADMIN_CANNOT_ADD = "You can't add products as Admin";
/** The title of the dialog that shows the store's refusal of an add to cart (spec 1 §8, spec 2 §8). */
export const ADD_TO_CART_ERROR_TITLE = 'Add to Cart Error';
/** That dialog's words when the store could not be reached at all (no answer to show). */
export const ADD_TO_CART_UNREACHABLE = 'We could not reach the store. Please check your connection and try again.';
/** How long the add-to-cart success toast stays (spec 1 §9, spec 2 §9: 5000 ms). */
export const ADDED_TO_CART_TOAST_MS = 5000;
/** The add-to-cart success toast. */
export const addedToCartMessage = (title: string) => `Added to Cart: ${title}`;

const numberFlag = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

/** The pack size quantities must be a multiple of, or 1 (no pack, or the exempt business). */
export function packSize(extra: Record<string, unknown>, businessId: number | null): number {
  if (businessId === PACK_EXEMPT_BUSINESS_ID) return 1;
  return numberFlag(extra.fpack) ?? 1;
}

/**
 * The quantity box as typed (spec 1 §5): a blank value becomes 1 (one pack for pack products), anything
 * that is not a whole number from 0 to 9999 restores the previous quantity.
 */
export function parseQuantityInput(text: string, previous: number, pack = 1): number {
  const trimmed = text.trim();
  if (trimmed === '') return pack;
  if (!/^\d{1,4}$/.test(trimmed)) return previous;
  return Number(trimmed);
}

/** The next quantity for the plus and minus buttons: they step by the pack size, never below 0 or above 9999. */
export function stepQuantity(current: number, direction: 1 | -1, pack = 1): number {
  return Math.min(MAX_QUANTITY - (MAX_QUANTITY % pack), Math.max(0, current + direction * pack));
}

export interface QuantityCheck {
  product: DisplayProduct;
  quantity: number;
  businessId: number | null;
  isAdmin?: boolean;
  store?: StoreDisplayFlags;
  /** The cart panel's wording adds a request to reduce the quantity. */
  panel?: boolean;
}

export interface QuantityVerdict {
  ok: boolean;
  /** The message to show (the spec's wording), null when ok. */
  message: string | null;
  /** Out of stock but orderable: the line goes into the special-order parcel. */
  specialOrder: boolean;
}

/** A quantity is a whole number from 0 to 9999: the message, or null. */
export const wholeQuantityProblem = (quantity: number): string | null =>
  !Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY ? `Quantity must be a whole number from 0 to ${MAX_QUANTITY}.` : null;

/**
 * The product's own limits on a quantity, whatever the stock (checkQuantity adds whether it may be ordered now and
 * the stock): a whole number from 0 to 9999, its maximum and its pack. The message (the spec's wording), or null.
 */
export function quantityLimitProblem({ product, quantity, businessId, panel }: Pick<QuantityCheck, 'product' | 'quantity' | 'businessId' | 'panel'>): string | null {
  const whole = wholeQuantityProblem(quantity);
  if (whole || quantity === 0) return whole;
  const max = numberFlag(product.extra.max_order_quantity);
  if (max !== null && quantity > max) return `Max allowed limit is ${max}${panel ? ' , Please reduce quantity' : ''}`;
  const pack = packSize(product.extra, businessId);
  if (quantity % pack !== 0) return `Must be ordered in multiple of ${pack}`;
  return null;
}

/**
 * Every quantity rule of spec 1 §4-§5 in one place; the cart service enforces it, the UI shows the same
 * message before asking. Quantity 0 is valid (it removes the line).
 */
export function checkQuantity(check: QuantityCheck): QuantityVerdict {
  const { product, quantity, isAdmin, store, panel } = check;
  const fail = (message: string): QuantityVerdict => ({ ok: false, message, specialOrder: false });
  if (isAdmin) return fail(ADMIN_CANNOT_ADD);
  const whole = wholeQuantityProblem(quantity);
  if (whole) return fail(whole);
  if (quantity === 0) return { ok: true, message: null, specialOrder: false };
  const ordering = orderingState(product, store);
  if (!ordering.allowed) return fail(ordering.reason ?? 'This item cannot be ordered.');
  const limit = quantityLimitProblem(check);
  if (limit) return fail(limit);
  if (quantity <= product.num_inventory) return { ok: true, message: null, specialOrder: false };
  // More than the store holds: fine as a special order when the vendor, the item or the store allows one.
  const special = !store?.disableSpecialOrders && specialOrderAllowed({
    inventory: product.num_inventory, vendorAllowsSpecialOrder: product.vendor_allows_special_order,
    vendorId: product.vendor_id, specialOrderVendors: store?.specialOrderVendors,
    alwaysAllowSpecialOrder: product.extra.always_allow_special_order === true, showOosSpecial: store?.showOosSpecial, hasVendor: product.vendor_id !== null,
  });
  if (special) return { ok: true, message: null, specialOrder: true };
  return fail(`Store has only ${Math.max(0, product.num_inventory)} in stock.${panel ? ' Please reduce quantity' : ''}`);
}
