import { CARD_PROVIDER_NAMES, PLUGNPAY_DEMO_ACCOUNT } from './card-forms';

/**
 * How a store takes payment (spec 3 §7 `admin/fulfillment/payment-settings`, §9 payment providers): at the store only,
 * or cards through one provider (Stripe, Adyen, Authorize.Net, Plug'n Pay, Fiserv). The admin screen checks with these
 * rules before saving and the server checks again; each problem is named under its field.
 */

/** The providers a store owner may choose: null is payment at the store only. */
export const CHOOSABLE_PAYMENT_PROVIDERS = ['stripe', 'adyen', 'authorize_net', 'plugnpay', 'fiserv'] as const;
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
export interface StoredStripeSecrets {
  secret_key_set: boolean; secret_key?: string | null;
  /** The other providers' secrets that are stored, by field ('adyen.api_key': true). */
  stored?: Record<string, boolean>;
}

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
export function paymentSettingsProblems(input: { payment_provider: string | null; stripe?: StripeSettingsForm | null } & Partial<Record<OtherCardProvider, ProviderSettingsForm | null>>,
  stored: StoredStripeSecrets): Record<string, string> {
  if (input.payment_provider !== null && !(CHOOSABLE_PAYMENT_PROVIDERS as readonly string[]).includes(input.payment_provider)) {
    return { payment_provider: PAYMENT_PROVIDER_NOT_AVAILABLE };
  }
  const problems: Record<string, string> = input.stripe ? stripeSettingsProblems(input.stripe, stored)
    : input.payment_provider === 'stripe' ? stripeSettingsProblems(EMPTY_STRIPE_FORM, stored) : {};
  for (const provider of OTHER_CARD_PROVIDERS) {
    const form = input[provider] ?? (input.payment_provider === provider ? emptyProviderForm(provider) : null);
    if (form) Object.assign(problems, providerSettingsProblems(provider, form, stored.stored ?? {}));
  }
  return problems;
}

// ---- Adyen, Authorize.Net, Plug'n Pay, Fiserv: one table of fields per provider (the admin screen is drawn from it)

export const OTHER_CARD_PROVIDERS = ['adyen', 'authorize_net', 'plugnpay', 'fiserv'] as const;
export type OtherCardProvider = (typeof OTHER_CARD_PROVIDERS)[number];
/** A provider's form: its text fields and secrets (an empty secret keeps the stored one) and its switches. */
export type ProviderSettingsForm = Record<string, string | boolean>;

export interface ProviderTextField {
  key: string;
  label: string;
  /** Written only: stored sealed, never shown or answered (the screen says whether one is saved). */
  secret?: true;
  required?: true;
  /** Public: the browser's card form is made with it (shown to shoppers' browsers). */
  public?: true;
  pattern: RegExp;
  invalid: string;
  placeholder?: string;
}
export interface ProviderSwitch { key: string; label: string }
export interface ProviderSettingsSpec { intro: string; fields: readonly ProviderTextField[]; switches: readonly ProviderSwitch[] }

const PRINTABLE = /^[\x21-\x7e]{8,512}$/;
const LIVE_SWITCH = { key: 'is_live', label: 'Live mode (real cards are charged)' };
const NO_SAVING_SWITCH = { key: 'disable_save_card', label: 'Disable saving cards' };

/** Each provider's settings: what the owner copies from the provider's dashboard. */
export const PROVIDER_SETTINGS: Record<OtherCardProvider, ProviderSettingsSpec> = {
  adyen: {
    intro: "Create an API credential in your Adyen Customer Area (Developers › API credentials): its API key, its client key (with this store's address as an allowed origin) and, for webhooks, an HMAC key. Test mode takes Adyen's test cards only.",
    fields: [
      { key: 'merchant_account', label: 'Merchant account', required: true, pattern: /^[A-Za-z0-9_.-]{2,80}$/, invalid: 'Enter your Adyen merchant account name (letters, digits, - _ .).', placeholder: 'YourCompanyECOM' },
      { key: 'client_key', label: 'Client key', required: true, public: true, pattern: /^(test|live)_[A-Za-z0-9]{16,64}$/, invalid: 'Enter the client key of your API credential: it starts with test_ or live_.', placeholder: 'test_…' },
      { key: 'api_key', label: 'API key', secret: true, required: true, pattern: PRINTABLE, invalid: 'Enter the API key of your Adyen API credential.' },
      { key: 'hmac_key', label: 'HMAC key for webhooks (optional)', secret: true, pattern: /^[0-9A-Fa-f]{64}$/, invalid: 'Enter the HMAC key of your Adyen webhook: 64 hexadecimal characters.' },
      { key: 'live_url_prefix', label: 'Live endpoint prefix (live only)', pattern: /^[A-Za-z0-9-]{3,100}$/, invalid: 'Enter the live endpoint prefix from your Customer Area (Developers › API URLs), e.g. 1797a841fbb37ca7-AdyenDemo.' },
    ],
    switches: [LIVE_SWITCH, NO_SAVING_SWITCH],
  },
  authorize_net: {
    intro: 'Copy these from your Authorize.Net Merchant Interface (Account › Settings › API Credentials & Keys, and Manage Public Client Key). Test mode uses the sandbox and its test cards.',
    fields: [
      { key: 'login_id', label: 'API Login ID', required: true, pattern: /^[A-Za-z0-9]{6,25}$/, invalid: 'Enter your API Login ID: 6 to 25 letters and digits.' },
      { key: 'client_key', label: 'Public Client Key', required: true, public: true, pattern: /^[A-Za-z0-9]{40,128}$/, invalid: 'Enter your Public Client Key: 40 to 128 letters and digits.' },
      { key: 'transaction_key', label: 'Transaction Key', secret: true, required: true, pattern: /^[A-Za-z0-9]{16}$/, invalid: 'Enter your Transaction Key: 16 letters and digits.' },
      { key: 'signature_key', label: 'Signature Key for webhooks (optional)', secret: true, pattern: /^[0-9A-Fa-f]{128}$/, invalid: 'Enter your Signature Key: 128 hexadecimal characters.' },
    ],
    switches: [LIVE_SWITCH, NO_SAVING_SWITCH],
  },
  plugnpay: {
    intro: "Your Plug'n Pay gateway account (publisher name) and its Remote Client Password. Plug'n Pay's demo account (pnpdemo) takes test orders only.",
    fields: [
      { key: 'username', label: 'Gateway account (publisher name)', required: true, public: true, pattern: /^[A-Za-z0-9]{3,12}$/, invalid: 'Enter your gateway account name: 3 to 12 letters and digits.', placeholder: 'pnpdemo' },
      { key: 'password', label: 'Remote Client Password', secret: true, required: true, pattern: /^[\x21-\x7e]{4,64}$/, invalid: 'Enter your Remote Client Password (no spaces).' },
      { key: 'host', label: 'Payment server (optional)', public: true, pattern: /^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, invalid: 'Enter the payment server host name, e.g. pay1.plugnpay.com.', placeholder: 'pay1.plugnpay.com' },
      { key: 'currency', label: 'Currency (optional)', public: true, pattern: /^[A-Za-z]{3}$/, invalid: 'Enter a three-letter currency code, e.g. USD.', placeholder: 'USD' },
    ],
    switches: [NO_SAVING_SWITCH],
  },
  fiserv: {
    intro: "Your Fiserv (IPG) REST API key and secret, and for its hosted payment page (Connect, where shoppers type their card when Live is on) the store id and shared secret. Test mode uses Fiserv's test environment.",
    fields: [
      { key: 'api_key', label: 'API key', secret: true, required: true, pattern: PRINTABLE, invalid: 'Enter the API key of your Fiserv developer app (no spaces).' },
      { key: 'api_secret', label: 'API secret', secret: true, required: true, pattern: PRINTABLE, invalid: 'Enter the API secret of your Fiserv developer app (no spaces).' },
      { key: 'store_id', label: 'Connect store id (needed live)', pattern: /^[0-9]{6,20}$/, invalid: 'Enter your Fiserv store id: 6 to 20 digits.' },
      { key: 'shared_secret', label: 'Connect shared secret (needed live)', secret: true, pattern: /^[\x21-\x7e]{4,128}$/, invalid: 'Enter the shared secret of your Fiserv store (no spaces).' },
    ],
    switches: [LIVE_SWITCH, NO_SAVING_SWITCH],
  },
};

/** A required secret that is neither typed nor stored. */
export const secretNeeded = (label: string) => `Enter the ${label} to take cards through this provider.`;
export const fieldNeeded = (label: string) => `Enter the ${label}.`;
export const ADYEN_KEY_MODE = 'This client key is for the other mode: use a test_ key with Live off, a live_ key with it on.';
export const ADYEN_LIVE_PREFIX_NEEDED = 'Enter the live endpoint prefix to take live payments through Adyen.';
/**
 * Plug'n Pay takes live cards on its hosted payment page (Smart Screens), which is not connected to the store yet:
 * it takes test orders (its demo account) only, and a live account is refused rather than offered half-working.
 */
export const HOSTED_PAGE_NOT_READY = "Live payments through Plug'n Pay's payment page are not available yet. Use its demo account (pnpdemo) for test orders, or another provider.";
/** Fiserv's live cards are typed on its Connect page, which needs the store id and shared secret. */
export const CONNECT_NEEDED = (label: string) => `Enter the ${label} to take live cards on Fiserv's payment page.`;

export const emptyProviderForm = (provider: OtherCardProvider): ProviderSettingsForm => Object.fromEntries([
  ...PROVIDER_SETTINGS[provider].fields.map((f) => [f.key, '']), ...PROVIDER_SETTINGS[provider].switches.map((s) => [s.key, false]),
]);

/** The problems of one provider's form, by field (`adyen.client_key`, ...); `stored` says which secrets are kept ('adyen.api_key'). */
export function providerSettingsProblems(provider: OtherCardProvider, form: ProviderSettingsForm, stored: Record<string, boolean>): Record<string, string> {
  const problems: Record<string, string> = {};
  const value = (key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');
  for (const field of PROVIDER_SETTINGS[provider].fields) {
    const typed = value(field.key);
    const key = `${provider}.${field.key}`;
    if (typed) {
      if (!field.pattern.test(typed)) problems[key] = field.invalid;
    } else if (field.required && !(field.secret && stored[key])) {
      problems[key] = field.secret ? secretNeeded(field.label) : fieldNeeded(field.label);
    }
  }
  const live = form.is_live === true;
  if (provider === 'adyen') {
    const clientKey = value('client_key');
    if (!problems['adyen.client_key'] && clientKey && clientKey.startsWith('live_') !== live) problems['adyen.client_key'] = ADYEN_KEY_MODE;
    if (live && !value('live_url_prefix') && !problems['adyen.live_url_prefix']) problems['adyen.live_url_prefix'] = ADYEN_LIVE_PREFIX_NEEDED;
  }
  if (provider === 'fiserv' && live) {
    if (!value('store_id') && !problems['fiserv.store_id']) problems['fiserv.store_id'] = CONNECT_NEEDED('Connect store id');
    if (!value('shared_secret') && !stored['fiserv.shared_secret'] && !problems['fiserv.shared_secret']) problems['fiserv.shared_secret'] = CONNECT_NEEDED('Connect shared secret');
  }
  if (provider === 'plugnpay' && value('username') && value('username') !== PLUGNPAY_DEMO_ACCOUNT && !problems['plugnpay.username']) problems['plugnpay.username'] = HOSTED_PAGE_NOT_READY;
  return problems;
}

// ---- Whether the chosen provider can take cards now (docs/PAYMENTS.md "A provider missing a credential")

/**
 * What each provider needs before shoppers are offered cards: the credentials its adapter refuses to work without
 * (services/payments *-registry.ts), and on live the public key its card form in the browser is made with (test mode
 * shows the provider's test cards instead). Labels as the owner's screen names them, in a sentence.
 */
export interface CardCredential { key: string; label: string; also?: string; liveOnly?: true }
export const CARD_CREDENTIALS: Record<ChoosablePaymentProvider, readonly CardCredential[]> = {
  stripe: [{ key: 'secret_key', label: 'secret key' }, { key: 'publishable_key', label: 'publishable key', liveOnly: true }],
  adyen: [
    { key: 'api_key', label: 'API key' }, { key: 'merchant_account', label: 'merchant account' },
    { key: 'live_url_prefix', label: 'live endpoint prefix', liveOnly: true },
    // Stored under the spec's name (origin_key), shown to the owner as client_key.
    { key: 'client_key', also: 'origin_key', label: 'client key', liveOnly: true },
  ],
  authorize_net: [{ key: 'login_id', label: 'API Login ID' }, { key: 'transaction_key', label: 'Transaction Key' }, { key: 'client_key', label: 'Public Client Key', liveOnly: true }],
  plugnpay: [{ key: 'username', label: 'gateway account' }, { key: 'password', label: 'Remote Client Password' }],
  fiserv: [{ key: 'api_key', label: 'API key' }, { key: 'api_secret', label: 'API secret' }],
};

export interface CardSetupMissing {
  /** The setting that is missing, as the owner's form names its field ('stripe.secret_key'). */
  field: string;
  /** For the owner: 'Cards are not offered to shoppers until the Stripe secret key is saved.' */
  message: string;
}

export const cardsNotOfferedUntil = (provider: ChoosablePaymentProvider, label: string) =>
  `Cards are not offered to shoppers until the ${CARD_PROVIDER_NAMES[provider]} ${label} is saved.`;

/**
 * The first setting the store's chosen card provider lacks, or null when it has all it needs (or takes no cards).
 * Takes the settings as stored with secrets opened (the server) or as the owner's view gives them, where a secret is
 * only `<key>_set: true`; secrets are never needed here but as present or not. One rule for the storefront's
 * payment-settings answer (cards_offered), checkout's pay-later rule through it, and the owner's setup warning.
 */
export function cardSetupMissing(settings: { payment_provider?: string | null } & Record<string, unknown> | null | undefined): CardSetupMissing | null {
  const provider = settings?.payment_provider;
  if (!provider || !(CHOOSABLE_PAYMENT_PROVIDERS as readonly string[]).includes(provider)) return null;
  const chosen = provider as ChoosablePaymentProvider;
  const section = (settings[chosen] && typeof settings[chosen] === 'object' ? settings[chosen] : {}) as Record<string, unknown>;
  const has = (key: string) => (typeof section[key] === 'string' && (section[key] as string).trim() !== '') || section[`${key}_set`] === true;
  const live = section.is_live === true || section.environment === 'live';
  const missing = CARD_CREDENTIALS[chosen].find((c) => (!c.liveOnly || live) && !has(c.key) && !(c.also && has(c.also)));
  return missing ? { field: `${chosen}.${missing.key}`, message: cardsNotOfferedUntil(chosen, missing.label) } : null;
}
