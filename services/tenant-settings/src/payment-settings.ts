import { PAYMENT_PROVIDERS, type PaymentSettings } from '@platform/contracts';
import { cardSetupMissing, largeFirstOrderCents, takesCardsOnline } from '@platform/domain';
import { openSecret, type RequestContext } from '@platform/server-kit';
import { fromStoreProfile, storeProfile } from './service';

type Plain = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const flag = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** The public fields of each provider: what a browser needs to tokenize a card. Anything else stored stays on the server. */
const PUBLIC_FIELDS: { [P in (typeof PAYMENT_PROVIDERS)[number]]: (stored: Plain) => NonNullable<PaymentSettings[P]> } = {
  stripe: (s) => ({ publishable_key: text(s.publishable_key), is_live: flag(s.is_live), account_id: text(s.account_id), disable_save_card: flag(s.disable_save_card) }),
  adyen: (s) => ({ origin_key: text(s.origin_key) || text(s.client_key), environment: text(s.environment) || 'test', disable_save_card: flag(s.disable_save_card) }),
  plugnpay: (s) => ({ host: text(s.host), username: text(s.username), currency: text(s.currency) || 'USD', disable_save_card: flag(s.disable_save_card) }),
  authorize_net: (s) => ({ is_live: flag(s.is_live), login_id: text(s.login_id), client_key: text(s.client_key), show_biling_address: flag(s.show_biling_address), disable_save_card: flag(s.disable_save_card) }),
  fiserv: (s) => ({ is_live: flag(s.is_live), disable_save_card: flag(s.disable_save_card) }),
};

/**
 * GET payment-settings: the store's card provider with its public keys, or no provider (payment in store), and
 * whether shoppers are offered cards now: not where the provider lacks a setting (cardSetupMissing, checked here
 * on the server with the secrets opened; only the yes/no is answered).
 */
export async function getPaymentSettings(ctx: RequestContext): Promise<PaymentSettings> {
  // Every checkout asks (twice for a card): worked out once per cached profile, secrets opened once.
  return { ...(await fromStoreProfile(ctx, 'payment-settings', (doc) => publicPaymentSettings(((doc as { payment?: Plain } | null)?.payment ?? {}) as Plain))) };
}

function publicPaymentSettings(stored: Plain): PaymentSettings {
  const provider = PAYMENT_PROVIDERS.find((p) => p === stored.payment_provider) ?? null;
  const base = { payment_provider: provider, payment_preparable: flag(stored.payment_preparable), payment_charge_account: flag(stored.payment_charge_account) };
  if (!provider) return { ...base, cards_offered: false };
  const view = { ...base, [provider]: PUBLIC_FIELDS[provider]((stored[provider] ?? {}) as Plain) } as PaymentSettings;
  const ready = cardsReady(provider, stored[provider]);
  return { ...view, cards_offered: ready && takesCardsOnline(view) };
}

/** Whether the provider has what it needs; without SECRETS_KEY (production) no secret opens, so no card can be taken. */
function cardsReady(provider: string, section: unknown): boolean {
  try {
    return !cardSetupMissing({ payment_provider: provider, [provider]: openSection(section) });
  } catch {
    return false;
  }
}

/** A provider's section with its secrets opened (one stored in the clear, or sealed with another key, is null: not used). */
const openSection = (section: unknown) => (section && typeof section === 'object' && !Array.isArray(section)
  ? Object.fromEntries(Object.entries(section as Plain).map(([field, value]) => [field, SECRET_FIELDS.has(field) ? openSecret(value) : value]))
  : section);

/**
 * The store's payment settings as stored, secret keys included: for the payment adapter on the server only
 * (checkout, refunds). Never answered by a route.
 */
export async function storedPaymentSettings(ctx: RequestContext): Promise<Plain & { payment_provider?: string | null }> {
  // Opened once per cached profile (a card order reads them up to three times); a fresh top-level copy, sections shared.
  return { ...(await fromStoreProfile(ctx, 'payment-opened', (doc) => {
    const stored = ((doc as { payment?: Plain } | null)?.payment ?? {}) as Plain;
    // Secrets are stored sealed (AES-256-GCM, server-kit secrets.ts); one stored in the clear is not used.
    return Object.fromEntries(Object.entries(stored).map(([name, section]) => [name, openSection(section)])) as Plain & { payment_provider?: string | null };
  })) };
}

/** The store's large first order threshold for the fraud checks (docs/FRAUD-CHECKS.md): its own, else $500.00. */
export async function largeFirstOrderSetting(ctx: RequestContext): Promise<number> {
  const stored = (((await storeProfile(ctx)) as { payment?: Plain } | null)?.payment ?? {}) as Plain;
  return largeFirstOrderCents(stored.large_first_order_cents);
}

/** The fields of a provider's settings that are secrets: sealed in the database, never answered. */
export const SECRET_FIELDS = new Set(['secret_key', 'webhook_secret', 'transaction_key', 'api_key', 'password', 'hmac_key', 'signature_key', 'shared_secret', 'api_secret']);

/** GET business/site-settings/{businessId}: the store's key / value_string pairs; null for another business id. */
export async function getSiteSettings(ctx: RequestContext, businessId: number): Promise<{ key: string; value_string: string }[] | null> {
  if (businessId !== ctx.tenant.businessId) return null;
  const stored = ((await storeProfile(ctx)) as { siteSettings?: { key: string; value_string?: string }[] } | null)?.siteSettings ?? [];
  return stored.filter((s) => s?.key).map((s) => ({ key: s.key, value_string: s.value_string ?? '' }));
}
