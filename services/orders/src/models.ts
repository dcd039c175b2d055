import mongoose, { Schema } from 'mongoose';
import { tenantOwned } from '@platform/db';

export const OUTSTANDING_STATUSES = ['placed', 'taken', 'preparing', 'prepared'] as const;

/** A placed order. Checkout (orders issue) creates these; the admin lists read them. */
const orderSchema = new Schema({
  orderNumber: { type: String, required: true },
  status: { type: String, required: true, enum: [...OUTSTANDING_STATUSES, 'completed', 'cancelled'] },
  locationId: { type: Number, required: true },
  customerSlug: { type: String, default: null },
  customerName: { type: String, default: '' },
  orderType: { type: String, enum: ['pickup', 'delivery', 'shipping'], default: 'pickup' },
  totalCents: { type: Number, required: true },
  placedAt: { type: Date, required: true },
  /** Order lines as bought (price in integer cents). */
  items: { type: [{ _id: false, productId: Number, sku: String, title: String, quantity: Number, priceCents: Number }], default: [] },
}, { timestamps: true });
orderSchema.plugin(tenantOwned);
orderSchema.index({ tenantId: 1, orderNumber: 1 }, { unique: true });
orderSchema.index({ tenantId: 1, status: 1, placedAt: -1 });
export const Order = mongoose.models.Order ?? mongoose.model('Order', orderSchema);
