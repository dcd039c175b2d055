import { displayPrice } from './money';

/** Items without a weight on the product (extra.weight, in pounds) count as this much. */
export const DEFAULT_ITEM_WEIGHT_LB = 1;

/** A shipping option as the cart offers it (spec: carrier, service, handling_fee). Money in cents. */
export interface ShippingQuote {
  /** Stable for the same carrier and service, so a choice survives a re-quote after the cart changes. */
  id: string;
  carrier: string;
  service: string;
  rateCents: number;
  handlingFeeCents: number;
  deliveryDays: string | null;
}

/** One band of a table rate: the fee for parcels up to this weight (null: any weight above the others). */
export interface WeightBand { upToWeightLb: number | null; feeCents: number }

/** A store's own shipping service, priced by parcel weight, free from a subtotal where set. */
export interface TableRate {
  carrier: string;
  service: string;
  deliveryDays: string;
  bands: WeightBand[];
  freeOverCents: number | null;
}

export const shippingQuoteId = (carrier: string, service: string) =>
  `${carrier}-${service}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Parcel weight of the cart's lines in pounds, to 2 decimals. */
export function parcelWeightLb(lines: { quantity: number; extra: Record<string, unknown> }[]): number {
  const total = lines.reduce((sum, line) => {
    const weight = Number(line.extra.weight);
    return sum + line.quantity * (Number.isFinite(weight) && weight > 0 ? weight : DEFAULT_ITEM_WEIGHT_LB);
  }, 0);
  return Math.round(total * 100) / 100;
}

/**
 * Quotes from the store's table rates: each service's first band that holds the parcel's weight (bands
 * sorted by weight, open-ended last); a service with no band that fits is not offered; free from its
 * subtotal threshold. The handling fee is added to every option.
 */
export function tableRateQuotes(rates: TableRate[], parcel: { weightLb: number; subtotalCents: number }, handlingFeeCents: number): ShippingQuote[] {
  const quotes: ShippingQuote[] = [];
  for (const rate of rates) {
    const bands = [...rate.bands].sort((a, b) => (a.upToWeightLb ?? Infinity) - (b.upToWeightLb ?? Infinity));
    const band = bands.find((b) => b.upToWeightLb === null || parcel.weightLb <= b.upToWeightLb);
    if (!band) continue;
    const free = rate.freeOverCents !== null && parcel.subtotalCents >= rate.freeOverCents;
    quotes.push({
      id: shippingQuoteId(rate.carrier, rate.service), carrier: rate.carrier, service: rate.service,
      rateCents: free ? 0 : band.feeCents, handlingFeeCents, deliveryDays: rate.deliveryDays || null,
    });
  }
  return quotes.sort((a, b) => shippingChargeCents(a) - shippingChargeCents(b));
}

/** What the shopper pays for an option: the carrier's rate plus the store's handling fee. */
export const shippingChargeCents = (quote: Pick<ShippingQuote, 'rateCents' | 'handlingFeeCents'>) => quote.rateCents + quote.handlingFeeCents;

/** The shipping line of the summary: asks for an address, then for a choice, then shows the charge (chargeCents: after a free-shipping code). */
export function shippingChargeLabel(state: { hasAddress: boolean; quote: ShippingQuote | null; chargeCents?: number }, currencyPrefix = '$'): string {
  if (!state.hasAddress) return 'Add address to calculate';
  if (!state.quote) return 'Choose a shipping option';
  const cents = state.chargeCents ?? shippingChargeCents(state.quote);
  return cents === 0 ? 'FREE' : displayPrice(cents, currencyPrefix);
}

/** Country names shoppers type for the United States (or none) become the code address calls send (spec 2: USA is sent as US). */
export function countryCode(country: string | undefined): string {
  const value = (country ?? '').trim();
  return value === '' || /^(usa|us|united states( of america)?)$/i.test(value) ? 'US' : value.toUpperCase();
}

/** A US street address complete enough to quote and ship to; the message names what is missing. */
export function shippingAddressProblem(address: { address?: string; city?: string; state?: string; zip?: string; country?: string }): string | null {
  const missing = (['address', 'city', 'state', 'zip'] as const).filter((field) => !(address[field] ?? '').trim());
  if (missing.length) return `Please enter the ${missing.map((f) => (f === 'zip' ? 'zip code' : f)).join(', ')} to get shipping quotes.`;
  if (!/^\d{5}(-\d{4})?$/.test(address.zip!.trim())) return 'Please enter a valid zip code.';
  if (countryCode(address.country) !== 'US') return 'We ship within the United States only.';
  return null;
}
