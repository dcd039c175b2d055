import type { Redis } from 'ioredis';
import { scoped } from '@platform/db';
import type { PaymentSettingsAdmin, PaymentSettingsUpdate } from '@platform/contracts';
import {
  cardSetupMissing, largeFirstOrderCents, largeFirstOrderProblem, OTHER_CARD_PROVIDERS, PAYMENT_SETTINGS_SAVED, paymentSettingsProblems, PROVIDER_SETTINGS, STRIPE_NOT_ANSWERING, STRIPE_REFUSED_KEY,
  type OtherCardProvider, type ProviderSettingsForm, type StripeSettingsForm,
} from '@platform/domain';
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

/** How a provider's public fields are kept: Adyen's client key under the spec's name (origin_key), its mode as environment. */
const STORED_NAME: Partial<Record<`${OtherCardProvider}.${string}`, string>> = { 'adyen.client_key': 'origin_key' };
const storedName = (provider: OtherCardProvider, key: string) => STORED_NAME[`${provider}.${key}`] ?? key;
const isLiveStored = (provider: OtherCardProvider, stored: Plain) => (provider === 'adyen' ? stored.environment === 'live' : flag(stored.is_live));

/** Another provider's form as stored (secrets empty: they are never shown), and which of its secrets are stored. */
function providerFormOf(provider: OtherCardProvider, stored: Plain): { form: ProviderSettingsForm; secrets: Record<string, boolean> } {
  const spec = PROVIDER_SETTINGS[provider];
  const form: ProviderSettingsForm = {};
  const secrets: Record<string, boolean> = {};
  for (const field of spec.fields) {
    if (field.secret) {
      form[field.key] = '';
      secrets[`${provider}.${field.key}`] = openSecret(stored[field.key]) !== null;
    } else {
      form[field.key] = text(stored[storedName(provider, field.key)]) || (provider === 'adyen' && field.key === 'client_key' ? text(stored.client_key) : '');
    }
  }
  for (const toggle of spec.switches) form[toggle.key] = toggle.key === 'is_live' ? isLiveStored(provider, stored) : flag(stored[toggle.key]);
  return { form, secrets };
}

/** A provider's section for the owner: its public fields and switches, each secret as `<secret>_set`. */
function providerAdminView(provider: OtherCardProvider, stored: Plain): Record<string, string | boolean> {
  const { form, secrets } = providerFormOf(provider, stored);
  const view: Record<string, string | boolean> = {};
  for (const field of PROVIDER_SETTINGS[provider].fields) {
    if (field.secret) view[`${field.key}_set`] = secrets[`${provider}.${field.key}`];
    else view[field.key] = form[field.key];
  }
  for (const toggle of PROVIDER_SETTINGS[provider].switches) view[toggle.key] = form[toggle.key];
  return view;
}

/** GET admin/fulfillment/payment-settings: the provider, and every provider's public fields with whether each secret is stored. */
export async function getPaymentSettingsForOwner(ctx: RequestContext): Promise<PaymentSettingsAdmin> {
  const [publicView, stored] = await Promise.all([getPaymentSettings(ctx), storedPayment(ctx)]);
  const others = Object.fromEntries(OTHER_CARD_PROVIDERS.map((p) => [p, providerAdminView(p, (stored[p] ?? {}) as Plain)]));
  const sections = { stripe: stripeAdminView((stored.stripe ?? {}) as Plain), ...others };
  return {
    payment_provider: publicView.payment_provider, payment_preparable: publicView.payment_preparable, payment_charge_account: publicView.payment_charge_account === true,
    large_first_order_cents: largeFirstOrderCents(stored.large_first_order_cents),
    // The same rule as the storefront's cards_offered, on the owner's view (each secret as whether one is saved).
    card_setup_missing: cardSetupMissing({ payment_provider: publicView.payment_provider, ...sections }),
    ...sections,
  } as PaymentSettingsAdmin;
}

/**
 * POST admin/fulfillment/payment-settings: the provider (null for payment at the store) and its settings. Checked
 * with the shared rules against what is stored (an empty secret keeps the stored one), Stripe's secret key also
 * with Stripe itself; a refusal saves nothing. The other providers' keys are checked by shape only (their first
 * payment shows a key the provider refuses). Secrets are stored sealed and never answered or logged.
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
  // The other providers' forms as they would stand: what was sent over what is stored (an empty secret is "keep").
  const otherForms: Partial<Record<OtherCardProvider, ProviderSettingsForm>> = {};
  const storedSecrets: Record<string, boolean> = {};
  for (const provider of OTHER_CARD_PROVIDERS) {
    const sent = body[provider] as ProviderSettingsForm | undefined;
    if (!sent && body.payment_provider !== provider) continue;
    const { form: kept, secrets } = providerFormOf(provider, (stored[provider] ?? {}) as Plain);
    otherForms[provider] = { ...kept, ...sent };
    Object.assign(storedSecrets, secrets);
  }
  const thresholdProblem = body.large_first_order_cents === undefined ? null : largeFirstOrderProblem(body.large_first_order_cents);
  rejectFieldProblems({
    ...paymentSettingsProblems({ payment_provider: body.payment_provider, stripe: form, ...otherForms },
      { secret_key_set: storedSecret !== null, secret_key: storedSecret, stored: storedSecrets }),
    ...(thresholdProblem ? { large_first_order_cents: thresholdProblem } : {}),
  });

  const set: Record<string, unknown> = { 'payment.payment_provider': body.payment_provider };
  if (body.payment_preparable !== undefined) set['payment.payment_preparable'] = body.payment_preparable;
  if (body.payment_charge_account !== undefined) set['payment.payment_charge_account'] = body.payment_charge_account;
  if (body.large_first_order_cents !== undefined) set['payment.large_first_order_cents'] = body.large_first_order_cents;
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
  for (const [provider, other] of Object.entries(otherForms) as [OtherCardProvider, ProviderSettingsForm][]) {
    for (const field of PROVIDER_SETTINGS[provider].fields) {
      const value = typeof other[field.key] === 'string' ? (other[field.key] as string).trim() : '';
      // A secret is stored sealed, and only when one was typed (empty keeps the stored one).
      if (field.secret) { if (value) set[`payment.${provider}.${field.key}`] = sealSecret(value); continue; }
      set[`payment.${provider}.${storedName(provider, field.key)}`] = field.key === 'currency' ? value.toUpperCase() : value;
    }
    for (const toggle of PROVIDER_SETTINGS[provider].switches) {
      if (provider === 'adyen' && toggle.key === 'is_live') set['payment.adyen.environment'] = other.is_live === true ? 'live' : 'test';
      else set[`payment.${provider}.${toggle.key}`] = other[toggle.key] === true;
    }
  }
  await StoreProfile.updateOne(scoped(ctx), { $set: set }, { upsert: true });
  // As saveStoreOptions does: this process forgets the profile now (others within the cache's 10 s), Redis the start-up bundle.
  forgetStoreProfile(ctx.tenantId);
  await forgetStartup(redis, prefix, ctx.tenantId);
  return { status: 'success', message: PAYMENT_SETTINGS_SAVED, data: await getPaymentSettingsForOwner(ctx) };
}
