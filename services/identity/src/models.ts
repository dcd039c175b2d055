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
  /** Staff of the store owner: an admin limited to its own permissions. */
  isSubAccount: { type: Boolean, default: false },
  permissions: { type: [String], default: [] },
  receiveMarketing: { type: Boolean, default: false },
  receiveSms: { type: Boolean, default: true },
  accountNumber: { type: String, default: '' },
  /** Answers to the store's custom signup fields, by field name. */
  customInfo: { type: Schema.Types.Mixed, default: {} },
  deviceId: { type: String, default: null },
  /** The store location the customer last chose (save-customer-stores). */
  preferredStoreId: { type: Number, default: null },
  /** Two-step sign-in: the authenticator secret (base32), one waiting to be confirmed, and hashed backup codes. */
  mfaEnabled: { type: Boolean, default: false },
  mfaSecret: { type: String, default: null },
  mfaPendingSecret: { type: String, default: null },
  mfaBackupCodes: { type: [String], default: [] },
  /** When a session last began (sessions are deleted a while after they end; this stays). */
  lastSignInAt: { type: Date, default: null },
  /** The kinds of device it has signed in on ('Chrome on Windows'; the last 20), to tell the holder of a new one. */
  knownDevices: { type: [String], default: [] },
}, { timestamps: true });
customerSchema.plugin(tenantOwned);
customerSchema.index({ tenantId: 1, email: 1 }, { unique: true });
customerSchema.index({ tenantId: 1, slug: 1 }, { unique: true });
customerSchema.index({ tenantId: 1, telephone: 1 });
export const Customer = mongoose.models.Customer ?? mongoose.model('Customer', customerSchema);

/**
 * A secret sent to a person to prove they hold a phone or an e-mail: a 4-digit sign-in code (otp), a
 * one-time sign-in link (magic-link) or a password reset code (reset). Stored only as a hash; single use;
 * short-lived; a few wrong tries use it up. Sending a new one retires the previous.
 */
const oneTimeSecretSchema = new Schema({
  purpose: { type: String, enum: ['otp', 'magic-link', 'reset', 'phone-change'], required: true },
  /** The 10-digit phone or the lower-cased e-mail it was sent to. */
  subject: { type: String, required: true },
  secretHash: { type: String, required: true },
  expiresAt: { type: Date, required: true },
  wrongTries: { type: Number, default: 0 },
  usedAt: { type: Date, default: null },
  createdAt: { type: Date, required: true },
});
oneTimeSecretSchema.plugin(tenantOwned);
oneTimeSecretSchema.index({ tenantId: 1, purpose: 1, subject: 1, createdAt: -1 });
export const OneTimeSecret = mongoose.models.OneTimeSecret ?? mongoose.model('OneTimeSecret', oneTimeSecretSchema);
