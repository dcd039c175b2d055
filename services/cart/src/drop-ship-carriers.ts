import {
  carrierErrorForStatus, centsOf, fetchLabelFile, LabelCarrierError, type BoughtLabel, type DropShipCarrier, type LabelAddress, type LabelCarrierAccount,
  type LabelLine, type LabelParcel, type LabelQuote, type LabelRefundStatus, type LabelService,
} from './label-carriers';

/**
 * The suppliers' drop-ship services (spec 3 §7 "Supplier shipping": doitbest, emery) behind the label carriers'
 * interface: the supplier packs the order's lines from one of its warehouses and ships them to the shopper, the
 * store pays the supplier's freight. Neither supplier publishes its API; these adapters speak the API our local
 * stand-ins (drop-ship-stand-ins.ts) follow, built from what spec 3 shows (rsc, shipping_service, prepare, send).
 * Neither has met a live account (docs/SHIPPING-LABELS.md): the paths and fields are to be checked against the
 * supplier's documentation before a store uses one.
 */

/** A supplier account's credentials: the member or customer number and the API key the supplier issued. */
export interface DropShipCredentials { accountNumber: string; apiKey: string }

type Json = Record<string, any>;

/** One JSON call to a supplier's API, its failures as LabelCarrierError (401/403 the key, other 4xx a refusal, else an outage). */
async function supplierCall(who: string, url: string, init: { method?: string; headers: Record<string, string>; body?: unknown }): Promise<Json> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET', headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined, signal: AbortSignal.timeout(15_000), redirect: 'error',
    });
  } catch (error) {
    throw new LabelCarrierError('unavailable', `${who} did not answer: ${(error as Error).message}`);
  }
  const answer = (await res.json().catch(() => ({}))) as Json;
  if (!res.ok) {
    const message = String(answer.error?.message ?? answer.message ?? `${who} answered ${res.status}.`);
    throw carrierErrorForStatus(res.status, message);
  }
  return answer;
}

const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;
const shipTo = (a: LabelAddress) => ({ name: a.name, address1: a.street1, address2: a.street2 || '', city: a.city, state: a.state, zip: a.zip, country: a.country || 'US', phone: a.phone || '' });
const days = (value: unknown) => (typeof value === 'number' ? value : null);
const needLines = (lines: LabelLine[] | undefined): LabelLine[] => {
  if (!lines?.length) throw new LabelCarrierError('refused', 'There is no line to ship.');
  return lines;
};

/**
 * Do it Best's drop-ship service (the co-op's RSCs, its Retail Service Centers, ship a member's order to the
 * shopper): `Authorization: Bearer <api key>` and `X-Member-Number` on every call under `/v1`.
 */
export class DoItBestDropShip implements DropShipCarrier {
  private readonly headers: Record<string, string>;

  constructor(credentials: DropShipCredentials, private readonly baseUrl = process.env.DOITBEST_API_URL ?? '') {
    this.headers = { authorization: `Bearer ${credentials.apiKey}`, 'x-member-number': credentials.accountNumber };
  }

  private call(path: string, body?: unknown) {
    if (!this.baseUrl) throw new LabelCarrierError('unavailable', 'Do it Best drop-ship is not set up on this platform (DOITBEST_API_URL).');
    return supplierCall('Do it Best', joinUrl(this.baseUrl, path), { method: body === undefined ? 'GET' : 'POST', headers: this.headers, body });
  }

  /** The RSCs the member can ship from (rscOptions). */
  async accounts(): Promise<LabelCarrierAccount[]> {
    const answer = await this.call('/v1/rscs');
    return ((answer.rscs ?? []) as Json[]).map((r) => ({ id: String(r.code), type: 'rsc', name: String(r.name ?? r.code), description: String(r.description ?? '') }));
  }

  async shippingServices(): Promise<LabelService[]> {
    const answer = await this.call('/v1/shipping-services');
    return ((answer.services ?? []) as Json[]).map((s) => ({ id: String(s.code), carrier: String(s.carrier ?? ''), service: String(s.name ?? s.code), deliveryDays: days(s.transit_days) }));
  }

  async quote(input: { from: LabelAddress; to: LabelAddress; parcel: LabelParcel | null; reference: string; lines?: LabelLine[]; origin?: string }): Promise<LabelQuote> {
    if (!input.origin) throw new LabelCarrierError('refused', 'Choose the RSC to ship from.');
    const answer = await this.call('/v1/drop-ship/quotes', {
      rsc: input.origin, po_number: input.reference, ship_to: shipTo(input.to), ship_from: { name: input.from.company || input.from.name, phone: input.from.phone || '' },
      lines: needLines(input.lines).map((l) => ({ item: l.item ?? l.sku, quantity: l.quantity })),
    });
    return {
      shipmentId: String(answer.quote_id),
      rates: ((answer.services ?? []) as Json[]).map((s) => ({ id: String(s.code), carrier: String(s.carrier ?? ''), service: String(s.name ?? s.code), rateCents: centsOf(s.charge), deliveryDays: days(s.transit_days) }))
        .sort((a, b) => a.rateCents - b.rateCents),
      messages: ((answer.messages ?? []) as unknown[]).map(String),
      lines: ((answer.lines ?? []) as Json[]).map((l) => ({ sku: String(l.item), quantity: Number(l.quantity), available: Number(l.available ?? 0), unitCostCents: l.unit_cost === undefined || l.unit_cost === null ? null : centsOf(l.unit_cost) })),
    };
  }

  async buy(shipmentId: string, rateId: string): Promise<BoughtLabel> {
    const order = await this.call('/v1/drop-ship/orders', { quote_id: shipmentId, service_code: rateId });
    if (!order.order_id || !order.tracking_number || !order.packing_slip_url) throw new LabelCarrierError('unavailable', 'Do it Best answered without an order, a tracking number or a packing slip.');
    return {
      shipmentId: String(order.order_id), rateId, carrier: String(order.carrier ?? ''), service: String(order.service ?? rateId), rateCents: centsOf(order.charge),
      insuredCents: null, insuranceFeeCents: 0, trackingCode: String(order.tracking_number), trackingUrl: order.tracking_url ? String(order.tracking_url) : null,
      fileUrl: String(order.packing_slip_url),
    };
  }

  labelFile(fileUrl: string) {
    return fetchLabelFile(fileUrl, this.baseUrl, 'Do it Best');
  }

  /** Cancels the drop-ship order: refused (rejected) once the RSC has shipped it. */
  async refund(shipmentId: string): Promise<LabelRefundStatus> {
    const answer = await this.call(`/v1/drop-ship/orders/${encodeURIComponent(shipmentId)}/cancel`, {});
    return answer.status === 'cancelled' ? 'refunded' : 'rejected';
  }
}

/**
 * Emery's drop-ship service (Emery-Waterhouse ships a customer's order from its warehouse): HTTP Basic auth with
 * the customer number and API key on every call under `/api/v2`.
 */
export class EmeryDropShip implements DropShipCarrier {
  private readonly headers: Record<string, string>;

  constructor(credentials: DropShipCredentials, private readonly baseUrl = process.env.EMERY_API_URL ?? '') {
    this.headers = { authorization: `Basic ${Buffer.from(`${credentials.accountNumber}:${credentials.apiKey}`).toString('base64')}` };
  }

  private call(path: string, body?: unknown) {
    if (!this.baseUrl) throw new LabelCarrierError('unavailable', 'Emery drop-ship is not set up on this platform (EMERY_API_URL).');
    return supplierCall('Emery', joinUrl(this.baseUrl, path), { method: body === undefined ? 'GET' : 'POST', headers: this.headers, body });
  }

  /** The warehouse the customer's account ships from. */
  async accounts(): Promise<LabelCarrierAccount[]> {
    const answer = await this.call('/api/v2/account');
    const warehouse = (answer.warehouse ?? {}) as Json;
    return warehouse.code ? [{ id: String(warehouse.code), type: 'warehouse', name: String(warehouse.name ?? warehouse.code), description: String(answer.name ?? '') }] : [];
  }

  async shippingServices(): Promise<LabelService[]> {
    const answer = await this.call('/api/v2/ship-methods');
    return ((answer.ship_methods ?? []) as Json[]).map((m) => ({ id: String(m.id), carrier: String(m.carrier ?? ''), service: String(m.description ?? m.id), deliveryDays: days(m.days) }));
  }

  async quote(input: { from: LabelAddress; to: LabelAddress; parcel: LabelParcel | null; reference: string; lines?: LabelLine[] }): Promise<LabelQuote> {
    const answer = await this.call('/api/v2/dropship/prepare', {
      customer_po: input.reference, ship_to: shipTo(input.to), ship_from_name: input.from.company || input.from.name,
      items: needLines(input.lines).map((l) => ({ item_number: l.item ?? l.sku, qty: l.quantity })),
    });
    return {
      shipmentId: String(answer.prepare_id),
      rates: ((answer.ship_methods ?? []) as Json[]).map((m) => ({ id: String(m.id), carrier: String(m.carrier ?? ''), service: String(m.description ?? m.id), rateCents: centsOf(m.freight), deliveryDays: days(m.days) }))
        .sort((a, b) => a.rateCents - b.rateCents),
      messages: ((answer.messages ?? []) as unknown[]).map(String),
      lines: ((answer.items ?? []) as Json[]).map((l) => ({ sku: String(l.item_number), quantity: Number(l.qty), available: Number(l.qty_available ?? 0), unitCostCents: l.price === undefined || l.price === null ? null : centsOf(l.price) })),
    };
  }

  async buy(shipmentId: string, rateId: string): Promise<BoughtLabel> {
    const order = await this.call('/api/v2/dropship/submit', { prepare_id: shipmentId, ship_method: rateId });
    if (!order.confirmation_number || !order.tracking_number || !order.packing_list_url) throw new LabelCarrierError('unavailable', 'Emery answered without a confirmation, a tracking number or a packing list.');
    return {
      shipmentId: String(order.confirmation_number), rateId, carrier: String(order.carrier ?? ''), service: String(order.ship_method_description ?? rateId), rateCents: centsOf(order.freight),
      insuredCents: null, insuranceFeeCents: 0, trackingCode: String(order.tracking_number), trackingUrl: null, fileUrl: String(order.packing_list_url),
    };
  }

  labelFile(fileUrl: string) {
    return fetchLabelFile(fileUrl, this.baseUrl, 'Emery');
  }

  /** Cancels the drop-ship order: refused (rejected) once Emery has shipped it. */
  async refund(shipmentId: string): Promise<LabelRefundStatus> {
    const answer = await this.call(`/api/v2/dropship/${encodeURIComponent(shipmentId)}/cancel`, {});
    return answer.status === 'CANCELLED' ? 'refunded' : 'rejected';
  }
}

const URL_VARIABLES = { doitbest: 'DOITBEST_API_URL', emery: 'EMERY_API_URL' } as const;
type Supplier = keyof typeof URL_VARIABLES;

/** Whether the platform offers a supplier's drop-ship: its API address is set (the stand-in's in tests and locally). */
export const dropShipOffered = (supplier: Supplier) => Boolean(process.env[URL_VARIABLES[supplier]]);

/** The adapter of a supplier's drop-ship service with the store's credentials. */
export function dropShipCarrier(supplier: Supplier, credentials: DropShipCredentials): DropShipCarrier {
  return supplier === 'doitbest' ? new DoItBestDropShip(credentials) : new EmeryDropShip(credentials);
}
