import { CARD_PAYMENTS_NOT_AVAILABLE, fiservConnectHash, type StorePaymentSettings } from '@platform/payments';
import { AppError } from '@platform/server-kit';

/**
 * Fiserv Connect, the hosted payment page: the form the shopper's browser posts to it, signed with the store's
 * shared secret (hashExtended over every field). Used by POST get-fiserv-hash (the form for the cart) and by
 * checkout for an order waiting for Connect (submit with payment_token `fiserv_connect`), whose form names the order
 * (`oid`) and sends Connect's answers to our return and notification routes.
 */

export const NOT_ON_FISERV = 'This store does not take card payments through Fiserv.';
/** submit's payment_token on a store on Fiserv: the shopper pays on Connect's own page, the order waits for its answer. */
export const FISERV_CONNECT_TOKEN = 'fiserv_connect';

/** Where the shopper's own report of a problem is logged (never a secret). */
export type Warn = (details: Record<string, unknown>, message: string) => void;

/** Fiserv Connect's hosted payment page, test and live (FISERV_CONNECT_URL overrides both). */
export const FISERV_CONNECT_TEST_URL = 'https://test.ipg-online.com/connect/gateway/processing';
export const FISERV_CONNECT_LIVE_URL = 'https://www.ipg-online.com/connect/gateway/processing';
/** The store's time zone for Connect's txndatetime when its Fiserv settings name none. */
export const FISERV_DEFAULT_TIMEZONE = 'America/New_York';
/** ISO 4217 numeric code of the US dollar, as Connect takes the currency. */
const USD_NUMERIC = '840';

/** A time zone the runtime knows (Area/Location), else null. */
function knownTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z_]+\/[A-Za-z_+\-/]+$/.test(value)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

/** Connect's txndatetime: YYYY:MM:DD-hh:mm:ss (24 h) in the time zone sent beside it. */
export function connectDateTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}:${parts.month}:${parts.day}-${parts.hour}:${parts.minute}:${parts.second}`;
}

export interface FiservConnectForm {
  action_url: string;
  hash: string;
  txndatetime: string;
  storename: string;
  chargetotal: string;
  currency: string;
  /** Every field the form posts to action_url, hashExtended included; a field added or changed breaks the hash. */
  fields: Record<string, string>;
}

/** A store's Connect settings, its shared secret opened. */
export interface ConnectSettings { storename: string; secret: string; timezone: string; live: boolean }

/**
 * The store's Connect settings: 422 'not on Fiserv' for a store on another provider, 422 'not available' (logged)
 * without a Connect store id or a shared secret.
 */
export function connectSettings(stored: StorePaymentSettings, warn: Warn): ConnectSettings {
  if (stored.payment_provider !== 'fiserv') throw new AppError('unprocessable', NOT_ON_FISERV);
  const fiserv = (stored.fiserv ?? {}) as { store_id?: unknown; shared_secret?: unknown; is_live?: unknown; timezone?: unknown };
  const storename = typeof fiserv.store_id === 'string' ? fiserv.store_id.trim() : '';
  const secret = typeof fiserv.shared_secret === 'string' ? fiserv.shared_secret : '';
  if (!storename || !secret) {
    warn({ provider: 'fiserv', reason: storename ? 'missing_shared_secret' : 'missing_store_id' }, 'Fiserv Connect is not configured');
    throw new AppError('unprocessable', CARD_PAYMENTS_NOT_AVAILABLE);
  }
  const live = fiserv.is_live === true || fiserv.is_live === 1 || fiserv.is_live === '1' || fiserv.is_live === 'true';
  return { storename, secret, timezone: knownTimeZone(fiserv.timezone) ?? FISERV_DEFAULT_TIMEZONE, live };
}

/**
 * Connect's form, signed: a preauthorization (txntype preauth: the store captures when the order is placed) of
 * `chargetotal` in US dollars, the store's Connect store id and time zone, the time, the combined page and the
 * language from the shopper's locale. For an order waiting for Connect (`orderId`), Connect's `oid` is the order's
 * id and its answers come to us: the shopper's browser to POST api/payments/fiserv/return, Fiserv's notification to
 * POST api/payments/webhook/fiserv; without one (get-fiserv-hash), the browser comes back to the cart page.
 */
export function connectForm(connect: ConnectSettings, input: { chargetotal: string; locale: string; origin: string; orderId?: string }, now = new Date()): FiservConnectForm {
  const { origin, orderId } = input;
  const returns: Record<string, string> = orderId
    ? { responseSuccessURL: `${origin}/api/payments/fiserv/return`, responseFailURL: `${origin}/api/payments/fiserv/return`, transactionNotificationURL: `${origin}/api/payments/webhook/fiserv`, oid: orderId }
    : { responseSuccessURL: `${origin}/cart?fiserv=success`, responseFailURL: `${origin}/cart?fiserv=fail` };
  const fields: Record<string, string> = {
    txntype: 'preauth',
    timezone: connect.timezone,
    txndatetime: connectDateTime(now, connect.timezone),
    hash_algorithm: 'HMACSHA256',
    storename: connect.storename,
    chargetotal: input.chargetotal,
    currency: USD_NUMERIC,
    checkoutoption: 'combinedpage',
    ...returns,
    // Connect's languages are language_REGION (en_US); a language alone leaves Connect's default.
    ...(input.locale.includes('-') ? { language: input.locale.replace('-', '_') } : {}),
  };
  const hash = fiservConnectHash(fields, connect.secret);
  return {
    action_url: process.env.FISERV_CONNECT_URL || (connect.live ? FISERV_CONNECT_LIVE_URL : FISERV_CONNECT_TEST_URL),
    hash, txndatetime: fields.txndatetime, storename: connect.storename, chargetotal: fields.chargetotal, currency: USD_NUMERIC,
    fields: { ...fields, hashExtended: hash },
  };
}

/** What Connect's signed answer for this form carries (PaymentEvent.binding of the Fiserv adapter). */
export const connectBinding = (form: FiservConnectForm): string => `${form.txndatetime}|${form.chargetotal}`;
