import { scoped } from '@platform/db';
import { addressLine, deliveryDateLabel, deliveryDateProblem, orderTransition, ORDER_STATUS_LABELS, PREPARE_STEP_LABELS, prepareStepTransition, shelfUnitsHeld, toldShopper, type PrepareStep } from '@platform/domain';
import type { OrderLocations } from '@platform/contracts';
import { announceStockChange, reserveStock, stockLeft, writeStockChanges } from '@platform/catalogue';
import { withRedisLock } from '@platform/cart';
import { AppError, type RequestContext } from '@platform/server-kit';
import { Order } from './models';
import { giveStockBack, redisStore, storeLocations, type CheckoutIo, type Line } from './checkout';
import { keepOrderChange, keepOrderDoc, moveOrderIndex } from './order-index';
import { tellShopper } from './shopper-notices';
import { adminView, findOrder, LOCK, type StoredOrder } from './admin-orders';
import { orderLock } from './order-lock';

/**
 * Order actions of the back office beside admin-orders.ts (spec 3 §4 order actions): record a preparing step,
 * set the expected delivery day, and move an order to another of the store's locations. Each runs under the
 * order's lock, records who did it in the order's history and keeps the shopper's copy of the order current.
 */

const by = (ctx: RequestContext) => ctx.caller?.slug ?? null;
type Entry = { status: string; at: Date; by: string | null; note: string };

/** POST admin/orders/{id}/prepareStep/{step}: the staff says where preparing stands (picking, picked, packed). */
export async function recordPrepareStep(ctx: RequestContext, io: CheckoutIo, id: string, step: string) {
  const order = await withRedisLock(io.resources.redis, orderLock(ctx, io, id), async () => {
    const current = await findOrder(ctx, id);
    const next = prepareStepTransition(current.status, step);
    if (!next.ok) throw new AppError(next.unknownStep ? 'unprocessable' : 'conflict', next.message, next.unknownStep ? { step: [next.message] } : undefined);
    const entry: Entry = { status: next.status, at: new Date(), by: by(ctx), note: `Step: ${PREPARE_STEP_LABELS[step as PrepareStep]}` };
    await Order.updateOne(scoped(ctx, { _id: id }), { $set: { status: next.status, prepareStep: step }, $push: { history: entry } });
    const changed = { ...current, status: next.status, prepareStep: step, history: [...(current.history ?? []), entry] } as StoredOrder;
    await keepOrderChange(redisStore(io), ctx.tenantId, changed, current.status !== next.status); // list rows only when the status changed
    return changed;
  }, LOCK);
  const view = await adminView(ctx, order);
  return { status: 'success', message: `Order ${view.order_number}: ${PREPARE_STEP_LABELS[step as PrepareStep].toLowerCase()}.`, data: view };
}

/**
 * Stores have no time zone on record: a day is past once it has ended everywhere (UTC−12), so a US store late in
 * its evening can still set today. The screen's date picker starts at the admin's own today.
 */
export const earliestToday = (now = Date.now()) => new Date(now - 12 * 3600_000).toISOString().slice(0, 10);

/**
 * POST admin/orders/updateDeliveryDate {id, delivery_date, delivery_window?}: the day a delivery, a parcel or the
 * special-order items are expected; shown to the shopper on their order, sent to them (tellShopper), kept in the history.
 */
export async function updateDeliveryDate(ctx: RequestContext, io: CheckoutIo, id: string, input: { delivery_date: string; delivery_window?: string }) {
  const date = input.delivery_date.trim();
  const window = input.delivery_window?.trim() || null;
  const order = await withRedisLock(io.resources.redis, orderLock(ctx, io, id), async () => {
    const current = await findOrder(ctx, id);
    const problem = deliveryDateProblem(current, date, earliestToday());
    if (problem?.status === 409) throw new AppError('conflict', problem.message);
    if (problem) throw new AppError('unprocessable', problem.message, { delivery_date: [problem.message] });
    const entry: Entry = { status: current.status, at: new Date(), by: by(ctx), note: `Expected on ${date}${window ? `, ${window}` : ''}` };
    await Order.updateOne(scoped(ctx, { _id: id }), { $set: { deliveryDate: date, deliveryWindow: window }, $push: { history: entry } });
    const changed = { ...current, deliveryDate: date, deliveryWindow: window, history: [...(current.history ?? []), entry] } as StoredOrder;
    await keepOrderChange(redisStore(io), ctx.tenantId, changed, false);
    return changed;
  }, LOCK);
  const view = await adminView(ctx, order);
  const when = `${deliveryDateLabel(date)}${window ? `, ${window}` : ''}`;
  const told = await tellShopper(ctx, io, view, order.customerSlug, { change: 'delivery_date', date, window });
  return { status: 'success', message: `Order ${view.order_number} is expected on ${when}.${toldShopper('', told)}`, data: view };
}

/** The lines a move takes stock for: stocked lines with units still on the shelf count (not cancelled, not given back when drop-shipped). */
const stockedLines = (order: StoredOrder) => order.items.map((l, index) => ({ line: l, index, left: shelfUnitsHeld(l) })).filter((x) => x.left > 0);

const placeOf = (id: number, l: { name: string; address: string; city?: string; state?: string; zip?: string } | undefined) =>
  ({ id, name: l?.name ?? '', address: l ? addressLine({ address: l.address, city: l.city ?? '', state: l.state ?? '', zip: l.zip ?? '' }) : '' });

/** Each stocked line's store product at a location (null where the location does not sell it). */
async function linesAt(ctx: RequestContext, io: CheckoutIo, order: StoredOrder, locationId: number) {
  const index = await io.cart.catalogue.get(ctx.tenantId);
  return stockedLines(order).map((x) => ({ ...x, storeProductId: index.product({ productId: x.line.productId }, locationId)?.store_product_id ?? null }));
}

/** GET admin/orders/{id}/location: the order's store, and whether each other location has every stocked line in stock now. */
export async function orderLocations(ctx: RequestContext, io: CheckoutIo, id: string): Promise<OrderLocations> {
  const order = await findOrder(ctx, id);
  const places = await storeLocations(ctx);
  const others = [...places.keys()].filter((l) => l !== order.locationId).sort((a, b) => a - b);
  return {
    current: placeOf(order.locationId, places.get(order.locationId)),
    others: await Promise.all(others.map(async (locationId) => {
      const lines = await linesAt(ctx, io, order, locationId);
      const left = await stockLeft(redisStore(io), ctx.tenantId, lines.flatMap((l) => (l.storeProductId ? [l.storeProductId] : [])));
      const missing = lines.filter((l) => !l.storeProductId || (left.get(l.storeProductId) ?? 0) < l.left)
        .map((l) => ({ sku: l.line.sku, title: l.line.title, needed: l.left, left: l.storeProductId ? Math.max(0, left.get(l.storeProductId) ?? 0) : 0 }));
      return { ...placeOf(locationId, places.get(locationId)), has_everything: missing.length === 0, missing };
    })),
  };
}

/**
 * POST admin/orders/{id}/location {location_id}: an outstanding order (new, taken or being prepared) is filled by
 * another location. Its stocked lines' units are taken there first, all or none (409 naming the short line,
 * nothing changed), then given back at the old location; the order's lines point at the new location's store
 * products (at the price paid), its preparing step starts again, its lists move, and the shopper is told where
 * the order now is.
 */
export async function moveOrder(ctx: RequestContext, io: CheckoutIo, id: string, locationId: number) {
  const places = await storeLocations(ctx);
  const to = places.get(locationId);
  if (!to) throw new AppError('unprocessable', 'This location is not one of the store\'s.', { location_id: ['This location is not one of the store\'s.'] });
  const done = await withRedisLock(io.resources.redis, orderLock(ctx, io, id), async () => {
    const current = await findOrder(ctx, id);
    if (!orderTransition(current.status, 'cancel').ok || current.status === 'prepared') {
      throw new AppError('conflict', current.status === 'prepared' ? 'This order is ready at its store already: it cannot move.' : `This order is ${(ORDER_STATUS_LABELS[current.status] ?? current.status).toLowerCase()} already: it cannot move.`);
    }
    if (current.locationId === locationId) throw new AppError('unprocessable', `This order is at ${to.name} already.`, { location_id: [`This order is at ${to.name} already.`] });
    const lines = await linesAt(ctx, io, current, locationId);
    const unsold = lines.find((l) => !l.storeProductId);
    if (unsold) throw new AppError('conflict', `${unsold.line.title}: ${to.name} does not sell it.`);
    const taken = await reserveStock(redisStore(io), ctx.tenantId, lines.map((l) => ({ storeProductId: l.storeProductId!, quantity: l.left })));
    if (!taken.ok) {
      const short = lines.find((l) => l.storeProductId === taken.storeProductId)!;
      throw new AppError('conflict', `${short.line.title}: ${to.name} has only ${taken.left} in stock.`);
    }
    // Every line names the new location's store product where it sells the product ('Buy again' shops there); a
    // special-order or cancelled line it does not sell keeps its own (it holds no stock).
    const index = await io.cart.catalogue.get(ctx.tenantId);
    const newIds = new Map(lines.map((l) => [l.index, l.storeProductId!]));
    const items = current.items.map((l, i) => {
      const there = newIds.get(i) ?? index.product({ productId: l.productId }, locationId)?.store_product_id;
      return there ? { ...l, storeProductId: there } : l;
    });
    const from = places.get(current.locationId);
    const entry: Entry = { status: current.status, at: new Date(), by: by(ctx), note: `Moved from ${from?.name ?? `location ${current.locationId}`} to ${to.name}` };
    try {
      await Order.updateOne(scoped(ctx, { _id: id }), { $set: { locationId, items, prepareStep: null }, $push: { history: entry } });
    } catch (error) {
      await giveStockBack(ctx, io, lines.map((l) => ({ ...l.line, storeProductId: l.storeProductId!, quantity: l.left })));
      throw error;
    }
    const changed = { ...current, locationId, items, prepareStep: null, history: [...(current.history ?? []), entry] } as StoredOrder;
    await Promise.all([moveOrderIndex(redisStore(io), ctx.tenantId, changed as never, current.locationId), keepOrderDoc(redisStore(io), ctx.tenantId, changed)]);
    await writeStockChanges(redisStore(io), ctx.tenantId, taken.changes).catch(() => undefined); // the reconcile job writes what failed
    const back: Line[] = lines.map((l) => ({ ...l.line, quantity: l.left }));
    await giveStockBack(ctx, io, back); // writes both locations' counts and queues the reconcile
    return { order: changed, from };
  }, LOCK);
  const view = await adminView(ctx, done.order);
  await announceStockChange(io.resources, ctx.tenantId, [...new Set(done.order.items.filter((l) => !l.special).map((l) => l.productId))]);
  const told = await tellShopper(ctx, io, view, done.order.customerSlug, { change: 'moved', from: done.from?.name ?? null });
  return { status: 'success', message: `Order ${view.order_number} moved to ${view.store.name}.${toldShopper('', told)}`, data: view };
}
