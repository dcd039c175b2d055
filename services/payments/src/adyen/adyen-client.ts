import http from 'node:http';
import { AppError } from '@platform/server-kit';
import type { Config } from '@adyen/api-library';
import type ClientInterface from '@adyen/api-library/lib/src/httpClient/clientInterface';
import type { IRequest } from '@adyen/api-library/lib/src/typings/requestOptions';

import { adyenSdk, type AdyenSdk } from './adyen-sdk';

type Client = InstanceType<AdyenSdk['Client']>;

/** The Checkout API version the SDK (@adyen/api-library 32.1.0) speaks: every endpoint is under /v72. */
export const ADYEN_CHECKOUT_VERSION = 'v72';

/** A store's Adyen credentials as the registry passes them (secrets already opened). */
export interface AdyenCredentials {
  /** The API credential's key (X-API-Key), secret. */
  apiKey: string;
  /** The merchant account payments are made on (not the company account). */
  merchantAccount: string;
  environment: 'test' | 'live';
  /** Live only: the account's live endpoint prefix (Customer Area › Developers › API URLs), `{prefix}-checkout-live.adyenpayments.com`. */
  liveUrlPrefix?: string;
}

export const CURRENCY_NOT_SUPPORTED = 'Card payments are not available in this currency.';

/** Adyen's minor units differ from cents for these (Adyen's "Currency codes" page): 0 or 3 decimals. */
const NOT_TWO_DECIMALS = new Set([
  'CVE', 'DJF', 'GNF', 'IDR', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF', // 0
  'BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND', // 3
]);

/**
 * The one place cents become Adyen's amount: `{currency: ISO 4217 upper case, value: minor units}`. For the
 * two-decimal currencies the platform sells in, minor units are cents; a currency Adyen counts in other units is
 * refused rather than charged 100 times too much or too little.
 */
export function adyenAmount(amountCents: number, currency: string): { currency: string; value: number } {
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || NOT_TWO_DECIMALS.has(code)) throw new AppError('invalid', CURRENCY_NOT_SUPPORTED);
  return { currency: code, value: amountCents };
}

/**
 * Where a request of the SDK goes when ADYEN_API_BASE (or the apiBase given) is set: the SDK builds Adyen's own
 * address (`https://checkout-test.adyen.com/v72/payments`, live `https://{prefix}-checkout-live.adyenpayments.com/checkout/v72/payments`);
 * its path from the version on is kept and put under the base (`http://127.0.0.1:4321/v72/payments`).
 */
export function rebaseEndpoint(endpoint: string, apiBase: string | undefined): string {
  if (!apiBase) return endpoint;
  const match = /^https:\/\/[^/]+(?:\/checkout)?(\/v\d+\/.*|\/v\d+)$/.exec(endpoint);
  if (!match) return endpoint;
  return `${apiBase.replace(/\/+$/, '')}${match[1]}`;
}

const TIMEOUT_MS = 20_000;

/** As the SDK's ApiException (not exported by its index): no HTTP answer at all, or no API key to send. */
export class ApiException extends Error {
  override readonly name = 'ApiException';
  constructor(message: string, readonly statusCode = 500) {
    super(message);
  }
}

/**
 * The SDK's transport with Adyen's address moved to the base: the SDK's own HttpURLConnectionClient for https
 * (Adyen itself, or an https stand-in), and for a plain-http base on this machine (the local fake) a request made
 * the same way (X-API-Key, JSON, Idempotency-Key, query parameters) answering the SDK's own exceptions, because the
 * SDK's client speaks https only.
 */
export class AdyenTransport implements ClientInterface {
  private readonly sdk = new (adyenSdk().HttpURLConnectionClient)();

  constructor(private readonly apiBase?: string) {}

  request(endpoint: string, json: string | Buffer, config: Config, isApiKeyRequired: boolean, requestOptions: IRequest.Options = {}): Promise<string> {
    const target = rebaseEndpoint(endpoint, this.apiBase);
    if (new URL(target).protocol === 'https:') return this.sdk.request(target, json, config, isApiKeyRequired, requestOptions);
    return plainRequest(target, json, config, requestOptions);
  }
}

function plainRequest(endpoint: string, json: string | Buffer, config: Config, options: IRequest.Options): Promise<string> {
  if (!config.apiKey) return Promise.reject(new ApiException('Invalid X-API-Key was used', 401));
  const url = new URL(endpoint);
  if (options.params) url.search = new URLSearchParams(options.params as Record<string, string>).toString();
  const headers: Record<string, string> = {
    'X-API-Key': config.apiKey, 'Content-Type': 'application/json', 'Accept-Charset': 'utf-8', 'Cache-Control': 'no-cache',
    'User-Agent': config.applicationName ?? 'platform-payments',
  };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'POST', headers, timeout: config.connectionTimeoutMillis ?? TIMEOUT_MS }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('error', (e) => reject(new ApiException(e.message)));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve(body);
        let apiError: { status?: number; errorCode?: string; message?: string } | undefined;
        try { apiError = JSON.parse(body) as typeof apiError; } catch { apiError = undefined; }
        reject(new (adyenSdk().HttpClientException)({
          message: `HTTP Exception: ${apiError?.status ?? status}. ${res.statusMessage ?? ''}`,
          statusCode: apiError?.status ?? status,
          errorCode: apiError?.errorCode,
          responseHeaders: res.headers,
          responseBody: body,
          ...(apiError && 'status' in apiError ? { apiError: apiError as never } : {}),
        }));
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => reject(new ApiException(e.message)));
    req.end(json);
  });
}

/**
 * The official SDK's client for a store's credentials, sent to ADYEN_API_BASE when it is set (the local fake in
 * tests), else to Adyen's test or live Checkout endpoint. Live needs the account's live URL prefix.
 */
export function createAdyenClient(credentials: AdyenCredentials, apiBase = process.env.ADYEN_API_BASE): Client {
  const live = credentials.environment === 'live';
  const { Client, EnvironmentEnum } = adyenSdk();
  const client = new Client({
    apiKey: credentials.apiKey,
    environment: live ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    ...(live && credentials.liveUrlPrefix ? { liveEndpointUrlPrefix: credentials.liveUrlPrefix } : {}),
    // With a base the live prefix only shapes the address that is rebased.
    ...(live && !credentials.liveUrlPrefix && apiBase ? { liveEndpointUrlPrefix: 'stand-in' } : {}),
    connectionTimeoutMillis: TIMEOUT_MS,
    applicationName: 'platform-payments',
  });
  client.httpClient = new AdyenTransport(apiBase);
  return client;
}
