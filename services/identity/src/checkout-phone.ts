import { contactProblems, formatPhone, isOtpCode, normalizePhone } from '@platform/domain';
import { AppError, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { getBusinessDetails } from '@platform/tenant-settings';
import { CODE_MESSAGES, consumeSecret, issueSecret } from './one-time';
import type { IdentityIo } from './sessions';

export const VERIFY_PHONE_FIRST = 'Please confirm your mobile number with the code we texted you.';
export const DETAILS_COMPLETE = 'Your details are complete.';
export const PHONE_CONFIRMED = 'Thank you: your mobile number is confirmed.';
export const phoneCodeSent = (phone: string) => `We sent a 4-digit code to ${formatPhone(phone)}. Enter it to confirm your number.`;

/** A guest's confirmed number stays confirmed on their device a day; a customer's stays with their account. */
const GUEST_CONFIRMED_S = 24 * 3600;
const confirmedKey = (redis: { prefix: string }, ctx: RequestContext, shopper: string, phone: string) => `${redis.prefix}:checkout-phone:${ctx.tenantId}:${shopper}:${phone}`;

/**
 * Whether this shopper may order with this mobile number: always where the store does not ask; else once the
 * shopper (their account, or a guest's device) confirmed it with a texted code. An account's own number is not
 * trusted by itself: sign-up does not check it.
 */
export async function checkoutPhoneConfirmed(ctx: RequestContext, io: Pick<IdentityIo, 'redis' | 'prefix'>, shopper: string, telephone: string): Promise<boolean> {
  if (!(await getBusinessDetails(ctx)).verify_phone_at_checkout) return true;
  const phone = normalizePhone(telephone) ?? telephone;
  return (await io.redis.exists(confirmedKey(io, ctx, shopper, phone))) === 1;
}

/**
 * POST orders/validate-info (checkout's Information step, before Payment): the contact details by the shared rules
 * (422 names each problem); where the store asks for it, the mobile number confirmed by a 4-digit texted code: the
 * first call texts it (verification_required), a call with `code` checks it (wrong, expired and too many tries as in
 * phone sign-in; sending is rate-limited like sign-in codes).
 */
export async function validateCheckoutInfo(ctx: RequestContext, io: IdentityIo, ip: string, shopper: string,
  input: { first_name: string; last_name: string; email: string; telephone: string; code?: string }) {
  rejectFieldProblems(contactProblems(input));
  if (await checkoutPhoneConfirmed(ctx, io, shopper, input.telephone)) return { status: 'success', message: DETAILS_COMPLETE, verification_required: false };
  const phone = normalizePhone(input.telephone) ?? input.telephone;
  const subject = `${shopper}:${phone}`;
  const code = input.code?.trim();
  if (!code) {
    await io.limit('send', ctx, phone, ip);
    const secret = await issueSecret(ctx, 'checkout-phone', subject);
    await io.queues.notifications.add('checkout-phone', {
      tenantId: ctx.tenantId, channel: 'sms', to: phone, subject: '', kind: 'checkout-phone',
      text: `${secret} is your ${ctx.tenant.name} code to confirm your number for your order. It expires in 10 minutes.`,
    });
    return { status: 'success', message: phoneCodeSent(phone), verification_required: true };
  }
  await io.limit('login', ctx, phone, ip);
  const check = isOtpCode(code) ? await consumeSecret(ctx, io.redis, io.prefix, 'checkout-phone', subject, code) : 'wrong';
  if (check !== 'ok') throw new AppError('unprocessable', CODE_MESSAGES[check], { code: [CODE_MESSAGES[check]] });
  const key = confirmedKey(io, ctx, shopper, phone);
  if (ctx.caller && !ctx.caller.isAdmin) await io.redis.set(key, new Date().toISOString());
  else await io.redis.set(key, new Date().toISOString(), 'EX', GUEST_CONFIRMED_S);
  return { status: 'success', message: PHONE_CONFIRMED, verification_required: false };
}
