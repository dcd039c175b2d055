import { keptAdapter } from '../kept-adapters';
import { AdyenProvider } from './adyen-provider';

/** The store's Adyen section of its payment settings, secrets already opened (registry.ts passes it). */
export interface AdyenSettings {
  /** Secret: the API credential's key (X-API-Key). */
  api_key?: string | null;
  /** The merchant account the store's payments are made on. */
  merchant_account?: string | null;
  /** 'test' (Adyen's test platform) or 'live'; anything else is test. */
  environment?: string | null;
  /** Public, for the browser's Drop-in: the client key (origin_key is its older name). */
  origin_key?: string | null;
  client_key?: string | null;
  /** Secret: the HMAC key (hex) the store's webhook notifications are signed with. */
  hmac_key?: string | null;
  /** Live only: the account's live endpoint prefix ({prefix}-checkout-live.adyenpayments.com). */
  live_url_prefix?: string | null;
}


/**
 * The adapter for a store's Adyen settings, or null when a credential it needs is missing (the registry then throws
 * its typed 'not configured' error): the API key and merchant account always, and on live the endpoint prefix
 * unless ADYEN_API_BASE (or apiBase) sends the requests elsewhere. The HMAC key only verifies webhooks and is
 * passed to verifyCallback by its caller; the client key is the browser's.
 */
export function adyenProviderFor(settings: AdyenSettings | null | undefined, apiBase = process.env.ADYEN_API_BASE): AdyenProvider | null {
  const apiKey = settings?.api_key?.trim();
  const merchantAccount = settings?.merchant_account?.trim();
  if (!apiKey || !merchantAccount) return null;
  const environment = settings?.environment === 'live' ? 'live' : 'test';
  const liveUrlPrefix = settings?.live_url_prefix?.trim() || undefined;
  if (environment === 'live' && !liveUrlPrefix && !apiBase) return null;
  return keptAdapter('adyen', [apiBase ?? '', environment, apiKey, merchantAccount, liveUrlPrefix ?? ''],
    () => new AdyenProvider({ apiKey, merchantAccount, environment, ...(liveUrlPrefix ? { liveUrlPrefix } : {}) }, apiBase));
}
