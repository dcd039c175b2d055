import type { Redis } from 'ioredis';
import { scoped } from '@platform/db';
import type { PaymentSettingsAdmin, PaymentSettingsUpdate } from '@platform/contracts';
import { PAYMENT_SETTINGS_SAVED, paymentSettingsProblems, STRIPE_NOT_ANSWERING, STRIPE_REFUSED_KEY, type StripeSettingsForm } from '@platform/domain';
import { AppError, openSecret, rejectFieldProblems, sealSecret, type RequestContext } from '@platform/server-kit';
import { StoreProfile } from '../models';
import { getPaymentSettings } from '../payment-settings';
import { forgetStoreProfile } from '../service';
import { forgetStartup } from '../startup';
import { checkStripeKey } from './stripe-key';

type Plain = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const flag = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** The payment settings as stored now, from the database (not the 10 s cache: a save must start from what is there). */
async function storedPayment(ctx: RequestContext): Promise<Plain> {
  const doc = await StoreProfile.findOne(scoped(ctx), { payment: 1 }).lean() as { payment?: Plain } | null;
  return doc?.payment ?? {};
}

/** Stripe's section for the owner: the public fields, and for each secret only whether one is stored. */
function stripeAdminView(stored: Plain): PaymentSettingsAdmin['stripe'] {
  return {
    publishable_key: text(stored.publishable_key), is_live: flag(stored.is_live), account_id: text(stored.account_id), disable_save_card: flag(stored.disable_save_card),
    // A secret counts as stored only when it can be used (sealed with this key): one in the clear is not used.
    secret_key_set: openSecret(stored.secret_key) !== null, webhook_secret_set: openSecret(stored.webhook_secret) !== null,
  };
}

/** GET admin/fulfillment/payment-settings: what the storefront reads, plus Stripe's fields with whether its secrets are stored. */
export async function getPaymentSettingsForOwner(ctx: RequestContext): Promise<PaymentSettingsAdmin> {
  const [publicView, stored] = await Promise.all([getPaymentSettings(ctx), storedPayment(ctx)]);
  return { ...publicView, stripe: stripeAdminView((stored.stripe ?? {}) as Plain) };
}

/**
 * POST admin/fulfillment/payment-settings: the provider (Stripe, or null for payment at the store) and Stripe's
 * keys. Checked with the shared rules against what is stored (an empty secret keeps the stored one), then the
 * secret key with Stripe itself; a refusal saves nothing. Secrets are stored sealed and never answered or logged.
 */
export async function savePaymentSettings(ctx: RequestContext, redis: Redis, prefix: string, body: PaymentSettingsUpdate) {
  const stored = await storedPayment(ctx);
  const storedStripe = (stored.stripe ?? {}) as Plain;
  const storedSecret = openSecret(storedStripe.secret_key);
  // The form as it would stand: what was sent over what is stored (an empty secret is "keep").
  const form: StripeSettingsForm | null = body.stripe || body.payment_provider === 'stripe' ? {
    publishable_key: body.stripe?.publishable_key ?? text(storedStripe.publishable_key),
    secret_key: body.stripe?.secret_key ?? '',
    webhook_secret: body.stripe?.webhook_secret ?? '',
    is_live: body.stripe?.is_live ?? flag(storedStripe.is_live),
    account_id: body.stripe?.account_id ?? text(storedStripe.account_id),
    disable_save_card: body.stripe?.disable_save_card ?? flag(storedStripe.disable_save_card),
  } : null;
  rejectFieldProblems(paymentSettingsProblems({ payment_provider: body.payment_provider, stripe: form }, { secret_key_set: storedSecret !== null, secret_key: storedSecret }));

  const set: Record<string, unknown> = { 'payment.payment_provider': body.payment_provider };
  if (body.payment_preparable !== undefined) set['payment.payment_preparable'] = body.payment_preparable;
  if (form) {
    const secret = form.secret_key.trim() || storedSecret!;
    // Stripe is asked whenever its keys are sent or it is chosen, so a store never switches to a key Stripe refuses.
    const verdict = await checkStripeKey(secret);
    if (verdict === 'refused') rejectFieldProblems({ 'stripe.secret_key': STRIPE_REFUSED_KEY });
    if (verdict === 'unreachable') throw new AppError('unavailable', STRIPE_NOT_ANSWERING);
    Object.assign(set, {
      'payment.stripe.publishable_key': form.publishable_key.trim(), 'payment.stripe.is_live': form.is_live,
      'payment.stripe.account_id': form.account_id.trim(), 'payment.stripe.disable_save_card': form.disable_save_card,
    });
    if (form.secret_key.trim()) set['payment.stripe.secret_key'] = sealSecret(form.secret_key.trim());
    if (form.webhook_secret.trim()) set['payment.stripe.webhook_secret'] = sealSecret(form.webhook_secret.trim());
  }
  await StoreProfile.updateOne(scoped(ctx), { $set: set }, { upsert: true });
  // As saveStoreOptions does: this process forgets the profile now (others within the cache's 10 s), Redis the start-up bundle.
  forgetStoreProfile(ctx.tenantId);
  await forgetStartup(redis, prefix, ctx.tenantId);
  return { status: 'success', message: PAYMENT_SETTINGS_SAVED, data: await getPaymentSettingsForOwner(ctx) };
}
