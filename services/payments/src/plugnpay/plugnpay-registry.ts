import { PaymentProviderNotConfiguredError } from '../registry';
import { PlugnPayProvider } from './plugnpay-provider';

/** The store's Plug'n Pay section as stored: host and username public, password (the Remote Client Password) secret, opened. */
export interface PlugnPaySettings {
  host?: string | null;
  username?: string | null;
  password?: string | null;
  currency?: string | null;
}

/** One adapter per account and endpoint (its settings are read per order; the adapter holds no connections of its own). */
const providers = new Map<string, PlugnPayProvider>();

/**
 * The Plug'n Pay adapter for a store's settings; PLUGNPAY_API_BASE (or apiBase) points it elsewhere (the fake
 * in tests). Without a publisher name or Remote Client Password the store cannot take Plug'n Pay payments.
 */
export function plugnpayProviderFor(settings: PlugnPaySettings | null | undefined, apiBase = process.env.PLUGNPAY_API_BASE): PlugnPayProvider {
  const username = settings?.username?.trim();
  const password = settings?.password;
  if (!username || !password) throw new PaymentProviderNotConfiguredError('plugnpay', 'missing_secret_key');
  const host = settings?.host?.trim() || null;
  const currency = settings?.currency?.trim() || null;
  const key = JSON.stringify([apiBase ?? '', host, username, password, currency]);
  let provider = providers.get(key);
  if (!provider) {
    if (providers.size >= 1000) providers.clear();
    provider = new PlugnPayProvider({ username, password, host, currency, apiBase: apiBase ?? null });
    providers.set(key, provider);
  }
  return provider;
}
