import EasyPostClient from '@easypost/api';
import { formatCents, shippingChargeCents, shippingQuoteId, tableRateQuotes, toCents, type ShippingQuote, type TableRate } from '@platform/domain';
import type { BusinessDetails, StoreLocation } from '@platform/contracts';
import type { ShippingCarrierAccount } from '@platform/tenant-settings';
import type { CartAddress } from './cart-store';

/** What a carrier needs to price a parcel: the store it leaves from, where it goes, its weight and value. */
export interface QuoteRequest { from: StoreLocation; to: CartAddress; weightLb: number; subtotalCents: number }

/** A source of shipping prices. Quotes come back without the store's handling fee (the caller adds it). */
export interface ShippingCarrier { quotes(request: QuoteRequest): Promise<Omit<ShippingQuote, 'handlingFeeCents'>[]> }

/** The built-in default: the store's own table rates from business details (shipping_settings). */
export class TableRateCarrier implements ShippingCarrier {
  constructor(private readonly rates: TableRate[]) {}

  async quotes(request: QuoteRequest) {
    return tableRateQuotes(this.rates, request, 0).map(({ handlingFeeCents: _, ...quote }) => quote);
  }
}

export function tableRatesOf(business: BusinessDetails): TableRate[] {
  return business.shipping_settings.table_rates.map((r) => ({
    carrier: r.carrier, service: r.service, deliveryDays: r.delivery_days, freeOverCents: r.free_over === null ? null : toCents(r.free_over),
    bands: r.bands.map((b) => ({ upToWeightLb: b.up_to_weight, feeCents: toCents(b.fee) })),
  }));
}

/** The official SDK's client for a store's key (8 s per call), pointed at EASYPOST_API_URL when set. */
export const easyPostClient = (apiKey: string, baseUrl = process.env.EASYPOST_API_URL) =>
  new EasyPostClient(apiKey, { timeout: 8000, ...(baseUrl ? { baseUrl } : {}) });

/**
 * Live rates from the store's EasyPost account through the official SDK: one shipment per quote request
 * (from the store's address to the shopper's), its rates in USD. EASYPOST_API_URL points the SDK at
 * another endpoint (a sandbox proxy, or the local stand-in the tests run).
 */
export class EasyPostCarrier implements ShippingCarrier {
  private readonly client: InstanceType<typeof EasyPostClient>;

  constructor(apiKey: string, baseUrl = process.env.EASYPOST_API_URL) {
    this.client = easyPostClient(apiKey, baseUrl);
  }

  async quotes(request: QuoteRequest) {
    const shipment = await this.client.Shipment.create({
      from_address: { company: request.from.name, street1: request.from.address, city: request.from.city, state: request.from.state, zip: request.from.zip, country: 'US', phone: request.from.phone },
      to_address: { street1: request.to.address, street2: request.to.address2, city: request.to.city, state: request.to.state, zip: request.to.zip, country: request.to.country || 'US' },
      // EasyPost weighs parcels in ounces.
      parcel: { weight: Math.max(1, Math.ceil(request.weightLb * 16)) },
    });
    return (shipment.rates ?? [])
      .filter((rate) => (rate.currency ?? 'USD') === 'USD')
      .map((rate) => ({
        // A stable id (not EasyPost's per-shipment rate id), so the choice survives a re-quote.
        id: shippingQuoteId(rate.carrier, rate.service), carrier: rate.carrier, service: rate.service, rateCents: toCents(rate.rate),
        deliveryDays: rate.delivery_days ? `${rate.delivery_days} day${rate.delivery_days === 1 ? '' : 's'}` : null,
      }))
      .sort((a, b) => a.rateCents - b.rateCents);
  }

  /** The carrier accounts connected to the store's EasyPost account (GET carrier_accounts), as the shopper sees their names. */
  async carrierAccounts(): Promise<{ type: string; name: string }[]> {
    const accounts = await this.client.CarrierAccount.all();
    return (Array.isArray(accounts) ? accounts : []).map((account) => ({ type: String(account.type ?? ''), name: String(account.readable || account.type || '') }));
  }

  /**
   * EasyPost's delivery verification of an address (POST addresses with `verify`): the address as the carrier
   * corrected it, or the fields it could not verify. An outage or a refused key throws (the caller decides).
   */
  async verifyAddress(to: CartAddress): Promise<AddressVerification> {
    const verified = await this.client.Address.create({
      street1: to.address, street2: to.address2, city: to.city, state: to.state, zip: to.zip, country: to.country || 'US', verify: true,
    });
    const delivery = verified.verifications?.delivery;
    if (!delivery?.success) {
      const fields = new Set((delivery?.errors ?? []).map((e) => EASYPOST_FIELDS[String(e.field)] ?? 'address'));
      if (!fields.size) fields.add('address');
      return { ok: false, fields: [...fields] };
    }
    return {
      ok: true,
      address: {
        address: verified.street1 || to.address, address2: verified.street2 ?? '', city: verified.city || to.city, state: verified.state || to.state,
        zip: verified.zip || to.zip, country: verified.country || to.country,
      },
    };
  }
}

/** Our address fields by EasyPost's names. */
const EASYPOST_FIELDS: Record<string, keyof CartAddress> = { street1: 'address', street2: 'address2', city: 'city', state: 'state', zip: 'zip', country: 'country' };

/** A verified address (the carrier's corrections applied), or the fields the carrier could not match. */
export type AddressVerification = { ok: true; address: CartAddress } | { ok: false; fields: (keyof CartAddress)[] };

/** The carrier a store quotes with: its connected account where it has one, else its table rates. */
export function carrierFor(account: ShippingCarrierAccount, business: BusinessDetails): ShippingCarrier {
  return account.adapter === 'easypost' ? new EasyPostCarrier(account.apiKey) : new TableRateCarrier(tableRatesOf(business));
}

/**
 * What the quotes were priced for: the destination zip, the parcel's weight and the goods' value. A cart
 * whose basis has changed since shows no shipping charge until it is quoted again.
 */
export const shippingBasis = (zip: string | null | undefined, weightLb: number, subtotalCents: number) => `${zip ?? ''}|${weightLb}|${subtotalCents}`;

/** A quote as the API shows it (money as 2-decimal strings). */
export function quoteView(quote: ShippingQuote) {
  return {
    id: quote.id, carrier: quote.carrier, service: quote.service, rate: formatCents(quote.rateCents), handling_fee: formatCents(quote.handlingFeeCents),
    total: formatCents(shippingChargeCents(quote)), delivery_days: quote.deliveryDays,
  };
}
