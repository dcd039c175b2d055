import mongoose, { Schema } from 'mongoose';
import { tenantOwned } from '@platform/db';

/** A shopper or admin account of one tenant. The password is stored only as an scrypt hash. */
const customerSchema = new Schema({
  slug: { type: String, required: true },
  email: { type: String, required: true, lowercase: true, trim: true },
  telephone: { type: String, default: null },
  firstName: { type: String, default: '' },
  lastName: { type: String, default: '' },
  passwordHash: { type: String, required: true },
  isAdmin: { type: Boolean, default: false },
  isDeveloper: { type: Boolean, default: false },
  permissions: { type: [String], default: [] },
  receiveMarketing: { type: Boolean, default: false },
}, { timestamps: true });
customerSchema.plugin(tenantOwned);
customerSchema.index({ tenantId: 1, email: 1 }, { unique: true });
customerSchema.index({ tenantId: 1, slug: 1 }, { unique: true });
export const Customer = mongoose.models.Customer ?? mongoose.model('Customer', customerSchema);
