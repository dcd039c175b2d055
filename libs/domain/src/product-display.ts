import { toCents } from './money';
import { specialOrderAllowed } from './stock';

/** What display and ordering rules read from a product at a location. */
export interface DisplayProduct {
  price: string;
  promo_price: string | null;
  num_inventory: number;
  vendor_id: number | null;
  vendor_allows_special_order: boolean;
  extra: Record<string, unknown>;
  settings: Record<string, unknown>;
}

/**
 * The store's special-order switches as the ordering rules read them, from the business details
 * (show_oos_special) and the store settings (cart.allowSpecialOrderVendors): one place for every caller.
 */
export function storeSpecialOrderFlags(business: { show_oos_special: boolean } | null | undefined, settings: { cart: { allowSpecialOrderVendors?: readonly number[] } } | null | undefined): Pick<StoreDisplayFlags, 'showOosSpecial' | 'specialOrderVendors'> {
  return { showOosSpecial: business?.show_oos_special, specialOrderVendors: settings?.cart.allowSpecialOrderVendors ?? [] };
}

/** Store-wide switches that change what a product page shows or allows. */
export interface StoreDisplayFlags {
  showOosSpecial?: boolean;
  /** The store's cart setting allowSpecialOrderVendors. */
  specialOrderVendors?: readonly number[];
  hideAllPrices?: boolean;
  disableOrdering?: boolean;
  disableSpecialOrders?: boolean;
}

export const HIDDEN_PRICE_TEXT = 'Please contact us for price';
/** Vendor whose prices are hidden while the item is out of stock (spec 1 §4). */
export const PRICE_HIDDEN_OOS_VENDOR = 2020;

const flag = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/** A promo price below the regular price, or null. */
export function activePromoCents(product: Pick<DisplayProduct, 'price' | 'promo_price'>): number | null {
  if (product.promo_price === null) return null;
  const promo = toCents(product.promo_price);
  return promo < toCents(product.price) ? promo : null;
}

/** Labels on a tile or page: 'SALE' for an active promo, 'CLEARANCE', then the item's promotion label. */
export function productBadges(product: Pick<DisplayProduct, 'price' | 'promo_price' | 'extra'>): string[] {
  const badges: string[] = [];
  if (activePromoCents(product) !== null) badges.push('SALE');
  if (flag(product.extra.clearance)) badges.push('CLEARANCE');
  if (typeof product.extra.promoLabel === 'string' && product.extra.promoLabel.trim()) badges.push(product.extra.promoLabel.trim());
  return badges;
}

/** Price hidden by the item, by the store, or for vendor 2020 while out of stock. */
export function isPriceHidden(product: Pick<DisplayProduct, 'extra' | 'settings' | 'vendor_id' | 'num_inventory'>, store: StoreDisplayFlags = {}): boolean {
  return Boolean(store.hideAllPrices) || flag(product.extra.hide_price) || flag(product.settings.hidePrice) || flag(product.settings.hide_price)
    || (product.vendor_id === PRICE_HIDDEN_OOS_VENDOR && product.num_inventory <= 0);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The words shown instead of a hidden price: the item's own (settings.hidePriceText), else the default. */
export function hiddenPriceText(product: Pick<DisplayProduct, 'settings'>): string {
  return text(product.settings.hidePriceText) ?? HIDDEN_PRICE_TEXT;
}

/** The label before a struck-through regular price: the item's settings.regText, else 'reg.'. */
export function regularPriceLabel(product: Pick<DisplayProduct, 'settings'>): string {
  return text(product.settings.regText) ?? 'reg.';
}

/** Stock counts hidden for the item (extra.hide_quantity or settings.hideQuantity): labels say In Stock without numbers. */
export function hidesStockCount(product: Pick<DisplayProduct, 'extra' | 'settings'>): boolean {
  return flag(product.extra.hide_quantity) || flag(product.settings.hideQuantity);
}

export interface OrderingState {
  /** Can be added to the cart at all. */
  allowed: boolean;
  /** Added as a special order (out of stock, but the vendor or item allows ordering it in). */
  specialOrder: boolean;
  /** Why ordering is off, for the shopper; null when allowed. */
  reason: string | null;
}

export const NOT_ORDERED_ONLINE = 'This item is not available to order online. Please contact the store.';

/** The item or store switches that keep it from being ordered online whatever its stock (spec 1 §4): the reason, or null. */
export function orderingOffReason(product: Pick<DisplayProduct, 'extra' | 'settings'>, store: Pick<StoreDisplayFlags, 'disableOrdering'> = {}): string | null {
  return store.disableOrdering || flag(product.extra.disable_order) || flag(product.settings.disableOrdering) || flag(product.settings.disable_order) ? NOT_ORDERED_ONLINE : null;
}

/** Ordering rules of spec 1 §4: item or store switches, and zero stock without special-order permission. */
export function orderingState(product: DisplayProduct, store: StoreDisplayFlags = {}): OrderingState {
  const off = orderingOffReason(product, store);
  if (off) return { allowed: false, specialOrder: false, reason: off };
  if (product.num_inventory > 0) return { allowed: true, specialOrder: false, reason: null };
  const special = !store.disableSpecialOrders && specialOrderAllowed({
    inventory: product.num_inventory,
    vendorAllowsSpecialOrder: product.vendor_allows_special_order,
    vendorId: product.vendor_id, specialOrderVendors: store.specialOrderVendors,
    alwaysAllowSpecialOrder: flag(product.extra.always_allow_special_order),
    showOosSpecial: store.showOosSpecial,
    hasVendor: product.vendor_id !== null,
  });
  return special
    ? { allowed: true, specialOrder: true, reason: null }
    : { allowed: false, specialOrder: false, reason: 'This item is out of stock at this store.' };
}

/** Spec 1 §3 item settings: the default words for an item that cannot go out by local delivery or by carrier. */
export const NOT_FOR_DELIVERY = 'Not available for delivery';
export const NOT_FOR_SHIPPING = 'Not available for shipping';

type LimitedMode = 'delivery' | 'shipping';
const LIMIT_SETTINGS: Record<LimitedMode, { flag: string; text: string; fallback: string }> = {
  delivery: { flag: 'disableDelivery', text: 'disableDeliveryText', fallback: NOT_FOR_DELIVERY },
  shipping: { flag: 'disableShipping', text: 'disableShippingText', fallback: NOT_FOR_SHIPPING },
};

/**
 * Why the item cannot go out this way (settings.disableDelivery / disableShipping): the item's own words
 * (disableDeliveryText / disableShippingText), else 'Not available for delivery' / '... shipping'; null when it can.
 */
export function itemModeLimit(product: Pick<DisplayProduct, 'settings'>, mode: LimitedMode): string | null {
  const rule = LIMIT_SETTINGS[mode];
  return flag(product.settings?.[rule.flag]) ? text(product.settings[rule.text]) ?? rule.fallback : null;
}

/** The item's limits the shopper is told about where the store offers that mode at all (product page, cart line). */
export function itemModeNotes(product: Pick<DisplayProduct, 'settings'>, offered: { delivery_enabled: boolean; shipping_enabled: boolean }): string[] {
  return (['delivery', 'shipping'] as const).filter((mode) => offered[`${mode}_enabled`]).map((mode) => itemModeLimit(product, mode)).filter((note): note is string => note !== null);
}

/** A cart line as the fulfilment rules read it. */
export interface ModeLimitedLine { title: string; settings: Record<string, unknown> }

/** The cart lines that keep the whole cart from going out this way (one line that cannot be delivered keeps the order from delivery). */
export function linesBlockingMode(lines: ModeLimitedLine[], mode: LimitedMode): ModeLimitedLine[] {
  return lines.filter((line) => itemModeLimit(line, mode) !== null);
}

/**
 * The cart's checkout_types (spec 1 §3): the modes the store offers, less delivery or shipping when any line
 * forbids it. The cart page's tabs and the checkout's check both follow this.
 */
export function cartCheckoutTypes(store: { pickup_enabled: boolean; delivery_enabled: boolean; shipping_enabled: boolean }, lines: ModeLimitedLine[]) {
  return {
    pickup: store.pickup_enabled,
    delivery: store.delivery_enabled && linesBlockingMode(lines, 'delivery').length === 0,
    shipping: store.shipping_enabled && linesBlockingMode(lines, 'shipping').length === 0,
  };
}

/** The refusal of an order by delivery or shipping that one of its lines forbids, naming that item; null when every line allows it. */
export function forbiddenModeProblem(lines: ModeLimitedLine[], mode: number): string | null {
  const name: LimitedMode | null = mode === 1 ? 'delivery' : mode === 2 ? 'shipping' : null;
  const blocked = name ? linesBlockingMode(lines, name) : [];
  if (!name || blocked.length === 0) return null;
  const items = blocked.map((line) => line.title).join(', ');
  return `${items} ${blocked.length === 1 ? 'is' : 'are'} not available for ${name}. Remove ${blocked.length === 1 ? 'it' : 'them'} from your cart or choose another way to get your order.`;
}
