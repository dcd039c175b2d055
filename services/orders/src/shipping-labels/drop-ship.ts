import type { DropShipOption, DropShipQuote, DropShipService } from '@platform/contracts';
import {
  CHOOSE_RSC, DROP_SHIP_PREPARE_FIRST, dropShipShortProblem, formatCents, LABEL_CARRIER_NAMES, NO_LINES_TO_SHIP, NO_RATES, SERVICE_NOT_OFFERED,
  shelfUnitsGivenBack, shelfUnitsHeld, supplierItemForgotten, supplierItemProblem, supplierItemRemembered, type DropShipSupplier,
} from '@platform/domain';
import { keyedId, scoped } from '@platform/db';
import { announceStockChange } from '@platform/catalogue';
import { withRedisLock, type LabelQuoteLine, type LabelRate } from '@platform/cart';
import { AppError, type RequestContext } from '@platform/server-kit';
import { findOrder, ITEM_NOT_FOUND, LOCK } from '../admin-orders';
import { orderLock } from '../order-lock';
import { giveStockBack, type Line } from '../checkout';
import { Order } from '../models';
import { keepOrderDoc } from '../order-index';
import { carrierFailure, supplierCarrier } from './carriers-admin';
import { labelKeys } from './label-index';
import { checkOrder, keepBoughtLabel, QUOTE_KEPT_S, recipientOf, senderOf, shippedAnswer, store, type LabelIo, type TrackedOrder } from './labels';
import { SupplierItem } from './models';

/**
 * Supplier drop-ship (spec 3 §7 "Supplier shipping": {id}/doitbest/prepare and /send {rsc, shipping_service},
 * rscOptions, doitbest/shippingServices; {id}/emery/prepare and /send, emery/shippingServices): a shipping order's
 * lines are sent to the supplier, which ships them to the shopper from its warehouse (a Do it Best RSC, Emery's
 * warehouse) and bills the store the freight. Prepare asks what the warehouse can fill and what each service costs
 * (kept a day); send places it with the service chosen. It then sits with the store's labels: the supplier's
 * packing slip is kept as the label file, the tracking goes on the order, the shopper is e-mailed, and a "refund"
 * cancels the supplier's order until it ships. The suppliers' adapters and stand-ins: services/cart. docs/SHIPPING-LABELS.md.
 */

type KeptDropShip = { shipmentId: string; rsc: string; rsName: string; rates: LabelRate[]; lines: (LabelQuoteLine & { title: string })[] };

const quoteKey = (io: LabelIo, ctx: RequestContext, supplier: DropShipSupplier, orderId: string) => `${labelKeys.quote(store(io), ctx.tenantId, orderId)}:${supplier}`;

/** GET rscOptions (Do it Best's RSCs), and Emery's warehouse: where the supplier can ship from. */
export async function warehouseOptions(ctx: RequestContext, io: LabelIo, supplier: DropShipSupplier): Promise<DropShipOption[]> {
  const carrier = await supplierCarrier(ctx, supplier);
  const accounts = await carrier.accounts().catch((error) => carrierFailure(error, io.log, supplier));
  return accounts.map((a) => ({ id: a.id, name: a.name, description: a.description }));
}

/** GET doitbest/shippingServices, emery/shippingServices: the services the supplier ships by. */
export async function supplierServices(ctx: RequestContext, io: LabelIo, supplier: DropShipSupplier): Promise<DropShipService[]> {
  const carrier = await supplierCarrier(ctx, supplier);
  const services = await carrier.shippingServices().catch((error) => carrierFailure(error, io.log, supplier));
  return services.map((s) => ({ id: s.id, carrier: s.carrier, service: s.service, delivery_days: s.deliveryDays }));
}

const supplierItemId = (ctx: RequestContext, supplier: DropShipSupplier, sku: string) => keyedId(ctx.tenantId, 'supplier-item', supplier, sku);

/** The supplier's item numbers the store keeps for these SKUs (SKU → item), each read by its `_id`. */
async function keptItemNumbers(ctx: RequestContext, supplier: DropShipSupplier, skus: string[]): Promise<Map<string, string>> {
  const found = await Promise.all([...new Set(skus)].map((sku) => SupplierItem.findOne(scoped(ctx, { _id: supplierItemId(ctx, supplier, sku) }), { sku: 1, item: 1 }).lean()));
  return new Map((found as unknown as ({ sku: string; item: string } | null)[]).flatMap((d) => (d ? [[d.sku, d.item] as const] : [])));
}

/**
 * The order's lines still to ship (cancelled units left out), as the supplier is asked for them: by the supplier's
 * item number the store keeps for the product, else by its SKU.
 */
async function linesToShip(ctx: RequestContext, supplier: DropShipSupplier, order: TrackedOrder) {
  const lines = (order.items ?? []).map((l) => ({ sku: l.sku, title: l.title, quantity: l.quantity - (l.cancelledQuantity ?? 0) })).filter((l) => l.quantity > 0 && l.sku);
  const items = await keptItemNumbers(ctx, supplier, lines.map((l) => l.sku));
  return lines.map((l) => ({ ...l, item: items.get(l.sku) ?? l.sku }));
}

/**
 * POST {id}/doitbest/item-number, {id}/emery/item-number {sku, item_number}: the supplier's item number for a product
 * on the order, kept for the product (every later drop-ship asks for it); empty (or the SKU itself) forgets it, and
 * the SKU is asked for again. The order's quote asked for the old item, so it is dropped: Check again before Send.
 * 404: another store's (or location's) order, a SKU not on it; 422: not an item number.
 */
export async function setSupplierItemNumber(ctx: RequestContext, io: LabelIo, supplier: DropShipSupplier, orderId: string, input: { sku: string; item_number: string }) {
  const order = await findOrder(ctx, orderId);
  const sku = input.sku.trim();
  const line = order.items.find((l) => l.sku === sku);
  if (!line) throw new AppError('not_found', ITEM_NOT_FOUND);
  const item = input.item_number.trim();
  const kept = item !== '' && item !== sku;
  const _id = supplierItemId(ctx, supplier, sku);
  if (kept) {
    const problem = supplierItemProblem(supplier, item);
    if (problem) throw new AppError('unprocessable', problem, { item_number: [problem] });
    await SupplierItem.updateOne(scoped(ctx, { _id }), { $set: { supplier, sku, item, setAt: new Date(), setBy: ctx.caller?.slug ?? null } }, { upsert: true });
  } else {
    await SupplierItem.deleteOne(scoped(ctx, { _id }));
  }
  await io.resources.redis.del(quoteKey(io, ctx, supplier, orderId));
  return {
    status: 'success',
    message: kept ? supplierItemRemembered(supplier, line.title, item) : supplierItemForgotten(supplier, line.title, sku),
    data: { sku, item_number: kept ? item : null },
  };
}

/**
 * POST {id}/doitbest/prepare {rsc}, {id}/emery/prepare: what the supplier can ship of the order from the warehouse
 * (each line's units there and cost to the store) and its services' freight, cheapest first; kept a day for send.
 * 409: the order cannot ship now, or the supplier is not connected; 422: no RSC, the supplier refused; 503: no answer.
 */
export async function prepareDropShip(ctx: RequestContext, io: LabelIo, supplier: DropShipSupplier, orderId: string, asked: { rsc?: string }): Promise<DropShipQuote> {
  if (supplier === 'doitbest' && !asked.rsc?.trim()) throw new AppError('unprocessable', CHOOSE_RSC, { rsc: [CHOOSE_RSC] });
  const order = await findOrder(ctx, orderId) as TrackedOrder;
  const carrier = await supplierCarrier(ctx, supplier);
  checkOrder(order);
  const lines = await linesToShip(ctx, supplier, order);
  if (!lines.length) throw new AppError('conflict', NO_LINES_TO_SHIP);
  const failed = (error: unknown) => carrierFailure(error, io.log, supplier);
  // Emery ships from its one warehouse (its account names it); Do it Best from the RSC asked.
  const warehouse = supplier === 'doitbest'
    ? { id: asked.rsc!.trim(), name: '' }
    : await carrier.accounts().then((a) => ({ id: a[0]?.id ?? '', name: a[0]?.name ?? '' }), failed);
  const [from, to] = [await senderOf(ctx, order), recipientOf(order)];
  const quote = await carrier.quote({ from, to, parcel: null, reference: order.orderNumber, lines, origin: warehouse.id }).catch(failed);
  if (!quote.rates.length) throw new AppError('unprocessable', [NO_RATES, ...quote.messages].join(' '));
  // The supplier answers by its item: each line is ours again by the item it was asked for (else by its place).
  const titled = (quote.lines ?? []).map((l, i) => {
    const ours = lines.find((x) => x.item === l.sku) ?? lines[i];
    return { ...l, sku: ours?.sku ?? l.sku, item: l.sku, title: ours?.title ?? '', mapped: ours ? ours.item !== ours.sku : false };
  });
  const where = supplier === 'doitbest' ? `Do it Best's ${warehouse.id} RSC` : `${LABEL_CARRIER_NAMES[supplier]}'s ${warehouse.name || 'warehouse'}`;
  const kept: KeptDropShip = { shipmentId: quote.shipmentId, rsc: warehouse.id, rsName: where, rates: quote.rates, lines: titled };
  await io.resources.redis.set(quoteKey(io, ctx, supplier, orderId), JSON.stringify(kept), 'EX', QUOTE_KEPT_S);
  const problem = dropShipShortProblem(titled, where);
  return {
    order_id: orderId, supplier, quote_id: quote.shipmentId, rsc: warehouse.id, to: to.line,
    lines: titled.map((l) => ({
      sku: l.sku, title: l.title, quantity: l.quantity, available: l.available, unit_cost: l.unitCostCents === null ? null : formatCents(l.unitCostCents), item_number: l.item, item_mapped: l.mapped,
    })),
    rates: quote.rates.map((r) => ({ id: r.id, carrier: r.carrier, service: r.service, rate: formatCents(r.rateCents), delivery_days: r.deliveryDays })),
    messages: quote.messages, can_send: !problem, problem,
  };
}

/**
 * POST {id}/doitbest/send {rsc, shipping_service, return_stock?}, {id}/emery/send {shipping_service, return_stock?}:
 * places the drop-ship order prepared last (the same RSC), by a service it offered. The supplier's packing slip is
 * kept, the tracking goes on the order (history: who, when, the supplier's order) and the shopper is e-mailed, as a
 * bought label. With `return_stock` the units the order took off the store's shelf count go back to it (see
 * returnShelfUnits). 409: the order cannot ship now, a line is short at the warehouse; 422: not prepared (or for
 * another RSC), a service not offered, the supplier refused; 503: no answer (nothing sent), or it could not be kept
 * (cancelled at once).
 */
export async function sendDropShip(ctx: RequestContext, io: LabelIo, supplier: DropShipSupplier, orderId: string, input: { rsc?: string; shipping_service: string; return_stock?: boolean }) {
  if (supplier === 'doitbest' && !input.rsc?.trim()) throw new AppError('unprocessable', CHOOSE_RSC, { rsc: [CHOOSE_RSC] });
  await findOrder(ctx, orderId); // another store's (or location's) order is 404 before anything else
  const carrier = await supplierCarrier(ctx, supplier);
  const done = await withRedisLock(io.resources.redis, orderLock(ctx, io, orderId), async () => {
    const order = await findOrder(ctx, orderId) as TrackedOrder;
    checkOrder(order);
    const key = quoteKey(io, ctx, supplier, orderId);
    const raw = await io.resources.redis.get(key);
    const kept = raw ? JSON.parse(raw) as KeptDropShip : null;
    if (!kept || (supplier === 'doitbest' && kept.rsc !== input.rsc!.trim())) throw new AppError('unprocessable', DROP_SHIP_PREPARE_FIRST, { [supplier === 'doitbest' ? 'rsc' : 'shipping_service']: [DROP_SHIP_PREPARE_FIRST] });
    if (!kept.rates.some((r) => r.id === input.shipping_service)) throw new AppError('unprocessable', SERVICE_NOT_OFFERED, { shipping_service: [SERVICE_NOT_OFFERED] });
    const short = dropShipShortProblem(kept.lines, kept.rsName);
    if (short) throw new AppError('conflict', short);
    const bought = await carrier.buy(kept.shipmentId, input.shipping_service, null).catch((error) => carrierFailure(error, io.log, supplier));
    const shipped = await keepBoughtLabel(ctx, io, { order, carrier, provider: supplier, bought, parcel: null, quoteKey: key });
    return input.return_stock ? returnShelfUnits(ctx, io, supplier, shipped) : { ...shipped, returned: [] };
  }, LOCK);
  const answer = await shippedAnswer(ctx, io, done);
  if (!done.returned.length) return answer;
  await announceStockChange(io.resources, ctx.tenantId, [...new Set(done.returned.map((l) => l.productId))]);
  return { ...answer, message: `${answer.message} ${shelfUnitsGivenBack(done.returned)}` };
}

/**
 * 'Give the shelf units back to stock' (send {return_stock: true}): the supplier ships from its warehouse, so the
 * units the order took off its location's shelf count at checkout go back to it through the stock path every
 * give-back takes (Redis, then the database). Each line records them (`stockReturnedQuantity`) before they go back,
 * under the order's lock, so they are never given back twice: a later cancel of a line or of the order gives back
 * only units still held, a move takes none, and cancelling the drop-ship leaves the count as it is
 * (docs/SHIPPING-LABELS.md). A give-back that fails is logged: the count is then low, never counted twice.
 */
async function returnShelfUnits(ctx: RequestContext, io: LabelIo, supplier: DropShipSupplier, shipped: Awaited<ReturnType<typeof keepBoughtLabel>>) {
  const { order } = shipped;
  const returned: Line[] = order.items.map((l) => ({ ...l, quantity: shelfUnitsHeld(l) })).filter((l) => l.quantity > 0);
  if (!returned.length) return { ...shipped, returned };
  const items = order.items.map((l) => ({ ...l, stockReturnedQuantity: (l.stockReturnedQuantity ?? 0) + shelfUnitsHeld(l) }));
  const entry = { status: order.status, at: new Date(), by: ctx.caller?.slug ?? null, note: `Drop-shipped by ${LABEL_CARRIER_NAMES[supplier]}: ${shelfUnitsGivenBack(returned)}` };
  await Order.updateOne(scoped(ctx, { _id: String(order._id) }), { $set: { items }, $push: { history: entry } });
  const changed = { ...order, items, history: [...(order.history ?? []), entry] } as TrackedOrder;
  await keepOrderDoc(store(io), ctx.tenantId, changed);
  await giveStockBack(ctx, io, returned).catch((error) => io.log(error));
  return { label: shipped.label, order: changed, returned };
}
