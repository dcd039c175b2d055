/**
 * A local stand-in for Fiserv's Gateway REST API (IPG "payments-gateway" v2), plain node:http on 127.0.0.1, state
 * in memory. It is no payment processor and speaks to this machine only.
 *
 * Followed (stored copies of Fiserv's published material):
 * - Fiserv/ipg-na reference/24.2.0/gateway-services.yaml (the OpenAPI of the Gateway API): paths /payments,
 *   /payments/{transaction-id} (GET inquiry, POST secondary transactions), /orders/{order-id} (GET: the order
 *   inquiry, OrderResponse {orderId, transactions}), /payment-tokens, /payment-tokens/{token-id} (GET, DELETE);
 *   the request's `order.orderId` (the client's order id, at most 100 characters; IPG makes one without it);
 *   PaymentTokenPreAuthTransaction, PostAuthTransaction,
 *   VoidTransaction, ReturnTransaction, ReferencedOrderPaymentTokenizationRequest,
 *   PaymentCardPaymentTokenizationRequest; TransactionResponse (ipgTransactionId, orderId, transactionStatus,
 *   transactionResult, transactionState, approvedAmount, processor, authenticationResponse.params.acsURL/cReq),
 *   processor.avsResponse {streetMatch, postalCodeMatch: Y, N, NO_INPUT_DATA, NOT_CHECKED} and
 *   processor.securityCodeResponse (MATCHED, NOT_MATCHED, NOT_PROCESSED, NOT_PRESENT, NOT_CERTIFIED, NOT_CHECKED),
 *   paymentMethodDetails.paymentCard {bin, last4, brand, expiryDate},
 *   ErrorResponse {clientRequestId, apiTraceId, responseType, error {code, message, details}}; status codes 400,
 *   401, 404, 409 (gateway rules), 422 (processor declined), 500, 502.
 * - docs.fiserv.dev "Message Signature" and ipg-na docs/additionalInfo/MessageSignature.md: headers Api-Key,
 *   Client-Request-Id, Timestamp (epoch ms), Message-Signature = Base64(HMAC-SHA256(apiKey + clientRequestId +
 *   timestamp + body, apiSecret)); requests older than five minutes are rejected.
 * - ipg-na docs/additionalInfo/Return.md (decimal string totals, '20.00'), ResponseCodes.md (05 Do Not Honour,
 *   5101 3-D Secure authentication failed, 5003 order exists, 5005 duplicate lockout),
 *   3dsecure-md/3DSecureTestData.md (the test card numbers below), HowToGenerateHash.md and
 *   TransactionResponse.md (Connect's hashExtended, response_hash, notification_hash).
 *
 * Not confirmed by any stored page (the fake's own choices, to revisit against the sandbox):
 * - Message-Signature encoding: Fiserv's Node client (GBSEcom/NPM) Base64-encodes the raw HMAC, which the fake
 *   checks; the ipg-na page's PHP/Java samples Base64 the hex digest.
 * - What Fiserv answers a repeated Client-Request-Id: its page calls it a nonce checked for repeats within five
 *   minutes. The fake answers the same request with the same id with the first answer again, and refuses the same
 *   id with another body (409, code 'DUPLICATE_REQUEST').
 * - The bodies of 401 (wrong key or signature; the fake: responseType 'Unauthenticated'), of 400 for missing
 *   fields, and the codes of secondary transactions refused by the gateway's rules (capture or refund above
 *   what is left, void after capture: 409 'GatewayDeclined' with the fake's codes 'AMOUNT_EXCEEDED' /
 *   'INVALID_STATE').
 * - Test amounts: Fiserv's table of amounts that simulate declines was not found stored. The fake declines an
 *   amount whose cents are .05 (processor code '05', Do Not Honour) or .51 ('51', insufficient funds).
 * - 3-D Secure: the real ACS takes the CReq as a POSTed form and posts the CRes to termURL, after which the
 *   merchant finalizes (PATCH /payments/{id}). The fake's ACS page (acsURL, GET or POST) completes the
 *   authentication itself and redirects to termURL with ipgTransactionId, as the Stripe stand-in does.
 * - Which card gives which AVS / CVV answer (the sandbox's test data for them was not found stored): a token made by
 *   `tokenize(number, expiry, {avs, cvv})` carries the approval code letters its bank answers (default PP and X:
 *   nothing to compare, no CVV answer), also given as ProcessorData's avsResponse / securityCodeResponse.
 * - Refunds on the preauth's ipgTransactionId (Fiserv also documents returns on /orders/{order-id}).
 * - Order ids: a preauth whose `order.orderId` the fake already has is refused 409 'GatewayDeclined' with code 5003
 *   (ResponseCodes.md lists 5003 'The order already exists in the database'; its HTTP status and body in the REST API
 *   are the fake's, and whether a declined attempt's id may be used again is not stated: the fake refuses it too).
 *   The order inquiry lists every transaction of the order (the preauth in its current state, then its postauths,
 *   voids and returns, each with its own ipgTransactionId; the reference's example lists one); an order it does not
 *   have is 404 'NotFound' like an unknown transaction.
 * - Tokens: Fiserv's hosted tokenization in the browser is stood in for by `tokenize(cardNumber)` (the fake's
 *   PaymentCardPaymentTokenizationRequest), which answers a token value that fails the Luhn check.
 * - Connect (the hosted page, POST /connect/gateway/processing): the hashes follow HowToGenerateHash.md and
 *   TransactionResponse.md; the rest is the fake's: the shopper's card arrives as a `cardnumber` field posted with
 *   the form (the real page is where they type it), the answer page posts itself back at once, a Connect payment is
 *   a REST transaction whose id is the answer's ipgTransactionId (so the Gateway API captures and voids it), a
 *   refused hash is a 400 'Permission denied' page, and the notification is kept for the test to deliver, not sent.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDER_TEST_CARDS as TEST_MODE_CARDS } from '@platform/domain';
import { fiservConnectHash, fiservMessageSignature, fiservNotificationHash, fiservResponseHash } from './fiserv-signature';

export const FAKE_FISERV_API_KEY = 'fake-fiserv-api-key';
export const FAKE_FISERV_API_SECRET = 'fake-fiserv-api-secret';
export const API_PATH = '/ipp/payments-gateway/v2';
/** Connect's hosted page (the form's action), as on Fiserv's test and live hosts. */
export const CONNECT_PATH = '/connect/gateway/processing';
/** The Connect store the fake knows, and its shared secret (a store's own in the Virtual Terminal). */
export const FAKE_CONNECT_STORE = '3300000001';
export const FAKE_CONNECT_SHARED_SECRET = 'fake-connect-shared-secret';
/**
 * The card the shopper types on Connect's page: the fake takes it as a `cardnumber` field posted with the form (the
 * test standing in for the shopper), never part of the hash.
 */
export const CONNECT_CARD_FIELD = 'cardnumber';

/** Documented 3-D Secure test cards (3DSecureTestData.md) and the spec's example card. */
export const FISERV_TEST_CARDS = {
  /** Frictionless, fully authenticated (Y). */
  approved: '4147463011110083',
  approvedMastercard: '5239290700000028',
  /** Challenge flow, authenticated (Y): the bank's page. */
  challenge: '4147463011110109',
  /** Frictionless, not authenticated (N): declined 5101. */
  notAuthenticated: '4147463011110091',
} as const;

const CHALLENGE = new Set(['4147463011110109', '5239290700000002', '4147463011110059']);
const NOT_AUTHENTICATED = new Set(['4147463011110091', '5239290700000036', '4147463011110042', '5239290700000051']);

/**
 * What the card's bank answers to the address and security code checks, as the approval code's letters
 * (ResponseCodes.md): street and ZIP each Y, N or P, the CVV M, N, P, S, U or X. Default 'PP' and 'X': no address
 * is sent by the adapter, and the fake's bank gives no CVV answer.
 */
export interface FakeCardChecks { avs?: `${'Y' | 'N' | 'P'}${'Y' | 'N' | 'P'}`; cvv?: 'M' | 'N' | 'P' | 'S' | 'U' | 'X' }
interface Card { number: string; month: string; year: string; checks?: FakeCardChecks }
interface Transaction {
  id: string; orderId: string; type: 'PREAUTH' | 'POSTAUTH' | 'VOID' | 'RETURN'; card: Card;
  currency: string; heldCents: number; capturedCents: number; refundedCents: number;
  state: 'AUTHORIZED' | 'CAPTURED' | 'VOIDED' | 'DECLINED' | 'WAITING'; status: 'APPROVED' | 'DECLINED' | 'WAITING';
  termURL?: string; responseCode?: string; approvalCode?: string;
}
interface Token { value: string; card: Card }

export interface FakeFiserv {
  /** The fake's origin (http://127.0.0.1:port). */
  url: string;
  /** The API base the adapter takes (url + /ipp/payments-gateway/v2). */
  apiBase: string;
  apiKey: string;
  apiSecret: string;
  /** Every request that reached the fake, as received. */
  requests: Array<{ method: string; path: string; clientRequestId?: string; body?: Record<string, unknown> }>;
  /** Stands in for Fiserv's hosted tokenization in the browser: a card number becomes a Fiserv payment token. */
  tokenize(cardNumber: string, expiry?: { month: string; year: string }, checks?: FakeCardChecks): string;
  /** The fake's view of a transaction (for assertions). */
  transaction(id: string): Readonly<Transaction> | undefined;
  /** Connect's hosted page: the form's action_url. */
  connectUrl: string;
  /** The notifications Connect would post to each form's transactionNotificationURL (the fake does not send them: the test delivers them). */
  connectNotifications: Array<{ url: string; body: string }>;
  close(): Promise<void>;
}

/** The approval code's letters as the Gateway API's ProcessorData spells them (AVSResponse, securityCodeResponse). */
const AVS_MATCH: Record<string, string> = { Y: 'Y', N: 'N', P: 'NO_INPUT_DATA' };
const CVV_RESPONSE: Record<string, string> = { M: 'MATCHED', N: 'NOT_MATCHED', P: 'NOT_PROCESSED', S: 'NOT_PRESENT', U: 'NOT_CERTIFIED', X: 'NOT_CHECKED' };
const checkLetters = (card: Card) => `${card.checks?.avs ?? 'PP'}${card.checks?.cvv ?? 'X'}`;

const brandOf = (n: string) => (n.startsWith('4') ? 'VISA' : /^(5[1-5]|2[2-7])/.test(n) ? 'MASTERCARD' : /^3[47]/.test(n) ? 'AMEX' : 'DISCOVER');
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function centsOf(total: unknown): number | null {
  const text = typeof total === 'number' ? total.toFixed(2) : typeof total === 'string' ? total.trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A token value that is not a card number: 16 digits failing the Luhn check (as Fiserv's example tokens do). */
function tokenValue(): string {
  for (;;) {
    const digits = Array.from({ length: 16 }, () => Math.floor(Math.random() * 10)).join('').replace(/^0/, '9');
    let sum = 0;
    for (let i = 0; i < 16; i++) { let d = Number(digits[15 - i]); if (i % 2) { d *= 2; if (d > 9) d -= 9; } sum += d; }
    if (sum % 10 !== 0) return digits;
  }
}

/** The form of Connect's answer page (it posts itself back to responseSuccessURL / responseFailURL): its action and fields. */
export function readConnectReturn(html: string): { action: string; fields: Record<string, string> } {
  const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const action = unescape(/<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '');
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)].map((m) => [unescape(m[1]), unescape(m[2])]));
  return { action, fields };
}

const escapeHtml = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startFakeFiserv(options: { apiKey?: string; apiSecret?: string; connectStores?: Record<string, string> } = {}): Promise<FakeFiserv> {
  const connectStores = options.connectStores ?? { [FAKE_CONNECT_STORE]: FAKE_CONNECT_SHARED_SECRET };
  const connectNotifications: FakeFiserv['connectNotifications'] = [];
  const apiKey = options.apiKey ?? FAKE_FISERV_API_KEY;
  const apiSecret = options.apiSecret ?? FAKE_FISERV_API_SECRET;
  const transactions = new Map<string, Transaction>();
  const byOrder = new Map<string, Transaction>();
  const tokens = new Map<string, Token>();
  // The Payment step's test mode tokens (libs/domain TEST_CARDS.fiserv): Fiserv's own example token values, kept here
  // for its frictionless test cards (Fiserv mints tokens only from card data: on its sandbox they mean nothing).
  for (const [test, number] of [[TEST_MODE_CARDS.fiserv[0].token, FISERV_TEST_CARDS.approved], [TEST_MODE_CARDS.fiserv[1].token, FISERV_TEST_CARDS.approvedMastercard]] as const) {
    tokens.set(test, { value: test, card: { number, month: '12', year: '30' } });
  }
  const replies = new Map<string, { digest: string; status: number; body: unknown }>();
  const requests: FakeFiserv['requests'] = [];
  let origin = '';
  let nextId = 84000000001;

  const common = (clientRequestId?: string) => ({ clientRequestId, apiTraceId: `fake-${randomUUID()}` });
  const error = (status: number, responseType: string, code: string, message: string, clientRequestId?: string, details?: unknown[]) =>
    ({ status, body: { ...common(clientRequestId), responseType, error: { code, message, ...(details ? { details } : {}) } } });

  function view(tx: Transaction, clientRequestId?: string, amountCents = tx.type === 'PREAUTH' ? tx.heldCents : tx.capturedCents) {
    return {
      ...common(clientRequestId), responseType: 'Transaction', ipgTransactionId: tx.id, orderId: tx.orderId, transactionType: tx.type,
      transactionTime: Math.floor(Date.now() / 1000), transactionStatus: tx.status, transactionResult: tx.status, transactionState: tx.state,
      approvedAmount: { total: tx.status === 'APPROVED' ? money(amountCents) : '0.00', currency: tx.currency },
      transactionAmount: { total: money(amountCents), currency: tx.currency },
      ...(tx.approvalCode ? { approvalCode: tx.approvalCode } : {}),
      paymentToken: undefined,
      // PaymentMethodDetails as the Gateway API answers it (bin, last 4, brand, expiry), for any transaction.
      paymentMethodDetails: {
        paymentCard: { expiryDate: { month: tx.card.month, year: tx.card.year }, bin: tx.card.number.slice(0, 6), last4: tx.card.number.slice(-4), brand: brandOf(tx.card.number) },
        paymentMethodType: 'PAYMENT_CARD', paymentMethodBrand: brandOf(tx.card.number),
      },
      ...(tx.status === 'WAITING' ? {
        authenticationResponse: {
          type: '3D_SECURE', version: '2.1',
          params: { acsURL: `${origin}/fake-acs/${tx.id}`, cReq: Buffer.from(JSON.stringify({ messageType: 'CReq', acsTransID: tx.id })).toString('base64url'), termURL: tx.termURL },
        },
      } : {}),
      processor: tx.responseCode
        ? {
          responseCode: tx.responseCode, responseMessage: tx.responseCode === '00' ? 'APPROVED' : 'DECLINED',
          ...(tx.status === 'APPROVED' ? {
            authorizationCode: 'OK7118',
            // The bank's checks, as the approval code's letters say them.
            avsResponse: { streetMatch: AVS_MATCH[checkLetters(tx.card)[0]], postalCodeMatch: AVS_MATCH[checkLetters(tx.card)[1]], associationAvsResponse: checkLetters(tx.card).slice(0, 2) },
            securityCodeResponse: CVV_RESPONSE[checkLetters(tx.card)[2]],
          } : {}),
        }
        : undefined,
    };
  }

  function tokenView(token: Token, clientRequestId?: string, requestStatus = 'SUCCESS') {
    const brand = brandOf(token.card.number);
    const last4 = token.card.number.slice(-4);
    return {
      ...common(clientRequestId), requestStatus, brand,
      paymentToken: { value: token.value, reusable: true, declineDuplicates: false, last4, brand, type: 'PAYMENT_CARD' },
      paymentCard: { last4, brand, expiryDate: { month: token.card.month, year: token.card.year } },
    };
  }

  function preauth(body: Record<string, unknown>, crid: string): { status: number; body: unknown } {
    const amount = body.transactionAmount as { total?: unknown; currency?: unknown } | undefined;
    const cents = centsOf(amount?.total);
    const currency = typeof amount?.currency === 'string' && /^([A-Z]{3}|\d{3})$/.test(amount.currency) ? amount.currency : null;
    const value = ((body.paymentMethod as { paymentToken?: { value?: unknown } } | undefined)?.paymentToken?.value);
    const missing = [cents === null && 'transactionAmount.total', !currency && 'transactionAmount.currency', typeof value !== 'string' && 'paymentMethod.paymentToken.value'].filter(Boolean);
    if (missing.length) return error(400, 'BadRequest', '400', 'Bad request', crid, missing.map((field) => ({ field, message: 'may not be null' })));
    const token = tokens.get(value as string);
    if (!token) return error(400, 'BadRequest', '400', 'Bad request', crid, [{ field: 'paymentMethod.paymentToken.value', message: 'Token not found' }]);
    const orderId = (body.order as { orderId?: unknown } | undefined)?.orderId;
    if (orderId !== undefined && (typeof orderId !== 'string' || !orderId || orderId.length > 100)) {
      return error(400, 'BadRequest', '400', 'Bad request', crid, [{ field: 'order.orderId', message: 'size must be between 1 and 100' }]);
    }
    if (typeof orderId === 'string' && byOrder.has(orderId)) return error(409, 'GatewayDeclined', '5003', 'The order already exists in the database.', crid);
    const tx: Transaction = {
      id: String(nextId++), orderId: typeof orderId === 'string' ? orderId : `R-${randomUUID()}`, type: 'PREAUTH', card: token.card, currency: currency!, heldCents: cents!,
      capturedCents: 0, refundedCents: 0, state: 'AUTHORIZED', status: 'APPROVED', responseCode: '00', approvalCode: `Y:OK7118:0000000000:${checkLetters(token.card)}:000000000`,
    };
    const auth = body.authenticationRequest as { authenticationType?: string; termURL?: string } | undefined;
    const decline = (code: string, approvalCode: string) => Object.assign(tx, { state: 'DECLINED', status: 'DECLINED', responseCode: code, approvalCode });
    if (NOT_AUTHENTICATED.has(token.card.number) && auth) decline('5101', 'N:-5101:3D Secure authentication failed');
    else if (cents! % 100 === 5) decline('05', 'N:05:Do Not Honour');
    else if (cents! % 100 === 51) decline('51', 'N:51:Insufficient funds');
    else if (CHALLENGE.has(token.card.number) && auth) Object.assign(tx, { state: 'WAITING', status: 'WAITING', termURL: auth.termURL, responseCode: undefined, approvalCode: '?:waiting 3dsecure' });
    transactions.set(tx.id, tx);
    byOrder.set(tx.orderId, tx);
    return { status: tx.status === 'DECLINED' ? 422 : 200, body: { ...view(tx, crid), ...(tx.status === 'DECLINED' ? { responseType: 'EndpointDeclined', error: { code: tx.responseCode, message: 'Declined' } } : {}) } };
  }

  function secondary(id: string, body: Record<string, unknown>, crid: string): { status: number; body: unknown } {
    const tx = transactions.get(id);
    if (!tx || tx.type !== 'PREAUTH') return error(404, 'NotFound', '404', 'Transaction not found', crid);
    const amount = body.transactionAmount as { total?: unknown; currency?: unknown } | undefined;
    const cents = amount ? centsOf(amount.total) : null;
    const refuse = (code: string, message: string) => ({ status: 409, body: { ...view(tx, crid), responseType: 'GatewayDeclined', transactionStatus: 'FAILED', transactionResult: 'FAILED', error: { code, message } } });
    const child = (type: Transaction['type'], cents2: number) => {
      const made: Transaction = { ...tx, id: String(nextId++), type, heldCents: 0, capturedCents: cents2, refundedCents: 0, status: 'APPROVED', responseCode: '00' };
      transactions.set(made.id, made);
      return { status: 200, body: view(made, crid, cents2) };
    };
    switch (body.requestType) {
      case 'PostAuthTransaction':
        if (cents === null || !amount?.currency) return error(400, 'BadRequest', '400', 'Bad request', crid, [{ field: 'transactionAmount', message: 'may not be null' }]);
        if (tx.state !== 'AUTHORIZED') return refuse('INVALID_STATE', 'The transaction cannot be completed in its current state');
        if (cents > tx.heldCents || amount.currency !== tx.currency) return refuse('AMOUNT_EXCEEDED', 'The amount exceeds the authorized amount');
        Object.assign(tx, { state: 'CAPTURED', capturedCents: cents });
        return child('POSTAUTH', cents);
      case 'VoidTransaction':
        if (tx.state !== 'AUTHORIZED') return refuse('INVALID_STATE', 'The transaction cannot be voided in its current state');
        Object.assign(tx, { state: 'VOIDED' });
        return child('VOID', tx.heldCents);
      case 'ReturnTransaction':
        if (cents === null || !amount?.currency) return error(400, 'BadRequest', '400', 'Bad request', crid, [{ field: 'transactionAmount', message: 'may not be null' }]);
        if (tx.state !== 'CAPTURED') return refuse('INVALID_STATE', 'The transaction cannot be returned in its current state');
        if (cents === 0 || tx.refundedCents + cents > tx.capturedCents) return refuse('AMOUNT_EXCEEDED', 'The amount exceeds the amount available for return');
        tx.refundedCents += cents;
        return child('RETURN', cents);
      default:
        return error(400, 'BadRequest', '400', 'Bad request', crid, [{ field: 'requestType', message: 'unsupported request type' }]);
    }
  }

  function tokenize(body: Record<string, unknown>, crid: string): { status: number; body: unknown } {
    const create = body.createToken as { value?: string } | undefined;
    if (!create) return error(400, 'BadRequest', '400', 'Bad request', crid, [{ field: 'createToken', message: 'may not be null' }]);
    let card: Card | undefined;
    if (body.requestType === 'ReferencedOrderPaymentTokenizationRequest') {
      card = byOrder.get(String(body.referencedOrderId ?? ''))?.card;
      if (!card) return error(404, 'NotFound', '404', 'Order not found', crid);
    } else if (body.requestType === 'PaymentCardPaymentTokenizationRequest') {
      const c = body.paymentCard as { number?: string; expiryDate?: { month?: string; year?: string } } | undefined;
      if (!c?.number || !c.expiryDate?.month || !c.expiryDate.year) return error(400, 'BadRequest', '400', 'Bad request', crid, [{ field: 'paymentCard', message: 'may not be null' }]);
      card = { number: c.number, month: c.expiryDate.month, year: c.expiryDate.year };
    } else {
      return error(400, 'BadRequest', '400', 'Bad request', crid, [{ field: 'requestType', message: 'unsupported request type' }]);
    }
    const value = create.value ?? tokenValue();
    if (tokens.has(value)) return error(409, 'GatewayDeclined', 'DUPLICATE_TOKEN', 'The token value is already in use', crid);
    const token = { value, card };
    tokens.set(value, token);
    return { status: 200, body: tokenView(token, crid) };
  }

  function authenticated(req: IncomingMessage, raw: string): { status: number; body: unknown } | null {
    const h = (name: string) => { const v = req.headers[name]; return Array.isArray(v) ? v[0] : v; };
    const crid = h('client-request-id');
    const timestamp = h('timestamp');
    const signature = h('message-signature');
    if (h('api-key') !== apiKey) return error(401, 'Unauthenticated', '401', 'Invalid API key', crid);
    if (!crid || !timestamp || !signature) return error(401, 'Unauthenticated', '401', 'Missing Client-Request-Id, Timestamp or Message-Signature', crid);
    if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > 5 * 60_000) return error(401, 'Unauthenticated', '401', 'Stale request', crid);
    if (signature !== fiservMessageSignature(apiKey, apiSecret, crid, timestamp, raw)) return error(401, 'Unauthenticated', '401', 'Invalid message signature', crid);
    return null;
  }

  function route(req: IncomingMessage, raw: string): { status: number; body: unknown } {
    const url = new URL(req.url ?? '/', 'http://fake');
    const crid = String(req.headers['client-request-id'] ?? '');
    if (!url.pathname.startsWith(API_PATH)) return error(404, 'NotFound', '404', 'Not found', crid);
    const refused = authenticated(req, raw);
    if (refused) return refused;
    let body: Record<string, unknown> = {};
    if (raw) {
      try { body = JSON.parse(raw) as Record<string, unknown>; } catch { return error(400, 'BadRequest', '400', 'Malformed JSON', crid); }
    }
    const path = url.pathname.slice(API_PATH.length);
    const method = req.method ?? 'GET';
    if (method === 'POST') {
      // The same Client-Request-Id with the same body is answered as the first time; with another body it is refused.
      const digest = createHash('sha256').update(`${path}\n${raw}`).digest('hex');
      const seen = replies.get(crid);
      if (seen) return seen.digest === digest ? { status: seen.status, body: seen.body } : error(409, 'GatewayDeclined', 'DUPLICATE_REQUEST', 'Duplicate Client-Request-Id', crid);
      const answer = postRoute(path, body, crid);
      if (answer.status < 500) replies.set(crid, { digest, ...answer });
      return answer;
    }
    const payment = /^\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && payment) {
      const tx = transactions.get(decodeURIComponent(payment[1]));
      return tx ? { status: 200, body: view(tx, crid) } : error(404, 'NotFound', '404', 'Transaction not found', crid);
    }
    const order = /^\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && order) {
      const orderId = decodeURIComponent(order[1]);
      if (!byOrder.has(orderId)) return error(404, 'NotFound', '404', 'Order not found', crid);
      // Each as a TransactionResponse, without the response's own request and trace ids.
      const ofOrder = [...transactions.values()].filter((tx) => tx.orderId === orderId).map((tx) => ({ ...view(tx), clientRequestId: undefined, apiTraceId: undefined }));
      return { status: 200, body: { ...common(crid), orderId, transactions: ofOrder } };
    }
    const token = /^\/payment-tokens\/([^/]+)$/.exec(path);
    if (token && (method === 'GET' || method === 'DELETE')) {
      const found = tokens.get(decodeURIComponent(token[1]));
      if (!found) return error(404, 'NotFound', '404', 'Payment token not found', crid);
      if (method === 'DELETE') tokens.delete(found.value);
      return { status: 200, body: tokenView(found, crid, method === 'DELETE' ? 'DELETED' : 'SUCCESS') };
    }
    return error(404, 'NotFound', '404', 'Not found', crid);
  }

  function postRoute(path: string, body: Record<string, unknown>, crid: string): { status: number; body: unknown } {
    if (path === '/payments') {
      if (body.requestType !== 'PaymentTokenPreAuthTransaction') return error(400, 'BadRequest', '400', 'Bad request', crid, [{ field: 'requestType', message: 'unsupported request type' }]);
      return preauth(body, crid);
    }
    const payment = /^\/payments\/([^/]+)$/.exec(path);
    if (payment) return secondary(decodeURIComponent(payment[1]), body, crid);
    if (path === '/payment-tokens') return tokenize(body, crid);
    return error(404, 'NotFound', '404', 'Not found', crid);
  }

  /** The bank's page: completes the challenge and sends the shopper to termURL with the transaction's id. */
  function acs(id: string, res: ServerResponse) {
    const tx = transactions.get(id);
    if (!tx || tx.state !== 'WAITING') { res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Unknown authentication'); return; }
    Object.assign(tx, { state: 'AUTHORIZED', status: 'APPROVED', responseCode: '00', approvalCode: `Y:OK7118:0000000000:${checkLetters(tx.card)}:000000000` });
    if (!tx.termURL) { res.writeHead(200, { 'Content-Type': 'text/plain' }).end('Authenticated'); return; }
    const back = new URL(tx.termURL);
    back.searchParams.set('ipgTransactionId', tx.id);
    res.writeHead(302, { Location: back.toString() }).end();
  }

  const txRef = () => String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  /**
   * Connect's combined page: the signed form (hashExtended over every field but the hashes, HMAC-SHA256 with the
   * store's shared secret) and the card the shopper typed. A preauth is held (or declined: cents .05 or .51, or a
   * not-authenticated 3-D Secure test card) as a REST transaction, so the Gateway API answers, captures and voids it.
   * Its answer is the page that posts itself to responseSuccessURL / responseFailURL (every posted field echoed, with
   * approval_code, status, ipgTransactionId, response_hash), and the notification with notification_hash is kept.
   */
  function connect(raw: string, res: ServerResponse) {
    const form = Object.fromEntries(new URLSearchParams(raw));
    const card = form[CONNECT_CARD_FIELD] ?? '';
    delete form[CONNECT_CARD_FIELD];
    const secret = connectStores[form.storename ?? ''];
    const { hashExtended, ...signed } = form;
    const cents = centsOf(form.chargetotal);
    if (!secret || form.hash_algorithm !== 'HMACSHA256' || !hashExtended || hashExtended !== fiservConnectHash(signed, secret)) {
      // Connect's own refusal page ("Permission denied" for a form whose hash does not match).
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Permission denied');
      return;
    }
    if (!['preauth', 'sale'].includes(form.txntype ?? '') || cents === null || !form.txndatetime || !form.responseSuccessURL || !form.responseFailURL || !/^\d{12,19}$/.test(card)) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('The request could not be processed');
      return;
    }
    const tx: Transaction = {
      id: String(nextId++), orderId: form.oid || `C-${randomUUID()}`, type: 'PREAUTH', card: { number: card, month: '12', year: '30' },
      currency: form.currency === '840' ? 'USD' : form.currency ?? 'USD', heldCents: cents, capturedCents: 0, refundedCents: 0,
      state: 'AUTHORIZED', status: 'APPROVED', responseCode: '00', approvalCode: `Y:OK${String(nextId).slice(-4)}:4000000000:PPX:${txRef()}`,
    };
    const decline = (code: string, approvalCode: string) => Object.assign(tx, { state: 'DECLINED', status: 'DECLINED', responseCode: code, approvalCode });
    if (NOT_AUTHENTICATED.has(card)) decline('5101', 'N:-5101:3D Secure authentication failed');
    else if (cents % 100 === 5) decline('05', 'N:05:Do Not Honour');
    else if (cents % 100 === 51) decline('51', 'N:51:Insufficient funds');
    if (form.txntype === 'sale' && tx.status === 'APPROVED') Object.assign(tx, { state: 'CAPTURED', capturedCents: cents });
    transactions.set(tx.id, tx);
    byOrder.set(tx.orderId, tx);
    const approved = tx.status === 'APPROVED';
    const answer: Record<string, string> = {
      ...signed, oid: tx.orderId, approval_code: tx.approvalCode!, status: approved ? 'APPROVED' : 'DECLINED', ipgTransactionId: tx.id,
      processor_response_code: tx.responseCode!, txndate_processed: new Date().toISOString(), cardnumber: `(${brandOf(card)}) ... ${card.slice(-4)}`,
      ...(approved ? {} : { fail_reason: tx.approvalCode!.split(':').slice(2).join(':') }),
    };
    const toBrowser = { ...answer, response_hash: fiservResponseHash(answer, secret) };
    if (form.transactionNotificationURL) {
      connectNotifications.push({ url: form.transactionNotificationURL, body: new URLSearchParams({ ...answer, notification_hash: fiservNotificationHash(answer, secret) }).toString() });
    }
    const target = approved ? form.responseSuccessURL : form.responseFailURL;
    const inputs = Object.entries(toBrowser).map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(target)}">${inputs}</form></body></html>`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const acsPage = /^\/fake-acs\/([^/]+)$/.exec(path);
      if (acsPage) { acs(acsPage[1], res); return; }
      if (path === CONNECT_PATH && req.method === 'POST') { requests.push({ method: 'POST', path }); connect(raw, res); return; }
      let parsed: Record<string, unknown> | undefined;
      try { parsed = raw ? JSON.parse(raw) as Record<string, unknown> : undefined; } catch { parsed = undefined; }
      const crid = req.headers['client-request-id'];
      requests.push({ method: req.method ?? 'GET', path: path.startsWith(API_PATH) ? path.slice(API_PATH.length) : path, ...(typeof crid === 'string' ? { clientRequestId: crid } : {}), ...(parsed ? { body: parsed } : {}) });
      const answer = route(req, raw);
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    apiBase: `${origin}${API_PATH}`,
    connectUrl: `${origin}${CONNECT_PATH}`,
    connectNotifications,
    apiKey,
    apiSecret,
    requests,
    tokenize(cardNumber, expiry = { month: '12', year: '30' }, checks) {
      const token = { value: tokenValue(), card: { number: cardNumber, ...expiry, ...(checks ? { checks } : {}) } };
      tokens.set(token.value, token);
      return token.value;
    },
    transaction: (id) => transactions.get(id),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
