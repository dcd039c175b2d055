/** Shipping labels (spec 3 carrier admin, admin/shipping/*): the rules the API and the admin's Create label form share. */

export const CARRIER_NOT_CONNECTED = "Connect the store's EasyPost account first (Orders › Shipping labels › Carriers).";
export const CARRIER_KEY_REFUSED = 'EasyPost refused this API key. Check it in your EasyPost dashboard (API Keys) and paste it again.';
export const CARRIER_NOT_ANSWERING = 'EasyPost is not answering right now. Nothing was bought or changed; please try again in a moment.';
export const STORE_KEY_REFUSED = "EasyPost refused the store's API key. The store owner can connect the account again under Orders › Shipping labels › Carriers.";
export const API_KEY_NEEDED = 'Please paste the API key from your EasyPost dashboard.';
export const ONLY_STORE_OWNER_CARRIERS = 'Only the store owner can connect or remove a shipping account.';
export const QUOTES_EXPIRED = 'These rates have expired. Please get rates again.';
export const RATE_NOT_OFFERED = 'Choose one of the rates offered for this parcel.';
export const NO_RATES = 'No carrier offered a rate for this parcel. Check its weight and size, and the shipping address.';
export const LABEL_NOT_FOUND = 'This label was not found.';

/** The platform's label carriers (getAvailableCarriers): EasyPost, and the suppliers' drop-ship services. */
export const LABEL_CARRIER_IDS = ['easypost', 'doitbest', 'emery'] as const;
export type LabelCarrierId = (typeof LABEL_CARRIER_IDS)[number];
/** The suppliers that ship a store's order from their own warehouse (spec 3 §7 supplier shipping). */
export const DROP_SHIP_SUPPLIERS = ['doitbest', 'emery'] as const;
export type DropShipSupplier = (typeof DROP_SHIP_SUPPLIERS)[number];
export const isDropShipSupplier = (id: string): id is DropShipSupplier => (DROP_SHIP_SUPPLIERS as readonly string[]).includes(id);
/** Each carrier by name, and the warehouses a supplier ships from (Do it Best's are its RSCs, Retail Service Centers). */
export const LABEL_CARRIER_NAMES: Record<LabelCarrierId, string> = { easypost: 'EasyPost', doitbest: 'Do it Best', emery: 'Emery' };
export const SUPPLIER_ACCOUNT_NUMBER_LABELS: Record<DropShipSupplier, string> = { doitbest: 'Member number', emery: 'Customer number' };

/** Not connected: EasyPost's words above; a supplier's drop-ship account, who connects it. */
export const carrierNotConnected = (carrier: LabelCarrierId) => (carrier === 'easypost' ? CARRIER_NOT_CONNECTED
  : `Connect the store's ${LABEL_CARRIER_NAMES[carrier]} drop-ship account first (the store owner, under Orders › Shipping labels).`);
/** The carrier refused the store's stored credentials (409). */
export const storeCredentialsRefused = (carrier: LabelCarrierId) => (carrier === 'easypost' ? STORE_KEY_REFUSED
  : `${LABEL_CARRIER_NAMES[carrier]} refused the store's drop-ship credentials. The store owner can connect the account again under Orders › Shipping labels.`);
/** The carrier did not answer (503): nothing was bought or sent. */
export const carrierNotAnswering = (carrier: LabelCarrierId) => (carrier === 'easypost' ? CARRIER_NOT_ANSWERING
  : `${LABEL_CARRIER_NAMES[carrier]} is not answering right now. Nothing was sent or changed; please try again in a moment.`);
/** Credentials a supplier refused when connecting (422 on `credentials.api_key`). */
export const supplierCredentialsRefused = (supplier: DropShipSupplier) =>
  `${LABEL_CARRIER_NAMES[supplier]} refused this ${SUPPLIER_ACCOUNT_NUMBER_LABELS[supplier].toLowerCase()} and API key. Check both with ${LABEL_CARRIER_NAMES[supplier]} and enter them again.`;
export const accountNumberProblem = (supplier: DropShipSupplier, value: string): string | null =>
  (/^[A-Za-z0-9-]{3,20}$/.test(value.trim()) ? null : `Please give the store's ${LABEL_CARRIER_NAMES[supplier]} ${SUPPLIER_ACCOUNT_NUMBER_LABELS[supplier].toLowerCase()} (letters and digits).`);
export const CHOOSE_RSC = 'Choose the RSC to ship from.';
export const DROP_SHIP_PREPARE_FIRST = "Prepare the drop-ship first: the supplier's quote for this order has expired, or was for another RSC.";
export const SERVICE_NOT_OFFERED = 'Choose one of the shipping services the supplier offered for this order.';
export const NO_LINES_TO_SHIP = 'This order has no line left to ship.';

/**
 * A supplier's item number the store keeps for a product (drop-ship: our SKU → the supplier's item), or the problem:
 * letters and digits, with dashes, dots or slashes between, up to 40 characters.
 */
export function supplierItemProblem(supplier: DropShipSupplier, item: string): string | null {
  return /^[A-Za-z0-9](?:[A-Za-z0-9./-]{0,38}[A-Za-z0-9])?$/.test(item)
    ? null : `Give ${LABEL_CARRIER_NAMES[supplier]}'s item number as their catalogue shows it: letters and digits (dashes, dots or slashes between), up to 40.`;
}
/** A product's supplier item number kept, or forgotten (asked by its SKU again). */
export const supplierItemRemembered = (supplier: DropShipSupplier, title: string, item: string) =>
  `${title} is asked from ${LABEL_CARRIER_NAMES[supplier]} as item ${item} from now on. Check with ${LABEL_CARRIER_NAMES[supplier]} again to see what it can send.`;
export const supplierItemForgotten = (supplier: DropShipSupplier, title: string, sku: string) =>
  `${title} is asked from ${LABEL_CARRIER_NAMES[supplier]} by its SKU ${sku} again. Check with ${LABEL_CARRIER_NAMES[supplier]} again to see what it can send.`;
/** Sent to a supplier with 'Give the shelf units back to stock': what went back (history and the answer). */
export const shelfUnitsGivenBack = (lines: { title: string; quantity: number }[]) =>
  `The shelf units are back in stock: ${lines.map((l) => `${l.quantity} × ${l.title}`).join(', ')}.`;

/** What stops a supplier from filling the lines it was asked for (409 at send), or null: the lines it has too few of. */
export function dropShipShortProblem(lines: { sku: string; quantity: number; available: number }[], from: string): string | null {
  const short = lines.filter((l) => l.available < l.quantity);
  if (!short.length) return null;
  return `${from} has too few of ${short.map((l) => `${l.sku} (${l.available} of ${l.quantity})`).join(', ')}. Choose another warehouse, or ship the order from the store.`;
}

/** An EasyPost key's mode from its prefix: test keys start EZTK, production keys EZAK. */
export function easyPostKeyMode(key: string): 'test' | 'production' | 'unknown' {
  if (key.startsWith('EZTK')) return 'test';
  if (key.startsWith('EZAK')) return 'production';
  return 'unknown';
}

/** What is wrong with a pasted API key, or null: one line of printable characters, no spaces. */
export function apiKeyProblem(key: string): string | null {
  const trimmed = key.trim();
  if (!trimmed) return API_KEY_NEEDED;
  if (!/^[\x21-\x7e]{8,200}$/.test(trimmed)) return 'This does not look like an API key: it is one word of letters and digits, as EasyPost shows it.';
  return null;
}

/** The parcel as the staff's form gives it: weight in pounds and ounces, dimensions in inches (all three, or none). */
export interface ParcelForm { weight_lb?: number | null; weight_oz?: number | null; length?: number | null; width?: number | null; height?: number | null }

/** Heavier than any parcel service takes (150 lb, the common ceiling of UPS and FedEx ground). */
export const MAX_PARCEL_OZ = 150 * 16;
/** Longer than any side a parcel service takes (108 in). */
export const MAX_PARCEL_SIDE_IN = 108;

/** The parcel's weight in ounces (to one decimal, as EasyPost takes it). */
export const parcelWeightOz = (form: ParcelForm) => Math.round(((form.weight_lb ?? 0) * 16 + (form.weight_oz ?? 0)) * 10) / 10;

/** What is wrong with a parcel, by field; empty when it can be quoted. */
export function parcelProblems(form: ParcelForm): Record<string, string> {
  const problems: Record<string, string> = {};
  const weight = parcelWeightOz(form);
  if ((form.weight_lb ?? 0) < 0 || (form.weight_oz ?? 0) < 0) problems.weight_lb = 'A weight cannot be negative.';
  else if (weight <= 0) problems.weight_lb = 'Please weigh the parcel: its weight is needed for the rates.';
  else if (weight > MAX_PARCEL_OZ) problems.weight_lb = 'Parcels over 150 lb go by freight: no parcel carrier takes them.';
  const sides = (['length', 'width', 'height'] as const).filter((side) => form[side] !== undefined && form[side] !== null);
  if (sides.length > 0 && sides.length < 3) {
    for (const side of (['length', 'width', 'height'] as const).filter((s) => !sides.includes(s))) problems[side] = 'Give all three sizes, or none.';
  }
  for (const side of sides) {
    const value = form[side] as number;
    if (!(value > 0)) problems[side] = 'A size must be more than 0 inches.';
    else if (value > MAX_PARCEL_SIDE_IN) problems[side] = `No parcel carrier takes a side over ${MAX_PARCEL_SIDE_IN} inches.`;
  }
  return problems;
}

/** EasyPost's shipping insurance: 1% of the declared value, at least $1.00 (docs.easypost.com, Shipping Insurance). */
export function insuranceFeeCents(amountCents: number): number {
  if (amountCents <= 0) return 0;
  return Math.max(100, Math.ceil(amountCents / 100));
}
/** The most a parcel may be insured for through EasyPost ($5,000). */
export const MAX_INSURED_CENTS = 500_000;

/** What is wrong with an amount to insure, or null. */
export function insuranceProblem(amountCents: number): string | null {
  if (!(amountCents > 0)) return 'Give the value of the contents to insure, more than $0.';
  if (amountCents > MAX_INSURED_CENTS) return 'Parcels can be insured for up to $5,000.';
  return null;
}

/** An order's label in its life: bought, refund asked (the carrier has it), refunded, or the refund refused (the label was used). */
export type LabelStatus = 'bought' | 'refund_submitted' | 'refunded' | 'refund_rejected';
export const LABEL_STATUS_LABELS: Record<LabelStatus, string> = {
  bought: 'Bought', refund_submitted: 'Refund requested', refunded: 'Refunded', refund_rejected: 'Refund refused (used)',
};
/** A label that still ships the order (printable, refundable). */
export const labelIsActive = (status: LabelStatus) => status === 'bought' || status === 'refund_rejected';

/**
 * Whether an order can get a label now: a shipping order with an address that the store is still filling, with no
 * active label. The problem's status: 409 for the order's state.
 */
export function labelOrderProblem(order: { orderType: string; status: string; hasAddress: boolean; activeTracking: string | null }): string | null {
  if (order.orderType !== 'shipping') return 'Labels are for shipping orders: this order is picked up or delivered by the store.';
  if (order.status === 'cancelled') return 'This order is cancelled: it needs no label.';
  if (order.status === 'completed') return 'This order is completed already: it needs no label.';
  if (order.status === 'awaiting_payment') return "This order is waiting for its card payment: it can be shipped once it is placed.";
  if (!order.hasAddress) return 'This order has no shipping address.';
  if (order.activeTracking) return `This order has a label already (tracking ${order.activeTracking}). Refund it first to buy another.`;
  return null;
}

/**
 * What refunding a label is refused for, or null (409). A refund the carrier rejected may be asked again (EasyPost:
 * one asked right after buying can be wrongly rejected).
 */
export function labelRefundProblem(status: LabelStatus): string | null {
  if (status === 'refunded') return 'This label is refunded already.';
  if (status === 'refund_submitted') return 'A refund was asked for this label already: the carrier is processing it.';
  return null;
}
export const REFUND_REJECTED = 'The carrier refused to refund this label: it has been scanned or used. The label stays on the order.';
/** A refund the carrier refused (409): a used label, or a supplier that has shipped the order already. */
export const refundRejected = (carrier: LabelCarrierId) => (carrier === 'easypost' ? REFUND_REJECTED
  : `${LABEL_CARRIER_NAMES[carrier]} has shipped this order already, so it cannot be cancelled. The tracking stays on the order.`);
