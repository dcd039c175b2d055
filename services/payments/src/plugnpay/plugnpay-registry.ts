import { keptAdapter } from '../kept-adapters';
import { PlugnPayProvider } from './plugnpay-provider';

/** The store's Plug'n Pay section as stored: host and username public, password (the Remote Client Password) secret, opened. */
export interface PlugnPaySettings {
  host?: string | null;
  username?: string | null;
  password?: string | null;
  currency?: string | null;
}


/**
 * The Plug'n Pay adapter for a store's settings; PLUGNPAY_API_BASE (or apiBase) points it elsewhere (the fake
 * in tests). Without a publisher name or Remote Client Password the store cannot take Plug'n Pay payments.
 */
export function plugnpayProviderFor(settings: PlugnPaySettings | null | undefined, apiBase = process.env.PLUGNPAY_API_BASE): PlugnPayProvider | null {
  const username = settings?.username?.trim();
  const password = settings?.password;
  if (!username || !password) return null; // the registry throws its typed 'not configured' error
  const host = settings?.host?.trim() || null;
  const currency = settings?.currency?.trim() || null;
  return keptAdapter('plugnpay', [apiBase ?? '', host, username, password, currency], () => new PlugnPayProvider({ username, password, host, currency, apiBase: apiBase ?? null }));
}
