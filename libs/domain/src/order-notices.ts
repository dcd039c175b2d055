// What a shopper is told when the store changes their order (spec 2: "you will be notified when it is ready"; spec 3
// §4 order actions): one builder per change, each giving the e-mail and the text message. The orders service sends
// them through the notifications queue; nothing else words these messages.
import { deliveryDateLabel } from './checkout';
import { displayPrice, type Cents } from './money';
import { CHARGED_TO_ACCOUNT } from './ar-accounts';

/** A cancelled order charged to the shopper's AR account: the account no longer owes it. */
const ACCOUNT_NOT_CHARGED = 'Nothing is charged to your account for it.';

/** What the builders read of an order (the shopper's view of it, PlacedOrder). */
export interface NoticeOrder {
  order_number: string;
  order_type: string;
  contact: { first_name: string };
  /** The store that fills it now. */
  store: { name: string; address: string };
  address?: { address: string; city: string } | null;
  shipping_service?: string | null;
  /** method 'ar_account': charged to the shopper's AR account (what is cancelled comes off the account, not a card). */
  payment: { label: string; method?: string };
}

/** A change the shopper hears of, with what its words need. */
export type OrderChange =
  | { change: 'taken' }
  | { change: 'ready'; deliveryMinutes?: number }
  | { change: 'delivery_date'; date: string; window: string | null }
  /** Units of a line cancelled: the card refunded `refundedCents`, or `lessToPayCents` off what is paid at the store; the last units cancel the order. */
  | { change: 'item_cancelled'; title: string; quantity: number; refundedCents: Cents; lessToPayCents: Cents; orderCancelled: boolean }
  | { change: 'item_special'; title: string; quantity: number; sla: string | null }
  /** Moved to `order.store` from the store named `from`. */
  | { change: 'moved'; from: string | null }
  /** Cancelled as a whole: `refundedCents` given back to the card now (`earlierRefundCents` before, line by line), or a card hold `released`. */
  | { change: 'cancelled'; reason: string; refundedCents: Cents; earlierRefundCents: Cents; released: boolean }
  /** The card provider approved a payment after the order was given up: it stays cancelled; `refundedCents` refunded, or (0) the hold released. */
  | { change: 'late_payment'; refundedCents: Cents };

export type OrderChangeName = OrderChange['change'];

/** One change's messages: the e-mail (subject, text) and the text message, with the outbox kinds they are kept under. */
export interface OrderNotice { emailKind: string; subject: string; email: string; textKind: string; text: string }

type Builder<C extends OrderChangeName> = (store: string, order: NoticeOrder, change: Extract<OrderChange, { change: C }>, money: (cents: Cents) => string) => Omit<OrderNotice, 'emailKind' | 'textKind'>;

/** The outbox kinds of each change's e-mail and text (the e-mails' kinds are the ones the platform has always used). */
export const ORDER_NOTICE_KINDS: Record<OrderChangeName, { email: string; text: string }> = {
  taken: { email: 'order-take', text: 'order-take-text' },
  ready: { email: 'order-prepare', text: 'order-ready-text' },
  delivery_date: { email: 'order-delivery-date', text: 'order-delivery-date-text' },
  item_cancelled: { email: 'order-item-cancelled', text: 'order-item-cancelled-text' },
  item_special: { email: 'order-item-special', text: 'order-item-special-text' },
  moved: { email: 'order-moved', text: 'order-moved-text' },
  cancelled: { email: 'order-cancel', text: 'order-cancel-text' },
  late_payment: { email: 'order-late-payment', text: 'order-late-payment-text' },
};

const QUESTIONS = 'Questions? Reply to this e-mail or call the store.';
const lines = (...parts: (string | null | false | undefined)[]) => parts.filter((p): p is string => typeof p === 'string').join('\n');
const hi = (order: NoticeOrder) => `Hi ${order.contact.first_name || 'there'},`;

/** What happens next, once the store has the order: where it is collected, or how it comes. */
const nextStep = (order: Pick<NoticeOrder, 'order_type' | 'store'>) => (order.order_type === 'pickup' ? `ready for pickup at ${order.store.name}` : order.order_type === 'delivery' ? 'on its way' : 'ready to ship');

const BUILDERS: { [C in OrderChangeName]: Builder<C> } = {
  taken: (store, order) => ({
    subject: `${store} has received your order ${order.order_number}`,
    email: lines(hi(order), '', `${store} has received your order ${order.order_number} and is getting it ready.`,
      order.order_type === 'pickup' ? `We will let you know when it is ready for pickup at ${order.store.name}, ${order.store.address}.` : `We will let you know when it is ${nextStep(order)}.`,
      '', QUESTIONS),
    text: `${store}: we have received your order ${order.order_number} and will let you know when it is ${nextStep(order)}.`,
  }),

  ready: (store, order, { deliveryMinutes }) => {
    const text = orderReadyText(store, order, deliveryMinutes);
    if (order.order_type === 'pickup') {
      return {
        subject: `Your order ${order.order_number} is ready for pickup`,
        email: lines(hi(order), '', `Your order ${order.order_number} is ready at ${order.store.name}, ${order.store.address}.`, `Payment: ${order.payment.label}.`),
        text,
      };
    }
    if (order.order_type === 'delivery') {
      return {
        subject: `Your order ${order.order_number} is on its way`,
        email: lines(hi(order), '', `Your order ${order.order_number} from ${store} is on its way to ${order.address?.address}, ${order.address?.city}.`,
          deliveryMinutes ? `It should reach you in about ${deliveryMinutes} minutes.` : null, `Payment: ${order.payment.label}.`),
        text,
      };
    }
    return {
      subject: `Your order ${order.order_number} is ready to ship`,
      email: lines(hi(order), '', `Your order ${order.order_number} from ${store} is packed and ready to ship${order.shipping_service ? ` with ${order.shipping_service}` : ''}.`),
      text,
    };
  },

  delivery_date: (store, order, { date, window }) => {
    const when = `${deliveryDateLabel(date)}${window ? `, ${window}` : ''}`;
    const pickup = order.order_type === 'pickup';
    const what = pickup ? 'The special-order items of your order' : order.order_type === 'delivery' ? 'Your delivery of order' : 'Your parcel with order';
    return {
      subject: `Your order ${order.order_number} is expected on ${deliveryDateLabel(date)}`,
      email: lines(hi(order), '', `${what} ${order.order_number} from ${store} ${pickup ? 'are' : 'is'} expected on ${when}.`, '', QUESTIONS),
      text: `${store}: ${pickup ? 'the special-order items of your order' : 'your order'} ${order.order_number} ${pickup ? 'are' : 'is'} expected on ${when}.`,
    };
  },

  item_cancelled: (store, order, c, money) => {
    const less = c.lessToPayCents ? (order.payment.method === CHARGED_TO_ACCOUNT ? `Your account is charged ${money(c.lessToPayCents)} less.` : `You will pay ${money(c.lessToPayCents)} less.`) : null;
    const back = c.refundedCents ? `${money(c.refundedCents)} is refunded to your card; your bank may take a few days to show it.` : less;
    const shortBack = c.refundedCents ? ` ${money(c.refundedCents)} is refunded to your card.` : less ? ` ${less}` : '';
    return {
      subject: `Part of your order ${order.order_number} at ${store} was cancelled`,
      email: lines(hi(order), '', `${store} could not fill ${c.quantity} × ${c.title} from your order ${order.order_number}, so it is cancelled.`,
        back, c.orderCancelled && 'Nothing is left of the order, so it is cancelled.', '', QUESTIONS),
      text: `${store}: ${c.quantity} × ${c.title} from your order ${order.order_number} is cancelled.${shortBack}${c.orderCancelled ? ' Nothing is left of the order, so it is cancelled.' : ''}`,
    };
  },

  item_special: (store, order, c) => ({
    subject: `Part of your order ${order.order_number} at ${store} will be special-ordered`,
    email: lines(hi(order), '', `${store} is out of ${c.title} on the shelf, so ${c.quantity} of them will be ordered from the supplier for you${c.sla ? `: special orders usually take ${c.sla}` : ''}.`,
      'The rest of your order is not held up. Questions? Reply to this e-mail or call the store.'),
    text: `${store}: ${c.quantity} × ${c.title} from your order ${order.order_number} will be ordered from the supplier${c.sla ? ` (usually ${c.sla})` : ''}. The rest is not held up.`,
  }),

  moved: (store, order, { from }) => {
    const pickup = order.order_type === 'pickup';
    return {
      subject: pickup ? `Your order ${order.order_number} is now at ${order.store.name}` : `Your order ${order.order_number} now comes from ${order.store.name}`,
      email: lines(hi(order), '', `${store} moved your order ${order.order_number} to another of its stores.`,
        ...(pickup ? [`Please pick it up at ${order.store.name}, ${order.store.address}, instead of ${from ?? 'the store you chose'}.`, 'We will e-mail you again when it is ready.']
          : [`It will now come from ${order.store.name}, ${order.store.address}.`]),
        '', QUESTIONS),
      text: pickup ? `${store}: your order ${order.order_number} is now at ${order.store.name}, ${order.store.address}. Please pick it up there once it is ready.`
        : `${store}: your order ${order.order_number} now comes from ${order.store.name}.`,
    };
  },

  cancelled: (store, order, c, money) => {
    const onAccount = order.payment.method === CHARGED_TO_ACCOUNT;
    const refund = c.refundedCents
      ? (c.earlierRefundCents ? `The rest of your card payment, ${money(c.refundedCents)}, is refunded` : `Your card payment of ${money(c.refundedCents)} is refunded in full`)
      : null;
    return {
      subject: `Your order ${order.order_number} at ${store} was cancelled`,
      email: lines(hi(order), '', `${store} cancelled your order ${order.order_number}.`, `Reason: ${c.reason}`,
        refund && '', refund && `${refund}. Your bank may take a few days to show it.`,
        c.released && '', c.released && 'The hold on your card is released: you were not charged.',
        onAccount && '', onAccount && ACCOUNT_NOT_CHARGED,
        '', QUESTIONS),
      text: `${store}: your order ${order.order_number} was cancelled. Reason: ${/[.!?]$/.test(c.reason) ? c.reason : `${c.reason}.`}${c.refundedCents ? ` ${money(c.refundedCents)} is refunded to your card.` : c.released ? ' You were not charged.' : onAccount ? ` ${ACCOUNT_NOT_CHARGED}` : ''}`,
    };
  },

  late_payment: (store, order, c, money) => ({
    subject: `Your order ${order.order_number} at ${store} was cancelled: nothing is charged`,
    email: lines(hi(order), '', `Your card payment for order ${order.order_number} reached ${store} after we had stopped waiting for it, so the order was cancelled and not placed.`,
      c.refundedCents ? `Your payment of ${money(c.refundedCents)} is refunded in full. Your bank may take a few days to show it.`
        : 'The hold on your card is released: you are not charged. Your bank may take a few days to remove it.',
      'Your cart is kept: you can place the order again.', '', QUESTIONS),
    text: `${store}: your payment for order ${order.order_number} came after the order was cancelled.${c.refundedCents ? ` ${money(c.refundedCents)} is refunded to your card.` : ' The hold on your card is released: you are not charged.'}`,
  }),
};

/** The e-mail and the text a shopper gets for one change to their order, in the store's currency. */
export function orderNotice(storeName: string, order: NoticeOrder, change: OrderChange, currencyPrefix = '$'): OrderNotice {
  const money = (cents: Cents) => displayPrice(cents, currencyPrefix);
  const built = (BUILDERS[change.change] as Builder<OrderChangeName>)(storeName, order, change as never, money);
  return { ...built, emailKind: ORDER_NOTICE_KINDS[change.change].email, textKind: ORDER_NOTICE_KINDS[change.change].text };
}

/** The text a shopper gets when their order is ready (markPrepared; the prepare console's 'ready'). */
export function orderReadyText(storeName: string, order: { order_number: string; order_type: string; store: { name: string } }, deliveryMinutes?: number): string {
  if (order.order_type === 'pickup') return `${storeName}: your order ${order.order_number} is ready for pickup at ${order.store.name}.`;
  if (order.order_type === 'delivery') {
    return `${storeName}: your order ${order.order_number} is on its way${deliveryMinutes ? `, in about ${deliveryMinutes} minutes` : ''}.`;
  }
  return `${storeName}: your order ${order.order_number} is packed and ready to ship.`;
}

/** The outbox kind of the text a shopper gets when their order is placed (the e-mail's is 'order-confirmation'). */
export const ORDER_PLACED_TEXT_KIND = 'order-confirmation-text';

/** The text a shopper gets when their order is placed, beside the confirmation e-mail: the store, the number, what comes next. */
export function orderPlacedText(storeName: string, order: Pick<NoticeOrder, 'order_number' | 'order_type' | 'store'>): string {
  return `${storeName}: thank you, your order ${order.order_number} is placed. We will let you know when it is ${nextStep(order)}.`;
}

/**
 * Whether a shopper gets texts about an order: the store sends texts (sms_notifications_enabled), the order has
 * a mobile number, and the shopper did not turn order texts off (receive_sms; a guest has the default, on).
 */
export const textsShopper = (storeSendsTexts: boolean, phone: string | null, receiveSms: boolean | null | undefined): boolean =>
  storeSendsTexts && Boolean(phone) && receiveSms !== false;

/** The end of an action's answer saying how the shopper was told: ' Sam has been told by e-mail and text.' ('' when not at all). */
export function toldShopper(who: string, told: { email: boolean; text: boolean }): string {
  const how = [told.email && 'e-mail', told.text && 'text'].filter(Boolean).join(' and ');
  return how ? ` ${who || 'The customer'} has been told by ${how}.` : '';
}
