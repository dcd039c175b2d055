import { Location, mongoose, scoped, Tenant } from '@platform/db';
import { runScript, type NotificationJob } from '@platform/queue';
import {
  addressLine, CART_EMPTY_AT_CHECKOUT, checkoutLocale, CHARGED_TO_ACCOUNT, chargedToAccountLabel, contactProblems, formatPhone, forbiddenModeProblem, fulfilmentDisclaimer, deliveryAddressProblems, displayPrice, formatCents, normalizeEmail, normalizePhone, ORDER_TYPE_NAMES, OUTSIDE_DELIVERY_AREA, PAY_AT_STORE, payAtStoreLabel, payLaterProblem, takesCardsOnline, toCents,
  FULFILMENT_MODES, normalizeCouponCode, orderItemId, orderTimeline, type FulfilmentMode, AWAITING_PAYMENT, BANK_DID_NOT_CONFIRM, BANK_STILL_CONFIRMING, LATE_PAYMENT_RELEASED,
  type RecurringFrequency, type DisclaimerSettings, AR_OVER_CREDIT_LIMIT,
} from '@platform/domain';
import type { PlacedOrder, RecurringOrder as RecurringOrderView } from '@platform/contracts';
import { CartStore, findCoupon, pricedCart, withRedisLock, type CartIo, type ShopperIdentity, type StoredCart } from '@platform/cart';
import { announceStockChange, releaseHold, releaseStock, reserveStock, settleHold, staleHolds, writeStockChanges, type StockChange, type StockStore } from '@platform/catalogue';
import { getBusinessDetails, getPaymentSettings, getStoreSettings, storedPaymentSettings } from '@platform/tenant-settings';
import { checkoutPhoneConfirmed, storeRecipients, VERIFY_PHONE_FIRST } from '@platform/identity';
import { AppError, backgroundContext, rejectFieldProblems, resolvedTenant, TtlCache, type PlatformResources, type RequestContext } from '@platform/server-kit';
import { Order } from './models';
import { cardProvider, ENTER_CARD, PAY_BY_CARD, type StoredPayment } from './card-payment';
import { CALLBACK_NOT_VERIFIED, CARD_PAYMENTS_NOT_AVAILABLE, failedModification, refundPayment, settlesPayment, webhookSecret, type Authorization, type PaymentEvent, type PaymentProvider, type WebhookProvider } from '@platform/payments';
import { announceOrderPlaced } from './placed';
import { indexCardOrder } from './fraud-checks/card-index';
import { orderPlacedTextMessage, tellShopper } from './shopper-notices';
import { queueOrderMessages } from './order-messages';
import { connectBinding, connectForm, connectSettings, FISERV_CONNECT_TOKEN, type ConnectSettings, type FiservConnectForm } from './fiserv-connect';
import { cardLabel, checkRecurringRequest, startRecurringOrder, type RecurringRequest } from './recurring/recurring-orders';
import { indexOrder, keepOrderDoc, keptOrderDoc, orderIdByNumber, orderKeys, orderPage, type OrderIndexStore } from './order-index';
import { checkoutAccount, type ChargeAccount } from './ar-accounts/checkout-account';
import { pendingUntilSaved } from './pending-until-saved';
import { holdCard, voidAbandonedCardHolds, type CardHold } from './card-holds';
import { captureSavedOrder } from './saved-capture';
import { recordFailedModification } from './payment-outcomes';
import { saveNumberedOrder } from './order-numbers';
import { orderLock } from './order-lock';
import { recordCheckoutCharge, recoverCreditHold, releaseCredit, staleCreditHolds, takeCredit } from './ar-accounts/credit';

export interface CheckoutInput {
  order_type: FulfilmentMode;
  first_name: string; last_name: string; email: string; telephone: string;
  payment_method: string;
  /** With payment_method 'card': the card provider's token from its hosted fields (never a card number). */
  payment_token?: string;
  /** With a card, for a signed-in shopper: keep the card in their account (unless the store turns saving off). */
  save_card?: boolean;
  note?: string;
  /** The total the shopper was shown; a different total now stops the order (prices or fees changed meanwhile). */
  expected_total?: string;
  /** 'Repeat this order' (signed-in shoppers, where the store offers it): the order is placed again on each run day. */
  recurring?: { frequency: RecurringFrequency };
}

export interface CheckoutIo { cart: CartIo; resources: PlatformResources }

/** What the stock steps need of a process: Redis and the queues (a request's io, or the worker's). */
export type StockIo = { resources: Pick<PlatformResources, 'redis' | 'queuePrefix' | 'queues'> };
/** Where stock counts, order numbers and order lists live (Redis, under the platform's prefix). */
export const redisStore = (io: StockIo): StockStore & OrderIndexStore => ({ redis: io.resources.redis, prefix: io.resources.queuePrefix });

export type Line = { productId: number; storeProductId: number; sku: string; title: string; quantity: number; priceCents: number; special: boolean; cancelledQuantity?: number;
  /** Units given back to the shelf count when the order went to a supplier to drop-ship (they hold no stock now). */
  stockReturnedQuantity?: number };

/**
 * Places the shopper's cart as an order (POST customer/orders/submit): checks the contact details, the
 * delivery address or shipping option, that the total is the one shown, then takes the stock of every
 * in-stock line (never below zero), numbers and saves the order, empties the cart and queues the
 * confirmation e-mail, the search index's stock update and the sales counts. Nothing changes when any check fails.
 */
/** origin: the store's address as the shopper's browser used it (for the link in the store's e-mail). */
export async function placeOrder(ctx: RequestContext, io: CheckoutIo, who: ShopperIdentity, input: CheckoutInput, origin: string | null = null): Promise<CheckoutOutcome> {
  if (ctx.caller?.isAdmin) throw new AppError('forbidden', 'Store admins cannot place orders. Use View as Customer with a customer account.');
  rejectFieldProblems(contactProblems(input));
  const byCard = input.payment_method === PAY_BY_CARD;
  if (input.payment_method !== PAY_AT_STORE && !byCard && input.payment_method !== CHARGED_TO_ACCOUNT) throw new AppError('unprocessable', 'Please choose how you will pay.', { payment_method: ['Please choose how you will pay.'] });
  if (byCard && !input.payment_token?.trim()) throw new AppError('unprocessable', ENTER_CARD, { payment_token: [ENTER_CARD] });
  // Cards only where the storefront offers them (cards_offered: libs/domain cardSetupMissing), before anything is taken.
  if (byCard && !(await getPaymentSettings(ctx)).cards_offered) throw new AppError('unprocessable', CARD_PAYMENTS_NOT_AVAILABLE, { payment_method: [CARD_PAYMENTS_NOT_AVAILABLE] });
  const provider = byCard ? await cardProvider(ctx) : null;
  // On Fiserv the shopper may pay on Connect's own page: the order waits for its answer (as for a bank's 3-D Secure page).
  const connect = provider?.name === 'fiserv' && input.payment_token?.trim() === FISERV_CONNECT_TOKEN
    ? connectSettings(await storedPaymentSettings(ctx), (details, message) => console.warn(`[orders] ${message}`, details)) : null;
  if (connect && (input.save_card || input.recurring)) throw new AppError('unprocessable', CONNECT_SAVES_NO_CARD, { [input.save_card ? 'save_card' : 'recurring']: [CONNECT_SAVES_NO_CARD] });
  // Where the store asks, the mobile number was confirmed with a texted code (orders/validate-info) first.
  const shopper = who.customerSlug ?? who.deviceId;
  if (!shopper || !(await checkoutPhoneConfirmed(ctx, { redis: io.resources.redis, prefix: io.resources.queuePrefix }, shopper, input.telephone))) {
    throw new AppError('unprocessable', VERIFY_PHONE_FIRST, { telephone: [VERIFY_PHONE_FIRST] });
  }
  // Charge to account: the shopper's own open account, where the store offers it (its limit is checked when charged).
  const account = input.payment_method === CHARGED_TO_ACCOUNT ? await checkoutAccount(ctx, io, who.customerSlug, Boolean(input.recurring)) : null;
  const stored = await io.cart.carts.get(ctx.tenantId, who);
  const recurring = input.recurring ? await checkRecurringRequest(ctx, { redis: io.resources.redis, prefix: io.resources.queuePrefix }, who.customerSlug, {
    frequency: input.recurring.frequency, mode: input.order_type, card: byCard ? { token: input.payment_token!.trim(), saving: input.save_card === true } : null,
  }) : null;
  return placeCart(ctx, io, who, input, stored, origin, { provider, recurring, connect, account });
}

export const CONNECT_SAVES_NO_CARD = "A card paid on Fiserv's payment page cannot be saved or charged again here. Please pay without saving the card.";

/** How placeCart is asked: a checkout's 'Repeat this order', or a recurring order's run (its own order id, the shopper's cart left alone). */
export type PlaceOptions = {
  provider: PaymentProvider | null; recurring?: RecurringRequest | null; run?: { recurringOrderId: string; orderId: mongoose.Types.ObjectId };
  /** The shopper pays on Fiserv Connect's page (the store's Connect settings): the order waits for Connect's answer. */
  connect?: ConnectSettings | null;
  /** Charge to account: the order's total is charged to this AR account (within its credit limit, or 422). */
  account?: ChargeAccount | null;
};

/**
 * Places a cart as an order: the shopper's at checkout, or the one a recurring order's run makes of its lines.
 * The steps after the checks of placeOrder.
 */
export async function placeCart(ctx: RequestContext, io: CheckoutIo, who: ShopperIdentity, input: CheckoutInput, stored: StoredCart | null, origin: string | null, options: PlaceOptions): Promise<CheckoutOutcome> {
  const { provider } = options;
  // The cart's money comes in integer cents beside its view (pricedCart): nothing here parses its decimal strings.
  const { view: cart, cents } = await pricedCart(ctx, io.cart, who, { order_type: input.order_type }, stored);
  if (cart.item_count === 0 || !stored) throw new AppError('unprocessable', CART_EMPTY_AT_CHECKOUT);
  // An item that cannot be delivered or shipped keeps the whole order from that mode (spec 1 §3 item settings).
  const forbidden = forbiddenModeProblem(cart.parcels.flatMap((parcel) => parcel.items), input.order_type);
  if (forbidden) throw new AppError('unprocessable', forbidden, { order_type: [forbidden] });
  if (cart.totals.order_type !== input.order_type) throw new AppError('unprocessable', 'This store does not offer that delivery method. Please choose another.', { order_type: ['is not offered'] });
  // Paid later only as payLaterProblem allows for the mode. A recurring run keeps the way its shopper agreed to (they may switch).
  if (input.payment_method === PAY_AT_STORE && !options.run) {
    const problem = payLaterProblem(input.order_type, { takesCardsOnline: takesCardsOnline(await getPaymentSettings(ctx)) });
    if (problem) throw new AppError('unprocessable', problem, { payment_method: [problem] });
  }
  const mode = input.order_type;
  if (mode === FULFILMENT_MODES.delivery) {
    const address = stored.address;
    const problems = address ? deliveryAddressProblems(address) : { address: 'Please enter your delivery address.' };
    if (Object.keys(problems).length) throw new AppError('unprocessable', 'Please enter your delivery address.', Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])));
    if (cart.totals.delivery_error) throw new AppError('unprocessable', OUTSIDE_DELIVERY_AREA, { zip: [OUTSIDE_DELIVERY_AREA] });
  }
  if (mode === FULFILMENT_MODES.shipping && !cart.totals.shipping_quote) throw new AppError('unprocessable', 'Please choose a shipping option.');
  const prefix = (await getStoreSettings(ctx)).products.currencyPrefix;
  if (input.expected_total !== undefined && input.expected_total !== cart.totals.total) {
    throw new AppError('conflict', `Your order total changed to ${displayPrice(cents.total, prefix)}. Please check your order and place it again.`);
  }
  const lines: Line[] = cart.parcels.flatMap((parcel) => parcel.items.map((item) => ({ item, special: parcel.type === 'special' }))).map(({ item, special }, i) => ({
    productId: item.id, storeProductId: item.store_product_id, sku: item.sku, title: item.title, quantity: item.quantity, priceCents: cents.units[i], special,
  }));
  const placedAt = new Date();
  const store = redisStore(io);
  const t = cart.totals;
  // The code is used up only where it took something off (discount_label is set then): the goods, or the delivery or shipping charge.
  const coupon = t.coupon && t.discount_label ? t.coupon : null;
  // Each step undoes itself when a later one fails; no step waits on another shopper's checkout.
  const recurring = options.recurring ? { ...options.recurring } : null;
  // The promo code's claim, the stock and the card hold are noted under the order's id until the order is saved: a
  // crash in between is found and given back (recoverAbandonedCheckouts).
  const orderId = options.run?.orderId ?? new mongoose.Types.ObjectId();
  const hold = String(orderId);
  const claim = await claimCouponUse(ctx, io, coupon, who.customerSlug, hold);
  const stocked = lines.filter((l) => !l.special);
  const taken = await takeStock(ctx, store, stocked, hold).catch(async (err) => { await claim.release(); throw err; });
  let order;
  let authorization: Authorization | null = null;
  let card: CardHold | null = null;
  let form: FiservConnectForm | null = null;
  try {
    // The shopper's bank may ask them to confirm (3-D Secure): it sends them back to the cart, which completes the order.
    const returnUrl = origin ? `${origin}/cart?payment=${hold}` : undefined;
    // A card saved for a recurring order is the one its runs charge.
    const keepSaved = (card: { source: string; brand: string; last4: string }) => { if (recurring?.card) recurring.card = { source: card.source, label: cardLabel(card.brand, card.last4) }; };
    if (options.connect) {
      // Connect's form names this order (oid); its answer, signed over the form's time and total, settles it.
      if (!origin) throw new AppError('unprocessable', CARD_PAYMENTS_NOT_AVAILABLE);
      form = connectForm(options.connect, { chargetotal: t.total, locale: checkoutLocale(undefined)!, origin, orderId: hold });
      authorization = { reference: '', status: 'requires_action', authorizedCents: 0, nextActionUrl: form.action_url };
    } else if (provider) {
      card = await holdCard(ctx, io, provider, {
        customerSlug: who.customerSlug, token: input.payment_token!.trim(), saveCard: input.save_card === true, totalCents: cents.total, orderId: hold,
        returnUrl: options.run ? undefined : returnUrl, offSession: Boolean(options.run), onSaved: keepSaved,
      });
      authorization = card.authorization;
    }
    if (options.account) {
      // Atomic against every other checkout on the account (a Redis script): the total is charged only within the limit.
      const taken = await takeCredit(ctx, io, options.account, cents.total, hold);
      if (!taken.ok) throw new AppError('unprocessable', AR_OVER_CREDIT_LIMIT, { payment_method: [AR_OVER_CREDIT_LIMIT] });
    }
    const awaiting = authorization?.status === 'requires_action';
    order = await saveNumberedOrder<SavedOrder>(ctx, store, orderId, {
      status: awaiting ? AWAITING_PAYMENT : 'placed', locationId: stored.locationId,
      customerSlug: who.customerSlug, deviceId: who.customerSlug ? null : who.deviceId,
      customerName: `${input.first_name.trim()} ${input.last_name.trim()}`,
      contact: { firstName: input.first_name.trim(), lastName: input.last_name.trim(), email: normalizeEmail(input.email), telephone: normalizePhone(input.telephone) },
      orderType: ORDER_TYPE_NAMES[mode],
      address: mode === FULFILMENT_MODES.pickup ? null : stored.address,
      shippingService: mode === FULFILMENT_MODES.shipping ? `${t.shipping_quote!.carrier} ${t.shipping_quote!.service}` : null,
      coupon,
      note: (input.note ?? '').trim(),
      payment: authorization
        ? {
          // A card hold is saved as paid and captured after (one order write: docs/PAYMENTS.md "Order flow").
          method: PAY_BY_CARD, provider: provider!.name, reference: authorization.reference, authorizedCents: authorization.authorizedCents,
          ...(awaiting ? { status: 'requires_action' } : card ? { status: 'paid', capturedCents: authorization.authorizedCents } : { status: 'authorized' }),
          ...(form ? { binding: connectBinding(form) } : {}), ...(authorization.card ? { card: authorization.card } : {}),
        }
        : { method: options.account ? CHARGED_TO_ACCOUNT : PAY_AT_STORE, status: 'due' },
      arAccount: options.account ? { id: options.account.id, number: options.account.number, name: options.account.name, at: placedAt, by: who.customerSlug } : null,
      subtotalCents: cents.subtotal, additionalFeesCents: cents.additionalFees, discountCents: cents.discount,
      specialOrderFeeCents: cents.specialOrderFee, taxCents: cents.tax, fulfilmentCents: cents.fulfilment,
      totalCents: cents.total, placedAt, items: lines,
      recurringRequest: recurring ? { frequency: recurring.frequency, cardSource: recurring.card?.source ?? null, cardLabel: recurring.card?.label ?? null } : null,
      recurringOrderId: options.run?.recurringOrderId ?? null,
    });
  } catch (err) {
    await Promise.all([
      giveHeldStockBack(io, ctx.tenantId, hold), claim.release(), card?.release(),
      options.account ? releaseCredit(ctx, io, hold) : null,
    ]);
    throw err;
  }
  // The claim and the card hold have their order now (should this fail, the recovery finds the order and leaves them).
  // A hold saved as paid keeps its note until captured (completeOrder): the recovery captures it should we stop before.
  const capturing = card && authorization?.status !== 'requires_action' ? card : null;
  await Promise.all([claim.keep().catch(() => undefined), capturing ? null : card?.keep().catch(() => undefined)]);
  if (options.account) {
    // The charge goes into the account's ledger; should the write fail, the reconcile job writes it (the hold stays).
    await recordCheckoutCharge(ctx, io, options.account.id, { orderId: hold, orderNumber: order.orderNumber, amountCents: order.totalCents, by: who.customerSlug })
      .catch((error: unknown) => console.error(`[orders] the AR account charge of order ${order.orderNumber} waits for the reconcile job: ${String(error)}`));
  }
  // The stock counts reach the database after the answer (Redis holds them, append-only): the shopper does not
  // wait on five writes, and what is not written is written by the reconcile job (docs/DATA-ACCESS.md).
  void writeStockChanges(store, ctx.tenantId, taken).catch(() => undefined);
  if (authorization?.status === 'requires_action') {
    // The stock stays held under the order's id, the cart as it is, until the bank's answer comes back (the job
    // every 10 minutes also settles it, should this queue write fail: the order exists, so it is answered).
    await queueStockReconcile(io, ctx.tenantId).catch((error: unknown) => console.error(`[orders] order ${order.orderNumber} waits for the 10-minute reconcile: ${String(error)}`));
    return { confirm: { order_id: hold, redirect_url: authorization.nextActionUrl!, ...(form ? { form: { action_url: form.action_url, fields: form.fields } } : {}) } };
  }
  return completeOrder(ctx, io, order, provider, origin, true, capturing);
}

/** What a checkout comes to: the order placed (and the recurring order it started), or the shopper's bank to visit first (3-D Secure). */
export type CheckoutOutcome = { order: PlacedOrder; recurring?: RecurringOrderView | null; confirm?: never } | { confirm: PaymentToConfirm; order?: never; recurring?: never };

/** Where the shopper confirms the payment: their bank's page (a redirect), or a card page the browser posts a form to (Fiserv Connect). */
export type PaymentToConfirm = { order_id: string; redirect_url: string; form?: { action_url: string; fields: Record<string, string> } };

/** A payment the provider approved after its order was given up, and how it went back (releaseLatePayment). */
type LateRelease = { reference: string; status: 'voided' | 'refunded'; cents: number; at: Date };

type SavedOrder = OrderDoc & {
  _id: unknown; customerSlug?: string | null; deviceId?: string | null; coupon?: string | null;
  payment?: StoredPayment & { provider?: string; authorizedCents?: number; binding?: string | null; late?: LateRelease[] | null } | null;
  recurringRequest?: { frequency: RecurringFrequency; cardSource?: string | null; cardLabel?: string | null } | null; recurringOrderId?: string | null;
};

/**
 * The order stands (placed, or its payment just confirmed): its card hold is taken, the stock hold settled, the
 * order listed, the shopper's cart emptied, and the e-mails and counts queued. Nothing after the save undoes the
 * order or fails the answer: a follow-up that fails is logged and kept for the stock-reconcile job (followUp).
 */
async function completeOrder(ctx: RequestContext, io: CheckoutIo, order: SavedOrder, provider: PaymentProvider | null, origin: string | null, fresh = false, savedAsPaid: CardHold | null = null): Promise<{ order: PlacedOrder; recurring: RecurringOrderView | null }> {
  // A failed capture leaves the order authorized for the store to take.
  if (provider && savedAsPaid) {
    // The note goes once the order tells what was captured; should writing 'authorized' back fail, the recovery does it.
    await captureSavedOrder(ctx, provider, order).then(() => savedAsPaid.keep(), (error: unknown) => console.error(`[orders] the failed capture of order ${order.orderNumber} waits for the recovery to be written: ${String(error)}`)).catch(() => undefined);
  } else if (provider && order.payment?.reference && order.payment.status === 'authorized') await captureCard(ctx, provider, order, order.payment.reference);
  const who = { customerSlug: order.customerSlug ?? null, deviceId: order.deviceId ?? null } as ShopperIdentity;
  // A recurring order's run is placed from its own lines: the shopper's cart is theirs to keep. Not done again later
  // (the shopper may have filled it anew).
  if (!order.recurringOrderId) {
    await io.cart.carts.remove(ctx.tenantId, who).catch((error: unknown) => console.error(`[orders] the cart of order ${order.orderNumber} was not emptied: ${String(error)}`));
  }
  const view = await orderView(ctx, order);
  await followUp(ctx, io, order, view, origin, FOLLOW_UPS, fresh);
  return { order: view, recurring: await startRecurring(ctx, io, order) };
}

/** What is done once an order stands, each step on its own (the lists in Redis, the announcements, the e-mails and texts). */
const FOLLOW_UPS = ['lists', 'stock', 'placed', 'confirmation', 'text', 'store'] as const;
type FollowUpStep = typeof FOLLOW_UPS[number];
/** The follow-ups that are e-mails and texts: their messages are queued together, one job an order. */
type MessageStep = Extract<FollowUpStep, 'confirmation' | 'text' | 'store'>;
type WorkStep = Exclude<FollowUpStep, MessageStep>;
const isMessageStep = (step: FollowUpStep): step is MessageStep => step === 'confirmation' || step === 'text' || step === 'store';
/** HASH order id -> the follow-ups that failed ({steps, origin}), for the stock-reconcile job to do again. */
const followUpsKey = (io: StockIo, tenantId: string) => `${io.resources.queuePrefix}:order-follow-ups:${tenantId}`;

/**
 * Does the order's follow-up steps, each on its own: one that fails (a queue or Redis write) is logged and kept
 * under the order for redoFollowUps, so the e-mail still goes later and the order is not undone. Answers the steps
 * that failed.
 */
/** fresh: the order was just saved by this checkout, so it is in no list yet (indexOrder only adds it). */
async function followUp(ctx: RequestContext, io: CheckoutIo, order: SavedOrder, view: PlacedOrder, origin: string | null, steps: readonly FollowUpStep[], fresh = false): Promise<FollowUpStep[]> {
  const store = redisStore(io);
  const id = String(order._id);
  const customerSlug = order.customerSlug ?? null;
  const prefix = async () => (await getStoreSettings(ctx)).products.currencyPrefix;
  const work: Record<WorkStep, () => Promise<unknown>> = {
    lists: () => Promise.all([
      // A queued reconcile that fails is not kept: the job runs every 10 minutes anyway.
      settleHold(store, ctx.tenantId, id), queueStockReconcile(io, ctx.tenantId).catch(() => undefined), indexOrder(store, ctx.tenantId, order as never, undefined, fresh),
      keepOrderDoc(store, ctx.tenantId, order), indexCardOrder(store, ctx.tenantId, order as never),
    ]),
    stock: () => announceStockChange(io.resources, ctx.tenantId, order.items.filter((l) => !l.special).map((l) => l.productId)),
    placed: () => announceOrderPlaced(io.resources.queues, ctx.tenantId, { orderNumber: view.order_number, placedAt: order.placedAt, items: order.items, customerSlug, coupon: order.coupon ?? null }),
  };
  // The e-mails and texts: each step composes its messages, then they go as one notifications job (queueOrderMessages).
  const compose: Record<MessageStep, () => Promise<NotificationJob[]>> = {
    confirmation: async () => [{
      tenantId: ctx.tenantId, channel: 'email', to: view.contact.email, kind: 'order-confirmation',
      ...confirmationEmail(ctx.tenant.name, view, await prefix(), await getBusinessDetails(ctx), origin ? `${origin}${customerSlug ? '/orders' : '/cart'}?order=${view.order_number}` : null),
    }],
    text: async () => [await orderPlacedTextMessage(ctx, view, customerSlug)].filter((message): message is NotificationJob => message !== null),
    store: async () => storeMessages(ctx, view, await prefix(), origin ? `${origin}/admin/prepare-order?id=${id}` : null),
  };
  const failing = (step: FollowUpStep, error: unknown): FollowUpStep => {
    console.error(`[orders] order ${order.orderNumber}: '${step}' failed after the order was saved, kept for the reconcile job: ${String(error)}`);
    return step;
  };
  /** The message steps that failed: their composing, or the one job queueing them all. */
  const tell = async (said: MessageStep[]): Promise<FollowUpStep[]> => {
    const composed = await Promise.all(said.map((step) => compose[step]().then((messages) => ({ step, messages }), (error: unknown) => ({ step: failing(step, error), messages: null }))));
    const ready = composed.filter((c) => c.messages !== null);
    const notComposed = composed.filter((c) => c.messages === null).map((c) => c.step);
    return queueOrderMessages(io.resources.queues, ctx.tenantId, ready.flatMap((c) => c.messages!))
      .then(() => notComposed, (error: unknown) => [...notComposed, ...ready.map((c) => failing(c.step, error))]);
  };
  const [done, told] = await Promise.all([
    Promise.all(steps.filter((step): step is WorkStep => !isMessageStep(step)).map((step) => work[step]().then(() => null, (error: unknown) => failing(step, error)))),
    tell(steps.filter(isMessageStep)),
  ]);
  const failed = [...done.filter((step): step is FollowUpStep => step !== null), ...told];
  if (failed.length) {
    await io.resources.redis.hset(followUpsKey(io, ctx.tenantId), id, JSON.stringify({ steps: failed, origin }))
      .catch((error: unknown) => console.error(`[orders] order ${order.orderNumber}: its failed follow-ups (${failed.join(', ')}) could not be kept: ${String(error)}`));
  }
  return failed;
}

/**
 * Part of the stock-reconcile job: the follow-ups that failed after their order was saved are done again, from the
 * order as the database has it now (by _id). Each is taken once (HDEL), so two workers never send an e-mail twice;
 * one that fails again is kept again. Answers how many orders had all their follow-ups done.
 */
export async function redoFollowUps(io: StockIo, tenantId: string): Promise<number> {
  const key = followUpsKey(io, tenantId);
  const kept = await io.resources.redis.hgetall(key);
  if (!Object.keys(kept).length) return 0;
  const tenant = await Tenant.findOne({ _id: tenantId }).lean();
  if (!tenant) return 0;
  const ctx = backgroundContext(resolvedTenant(tenant as never));
  const checkoutIo = { ...io, cart: { carts: new CartStore(io.resources.redis, io.resources.queuePrefix) } } as unknown as CheckoutIo;
  let done = 0;
  for (const [id, raw] of Object.entries(kept)) {
    if (!(await io.resources.redis.hdel(key, id))) continue; // another worker took it
    const { steps, origin } = JSON.parse(raw) as { steps: FollowUpStep[]; origin: string | null };
    try {
      const order = mongoose.isValidObjectId(id) ? (await Order.findOne(scoped(ctx, { _id: id })).lean()) as SavedOrder | null : null;
      if (!order) continue;
      // A cancelled order is listed as it is now, and nobody is told of it as placed.
      const still = order.status === 'cancelled' ? steps.filter((step) => step === 'lists') : steps;
      if (!(await followUp(ctx, checkoutIo, order, await orderView(ctx, order), origin, still)).length) done += 1;
    } catch (error) {
      await io.resources.redis.hset(key, id, raw);
      console.error(`[orders] the follow-ups of order ${id} wait for the next reconcile: ${String(error)}`);
    }
  }
  return done;
}

/** The recurring order a checkout asked for, made once its first order stands; a failure leaves the order as it is. */
async function startRecurring(ctx: RequestContext, io: CheckoutIo, order: SavedOrder): Promise<RecurringOrderView | null> {
  const request = order.recurringRequest;
  if (!request || !order.customerSlug) return null;
  const card = request.cardSource ? { source: request.cardSource, label: request.cardLabel ?? '' } : null;
  const recurringIo = { redis: io.resources.redis, prefix: io.resources.queuePrefix, queues: io.resources.queues };
  const recurring = await startRecurringOrder(ctx, recurringIo, order as never, { frequency: request.frequency, card }).catch((error: unknown) => {
    console.error(`[orders] the recurring order of order ${order.orderNumber} was not made: ${String(error)}`);
    return null;
  });
  if (recurring) await Order.updateOne(scoped(ctx, { _id: String(order._id) }), { $set: { recurringOrderId: recurring.id } }).catch(() => undefined);
  return recurring;
}

/**
 * The shopper is back from their bank's page, or the provider called back: the order waiting for the bank is
 * placed if the provider holds its payment, else cancelled with its stock and promo code given back. Asks the
 * provider itself (a return address proves nothing) and is safe to repeat: an order already settled is answered
 * as it stands. Runs under the order's lock, so a return and a callback at once settle it once.
 */
export async function settleAwaitingPayment(ctx: RequestContext, io: CheckoutIo, orderId: string, origin: string | null, options: { giveUp?: boolean; event?: PaymentEvent; returned?: string } = {}): Promise<{ outcome: 'placed' | 'failed' | 'waiting'; order: SavedOrder }> {
  return withRedisLock(io.resources.redis, orderLock(ctx, io, orderId), async () => {
    const order = mongoose.isValidObjectId(orderId) ? (await Order.findOne(scoped(ctx, { _id: orderId })).lean()) as SavedOrder | null : null;
    if (!order) throw new AppError('not_found', 'This order was not found.');
    if (order.status !== AWAITING_PAYMENT) {
      // Connect's approval of an order given up meanwhile: the money goes straight back (a repeat finds it recorded).
      const settled = (options.event && await releaseLatePayment(ctx, io, order, options.event)) || order;
      return { outcome: notPaid(settled) ? 'failed' as const : 'placed' as const, order: settled };
    }
    const provider = await cardProvider(ctx);
    // A payment made on the provider's own page (Fiserv Connect) has no reference until the provider answers: an
    // answer signed for this order's form (its binding) names it.
    let reference = order.payment?.reference || null;
    const bound = order.payment?.binding ?? null;
    if (!reference && bound && options.event?.reference && options.event.binding === bound) {
      reference = options.event.reference;
      await Order.updateOne(scoped(ctx, { _id: orderId }), { $set: { 'payment.reference': reference } });
    }
    // What the shopper brought back from the provider's page (Adyen's redirectResult) is read from the provider, and
    // counts only for this order's own payment; else the provider is asked about the payment itself.
    const returned = options.returned && reference ? await provider.paymentStatus(options.returned) : null;
    const now: Authorization = returned?.reference === reference ? returned!
      : reference ? await provider.paymentStatus(reference) : { reference: '', status: 'requires_action', authorizedCents: 0 };
    // A hold on the provider's page must be the whole order's (its reference came unsigned with the answer).
    if (bound && now.status === 'authorized' && now.authorizedCents < order.totalCents) now.status = 'declined';
    if (now.status === 'requires_action' && !options.giveUp) return { outcome: 'waiting' as const, order };
    if (now.status === 'authorized') {
      const payment = { ...order.payment, reference: reference!, status: 'authorized' as const, authorizedCents: now.authorizedCents, ...(now.card ? { card: now.card } : {}) };
      await Order.updateOne(scoped(ctx, { _id: orderId }), { $set: { status: 'placed', 'payment.status': 'authorized', 'payment.authorizedCents': now.authorizedCents, ...(now.card ? { 'payment.card': now.card } : {}) } });
      const placed = { ...order, status: 'placed', payment };
      await completeOrder(ctx, io, placed, provider, origin);
      return { outcome: 'placed' as const, order: placed };
    }
    // Not confirmed: nothing was taken from the card; the order is cancelled and what it held given back.
    if (now.reference) await provider.void(now.reference).catch(() => undefined);
    const entry = { status: 'cancelled', at: new Date(), by: null, note: "The shopper's bank did not confirm the card payment." };
    await Order.updateOne(scoped(ctx, { _id: orderId }), { $set: { status: 'cancelled', 'payment.status': 'declined' }, $push: { history: entry } });
    await giveHeldStockBack(io, ctx.tenantId, orderId);
    if (order.coupon && order.customerSlug) await io.resources.redis.del(couponUseKey(ctx, io, order.coupon, order.customerSlug));
    return { outcome: 'failed' as const, order: { ...order, status: 'cancelled', payment: { ...order.payment, status: 'declined' } } };
  }, { waitMs: 15_000, busyMessage: 'Your order is still being placed. Please wait a moment, then look in your orders before trying again.' });
}

/** An order that never took its payment: the bank did not confirm it, or it came after the order was given up (and went back). */
const notPaid = (order: SavedOrder) => order.payment?.status === 'declined' || Boolean(order.payment?.late?.length);

/**
 * A payment the provider approved on its own page (Fiserv Connect) for an order that was given up meanwhile (nobody
 * back within BANK_WAIT_MS: cancelled, its stock and promo code given back). The order stays cancelled and the money
 * goes back through the provider at once: a hold is voided, a payment already taken (a sale) refunded in full through
 * the refund guard. The order's history says so and the shopper is told nothing stays charged. Only an answer signed
 * for this order's own form (its binding) counts, only a payment the order never took, and once per payment: the
 * release is kept on the order (payment.late), so a repeated notification or return changes nothing. Runs under the
 * order's lock (settleAwaitingPayment). Answers the order as it now is, or null when there was nothing to give back.
 */
async function releaseLatePayment(ctx: RequestContext, io: CheckoutIo, order: SavedOrder, event: PaymentEvent): Promise<SavedOrder | null> {
  const payment = order.payment;
  const reference = event.reference;
  if (order.status !== 'cancelled' || !payment?.binding || event.binding !== payment.binding || !reference) return null;
  // The order's own payment once placed (cancelled by the store later) is the store's refund, not this.
  if (payment.reference === reference && payment.status !== 'declined') return null;
  if (payment.late?.some((l) => l.reference === reference)) return null;
  const provider = await cardProvider(ctx);
  const now = await provider.paymentStatus(reference);
  if (now.status !== 'authorized') return null; // nothing held (declined, or released already)
  const captured = now.capturedCents ?? 0;
  let refundedCents = 0;
  if (captured > 0) refundedCents = await refundPayment(provider, { reference, capturedCents: captured, refundedCents: 0 }, captured, { idempotencyKey: `late-refund-${reference}` });
  else await provider.void(reference, { idempotencyKey: `late-void-${reference}` });
  const prefix = (await getStoreSettings(ctx)).products.currencyPrefix;
  const at = new Date();
  const release = { reference, status: captured > 0 ? 'refunded' as const : 'voided' as const, cents: captured > 0 ? refundedCents : now.authorizedCents, at };
  const entry = {
    status: 'cancelled', at, by: null,
    note: captured > 0 ? `The card payment of ${displayPrice(refundedCents, prefix)} came after the order was given up: refunded in full.`
      : `The card payment came after the order was given up: its hold of ${displayPrice(now.authorizedCents, prefix)} was released.`,
  };
  const changes = {
    'payment.status': release.status, ...(payment.reference ? {} : { 'payment.reference': reference }),
    ...(captured > 0 ? { 'payment.capturedCents': captured, 'payment.refundedCents': refundedCents } : {}),
  };
  await Order.updateOne(scoped(ctx, { _id: String(order._id) }), { $set: changes, $push: { history: entry, 'payment.late': release } });
  const settled: SavedOrder = {
    ...order, history: [...(order.history ?? []), entry],
    payment: { ...payment, status: release.status, reference: payment.reference || reference, late: [...(payment.late ?? []), release], ...(captured > 0 ? { capturedCents: captured, refundedCents } : {}) },
  };
  // The money is back whatever happens to the message: a failure to queue it is logged, not retried (the release is recorded).
  await tellShopper(ctx, io, await orderView(ctx, settled), order.customerSlug, { change: 'late_payment', refundedCents })
    .catch((error: unknown) => console.error(`[orders] the shopper of order ${order.orderNumber} was not told of the late payment given back: ${String(error)}`));
  return settled;
}

const EVENT_KEPT_S = 7 * 24 * 3600;

/**
 * A provider's webhook (Stripe, Adyen, Authorize.Net, Fiserv Connect's notification): its signature checked over the
 * raw body with the store's secret for that provider (400 when it does not verify, the store has none, or the store
 * does not take cards through that provider), each event acted on once (its id kept a week), and an event about an
 * order waiting for its payment settles that order as the shopper's return would. Other events, and orders of other
 * stores, are received and ignored. Answers the event read, or null when it was not acted on.
 */
export async function paymentWebhook(ctx: RequestContext, io: CheckoutIo, name: WebhookProvider, rawBody: Buffer, headers: Record<string, string | string[] | undefined>, origin: string | null): Promise<PaymentEvent | null> {
  const event = await verifiedPaymentEvent(ctx, name, rawBody, headers);
  // A capture, void or refund taken as done that the provider failed later (Adyen's outcome webhooks): payment-outcomes.ts.
  const failed = failedModification(name, event.type);
  if ((!failed && !settlesPayment(name, event.type)) || !event.orderId || !mongoose.isValidObjectId(event.orderId)) return null;
  const seen = `${io.resources.queuePrefix}:payment-event:${ctx.tenantId}:${name}:${event.id}`;
  if ((await io.resources.redis.set(seen, '1', 'EX', EVENT_KEPT_S, 'NX')) !== 'OK') return null;
  try {
    if (failed) await recordFailedModification(ctx, io, name, failed, { ...event, orderId: event.orderId });
    else await settleAwaitingPayment(ctx, io, event.orderId, origin, { event });
    return event;
  } catch (error) {
    await io.resources.redis.del(seen); // the provider sends it again later
    if (error instanceof AppError && error.type === 'not_found') return null; // not an order of this store
    throw error;
  }
}

/** A provider's callback verified with the store's secret for it, or 400 'could not be verified'. */
export async function verifiedPaymentEvent(ctx: RequestContext, name: WebhookProvider, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent> {
  const secret = webhookSecret(await storedPaymentSettings(ctx), name);
  const provider = await cardProvider(ctx).catch(() => null);
  if (!provider || provider.name !== name || !secret || !Buffer.isBuffer(rawBody)) throw new AppError('invalid', CALLBACK_NOT_VERIFIED);
  return provider.verifyCallback(rawBody, headers, secret);
}

/** POST customer/orders/callback/{id}: the shopper's browser back from the bank; answers the order placed, or why not. */
export async function paymentReturn(ctx: RequestContext, io: CheckoutIo, who: ShopperIdentity, orderId: string, origin: string | null, returned?: string): Promise<PlacedOrder> {
  const { outcome, order } = await settleAwaitingPayment(ctx, io, orderId, origin, { returned });
  const mine = who.customerSlug ? order.customerSlug === who.customerSlug : !order.customerSlug && order.deviceId === who.deviceId;
  if (!mine) throw new AppError('not_found', 'This order was not found.');
  if (outcome === 'waiting') throw new AppError('conflict', BANK_STILL_CONFIRMING);
  if (outcome === 'failed') {
    const message = order.payment?.late?.length ? LATE_PAYMENT_RELEASED : BANK_DID_NOT_CONFIRM;
    throw new AppError('unprocessable', message, { payment_token: [message] });
  }
  return orderView(ctx, order);
}

/**
 * POST payments/fiserv/return: the shopper's browser back from Fiserv Connect's page with its answer (signed with
 * response_hash): verified with the store's shared secret (400 otherwise), the order it names settled as a webhook
 * would (placed when Fiserv holds the whole payment, else cancelled) and its id answered, for the cart page to show.
 * A repeat answers the order as it stands. 404 for an order not of this store.
 */
export async function connectReturn(ctx: RequestContext, io: CheckoutIo, rawBody: Buffer, headers: Record<string, string | string[] | undefined>, origin: string | null): Promise<string> {
  const event = await verifiedPaymentEvent(ctx, 'fiserv', rawBody, headers);
  if (!event.orderId || !mongoose.isValidObjectId(event.orderId)) throw new AppError('not_found', 'This order was not found.');
  await settleAwaitingPayment(ctx, io, event.orderId, origin, { event });
  return event.orderId;
}

/**
 * Takes each line's quantity off its store product's stock (Redis, all lines or none), only where that much
 * is left; when a line cannot be had the shopper is told how many the store has.
 */
async function takeStock(ctx: RequestContext, store: StockStore, lines: Line[], hold: string): Promise<StockChange[]> {
  const result = await reserveStock(store, ctx.tenantId, lines, { id: hold, note: { orderId: hold, productIds: [...new Set(lines.map((l) => l.productId))] } });
  if (result.ok) return result.changes;
  const line = lines.find((l) => l.storeProductId === result.storeProductId)!;
  throw new AppError('conflict', `${line.title}: Store has only ${result.left} in stock.`, { [`items.${line.storeProductId}`]: [`Store has only ${result.left} in stock.`] });
}

/** Gives stock back (an undone checkout, a cancelled order) and writes the new counts to the database. */
export async function giveStockBack(ctx: RequestContext, io: StockIo, lines: Line[]): Promise<void> {
  const changes = await releaseStock(redisStore(io), ctx.tenantId, lines);
  await writeStockChanges(redisStore(io), ctx.tenantId, changes).catch(() => undefined); // the reconcile job writes what failed
  await queueStockReconcile(io, ctx.tenantId);
}

/** Takes the order's card hold and marks the order paid (one write, by _id). */
async function captureCard(ctx: RequestContext, provider: PaymentProvider, order: { _id: unknown; payment?: unknown }, reference: string): Promise<void> {
  try {
    const capturedCents = await provider.capture(reference, undefined, { idempotencyKey: `capture-${String(order._id)}`, orderId: String(order._id) });
    // The order was just saved or read by this request: it is the tenant's own, no ownership read before the write.
    await Order.updateOne(scoped(ctx, { _id: String(order._id) }), { $set: { 'payment.status': 'paid', 'payment.capturedCents': capturedCents } }).setOptions({ ownedDoc: order });
    order.payment = { ...(order.payment as object), status: 'paid', capturedCents };
  } catch (err) {
    console.error(`[orders] the card payment of order ${String(order._id)} was not captured: ${String(err)}`);
  }
}

/** Gives back the stock a checkout holds (undone, or abandoned by a crash), once, and writes the new counts. */
async function giveHeldStockBack(io: StockIo, tenantId: string, hold: string): Promise<number[]> {
  const store = redisStore(io);
  const { changes, note } = await releaseHold(store, tenantId, hold);
  if (!changes.length) return [];
  await writeStockChanges(store, tenantId, changes).catch(() => undefined); // the reconcile job writes what failed
  await queueStockReconcile(io, tenantId);
  return (note.productIds as number[] | undefined) ?? [];
}

/** How long an order waits for the shopper's bank before the reconcile job asks the provider and settles it. */
const BANK_WAIT_MS = 30 * 60_000;

/** A hold older than this never reaches its order: the checkout that made it stopped (a crash, a restart). */
const ABANDONED_AFTER_MS = 5 * 60_000;

/**
 * Finds the store's checkouts that took stock and never settled it (the process stopped between taking the stock
 * and saving the order, or before undoing): a hold whose order exists is settled, any other is given back, and so
 * is a once-per-customer promo code such a checkout claimed and a card hold it made (voided at the provider).
 * Run by the stock-reconcile job; answers how many holds were given back and settled.
 */
export async function recoverAbandonedCheckouts(io: StockIo, tenantId: string, olderThanMs = ABANDONED_AFTER_MS, bankWaitMs = BANK_WAIT_MS): Promise<{ released: number; settled: number }> {
  const store = redisStore(io);
  let released = 0;
  let settled = 0;
  for (const { id } of await staleHolds(store, tenantId, olderThanMs)) {
    const saved = mongoose.Types.ObjectId.isValid(id) && (await Order.findOne(scoped({ tenantId }, { _id: id }), { _id: 1, status: 1, placedAt: 1 }).lean()) as { status: string; placedAt: Date } | null;
    if (saved && saved.status === AWAITING_PAYMENT) {
      // The shopper left their bank's page: after a while the provider is asked once more, and the order placed or given up.
      if (Date.now() - new Date(saved.placedAt).getTime() < bankWaitMs) continue;
      const tenant = await Tenant.findOne({ _id: tenantId }).lean();
      if (!tenant) continue;
      const carts = new CartStore(io.resources.redis, io.resources.queuePrefix);
      const { outcome } = await settleAwaitingPayment(backgroundContext(resolvedTenant(tenant as never)), { ...io, cart: { carts } } as unknown as CheckoutIo, id, null, { giveUp: true });
      if (outcome === 'placed') settled += 1; else released += 1;
      continue;
    }
    if (saved) {
      // The order was saved but its follow-ups never settled this hold (they do, in 'lists'): the checkout stopped
      // between the two. Its follow-ups are noted for redoFollowUps (run right after), unless some were noted already
      // by a checkout that saw them fail. At least once: a process that stopped mid-way may have queued an e-mail.
      await settleHold(store, tenantId, id);
      await io.resources.redis.hsetnx(followUpsKey(io, tenantId), id, JSON.stringify({ steps: FOLLOW_UPS, origin: null }));
      settled += 1;
      continue;
    }
    const productIds = await giveHeldStockBack(io, tenantId, id);
    if (productIds.length) await announceStockChange(io.resources, tenantId, productIds);
    released += 1;
  }
  // Charges to AR accounts taken by a checkout that stopped before writing the ledger (or giving them back).
  for (const hold of await staleCreditHolds(io, tenantId, olderThanMs)) {
    const order = mongoose.Types.ObjectId.isValid(hold.orderId) ? (await Order.findOne(scoped({ tenantId }, { _id: hold.orderId })).lean()) as never : null;
    if ((await recoverCreditHold({ tenantId } as RequestContext, io, hold, order)) === 'settled') settled += 1; else released += 1;
  }
  await releaseAbandonedClaims(io, tenantId, olderThanMs);
  await voidAbandonedCardHolds(io, tenantId, olderThanMs);
  return { released, settled };
}

/** Worker handler part of the stock-reconcile job: abandoned checkouts of the job's store, or of every store, and the follow-ups that failed after an order was saved. */
export async function recoverAbandonedCheckoutsOf(io: StockIo, tenantId?: string): Promise<{ released: number; settled: number; followedUp: number }> {
  const tenants = tenantId ? [tenantId] : ((await Tenant.find({ active: true }, { _id: 1 }).lean()) as { _id: unknown }[]).map((t) => String(t._id));
  const total = { released: 0, settled: 0, followedUp: 0 };
  for (const t of tenants) {
    const { released, settled } = await recoverAbandonedCheckouts(io, t);
    total.released += released;
    total.settled += settled;
    total.followedUp += await redoFollowUps(io, t);
  }
  if (total.released) console.warn(`[worker] gave back the stock of ${total.released} abandoned checkout(s)`);
  return total;
}

/** Long enough for the writes after an answer to land first, so the job finds only what failed. */
const RECONCILE_DELAY_MS = 10_000;

export { CARD_AUTHORIZATION_LAPSES_MS, holdCard, voidAbandonedCardHolds } from './card-holds';

/** Asks the worker to check the store's changed stock counts against the database in a second (one job per second at most). */
export async function queueStockReconcile(io: StockIo, tenantId: string): Promise<void> {
  await io.resources.queues.stockReconcile.add('changed', { tenantId }, { delay: RECONCILE_DELAY_MS, deduplication: { id: `stock-${tenantId}`, ttl: RECONCILE_DELAY_MS } });
}

const couponUseKey = (ctx: RequestContext, io: CheckoutIo, code: string, customerSlug: string) =>
  `${io.resources.queuePrefix}:coupon-use:${ctx.tenantId}:${normalizeCouponCode(code)}:${customerSlug}`;

export const COUPON_ALREADY_USED = (code: string) => `You have already used promo code ${code}.`;

/** Claims not yet backed by a saved order: ZSET JSON [checkout's hold id, claim key] -> when claimed. */
const couponClaims = pendingUntilSaved('coupon-claims');
/** Drops a claim only while it is the one this checkout made (its value is the checkout's hold id). */
const DROP_CLAIM = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

export type CouponClaim = { release(): Promise<void>; keep(): Promise<void> };

/**
 * A once-per-customer promo code is claimed for this customer atomically (SET NX in Redis, the value the checkout's
 * hold id) before the order is made, so simultaneous orders cannot both use it. release() gives it back when the
 * order then fails; keep() once the order is saved. A claim neither kept nor released (the process stopped) is given
 * back by recoverAbandonedCheckouts.
 */
export async function claimCouponUse(ctx: RequestContext, io: CheckoutIo, code: string | null, customerSlug: string | null, hold: string): Promise<CouponClaim> {
  if (!code || !customerSlug || !(await findCoupon(ctx, code))?.oncePerCustomer) return { release: async () => undefined, keep: async () => undefined };
  const { redis } = io.resources;
  const key = couponUseKey(ctx, io, code, customerSlug);
  // Noted before the claim, so a checkout that stops right after claiming is found.
  const note = await couponClaims.note(io, ctx.tenantId, [hold, key]);
  if ((await redis.set(key, hold, 'NX')) !== 'OK') {
    await note.keep(); // nothing was claimed
    throw new AppError('conflict', COUPON_ALREADY_USED(code), { coupon: [COUPON_ALREADY_USED(code)] });
  }
  return { release: () => note.release(async () => { await runScript(redis, DROP_CLAIM, 1, key, hold); }), keep: note.keep };
}

/** Claims older than `olderThanMs` whose order was never saved are given back (a later checkout of the shopper may use the code). */
async function releaseAbandonedClaims(io: StockIo, tenantId: string, olderThanMs: number): Promise<void> {
  await couponClaims.sweep(io, tenantId, olderThanMs, async ([hold, key]) => Boolean(await runScript(io.resources.redis, DROP_CLAIM, 1, key, hold)));
}

export type OrderDoc = {
  orderNumber: string; status: string; orderType: 'pickup' | 'delivery' | 'shipping'; placedAt: Date; locationId: number;
  contact?: { firstName?: string; lastName?: string; email?: string; telephone?: string } | null;
  address?: { address?: string; address2?: string; city?: string; state?: string; zip?: string } | null;
  shippingService?: string | null; note?: string; payment?: { method?: string; status?: 'due' | 'requires_action' | 'authorized' | 'paid' | 'voided' | 'refunded' | 'declined' } | null;
  /** The AR account it is charged to (payment.method 'ar_account'). */
  arAccount?: { number: string; name?: string | null } | null;
  items: Line[]; history?: { status: string; at: Date | string; note?: string | null }[] | null; deliveryDate?: string | null; deliveryWindow?: string | null; tracking?: { labelId: string; carrier: string; service: string; code: string; url?: string | null } | null; subtotalCents?: number; additionalFeesCents?: number; discountCents?: number; specialOrderFeeCents?: number; taxCents?: number; fulfilmentCents?: number; totalCents: number;
};

type StoreLocation = { locationId: number; name: string; address: string; city?: string; state?: string; zip?: string };
const locations = new TtlCache(30_000);
/** The store's locations (a small collection read on every order view), kept 30 s per process. */
export const storeLocations = (ctx: RequestContext) => locations.get(ctx.tenantId, async () =>
  new Map(((await Location.find(scoped(ctx)).lean()) as unknown as StoreLocation[]).map((l) => [l.locationId, l])));

/** What a card payment's state reads as on the order. */
const CARD_LABELS: Record<string, string> = { requires_action: 'Waiting for your bank to confirm', declined: 'Not confirmed by your bank', authorized: 'Card held', paid: 'Paid by card', refunded: 'Refunded to the card', voided: 'Card hold released' };

/** An order as its shopper sees it. */
export async function orderView(ctx: RequestContext, order: OrderDoc): Promise<PlacedOrder> {
  const store = (await storeLocations(ctx)).get(order.locationId) ?? null;
  return {
    order_number: order.orderNumber, status: order.status, order_type: order.orderType, placed_at: order.placedAt.toISOString(),
    contact: { first_name: order.contact?.firstName ?? '', last_name: order.contact?.lastName ?? '', email: order.contact?.email ?? '', telephone: order.contact?.telephone ?? '' },
    address: order.address ? { address: order.address.address ?? '', address2: order.address.address2 ?? '', city: order.address.city ?? '', state: order.address.state ?? '', zip: order.address.zip ?? '' } : null,
    store: { id: order.locationId, name: store?.name ?? '', address: store ? addressLine({ address: store.address, city: store.city ?? '', state: store.state ?? '', zip: store.zip ?? '' }) : '' },
    shipping_service: order.shippingService ?? null,
    items: order.items.map((i, index) => ({
      id: orderItemId(String((order as { _id?: unknown })._id ?? ''), index), sku: i.sku, title: i.title, quantity: i.quantity,
      cancelled_quantity: i.cancelledQuantity ?? 0, price: formatCents(i.priceCents), special: Boolean(i.special),
    })),
    subtotal: formatCents(order.subtotalCents ?? 0), additional_fees: formatCents(order.additionalFeesCents ?? 0), discount: formatCents(order.discountCents ?? 0),
    special_order_fee: formatCents(order.specialOrderFeeCents ?? 0), tax: formatCents(order.taxCents ?? 0), fulfilment_charge: formatCents(order.fulfilmentCents ?? 0),
    total: formatCents(order.totalCents),
    payment: order.payment?.method === PAY_BY_CARD
      ? { method: PAY_BY_CARD, label: CARD_LABELS[order.payment.status ?? 'authorized'] ?? CARD_LABELS.authorized, status: order.payment.status === 'paid' || order.payment.status === 'refunded' ? order.payment.status : 'due' }
      : order.payment?.method === CHARGED_TO_ACCOUNT ? { method: CHARGED_TO_ACCOUNT, label: chargedToAccountLabel(order.arAccount ?? { number: '' }), status: 'due' }
      : { method: order.payment?.method ?? PAY_AT_STORE, label: payAtStoreLabel(FULFILMENT_MODES[order.orderType] ?? FULFILMENT_MODES.pickup), status: order.payment?.status === 'paid' ? 'paid' : 'due' },
    note: order.note ?? '',
    timeline: orderTimeline(order.placedAt, order.history ?? []),
    delivery_date: order.deliveryDate ?? null,
    delivery_window: order.deliveryWindow ?? null,
    tracking: order.tracking ? { carrier: order.tracking.carrier, service: order.tracking.service, tracking_code: order.tracking.code, tracking_url: order.tracking.url ?? null } : null,
  };
}

/**
 * One placed order for the shopper who placed it (their account, or the guest device it was placed from), or
 * for the store's admins, who see every order of the store (as in the admin orders list).
 */
export async function findShopperOrder(ctx: RequestContext, io: CheckoutIo, who: ShopperIdentity, orderNumber: string): Promise<PlacedOrder> {
  return orderView(ctx, await shopperOrderDoc(ctx, io, who, orderNumber));
}

/** The stored order behind findShopperOrder (its lines with their store products), for the same callers. */
export async function shopperOrderDoc(ctx: RequestContext, io: CheckoutIo, who: ShopperIdentity, orderNumber: string): Promise<OrderDoc> {
  const id = await orderIdByNumber(redisStore(io), ctx.tenantId, orderNumber);
  type Found = OrderDoc & { _id: unknown; customerSlug?: string | null; deviceId?: string | null };
  let order = id ? await keptOrderDoc<Found>(redisStore(io), ctx.tenantId, id) : null;
  if (id && !order) {
    order = (await Order.findOne(scoped(ctx, { _id: id })).lean()) as Found | null;
    if (order) await keepOrderDoc(redisStore(io), ctx.tenantId, order, true);
  }
  const mine = order && (ctx.caller?.isAdmin || (who.customerSlug ? order.customerSlug === who.customerSlug : !order.customerSlug && order.deviceId === who.deviceId));
  if (!order || !mine) throw new AppError('not_found', 'This order was not found.');
  return order;
}

/** What the store hears of a new order (identity's storeRecipients): e-mails with replies going to the shopper, and texts. */
async function storeMessages(ctx: RequestContext, order: PlacedOrder, prefix: string, link: string | null): Promise<NotificationJob[]> {
  const { emails: recipients, phones } = await storeRecipients(ctx, order.store.id);
  const email = storeOrderEmail(order, prefix, link);
  const text = `${ctx.tenant.name}: new ${order.order_type} order ${order.order_number}, ${displayPrice(toCents(order.total), prefix)}, ${order.contact.first_name} ${order.contact.last_name}.${link ? ` ${link}` : ''}`;
  return [
    ...recipients.map((to): NotificationJob => ({ tenantId: ctx.tenantId, channel: 'email', to, replyTo: order.contact.email, kind: 'new-order', ...email })),
    ...phones.map((to): NotificationJob => ({ tenantId: ctx.tenantId, channel: 'sms', to, subject: '', kind: 'new-order-text', text })),
  ];
}

/** What the store reads about a new order: who, how it leaves the store, the lines to pull, the total and payment. */
export function storeOrderEmail(order: PlacedOrder, prefix: string, link: string | null = null): { subject: string; text: string } {
  const money = (amount: string) => displayPrice(toCents(amount), prefix);
  const how = order.order_type === 'pickup' ? `Pickup at ${order.store.name}`
    : `${order.order_type === 'delivery' ? 'Delivery' : `Shipping (${order.shipping_service})`} to ${addressLine(order.address!)}`;
  return {
    subject: `New ${order.order_type} order ${order.order_number}: ${money(order.total)}`,
    text: [
      `${order.contact.first_name} ${order.contact.last_name} placed order ${order.order_number}.`, how, '',
      ...order.items.map((i) => `${i.quantity} × ${i.title} (SKU ${i.sku})${i.special ? ': special order' : ''}`), '',
      `Total: ${money(order.total)}. Payment: ${order.payment.label}.`,
      `Phone: ${formatPhone(order.contact.telephone)}`, `E-mail: ${order.contact.email}`,
      ...(order.note ? [`Note: ${order.note}`] : []),
      ...(link ? ['', 'Prepare the order:', link] : []),
    ].join('\n'),
  };
}

/** A signed-in customer's own orders, newest first (GET orders: the /orders page). */
export async function customerOrders(ctx: RequestContext, io: CheckoutIo, query: { page: number; limit: number }) {
  if (!ctx.caller) throw new AppError('unauthorized', 'Please sign in to see your orders.');
  const store = redisStore(io);
  const { rows, total } = await orderPage(store, ctx.tenantId, orderKeys.customer(store, ctx.tenantId, ctx.caller.slug), query.page, query.limit);
  return {
    data: rows.map((o) => ({
      order_number: o.order_number, status: o.status, order_type: o.order_type as OrderDoc['orderType'], placed_at: o.placed_at,
      item_count: o.item_count, total: formatCents(o.total_cents),
    })),
    total, current_page: query.page, last_page: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/** The confirmation e-mail: what was ordered, the total, how it reaches the shopper and how it is paid. */
/** link: where the shopper sees the order again (My Orders for customers; the Done page on the guest's own browser). */
/** disclaimers: the store's pickup and delivery words (business details), else the defaults. */
export function confirmationEmail(storeName: string, order: PlacedOrder, prefix: string, disclaimers: DisclaimerSettings | null, link: string | null = null): { subject: string; text: string } {
  const money = (amount: string) => displayPrice(toCents(amount), prefix);
  const where = order.order_type === 'pickup'
    ? `Pick up at: ${order.store.name}, ${order.store.address}. ${fulfilmentDisclaimer(disclaimers, FULFILMENT_MODES.pickup)}`
    : order.order_type === 'delivery'
      ? `Delivery to: ${addressLine(order.address!)}. ${fulfilmentDisclaimer(disclaimers, FULFILMENT_MODES.delivery)}`
      : `Shipping to: ${order.address!.address}, ${order.address!.city}, ${order.address!.state} ${order.address!.zip} (${order.shipping_service}).`;
  const lines = order.items.map((i) => `${i.quantity} × ${i.title} (${i.sku}) at ${money(i.price)}${i.special ? ' (special order)' : ''}`);
  return {
    subject: `Your order ${order.order_number} at ${storeName}`,
    text: [
      `Hi ${order.contact.first_name},`, '', `Thank you for your order ${order.order_number}.`, '', ...lines, '',
      `Total: ${money(order.total)}`, `Payment: ${order.payment.label}.`, where,
      ...(order.note ? ['', `Your note: ${order.note}`] : []),
      ...(link ? ['', 'See your order:', link] : []),
    ].join('\n'),
  };
}
