import { describe, expect, it } from 'vitest';
import { apiKeyProblem, easyPostKeyMode, insuranceFeeCents, insuranceProblem, labelOrderProblem, labelRefundProblem, parcelProblems, parcelWeightOz, supplierItemProblem } from './shipping-labels';
import { shelfUnitsHeld } from './checkout';

describe('shipping labels', () => {
  it('weighs a parcel in ounces from pounds and ounces', () => {
    expect(parcelWeightOz({ weight_lb: 2, weight_oz: 3.25 })).toBe(35.3);
    expect(parcelWeightOz({ weight_oz: 12 })).toBe(12);
  });

  it('asks for a weight, all three sizes or none, and sizes a carrier takes', () => {
    expect(parcelProblems({ weight_lb: 2 })).toEqual({});
    expect(parcelProblems({ weight_lb: 2, length: 10, width: 8, height: 4 })).toEqual({});
    expect(parcelProblems({})).toEqual({ weight_lb: 'Please weigh the parcel: its weight is needed for the rates.' });
    expect(parcelProblems({ weight_lb: 151 }).weight_lb).toMatch(/freight/);
    expect(parcelProblems({ weight_lb: -1, weight_oz: 20 }).weight_lb).toBe('A weight cannot be negative.');
    expect(parcelProblems({ weight_lb: 1, length: 10 })).toEqual({ width: 'Give all three sizes, or none.', height: 'Give all three sizes, or none.' });
    expect(parcelProblems({ weight_lb: 1, length: 0, width: 8, height: 120 })).toEqual({ length: 'A size must be more than 0 inches.', height: 'No parcel carrier takes a side over 108 inches.' });
  });

  it("prices insurance as EasyPost does: 1% of the value, at least $1.00, up to $5,000 insured", () => {
    expect(insuranceFeeCents(5_000)).toBe(100);
    expect(insuranceFeeCents(24_999)).toBe(250);
    expect(insuranceFeeCents(200_000)).toBe(2_000);
    expect(insuranceProblem(0)).toMatch(/more than \$0/);
    expect(insuranceProblem(500_001)).toBe('Parcels can be insured for up to $5,000.');
    expect(insuranceProblem(500_000)).toBeNull();
  });

  it('gives labels to shipping orders still being filled, one active label at a time', () => {
    const order = { orderType: 'shipping', status: 'prepared', hasAddress: true, activeTracking: null };
    expect(labelOrderProblem(order)).toBeNull();
    expect(labelOrderProblem({ ...order, orderType: 'pickup' })).toMatch(/^Labels are for shipping orders/);
    expect(labelOrderProblem({ ...order, status: 'cancelled' })).toBe('This order is cancelled: it needs no label.');
    expect(labelOrderProblem({ ...order, status: 'completed' })).toMatch(/completed already/);
    expect(labelOrderProblem({ ...order, activeTracking: '9400111' })).toBe('This order has a label already (tracking 9400111). Refund it first to buy another.');
  });

  it('refunds a label once; a refund the carrier rejected may be asked again', () => {
    expect(labelRefundProblem('bought')).toBeNull();
    expect(labelRefundProblem('refund_rejected')).toBeNull();
    expect(labelRefundProblem('refunded')).toBe('This label is refunded already.');
    expect(labelRefundProblem('refund_submitted')).toMatch(/processing it/);
  });

  it("tells an EasyPost key's mode and refuses what cannot be a key", () => {
    expect(easyPostKeyMode('EZTKabc')).toBe('test');
    expect(easyPostKeyMode('EZAKabc')).toBe('production');
    expect(easyPostKeyMode('sk_test')).toBe('unknown');
    expect(apiKeyProblem('  ')).toBe('Please paste the API key from your EasyPost dashboard.');
    expect(apiKeyProblem('EZTK 123 456')).toMatch(/does not look like an API key/);
    expect(apiKeyProblem('EZTK1234567890')).toBeNull();
  });
});

describe('supplier drop-ship: item numbers and shelf units', () => {
  it("takes a supplier's item number as its catalogue writes it, and refuses anything else", () => {
    for (const item of ['123456', 'A-77.1', '40/210', 'X']) expect(supplierItemProblem('doitbest', item), item).toBeNull();
    for (const item of ['', ' 123', '12 34', '-123', '123-', 'x'.repeat(41), '12;drop']) {
      expect(supplierItemProblem('emery', item), item).toBe("Give Emery's item number as their catalogue shows it: letters and digits (dashes, dots or slashes between), up to 40.");
    }
  });

  it('counts the units a line still holds off the shelf: not special, cancelled or given back when drop-shipped', () => {
    expect(shelfUnitsHeld({ quantity: 3 })).toBe(3);
    expect(shelfUnitsHeld({ quantity: 3, cancelledQuantity: 1 })).toBe(2);
    expect(shelfUnitsHeld({ quantity: 3, cancelledQuantity: 1, stockReturnedQuantity: 2 })).toBe(0);
    expect(shelfUnitsHeld({ quantity: 3, stockReturnedQuantity: 3, cancelledQuantity: 1 })).toBe(0);
    expect(shelfUnitsHeld({ quantity: 3, special: true })).toBe(0);
  });
});
