import { describe, expect, it } from 'vitest';
import { addressLine, adminOrderPath, canGoToStep, checkoutLocale, contactProblems, deliveryAddressProblems, cancelledLineCents, itemCancelProblem, itemSpecialProblem, nextOrderNumber, orderActions, orderItemId, orderTimeline, parseOrderItemId, orderSearchQuery, orderSearchTerms, orderTransition, payAtStoreLabel, showsCheckoutBar, checkoutBarFixed, CHECKOUT_BAR_OFFSET_PX, type CheckoutStep } from './index';

describe('checkout steps', () => {
  it('goes back to any earlier step, to Cart and Information always, never forward to Payment, never to Done', () => {
    const allowed = (current: CheckoutStep) => ([1, 2, 3, 4] as CheckoutStep[]).filter((target) => canGoToStep(target, current));
    expect(allowed(1)).toEqual([1, 2]);
    expect(allowed(2)).toEqual([1, 2]);
    expect(allowed(3)).toEqual([1, 2]);
    expect(allowed(4)).toEqual([1, 2, 3]);
  });

  it('shows the bar on /cart only while the total is above 0', () => {
    expect(showsCheckoutBar('/cart', 1)).toBe(true);
    expect(showsCheckoutBar('/cart', 0)).toBe(false);
    expect(showsCheckoutBar('/account', 500)).toBe(false);
  });

  it('fixes the bar once the page scrolls past it, 51 px sooner past the Cart step', () => {
    expect(CHECKOUT_BAR_OFFSET_PX).toBe(51);
    expect([299, 300, 301].map((y) => checkoutBarFixed(y, 300, 1))).toEqual([false, false, true]);
    expect([248, 249, 250].map((y) => checkoutBarFixed(y, 300, 2))).toEqual([false, false, true]);
    expect(checkoutBarFixed(250, 300, 3)).toBe(true);
    expect(checkoutBarFixed(0, 0, 1)).toBe(false);
  });
});

describe('contact details', () => {
  it('names every missing or malformed field at once, in the spec wording for e-mail and phone', () => {
    expect(contactProblems({ first_name: ' ', last_name: '', email: 'a@b', telephone: '555-0142' })).toEqual({
      first_name: 'Please enter your first name.', last_name: 'Please enter your last name.',
      email: 'Please enter a valid email address.', telephone: 'Please enter a valid phone number.',
    });
  });

  it('accepts a +1 phone with punctuation and a valid e-mail', () => {
    expect(contactProblems({ first_name: 'Jo', last_name: 'Lee', email: 'jo@example.com', telephone: '+1 (503) 555-0142' })).toEqual({});
  });
});

describe('delivery address', () => {
  it('needs street, city, state and a 5-digit zip', () => {
    expect(deliveryAddressProblems({ address: '', city: '', state: '', zip: '973' })).toEqual({
      address: 'Please enter your street address.', city: 'Please enter your city.', state: 'Please enter your state.', zip: 'Please enter a valid zip code.',
    });
    expect(deliveryAddressProblems({ address: '12 Oak St', city: 'Salem', state: 'OR', zip: '97301-1234' })).toEqual({});
  });
});

describe('paying the store', () => {
  it('is worded for pickup, delivery and shipping', () => {
    expect(payAtStoreLabel(0)).toBe('Pay at the store when you pick up');
    expect(payAtStoreLabel(1)).toBe('Pay when your order is delivered');
    expect(payAtStoreLabel(2)).toMatch(/calls you to take payment before it ships/);
  });
});

describe('order numbers', () => {
  it('start at 1001 and count up from the highest so far', () => {
    expect(nextOrderNumber(null)).toBe(1001);
    expect(nextOrderNumber(1001)).toBe(1002);
    expect(nextOrderNumber(20999)).toBe(21000);
  });
});

describe('order actions', () => {
  it('take, mark ready, complete, in order; cancel until completed; never back', () => {
    expect(orderActions('placed')).toEqual(['take', 'prepare', 'cancel']);
    expect(orderActions('taken')).toEqual(['prepare', 'cancel']);
    expect(orderActions('prepared')).toEqual(['complete', 'cancel']);
    expect(orderActions('completed')).toEqual([]);
    expect(orderActions('cancelled')).toEqual([]);
    expect(orderTransition('taken', 'prepare')).toEqual({ ok: true, status: 'prepared' });
    expect(orderTransition('taken', 'complete')).toEqual({ ok: false, message: 'Mark the order ready before completing it.' });
    expect(orderTransition('completed', 'cancel')).toEqual({ ok: false, message: 'This order is completed already.' });
    expect(orderTransition('prepared', 'take')).toEqual({ ok: false, message: 'This order is ready already.' });
  });
});

describe('an address on one line', () => {
  it('joins the parts, leaving out empty ones', () => {
    expect(addressLine({ address: '12 Oak St', address2: 'Apt 2', city: 'Salem', state: 'OR', zip: '97302' })).toBe('12 Oak St, Apt 2, Salem, OR 97302');
    expect(addressLine({ address: '12 Oak St', address2: '', city: 'Salem', state: '', zip: '97302' })).toBe('12 Oak St, Salem, 97302');
  });
});

describe('order search words', () => {
  it('finds an order by its number, e-mail, phone digits and name words, lower-case', () => {
    expect(orderSearchTerms({ orderNumber: 'A-1001', customerName: "Mary-Jo O'Neil", email: ' Mary@Example.COM ', telephone: '+1 (503) 555-0142' }))
      .toEqual(['a-1001', 'mary@example.com', '5035550142', 'mary-jo', "o'neil"]);
    expect(orderSearchTerms({ orderNumber: '7', customerName: 'J Smith', email: null, telephone: 'not a phone' })).toEqual(['7', 'smith']);
  });
  it('reads a search box as a phone when it is only a phone, else as its words', () => {
    expect(orderSearchQuery('503.555.0142')).toEqual(['5035550142']);
    expect(orderSearchQuery('  #1001  ')).toEqual(['1001']);
    expect(orderSearchQuery('Ann  LEE ann')).toEqual(['ann', 'lee']);
    expect(orderSearchQuery('ann@example.com')).toEqual(['ann@example.com']);
  });
});

describe('orderTimeline', () => {
  it("shows the shopper each change of status, the cancel reason and the delivery time, not the staff's own records", () => {
    const placed = new Date('2026-11-20T15:00:00Z');
    expect(orderTimeline(placed, [
      { status: 'taken', at: '2026-11-20T15:05:00Z', note: '' },
      { status: 'taken', at: '2026-11-20T15:06:00Z', note: 'E-mailed the customer: your paint' },
      { status: 'prepared', at: new Date('2026-11-20T16:00:00Z'), note: 'Delivery in about 30 minutes' },
      { status: 'cancelled', at: '2026-11-20T17:00:00Z', note: 'Out of the colour you chose' },
    ])).toEqual([
      { status: 'placed', label: 'Placed', at: '2026-11-20T15:00:00.000Z', note: '' },
      { status: 'taken', label: 'Received by the store', at: '2026-11-20T15:05:00.000Z', note: '' },
      { status: 'prepared', label: 'Ready', at: '2026-11-20T16:00:00.000Z', note: 'Delivery in about 30 minutes' },
      { status: 'cancelled', label: 'Cancelled', at: '2026-11-20T17:00:00.000Z', note: 'Out of the colour you chose' },
    ]);
    expect(orderTimeline(placed)).toHaveLength(1);
  });
});

describe('cancelling part of an order', () => {
  it("gives back the goods less their share of the discount plus their share of the tax", () => {
    // Subtotal $100.00, $10.00 off, $5.40 tax: 2 × $25.00 are half of it.
    expect(cancelledLineCents({ subtotalCents: 10_000, discountCents: 1000, taxCents: 540 }, 2500, 2)).toBe(5000 - 500 + 270);
    expect(cancelledLineCents({ subtotalCents: 10_000 }, 2500, 1)).toBe(2500);
    expect(cancelledLineCents({ subtotalCents: 0 }, 2500, 1)).toBe(2500);
  });
  it('names the quantities that can be cancelled', () => {
    expect(itemCancelProblem(3, 2)).toBeNull();
    expect(itemCancelProblem(3, 4)).toBe('Cancel between 1 and 3.');
    expect(itemCancelProblem(1, 0)).toBe('Only 1 can be cancelled.');
    expect(itemCancelProblem(0, 1)).toBe('Every unit of this line is cancelled already.');
    expect(itemCancelProblem(3, 1.5)).toBe('Cancel between 1 and 3.');
    expect(itemSpecialProblem(2, 3)).toBe('Special-order between 1 and 2.');
    expect(itemSpecialProblem(0, 1)).toBe('Nothing is left on this line to special-order.');
    expect(itemSpecialProblem(2, 2)).toBeNull();
  });
  it('reads an order line id', () => {
    expect(parseOrderItemId(orderItemId('65a0c0ffee0000000000abcd', 2))).toEqual({ orderId: '65a0c0ffee0000000000abcd', index: 2 });
    expect(parseOrderItemId('65a0c0ffee0000000000abcd')).toBeNull();
    expect(parseOrderItemId('x.1')).toBeNull();
  });
});

describe('the Payment step locale', () => {
  it('reads a language with an optional region in any case or separator, defaults to en-US, and refuses anything else', () => {
    expect([checkoutLocale(undefined), checkoutLocale(''), checkoutLocale('  ')]).toEqual(['en-US', 'en-US', 'en-US']);
    expect([checkoutLocale('en_us'), checkoutLocale('EN-us'), checkoutLocale('es-MX'), checkoutLocale('fr')]).toEqual(['en-US', 'en-US', 'es-MX', 'fr']);
    for (const bad of ['english', 'en-US-u-ca-buddhist', 'zh-Hant-TW', '12', 'en--US', '<script>']) expect(checkoutLocale(bad), bad).toBeNull();
  });
});

describe('adminOrderPath', () => {
  it('opens an order still to be done on Prepare Order, a completed or cancelled one on its Order Details', () => {
    const id = '64b7f0c2a1b2c3d4e5f60720';
    for (const status of ['placed', 'taken', 'preparing', 'prepared', 'awaiting_payment']) expect(adminOrderPath({ id, status })).toBe(`/admin/prepare-order?id=${id}`);
    for (const status of ['completed', 'cancelled']) expect(adminOrderPath({ id, status })).toBe(`/admin/order-details/${id}`);
  });
});
