import mongoose, { Schema } from 'mongoose';
import { tenantOwned } from '@platform/db';

/** A rental category (deptId) or, with a parent, a sub-category (subDeptId). */
const rentalCategorySchema = new Schema({
  categoryId: { type: Number, required: true },
  name: { type: String, required: true },
  parentId: { type: Number, default: null },
  icon: { type: String, default: null },
  sortOrder: { type: Number, default: 0 },
});
rentalCategorySchema.plugin(tenantOwned);
rentalCategorySchema.index({ tenantId: 1, categoryId: 1 }, { unique: true });
export const RentalCategory = mongoose.models.RentalCategory ?? mongoose.model('RentalCategory', rentalCategorySchema);

/** Equipment the store rents out, with its rates in cents. */
const rentalProductSchema = new Schema({
  rentalId: { type: Number, required: true },
  name: { type: String, required: true },
  description: { type: String, default: '' },
  image: { type: String, default: null },
  categoryId: { type: Number, required: true },
  subCategoryId: { type: Number, default: null },
  fourHourCents: { type: Number, default: null },
  dayCents: { type: Number, required: true },
  weekCents: { type: Number, default: null },
  depositCents: { type: Number, default: null },
  featured: { type: Boolean, default: false },
  hidden: { type: Boolean, default: false },
  sortOrder: { type: Number, default: 0 },
});
rentalProductSchema.plugin(tenantOwned);
rentalProductSchema.index({ tenantId: 1, rentalId: 1 }, { unique: true });
export const RentalProduct = mongoose.models.RentalProduct ?? mongoose.model('RentalProduct', rentalProductSchema);

/** A shopper's rental request from /rentals/rental-form, kept for the store (admin rentals) and e-mailed to it. */
const rentalRequestSchema = new Schema({
  firstName: String, lastName: String, email: String, phone: String,
  locationId: Number,
  rentalId: { type: Number, default: null },
  item: { type: String, default: '' },
  startDate: String, endDate: String,
  message: { type: String, default: '' },
  customerSlug: { type: String, default: null },
  status: { type: String, default: 'new' },
}, { timestamps: true });
rentalRequestSchema.plugin(tenantOwned);
export const RentalRequest = mongoose.models.RentalRequest ?? mongoose.model('RentalRequest', rentalRequestSchema);
