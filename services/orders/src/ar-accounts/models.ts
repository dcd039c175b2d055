import mongoose, { Schema } from 'mongoose';
import { tenantOwned } from '@platform/db';
import { AR_ACCOUNT_STATUSES } from '@platform/domain';

/**
 * An AR (charge) account of the store: few per store (its business customers), so the store's accounts are read
 * together. What grows with time (charges, payments) sits inside each account and is read with it by `_id`;
 * the list leaves those arrays out and answers from the totals kept beside them (docs/AR-ACCOUNTS.md).
 */
const arAccountSchema = new Schema({
  number: { type: String, required: true },
  name: { type: String, required: true },
  contact: { type: { _id: false, name: String, email: String, phone: String }, default: () => ({ name: '', email: '', phone: '' }) },
  creditLimitCents: { type: Number, required: true },
  status: { type: String, enum: AR_ACCOUNT_STATUSES, default: 'active' },
  /** Customers whose orders the store may charge to the account (id: the customer's slug); a customer is on one account at most. */
  customers: { type: [{ _id: false, id: String, name: String, email: String, at: Date, by: String }], default: [] },
  /** Orders charged to the account: what is still to pay on each (kept current when the store cancels lines or the order). */
  charges: { type: [{ _id: false, orderId: String, orderNumber: String, amountCents: Number, at: Date, by: String }], default: [] },
  /** Payments the store received from the account. */
  payments: { type: [{ _id: false, id: String, amountCents: Number, at: Date, by: String, note: String }], default: [] },
  /** Totals of the arrays above, written with them, so the list and the search need not read the arrays. */
  chargedCents: { type: Number, default: 0 },
  paidCents: { type: Number, default: 0 },
  chargeCount: { type: Number, default: 0 },
  customerCount: { type: Number, default: 0 },
}, { timestamps: true });
arAccountSchema.plugin(tenantOwned);
arAccountSchema.index({ tenantId: 1, number: 1 }, { unique: true });
export const ArAccountModel = mongoose.models.ArAccount ?? mongoose.model('ArAccount', arAccountSchema);
