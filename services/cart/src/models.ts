import mongoose, { Schema } from 'mongoose';
import { tenantOwned } from '@platform/db';

const cartItemSchema = new Schema({
  storeProductId: { type: Number, required: true },
  quantity: { type: Number, required: true, min: 1, max: 9999 },
  special: { type: Boolean, default: false },
  /** Unit price paid when the line was last set, to tell the shopper when it changes. */
  addedPriceCents: { type: Number, default: null },
}, { _id: false });

/** A shopper's open cart at one location: a customer's (customerSlug) or a guest device's (deviceId). */
const cartSchema = new Schema({
  locationId: { type: Number, required: true },
  customerSlug: { type: String, default: null },
  deviceId: { type: String, default: null },
  items: { type: [cartItemSchema], default: [] },
}, { timestamps: true });
cartSchema.plugin(tenantOwned);
cartSchema.index({ tenantId: 1, customerSlug: 1 });
cartSchema.index({ tenantId: 1, deviceId: 1 });
export const Cart = mongoose.models.Cart ?? mongoose.model('Cart', cartSchema);
