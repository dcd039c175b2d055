import { keptAdapter } from '../kept-adapters';
import { FiservProvider } from './fiserv-provider';

/** The store's Fiserv section of its payment settings, secrets already opened (registry.ts passes it). */
export interface FiservSettings {
  is_live?: boolean | null;
  /** The Connect store id (storename). */
  store_id?: string | null;
  /** Secret: the REST API key. */
  api_key?: string | null;
  /** Secret: the HMAC key of the REST requests' Message-Signature. */
  api_secret?: string | null;
  /** Secret: the Connect hosted page's hash key (hashExtended, notification_hash). */
  shared_secret?: string | null;
}


/**
 * The adapter for a store's Fiserv settings, or null when a credential it needs is missing (the registry then
 * throws its typed 'not configured' error). The API key and secret make every REST call; the Connect shared
 * secret and store id only verify callbacks, so they are passed when set and not required.
 */
export function fiservProviderFor(settings: FiservSettings | null | undefined, apiBase = process.env.FISERV_API_BASE): FiservProvider | null {
  const apiKey = settings?.api_key;
  const apiSecret = settings?.api_secret;
  if (!apiKey || !apiSecret) return null;
  const isLive = settings?.is_live === true;
  return keptAdapter('fiserv', [apiBase ?? '', isLive, apiKey, apiSecret, settings?.store_id ?? '', settings?.shared_secret ?? ''], () => new FiservProvider({
      apiKey, apiSecret, isLive,
      ...(apiBase ? { apiBase } : {}),
      ...(settings?.store_id ? { storeId: settings.store_id } : {}),
      ...(settings?.shared_secret ? { sharedSecret: settings.shared_secret } : {}),
  }));
}
