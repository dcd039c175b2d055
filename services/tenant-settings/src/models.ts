import mongoose, { Schema } from 'mongoose';
import { tenantOwned } from '@platform/db';

const navigationItemSchema = new Schema({
  id: Number, name: String, target: String, order: Number, align: { type: String, default: 'left' },
  show_in_header: { type: Boolean, default: true }, hide_on_locations: { type: String, default: null },
  custom: { type: Boolean, default: false }, sub_target: { type: String, default: null },
  /** {items: [{id, name, target, custom, sub_target, hide_on_locations, order}], config: {search, width}} */
  dropdown: { type: Schema.Types.Mixed, default: null },
}, { _id: false });

/** One per tenant: what the retailer stored; defaults are merged on read (service.ts). */
const storeProfileSchema = new Schema({
  settings: { type: Schema.Types.Mixed, default: {} },
  business: { type: Schema.Types.Mixed, default: {} },
  navigation: { type: [navigationItemSchema], default: [] },
  /** Header menus the store added (custom-nav): {id, name, hide, hide_on_locations, items}. */
  navGroups: { type: [Schema.Types.Mixed], default: [] },
  /** Footer settings and legal documents as the store saved them; defaults are merged on read (content.ts). */
  footer: { type: Schema.Types.Mixed, default: {} },
  legal: { type: [Schema.Types.Mixed], default: [] },
  /** Public content: about {title, body, images}, banner {text, link, link_text, background, color, enabled}, seo {site_title, meta_description, og_image} (store-content/service.ts). */
  content: { type: Schema.Types.Mixed, default: {} },
  /** The card provider and its keys: public ones as they are, secrets sealed (payment-settings.ts SECRET_FIELDS). */
  payment: { type: Schema.Types.Mixed, default: {} },
  /** Site settings as key / value_string pairs (admin PATCH business/update-site-settings). */
  siteSettings: { type: [{ _id: false, key: String, value_string: { type: String, default: '' } }], default: [] },
  /** The connected EasyPost account (carriers admin): its API key sealed as payment secrets are, never answered. */
  shippingCarrier: {
    adapter: { type: String, enum: ['table_rate', 'easypost'], default: 'table_rate' }, apiKey: { type: String, default: '' },
    description: { type: String, default: '' }, connectedAt: { type: Date, default: null }, connectedBy: { type: String, default: null },
  },
});
storeProfileSchema.plugin(tenantOwned, { onePerTenant: true });
export const StoreProfile = mongoose.models.StoreProfile ?? mongoose.model('StoreProfile', storeProfileSchema);
