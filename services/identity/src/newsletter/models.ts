import mongoose, { Schema } from 'mongoose';
import { tenantOwned } from '@platform/db';

/**
 * A footer newsletter sign-up: one per store and lower-cased address, found by `_id` (newsletterSubscriberId:
 * the tenant and the address's SHA-256), with the consent it was given under and whether it was withdrawn.
 */
const newsletterSubscriberSchema = new Schema({
  _id: { type: String, required: true },
  email: { type: String, required: true },
  /** The words the shopper agreed to, when, and where (the page's path). */
  consentText: { type: String, required: true },
  consentAt: { type: Date, required: true },
  source: { type: String, default: 'footer' },
  /** When the shopper last used an unsubscribe link (null: subscribed). */
  unsubscribedAt: { type: Date, default: null },
  createdAt: { type: Date, required: true },
});
newsletterSubscriberSchema.plugin(tenantOwned, { growing: true });
newsletterSubscriberSchema.index({ tenantId: 1, createdAt: 1 });
export const NewsletterSubscriber = mongoose.models.NewsletterSubscriber ?? mongoose.model('NewsletterSubscriber', newsletterSubscriberSchema);
