import mongoose, { Schema } from 'mongoose';
import { tenantOwned } from '@platform/db';

export const OUTSTANDING_STATUSES = ['placed', 'taken', 'preparing', 'prepared'] as const;

const moneyLines = {
  subtotalCents: { type: Number, default: 0 },
  additionalFeesCents: { type: Number, default: 0 },
  discountCents: { type: Number, default: 0 },
  specialOrderFeeCents: { type: Number, default: 0 },
  taxCents: { type: Number, default: 0 },
  /** Local delivery fee or shipping charge. */
  fulfilmentCents: { type: Number, default: 0 },
};

/** A placed order: what was bought at which store, for whom, how it reaches them and how it is paid. */
const orderSchema = new Schema({
  orderNumber: { type: String, required: true },
  /** Checkout's number as a number (orderNumber is its text), to find the highest: imported or demo orders have none. */
  sequence: { type: Number, default: null },
  /** awaiting_payment: the shopper's bank is confirming the card payment (3-D Secure); the order is in no list yet. */
  status: { type: String, required: true, enum: ['awaiting_payment', ...OUTSTANDING_STATUSES, 'completed', 'cancelled'] },
  locationId: { type: Number, required: true },
  customerSlug: { type: String, default: null },
  /** The guest's device that placed it (it may read its own confirmation). */
  deviceId: { type: String, default: null },
  customerName: { type: String, default: '' },
  contact: { firstName: String, lastName: String, email: String, telephone: String },
  orderType: { type: String, enum: ['pickup', 'delivery', 'shipping'], default: 'pickup' },
  address: { type: { _id: false, address: String, address2: String, city: String, state: String, zip: String, country: String }, default: null },
  shippingService: { type: String, default: null },
  coupon: { type: String, default: null },
  note: { type: String, default: '' },
  /** How the order is paid; a card payment keeps its provider's reference and the cents held, taken and given back. */
  payment: {
    method: { type: String, default: 'pay_at_store' }, status: { type: String, enum: ['due', 'requires_action', 'authorized', 'paid', 'voided', 'refunded', 'declined'], default: 'due' },
    provider: { type: String, default: undefined }, reference: { type: String, default: undefined },
    authorizedCents: { type: Number, default: undefined }, capturedCents: { type: Number, default: undefined }, refundedCents: { type: Number, default: undefined },
    /** A payment on the provider's own page (Fiserv Connect): what its signed answer must carry (txndatetime|chargetotal). */
    binding: { type: String, default: undefined },
    /** Payments the provider approved after the order was given up, each given back at once (voided or refunded). */
    late: { type: [{ _id: false, reference: String, status: String, cents: Number, at: Date }], default: undefined },
    /** Captures, voids and refunds the provider answered received and failed later (its outcome webhook): each undone once. */
    failures: { type: [{ _id: false, event: String, kind: String, cents: Number, at: Date }], default: undefined },
    /** The card as its provider told it (fingerprint, bank checks, risk level), for the fraud checks (docs/FRAUD-CHECKS.md). */
    card: {
      type: { _id: false, fingerprint: String, brand: String, last4: String, cvc: String, addressLine1: String, postalCode: String, riskLevel: String, billingPostalCode: String, billingCountry: String },
      default: undefined,
    },
  },
  ...moneyLines,
  totalCents: { type: Number, required: true },
  placedAt: { type: Date, required: true },
  /** Order lines as bought (price in integer cents); special-order lines come from the supplier. */
  items: { type: [{ _id: false, productId: Number, storeProductId: Number, sku: String, title: String, quantity: Number, priceCents: Number, special: Boolean, cancelledQuantity: { type: Number, default: 0 }, stockReturnedQuantity: { type: Number, default: 0 } }], default: [] },
  /** What the store did and when: each status it moved to, by whom (account slug), with the reason or delivery time. */
  history: { type: [{ _id: false, status: String, at: Date, by: String, note: String }], default: [] },
  /** 'Repeat this order' as checkout asked (the recurring order is made once the order stands), and the recurring order it started or is a run of. */
  recurringRequest: { type: { _id: false, frequency: String, cardSource: String, cardLabel: String }, default: null },
  recurringOrderId: { type: String, default: null },
  /** Where preparing stands (admin prepareStep): picking, picked, packed. */
  prepareStep: { type: String, default: null },
  /** The day the store expects the order to reach the shopper (YYYY-MM-DD), and a time of day if it gave one. */
  deliveryDate: { type: String, default: null },
  deliveryWindow: { type: String, default: null },
  /** The staff's own notes on the order (not shown to the shopper). */
  notes: { type: [{ _id: false, id: String, text: String, at: Date, by: String }], default: [] },
  /** The shipping label that ships it now (shipping-labels/): its label's id, carrier, service and tracking; null when none or refunded. */
  tracking: { type: { _id: false, labelId: String, carrier: String, service: String, code: String, url: String }, default: null },
  /** The AR account the order is charged to (payment.method 'ar_account'): the account owes it, not the shopper at the store. */
  arAccount: { type: { _id: false, id: String, number: String, name: String, at: Date, by: String }, default: null },
  /** Staff looked at the order's fraud signals and accepted them (admin verify-fraud-detection): who, when, the signals then, their note. */
  fraudReview: { type: { _id: false, at: Date, by: String, note: String, signals: [String] }, default: null },
}, { timestamps: true });
orderSchema.plugin(tenantOwned, { growing: true });
orderSchema.index({ tenantId: 1, orderNumber: 1 }, { unique: true });
orderSchema.index({ tenantId: 1, status: 1, placedAt: -1 });
orderSchema.index({ tenantId: 1, placedAt: -1 });
orderSchema.index({ tenantId: 1, sequence: -1 });
export const Order = mongoose.models.Order ?? mongoose.model('Order', orderSchema);
