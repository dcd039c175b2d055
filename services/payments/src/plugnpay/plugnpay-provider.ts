import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '@platform/server-kit';
import { cardChecksFromLetters, last4Of } from '../card-checks';
import {
  assertCents, type Authorization, type AuthorizeOptions, type CallbackHeaders, type CallOptions, type CardChecks, type PaymentEvent,
  type PaymentProvider, type SavedCard,
} from '../provider';
import { CALLBACK_NOT_VERIFIED, CARD_NOT_FOUND, CARD_NOT_SAVED, REFUND_FAILED } from '../stripe-provider';
import { NOT_PROCESSED } from '../stripe-errors';
import {
  finalStatus, fromPnpAmount, isDecline, parseAnswer, shopperMessage, succeeded, toAppError, toPnpAmount, unreachable, unreadable,
  type PnpAnswer,
} from './plugnpay-errors';

/** Plug'n Pay's payment server when the store's settings name no host of their own. */
export const DEFAULT_PLUGNPAY_HOST = 'pay1.plugnpay.com';
/** The Remote Client API's one script: every mode (auth, mark, void, return, query_trans, *_member) is a POST to it. */
export const PNP_REMOTE_PATH = '/payment/pnpremote.cgi';

export interface PlugnPayConfig {
  /** The publisher name (gateway account username). */
  username: string;
  /** The Remote Client Password (not the login password). */
  password: string;
  /** The account's payment server host (the store's public setting); pay1.plugnpay.com without one. */
  host?: string | null;
  /** The store's currency, used when a call names none. */
  currency?: string | null;
  /** Overrides the endpoint (PLUGNPAY_API_BASE: the local fake in tests), e.g. http://127.0.0.1:4321. */
  apiBase?: string | null;
  /** Milliseconds before a request counts as unanswered. */
  timeoutMs?: number;
}

/** The endpoint: PLUGNPAY_API_BASE (or the apiBase given) when set, else https://{host}/payment/pnpremote.cgi. */
export function plugnpayEndpoint(config: Pick<PlugnPayConfig, 'host' | 'apiBase'>, env = process.env.PLUGNPAY_API_BASE): string {
  const base = config.apiBase || env || `https://${config.host || DEFAULT_PLUGNPAY_HOST}`;
  return new URL(PNP_REMOTE_PATH, base.endsWith('/') ? base : `${base}/`).toString();
}

/**
 * A card token from Plug'n Pay's hosted payment fields (its tokenization result), or a saved card's source
 * (`member:<username>`, see saveCard). Never anything that could be a card number: a run of 12 or more digits
 * anywhere is refused before any call.
 */
const TOKEN = /^[A-Za-z][A-Za-z0-9_-]{7,127}$/;
const MEMBER_SOURCE = /^member:([a-z0-9]{12})$/;
const CUSTOMER_REF = /^pnpcus_[a-f0-9]{12}$/;
const CARD_NUMBER_LIKE = /\d{12,}/;

export function isCardToken(token: string): boolean {
  return TOKEN.test(token) && !CARD_NUMBER_LIKE.test(token);
}

/**
 * Plug'n Pay's idempotency is the orderID: a transaction submitted again with an orderID it already has is not
 * run again; the answer comes back with `Duplicate=yes` and the first transaction's values. So the orderID of
 * an authorization is derived from the idempotency key (and the account): the same key always names the same
 * Plug'n Pay order. 20 digits at most, as the spec allows.
 */
export function orderIdFor(username: string, idempotencyKey: string): string {
  const digest = createHash('sha256').update(`${username}\u0000${idempotencyKey}`).digest();
  // 8 bytes → an unsigned 64-bit number: at most 20 decimal digits; a leading 1 keeps it 20 long and non-zero.
  return `1${(digest.readBigUInt64BE(0) % 10n ** 19n).toString().padStart(19, '0')}`;
}

/**
 * The Smart Screens v2 response verification hash, as Plug'n Pay's own WooCommerce module checks it:
 * MD5 of the account's response-hash key followed by the selected fields' values, the fields taken in
 * alphabetical (byte) order of their names. We select all five the gateway offers: FinalStatus, card-amount
 * (two decimals), currency (upper case), orderID and publisher-name, posted as pi_response_status,
 * pt_transaction_amount, pt_currency, pt_order_id and pt_gateway_account; the hash as pt_transaction_response_hash.
 */
export const CALLBACK_FIELDS: ReadonlyArray<readonly [string, string]> = [
  ['FinalStatus', 'pi_response_status'],
  ['card-amount', 'pt_transaction_amount'],
  ['currency', 'pt_currency'],
  ['orderID', 'pt_order_id'],
  ['publisher-name', 'pt_gateway_account'],
];

export function callbackHash(key: string, posted: Record<string, string | undefined>): string {
  const fields = [...CALLBACK_FIELDS].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const values = fields.map(([name, postKey]) => {
    const value = posted[postKey] ?? '';
    if (name === 'card-amount') {
      const cents = fromPnpAmount(value);
      return Number.isNaN(cents) ? value : toPnpAmount(cents);
    }
    return name === 'currency' ? value.trim().toUpperCase() : value;
  });
  return createHash('md5').update(key + values.join('')).digest('hex');
}

const BRANDS: Record<string, string> = {
  visa: 'Visa', vi: 'Visa', mastercard: 'Mastercard', mstr: 'Mastercard', mc: 'Mastercard', amex: 'American Express',
  ax: 'American Express', discover: 'Discover', dscr: 'Discover', ds: 'Discover', diners: 'Diners Club', dc: 'Diners Club', jcb: 'JCB',
};

/**
 * The card's checks from an auth answer (docs/FRAUD-CHECKS.md): `avs-code` and `cvvresp` are the networks' letters
 * (card-checks.ts), `card-type` the brand, a masked `card-number` (when the answer echoes one) the last 4. Plug'n
 * Pay gives no fingerprint and no risk level; its fraud screen declines (P50) instead.
 */
export function pnpCardChecks(answer: PnpAnswer): CardChecks {
  const type = (answer['card-type'] ?? '').toLowerCase();
  return cardChecksFromLetters({
    avs: answer['avs-code'], cvv: answer.cvvresp, brand: BRANDS[type] ?? (type ? type[0].toUpperCase() + type.slice(1) : null), last4: last4Of(answer['card-number']),
  });
}

/** A stored member read as a saved card: only what may be shown (brand, last 4, expiry). */
function savedCardOf(member: PnpAnswer, customerRef: string): SavedCard {
  const last4 = /(\d{4})\s*$/.exec(member['card-number'] ?? '')?.[1];
  const exp = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec((member['card-exp'] ?? '').trim());
  const type = (member['card-type'] ?? '').toLowerCase();
  if (!member.username || !last4 || !exp) throw new AppError('unprocessable', CARD_NOT_SAVED);
  const year = Number(exp[2]);
  return {
    source: `member:${member.username}`, brand: BRANDS[type] ?? (type ? type[0].toUpperCase() + type.slice(1) : 'Card'), last4,
    exp_month: Number(exp[1]), exp_year: year < 100 ? 2000 + year : year, customerRef,
  };
}

/** The records of a query / list answer: a00001, a00002, …, each a URL-encoded record of its own. */
function records(answer: PnpAnswer): PnpAnswer[] {
  return Object.keys(answer).filter((k) => /^a\d{5}$/.test(k)).sort().map((k) => parseAnswer(answer[k]));
}

function header(headers: CallbackHeaders, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Plug'n Pay through its Remote Client API (pnpremote.cgi, form-encoded POSTs answered with URL-encoded
 * name/value pairs; there is no official Node SDK). An authorization is `mode=auth` with `authtype=authonly`
 * and the shopper's Plug'n Pay token; capture is `mark`, void is `void` (txn-type auth), refund is `return`,
 * paymentStatus is `query_trans`; saved cards are membership profiles (add_member / list_members /
 * delete_member, charged with bill_member). Plug'n Pay has no 3-D Secure redirect in this API: authorize never
 * answers requires_action.
 */
export class PlugnPayProvider implements PaymentProvider {
  readonly name = 'plugnpay' as const;
  readonly endpoint: string;
  private readonly timeoutMs: number;

  constructor(private readonly config: PlugnPayConfig) {
    this.endpoint = plugnpayEndpoint(config);
    this.timeoutMs = config.timeoutMs ?? 20_000;
  }

  /** One request: our credentials, the mode and its fields; the answer parsed. Network failures and 5xx are 'unavailable'. */
  private async send(mode: string, fields: Record<string, string | undefined>): Promise<PnpAnswer> {
    const body = new URLSearchParams();
    body.set('publisher-name', this.config.username);
    body.set('publisher-password', this.config.password);
    body.set('mode', mode);
    for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') body.set(name, value);
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/plain, */*' },
        body: body.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw unreachable((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name);
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500 || response.status === 429) throw unreachable(`http_${response.status}`);
    if (!response.ok) throw unreadable();
    const answer = parseAnswer(text);
    if (!finalStatus(answer)) throw unreadable();
    return answer;
  }

  /** Sends and insists on success: anything else becomes the shopper's or the store's message. */
  private async ok(mode: string, fields: Record<string, string | undefined>): Promise<PnpAnswer> {
    const answer = await this.send(mode, fields);
    if (!succeeded(answer)) throw toAppError(answer);
    return answer;
  }

  private currencyOf(currency?: string): string {
    return (currency || this.config.currency || 'USD').toUpperCase();
  }

  async authorize(amountCents: number, currency: string, paymentMethodToken: string, options: AuthorizeOptions): Promise<Authorization> {
    assertCents(amountCents);
    if (!isCardToken(paymentMethodToken) && !MEMBER_SOURCE.test(paymentMethodToken)) throw new AppError('unprocessable', CARD_NOT_SAVED);
    if (!options.idempotencyKey) throw new AppError('invalid', 'An authorization needs an idempotency key.');
    const orderID = orderIdFor(this.config.username, options.idempotencyKey);
    const common = {
      'card-amount': toPnpAmount(amountCents),
      currency: this.currencyOf(currency),
      orderID,
      authtype: 'authonly',
      // The order's id travels as the merchant's account code: reports and callbacks carry it back.
      acct_code: options.metadata?.order_id,
      dontsndmail: 'yes',
    };
    const member = MEMBER_SOURCE.exec(paymentMethodToken);
    let answer: PnpAnswer;
    if (member) {
      // A saved card is charged only as its own customer's: another customer's card is not found.
      if (!options.customer || !(await this.listCards(options.customer)).some((c) => c.source === paymentMethodToken)) {
        throw new AppError('unprocessable', CARD_NOT_FOUND);
      }
      answer = await this.send('bill_member', { ...common, username: member[1] });
    } else {
      answer = await this.send('auth', { ...common, paymethod: 'credit', 'card-token': paymentMethodToken });
    }
    const reference = answer.orderID || orderID;
    if (succeeded(answer)) {
      const held = fromPnpAmount(answer['card-amount']);
      return { reference, status: 'authorized', authorizedCents: Number.isNaN(held) ? amountCents : held, card: pnpCardChecks(answer) };
    }
    // A declined card is an answer for the shopper, not a failure of ours.
    if (isDecline(answer)) return { reference, status: 'declined', authorizedCents: 0, declineMessage: shopperMessage(answer) };
    throw toAppError(answer);
  }

  /** Where the order stands, read from query_trans: its operations (auth, postauth, void, return) in order. */
  async paymentStatus(reference: string, known?: PnpAnswer): Promise<Authorization> {
    const state = await this.orderState(reference, known);
    if (state.voided) return { reference, status: 'declined', authorizedCents: 0, declineMessage: NOT_PROCESSED };
    if (state.markedCents > 0) return { reference, status: 'authorized', authorizedCents: state.markedCents };
    if (state.authCents > 0) return { reference, status: 'authorized', authorizedCents: state.authCents };
    return { reference, status: 'declined', authorizedCents: 0, declineMessage: state.declineMessage ?? NOT_PROCESSED };
  }

  /** Plug'n Pay's orderID is derived from authorize's idempotency key: query_trans by it; "No records found" is none. */
  async findAuthorization(_orderId: string, idempotencyKey: string): Promise<Authorization | null> {
    const reference = orderIdFor(this.config.username, idempotencyKey);
    const answer = await this.send('query_trans', { orderID: reference });
    if (finalStatus(answer) === 'problem' && !answer['resp-code']) return null;
    if (!succeeded(answer)) throw toAppError(answer);
    return this.paymentStatus(reference, answer);
  }

  private async orderState(reference: string, known?: PnpAnswer) {
    const answer = known ?? await this.ok('query_trans', { orderID: reference });
    const state = { authCents: 0, markedCents: 0, returnedCents: 0, voided: false, declineMessage: undefined as string | undefined };
    for (const op of records(answer)) {
      if (op.orderID && op.orderID !== reference) continue;
      const cents = fromPnpAmount(op['card-amount']);
      const ok = succeeded(op);
      switch ((op.operation ?? '').toLowerCase()) {
        case 'auth':
          if (ok && !Number.isNaN(cents)) state.authCents = cents;
          else if (isDecline(op)) state.declineMessage = shopperMessage(op);
          break;
        case 'postauth': case 'mark': if (ok && !Number.isNaN(cents)) state.markedCents += cents; break;
        case 'void': if (ok) state.voided = true; break;
        case 'return': if (ok && !Number.isNaN(cents)) state.returnedCents += cents; break;
      }
    }
    return state;
  }

  async capture(reference: string, amountCents?: number, _options: CallOptions = {}): Promise<number> {
    if (amountCents !== undefined) assertCents(amountCents);
    // `mark` needs the amount; "all of it" is what the authorization holds. A mark repeated on the same
    // orderID is answered Duplicate=yes with the first mark's values, so a retry never marks twice.
    const amount = amountCents ?? (await this.orderState(reference)).authCents;
    if (!amount) throw new AppError('unprocessable', NOT_PROCESSED);
    const answer = await this.ok('mark', { orderID: reference, 'card-amount': toPnpAmount(amount) });
    const marked = fromPnpAmount(answer['card-amount']);
    return Number.isNaN(marked) ? amount : marked;
  }

  async void(reference: string, _options: CallOptions = {}): Promise<void> {
    // void cancels the order's latest operation; txn-type=auth makes it the authorization only (never a mark).
    const { authCents } = await this.orderState(reference);
    if (!authCents) throw new AppError('unprocessable', NOT_PROCESSED);
    await this.ok('void', { orderID: reference, 'card-amount': toPnpAmount(authCents), 'txn-type': 'auth' });
  }

  /**
   * Plug'n Pay's `return` has no idempotency key of its own: callers go through refundPayment (the guard on
   * their records) and Plug'n Pay refuses a return above what is left of the marked amount.
   */
  async refund(reference: string, amountCents: number, _options: CallOptions = {}): Promise<number> {
    assertCents(amountCents);
    const answer = await this.ok('return', { orderID: reference, 'card-amount': toPnpAmount(amountCents) });
    const returned = fromPnpAmount(answer['card-amount']);
    if (Number.isNaN(returned) || returned <= 0) throw new AppError('unprocessable', REFUND_FAILED);
    return returned;
  }

  /**
   * A saved card is a membership profile: username (12 characters, ours to choose), the shopper's customer
   * reference in purchaseid (the spec's field "for custom features such as group names") and the card as
   * Plug'n Pay's token. No recurring fee is set: the profile is only a vault entry.
   */
  async saveCard(customerRef: string | null, token: string): Promise<SavedCard> {
    if (!isCardToken(token)) throw new AppError('unprocessable', CARD_NOT_SAVED);
    if (customerRef !== null && !CUSTOMER_REF.test(customerRef)) throw new AppError('not_found', CARD_NOT_FOUND);
    const customer = customerRef ?? `pnpcus_${randomBytes(6).toString('hex')}`;
    const username = randomBytes(8).toString('hex').slice(0, 12);
    const answer = await this.send('add_member', {
      username, purchaseid: customer, status: 'active', 'card-token': token, paymethod: 'credit',
      startdate: yyyymmdd(new Date()), enddate: '20991231',
    });
    if (!succeeded(answer)) {
      // A card Plug'n Pay will not store (declined, or not a card it knows: P55) is the shopper's to fix.
      if (isDecline(answer) || answer['resp-code'] === 'P55') throw new AppError('unprocessable', CARD_NOT_SAVED);
      throw toAppError(answer);
    }
    return savedCardOf({ ...answer, username: answer.username || username }, customer);
  }

  async listCards(customerRef: string): Promise<SavedCard[]> {
    if (!CUSTOMER_REF.test(customerRef)) return [];
    const answer = await this.send('list_members', { purchaseid: customerRef });
    if (!succeeded(answer)) {
      // "No records found" is an empty vault, not a failure.
      if (finalStatus(answer) === 'problem' && !answer['resp-code']) return [];
      throw toAppError(answer);
    }
    return records(answer)
      .filter((m) => m.purchaseid === customerRef && (m.status ?? 'active') !== 'cancelled')
      .map((m) => savedCardOf(m, customerRef));
  }

  async deleteCard(customerRef: string, source: string): Promise<void> {
    // delete_member works on any profile of the account: only one of this customer's own cards is removed.
    const cards = await this.listCards(customerRef);
    const member = MEMBER_SOURCE.exec(source);
    if (!member || !cards.some((c) => c.source === source)) throw new AppError('not_found', CARD_NOT_FOUND);
    await this.ok('delete_member', { username: member[1] });
  }

  /**
   * A Smart Screens callback (form-encoded POST) checked with its documented response hash (see
   * callbackHash; `secret` is the account's response-hash key). A callback for another gateway account is
   * refused too. The event has no id of its own: the order and its status name it.
   */
  async verifyCallback(rawBody: string | Buffer, headers: CallbackHeaders, secret: string): Promise<PaymentEvent> {
    const type = header(headers, 'content-type');
    if (!secret || (type && !type.toLowerCase().startsWith('application/x-www-form-urlencoded'))) throw new AppError('invalid', CALLBACK_NOT_VERIFIED);
    const posted = parseAnswer(Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody);
    const given = (posted.pt_transaction_response_hash ?? '').trim().toLowerCase();
    const expected = callbackHash(secret, posted);
    if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
      throw new AppError('invalid', CALLBACK_NOT_VERIFIED);
    }
    const orderID = posted.pt_order_id;
    if (!orderID || (posted.pt_gateway_account ?? '').toLowerCase() !== this.config.username.toLowerCase()) {
      throw new AppError('invalid', CALLBACK_NOT_VERIFIED);
    }
    const status = (posted.pi_response_status ?? '').toLowerCase();
    const orderId = posted.pt_account_code_1 || posted.acct_code;
    return { id: `${orderID}:${status}`, type: `transaction.${status}`, reference: orderID, ...(orderId ? { orderId } : {}) };
  }
}

function yyyymmdd(date: Date): string {
  return date.toISOString().slice(0, 10).replace(/-/g, '');
}
