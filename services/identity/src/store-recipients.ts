import { normalizeEmail } from '@platform/domain';
import type { RequestContext } from '@platform/server-kit';
import { getBusinessDetails } from '@platform/tenant-settings';
import { storeAdmins } from './staff';

/**
 * Who at the store hears of a shopper's order or request at one location: e-mail to the store's contact address
 * and every admin allowed new order e-mails (spec 3 §6 new_order_emails), once per address; texts to every admin
 * allowed new order texts (new_order_texts) who has a mobile number. Staff bound to another location are not told.
 */
export async function storeRecipients(ctx: RequestContext, locationId: number): Promise<{ emails: string[]; phones: string[] }> {
  const [business, everyone] = await Promise.all([getBusinessDetails(ctx), storeAdmins(ctx)]);
  const admins = everyone.filter((a) => !a.locationId || a.locationId === locationId);
  const emailed = admins.filter((a) => a.permissions.includes('new_order_emails')).map((a) => a.email);
  return {
    emails: [...new Set([business.contact_email, ...emailed].filter(Boolean).map((e) => normalizeEmail(e!)))],
    phones: [...new Set(admins.filter((a) => a.permissions.includes('new_order_texts')).map((a) => a.telephone).filter((p): p is string => Boolean(p)))],
  };
}
