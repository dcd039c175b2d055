import { randomBytes } from 'node:crypto';
import { mongoose, scoped } from '@platform/db';
import { cancelledLineCents, displayPrice, isPrepareStep, preparedNote, PREPARED_BY_NOT_STAFF, shelfUnitsHeld, type PrepareStep, itemCancelProblem, itemSpecialProblem, orderActions, orderTransition, ORDER_STATUS_LABELS, parseOrderItemId, toldShopper, type OrderAction, type OrderChange } from '@platform/domain';
import { announceStockChange } from '@platform/catalogue';
import { AppError, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { getBusinessDetails, getStoreSettings } from '@platform/tenant-settings';
import { Order } from './models';
import { withRedisLock } from '@platform/cart';
import { giveStockBack, orderView, redisStore, type CheckoutIo, type OrderDoc } from './checkout';
import { keepOrderChange, keepOrderDoc, orderKeys } from './order-index';
import { orderLock } from './order-lock';
import { cardProvider, giveCardPaymentBack, PAY_BY_CARD, refundKey, type StoredPayment } from './card-payment';
import { refundPayment } from '@platform/payments';
import { orderArAccount, syncArCharge } from './ar-accounts/ledger';
import { tellShopper } from './shopper-notices';
import { customerByKey } from '@platform/identity';

export const ORDER_NOT_FOUND = 'This order was not found.';
export const CANCEL_REASON_NEEDED = 'Please give a reason for cancelling.';
export const NOTE_NEEDED = 'Please write a note.';
export const NOTE_NOT_FOUND = 'This note was not found.';

type StoredNote = { id: string; text: string; at: Date; by: string | null };
export type StoredOrder = Omit<OrderDoc, 'history'> & { customerSlug?: string | null; prepareStep?: string | null; arAccount?: { id: string; number: string; name: string } | null; _id: unknown; customerName?: string; history?: { status: string; at: Date; by: string | null; note?: string }[]; notes?: StoredNote[] };

/** One order of the store by id; staff bound to a location find only that location's orders (others answer as not found). */
export async function findOrder(ctx: RequestContext, id: string): Promise<StoredOrder> {
  if (!mongoose.isValidObjectId(id)) throw new AppError('not_found', ORDER_NOT_FOUND);
  const order = (await Order.findOne(scoped(ctx, { _id: id })).lean()) as StoredOrder | null;
  if (!order || (ctx.caller?.locationId && order.locationId !== ctx.caller.locationId)) throw new AppError('not_found', ORDER_NOT_FOUND);
  return order;
}

/** An order as the store works on it: the shopper's view plus its id, status wording, what can be done now and what was done. */
export async function adminView(ctx: RequestContext, order: StoredOrder) {
  return {
    ...(await orderView(ctx, order)),
    id: String(order._id),
    status_label: ORDER_STATUS_LABELS[order.status] ?? order.status,
    actions: orderActions(order.status),
    history: (order.history ?? []).map((h) => ({ status: h.status, at: new Date(h.at).toISOString(), by: h.by, note: h.note ?? '' })),
    prepare_step: isPrepareStep(order.prepareStep ?? '') ? order.prepareStep as PrepareStep : null,
    ar_account: orderArAccount(order),
  };
}

/** GET admin/orders/{id}: one order of the store. */
export async function adminOrder(ctx: RequestContext, id: string) {
  return adminView(ctx, await findOrder(ctx, id));
}

const DONE: Record<OrderAction, (n: string) => string> = {
  take: (n) => `Order ${n} taken.`,
  prepare: (n) => `Order ${n} is ready.`,
  complete: (n) => `Order ${n} completed.`,
  cancel: (n) => `Order ${n} cancelled. Its stock is back in the store's count.`,
};

/**
 * The store moves an order on (spec 3 §4 order actions): take it, mark it ready (prepared), complete it, or
 * cancel it with a reason. Actions on one order take turns (a lock per order), so a cancel gives back
 * exactly the stock the order took, once. Taking it, marking it ready and cancelling it tell the shopper
 * (tellShopper: e-mail, and a text where the store sends them); completing it is the hand-over itself.
 */
/** The staff member a markPrepared names (subAccountId: a sub-account's slug) by name, or 422 when it is not one of this store's. */
async function preparedByName(ctx: RequestContext, slug: string | undefined): Promise<string | null> {
  if (!slug?.trim()) return null;
  const staff = await customerByKey<{ isAdmin?: boolean; isSubAccount?: boolean; firstName?: string; lastName?: string; email: string }>(ctx, 'slug', slug.trim());
  if (!staff?.isAdmin || !staff.isSubAccount) throw new AppError('unprocessable', PREPARED_BY_NOT_STAFF, { subAccountId: [PREPARED_BY_NOT_STAFF] });
  return `${staff.firstName ?? ''} ${staff.lastName ?? ''}`.trim() || staff.email;
}

export async function actOnOrder(ctx: RequestContext, io: CheckoutIo, id: string, action: OrderAction, input: { reason?: string; deliveryMinutes?: number; subAccountId?: string } = {}) {
  const reason = input.reason?.trim() ?? '';
  if (action === 'cancel' && !reason) throw new AppError('unprocessable', CANCEL_REASON_NEEDED, { reason: [CANCEL_REASON_NEEDED] });
  const preparedBy = action === 'prepare' ? await preparedByName(ctx, input.subAccountId) : null;
  // One action at a time per order (two staff pressing at once); other orders and checkouts never wait.
  const done = await withRedisLock(io.resources.redis, orderLock(ctx, io, id), async () => {
    const current = await findOrder(ctx, id);
    const next = orderTransition(current.status, action);
    if (!next.ok) throw new AppError('conflict', next.message);
    const entry = { status: next.status, at: new Date(), by: ctx.caller?.slug ?? null, note: action === 'cancel' ? reason : action === 'prepare' ? preparedNote({ deliveryMinutes: input.deliveryMinutes, preparedBy }) : '' };
    // A card payment is given back first: a refund the provider refuses leaves the order as it was.
    const paid = (current as { payment?: StoredPayment }).payment;
    const back = action === 'cancel' ? await giveCardPaymentBack(ctx, paid, id) : null;
    const payment = back ? { ...paid, ...back } : paid;
    await Order.updateOne(scoped(ctx, { _id: id }), { $set: { status: next.status, ...(back ? { payment } : {}) }, $push: { history: entry } });
    const changed = { ...current, status: next.status, payment, history: [...(current.history ?? []), entry] } as typeof current;
    await keepOrderChange(redisStore(io), ctx.tenantId, changed);
    // What is still on the shelf count: units cancelled one by one, or given back when drop-shipped, were given back already.
    if (action === 'cancel') await giveStockBack(ctx, io, current.items.map((l) => ({ ...l, quantity: shelfUnitsHeld(l) })).filter((l) => l.quantity > 0));
    return { order: changed, paid, back };
  }, { waitMs: 5000, busyMessage: 'Someone else is changing this order. Please try again in a moment.' });
  const { order, paid, back } = done;
  if (action === 'cancel') await syncArCharge(ctx, io, order as never); // a charged order no longer owes its account
  const view = await adminView(ctx, order);
  if (action === 'cancel') await announceStockChange(io.resources, ctx.tenantId, order.items.filter((l) => !l.special).map((l) => l.productId));
  const earlierRefundCents = paid?.refundedCents ?? 0;
  const change: OrderChange | null = action === 'take' ? { change: 'taken' }
    : action === 'prepare' ? { change: 'ready', deliveryMinutes: input.deliveryMinutes }
      : action === 'cancel' ? { change: 'cancelled', reason, refundedCents: back?.refundedCents ? back.refundedCents - earlierRefundCents : 0, earlierRefundCents, released: back?.status === 'voided' }
        : null;
  const told = change ? await tellShopper(ctx, io, view, order.customerSlug, change) : null;
  return { status: 'success', message: `${DONE[action](view.order_number)}${told ? toldShopper(view.contact.first_name, told) : ''}`, data: view };
}

/**
 * POST admin/orders/{id}/email: the store writes to the order's customer (spec 3 order actions: e-mail the
 * customer); a reply goes to the store's contact address. The order's history keeps the subject.
 */
export async function emailCustomer(ctx: RequestContext, io: CheckoutIo, id: string, input: { subject: string; body: string }) {
  const subject = input.subject.trim();
  const body = input.body.trim();
  rejectFieldProblems({ ...(subject ? {} : { subject: 'Please write a subject.' }), ...(body ? {} : { body: 'Please write a message.' }) });
  const order = await findOrder(ctx, id);
  const to = order.contact?.email;
  if (!to) throw new AppError('unprocessable', 'This order has no e-mail address to write to.');
  const business = await getBusinessDetails(ctx);
  await io.resources.queues.notifications.add('order-message', {
    tenantId: ctx.tenantId, channel: 'email', to, kind: 'order-message', subject: `${subject} (order ${order.orderNumber})`, text: body,
    ...(business.contact_email ? { replyTo: business.contact_email } : {}),
  });
  const entry = { status: order.status, at: new Date(), by: ctx.caller?.slug ?? null, note: `E-mailed the customer: ${subject}` };
  await Order.updateOne(scoped(ctx, { _id: id }), { $push: { history: entry } }); // by _id alone (docs/DATA-ACCESS.md)
  await io.resources.redis.del(orderKeys.doc(redisStore(io), ctx.tenantId, id)); // read again with its new history
  const view = await adminView(ctx, { ...order, history: [...(order.history ?? []), entry] });
  return { status: 'success', message: `Your e-mail to ${view.contact.first_name || 'the customer'} is on its way.`, data: view };
}

const noteView = (n: StoredNote) => ({ id: n.id, text: n.text, at: new Date(n.at).toISOString(), by: n.by });
export const LOCK = { waitMs: 5000, busyMessage: 'Someone else is changing this order. Please try again in a moment.' };

/** GET admin/orders/{id}/notes: the staff's notes on an order, oldest first. */
export async function orderNotes(ctx: RequestContext, id: string) {
  return (await findOrder(ctx, id)).notes?.map(noteView) ?? [];
}

/** POST admin/orders/{id}/note: a staff note on the order, signed by who wrote it. */
export async function addOrderNote(ctx: RequestContext, io: CheckoutIo, id: string, text: string) {
  const note = text.trim();
  if (!note) throw new AppError('unprocessable', NOTE_NEEDED, { note: [NOTE_NEEDED] });
  const notes = await withRedisLock(io.resources.redis, orderLock(ctx, io, id), async () => {
    const order = await findOrder(ctx, id);
    const added: StoredNote = { id: randomBytes(6).toString('hex'), text: note, at: new Date(), by: ctx.caller?.slug ?? null };
    const next = [...(order.notes ?? []), added];
    await Order.updateOne(scoped(ctx, { _id: id }), { $set: { notes: next } });
    await io.resources.redis.del(orderKeys.doc(redisStore(io), ctx.tenantId, id));
    return next;
  }, LOCK);
  return { status: 'success', message: 'Note added.', data: notes.map(noteView) };
}

/** DELETE admin/orders/{id}/note?id=: removes one note. */
export async function deleteOrderNote(ctx: RequestContext, io: CheckoutIo, id: string, noteId: string) {
  const notes = await withRedisLock(io.resources.redis, orderLock(ctx, io, id), async () => {
    const order = await findOrder(ctx, id);
    const next = (order.notes ?? []).filter((n) => n.id !== noteId);
    if (next.length === (order.notes ?? []).length) throw new AppError('not_found', NOTE_NOT_FOUND);
    await Order.updateOne(scoped(ctx, { _id: id }), { $set: { notes: next } });
    await io.resources.redis.del(orderKeys.doc(redisStore(io), ctx.tenantId, id));
    return next;
  }, LOCK);
  return { status: 'success', message: 'Note removed.', data: notes.map(noteView) };
}

export const ITEM_NOT_FOUND = 'This item was not found.';

/**
 * Runs a change to one line of an outstanding order (items[].id) under the order's lock: the line of this store's
 * order, or 404; an order no longer outstanding, 409.
 */
async function onOrderLine<T>(ctx: RequestContext, io: CheckoutIo, itemId: string,
  change: (order: StoredOrder, line: StoredOrder['items'][number], found: { orderId: string; index: number }) => Promise<T>): Promise<T> {
  const found = parseOrderItemId(itemId);
  if (!found) throw new AppError('not_found', ITEM_NOT_FOUND);
  return withRedisLock(io.resources.redis, orderLock(ctx, io, found.orderId), async () => {
    const order = await findOrder(ctx, found.orderId).catch(() => { throw new AppError('not_found', ITEM_NOT_FOUND); });
    const line = order.items[found.index];
    if (!line) throw new AppError('not_found', ITEM_NOT_FOUND);
    if (!orderTransition(order.status, 'cancel').ok) throw new AppError('conflict', `This order is ${(ORDER_STATUS_LABELS[order.status] ?? order.status).toLowerCase()} already: its lines cannot change.`);
    return change(order, line, found);
  }, LOCK);
}

/**
 * POST admin/orders/cancelItem/{itemId} {qty}: the store cannot fill part of a line. That many units come off it
 * (their stock back in the store's count), and the shopper gets back what they paid for them: the goods less their
 * share of the discount plus their share of the tax, refunded to the card through the order's provider (never more
 * than is left of what was captured), or simply not charged when paying at the store. The last units of the last
 * line cancel the order. Only while the order is outstanding; under the order's lock; the shopper is told (tellShopper).
 */
export async function cancelItem(ctx: RequestContext, io: CheckoutIo, itemId: string, quantity: number) {
  const prefix = (await getStoreSettings(ctx)).products.currencyPrefix;
  const done = await onOrderLine(ctx, io, itemId, async (order, line, found) => {
    const problem = itemCancelProblem(line.quantity - (line.cancelledQuantity ?? 0), quantity);
    if (problem) throw new AppError('unprocessable', problem, { qty: [problem] });
    const owed = cancelledLineCents({ subtotalCents: order.subtotalCents ?? 0, discountCents: order.discountCents, taxCents: order.taxCents }, line.priceCents, quantity);
    // A card payment taken already is refunded first: a refund the provider refuses leaves the order as it was.
    const paid = (order as { payment?: StoredPayment }).payment;
    let payment = paid;
    let refunded = 0;
    if (paid?.method === PAY_BY_CARD && paid.status === 'paid' && paid.reference) {
      const captured = paid.capturedCents ?? 0;
      const before = paid.refundedCents ?? 0;
      refunded = Math.min(owed, captured - before);
      if (refunded > 0) {
        await refundPayment(await cardProvider(ctx), { reference: paid.reference, capturedCents: captured, refundedCents: before }, refunded,
          { idempotencyKey: refundKey({ ...paid, reference: paid.reference }, before), orderId: found.orderId });
        payment = { ...paid, refundedCents: before + refunded, status: before + refunded >= captured ? 'refunded' : 'paid' };
      }
    }
    const items = order.items.map((l, i) => (i === found.index ? { ...l, cancelledQuantity: (l.cancelledQuantity ?? 0) + quantity } : l));
    const status = items.every((l) => (l.cancelledQuantity ?? 0) >= l.quantity) ? 'cancelled' : order.status;
    const money = refunded ? `; ${displayPrice(refunded, prefix)} refunded to the card` : paid?.method === PAY_BY_CARD ? '' : `; ${displayPrice(owed, prefix)} less to pay`;
    const entry = { status, at: new Date(), by: ctx.caller?.slug ?? null, note: `Cancelled ${quantity} × ${line.title}${money}` };
    await Order.updateOne(scoped(ctx, { _id: found.orderId }), { $set: { items, status, ...(payment !== paid ? { payment } : {}) }, $push: { history: entry } });
    const changed = { ...order, items, status, payment, history: [...(order.history ?? []), entry] } as typeof order;
    await keepOrderChange(redisStore(io), ctx.tenantId, changed);
    // Units given back to the shelf when the order was drop-shipped are not given back again.
    const back = Math.min(quantity, shelfUnitsHeld(line));
    if (back > 0) await giveStockBack(ctx, io, [{ ...line, quantity: back }]);
    return { order: changed, line, refunded, owed };
  });
  await syncArCharge(ctx, io, done.order as never); // its AR account is owed what is left
  const view = await adminView(ctx, done.order);
  if (!done.line.special) await announceStockChange(io.resources, ctx.tenantId, [done.line.productId]);
  const told = await tellShopper(ctx, io, view, done.order.customerSlug, {
    change: 'item_cancelled', title: done.line.title, quantity, refundedCents: done.refunded,
    lessToPayCents: view.payment.method === PAY_BY_CARD ? 0 : done.owed, orderCancelled: view.status === 'cancelled',
  });
  const message = `Cancelled ${quantity} × ${done.line.title}.${done.refunded ? ` ${displayPrice(done.refunded, prefix)} refunded to the card.` : ''}${toldShopper(view.contact.first_name, told)}`;
  return { status: 'success', message, data: view };
}

/**
 * POST admin/orders/makeItemSpecial/{itemId} {qty}: the shelf is short after all, so that many units of a stocked line
 * are ordered from the supplier instead (a special-order line of the same product at the price paid). The store's
 * count is not given back (the units were not there). Only while the order is outstanding; under the order's lock;
 * the shopper is told how long special orders usually take.
 */
export async function makeItemSpecial(ctx: RequestContext, io: CheckoutIo, itemId: string, quantity: number) {
  const done = await onOrderLine(ctx, io, itemId, async (order, line, found) => {
    if (line.special) throw new AppError('conflict', 'This line is a special order already.');
    const left = line.quantity - (line.cancelledQuantity ?? 0);
    const problem = itemSpecialProblem(left, quantity);
    if (problem) throw new AppError('unprocessable', problem, { qty: [problem] });
    // The whole line: it becomes the special order; part of it: a special-order line is added (line ids keep their places).
    const items = quantity === left && !line.cancelledQuantity
      ? order.items.map((l, i) => (i === found.index ? { ...l, special: true } : l))
      : [...order.items.map((l, i) => (i === found.index ? { ...l, quantity: l.quantity - quantity } : l)), { ...line, quantity, cancelledQuantity: 0, special: true }];
    const entry = { status: order.status, at: new Date(), by: ctx.caller?.slug ?? null, note: `${quantity} × ${line.title} to be special-ordered` };
    await Order.updateOne(scoped(ctx, { _id: found.orderId }), { $set: { items }, $push: { history: entry } });
    const changed = { ...order, items, history: [...(order.history ?? []), entry] } as typeof order;
    await keepOrderDoc(redisStore(io), ctx.tenantId, changed);
    return { order: changed, line };
  });
  const view = await adminView(ctx, done.order);
  const sla = (await getBusinessDetails(ctx)).special_order_sla || null;
  const told = await tellShopper(ctx, io, view, done.order.customerSlug, { change: 'item_special', title: done.line.title, quantity, sla });
  return { status: 'success', message: `${quantity} × ${done.line.title} will be special-ordered.${toldShopper(view.contact.first_name, told)}`, data: view };
}
