/**
 * A local stand-in for Authorize.Net's API (plain node:http, 127.0.0.1, a free port), for the adapter's tests.
 * It is no payment processor: state is in memory, no money moves, no webhooks are sent.
 *
 * Followed (public pages as stored, and the official Node SDK authorizenet 1.0.10 in node_modules):
 * - API reference (developer.authorize.net/api/reference): one endpoint, POST /xml/v1/request.api, JSON bodies
 *   with one root `<name>Request` holding `merchantAuthentication {name, transactionKey}`, optional `refId`
 *   (echoed) and `clientId` (the SDK adds it); answers `{..., messages: {resultCode: 'Ok'|'Error', message:
 *   [{code, text}]}}` with HTTP 200 and a UTF-8 byte order mark before the JSON (the SDK's axios strips it).
 *   createTransactionRequest's transactionResponse: responseCode 1 approved / 2 declined / 3 error / 4 held for
 *   review, transId, authCode, accountNumber 'XXXX1111', accountType, messages [{code, description}] or errors
 *   [{errorCode, errorText}]; a failed transaction's top level is resultCode 'Error' with E00027.
 * - Message codes: E00003 (schema: missing element), E00007 (authentication failed), E00027 (transaction
 *   unsuccessful), E00039 (duplicate record), E00040 (record not found), E00041 (profile needs a field),
 *   E00114 (invalid OTS token), I00001 (Successful.).
 * - Response reason codes: 2 declined, 5 valid amount required, 6 invalid card number, 8 expired, 11 duplicate,
 *   16 transaction not found, 33 field required, 39 currency, 47 capture above the authorized amount, 54 credit
 *   criteria not met (refunds are only for settled transactions), 55 credits above the original debit, 252/253
 *   held for review, 310 already voided, 311 already captured.
 * - Testing guide (developer.authorize.net hello_world/testing_guide, as stored, and two copies of its tables that
 *   agree): test cards (Visa 4111111111111111, 4007000000027, 4012888818888; Mastercard 5424000000000015,
 *   2223000010309703; Amex 370000000000002; Discover 6011000000000012; JCB 3088000000000017; Diners
 *   38000000000006). The billing ZIP code sets the answer: 46282 → declined (responseCode 2, reason 2); AVS
 *   (avsResultCode) 46201 A, 46203 E, 46204 G, 46205 N, 46206 P, 46207 R, 46208 S, 46209 U, 46211 W, 46214 X,
 *   46217 Z. The card code sets cvvResultCode: 900 M, 901 N, 902 S, 903 U, 904 P (AVS_BY_ZIP, CVV_BY_CODE).
 *   The ZIP is the request's billTo.zip, else the one the shopper typed into Accept's form (the nonce's
 *   token.zip); the card code is the request's creditCard.cardCode (or a profile payment's cardCode), else the
 *   nonce's token.cardCode.
 * - Duplicate window (SIM/AIM guides, support article 'Error 11'): the same login, card, expiry, type, amount,
 *   invoice number, PO number, customer id and billing fields within the window (default 120 s, duplicateWindow
 *   0..28800) are refused with response code 3, reason 11; when duplicateWindow was sent the answer carries the
 *   original transaction's id (and its auth code if it was approved), else transId 0.
 * - Refunds (community answers, refund troubleshooting page): refTransId, amount and the card's last 4 digits
 *   with expirationDate 'XXXX'; only settled transactions (else 54); unsettled ones are voided instead.
 * - CIM: createCustomerProfileRequest (profile with merchantCustomerId/description/email, paymentProfiles),
 *   createCustomerPaymentProfileRequest, getCustomerProfileRequest / getCustomerPaymentProfileRequest with
 *   unmaskExpirationDate (expiry 'YYYY-MM', else 'XXXX'), deleteCustomerPaymentProfileRequest; the card masked
 *   'XXXX1111' with cardType.
 * - Accept.js: the browser sends the card to securePaymentContainerRequest (merchantAuthentication {name,
 *   clientKey}, data {type: 'TOKEN', id, token {cardNumber, expirationDate, cardCode, zip?, fullName?}}) and gets opaqueData
 *   {dataDescriptor 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue}; the nonce is good for 15 minutes, once.
 * - Webhooks: X-ANET-Signature 'sha512=' + HMAC-SHA512 (hex, upper-case) of the body under the Signature Key;
 *   notificationId, eventType, eventDate, webhookId, payload {responseCode, authCode, avsResponse, authAmount,
 *   invoiceNumber, entityName 'transaction', id}. (`notification()` builds one; the fake sends none.)
 * - getUnsettledTransactionListRequest (Transaction Reporting): sorting {orderBy, orderDescending}, paging {limit
 *   1-1000, offset from 1}; transactions [{transId, submitTimeUTC, submitTimeLocal, transactionStatus, invoiceNumber,
 *   accountType, accountNumber, settleAmount, marketType, product}], totalNumInResultSet. Unconfirmed: an empty
 *   list as resultCode Ok with I00004 'No records found.' (here), declined and voided transactions listed until
 *   the batch settles (here: listed), the refusal of bad paging (here E00003).
 *
 * Could not confirm, so chosen here and marked as such: the exact E00003 wording; whether a repeat within the
 * duplicate window with an already used Accept nonce is answered as a duplicate (here: yes, the nonce is
 * resolved to its card first) or as E00114; which reason a void of a settled transaction gets (here 16); the
 * amount trick of the older AIM guide (card 4222222222222: the amount in dollars is the reason code: 2.00
 * declined, 8.00 expired, 252.00 held for review, ...); whether deleting another profile's payment profile is
 * E00040 (here: yes); the dataValue's inner format (here base64 JSON as seen in samples); that the sandbox takes
 * the AVS ZIP from the nonce when billTo has none (here: yes) and keeps it on a payment profile made from the
 * nonce (here: yes; never the card code); the letters when no ZIP or card code was given (here B, as the AVS
 * table's 'address not provided', and P) or a ZIP/code outside the tables (Y, M); the guide's notes that G, W and
 * X do not apply to some brands are not followed. Captures, voids and refunds answer AVS P and no CVV letter, as
 * the API reference's samples do. The merchant's AVS / card code rejection filters (Merchant Interface settings,
 * none by default) are `rejectWhen`: a listed letter declines with reason 27, 65 or 45 (the response code reference's
 * meanings; whether the sandbox voids an approved hold behind it is not modelled). Not built: 3-D Secure (this
 * API has no redirect flow), eChecks, settlement batches (`settle()` stands for the nightly one), partial
 * authorizations (ZIPs 46225-46228), the Transaction Details API permission (E00011), Accept Hosted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PROVIDER_TEST_CARDS as TEST_MODE_CARDS } from '@platform/domain';
import { webhookSignature } from './authorize_net-errors';

export const FAKE_LOGIN_ID = '5KP3u95bQpv';
export const FAKE_TRANSACTION_KEY = '346HZ32z3fP4hTG2';
export const FAKE_CLIENT_KEY = '5FcB6WrfHGS76gHW3v7btBCE3HuuBuke9Pj96Ztfn5R32G5ep42vne7MCWZtAucY';
export const FAKE_SIGNATURE_KEY = 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90';
/** Card numbers of the testing guide that approve; 4222222222222 answers the reason code its amount names. */
export const TEST_CARDS = { visa: '4111111111111111', mastercard: '5424000000000015', amex: '370000000000002', discover: '6011000000000012', reasonCode: '4222222222222' } as const;

/**
 * The nonces the Payment step's test mode sends (libs/domain TEST_CARDS.authorize_net), standing for the testing
 * guide's cards: the stand-in's own (Authorize.Net mints nonces only from card data), reusable and never expiring.
 * The third declines (reason 2) whatever the amount; the fourth was typed with the guide's card code 901 and ZIP
 * 46205 (CVV N, AVS N).
 */
const TEST_MODE_NONCES = new Map<string, { number: string; declines?: true; cardCode?: string; zip?: string }>([
  [TEST_MODE_CARDS.authorize_net[0].token, { number: TEST_CARDS.visa }],
  [TEST_MODE_CARDS.authorize_net[1].token, { number: TEST_CARDS.mastercard }],
  [TEST_MODE_CARDS.authorize_net[2].token, { number: TEST_CARDS.reasonCode, declines: true }],
  [TEST_MODE_CARDS.authorize_net[3].token, { number: TEST_CARDS.visa, cardCode: '901', zip: '46205' }],
]);

/** The testing guide's billing ZIP codes: one declines, the others set the AVS answer. */
export const DECLINE_ZIP = '46282';
export const AVS_BY_ZIP: Readonly<Record<string, string>> = {
  46201: 'A', 46203: 'E', 46204: 'G', 46205: 'N', 46206: 'P', 46207: 'R', 46208: 'S', 46209: 'U', 46211: 'W', 46214: 'X', 46217: 'Z',
};
/** The testing guide's card codes and the CVV answer each gives. */
export const CVV_BY_CODE: Readonly<Record<string, string>> = { 900: 'M', 901: 'N', 902: 'S', 903: 'U', 904: 'P' };

/** The AVS letter for a billing ZIP: none sent is B (address not provided), a ZIP outside the table matches (Y). */
const avsFor = (zip: string | undefined) => (!zip ? 'B' : AVS_BY_ZIP[zip.slice(0, 5)] ?? 'Y');
/** The CVV letter for a card code: none sent is P (not processed), a code outside the table matches (M). */
const cvvFor = (cardCode: string | undefined) => (!cardCode ? 'P' : CVV_BY_CODE[cardCode] ?? 'M');

type Status = 'authorizedPendingCapture' | 'capturedPendingSettlement' | 'settledSuccessfully' | 'voided' | 'declined'
  | 'FDSPendingReview' | 'FDSAuthorizedPendingReview' | 'refundPendingSettlement' | 'refundSettledSuccessfully' | 'generalError';

/** A card as the fake knows it; zip and cardCode are what the shopper typed into Accept's form with it (never kept on a profile: the card code). */
interface Card { number: string; expiry: string /* YYYY-MM */; type: string; declines?: true; zip?: string; cardCode?: string }
interface Transaction {
  transId: string; login: string; type: string; status: Status; card: Card; authCents: number; settleCents: number; refundedCents: number;
  responseCode: number; reasonCode: number; authCode: string; invoiceNumber?: string; refTransId?: string; submitted: Date;
  /** The AVS and CVV letters of the authorization. */
  avs: string; cvv: string;
  profile?: { customerProfileId: string; customerPaymentProfileId: string };
}
interface PaymentProfile { id: string; card: Card; customerType?: string }
interface CustomerProfile { id: string; login: string; merchantCustomerId?: string; description?: string; email?: string; paymentProfiles: PaymentProfile[] }
interface Nonce { card: Card; expires: number; used: boolean }

type Json = Record<string, any>;

const REASONS: Record<number, string> = {
  1: 'This transaction has been approved.', 2: 'This transaction has been declined.', 3: 'This transaction has been declined.',
  4: 'This transaction has been declined.', 5: 'A valid amount is required.', 6: 'The credit card number is invalid.',
  7: 'Credit card expiration date is invalid.', 8: 'The credit card has expired.', 11: 'A duplicate transaction has been submitted.',
  16: 'The transaction cannot be found.', 27: 'The transaction has been declined because of an AVS mismatch. The address provided does not match billing address of cardholder.',
  33: 'FIELD cannot be left blank.', 39: 'The supplied currency code is either invalid, not supported, not allowed for this merchant or doesnt have an exchange rate.',
  44: 'This transaction has been declined.', 45: 'This transaction has been declined.', 47: 'The amount requested for settlement cannot be greater than the original amount authorized.',
  54: 'The referenced transaction does not meet the criteria for issuing a credit.', 55: 'The sum of credits against the referenced transaction would exceed original debit amount.',
  65: 'This transaction has been declined.', 252: 'Your order has been received. Thank you for your business!', 253: 'Your order has been received. Thank you for your business!',
  310: 'This transaction has already been voided.', 311: 'This transaction has already been captured.',
};
const RESPONSE_CODE_OF_REASON = (reason: number) => (reason === 1 ? 1 : [252, 253].includes(reason) ? 4 : [2, 3, 4, 27, 44, 45, 65].includes(reason) ? 2 : 3);

function cardType(number: string): string {
  if (number.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'AmericanExpress';
  if (/^6(011|5)/.test(number)) return 'Discover';
  if (/^35|^3088/.test(number)) return 'JCB';
  if (/^3[068]/.test(number)) return 'DinersClub';
  return 'Unknown';
}
const luhn = (n: string) => /^[0-9]{13,19}$/.test(n) && [...n].reverse().reduce((sum, d, i) => {
  const x = Number(d) * (i % 2 ? 2 : 1);
  return sum + (x > 9 ? x - 9 : x);
}, 0) % 10 === 0;
const masked = (number: string) => `XXXX${number.slice(-4)}`;
const toCents = (amount: unknown) => (typeof amount === 'string' || typeof amount === 'number') && /^\d+(\.\d{1,2})?$/.test(String(amount)) ? Math.round(Number(amount) * 100) : NaN;
const dollars = (cents: number) => cents / 100;

/** 'MMYY', 'MMYYYY', 'YYYY-MM' or 'MM/YY' → 'YYYY-MM'. */
function expiryOf(value: unknown): string | null {
  const s = String(value ?? '');
  let m = /^(\d{4})-(\d{2})$/.exec(s);
  if (m) return `${m[1]}-${m[2]}`;
  m = /^(\d{2})\/?(\d{2}|\d{4})$/.exec(s);
  if (m) return `${m[2]!.length === 2 ? `20${m[2]}` : m[2]}-${m[1]}`;
  return null;
}
const expired = (expiry: string) => expiry < new Date().toISOString().slice(0, 7);

const ok = (extra: Json = {}) => ({ ...extra, messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] } });
const error = (code: string, text: string, extra: Json = {}) => ({ ...extra, messages: { resultCode: 'Error', message: [{ code, text }] } });
const NS = "in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd'";
const missing = (root: string, element: string) => error('E00003', `The element '${root}' ${NS} has incomplete content. List of possible elements expected: '${element}' ${NS}.`);

export interface FakeAuthorizeNet {
  url: string;
  close(): Promise<void>;
  /**
   * Accept.js's nonce for a test card (what securePaymentContainerRequest answers), for a given expiry 'MMYY', with
   * the card code and billing ZIP typed into Accept's form (the testing guide's triggers: CVV_BY_CODE, AVS_BY_ZIP, DECLINE_ZIP).
   */
  tokenFor(cardNumber: string, expiry?: string, typed?: { cardCode?: string; zip?: string }): string;
  /** The nightly settlement: captured transactions become settled (refunds are only possible then). */
  settle(): void;
  transaction(transId: string): Readonly<Transaction> | undefined;
  transactions(): Readonly<Transaction>[];
  /** Every request body received, in order (credentials included: for the tests' eyes only). */
  requests: Json[];
  /** A documented webhook body for a transaction, and its X-ANET-Signature under a key. */
  notification(eventType: string, transId: string, signatureKey?: string): { body: string; signature: string };
  /** Makes the fake answer every request with this HTTP status (an outage), or normally again with null. */
  failWith(status: number | null): void;
  /**
   * The merchant's AVS and card code rejection filters (set in the Merchant Interface): an authorization whose AVS
   * or CVV letter is listed is declined (reason 27 AVS, 65 card code, 45 both), with its letters. null: none (the default).
   */
  rejectWhen(filters: { avs?: string[]; cvv?: string[] } | null): void;
}

export async function startFakeAuthorizeNet(credentials = { loginId: FAKE_LOGIN_ID, transactionKey: FAKE_TRANSACTION_KEY, clientKey: FAKE_CLIENT_KEY }): Promise<FakeAuthorizeNet> {
  const transactions = new Map<string, Transaction>();
  const profiles = new Map<string, CustomerProfile>();
  const nonces = new Map<string, Nonce>();
  const requests: Json[] = [];
  let nextTransId = 60_000_000_000 + Math.floor(Math.random() * 1_000_000);
  let nextProfileId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
  let failing: number | null = null;
  let filters: { avs?: string[]; cvv?: string[] } | null = null;

  const newTransId = () => String(++nextTransId);
  const newProfileId = () => String(++nextProfileId);

  function mintNonce(card: Card): string {
    const inner = { code: `50_2_${randomBytes(24).toString('hex').toUpperCase()}`, token: randomBytes(16).toString('hex'), v: '1.1' };
    const value = Buffer.from(JSON.stringify(inner)).toString('base64');
    nonces.set(value, { card, expires: Date.now() + 15 * 60_000, used: false });
    return value;
  }

  /** A nonce the fake knows: one it minted, or a test mode nonce (a fresh, unused one each time). */
  function nonceOf(value: string): Nonce | undefined {
    const test = TEST_MODE_NONCES.get(value);
    if (test) {
      const { number, ...typed } = test;
      return { card: { number, expiry: '2030-12', type: cardType(number), ...typed }, expires: Number.POSITIVE_INFINITY, used: false };
    }
    return nonces.get(value);
  }

  function tokenFor(cardNumber: string, expiry = '1230', typed: { cardCode?: string; zip?: string } = {}): string {
    const when = expiryOf(expiry);
    if (!luhn(cardNumber) || !when) throw new Error('not a test card');
    return mintNonce({
      number: cardNumber, expiry: when, type: cardType(cardNumber),
      ...(typed.cardCode ? { cardCode: String(typed.cardCode) } : {}), ...(typed.zip ? { zip: String(typed.zip) } : {}),
    });
  }

  /** merchantAuthentication: the login and the transaction key (the API's own requests) or the public client key (Accept.js). */
  function authenticate(root: string, body: Json, clientKeyAllowed = false): Json | null {
    const auth = body.merchantAuthentication;
    if (!auth || typeof auth !== 'object') return missing(root, 'merchantAuthentication');
    const byKey = auth.name === credentials.loginId && auth.transactionKey === credentials.transactionKey;
    const byClientKey = clientKeyAllowed && auth.name === credentials.loginId && auth.clientKey === credentials.clientKey;
    if (!byKey && !byClientKey) return error('E00007', 'User authentication failed due to invalid authentication values.');
    return null;
  }

  /** A transaction's answer; avs/cvv are an authorization's letters (other transactions: AVS P, no CVV letter). */
  function transactionAnswer(t: { responseCode: number; reasonCode: number; transId: string; authCode?: string; card?: Card; refTransId?: string; avs?: string; cvv?: string }, refId?: string): Json {
    const approvedLike = t.responseCode === 1 || t.responseCode === 4;
    const transactionResponse: Json = {
      responseCode: String(t.responseCode), authCode: t.authCode ?? '', avsResultCode: t.avs ?? 'P', cvvResultCode: t.cvv ?? '', cavvResultCode: t.avs ? '2' : '',
      transId: t.transId, refTransID: t.refTransId ?? '', transHash: '', testRequest: '0',
      accountNumber: t.card ? masked(t.card.number) : '', accountType: t.card?.type ?? '',
      ...(approvedLike
        ? { messages: [{ code: String(t.reasonCode), description: REASONS[t.reasonCode] ?? 'This transaction has been approved.' }] }
        : { errors: [{ errorCode: String(t.reasonCode), errorText: REASONS[t.reasonCode] ?? 'An error occurred during processing.' }] }),
      transHashSha2: '', SupplementalDataQualificationIndicator: 0,
    };
    const extra = { ...(refId ? { refId } : {}), transactionResponse };
    return approvedLike ? ok(extra) : error('E00027', 'The transaction was unsuccessful.', extra);
  }

  function failed(reasonCode: number, refId?: string, transId = '0', card?: Card): Json {
    return transactionAnswer({ responseCode: RESPONSE_CODE_OF_REASON(reasonCode) === 1 ? 3 : RESPONSE_CODE_OF_REASON(reasonCode), reasonCode, transId, card }, refId);
  }

  const duplicates = new Map<string, { transId: string; at: number; window: number; approved: boolean }>();

  function setting(request: Json, name: string): string | undefined {
    const list = request.transactionSettings?.setting;
    const found = Array.isArray(list) ? list.find((s: Json) => s?.settingName === name) : undefined;
    return found?.settingValue === undefined ? undefined : String(found.settingValue);
  }

  function createTransaction(body: Json): Json {
    const refId: string | undefined = body.refId;
    const request = body.transactionRequest;
    if (!request || typeof request !== 'object') return missing('createTransactionRequest', 'transactionRequest');
    if (!request.transactionType) return missing('transactionRequest', 'transactionType');
    const login = body.merchantAuthentication.name as string;
    switch (request.transactionType) {
      case 'authOnlyTransaction': case 'authCaptureTransaction': return authorize(login, request, refId);
      case 'priorAuthCaptureTransaction': return capture(request, refId);
      case 'voidTransaction': return voidTransaction(request, refId);
      case 'refundTransaction': return refund(login, request, refId);
      default: return error('E00003', `The '${request.transactionType}' value is invalid according to its datatype 'transactionTypeEnum'.`);
    }
  }

  /** The duplicate check: the same fields within the window; answered with the original's id when the request sent a window. */
  function duplicateOf(login: string, request: Json, card: Card, cents: number, refId?: string): Json | null {
    const sentWindow = setting(request, 'duplicateWindow');
    const window = sentWindow === undefined ? 120 : Math.min(Math.max(Number(sentWindow) || 0, 0), 28_800);
    const bill = request.billTo ?? {};
    const fields = [login, card.number, card.expiry, request.transactionType, cents, request.order?.invoiceNumber ?? '', request.poNumber ?? '',
      request.customer?.id ?? '', bill.firstName ?? '', bill.lastName ?? '', bill.company ?? '', bill.address ?? '', bill.city ?? '', bill.state ?? '', bill.zip ?? '', bill.country ?? '', sentWindow ?? ''].join('|');
    const seen = duplicates.get(fields);
    const now = Date.now();
    if (seen && now - seen.at < seen.window * 1000 && window > 0) {
      const original = transactions.get(seen.transId);
      return transactionAnswer({
        responseCode: 3, reasonCode: 11, transId: sentWindow === undefined ? '0' : seen.transId,
        authCode: sentWindow !== undefined && seen.approved ? original?.authCode : '', card,
      }, refId);
    }
    return { remember: (transId: string, approved: boolean) => duplicates.set(fields, { transId, at: now, window, approved }) };
  }

  function authorize(login: string, request: Json, refId?: string): Json {
    const cents = toCents(request.amount);
    if (!(cents > 0)) return failed(5, refId);
    if (request.currencyCode && request.currencyCode !== 'USD') return failed(39, refId);
    let card: Card;
    let profile: Transaction['profile'];
    let nonce: Nonce | undefined;
    if (request.payment?.opaqueData) {
      const opaque = request.payment.opaqueData;
      if (opaque.dataDescriptor !== 'COMMON.ACCEPT.INAPP.PAYMENT' || !opaque.dataValue) return error('E00003', "The 'dataDescriptor' element is invalid.");
      nonce = nonceOf(opaque.dataValue);
      if (!nonce || nonce.expires < Date.now()) return error('E00114', 'Invalid OTS Token.');
      card = nonce.card;
    } else if (request.payment?.creditCard) {
      const cc = request.payment.creditCard;
      const expiry = expiryOf(cc.expirationDate);
      if (!luhn(String(cc.cardNumber ?? ''))) return failed(6, refId);
      if (!expiry) return failed(7, refId);
      card = { number: cc.cardNumber, expiry, type: cardType(cc.cardNumber), ...(cc.cardCode ? { cardCode: String(cc.cardCode) } : {}) };
    } else if (request.profile?.customerProfileId) {
      const owner = profiles.get(String(request.profile.customerProfileId));
      const pp = owner?.login === login ? owner.paymentProfiles.find((p) => p.id === String(request.profile.paymentProfile?.paymentProfileId)) : undefined;
      if (!owner || !pp) return error('E00040', 'Customer Profile ID or Customer Payment Profile ID not found.', refId ? { refId } : {});
      // A profile keeps no card code: the payment may send one (profile.paymentProfile.cardCode).
      const cardCode = request.profile.paymentProfile?.cardCode;
      card = { ...pp.card, ...(cardCode ? { cardCode: String(cardCode) } : {}) };
      profile = { customerProfileId: owner.id, customerPaymentProfileId: pp.id };
    } else {
      return failed(33, refId);
    }
    const duplicate = duplicateOf(login, request, card, cents, refId);
    if (duplicate && !duplicate.remember) return duplicate;
    if (nonce?.used) return error('E00114', 'Invalid OTS Token.');
    if (nonce) nonce.used = true;

    // The testing guide's triggers: the billing ZIP (the request's billTo, else the one typed into Accept's form) and the card code.
    const zip = request.billTo?.zip ? String(request.billTo.zip) : card.zip;
    const avs = avsFor(zip);
    const cvv = cvvFor(request.payment?.creditCard?.cardCode ? String(request.payment.creditCard.cardCode) : card.cardCode);
    let reason = 1;
    if (expired(card.expiry)) reason = 8;
    else if (zip?.slice(0, 5) === DECLINE_ZIP || card.declines) reason = 2;
    else if (card.number === TEST_CARDS.reasonCode && cents % 100 === 0 && cents / 100 !== 1) reason = cents / 100;
    if (reason === 1 && filters) {
      const avsRejected = filters.avs?.includes(avs) ?? false;
      const cvvRejected = filters.cvv?.includes(cvv) ?? false;
      if (avsRejected || cvvRejected) reason = avsRejected && cvvRejected ? 45 : avsRejected ? 27 : 65;
    }
    const responseCode = RESPONSE_CODE_OF_REASON(reason);
    const transId = newTransId();
    const status: Status = responseCode === 1 ? 'authorizedPendingCapture' : responseCode === 4 ? (reason === 252 ? 'FDSPendingReview' : 'FDSAuthorizedPendingReview') : responseCode === 2 ? 'declined' : 'generalError';
    const authCode = responseCode === 1 || responseCode === 4 ? randomBytes(3).toString('hex').toUpperCase() : '';
    transactions.set(transId, {
      transId, login, type: request.transactionType, status, card, authCents: responseCode === 1 || responseCode === 4 ? cents : 0, settleCents: 0, refundedCents: 0,
      responseCode, reasonCode: reason, authCode, invoiceNumber: request.order?.invoiceNumber, submitted: new Date(), profile, avs, cvv,
    });
    (duplicate as { remember: (id: string, approved: boolean) => void }).remember(transId, responseCode === 1);
    if (request.transactionType === 'authCaptureTransaction' && responseCode === 1) {
      const t = transactions.get(transId)!;
      t.status = 'capturedPendingSettlement';
      t.settleCents = cents;
    }
    return transactionAnswer({ responseCode, reasonCode: reason, transId, authCode, card, avs, cvv }, refId);
  }

  function referenced(login: string, request: Json): Transaction | undefined {
    const t = transactions.get(String(request.refTransId ?? ''));
    return t && t.login === login ? t : undefined;
  }

  function capture(request: Json, refId?: string): Json {
    if (!request.refTransId) return failed(33, refId);
    const t = referenced(credentials.loginId, request);
    if (!t) return failed(16, refId);
    if (t.status === 'voided') return failed(310, refId, t.transId, t.card);
    if (t.status === 'capturedPendingSettlement' || t.status === 'settledSuccessfully') return failed(311, refId, t.transId, t.card);
    if (t.status !== 'authorizedPendingCapture') return failed(16, refId);
    const cents = request.amount === undefined ? t.authCents : toCents(request.amount);
    if (!(cents > 0)) return failed(5, refId);
    if (cents > t.authCents) return failed(47, refId, t.transId, t.card);
    t.status = 'capturedPendingSettlement';
    t.settleCents = cents;
    return transactionAnswer({ responseCode: 1, reasonCode: 1, transId: t.transId, refTransId: t.transId, authCode: t.authCode, card: t.card }, refId);
  }

  function voidTransaction(request: Json, refId?: string): Json {
    if (!request.refTransId) return failed(33, refId);
    const t = referenced(credentials.loginId, request);
    if (!t) return failed(16, refId);
    if (t.status === 'voided') return failed(310, refId, t.transId, t.card);
    // Any transaction not yet settled can be voided, a captured one included (that cancels the capture).
    if (!['authorizedPendingCapture', 'capturedPendingSettlement', 'FDSPendingReview', 'FDSAuthorizedPendingReview', 'refundPendingSettlement'].includes(t.status)) return failed(16, refId);
    if (t.status === 'refundPendingSettlement' && t.refTransId) {
      const original = transactions.get(t.refTransId);
      if (original) original.refundedCents -= t.settleCents;
    }
    t.status = 'voided';
    return transactionAnswer({ responseCode: 1, reasonCode: 1, transId: t.transId, refTransId: t.transId, authCode: t.authCode, card: t.card }, refId);
  }

  function refund(login: string, request: Json, refId?: string): Json {
    const cents = toCents(request.amount);
    if (!(cents > 0)) return failed(5, refId);
    const cc = request.payment?.creditCard;
    if (!cc?.cardNumber) return failed(33, refId);
    const t = referenced(login, request);
    if (!t || t.status !== 'settledSuccessfully') return failed(54, refId);
    if (!(String(cc.cardNumber) === t.card.number || String(cc.cardNumber) === t.card.number.slice(-4))) return failed(54, refId);
    if (t.refundedCents + cents > t.settleCents) return failed(55, refId);
    const duplicate = duplicateOf(login, request, t.card, cents, refId);
    if (duplicate && !duplicate.remember) return duplicate;
    const transId = newTransId();
    t.refundedCents += cents;
    transactions.set(transId, {
      transId, login, type: 'refundTransaction', status: 'refundPendingSettlement', card: t.card, authCents: 0, settleCents: cents, refundedCents: 0,
      responseCode: 1, reasonCode: 1, authCode: '', invoiceNumber: request.order?.invoiceNumber, refTransId: t.transId, submitted: new Date(), avs: 'P', cvv: '',
    });
    (duplicate as { remember: (id: string, approved: boolean) => void }).remember(transId, true);
    return transactionAnswer({ responseCode: 1, reasonCode: 1, transId, refTransId: t.transId, card: t.card }, refId);
  }

  function details(t: Transaction): Json {
    return {
      transId: t.transId, ...(t.refTransId ? { refTransId: t.refTransId } : {}),
      submitTimeUTC: t.submitted.toISOString(), submitTimeLocal: t.submitted.toISOString().slice(0, 19),
      transactionType: t.type, transactionStatus: t.status, responseCode: t.responseCode, responseReasonCode: t.reasonCode,
      responseReasonDescription: t.responseCode === 1 ? 'Approval' : 'Decline', authCode: t.authCode, AVSResponse: t.avs, ...(t.cvv ? { cardCodeResponse: t.cvv } : {}),
      ...(t.invoiceNumber ? { order: { invoiceNumber: t.invoiceNumber, discountAmount: 0, taxIsAfterDiscount: false } } : {}),
      authAmount: dollars(t.authCents), settleAmount: dollars(t.settleCents), taxExempt: false,
      payment: { creditCard: { cardNumber: masked(t.card.number), expirationDate: 'XXXX', cardType: t.card.type } },
      ...(t.profile ? { profile: t.profile } : {}),
      recurringBilling: false, product: 'Card Not Present', marketType: 'eCommerce',
    };
  }

  function paymentProfileJson(p: PaymentProfile, unmask: boolean, customerProfileId?: string): Json {
    return {
      ...(customerProfileId ? { customerProfileId } : {}), customerPaymentProfileId: p.id, ...(p.customerType ? { customerType: p.customerType } : {}),
      payment: { creditCard: { cardNumber: masked(p.card.number), expirationDate: unmask ? p.card.expiry : 'XXXX', cardType: p.card.type } },
    };
  }

  /**
   * A card for a payment profile (`paymentProfile`: its payment and billTo): the Accept nonce (used up here) or, as
   * the API also allows, a card number. The billing ZIP is kept (the profile's billTo, else the nonce's); the card code never is.
   */
  function cardOfPayment(paymentProfile: Json | undefined): Card | Json {
    const payment = paymentProfile?.payment;
    const zip = paymentProfile?.billTo?.zip ? String(paymentProfile.billTo.zip) : undefined;
    if (payment?.opaqueData) {
      const nonce = nonceOf(String(payment.opaqueData.dataValue ?? ''));
      if (!nonce || nonce.used || nonce.expires < Date.now() || payment.opaqueData.dataDescriptor !== 'COMMON.ACCEPT.INAPP.PAYMENT') return error('E00114', 'Invalid OTS Token.');
      nonce.used = true;
      const { cardCode: _notKept, ...card } = nonce.card;
      return { ...card, ...(zip ? { zip } : {}) };
    }
    if (payment?.creditCard) {
      const expiry = expiryOf(payment.creditCard.expirationDate);
      if (!luhn(String(payment.creditCard.cardNumber ?? '')) || !expiry) return error('E00013', 'Card Number is invalid.');
      return { number: payment.creditCard.cardNumber, expiry, type: cardType(payment.creditCard.cardNumber), ...(zip ? { zip } : {}) };
    }
    return missing('paymentProfile', 'payment');
  }
  const isCard = (value: Card | Json): value is Card => typeof (value as Card).number === 'string';

  function ownProfile(login: string, id: unknown): CustomerProfile | undefined {
    const p = profiles.get(String(id ?? ''));
    return p && p.login === login ? p : undefined;
  }

  function handle(root: string, body: Json): Json {
    if (root === 'securePaymentContainerRequest') {
      const refused = authenticate(root, body, true);
      if (refused) return refused;
      const token = body.data?.token;
      if (!token?.cardNumber) return missing('data', 'token');
      const expiry = expiryOf(token.expirationDate);
      if (!luhn(String(token.cardNumber)) || !expiry) return error('E00003', 'Invalid card data.');
      const typed = { cardCode: token.cardCode ? String(token.cardCode) : undefined, zip: token.zip ? String(token.zip) : undefined };
      return ok({ ...(body.refId ? { refId: body.refId } : {}), opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: tokenFor(String(token.cardNumber), token.expirationDate, typed) } });
    }
    const refused = authenticate(root, body);
    if (refused) return refused;
    const login = body.merchantAuthentication.name as string;
    const echo = body.refId ? { refId: body.refId } : {};
    switch (root) {
      case 'authenticateTestRequest': return ok(echo);
      case 'createTransactionRequest': return createTransaction(body);
      case 'getTransactionDetailsRequest': {
        if (!body.transId) return missing(root, 'transId');
        const t = transactions.get(String(body.transId));
        if (!t || t.login !== login) return error('E00040', 'The record cannot be found.', echo);
        return ok({ ...echo, transaction: details(t) });
      }
      case 'getUnsettledTransactionListRequest': {
        // Newest first when asked (sorting submitTimeUTC descending); paging {limit 1-1000, offset from 1}; settled ones are not listed.
        const limit = Number(body.paging?.limit ?? 1000);
        const offset = Number(body.paging?.offset ?? 1);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000 || !Number.isInteger(offset) || offset < 1) return error('E00003', 'The paging element is invalid.', echo);
        const unsettled = [...transactions.values()].filter((t) => t.login === login && t.status !== 'settledSuccessfully' && t.status !== 'refundSettledSuccessfully');
        if (body.sorting?.orderDescending === true || body.sorting?.orderDescending === 'true') unsettled.reverse();
        const page = unsettled.slice((offset - 1) * limit, offset * limit);
        const rows = page.map((t) => ({
          transId: t.transId, submitTimeUTC: t.submitted.toISOString(), submitTimeLocal: t.submitted.toISOString().slice(0, 19), transactionStatus: t.status,
          ...(t.invoiceNumber ? { invoiceNumber: t.invoiceNumber } : {}), accountType: t.card.type, accountNumber: masked(t.card.number),
          settleAmount: dollars(t.settleCents), marketType: 'eCommerce', product: 'Card Not Present',
        }));
        if (!rows.length) return { ...echo, totalNumInResultSet: 0, messages: { resultCode: 'Ok', message: [{ code: 'I00004', text: 'No records found.' }] } };
        return ok({ ...echo, transactions: rows, totalNumInResultSet: unsettled.length });
      }
      case 'updateHeldTransactionRequest': {
        const held = body.heldTransactionRequest;
        if (!held?.action || !held.refTransId) return missing(root, 'heldTransactionRequest');
        const t = transactions.get(String(held.refTransId));
        if (!t || t.login !== login || !['FDSPendingReview', 'FDSAuthorizedPendingReview'].includes(t.status)) return failed(16, body.refId);
        t.status = held.action === 'approve' ? 'authorizedPendingCapture' : 'declined';
        return transactionAnswer({ responseCode: 1, reasonCode: 1, transId: t.transId, card: t.card }, body.refId);
      }
      case 'createCustomerProfileRequest': {
        const profile = body.profile;
        if (!profile) return missing(root, 'profile');
        if (!profile.merchantCustomerId && !profile.description && !profile.email) return error('E00041', 'One or more fields in the profile must contain a value.');
        const same = [...profiles.values()].find((p) => p.login === login && p.merchantCustomerId === profile.merchantCustomerId && p.description === profile.description && p.email === profile.email);
        if (same) return error('E00039', `A duplicate record with ID ${same.id} already exists.`, echo);
        const cards: PaymentProfile[] = [];
        for (const pp of profile.paymentProfiles ?? []) {
          const card = cardOfPayment(pp);
          if (!isCard(card)) return card;
          cards.push({ id: newProfileId(), card, customerType: pp.customerType });
        }
        const created: CustomerProfile = { id: newProfileId(), login, merchantCustomerId: profile.merchantCustomerId, description: profile.description, email: profile.email, paymentProfiles: cards };
        profiles.set(created.id, created);
        return ok({ ...echo, customerProfileId: created.id, customerPaymentProfileIdList: cards.map((c) => c.id), customerShippingAddressIdList: [], validationDirectResponseList: [] });
      }
      case 'createCustomerPaymentProfileRequest': {
        if (!body.customerProfileId) return missing(root, 'customerProfileId');
        if (!body.paymentProfile) return missing(root, 'paymentProfile');
        const owner = ownProfile(login, body.customerProfileId);
        if (!owner) return error('E00040', 'The record cannot be found.', echo);
        const card = cardOfPayment(body.paymentProfile);
        if (!isCard(card)) return card;
        const same = owner.paymentProfiles.find((p) => p.card.number === card.number && p.card.expiry === card.expiry);
        if (same) return error('E00039', 'A duplicate customer payment profile already exists.', { ...echo, customerProfileId: owner.id, customerPaymentProfileId: same.id });
        const added = { id: newProfileId(), card, customerType: body.paymentProfile.customerType };
        owner.paymentProfiles.push(added);
        return ok({ ...echo, customerProfileId: owner.id, customerPaymentProfileId: added.id });
      }
      case 'getCustomerProfileRequest': {
        if (!body.customerProfileId && !body.merchantCustomerId && !body.email) return missing(root, 'customerProfileId');
        const owner = body.customerProfileId ? ownProfile(login, body.customerProfileId)
          : [...profiles.values()].find((p) => p.login === login && ((body.merchantCustomerId && p.merchantCustomerId === body.merchantCustomerId) || (body.email && p.email === body.email)));
        if (!owner) return error('E00040', 'The record cannot be found.', echo);
        const unmask = body.unmaskExpirationDate === true || body.unmaskExpirationDate === 'true';
        return ok({
          ...echo,
          profile: {
            ...(owner.merchantCustomerId ? { merchantCustomerId: owner.merchantCustomerId } : {}), ...(owner.description ? { description: owner.description } : {}),
            ...(owner.email ? { email: owner.email } : {}), customerProfileId: owner.id,
            ...(owner.paymentProfiles.length ? { paymentProfiles: owner.paymentProfiles.map((p) => paymentProfileJson(p, unmask, owner.id)) } : {}),
            profileType: 'regular',
          },
        });
      }
      case 'getCustomerPaymentProfileRequest': {
        if (!body.customerProfileId) return missing(root, 'customerProfileId');
        if (!body.customerPaymentProfileId) return missing(root, 'customerPaymentProfileId');
        const owner = ownProfile(login, body.customerProfileId);
        const pp = owner?.paymentProfiles.find((p) => p.id === String(body.customerPaymentProfileId));
        if (!owner || !pp) return error('E00040', 'The record cannot be found.', echo);
        return ok({ ...echo, paymentProfile: paymentProfileJson(pp, body.unmaskExpirationDate === true || body.unmaskExpirationDate === 'true', owner.id) });
      }
      case 'deleteCustomerPaymentProfileRequest': {
        if (!body.customerProfileId) return missing(root, 'customerProfileId');
        if (!body.customerPaymentProfileId) return missing(root, 'customerPaymentProfileId');
        const owner = ownProfile(login, body.customerProfileId);
        const index = owner ? owner.paymentProfiles.findIndex((p) => p.id === String(body.customerPaymentProfileId)) : -1;
        if (!owner || index < 0) return error('E00040', 'The record cannot be found.', echo);
        owner.paymentProfiles.splice(index, 1);
        return ok(echo);
      }
      default:
        return error('E00003', `The element '${root}' ${NS} is not declared.`);
    }
  }

  function answer(res: ServerResponse, status: number, body: Json | string): void {
    const text = typeof body === 'string' ? body : `\uFEFF${JSON.stringify(body)}`;
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (failing !== null) return answer(res, failing, '<html><body>Service Unavailable</body></html>');
      if (req.method !== 'POST' || req.url !== '/xml/v1/request.api') return answer(res, 404, '<html><body>Not Found</body></html>');
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, ''));
      } catch {
        return answer(res, 200, error('E00002', 'The content-type specified is not supported.'));
      }
      const roots = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : [];
      if (roots.length !== 1 || !roots[0]!.endsWith('Request')) return answer(res, 200, error('E00003', 'Root element is missing.'));
      const root = roots[0]!;
      const body = (parsed as Json)[root];
      if (!body || typeof body !== 'object') return answer(res, 200, missing(root, 'merchantAuthentication'));
      requests.push({ [root]: body });
      try {
        answer(res, 200, handle(root, body as Json));
      } catch {
        answer(res, 200, error('E00001', 'An error occurred during processing. Please try again.'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
    tokenFor,
    settle() {
      for (const t of transactions.values()) {
        if (t.status === 'capturedPendingSettlement') t.status = 'settledSuccessfully';
        else if (t.status === 'refundPendingSettlement') t.status = 'refundSettledSuccessfully';
      }
    },
    transaction: (transId) => transactions.get(transId),
    transactions: () => [...transactions.values()],
    requests,
    notification(eventType, transId, signatureKey = FAKE_SIGNATURE_KEY) {
      const t = transactions.get(transId);
      const body = JSON.stringify({
        notificationId: randomUUID(), eventType, eventDate: new Date().toISOString(), webhookId: randomUUID(),
        payload: {
          responseCode: t?.responseCode ?? 1, authCode: t?.authCode ?? '', avsResponse: t?.avs ?? 'P', authAmount: dollars(t?.authCents ?? 0),
          ...(t?.invoiceNumber ? { invoiceNumber: t.invoiceNumber } : {}), entityName: 'transaction', id: transId,
        },
      });
      return { body, signature: webhookSignature(body, signatureKey) };
    },
    failWith(status) { failing = status; },
    rejectWhen(next) { filters = next; },
  };
}
