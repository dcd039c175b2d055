import {
  activePromoCents, checkQuantity, PAY_AT_STORE, formatCents, FULFILMENT_MODES, isPriceHidden, isRecurringFrequency, packSize, quantityLimitProblem, RECURRING_ALREADY_CANCELLED, RECURRING_CARD_IS_CUSTOMERS,
  RECURRING_CHANGED, RECURRING_CHANGED_BY_STORE, RECURRING_CHANGES_KEPT, RECURRING_CHOOSE_FREQUENCY, RECURRING_CHOOSE_SAVED_CARD, RECURRING_ITEM_TWICE, RECURRING_KEEP_ONE_ITEM,
  RECURRING_NOT_FOUND, RECURRING_NOT_SOLD_HERE, RECURRING_NOTHING_CHANGED, RECURRING_ONLY_SHIPPED_SERVICE, RECURRING_PAY_AT_STORE_NO_CARD, RECURRING_FREQUENCY_LABELS,
  payLaterProblem, payLaterShortLabel, takesCardsOnline,
  RECURRING_PICKUP_NO_ADDRESS, RECURRING_SERVICE_NOT_QUOTED, recurringChangeLines, recurringProductProblem, runDayLabel, storeSpecialOrderFlags, toCents, wholeQuantityProblem, type RecurringFrequency,
} from '@platform/domain';
import type { RecurringOrder as RecurringOrderView, RecurringProductChoice, ShippingQuote } from '@platform/contracts';
import { scoped } from '@platform/db';
import type { PlatformQueues } from '@platform/queue';
import { cartParcels, NO_SHIPPING_OPTIONS, quoteView, shippingOptions, type CartIo } from '@platform/cart';
import { getBusinessDetails, getPaymentSettings, getStoreSettings } from '@platform/tenant-settings';
import { AppError, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { CARD_PAYMENTS_NOT_AVAILABLE } from '@platform/payments';
import { PAY_BY_CARD } from '../card-payment';
import { CHOOSE_SHIPPING_OPTION, validateAddress, type CheckedAddress, type Warn } from '../checkout-steps';
import {
  findRecurring, keepRow, recurringLock, RecurringOrder, recurringView, savedRecurringCard, scheduleRuns, type RecurringDoc, type RecurringIo, type StoreNames,
} from './recurring-orders';
import { runCart, runShopper } from './runs';

/**
 * A shopper changes one of their recurring orders (POST update-recurring-order; the spec names no call, see
 * docs/RECURRING-ORDERS.md), or the store changes one for its customer (POST admin/recurringorders/update, a customer
 * who phoned in): how often, the delivery or shipping address, the shipping service, the lines (0 or left out removes
 * one, one stays; a product of the store's added) and, the shopper only, the saved card each run is charged to. Each
 * part is checked as checkout checks it, every part before anything is written: a refusal (422) changes nothing. The change is kept on the recurring order's history (by the customer or
 * the store, and who) and its row in the store's and shopper's lists; a new frequency moves its schedulers; a store's
 * change is e-mailed to the shopper. The next run places what it now says.
 */

export interface RecurringChange {
  frequency?: string;
  address?: { address?: string; address2?: string; city?: string; state?: string; zip?: string; country?: string };
  /** shipping: one of the quotes recurring-order-shipping-quotes answered for the address (its id). */
  shipping_quote_id?: string;
  /** The lines to keep with their quantities; a line left out, or at 0, is removed; a product not in it yet is added. */
  items?: { store_product_id: number; quantity: number }[];
  /** The shopper's only: one of their saved cards (customer-cards' source) at the store's card provider; one paid at the store switches to it. */
  card_source?: string;
  /** The shopper's only: pay_at_store switches a pickup one from its card to paying at the store; card needs card_source. */
  payment_method?: 'card' | 'pay_at_store';
}

export interface ChangeIo extends RecurringIo { cart: CartIo; queues: Pick<PlatformQueues, 'recurringOrders' | 'notifications'> }
/** ownerSlug: the shopper's own only (else any of the store's: an admin); origin: the store's address for the e-mail's link. */
type Options = { ownerSlug?: string; stores?: StoreNames; warn: Warn; origin?: string };

/** One of the caller's active recurring orders: another's (or another store's) is not found, a cancelled one 409. */
async function changeable(ctx: RequestContext, id: string, ownerSlug?: string): Promise<RecurringDoc> {
  const doc = await findRecurring(ctx, id);
  if (!doc || (ownerSlug && doc.customerSlug !== ownerSlug)) throw new AppError('not_found', RECURRING_NOT_FOUND);
  if (doc.status === 'cancelled') throw new AppError('conflict', RECURRING_ALREADY_CANCELLED);
  return doc;
}

/**
 * The lines as changed: each product at most once; its own lines' quantities within the product's limits (a whole
 * number, its maximum and pack: libs/domain quantityLimitProblem); a product added must be sold at the recurring
 * order's store (not hidden), may be ordered online and go out its way (recurringProductProblem), at a quantity within
 * its limits. Stock is each run's matter on its day. At least one line stays.
 */
async function changedItems(ctx: RequestContext, io: ChangeIo, doc: RecurringDoc, lines: NonNullable<RecurringChange['items']>): Promise<RecurringDoc['items']> {
  const [index, business, settings] = await Promise.all([io.cart.catalogue.get(ctx.tenantId), getBusinessDetails(ctx), getStoreSettings(ctx)]);
  const businessId = ctx.tenant.businessId;
  const problems: Record<string, string> = {};
  const asked = new Map<number, number>();
  const added: RecurringDoc['items'] = [];
  lines.forEach((line, n) => {
    if (asked.has(line.store_product_id)) { problems[`items.${n}.store_product_id`] = RECURRING_ITEM_TWICE; return; }
    asked.set(line.store_product_id, line.quantity);
    const item = doc.items.find((i) => i.storeProductId === line.store_product_id);
    const product = index.storeProduct(line.store_product_id);
    if (!item) {
      if (line.quantity === 0) return;
      if (!product || product.location !== doc.locationId) { problems[`items.${n}.store_product_id`] = RECURRING_NOT_SOLD_HERE; return; }
      const refused = recurringProductProblem(product, doc.orderType);
      if (refused) { problems[`items.${n}.store_product_id`] = `${product.title}: ${refused}`; return; }
      const limit = quantityLimitProblem({ product, quantity: line.quantity, businessId });
      if (limit) { problems[`items.${n}.quantity`] = `${product.title}: ${limit}`; return; }
      // A line the store would take only as a special order today is kept as one, as the cart would keep it.
      const today = checkQuantity({ product, quantity: line.quantity, businessId, store: storeSpecialOrderFlags(business, settings) });
      added.push({ productId: product.id, storeProductId: product.store_product_id, sku: product.sku, title: product.title, quantity: line.quantity, special: today.ok && today.specialOrder });
      return;
    }
    if (line.quantity === item.quantity) return;
    const problem = product ? quantityLimitProblem({ product, quantity: line.quantity, businessId }) : wholeQuantityProblem(line.quantity);
    if (problem) problems[`items.${n}.quantity`] = `${item.title}: ${problem}`;
  });
  rejectFieldProblems(problems);
  const items = [...doc.items.filter((i) => (asked.get(i.storeProductId) ?? 0) > 0).map((i) => ({ ...i, quantity: asked.get(i.storeProductId)! })), ...added];
  if (!items.length) rejectFieldProblems({ items: RECURRING_KEEP_ONE_ITEM });
  return items;
}

/**
 * How each run is paid, chosen by the shopper: one of their own saved cards in the vault of the store's card provider
 * (another shopper's, another provider's or an unknown one is 422), from a card or from paying later; or paying later
 * (at the store, on delivery, by phone) where checkout would offer it for the order's type (payLaterProblem). The store
 * does not choose how a customer pays (docs/RECURRING-ORDERS.md "Its card").
 */
async function chosenPayment(ctx: RequestContext, doc: RecurringDoc, input: Pick<RecurringChange, 'card_source' | 'payment_method'>): Promise<RecurringDoc['payment']> {
  const field = input.payment_method !== undefined && input.card_source === undefined ? 'payment_method' : 'card_source';
  const refuse = (message: string, name = field): never => { throw new AppError('unprocessable', message, { [name]: [message] }); };
  if (ctx.caller?.isAdmin) refuse(RECURRING_CARD_IS_CUSTOMERS);
  if (input.payment_method === PAY_AT_STORE) {
    if (input.card_source !== undefined) refuse(RECURRING_PAY_AT_STORE_NO_CARD, 'payment_method');
    const problem = payLaterProblem(doc.orderType, { takesCardsOnline: takesCardsOnline(await getPaymentSettings(ctx)) });
    return problem ? refuse(problem, 'payment_method') : { method: PAY_AT_STORE, label: payLaterShortLabel(doc.orderType) };
  }
  if (input.card_source === undefined) return doc.payment?.method === PAY_BY_CARD ? doc.payment : refuse(RECURRING_CHOOSE_SAVED_CARD, 'card_source');
  // Another saved card only where cards are offered now (cards_offered), as checkout would take it; the card it has stays.
  if (input.card_source !== doc.payment?.source && !(await getPaymentSettings(ctx)).cards_offered) refuse(CARD_PAYMENTS_NOT_AVAILABLE, 'card_source');
  const card = await savedRecurringCard(ctx, doc.customerSlug, input.card_source);
  return card ? { method: PAY_BY_CARD, ...card } : refuse(RECURRING_CHOOSE_SAVED_CARD, 'card_source');
}

/** A delivery or shipping address checked as checkout's validate-address checks it (the delivery zips, the carrier's verification). */
async function checkedAddress(ctx: RequestContext, doc: RecurringDoc, input: NonNullable<RecurringChange['address']>, warn: Warn): Promise<CheckedAddress> {
  if (doc.orderType === 'pickup') rejectFieldProblems({ address: RECURRING_PICKUP_NO_ADDRESS });
  const orderType = FULFILMENT_MODES[doc.orderType] as 1 | 2;
  return (await validateAddress(ctx, { order_type: orderType, ...input }, warn)).address;
}

/** The store's shipping quotes for these lines to this address now, through the cart's one shipping-rate path (as each run is quoted). */
async function quotesFor(ctx: RequestContext, io: ChangeIo, doc: RecurringDoc, warn: Warn) {
  const cart = runCart(doc);
  const priced = await cartParcels(ctx, io.cart, runShopper(doc), { order_type: FULFILMENT_MODES.shipping }, cart);
  if (!priced.checkout_types.shipping || !cart.address) rejectFieldProblems({ address: NO_SHIPPING_OPTIONS });
  const { quotes } = await shippingOptions(ctx, priced, cart.address!, (err) => warn({ err }, 'shipping carrier failed for a recurring order'));
  if (!quotes.length) rejectFieldProblems({ address: NO_SHIPPING_OPTIONS });
  return quotes;
}

const serviceName = (q: { carrier: string; service: string }) => `${q.carrier} ${q.service}`;
/** A run's context: the store location it is placed at. */
const atStore = (ctx: RequestContext, doc: RecurringDoc): RequestContext => ({ ...ctx, storeId: doc.locationId });

/**
 * POST recurring-order-shipping-quotes: the shipping options for one of the shopper's shipped recurring orders to an
 * address (checked as checkout checks it), for its lines or the quantities being chosen, with the option its service
 * is now (selected_id, null when not offered there). Changes nothing.
 */
export async function recurringShippingQuotes(ctx: RequestContext, io: ChangeIo, id: string, input: Pick<RecurringChange, 'address' | 'items'>, options: Options):
  Promise<{ address: CheckedAddress; quotes: ShippingQuote[]; selected_id: string | null }> {
  const doc = await changeable(ctx, id, options.ownerSlug);
  if (doc.orderType !== 'shipping') rejectFieldProblems({ address: RECURRING_ONLY_SHIPPED_SERVICE });
  const here = atStore(ctx, doc);
  const items = input.items ? await changedItems(here, io, doc, input.items) : doc.items;
  const address = await checkedAddress(here, doc, input.address ?? doc.address ?? {}, options.warn);
  const quotes = await quotesFor(here, io, { ...doc, address, items }, options.warn);
  return { address, quotes: quotes.map(quoteView), selected_id: quotes.find((q) => serviceName(q) === doc.shippingService)?.id ?? null };
}

/** How many products a search for a recurring order answers. */
const CHOICES_SHOWN = 10;

/**
 * POST recurring-order-products (the shopper's) and admin/recurringorders/products (the store's): the products of the
 * recurring order's store matching the words (title, sku, brand), from the in-memory search index the storefront uses
 * (hidden ones left out), with today's price (null where the item hides it), the pack their quantity is a multiple
 * of, whether the order has it, and why one cannot be added (recurringProductProblem, the check update-recurring-order
 * makes). Changes nothing.
 */
export async function recurringProductChoices(ctx: RequestContext, io: ChangeIo, id: string, search: string, options: Pick<Options, 'ownerSlug'>): Promise<RecurringProductChoice[]> {
  const doc = await changeable(ctx, id, options.ownerSlug);
  const index = await io.cart.catalogue.get(ctx.tenantId);
  const hits = index.search({
    keyword: search.trim(), locationId: doc.locationId, deptIds: [], excludeDeptIds: [], brandIds: [], minCents: null, maxCents: null, inStockOnly: false, promoOnly: false,
    attributes: {}, inStockAtLocationIds: null, sort: 'relevancy', page: 1, limit: CHOICES_SHOWN,
  });
  return hits.items.map((p) => ({
    store_product_id: p.store_product_id, sku: p.sku, title: p.title, image_url: p.image_url, price: isPriceHidden(p) ? null : formatCents(activePromoCents(p) ?? toCents(p.price)),
    pack: packSize(p.extra, ctx.tenant.businessId), in_order: doc.items.some((i) => i.storeProductId === p.store_product_id), problem: recurringProductProblem(p, doc.orderType),
  }));
}

export async function updateRecurringOrder(ctx: RequestContext, io: ChangeIo, id: string, input: RecurringChange, options: Options): Promise<{ message: string; data: RecurringOrderView }> {
  return recurringLock(io, ctx.tenantId, id, async () => {
    const doc = await changeable(ctx, id, options.ownerSlug);
    const here = atStore(ctx, doc);
    const problems: Record<string, string> = {};
    if (input.frequency !== undefined && !isRecurringFrequency(input.frequency)) problems.frequency = RECURRING_CHOOSE_FREQUENCY;
    if (input.shipping_quote_id !== undefined && doc.orderType !== 'shipping') problems.shipping_quote_id = RECURRING_ONLY_SHIPPED_SERVICE;
    rejectFieldProblems(problems);
    const frequency = (input.frequency ?? doc.frequency) as RecurringFrequency;
    const items = input.items ? await changedItems(here, io, doc, input.items) : doc.items;
    const payment = input.card_source !== undefined || input.payment_method !== undefined ? await chosenPayment(ctx, doc, input) : doc.payment;
    const address = input.address ? await checkedAddress(here, doc, input.address, options.warn) : doc.address;
    let shippingService = doc.orderType === 'shipping' ? doc.shippingService ?? null : null;
    if (doc.orderType === 'shipping' && (input.address || input.shipping_quote_id !== undefined)) {
      // The service is chosen among the quotes to the (new) address now; without a choice, its own where still offered.
      const quotes = await quotesFor(here, io, { ...doc, address, items }, options.warn);
      const chosen = input.shipping_quote_id !== undefined ? quotes.find((q) => q.id === input.shipping_quote_id) : quotes.find((q) => serviceName(q) === doc.shippingService);
      if (!chosen) rejectFieldProblems({ shipping_quote_id: input.shipping_quote_id !== undefined ? RECURRING_SERVICE_NOT_QUOTED : CHOOSE_SHIPPING_OPTION });
      shippingService = serviceName(chosen!);
    }

    const shape = (d: Pick<RecurringDoc, 'frequency' | 'address' | 'items' | 'payment'> & { shippingService?: string | null }) => ({
      frequency: d.frequency, address: d.address, shippingService: d.shippingService ?? null, items: d.items, orderType: doc.orderType,
      card: d.payment?.method === PAY_BY_CARD && d.payment.source ? { source: d.payment.source, label: d.payment.label } : null,
    });
    const what = recurringChangeLines(shape(doc), shape({ frequency, address, shippingService, items, payment }));
    if (!what.length) return { message: RECURRING_NOTHING_CHANGED, data: recurringView(ctx, doc, Date.now(), options.stores) };

    const change = { at: new Date(), by: ctx.caller?.slug ?? null, byStore: Boolean(ctx.caller?.isAdmin), what };
    const changes = [change, ...(doc.changes ?? [])].slice(0, RECURRING_CHANGES_KEPT);
    const set = { frequency, address, shippingService, items, payment, changes };
    await RecurringOrder.updateOne(scoped(ctx, { _id: id }), { $set: set });
    const changed: RecurringDoc = { ...doc, ...set };
    await keepRow(io, ctx.tenantId, changed);
    // The schedulers follow the new frequency (counted from the same first day); upserting replaces their next job.
    if (frequency !== doc.frequency) await scheduleRuns(io, ctx.tenantId, changed);
    const data = recurringView(ctx, changed, Date.now(), options.stores);
    if (!change.byStore) return { message: RECURRING_CHANGED, data };
    await tellChangedByStore(ctx, io, changed, what, data.next_dates[0], options.origin);
    return { message: RECURRING_CHANGED_BY_STORE, data };
  });
}

/** The shopper hears that the store changed their recurring order: what changed, when the next one is, where to see it. */
async function tellChangedByStore(ctx: RequestContext, io: ChangeIo, doc: RecurringDoc, what: string[], next: string | undefined, origin = '') {
  if (!doc.contact?.email) return;
  const how = RECURRING_FREQUENCY_LABELS[doc.frequency].toLowerCase();
  await io.queues.notifications.add('recurring-changed-by-store', {
    tenantId: ctx.tenantId, channel: 'email', to: doc.contact.email, kind: 'recurring-changed-by-store',
    subject: `${ctx.tenant.name} changed your recurring order`,
    text: [`Hi ${doc.contact.firstName},`, '', `${ctx.tenant.name} changed your recurring order (${how}, started with order ${doc.firstOrderNumber}):`, '',
      ...what.map((line) => `- ${line}`), '',
      next ? `Your next order is planned for ${runDayLabel(next, { year: true })} with these changes.` : 'The next orders are placed with these changes.',
      'If this is not what you asked for, please contact the store.', `See, change or cancel your recurring orders: ${origin}/recurring-orders`].join('\n'),
  });
}
