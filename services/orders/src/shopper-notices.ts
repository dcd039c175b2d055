import { normalizePhone, orderNotice, orderPlacedText, ORDER_PLACED_TEXT_KIND, textsShopper, type NoticeOrder, type OrderChange } from '@platform/domain';
import { customerByKey } from '@platform/identity';
import type { NotificationJob } from '@platform/queue';
import type { RequestContext } from '@platform/server-kit';
import { getStoreSettings } from '@platform/tenant-settings';
import type { CheckoutIo } from './checkout';
import { queueOrderMessages } from './order-messages';

/** How the shopper was told of a change. */
export interface ToldBy { email: boolean; text: boolean }

type ShopperOrder = NoticeOrder & { contact: { email: string; telephone: string } };

/**
 * The number to text about an order, or null: the store sends texts (sms_notifications_enabled), the order has a
 * mobile number and the shopper's account (if any) has order texts on. The account's own switch is read now (two
 * reads by _id: its slug key, then the account); a guest keeps spec 2's default, on.
 */
async function textTo(ctx: RequestContext, order: ShopperOrder, customerSlug: string | null | undefined, storeSendsTexts: boolean): Promise<string | null> {
  const phone = order.contact.telephone ? normalizePhone(order.contact.telephone) : null;
  const account = phone && storeSendsTexts && customerSlug ? await customerByKey<{ receiveSms?: boolean }>(ctx, 'slug', customerSlug) : null;
  return textsShopper(storeSendsTexts, phone, account?.receiveSms) ? phone : null;
}

/**
 * Tells the shopper of a change the store made to their order (spec 2; the words: orderNotice in libs/domain):
 * an e-mail where the order has an address, and a text where textTo allows, in one job on the notifications queue;
 * the worker sends each (or keeps it in the outbox). Call it after the change is saved: a change refused sends
 * nothing.
 */
export async function tellShopper(
  ctx: RequestContext, io: CheckoutIo, order: ShopperOrder, customerSlug: string | null | undefined, change: OrderChange,
): Promise<ToldBy> {
  const email = order.contact.email?.trim() || null;
  const settings = await getStoreSettings(ctx);
  const phone = await textTo(ctx, order, customerSlug, settings.sms_notifications_enabled);
  if (!email && !phone) return { email: false, text: false };
  const notice = orderNotice(ctx.tenant.name, order, change, settings.products.currencyPrefix);
  const messages: NotificationJob[] = [];
  if (email) messages.push({ tenantId: ctx.tenantId, channel: 'email', to: email, kind: notice.emailKind, subject: notice.subject, text: notice.email });
  if (phone) messages.push({ tenantId: ctx.tenantId, channel: 'sms', to: phone, kind: notice.textKind, subject: '', text: notice.text });
  // The e-mail and the text in one job (named after the e-mail's kind), each still sent and retried on its own.
  await queueOrderMessages(io.resources.queues, ctx.tenantId, messages, notice.emailKind);
  return { email: Boolean(email), text: Boolean(phone) };
}

/**
 * The text beside the confirmation e-mail once an order stands (placed, or its payment confirmed), to the same
 * shoppers the later changes text (textTo), or null. Checkout queues it with the order's other messages.
 */
export async function orderPlacedTextMessage(ctx: RequestContext, order: ShopperOrder, customerSlug: string | null | undefined): Promise<NotificationJob | null> {
  const phone = await textTo(ctx, order, customerSlug, (await getStoreSettings(ctx)).sms_notifications_enabled);
  if (!phone) return null;
  return { tenantId: ctx.tenantId, channel: 'sms', to: phone, kind: ORDER_PLACED_TEXT_KIND, subject: '', text: orderPlacedText(ctx.tenant.name, order) };
}
