import { keptAdapter } from '../kept-adapters';
import { AuthorizeNetProvider } from './authorize_net-provider';

/** The store's Authorize.Net section of its payment settings, secrets already opened (registry.ts passes it). */
export interface AuthorizeNetSettings {
  /** The API Login ID. */
  login_id?: string | null;
  /** Secret: the Transaction Key. */
  transaction_key?: string | null;
  /** Public, for the browser's Accept.js: the Public Client Key. */
  client_key?: string | null;
  /** Secret: the Signature Key the store's webhooks are signed with (passed to verifyCallback by its caller). */
  signature_key?: string | null;
  /** Production (true) or the sandbox (false, the default). */
  is_live?: boolean | null;
}


/**
 * The adapter for a store's Authorize.Net settings, or null when the login ID or transaction key is missing (the
 * registry then throws its typed 'not configured' error). AUTHORIZE_NET_API_BASE (or apiBase) sends the requests
 * elsewhere (the tests' fake); without it, the sandbox or production endpoint by is_live.
 */
export function authorizeNetProviderFor(settings: AuthorizeNetSettings | null | undefined, apiBase = process.env.AUTHORIZE_NET_API_BASE): AuthorizeNetProvider | null {
  const loginId = settings?.login_id?.trim();
  const transactionKey = settings?.transaction_key?.trim();
  if (!loginId || !transactionKey) return null;
  const isLive = settings?.is_live === true;
  return keptAdapter('authorize_net', [apiBase ?? '', isLive, loginId, transactionKey], () => new AuthorizeNetProvider({ loginId, transactionKey, isLive, ...(apiBase ? { apiBase } : {}) }));
}
