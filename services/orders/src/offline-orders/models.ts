import mongoose, { Schema } from 'mongoose';
import { keyedId, tenantOwned } from '@platform/db';

/**
 * An order taken by phone or at the counter, entered by staff (spec 3 /admin/offline-orders): who it is for, its
 * lines (catalogue items at the location, whose stock it took, or free text with a price), how it reaches the
 * customer and whether it is paid. Kept apart from online orders: no checkout, card or shopper's page of its own.
 */
const offlineOrderSchema = new Schema({
  orderNumber: { type: String, required: true },
  /** The number as a number (orderNumber is 'OFF-<n>'), to start again after the highest when Redis lost its count. */
  sequence: { type: Number, required: true },
  locationId: { type: Number, required: true },
  orderType: { type: String, enum: ['pickup', 'delivery'], required: true },
  customerName: { type: String, required: true },
  telephone: { type: String, default: '' },
  email: { type: String, default: '' },
  address: { type: { _id: false, address: String, address2: String, city: String, state: String, zip: String }, default: null },
  items: { type: [{ _id: false, productId: Number, storeProductId: Number, sku: String, title: String, quantity: Number, priceCents: Number }], default: [] },
  subtotalCents: { type: Number, required: true },
  taxCents: { type: Number, required: true },
  totalCents: { type: Number, required: true },
  paid: { type: Boolean, default: false },
  note: { type: String, default: '' },
  /** The staff account (slug) that entered it. */
  takenBy: { type: String, required: true },
  placedAt: { type: Date, required: true },
}, { timestamps: true });
offlineOrderSchema.plugin(tenantOwned, { growing: true });
offlineOrderSchema.index({ tenantId: 1, placedAt: -1 });
offlineOrderSchema.index({ tenantId: 1, orderNumber: 1 }, { unique: true });
export const OfflineOrder = mongoose.models.OfflineOrder ?? mongoose.model('OfflineOrder', offlineOrderSchema);

export type OfflineOrderDoc = {
  _id: unknown; orderNumber: string; sequence: number; locationId: number; orderType: 'pickup' | 'delivery'; customerName: string; telephone: string; email: string;
  address: { address: string; address2: string; city: string; state: string; zip: string } | null;
  items: { productId: number | null; storeProductId: number | null; sku: string; title: string; quantity: number; priceCents: number }[];
  subtotalCents: number; taxCents: number; totalCents: number; paid: boolean; note: string; takenBy: string; placedAt: Date;
};

/**
 * A staff member's star rating of a back-office page ('rate-page'), one per account and page (keyed `_id`: a new
 * rating replaces the old). Bounded by the store's staff, so the average is read from the collection itself.
 */
const pageRatingSchema = new Schema({
  _id: { type: String, required: true },
  page: { type: String, required: true },
  by: { type: String, required: true },
  rating: { type: Number, required: true, min: 1, max: 5 },
  comment: { type: String, default: '' },
}, { timestamps: true });
pageRatingSchema.plugin(tenantOwned);
pageRatingSchema.index({ tenantId: 1, page: 1 });
export const PageRating = mongoose.models.PageRating ?? mongoose.model('PageRating', pageRatingSchema);
export const pageRatingId = (tenantId: string, page: string, by: string) => keyedId(tenantId, 'page-rating', page, by);
