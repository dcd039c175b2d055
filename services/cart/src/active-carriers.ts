import { createHash } from 'node:crypto';
import { shippingQuoteId } from '@platform/domain';
import { AppError, TtlCache, type RequestContext } from '@platform/server-kit';
import { getBusinessDetails, getShippingCarrierAccount } from '@platform/tenant-settings';
import { EasyPostCarrier, tableRatesOf } from './carriers';

/** A carrier the store ships with, as the checkout's Shipping choice names it; services where the store priced them itself. */
export interface ActiveCarrier {
  /** The carrier's name in the quote ids' form ('store-shipping', 'usps'): a quote's id starts with it. */
  id: string;
  name: string;
  source: 'table_rate' | 'easypost';
  /** The table rates' services (each id is the quote id it is offered under); empty for an EasyPost account, whose services come with its quotes. */
  services: { id: string; name: string; delivery_days: string | null }[];
}

export const CARRIERS_NOT_AVAILABLE = 'Shipping carriers are not available right now. Please try again in a moment.';

const carrierId = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** EasyPost's list of a store's carrier accounts changes when the owner connects one: kept 10 minutes per store and key, per process. */
const easyPostAccounts = new TtlCache(10 * 60_000);

/**
 * GET active-shipping-carriers: the carriers of the store's shipping settings. A store with a connected EasyPost
 * account ships with that account's carriers (asked of EasyPost through the SDK); otherwise with the carriers of
 * its own table rates, each with its services. A store that does not ship: none.
 */
export async function activeShippingCarriers(ctx: RequestContext, onCarrierError: (err: unknown) => void = () => {}): Promise<ActiveCarrier[]> {
  const [business, account] = await Promise.all([getBusinessDetails(ctx), getShippingCarrierAccount(ctx)]);
  if (!business.shipping_enabled) return [];
  if (account.adapter === 'easypost') {
    // The cache key names the key only by a digest: no secret is kept as a map key.
    const key = `${ctx.tenantId}:${createHash('sha256').update(account.apiKey).digest('hex').slice(0, 16)}`;
    let accounts: { type: string; name: string }[];
    try {
      accounts = await easyPostAccounts.get(key, () => new EasyPostCarrier(account.apiKey).carrierAccounts());
    } catch (err) {
      onCarrierError(err);
      throw new AppError('unavailable', CARRIERS_NOT_AVAILABLE);
    }
    const byId = new Map<string, ActiveCarrier>();
    // A store may connect two accounts of one carrier: the shopper sees the carrier once.
    for (const { name } of accounts) if (name && !byId.has(carrierId(name))) byId.set(carrierId(name), { id: carrierId(name), name, source: 'easypost', services: [] });
    return [...byId.values()];
  }
  const byId = new Map<string, ActiveCarrier>();
  for (const rate of tableRatesOf(business)) {
    const id = carrierId(rate.carrier);
    if (!id) continue;
    const carrier = byId.get(id) ?? { id, name: rate.carrier, source: 'table_rate' as const, services: [] };
    carrier.services.push({ id: shippingQuoteId(rate.carrier, rate.service), name: rate.service, delivery_days: rate.deliveryDays || null });
    byId.set(id, carrier);
  }
  return [...byId.values()];
}
