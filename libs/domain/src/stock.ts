/** What the stock label depends on: the store product and the store's flags. */
export interface StockInput {
  inventory: number;
  qtyMessage?: string | null;
  vendorAllowsSpecialOrder?: boolean;
  alwaysAllowSpecialOrder?: boolean;
  showOosSpecial?: boolean;
  hasVendor?: boolean;
  /** 'Only N Left' shows for inventory from 1 up to this number. */
  lowStockThreshold?: number;
  showStockLevel?: boolean;
}

export type StockState = 'custom' | 'out-of-stock' | 'special-order' | 'low-stock' | 'in-stock';

export interface StockLabel {
  state: StockState;
  text: string;
}

/** Special order is allowed by the vendor, by the item flag, or by show_oos_special with a vendor. */
export function specialOrderAllowed(input: StockInput): boolean {
  return Boolean(input.vendorAllowsSpecialOrder || input.alwaysAllowSpecialOrder || (input.showOosSpecial && input.hasVendor));
}

/** Stock label by the spec's precedence: custom message, out of stock / special order, only N left, in stock. */
export function stockLabel(input: StockInput): StockLabel {
  if (input.qtyMessage) return { state: 'custom', text: input.qtyMessage };
  if (input.inventory <= 0) {
    return specialOrderAllowed(input)
      ? { state: 'special-order', text: 'Special Order' }
      : { state: 'out-of-stock', text: 'Out of Stock' };
  }
  const threshold = input.lowStockThreshold ?? 5;
  if (input.inventory <= threshold) return { state: 'low-stock', text: `Only ${input.inventory} Left` };
  return { state: 'in-stock', text: input.showStockLevel ? `In Stock: ${input.inventory}` : 'In Stock' };
}
