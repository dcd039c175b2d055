import { describe, expect, it } from 'vitest';
import { orderNotice, orderPlacedText, textsShopper, toldShopper, type NoticeOrder } from './order-notices';

const pickup: NoticeOrder = { order_number: '1001', order_type: 'pickup', contact: { first_name: 'Sam' }, store: { name: 'Main St', address: '1 Main St, Salem, OR 97301' }, payment: { label: 'Pay at the store' } };
const delivery: NoticeOrder = { ...pickup, order_type: 'delivery', address: { address: '12 Oak St', city: 'Salem' } };
const shipping: NoticeOrder = { ...pickup, order_type: 'shipping', shipping_service: 'UPS Ground' };

describe("what the shopper is told of a change to their order", () => {
  it('words taken and ready by how the order reaches them', () => {
    expect(orderNotice('Demo Hardware', pickup, { change: 'taken' }).text).toBe('Demo Hardware: we have received your order 1001 and will let you know when it is ready for pickup at Main St.');
    expect(orderNotice('Demo Hardware', delivery, { change: 'taken' }).text).toBe('Demo Hardware: we have received your order 1001 and will let you know when it is on its way.');
    expect(orderNotice('Demo Hardware', shipping, { change: 'taken' }).text).toBe('Demo Hardware: we have received your order 1001 and will let you know when it is ready to ship.');
    const onItsWay = orderNotice('Demo Hardware', delivery, { change: 'ready', deliveryMinutes: 30 });
    expect(onItsWay).toMatchObject({ emailKind: 'order-prepare', textKind: 'order-ready-text', subject: 'Your order 1001 is on its way', text: 'Demo Hardware: your order 1001 is on its way, in about 30 minutes.' });
    expect(onItsWay.email).toContain('is on its way to 12 Oak St, Salem.\nIt should reach you in about 30 minutes.');
    expect(orderNotice('Demo Hardware', shipping, { change: 'ready' }).email).toContain('is packed and ready to ship with UPS Ground.');
  });

  it('gives the money back in the store\'s currency: refunded to the card, less to pay, or a hold released', () => {
    const cut = orderNotice('Demo Hardware', pickup, { change: 'item_cancelled', title: 'Hammer', quantity: 2, refundedCents: 0, lessToPayCents: 1250, orderCancelled: true }, 'CA$');
    expect(cut.text).toBe('Demo Hardware: 2 × Hammer from your order 1001 is cancelled. You will pay CA$12.50 less. Nothing is left of the order, so it is cancelled.');
    const released = orderNotice('Demo Hardware', pickup, { change: 'cancelled', reason: 'Sold out', refundedCents: 0, earlierRefundCents: 0, released: true });
    expect(released.email).toContain('The hold on your card is released: you were not charged.');
    expect(released.text).toBe('Demo Hardware: your order 1001 was cancelled. Reason: Sold out. You were not charged.');
    expect(orderNotice('Demo Hardware', pickup, { change: 'cancelled', reason: 'Sold out!', refundedCents: 0, earlierRefundCents: 0, released: false }).text)
      .toBe('Demo Hardware: your order 1001 was cancelled. Reason: Sold out!');
  });

  it('says a payment that came after the order was given up went back: the hold released, or refunded in full', () => {
    const held = orderNotice('Demo Hardware', pickup, { change: 'late_payment', refundedCents: 0 });
    expect(held).toMatchObject({ emailKind: 'order-late-payment', textKind: 'order-late-payment-text', subject: 'Your order 1001 at Demo Hardware was cancelled: nothing is charged' });
    expect(held.email).toContain('The hold on your card is released: you are not charged.');
    expect(held.text).toBe('Demo Hardware: your payment for order 1001 came after the order was cancelled. The hold on your card is released: you are not charged.');
    expect(orderNotice('Demo Hardware', pickup, { change: 'late_payment', refundedCents: 2599 }).text)
      .toBe('Demo Hardware: your payment for order 1001 came after the order was cancelled. $25.99 is refunded to your card.');
  });

  it('words the text of a placed order by how it reaches the shopper', () => {
    expect(orderPlacedText('Demo Hardware', pickup)).toBe('Demo Hardware: thank you, your order 1001 is placed. We will let you know when it is ready for pickup at Main St.');
    expect(orderPlacedText('Demo Hardware', delivery)).toBe('Demo Hardware: thank you, your order 1001 is placed. We will let you know when it is on its way.');
    expect(orderPlacedText('Demo Hardware', shipping)).toBe('Demo Hardware: thank you, your order 1001 is placed. We will let you know when it is ready to ship.');
  });

  it('texts only where the store sends texts, the order has a phone and the shopper did not turn texts off', () => {
    expect(textsShopper(true, '5035550142', undefined)).toBe(true);
    expect(textsShopper(true, '5035550142', true)).toBe(true);
    expect(textsShopper(true, '5035550142', false)).toBe(false);
    expect(textsShopper(false, '5035550142', true)).toBe(false);
    expect(textsShopper(true, null, true)).toBe(false);
    expect(toldShopper('Sam', { email: true, text: true })).toBe(' Sam has been told by e-mail and text.');
    expect(toldShopper('', { email: false, text: true })).toBe(' The customer has been told by text.');
    expect(toldShopper('Sam', { email: false, text: false })).toBe('');
  });

  it('tells a shopper who charged the order to their AR account what comes off the account, not a card', () => {
    const onAccount = { ...pickup, payment: { label: 'Charged to account Smith Builders (1001)', method: 'ar_account' } };
    const cut = orderNotice('Demo Hardware', onAccount, { change: 'item_cancelled', title: 'Hammer', quantity: 1, refundedCents: 0, lessToPayCents: 1250, orderCancelled: false });
    expect(cut.email).toContain('Your account is charged $12.50 less.');
    expect(cut.text).toContain('Your account is charged $12.50 less.');
    const gone = orderNotice('Demo Hardware', onAccount, { change: 'cancelled', reason: 'Sold out', refundedCents: 0, earlierRefundCents: 0, released: false });
    expect(gone.email).toContain('Nothing is charged to your account for it.');
    expect(gone.text).toBe('Demo Hardware: your order 1001 was cancelled. Reason: Sold out. Nothing is charged to your account for it.');
  });
});
