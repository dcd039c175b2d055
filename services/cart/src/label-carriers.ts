import { easyPostClient } from './carriers';

/** A place a parcel leaves from or goes to, as a carrier prints it on the label. */
export interface LabelAddress {
  name: string; company?: string; street1: string; street2?: string; city: string; state: string; zip: string; country: string; phone?: string; email?: string;
}
/** The parcel as the staff weighed and measured it: ounces and inches (dimensions optional). */
export interface LabelParcel { weightOz: number; lengthIn?: number | null; widthIn?: number | null; heightIn?: number | null }
/** One price a carrier offers for the parcel; `id` is what `buy` takes. */
export interface LabelRate { id: string; carrier: string; service: string; rateCents: number; deliveryDays: number | null }
/** A line of the order a supplier ships for the store (drop-ship): the SKU the supplier knows it by, and how many. */
/** A line to ship: our SKU, and (drop-ship) `item`, the supplier's item number the store keeps for it (else the SKU is asked for). */
export interface LabelLine { sku: string; title: string; quantity: number; item?: string }
/** A line as the supplier can fill it from the warehouse asked: how many it has there, and its cost to the store. */
export interface LabelQuoteLine { /** The item as the supplier was asked for it. */ sku: string; quantity: number; available: number; unitCostCents: number | null }
/** A quote: the carrier's shipment (or the supplier's quote) id, its rates, what it said, and (drop-ship) the lines as it can fill them. */
export interface LabelQuote { shipmentId: string; rates: LabelRate[]; messages: string[]; lines?: LabelQuoteLine[] }
/** A shipping service a carrier or supplier offers (drop-ship shippingServices). */
export interface LabelService { id: string; carrier: string; service: string; deliveryDays: number | null }
/** A bought label: what it cost, its tracking, and where the carrier's label file can be fetched. */
export interface BoughtLabel {
  shipmentId: string; rateId: string; carrier: string; service: string; rateCents: number; insuredCents: number | null; insuranceFeeCents: number;
  trackingCode: string; trackingUrl: string | null; fileUrl: string;
}
/** The carrier's answer to a refund: submitted or refunded (money on its way back), rejected or not applicable (kept). */
export type LabelRefundStatus = 'submitted' | 'refunded' | 'rejected' | 'not_applicable';
/** A carrier account inside the shipping account (USPS, UPS ...). */
export interface LabelCarrierAccount { id: string; type: string; name: string; description: string }

/**
 * Why a carrier call failed: `key` the account refused our credentials, `refused` it refused the request (its
 * message says why: a rate of another shipment, a label already refunded), `unavailable` it did not answer.
 */
export class LabelCarrierError extends Error {
  constructor(readonly kind: 'key' | 'refused' | 'unavailable', message: string) {
    super(message);
    this.name = 'LabelCarrierError';
  }
}

/**
 * A shipping account that sells labels (the carriers admin): EasyPost, and the suppliers' drop-ship services (Do it
 * Best, Emery: drop-ship-carriers.ts), where the supplier packs the order's lines from its warehouse (`origin`, one
 * of its `accounts()`) and ships them to the shopper. Every method throws LabelCarrierError for a refusal or an outage.
 */
export interface LabelCarrier {
  accounts(): Promise<LabelCarrierAccount[]>;
  /** EasyPost prices the parcel; a supplier prices the lines from `origin` (the parcel is its own to pack). */
  quote(input: { from: LabelAddress; to: LabelAddress; parcel: LabelParcel | null; reference: string; lines?: LabelLine[]; origin?: string }): Promise<LabelQuote>;
  buy(shipmentId: string, rateId: string, insuredCents: number | null): Promise<BoughtLabel>;
  /** The label file (PDF) of a bought label, fetched from the carrier's file host. */
  labelFile(fileUrl: string): Promise<{ contentType: string; data: Buffer }>;
  refund(shipmentId: string): Promise<LabelRefundStatus>;
}

/** A supplier's drop-ship service: a label carrier that also lists the shipping services it offers. */
export interface DropShipCarrier extends LabelCarrier {
  shippingServices(): Promise<LabelService[]>;
}

const LABEL_FILE_LIMIT = 4 * 1024 * 1024;
/** A label file's type by its first bytes: a PDF or a PNG, else null. */
export function labelFileType(data: Buffer): 'application/pdf' | 'image/png' | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}
/**
 * A bought label's file (or a supplier's packing slip), fetched only from an HTTPS address or from the host the
 * adapter is pointed at (a local stand-in), never another address an answer names; kept only if it is a PDF or a PNG.
 */
export async function fetchLabelFile(fileUrl: string, baseUrl: string | undefined, who: string): Promise<{ contentType: string; data: Buffer }> {
  let url: URL;
  try {
    url = new URL(fileUrl);
  } catch {
    throw new LabelCarrierError('unavailable', `${who} answered a label address that is not one.`);
  }
  const own = baseUrl ? new URL(baseUrl).origin : null;
  if (url.protocol !== 'https:' && url.origin !== own) throw new LabelCarrierError('unavailable', `${who} answered a label address that is not HTTPS.`);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  } catch (error) {
    throw new LabelCarrierError('unavailable', `The label file could not be fetched: ${(error as Error).message}`);
  }
  if (!res.ok) throw new LabelCarrierError('unavailable', `The label file could not be fetched (${res.status}).`);
  const data = Buffer.from(await res.arrayBuffer());
  if (!data.length || data.length > LABEL_FILE_LIMIT) throw new LabelCarrierError('unavailable', 'The label file is empty or too large.');
  // Served back to admins inline, so its type is decided by its first bytes, not by the header of the host.
  const contentType = labelFileType(data);
  if (!contentType) throw new LabelCarrierError('unavailable', 'The label file is not a PDF or PNG.');
  return { contentType, data };
}

/** EasyPost's amounts are decimal strings of any precision ('7.15', '0.50000'). */
export const centsOf = (amount: unknown) => { const n = Math.round(Number(amount) * 100); return Number.isFinite(n) ? n : 0; };

/** A carrier's HTTP answer as our error: 401/403 the key, other 4xx a refusal with its message, anything else (or none) an outage. */
export function carrierErrorForStatus(status: number | undefined, message: string): LabelCarrierError {
  if (status === 401 || status === 403) return new LabelCarrierError('key', message);
  if (status && status >= 400 && status < 500 && status !== 408 && status !== 429) return new LabelCarrierError('refused', message);
  return new LabelCarrierError('unavailable', message);
}

/** The SDK's error as ours. */
function carrierError(error: unknown): LabelCarrierError {
  if (error instanceof LabelCarrierError) return error;
  return carrierErrorForStatus((error as { statusCode?: number }).statusCode, (error as { message?: string }).message || 'EasyPost refused the request.');
}
async function calling<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw carrierError(error);
  }
}

const easyPostAddress = (a: LabelAddress) => ({
  name: a.name, company: a.company || undefined, street1: a.street1, street2: a.street2 || undefined, city: a.city, state: a.state, zip: a.zip,
  country: a.country || 'US', phone: a.phone || undefined, email: a.email || undefined,
});

/**
 * Labels through the store's EasyPost account with the official SDK (EASYPOST_API_URL points it elsewhere, as
 * for quotes): a shipment per quote (labels as PDF), buy one of its rates with optional insurance, refund an
 * unused label. The label file is fetched only from an HTTPS address (EasyPost's file hosts), or from the host the
 * SDK is pointed at (the local stand-in); it is kept only if it is a PDF or a PNG.
 */
export class EasyPostLabels implements LabelCarrier {
  private readonly client: ReturnType<typeof easyPostClient>;

  constructor(apiKey: string, private readonly baseUrl = process.env.EASYPOST_API_URL) {
    this.client = easyPostClient(apiKey, baseUrl);
  }

  async accounts(): Promise<LabelCarrierAccount[]> {
    const accounts = await calling(() => this.client.CarrierAccount.all());
    return (Array.isArray(accounts) ? accounts : []).map((a: Record<string, any>) => ({
      id: String(a.id), type: String(a.type ?? ''), name: String(a.readable || a.type || ''), description: String(a.description ?? ''),
    }));
  }

  async quote(input: { from: LabelAddress; to: LabelAddress; parcel: LabelParcel | null; reference: string }): Promise<LabelQuote> {
    const { parcel } = input;
    if (!parcel) throw new LabelCarrierError('refused', "EasyPost prices a parcel: give the parcel's weight.");
    const shipment = await calling(() => this.client.Shipment.create({
      reference: input.reference, from_address: easyPostAddress(input.from), to_address: easyPostAddress(input.to),
      parcel: {
        weight: parcel.weightOz,
        ...(parcel.lengthIn && parcel.widthIn && parcel.heightIn ? { length: parcel.lengthIn, width: parcel.widthIn, height: parcel.heightIn } : {}),
      },
      options: { label_format: 'PDF' },
    } as never)) as Record<string, any>;
    const rates = ((shipment.rates ?? []) as Record<string, any>[])
      .filter((r) => (r.currency ?? 'USD') === 'USD')
      .map((r) => ({ id: String(r.id), carrier: String(r.carrier), service: String(r.service), rateCents: centsOf(r.rate), deliveryDays: typeof r.delivery_days === 'number' ? r.delivery_days : null }))
      .sort((a, b) => a.rateCents - b.rateCents);
    const messages = ((shipment.messages ?? []) as { carrier?: string; message?: string }[]).map((m) => [m.carrier, m.message].filter(Boolean).join(': '));
    return { shipmentId: String(shipment.id), rates, messages };
  }

  async buy(shipmentId: string, rateId: string, insuredCents: number | null): Promise<BoughtLabel> {
    const shipment = await calling(() => this.client.Shipment.buy(shipmentId, rateId, insuredCents ? insuredCents / 100 : undefined)) as Record<string, any>;
    const rate = (shipment.selected_rate ?? {}) as Record<string, any>;
    const label = (shipment.postage_label ?? {}) as Record<string, any>;
    const fileUrl = String(label.label_pdf_url || label.label_url || '');
    if (!shipment.tracking_code || !fileUrl) throw new LabelCarrierError('unavailable', 'EasyPost answered without a label.');
    const insuranceFee = ((shipment.fees ?? []) as { type?: string; amount?: string }[]).find((f) => f.type === 'InsuranceFee');
    return {
      shipmentId: String(shipment.id), rateId: String(rate.id ?? rateId), carrier: String(rate.carrier ?? ''), service: String(rate.service ?? ''),
      rateCents: centsOf(rate.rate), insuredCents: shipment.insurance ? centsOf(shipment.insurance) : null,
      insuranceFeeCents: centsOf(insuranceFee?.amount ?? 0),
      trackingCode: String(shipment.tracking_code), trackingUrl: shipment.tracker?.public_url ? String(shipment.tracker.public_url) : null, fileUrl,
    };
  }

  labelFile(fileUrl: string): Promise<{ contentType: string; data: Buffer }> {
    return fetchLabelFile(fileUrl, this.baseUrl, 'EasyPost');
  }

  async refund(shipmentId: string): Promise<LabelRefundStatus> {
    const shipment = await calling(() => this.client.Shipment.refund(shipmentId)) as Record<string, any>;
    const status = String(shipment.refund_status ?? '');
    return (['submitted', 'refunded', 'rejected', 'not_applicable'] as const).find((s) => s === status) ?? 'submitted';
  }
}
