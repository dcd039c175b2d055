import { normalizePhone, orderNotice, textsShopper, type NoticeOrder, type OrderChange } from '@platform/domain';
import { customerByKey } from '@platform/identity';
import type { RequestContext } from '@platform/server-kit';
import { getStoreSettings } from '@platform/tenant-settings';
import type { CheckoutIo } from './checkout';

/** How the shopper was told of a change. */
export interface ToldBy { email: boolean; text: boolean }

/**
 * Tells the shopper of a change the store made to their order (spec 2; the words: orderNotice in libs/domain):
 * an e-mail where the order has an address, and a text where the store sends texts (sms_notifications_enabled),
 * the order has a mobile number and the shopper's account (if any) has order texts on. One job per channel on the
 * notifications queue; the worker sends it (or keeps it in the outbox). Call it after the change is saved: a
 * change refused sends nothing.
 */
export async function tellShopper(
  ctx: RequestContext, io: CheckoutIo, order: NoticeOrder & { contact: { email: string; telephone: string } }, customerSlug: string | null | undefined, change: OrderChange,
): Promise<ToldBy> {
  const email = order.contact.email?.trim() || null;
  const phone = order.contact.telephone ? normalizePhone(order.contact.telephone) : null;
  const settings = await getStoreSettings(ctx);
  // The account's own switch (two reads by _id: its slug key, then the account); a guest keeps the default.
  const account = phone && settings.sms_notifications_enabled && customerSlug ? await customerByKey<{ receiveSms?: boolean }>(ctx, 'slug', customerSlug) : null;
  const text = textsShopper(settings.sms_notifications_enabled, phone, account?.receiveSms);
  if (!email && !text) return { email: false, text: false };
  const notice = orderNotice(ctx.tenant.name, order, change, settings.products.currencyPrefix);
  const queue = io.resources.queues.notifications;
  await Promise.all([
    email ? queue.add(notice.emailKind, { tenantId: ctx.tenantId, channel: 'email', to: email, kind: notice.emailKind, subject: notice.subject, text: notice.email }) : null,
    text ? queue.add(notice.textKind, { tenantId: ctx.tenantId, channel: 'sms', to: phone!, kind: notice.textKind, subject: '', text: notice.text }) : null,
  ]);
  return { email: Boolean(email), text };
}
