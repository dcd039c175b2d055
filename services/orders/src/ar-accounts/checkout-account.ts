import { AR_NOT_OFFERED, AR_NOT_RECURRING, arAvailableCents, arTakesCharges, checkoutChargeProblem, formatCents } from '@platform/domain';
import type { ShopperArAccount } from '@platform/contracts';
import { getPaymentSettings } from '@platform/tenant-settings';
import { AppError, type RequestContext } from '@platform/server-kit';
import { accountSummary, type ArIo, type SummaryDoc } from './ledger';
import { arAccountIdOf, listsCustomer } from './customer-index';
import { owedCents } from './credit';

/**
 * 'Charge to account' at checkout (docs/PAYMENTS.md "Charge accounts"): a signed-in shopper whose customer record is
 * on one of the store's AR accounts charges the order to it, where the store offers it (payment_charge_account).
 */

/** The account an order is charged to at checkout, as placeCart needs it. */
export type ChargeAccount = { id: string; number: string; name: string; creditLimitCents: number };

/**
 * The signed-in shopper's account (a customer is on one at most), where the store offers charging to it; else null.
 * Its id from the customers' index in Redis (customer-index.ts), the account by `_id`; one that no longer lists the
 * shopper (a change that stopped between its two writes) is not theirs.
 */
async function customerAccount(ctx: RequestContext, io: ArIo, slug: string | null | undefined): Promise<SummaryDoc | null> {
  if (!slug || ctx.caller?.isAdmin || ctx.caller?.slug !== slug) return null;
  if (!(await getPaymentSettings(ctx)).payment_charge_account) return null;
  const id = await arAccountIdOf(ctx, io, slug);
  const account = id ? await accountSummary(ctx, id) : null;
  return account && listsCustomer(account, slug) ? account : null;
}

/** GET customer/ar-account: the shopper's account with what it may still charge (null: none, or not offered here). */
export async function shopperArAccount(ctx: RequestContext, io: ArIo): Promise<ShopperArAccount | null> {
  const account = await customerAccount(ctx, io, ctx.caller?.slug);
  if (!account) return null;
  const id = String(account._id);
  return { id, number: account.number, name: account.name, status: account.status, available: formatCents(arAvailableCents(account.creditLimitCents, await owedCents(ctx, io, id))) };
}

/**
 * The account a checkout charges (payment_method 'ar_account'), or 422 under payment_method: the shopper is on none
 * (or a guest, or the store does not offer it), the account is on hold, or a repeated order was asked for.
 * The credit limit is checked when the charge is taken (takeCredit), with the order's final total.
 */
export async function checkoutAccount(ctx: RequestContext, io: ArIo, slug: string | null | undefined, recurring: boolean): Promise<ChargeAccount> {
  const refuse = (message: string, field = 'payment_method') => new AppError('unprocessable', message, { [field]: [message] });
  const account = await customerAccount(ctx, io, slug);
  if (!account) throw refuse(AR_NOT_OFFERED);
  if (!arTakesCharges(account)) throw refuse(checkoutChargeProblem({ ...account, balanceCents: 0 }, 0)!);
  if (recurring) throw refuse(AR_NOT_RECURRING, 'recurring');
  return { id: String(account._id), number: account.number, name: account.name, creditLimitCents: account.creditLimitCents };
}
