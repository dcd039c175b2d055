/**
 * How a shopper enters a card at checkout, per card provider (spec 2 §2 Payment step, §3 Payment settings). The card
 * is typed only into the provider's own form and reaches the store as the provider's token (PCI SAQ A):
 * - `fields`: the provider's hosted fields inside the Payment step (Stripe Elements, Adyen's card component,
 *   Authorize.Net's Accept hosted form), loaded from the provider's own script origin;
 * - `page`: the provider's hosted payment page (Plug'n Pay, Fiserv): the shopper is sent there and comes back.
 * In test mode no script is loaded and no page is visited: the step offers the provider's test cards (PROVIDER_TEST_CARDS),
 * each standing for what the provider's form gives for that card.
 */

export const CARD_PROVIDERS = ['stripe', 'adyen', 'authorize_net', 'plugnpay', 'fiserv'] as const;
export type CardProvider = (typeof CARD_PROVIDERS)[number];

export const CARD_PROVIDER_NAMES: Record<CardProvider, string> = {
  stripe: 'Stripe', adyen: 'Adyen', authorize_net: 'Authorize.Net', plugnpay: "Plug'n Pay", fiserv: 'Fiserv',
};

export type CardEntry = 'fields' | 'page';
export const CARD_ENTRY: Record<CardProvider, CardEntry> = { stripe: 'fields', adyen: 'fields', authorize_net: 'fields', plugnpay: 'page', fiserv: 'page' };

/**
 * The payment_token that asks for a provider's hosted payment page (live): the order waits for the page's answer
 * (services/orders fiserv-connect.ts). Plug'n Pay's page (Smart Screens) is not connected: its live stores are not
 * offered cards.
 */
export const HOSTED_PAGE_TOKEN: Partial<Record<CardProvider, string>> = { fiserv: 'fiserv_connect' };

/** Plug'n Pay's demo account (its test mode): Plug'n Pay has no live switch, a store is in test mode on this account. */
export const PLUGNPAY_DEMO_ACCOUNT = 'pnpdemo';

export interface TestCard { token: string; label: string }

/** Adyen's documented unencrypted test form of its card component's fields (accepted by Adyen's test platform only). */
const adyenTestCard = (number: string, holderName?: string) => JSON.stringify({
  type: 'scheme', encryptedCardNumber: `test_${number}`, encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737',
  ...(holderName ? { holderName } : {}),
});

/**
 * The test cards each provider's test mode offers, as the token its form gives for them:
 * - Stripe: its documented test PaymentMethods (pm_card_…), accepted by Stripe's test mode and the local stand-in.
 * - Adyen: its documented test card numbers in the unencrypted `test_` form; 'DECLINED' as the holder name is its
 *   documented way to test a refusal; 4917 6100 0000 0000 asks for 3-D Secure.
 * - Authorize.Net: Accept nonces standing for its testing guide's cards (one typed with the guide's card code 901
 *   and billing ZIP 46205: held, but the bank's CVV and AVS answers are N, so the order's fraud checks fail).
 *   Authorize.Net mints a nonce only from card data sent to it, so these are the local stand-in's
 *   (authorize_net-fake.ts), not the sandbox's.
 * - Plug'n Pay: the local stand-in's tokens (plugnpay-fake.ts; Plug'n Pay documents card numbers only).
 * - Fiserv: Fiserv's own example payment tokens, which the local stand-in knows as its test cards (fiserv-fake.ts).
 */
export const PROVIDER_TEST_CARDS: Record<CardProvider, readonly TestCard[]> = {
  stripe: [
    { token: 'pm_card_visa', label: 'Visa ending 4242 (approved)' },
    { token: 'pm_card_mastercard', label: 'Mastercard ending 4444 (approved)' },
    { token: 'pm_card_chargeDeclined', label: 'Visa ending 0002 (declined)' },
    { token: 'pm_card_threeDSecure2Required', label: 'Visa ending 3220 (asks the bank to confirm)' },
  ],
  adyen: [
    { token: adyenTestCard('4111111111111111'), label: 'Visa ending 1111 (approved)' },
    { token: adyenTestCard('5555341244441115'), label: 'Mastercard ending 1115 (approved)' },
    { token: adyenTestCard('4111111111111111', 'DECLINED'), label: 'Visa ending 1111, holder DECLINED (declined)' },
    { token: adyenTestCard('4917610000000000'), label: 'Visa ending 0000 (asks the bank to confirm)' },
  ],
  authorize_net: [
    { token: 'AcceptTestNonceVisa4111AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', label: 'Visa ending 1111 (approved)' },
    { token: 'AcceptTestNonceMastercard0015AAAAAAAAAAAAAAAAAAAAAAAAAAAA', label: 'Mastercard ending 0015 (approved)' },
    { token: 'AcceptTestNonceDeclined4222AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', label: 'Visa ending 2222 (declined)' },
    { token: 'AcceptTestNonceVisa4111Cvv901Zip46205AAAAAAAAAAAAAAAAAAAA', label: 'Visa ending 1111, card code and ZIP not matching (approved)' },
  ],
  plugnpay: [
    { token: 'pnp_tok_visa', label: 'Visa ending 1111 (approved)' },
    { token: 'pnp_tok_mastercard', label: 'Mastercard ending 5454 (approved)' },
    { token: 'pnp_tok_declined', label: 'Visa (declined)' },
    { token: 'pnp_tok_insufficient', label: 'Visa (insufficient funds)' },
  ],
  fiserv: [
    { token: '1235325235236', label: 'Visa ending 0083 (approved)' },
    { token: '1751905117310026', label: 'Mastercard ending 0028 (approved)' },
  ],
};

/**
 * Where each provider's browser script comes from, for live stores whose card is typed into the provider's fields:
 * the page's policy lets in the chosen provider's origins alone (services/gateway static.ts). Test mode loads
 * nothing from the provider; hosted payment page providers (Plug'n Pay, Fiserv) load no script.
 */
export const CARD_SCRIPT_ORIGINS: Record<CardProvider, { scripts: string[]; connect: string[]; forms: string[] }> = {
  stripe: { scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'], connect: ['https://api.stripe.com'], forms: [] },
  adyen: { scripts: ['https://checkoutshopper-live.adyen.com'], connect: ['https://checkoutshopper-live.adyen.com'], forms: [] },
  authorize_net: { scripts: ['https://js.authorize.net'], connect: ['https://js.authorize.net'], forms: [] },
  plugnpay: { scripts: [], connect: [], forms: [] },
  // Connect's live page, where the Payment step posts the signed form (no script).
  fiserv: { scripts: [], connect: [], forms: ['https://www.ipg-online.com'] },
};

/** What a store's pages let in for its card form: the live provider's script origins (its fields) or page origin (a form posted to it), else nothing. */
export function cardScriptOriginsOf(settings: PublicPaymentSettings | null | undefined): { scriptOrigins: string[]; connectOrigins: string[]; formOrigins: string[] } | undefined {
  const form = cardFormOf(settings);
  if (!form || form.testMode || !form.offered) return undefined;
  const origins = CARD_SCRIPT_ORIGINS[form.provider];
  return { scriptOrigins: origins.scripts, connectOrigins: origins.connect, formOrigins: origins.forms };
}

/** Adyen's card component (Adyen Web), loaded from Adyen for live stores. */
export const ADYEN_WEB_VERSION = '5.68.0';
export const ADYEN_WEB_SCRIPT = `https://checkoutshopper-live.adyen.com/checkoutshopper/sdk/${ADYEN_WEB_VERSION}/adyen.js`;
/** Authorize.Net's hosted payment information form (Accept UI, the SAQ A form of Accept.js). */
export const ACCEPT_UI_SCRIPT = 'https://js.authorize.net/v3/AcceptUI.js';

/** The store's payment settings as the storefront reads them (GET payment-settings): each provider's public fields. */
export interface PublicPaymentSettings {
  payment_provider: CardProvider | null;
  /** False where the server says shoppers are offered no cards (the provider lacks a setting: cardSetupMissing). */
  cards_offered?: boolean;
  stripe?: { publishable_key: string; is_live: boolean; disable_save_card?: boolean };
  adyen?: { origin_key: string; environment: string; disable_save_card?: boolean };
  authorize_net?: { is_live: boolean; login_id: string; client_key: string; disable_save_card?: boolean };
  plugnpay?: { host: string; username: string; currency: string; disable_save_card?: boolean };
  fiserv?: { is_live: boolean; disable_save_card?: boolean };
}

/**
 * Said beside the shopper's saved cards while the store offers no cards (cards_offered false, or no card provider):
 * they are kept and may be removed, but none is offered for payment (My Account, a recurring order's payment).
 */
export const SAVED_CARDS_NOT_OFFERED = 'This store does not take cards online right now, so your saved cards cannot be used to pay. You can still remove them.';
export const RECURRING_CARD_NOT_OFFERED = 'This store does not take cards online right now, so another saved card cannot be chosen.';

/** The card form the Payment step shows for a store. */
export interface CardFormChoice {
  provider: CardProvider;
  name: string;
  entry: CardEntry;
  /** Test mode: the provider's test cards stand for its form (no script, no page). */
  testMode: boolean;
  /** The public key the provider's form is made with ('' when it needs none). */
  publicKey: string;
  /** Authorize.Net's API login id, which its hosted form needs beside the client key. */
  loginId: string;
  saveCards: boolean;
  /**
   * Whether the Payment step offers cards: test mode, the provider's fields, or a hosted page it can send the shopper
   * to; never where the server says the provider lacks a setting (cards_offered false).
   */
  offered: boolean;
}

/** Whether a store's provider is in test mode: no money moves, its test cards stand for the card form. */
export function isTestMode(settings: PublicPaymentSettings, provider: CardProvider): boolean {
  switch (provider) {
    case 'stripe': return !settings.stripe?.is_live;
    case 'adyen': return settings.adyen?.environment !== 'live';
    case 'authorize_net': return !settings.authorize_net?.is_live;
    case 'plugnpay': return !settings.plugnpay?.username || settings.plugnpay.username === PLUGNPAY_DEMO_ACCOUNT;
    case 'fiserv': return !settings.fiserv?.is_live;
  }
}

/** The card form of a store's settings, or null where it takes no cards (payment at the store). */
export function cardFormOf(settings: PublicPaymentSettings | null | undefined): CardFormChoice | null {
  const provider = settings?.payment_provider;
  if (!settings || !provider || !(CARD_PROVIDERS as readonly string[]).includes(provider)) return null;
  const section = settings[provider] as { disable_save_card?: boolean } | undefined;
  if (!section) return null;
  const publicKey = provider === 'stripe' ? settings.stripe!.publishable_key
    : provider === 'adyen' ? settings.adyen!.origin_key
      : provider === 'authorize_net' ? settings.authorize_net!.client_key : '';
  const testMode = isTestMode(settings, provider);
  const entry = CARD_ENTRY[provider];
  // A card paid on a hosted page gives no reusable token (Fiserv Connect): it cannot be saved there.
  const hostedLive = entry === 'page' && !testMode;
  return {
    provider, name: CARD_PROVIDER_NAMES[provider], entry, testMode, publicKey,
    loginId: settings.authorize_net?.login_id ?? '', saveCards: !section.disable_save_card && !hostedLive,
    offered: settings.cards_offered !== false && (testMode || entry === 'fields' || Boolean(HOSTED_PAGE_TOKEN[provider])),
  };
}

/**
 * Whether a value could be a card number (12 to 19 digits, spaces or dashes allowed, passing the Luhn check): never
 * sent to a provider nor kept. Providers' own tokens may be digit strings (Fiserv's fail the Luhn check on purpose).
 */
export function looksLikeCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}
