import mongoose, { Schema } from 'mongoose';
import { keyedId, tenantOwned } from '@platform/db';
import { claimKeys, customerKeyDocs, releaseKeys, setAdmin } from './keys';

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
  /** A staff sub-account bound to one store location (the prepare console shows it that location's orders only); null: all. */
  locationId: { type: Number, default: null },
  /** null until the shopper answers (spec 2 §3: marketing 'default unset'); only true receives marketing e-mails. */
  receiveMarketing: { type: Boolean, default: null },
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
  /** When a session last began, and the kinds of device it signed in on: now kept in SignInRecord (below); read when it has none. */
  lastSignInAt: { type: Date, default: null },
  knownDevices: { type: [String], default: [] },
}, { timestamps: true });
customerSchema.plugin(tenantOwned, { growing: true });
// Requests find customers by _id and their keys (keys.ts); these serve background work and keep MongoDB unique too.
customerSchema.index({ tenantId: 1, email: 1 }, { unique: true });
customerSchema.index({ tenantId: 1, slug: 1 }, { unique: true });
customerSchema.index({ tenantId: 1, isAdmin: 1 });
customerSchema.index({ tenantId: 1, receiveMarketing: 1, isAdmin: 1, _id: 1 });
type NewCustomer = { isNew: boolean; _id: unknown; tenantId: string; email: string; telephone?: string | null; slug: string; isAdmin?: boolean };
/**
 * `Customer.create` (and a new document's save) claims the customer's e-mail, phone and slug keys first (keys.ts):
 * a key another account holds fails the save with code 11000 (KeyTakenError names which). insertMany does not:
 * its callers insert `customerKeyDocs` themselves (the seed).
 */
customerSchema.pre('save', async function claimCustomerKeys(this: NewCustomer) {
  if (this.isNew) await claimKeys(customerKeyDocs(this));
});
// The account was not saved (another registration saved this e-mail first): its keys are given back.
customerSchema.post('save', { errorHandler: true }, async function releaseKeysOfUnsaved(this: unknown, error: unknown) {
  const customer = this as NewCustomer;
  if (customer.isNew) await releaseKeys(customerKeyDocs(customer)).catch(() => undefined);
  throw error;
});
customerSchema.post('save', async function listAdmin(this: NewCustomer) {
  if (this.isAdmin) await setAdmin({ tenantId: this.tenantId }, String(this._id), true);
});
export const Customer = mongoose.models.Customer ?? mongoose.model('Customer', customerSchema);

/**
 * When an account last signed in and the kinds of device it signed in on (the last 20), apart from its document,
 * `_id = signInRecordId(tenant, customer _id)`. Written after the sign-in's answer: FerretDB rewrites the whole
 * document on any update, so a write to the account itself then could undo the shopper's next change of it. The
 * customer's own lastSignInAt and knownDevices are read for accounts without a record (signed in before it came).
 */
const signInRecordSchema = new Schema({
  _id: { type: String, required: true },
  lastSignInAt: { type: Date, default: null },
  knownDevices: { type: [String], default: [] },
});
signInRecordSchema.plugin(tenantOwned, { growing: true });
export const signInRecordId = (tenantId: string, customerId: unknown): string => keyedId(tenantId, 'sign-in', String(customerId));
export const SignInRecord = mongoose.models.SignInRecord ?? mongoose.model('SignInRecord', signInRecordSchema);

/**
 * A secret sent to a person to prove they hold a phone or an e-mail: a 4-digit sign-in code (otp), a
 * one-time sign-in link (magic-link) or a password reset code (reset). Stored only as a hash; single use;
 * short-lived; a few wrong tries use it up. Sending a new one retires the previous.
 */
const oneTimeSecretSchema = new Schema({
  /** `oneTimeSecretId(tenant, purpose, subject)`: one live secret per purpose and subject, replaced when a new one is sent. */
  _id: { type: String, required: true },
  purpose: { type: String, enum: ['otp', 'magic-link', 'reset', 'phone-change', 'checkout-phone'], required: true },
  /** The 10-digit phone or the lower-cased e-mail it was sent to. */
  subject: { type: String, required: true },
  secretHash: { type: String, required: true },
  expiresAt: { type: Date, required: true },
  wrongTries: { type: Number, default: 0 },
  usedAt: { type: Date, default: null },
  createdAt: { type: Date, required: true },
});
oneTimeSecretSchema.plugin(tenantOwned, { growing: true });
oneTimeSecretSchema.index({ tenantId: 1, expiresAt: 1 }); // the daily clean-up (background)
export const oneTimeSecretId = (tenantId: string, purpose: string, subject: string): string => keyedId(tenantId, 'secret', purpose, subject);
oneTimeSecretSchema.pre('validate', function keyedById(this: { _id?: string; tenantId?: string; purpose?: string; subject?: string }) {
  if (!this._id && this.tenantId && this.purpose && this.subject) this._id = oneTimeSecretId(this.tenantId, this.purpose, this.subject);
});
export const OneTimeSecret = mongoose.models.OneTimeSecret ?? mongoose.model('OneTimeSecret', oneTimeSecretSchema);
