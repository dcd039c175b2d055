import { mongoose, scoped } from '@platform/db';
import type { LabelQuote, ShippingLabel as LabelView } from '@platform/contracts';
import {
  addressLine, formatCents, insuranceFeeCents, insuranceProblem, isDropShipSupplier, LABEL_CARRIER_NAMES, LABEL_NOT_FOUND, labelOrderProblem, labelRefundProblem, NO_RATES,
  parcelProblems, parcelWeightOz, QUOTES_EXPIRED, RATE_NOT_OFFERED, refundRejected, toCents, type LabelCarrierId, type ParcelForm,
} from '@platform/domain';
import { EasyPostLabels, withRedisLock, type BoughtLabel, type LabelAddress, type LabelCarrier, type LabelRate } from '@platform/cart';
import type { PlatformResources } from '@platform/server-kit';
import { AppError, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { listLocations } from '@platform/tenant-settings';
import { Order } from '../models';
import { adminView, findOrder, LOCK, type StoredOrder } from '../admin-orders';
import { orderLock } from '../order-lock';
import { keepOrderDoc } from '../order-index';
import { carrierFailure, connectedAccount, labelCarrierFor } from './carriers-admin';
import { indexLabel, labelKeys, labelPage, labelView, type LabelIndexStore } from './label-index';
import { ShippingLabel, ShippingLabelFile, type StoredLabel } from './models';

/**
 * Shipping labels for the store's shipping orders (spec 3 §7 {id}/quotes, insurance-rate, {id}/buy, labels,
 * {id}/refund): rates for the parcel the staff weighed, one bought with optional insurance (its PDF kept, the
 * tracking on the order, the shopper e-mailed), the store's labels, and a refund of an unused label. Order changes
 * take the order's lock as every order action does. See docs/SHIPPING-LABELS.md.
 */
export interface LabelIo { resources: Pick<PlatformResources, 'redis' | 'queuePrefix' | 'queues'>; log: (err: unknown) => void }

export const store = (io: LabelIo): LabelIndexStore => ({ redis: io.resources.redis, prefix: io.resources.queuePrefix });
const by = (ctx: RequestContext) => ctx.caller?.slug ?? null;
/** Quoted rates stay buyable a day (EasyPost keeps a shipment's rates longer). */
export const QUOTE_KEPT_S = 24 * 3600;
type KeptQuote = { shipmentId: string; rates: LabelRate[]; parcel: LabelView['parcel'] };
export type TrackedOrder = StoredOrder & { tracking?: { labelId: string; carrier: string; service: string; code: string; url?: string | null } | null; orderType: string; address?: Record<string, string | undefined> | null };

/** Whether the order may get a label now (409 with the reason if not). */
export function checkOrder(order: TrackedOrder) {
  const problem = labelOrderProblem({ orderType: order.orderType, status: order.status, hasAddress: Boolean(order.address?.address), activeTracking: order.tracking?.code ?? null });
  if (problem) throw new AppError('conflict', problem);
}

/** The store location the order leaves from, as a label's sender. */
export async function senderOf(ctx: RequestContext, order: TrackedOrder): Promise<LabelAddress & { line: string }> {
  const location = (await listLocations(ctx)).find((l) => l.id === order.locationId);
  if (!location) throw new AppError('conflict', "This order's store location no longer exists: move the order to another location first.");
  return {
    name: location.name, company: ctx.tenant.name, street1: location.address, city: location.city, state: location.state, zip: location.zip, country: 'US', phone: location.phone,
    line: `${location.name}, ${addressLine({ address: location.address, city: location.city, state: location.state, zip: location.zip })}`,
  };
}

export const recipientOf = (order: TrackedOrder): LabelAddress & { line: string } => {
  const a = order.address ?? {};
  const address = { address: a.address ?? '', address2: a.address2 ?? '', city: a.city ?? '', state: a.state ?? '', zip: a.zip ?? '' };
  return {
    name: `${order.contact?.firstName ?? ''} ${order.contact?.lastName ?? ''}`.trim() || (order.customerName ?? ''), street1: address.address, street2: address.address2,
    city: address.city, state: address.state, zip: address.zip, country: a.country || 'US', phone: order.contact?.telephone ?? undefined,
    line: addressLine(address),
  };
};

const parcelOf = (form: ParcelForm): LabelView['parcel'] => ({ weight_oz: parcelWeightOz(form), length: form.length ?? null, width: form.width ?? null, height: form.height ?? null });

/**
 * POST admin/shipping/{id}/quotes: the carriers' rates for the order's parcel from its store to its address,
 * cheapest first. The rates are kept a day for {id}/buy (a rate of any other shipment is refused there).
 */
export async function quoteLabel(ctx: RequestContext, io: LabelIo, orderId: string, form: ParcelForm): Promise<LabelQuote> {
  rejectFieldProblems(parcelProblems(form));
  const account = await connectedAccount(ctx);
  const order = await findOrder(ctx, orderId) as TrackedOrder;
  checkOrder(order);
  const [from, to] = [await senderOf(ctx, order), recipientOf(order)];
  const parcel = parcelOf(form);
  const quote = await new EasyPostLabels(account.apiKey)
    .quote({ from, to, parcel: { weightOz: parcel.weight_oz, lengthIn: parcel.length, widthIn: parcel.width, heightIn: parcel.height }, reference: order.orderNumber })
    .catch((error) => carrierFailure(error, io.log));
  if (!quote.rates.length) throw new AppError('unprocessable', [NO_RATES, ...quote.messages].join(' '));
  const kept: KeptQuote = { shipmentId: quote.shipmentId, rates: quote.rates, parcel };
  await io.resources.redis.set(labelKeys.quote(store(io), ctx.tenantId, orderId), JSON.stringify(kept), 'EX', QUOTE_KEPT_S);
  return {
    order_id: orderId, shipment_id: quote.shipmentId, parcel, from: from.line, to: to.line, messages: quote.messages,
    rates: quote.rates.map((r) => ({ id: r.id, carrier: r.carrier, service: r.service, rate: formatCents(r.rateCents), delivery_days: r.deliveryDays })),
  };
}

/** An amount to insure ('249.99') as cents, or 422. */
function insuredCentsOf(amount: string | undefined, field: string): number | null {
  if (amount === undefined || amount.trim() === '') return null;
  let cents: number;
  try {
    cents = toCents(amount.replace(/^\$/, ''));
  } catch {
    rejectFieldProblems({ [field]: 'Give the value as dollars and cents, like 249.99.' });
    return null;
  }
  const problem = insuranceProblem(cents);
  if (problem) rejectFieldProblems({ [field]: problem });
  return cents;
}

/** POST admin/shipping/insurance-rate {amount}: what insuring a parcel's contents costs through EasyPost. */
export function insuranceRate(amount: string) {
  const cents = insuredCentsOf(amount, 'amount');
  if (cents === null) throw new AppError('unprocessable', 'Give the value of the contents to insure, more than $0.', { amount: ['Give the value of the contents to insure, more than $0.'] });
  return { amount: formatCents(cents), fee: formatCents(insuranceFeeCents(cents)) };
}

/**
 * POST admin/shipping/{id}/buy {rate_id, insurance?}: buys one of the rates last quoted for the order, insured for
 * the amount given. The label's PDF is fetched and kept; the order gets its tracking (history: who, when) and the
 * shopper is e-mailed the tracking number. Bought but not kept (the file or the database failed): the label is
 * refunded at EasyPost at once, so the store never pays for a label it cannot print.
 */
export async function buyLabel(ctx: RequestContext, io: LabelIo, orderId: string, input: { rate_id: string; insurance?: string }) {
  const insuredCents = insuredCentsOf(input.insurance, 'insurance');
  const account = await connectedAccount(ctx);
  const carrier = new EasyPostLabels(account.apiKey);
  const done = await withRedisLock(io.resources.redis, orderLock(ctx, io, orderId), async () => {
    const order = await findOrder(ctx, orderId) as TrackedOrder;
    checkOrder(order);
    const quoteKey = labelKeys.quote(store(io), ctx.tenantId, orderId);
    const raw = await io.resources.redis.get(quoteKey);
    if (!raw) throw new AppError('unprocessable', QUOTES_EXPIRED, { rate_id: [QUOTES_EXPIRED] });
    const quote = JSON.parse(raw) as KeptQuote;
    if (!quote.rates.some((r) => r.id === input.rate_id)) throw new AppError('unprocessable', RATE_NOT_OFFERED, { rate_id: [RATE_NOT_OFFERED] });
    const bought = await carrier.buy(quote.shipmentId, input.rate_id, insuredCents).catch((error) => carrierFailure(error, io.log));
    return keepBoughtLabel(ctx, io, { order, carrier, provider: 'easypost', bought, parcel: quote.parcel, quoteKey });
  }, LOCK);
  return shippedAnswer(ctx, io, done);
}

/**
 * After a carrier charged the store (an EasyPost label bought, a supplier's drop-ship order accepted): its file (the
 * label, or the supplier's packing slip) is fetched and kept, the label written and the tracking put on the order
 * (history: who, when, through whom). If any of that fails the purchase is given back at once (refunded, or the
 * supplier's order cancelled) and the caller gets 503. Runs under the order's lock.
 */
export async function keepBoughtLabel(ctx: RequestContext, io: LabelIo, input: {
  order: TrackedOrder; carrier: LabelCarrier; provider: LabelCarrierId; bought: BoughtLabel; parcel: LabelView['parcel'] | null; quoteKey: string;
}): Promise<{ label: StoredLabel; order: TrackedOrder }> {
  const { order, carrier, provider, bought } = input;
  const labelId = new mongoose.Types.ObjectId();
  const now = new Date();
  const parcel = input.parcel ?? { weight_oz: 0, length: null, width: null, height: null };
  const label: StoredLabel = {
    _id: labelId, orderId: String(order._id), orderNumber: order.orderNumber, customerName: order.customerName ?? '', locationId: order.locationId, carrier: provider,
    shipmentId: bought.shipmentId, rateId: bought.rateId, carrierName: bought.carrier, service: bought.service, rateCents: bought.rateCents,
    insuredCents: bought.insuredCents, insuranceFeeCents: bought.insuranceFeeCents || (bought.insuredCents ? insuranceFeeCents(bought.insuredCents) : 0),
    trackingCode: bought.trackingCode, trackingUrl: bought.trackingUrl,
    parcel: { weightOz: parcel.weight_oz, length: parcel.length, width: parcel.width, height: parcel.height },
    status: 'bought', boughtAt: now, boughtBy: by(ctx),
  };
  const tracking = { labelId: String(labelId), carrier: bought.carrier, service: bought.service, code: bought.trackingCode, url: bought.trackingUrl };
  const how = isDropShipSupplier(provider) ? `Sent to ${LABEL_CARRIER_NAMES[provider]} to drop-ship (their order ${bought.shipmentId})` : 'Shipping label bought';
  const entry = { status: order.status, at: now, by: by(ctx), note: `${how}: ${bought.carrier} ${bought.service}, tracking ${bought.trackingCode}` };
  try {
    const file = await carrier.labelFile(bought.fileUrl);
    await ShippingLabelFile.create({ _id: labelId, tenantId: ctx.tenantId, contentType: file.contentType, data: file.data });
    await ShippingLabel.create({ ...label, tenantId: ctx.tenantId, fileType: file.contentType });
    await Order.updateOne(scoped(ctx, { _id: label.orderId }), { $set: { tracking }, $push: { history: entry } });
  } catch (error) {
    io.log(error);
    await carrier.refund(bought.shipmentId).catch((err) => io.log(err));
    await Promise.all([ShippingLabelFile.deleteOne(scoped(ctx, { _id: labelId })), ShippingLabel.deleteOne(scoped(ctx, { _id: labelId }))]).catch(() => undefined);
    throw new AppError('unavailable', isDropShipSupplier(provider)
      ? `${LABEL_CARRIER_NAMES[provider]} took the order but it could not be kept here, so it was cancelled at once. Please try again.`
      : 'The label was bought but could not be kept, so it was refunded at once. Please try again.');
  }
  const changed = { ...order, tracking, history: [...(order.history ?? []), entry] } as TrackedOrder;
  await Promise.all([indexLabel(store(io), ctx.tenantId, label), keepOrderDoc(store(io), ctx.tenantId, changed), io.resources.redis.del(input.quoteKey)]);
  return { label, order: changed };
}

/** The answer to a label bought or a drop-ship sent: the shopper is e-mailed the carrier and tracking (queued), the caller told so. */
export async function shippedAnswer(ctx: RequestContext, io: LabelIo, done: { label: StoredLabel; order: TrackedOrder }) {
  const view = await adminView(ctx, done.order);
  const told = Boolean(view.contact.email);
  if (told) {
    await io.resources.queues.notifications.add('order-shipped', {
      tenantId: ctx.tenantId, channel: 'email', to: view.contact.email, kind: 'order-shipped',
      subject: `Your order ${view.order_number} has shipped`,
      text: [
        `Hi ${view.contact.first_name},`, '',
        `Your order ${view.order_number} from ${ctx.tenant.name} is on its way with ${done.label.carrierName} ${done.label.service}.`,
        `Tracking number: ${done.label.trackingCode}`, ...(done.label.trackingUrl ? [`Track it: ${done.label.trackingUrl}`] : []),
        '', 'Questions? Reply to this e-mail or call the store.',
      ].join('\n'),
    });
  }
  const what = isDropShipSupplier(done.label.carrier) ? `Sent to ${LABEL_CARRIER_NAMES[done.label.carrier]}` : 'Label bought';
  return {
    status: 'success',
    message: `${what}: ${done.label.carrierName} ${done.label.service}, tracking ${done.label.trackingCode}.${told ? ' The customer has been e-mailed the tracking number.' : ''}`,
    data: { label: labelView(done.label), order: view },
  };
}

async function findLabel(ctx: RequestContext, id: string): Promise<StoredLabel> {
  if (!mongoose.isValidObjectId(id)) throw new AppError('not_found', LABEL_NOT_FOUND);
  const label = await ShippingLabel.findOne(scoped(ctx, { _id: id })).lean() as StoredLabel | null;
  if (!label) throw new AppError('not_found', LABEL_NOT_FOUND);
  return label;
}

/**
 * POST admin/shipping/{id}/refund: asks EasyPost to refund an unused label ({id}: the label's id). Submitted (or
 * refunded): the label no longer ships the order (its tracking leaves the order; history says who asked). The
 * carrier rejected it (the parcel was scanned): 409, the label is marked so and stays on the order.
 */
export async function refundLabel(ctx: RequestContext, io: LabelIo, id: string) {
  const found = await findLabel(ctx, id);
  const provider = (isDropShipSupplier(found.carrier) ? found.carrier : 'easypost') as LabelCarrierId;
  const carrier = await labelCarrierFor(ctx, provider);
  const done = await withRedisLock(io.resources.redis, orderLock(ctx, io, found.orderId), async () => {
    const label = await findLabel(ctx, id);
    const problem = labelRefundProblem(label.status);
    if (problem) throw new AppError('conflict', problem);
    const status = await carrier.refund(label.shipmentId).catch((error) => carrierFailure(error, io.log, provider));
    const now = new Date();
    if (status === 'rejected' || status === 'not_applicable') {
      await ShippingLabel.updateOne(scoped(ctx, { _id: id }), { $set: { status: 'refund_rejected', refundAskedAt: now, refundAskedBy: by(ctx) } });
      await indexLabel(store(io), ctx.tenantId, { ...label, status: 'refund_rejected', refundAskedAt: now, refundAskedBy: by(ctx) });
      return null;
    }
    const next = status === 'refunded' ? 'refunded' as const : 'refund_submitted' as const;
    const changed: StoredLabel = { ...label, status: next, refundAskedAt: now, refundAskedBy: by(ctx) };
    await ShippingLabel.updateOne(scoped(ctx, { _id: id }), { $set: { status: next, refundAskedAt: now, refundAskedBy: by(ctx) } });
    const order = await findOrder(ctx, label.orderId) as TrackedOrder;
    const what = isDropShipSupplier(provider) ? `Drop-ship cancelled at ${LABEL_CARRIER_NAMES[provider]} (their order ${label.shipmentId})` : 'Shipping label refund asked';
    const entry = { status: order.status, at: now, by: by(ctx), note: `${what}: ${label.carrierName} ${label.service}, tracking ${label.trackingCode}` };
    const voids = order.tracking?.labelId === id;
    await Order.updateOne(scoped(ctx, { _id: label.orderId }), { $set: voids ? { tracking: null } : {}, $push: { history: entry } });
    const orderNow = { ...order, ...(voids ? { tracking: null } : {}), history: [...(order.history ?? []), entry] } as TrackedOrder;
    await Promise.all([indexLabel(store(io), ctx.tenantId, changed), keepOrderDoc(store(io), ctx.tenantId, orderNow)]);
    return changed;
  }, LOCK);
  if (!done) throw new AppError('conflict', refundRejected(provider));
  return {
    status: 'success',
    message: isDropShipSupplier(provider)
      ? `${LABEL_CARRIER_NAMES[provider]} cancelled drop-ship order ${done.shipmentId}: nothing ships and its freight is not billed.`
      : done.status === 'refunded'
        ? `Label ${done.trackingCode} is refunded.`
        : `Refund asked for label ${done.trackingCode}. ${done.carrierName} takes up to 30 days; EasyPost credits the postage once it is through. Do not use this label.`,
    data: labelView(done),
  };
}

/** GET admin/shipping/labels: the store's labels (or one order's), newest first, a page at a time. */
export async function storeLabels(ctx: RequestContext, io: LabelIo, q: { page: number; limit: number; order_id?: string }) {
  const { rows, total } = await labelPage(store(io), ctx.tenantId, { page: q.page, limit: q.limit, orderId: q.order_id });
  return { data: rows, total, current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.limit)) };
}

/** GET admin/shipping/labels/{id}/file: the label's PDF as kept when it was bought. */
export async function labelFile(ctx: RequestContext, id: string) {
  const label = await findLabel(ctx, id);
  // Not lean: mongoose hands the stored binary back as a Buffer.
  const file = await ShippingLabelFile.findOne(scoped(ctx, { _id: id })) as { contentType: string; data: Buffer } | null;
  if (!file) throw new AppError('not_found', 'This label has no file.');
  return { label, contentType: file.contentType, data: Buffer.from(file.data), name: `label-${label.orderNumber}-${label.trackingCode}.${file.contentType === 'application/pdf' ? 'pdf' : 'png'}` };
}

