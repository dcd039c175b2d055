import { AppError } from '@platform/server-kit';
import { PayAtStoreProvider } from './pay-at-store-provider';
import type { PaymentProvider } from './provider';
import { createStripeClient, StripeProvider } from './stripe-provider';
import { keptAdapter } from './kept-adapters';
import { authorizeNetProviderFor, type AuthorizeNetSettings } from './authorize_net/authorize_net-registry';
import { fiservProviderFor, type FiservSettings } from './fiserv/fiserv-registry';
import { plugnpayProviderFor, type PlugnPaySettings } from './plugnpay/plugnpay-registry';
import { adyenProviderFor, type AdyenSettings } from './adyen/adyen-registry';

/** The card providers of the spec whose adapters are not built yet (PayPal is left out: the spec hides it). */
export const PROVIDERS_NOT_BUILT: readonly string[] = [];

/**
 * A store's payment settings as stored (tenant-settings, `payment`): the provider's name (null or
 * 'pay_at_store' = payment at the store) and each provider's section, secret fields included.
 */
export interface StorePaymentSettings {
  payment_provider?: string | null;
  stripe?: { secret_key?: string | null } | null;
  authorize_net?: AuthorizeNetSettings | null;
  fiserv?: FiservSettings | null;
  plugnpay?: PlugnPaySettings | null;
  adyen?: AdyenSettings | null;
}

export const CARD_PAYMENTS_NOT_AVAILABLE = 'Card payments are not available at this store right now. Please choose another way to pay.';

/**
 * The store names a provider that cannot take payments here: one whose adapter is not built, or Stripe
 * without a secret key. The message is for the shopper; `provider` and `reason` are for the logs.
 */
export class PaymentProviderNotConfiguredError extends AppError {
  constructor(readonly provider: string, readonly reason: 'adapter_not_built' | 'missing_secret_key' | 'unknown_provider') {
    super('unprocessable', CARD_PAYMENTS_NOT_AVAILABLE);
    this.name = 'PaymentProviderNotConfiguredError';
  }
}

const payAtStore = new PayAtStoreProvider();
const notConfigured = (provider: string): never => { throw new PaymentProviderNotConfiguredError(provider, 'missing_secret_key'); };

/** The adapter for a store's payment settings. apiBase overrides STRIPE_API_BASE (the scripts set it to stripe-mock). */
export function paymentProviderFor(settings: StorePaymentSettings | null | undefined, options: { stripeApiBase?: string } = {}): PaymentProvider {
  const name = settings?.payment_provider ?? null;
  if (name === null || name === '' || name === 'pay_at_store') return payAtStore;
  if (name === 'stripe') {
    const secretKey = settings?.stripe?.secret_key;
    if (!secretKey) throw new PaymentProviderNotConfiguredError('stripe', 'missing_secret_key');
    const apiBase = options.stripeApiBase ?? process.env.STRIPE_API_BASE;
    return keptAdapter('stripe', [apiBase ?? '', secretKey], () => new StripeProvider(createStripeClient(secretKey, apiBase)));
  }
  if (name === 'plugnpay') return plugnpayProviderFor(settings?.plugnpay) ?? notConfigured('plugnpay');
  if (name === 'fiserv') return fiservProviderFor(settings?.fiserv) ?? notConfigured('fiserv');
  if (name === 'adyen') return adyenProviderFor(settings?.adyen) ?? notConfigured('adyen');
  if (name === 'authorize_net') return authorizeNetProviderFor(settings?.authorize_net) ?? notConfigured('authorize_net');
  if ((PROVIDERS_NOT_BUILT as readonly string[]).includes(name)) throw new PaymentProviderNotConfiguredError(name, 'adapter_not_built');
  throw new PaymentProviderNotConfiguredError(name, 'unknown_provider');
}
