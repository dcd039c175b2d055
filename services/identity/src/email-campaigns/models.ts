import mongoose, { Schema } from 'mongoose';
import { keyedId, tenantOwned } from '@platform/db';

/**
 * A store's e-mail to its customers who agreed to marketing e-mails. A draft can be changed or deleted;
 * sending turns it into 'sending' while the worker writes to the customers, then 'sent'. `cursor` is the last
 * customer written to, so a retried job carries on where it stopped.
 */
const emailCampaignSchema = new Schema({
  subject: { type: String, default: '' },
  body: { type: String, default: '' },
  status: { type: String, enum: ['draft', 'sending', 'sent'], default: 'draft' },
  createdBy: { type: String, default: null },
  updatedBy: { type: String, default: null },
  sentBy: { type: String, default: null },
  /** When the admin pressed Send, and when the last e-mail was handed to the mailer. */
  sendRequestedAt: { type: Date, default: null },
  sentAt: { type: Date, default: null },
  /** How many customers it was written to so far. */
  recipients: { type: Number, default: 0 },
  cursor: { type: String, default: null },
}, { timestamps: true });
emailCampaignSchema.plugin(tenantOwned);
emailCampaignSchema.index({ tenantId: 1, updatedAt: -1 });
export const EmailCampaign = mongoose.models.EmailCampaign ?? mongoose.model('EmailCampaign', emailCampaignSchema);

/** The unsubscribe link in one campaign e-mail to one customer, kept only as its hash. */
const unsubscribeLinkSchema = new Schema({
  /** unsubscribeLinkId(tenant, tokenHash): the link's token finds it by `_id`. */
  _id: { type: String, required: true },
  customerId: { type: String, required: true },
  campaignId: { type: String, required: true },
  tokenHash: { type: String, required: true },
  usedAt: { type: Date, default: null },
  createdAt: { type: Date, required: true },
});
unsubscribeLinkSchema.plugin(tenantOwned, { growing: true });
unsubscribeLinkSchema.pre('validate', function keyedById(this: { _id?: string; tenantId?: string; tokenHash?: string }) {
  if (!this._id && this.tenantId && this.tokenHash) this._id = keyedId(this.tenantId, 'unsubscribe', this.tokenHash);
});
unsubscribeLinkSchema.index({ tenantId: 1, createdAt: 1 });
export const UnsubscribeLink = mongoose.models.UnsubscribeLink ?? mongoose.model('UnsubscribeLink', unsubscribeLinkSchema);
