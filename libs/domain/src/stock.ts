/** What the stock label depends on: the store product and the store's flags. */
export interface StockInput {
  inventory: number;
  qtyMessage?: string | null;
  /** The item's own words for 'Special Order' (item setting specialOrderTitle). */
  specialOrderTitle?: string | null;
  vendorAllowsSpecialOrder?: boolean;
  /** The item's vendor number, checked against the store's list (vendorId in specialOrderVendors). */
  vendorId?: number | null;
  /** The store's cart setting allowSpecialOrderVendors: vendors whose out-of-stock items may be special-ordered. */
  specialOrderVendors?: readonly number[];
  alwaysAllowSpecialOrder?: boolean;
  showOosSpecial?: boolean;
  hasVendor?: boolean;
  /** 'Only N Left' shows for inventory from 1 up to this number (the store's products.lowStockThreshold; 0: never). */
  lowStockThreshold?: number;
  showStockLevel?: boolean;
  /** The item's stock count is not shown (hide_quantity): no 'Only N Left' or 'In Stock: N'. */
  hideCount?: boolean;
  /** Out of stock but more is on order from the supplier (extra.onOrder). */
  onOrder?: boolean;
}

export type StockState = 'custom' | 'out-of-stock' | 'on-order' | 'special-order' | 'low-stock' | 'in-stock';

export interface StockLabel {
  state: StockState;
  text: string;
}

/**
 * Special order is allowed by the vendor (its own flag on the store product, or the store lists it in
 * allowSpecialOrderVendors), by the item flag, or by show_oos_special with a vendor.
 */
export function specialOrderAllowed(input: StockInput): boolean {
  const listed = input.vendorId != null && Boolean(input.specialOrderVendors?.includes(input.vendorId));
  return Boolean(input.vendorAllowsSpecialOrder || listed || input.alwaysAllowSpecialOrder || (input.showOosSpecial && input.hasVendor));
}

/** The 'configured minimum' of spec 1 §4 Stock display when a store has not set one. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** A store's threshold as set, else the default (a missing, negative or fractional value is not a setting). */
export function lowStockThresholdOf(setting: number | null | undefined): number {
  return typeof setting === 'number' && Number.isInteger(setting) && setting >= 0 ? setting : DEFAULT_LOW_STOCK_THRESHOLD;
}

/** Stock label by the spec's precedence: custom message, out of stock / special order, only N left, in stock. */
export function stockLabel(input: StockInput): StockLabel {
  if (input.qtyMessage) return { state: 'custom', text: input.qtyMessage };
  if (input.inventory <= 0) {
    if (specialOrderAllowed(input)) return { state: 'special-order', text: input.specialOrderTitle?.trim() || 'Special Order' };
    return input.onOrder ? { state: 'on-order', text: 'On Order' } : { state: 'out-of-stock', text: 'Out of Stock' };
  }
  if (input.hideCount) return { state: 'in-stock', text: 'In Stock' };
  const threshold = lowStockThresholdOf(input.lowStockThreshold);
  if (input.inventory <= threshold) return { state: 'low-stock', text: `Only ${input.inventory} Left` };
  return { state: 'in-stock', text: input.showStockLevel ? `In Stock: ${input.inventory}` : 'In Stock' };
}
