import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { keyedId } from './data-access';
import { tenantOwned } from './tenant-scope';

/** A retailer on the platform. Platform-owned (not tenant-scoped): it is how tenants are found. */
const tenantSchema = new Schema({
  slug: { type: String, required: true, unique: true },
  name: { type: String, required: true },
  /** Custom domains that serve this tenant's store, lower-case host names without port. */
  domains: { type: [String], default: [] },
  /** The store's own web sites that may show its pages in a frame (embedded product lists), as origins: https://example.com. */
  embedOrigins: { type: [String], default: [] },
  variant: { type: String, enum: ['hardware-cooperative', 'paint-brand', 'standard'], default: 'standard' },
  businessId: { type: Number, required: true },
  /** basic, standard, LEB or E2P: LEB and E2P grant every admin every permission (spec 3 §6). */
  plan: { type: String, default: 'standard' },
  /** The platform's allow-lists: features only some businesses get. */
  features: { gmc: { type: Boolean, default: false }, rentals: { type: Boolean, default: false }, giftRegistries: { type: Boolean, default: false } },
  active: { type: Boolean, default: true },
}, { timestamps: true });
tenantSchema.index({ domains: 1 });
// A partner business by its id (partner-business-product-inventory).
tenantSchema.index({ businessId: 1 });
export type TenantDoc = InferSchemaType<typeof tenantSchema> & { _id: mongoose.Types.ObjectId };
export const Tenant = mongoose.models.Tenant ?? mongoose.model('Tenant', tenantSchema);

/** The `_id` of a session's record: the tenant and its token's hash, so every request finds it by `_id` (docs/DATA-ACCESS.md). */
export const accessTokenId = (tenantId: string, tokenHash: string): string => keyedId(tenantId, 'token', tokenHash);

/**
 * A signed-in session's bearer token, stored only as its SHA-256 hash, under `accessTokenId(tenantId, tokenHash)`.
 * Lives here (not in identity) because every service's request context reads it to know who is calling. The
 * sessions of one customer are listed from a Redis set of these ids that identity keeps (services/identity/src/session-list.ts).
 */
const accessTokenSchema = new Schema({
  _id: { type: String },
  tokenHash: { type: String, required: true },
  customerId: { type: String, required: true },
  customerSlug: { type: String, required: true },
  isAdmin: { type: Boolean, default: false },
  /** A staff sub-account and its own permission strings (changes to them must update its tokens too). */
  isSubAccount: { type: Boolean, default: false },
  permissions: { type: [String], default: [] },
  /** A staff account bound to one store location sees only its orders (kept current like the permissions). */
  locationId: { type: Number, default: null },
  expiresAt: { type: Date, required: true },
  /** The session's length; requests renew it for this long once half has passed (renewedSessionExpiry). */
  lifetimeDays: { type: Number, default: null },
  /** When this session last confirmed the account's password (verify-password), for changes that need it. */
  passwordConfirmedAt: { type: Date, default: null },
  revokedAt: { type: Date, default: null },
  /** The browser it was started in (User-Agent) and when it was last used (to the hour): the account's list of devices. */
  userAgent: { type: String, default: '' },
  lastUsedAt: { type: Date, default: null },
}, { timestamps: true });
accessTokenSchema.plugin(tenantOwned, { growing: true });
// Background work only: the clean-up (housekeeping) and rebuilding a customer's list of sessions.
accessTokenSchema.index({ tenantId: 1, customerSlug: 1 });
accessTokenSchema.index({ tenantId: 1, expiresAt: 1 });
accessTokenSchema.index({ tenantId: 1, revokedAt: 1 });
accessTokenSchema.pre('validate', function keyedById(this: { _id?: string; tenantId?: string; tokenHash?: string }) {
  if (!this._id && this.tenantId && this.tokenHash) this._id = accessTokenId(this.tenantId, this.tokenHash);
});
export type AccessTokenDoc = InferSchemaType<typeof accessTokenSchema>;
export const AccessToken = mongoose.models.AccessToken ?? mongoose.model('AccessToken', accessTokenSchema);

const dayHours = { open: String, close: String, closed: Boolean };
/** A store location. Shared: catalogue, cart and orders all price and stock per location. */
const locationSchema = new Schema({
  locationId: { type: Number, required: true },
  name: { type: String, required: true },
  address: { type: String, required: true },
  city: String,
  state: String,
  zip: String,
  phone: String,
  latitude: Number,
  longitude: Number,
  storeNumber: String,
  sortOrder: { type: Number, default: 0 },
  hours: { mon: dayHours, tue: dayHours, wed: dayHours, thu: dayHours, fri: dayHours, sat: dayHours, sun: dayHours },
});
locationSchema.plugin(tenantOwned);
locationSchema.index({ tenantId: 1, locationId: 1 }, { unique: true });
export type LocationDoc = InferSchemaType<typeof locationSchema>;
export const Location = mongoose.models.Location ?? mongoose.model('Location', locationSchema);
