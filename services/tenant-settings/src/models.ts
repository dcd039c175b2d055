import mongoose, { Schema } from 'mongoose';
import { tenantOwned } from '@platform/db';

const navigationItemSchema = new Schema({
  id: Number, name: String, target: String, order: Number, align: { type: String, default: 'left' },
  show_in_header: { type: Boolean, default: true }, hide_on_locations: { type: String, default: null },
}, { _id: false });

/** One per tenant: what the retailer stored; defaults are merged on read (service.ts). */
const storeProfileSchema = new Schema({
  settings: { type: Schema.Types.Mixed, default: {} },
  business: { type: Schema.Types.Mixed, default: {} },
  navigation: { type: [navigationItemSchema], default: [] },
});
storeProfileSchema.plugin(tenantOwned, { onePerTenant: true });
export const StoreProfile = mongoose.models.StoreProfile ?? mongoose.model('StoreProfile', storeProfileSchema);
