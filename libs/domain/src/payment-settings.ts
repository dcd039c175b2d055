/**
 * How a store takes payment (spec 3 §7 `admin/fulfillment/payment-settings`): at the store only, or cards through
 * Stripe, the one card provider with an adapter today. The admin screen checks with these rules before saving and
 * the server checks again; each problem is named under its field.
 */

/** The providers a store owner may choose now: null is payment at the store only. */
export const CHOOSABLE_PAYMENT_PROVIDERS = ['stripe'] as const;
export type ChoosablePaymentProvider = (typeof CHOOSABLE_PAYMENT_PROVIDERS)[number];

export const PAYMENT_PROVIDER_NOT_AVAILABLE = 'This payment provider is not available yet.';
export const ONLY_STORE_OWNER_PAYMENTS = 'Only the store owner can change how the store takes payment.';
export const PAYMENT_SETTINGS_SAVED = 'Payment settings saved.';
export const INVALID_PUBLISHABLE_KEY = 'Enter the publishable key from your Stripe dashboard: it starts with pk_test_ or pk_live_.';
export const INVALID_SECRET_KEY = 'Enter the secret key from your Stripe dashboard: it starts with sk_test_, sk_live_, rk_test_ or rk_live_.';
export const SECRET_KEY_NEEDED = 'Enter the secret key from your Stripe dashboard to take cards through Stripe.';
export const INVALID_WEBHOOK_SECRET = 'Enter the webhook signing secret from your Stripe dashboard: it starts with whsec_.';
export const INVALID_STRIPE_ACCOUNT = 'Enter a Stripe account id that starts with acct_, or leave it empty.';
export const TEST_KEYS_WITH_LIVE = 'These keys are test keys: turn Live off, or enter your live keys.';
export const LIVE_KEYS_WITHOUT_LIVE = 'These keys are live keys: turn Live on, or enter your test keys.';
export const STRIPE_REFUSED_KEY = 'Stripe did not accept this secret key.';
export const STRIPE_NOT_ANSWERING = 'We could not reach Stripe to check this key. Please try again in a moment.';

/** The Stripe part of the form. An empty secret keeps the one stored. */
export interface StripeSettingsForm {
  publishable_key: string;
  secret_key: string;
  webhook_secret: string;
  is_live: boolean;
  account_id: string;
  disable_save_card: boolean;
}

export const EMPTY_STRIPE_FORM: StripeSettingsForm = { publishable_key: '', secret_key: '', webhook_secret: '', is_live: false, account_id: '', disable_save_card: false };

/** What is stored already: whether a secret key is kept and, on the server, the key itself (opened) so its mode is checked too. */
export interface StoredStripeSecrets { secret_key_set: boolean; secret_key?: string | null }

const PUBLISHABLE = /^pk_(test|live)_[A-Za-z0-9]+$/;
const SECRET = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/;
const WEBHOOK = /^whsec_[A-Za-z0-9+/=]+$/;
const ACCOUNT = /^acct_[A-Za-z0-9]+$/;

/** Whether a Stripe key is a live key (pk_live_, sk_live_, rk_live_); test keys are not. */
export const isLiveStripeKey = (key: string) => /^(pk|sk|rk)_live_/.test(key);

/**
 * The problems of a Stripe form, by field (`stripe.publishable_key`, ...): key shapes, a secret key to use
 * (typed, or stored), and keys of the mode Live says (test keys with Live on, live keys with it off).
 */
export function stripeSettingsProblems(form: StripeSettingsForm, stored: StoredStripeSecrets): Record<string, string> {
  const problems: Record<string, string> = {};
  const publishable = form.publishable_key.trim();
  const secret = form.secret_key.trim();
  const webhook = form.webhook_secret.trim();
  const account = form.account_id.trim();
  const modeProblem = (key: string) => (isLiveStripeKey(key) === form.is_live ? null : form.is_live ? TEST_KEYS_WITH_LIVE : LIVE_KEYS_WITHOUT_LIVE);

  if (!PUBLISHABLE.test(publishable)) problems['stripe.publishable_key'] = INVALID_PUBLISHABLE_KEY;
  else if (modeProblem(publishable)) problems['stripe.publishable_key'] = modeProblem(publishable)!;

  if (secret) {
    if (!SECRET.test(secret)) problems['stripe.secret_key'] = INVALID_SECRET_KEY;
    else if (modeProblem(secret)) problems['stripe.secret_key'] = modeProblem(secret)!;
  } else if (!stored.secret_key_set) {
    problems['stripe.secret_key'] = SECRET_KEY_NEEDED;
  } else if (stored.secret_key && modeProblem(stored.secret_key)) {
    // The kept key must suit Live as well.
    problems['stripe.secret_key'] = modeProblem(stored.secret_key)!;
  }

  if (webhook && !WEBHOOK.test(webhook)) problems['stripe.webhook_secret'] = INVALID_WEBHOOK_SECRET;
  if (account && !ACCOUNT.test(account)) problems['stripe.account_id'] = INVALID_STRIPE_ACCOUNT;
  return problems;
}

/**
 * The problems of a whole save: a provider with no adapter is refused; choosing Stripe needs its settings
 * (sent, or stored: `stripe` is then the stored public fields with empty secrets); a Stripe section sent with
 * payment at the store is checked too, as it is kept for later.
 */
export function paymentSettingsProblems(input: { payment_provider: string | null; stripe?: StripeSettingsForm | null }, stored: StoredStripeSecrets): Record<string, string> {
  if (input.payment_provider !== null && !(CHOOSABLE_PAYMENT_PROVIDERS as readonly string[]).includes(input.payment_provider)) {
    return { payment_provider: PAYMENT_PROVIDER_NOT_AVAILABLE };
  }
  if (input.stripe) return stripeSettingsProblems(input.stripe, stored);
  return input.payment_provider === 'stripe' ? stripeSettingsProblems(EMPTY_STRIPE_FORM, stored) : {};
}
