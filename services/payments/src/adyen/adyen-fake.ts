/**
 * A local stand-in for Adyen's Checkout API v72 (plain node:http on 127.0.0.1, state in memory), for the adapter's
 * tests. It is no payment processor and speaks to this machine only.
 *
 * Followed (Adyen's published documentation and the official SDK @adyen/api-library 32.1.0, whose generated
 * classes give the paths, field names and response models of Checkout v72):
 * - API explorer, Checkout v72: POST /payments, POST /payments/details, POST /payments/{pspReference}/captures,
 *   /cancels, /refunds, GET / POST /storedPaymentMethods, DELETE /storedPaymentMethods/{id} (paths and fields as the
 *   SDK's PaymentsApi, ModificationsApi and RecurringApi send them; modifications answer 201 with `status: received`).
 * - "API credentials" / SDK transport: the key in the `X-API-Key` header; "Error codes and messages": error bodies
 *   `{status, errorCode, message, errorType, pspReference}`, 401 `000` Unauthorized, 403 `010` Not allowed, 403 `901`
 *   Invalid Merchant Account, 422 `100` Required object 'amount' is not provided, 422 `101` Invalid card number.
 * - "Test card numbers": the unencrypted test form of the card fields (`test_4111111111111111`, `test_03`,
 *   `test_2030`, `test_737`); the 3-D Secure 2 test cards 4917 6100 0000 0000 and 5454 5454 5454 5454.
 * - "Testing result codes" / "Testing with card holder name": `holderName` (DECLINED, NOT_ENOUGH_BALANCE,
 *   CARD_EXPIRED, …) or `additionalData.RequestedTestAcquirerResponseCode` choose the refusal, with Adyen's
 *   refusalReason / refusalReasonCode pairs; a wrong security code is a generic Refused.
 * - "Idempotent requests": the `Idempotency-Key` header; a repeat answers the first answer.
 * - The SDK's ResponseAdditionalDataCard / Common / BillingAddress and FraudResult, "AVS" and its test form
 *   (billingAddress.street 'Test AVS result', the result's code in houseNumberOrName): an Authorised answer carries
 *   the card's additionalData (cardSummary, cardBin, paymentMethod, alias, avsResult, cvcResult) and fraudResult.
 * - "Webhooks / HMAC signatures": `signNotificationItem` signs an item as Adyen does (see the adapter's test).
 * - "Webhook structure and types", "Capture", "Refund", "CAPTURE_FAILED and REFUND_FAILED reasons": a modification's
 *   outcome comes later as a webhook: CAPTURE / CANCELLATION / REFUND / TECHNICAL_CANCEL (success true or false),
 *   CAPTURE_FAILED / REFUND_FAILED (the card scheme refused it after a success), REFUNDED_REVERSED (the refunded money
 *   came back). `notification(pspReference, eventCode, success)` makes one for a modification the fake received
 *   (`modifications`), signed with the HMAC key as Adyen signs them; a failure undoes it in the fake's own state.
 *   Not confirmed, and chosen here: the item's pspReference is the modification's, originalReference the payment's
 *   (a technical cancel's: the payment it found, else empty), merchantReference the modification's `reference` when
 *   it sent one, else the payment's (a technical cancel's: its paymentReference), amount the modification's (a
 *   cancel's: the payment's; a technical cancel that found none: 0), and the failure's `reason` text.
 *
 * Could not confirm, and chosen here (marked "not confirmed" below): the error code of a capture or refund above
 * what is left (422 `137` Invalid amount specified), of a cancel after a capture (Adyen answers received and later
 * sends CANCELLATION success=false; here 422 `000` at once), of an unknown pspReference (422 `167`), of a stored
 * card not found for the shopper (422 `800` Contract not found), of a redirectResult not known (422 `000`), of
 * encrypted data this fake cannot decrypt (422 `174` Unable to decrypt data), and of a missing field other than
 * `amount` (422 `100` with the field's name); whether a repeat with the same key and another body is refused (here
 * the first answer is given); Adyen's bank page (here GET /fake/threeDS/{pspReference} completes or, with
 * ?result=refused, refuses it, and redirects to the returnUrl with `redirectResult`); the exact set of test cards
 * (a few of the documented ones below; any other card number that passes the Luhn check is approved).
 */
import http from 'node:http';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export const FAKE_ADYEN_API_KEY = 'AQE_fake_test_api_key';
export const FAKE_ADYEN_MERCHANT_ACCOUNT = 'PlatformTestECOM';
/** A hex HMAC key as Adyen's Customer Area makes them (64 hex characters). */
export const FAKE_ADYEN_HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';

/** Documented test cards: number → brand (Adyen's variant names). */
const TEST_CARDS: Record<string, { brand: string; threeDS?: true }> = {
  '4111111111111111': { brand: 'visa' }, '4111111145551142': { brand: 'visa' }, '4988438843884305': { brand: 'visa' },
  '5555555555554444': { brand: 'mc' }, '5555341244441115': { brand: 'mc' }, '2222400070000005': { brand: 'mc' },
  '370000000000002': { brand: 'amex' }, '6011601160116611': { brand: 'discover' }, '3600666633336': { brand: 'diners' },
  '4917610000000000': { brand: 'visa', threeDS: true }, '5454545454545454': { brand: 'mc', threeDS: true },
};

/** Adyen's test refusals: holderName → [resultCode, refusalReason, refusalReasonCode] ("Testing result codes"). */
const REFUSALS: Record<string, [string, string, string]> = {
  UNKNOWN: ['Error', 'Unknown', '0'], DECLINED: ['Refused', 'Refused', '2'], REFERRAL: ['Refused', 'Referral', '3'],
  ERROR: ['Error', 'Acquirer Error', '4'], BLOCK_CARD: ['Refused', 'Blocked Card', '5'], CARD_EXPIRED: ['Refused', 'Expired Card', '6'],
  INVALID_AMOUNT: ['Refused', 'Invalid Amount', '7'], INVALID_CARD_NUMBER: ['Refused', 'Invalid Card Number', '8'],
  ISSUER_UNAVAILABLE: ['Refused', 'Issuer Unavailable', '9'], NOT_SUPPORTED: ['Refused', 'Not supported', '10'],
  NOT_3D_AUTHENTICATED: ['Refused', '3D Not Authenticated', '11'], NOT_ENOUGH_BALANCE: ['Refused', 'Not enough balance', '12'],
  ACQUIRER_FRAUD: ['Refused', 'Acquirer Fraud', '14'], CANCELLED: ['Cancelled', 'Cancelled', '15'],
  SHOPPER_CANCELLED: ['Cancelled', 'Shopper Cancelled', '16'], FRAUD: ['Refused', 'FRAUD', '20'],
  CVC_DECLINED: ['Refused', 'CVC Declined', '24'], RESTRICTED_CARD: ['Refused', 'Restricted Card', '25'],
  AUTHENTICATION_REQUIRED: ['Refused', 'Authentication required', '38'],
};
const REFUSALS_BY_CODE = Object.fromEntries(Object.values(REFUSALS).map((r) => [r[2], r]));

interface Amount { value: number; currency: string }

export interface FakePayment {
  pspReference: string;
  merchantReference: string;
  merchantAccount: string;
  amount: Amount;
  /** authorised (held), pending (at the bank's page), refused, cancelled. */
  state: 'authorised' | 'pending' | 'refused' | 'cancelled';
  manualCapture: boolean;
  capturedCents: number;
  refundedCents: number;
  shopperReference?: string;
  returnUrl?: string;
  redirectResult?: string;
  refusal?: [string, string, string];
  metadata?: Record<string, string>;
  /** What an Authorised answer tells of the card (additionalData), kept for /payments/details. */
  cardData?: Record<string, string>;
}

/** A capture, cancel or refund the fake answered `received` (a technical cancel: by paymentReference). */
export interface FakeModification {
  pspReference: string;
  kind: 'captures' | 'cancels' | 'refunds' | 'technical_cancel';
  /** The payment it modifies (a technical cancel's: the one it cancelled, if any). */
  paymentPspReference?: string;
  /** A technical cancel's paymentReference. */
  paymentReference?: string;
  amount?: Amount;
  reference?: string;
}

/** The outcome webhooks of a modification (Adyen's eventCode values). */
export type ModificationEvent = 'CAPTURE' | 'CANCELLATION' | 'REFUND' | 'TECHNICAL_CANCEL' | 'CAPTURE_FAILED' | 'REFUND_FAILED' | 'REFUNDED_REVERSED';

export interface FakeStoredCard {
  id: string; shopperReference: string; merchantAccount: string; brand: string; lastFour: string; expiryMonth: string; expiryYear: string; holderName?: string;
  /** The fake's own record of the card (its alias and BIN); never answered. */
  cardNumber: string;
}

export interface FakeAdyen {
  url: string;
  apiKey: string;
  merchantAccount: string;
  hmacKey: string;
  payments: Map<string, FakePayment>;
  storedCards: Map<string, FakeStoredCard>;
  /** Every request as it came: method, path (with query), the Idempotency-Key and the parsed body. */
  requests: Array<{ method: string; path: string; idempotencyKey?: string; apiKey?: string; body?: Record<string, unknown> }>;
  /** Every capture, cancel and refund answered `received`, oldest first. */
  modifications: FakeModification[];
  /**
   * The signed notification body (JSON) Adyen sends with a modification's outcome: `eventCode` with `success`
   * (CAPTURE_FAILED, REFUND_FAILED and REFUNDED_REVERSED come with success true). A failure (success false, or one
   * of those three) undoes the modification in the fake: the capture or refund no longer counts, the cancel did not
   * happen.
   */
  notification(pspReference: string, eventCode: ModificationEvent, success?: boolean): string;
  close(): Promise<void>;
}

class AdyenFailure extends Error {
  constructor(readonly status: number, readonly errorCode: string, message: string, readonly errorType: string) {
    super(message);
  }
}
const validation = (errorCode: string, message: string) => new AdyenFailure(422, errorCode, message, 'validation');
const required = (field: string) => validation('100', field === 'amount' ? "Required object 'amount' is not provided." : `Required field '${field}' is not provided.`);

/** A pspReference in Adyen's current form: 16 upper-case letters and digits. */
function pspReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(number: string): string {
  const known = TEST_CARDS[number];
  if (known) return known.brand;
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mc';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

/** Adyen's generic AVS results ("AVS" page; avsResult is "<code> <text>"). */
const AVS_RESULTS: Record<string, string> = {
  0: 'Unknown', 1: "Address matches, postal code doesn't", 2: 'Neither postal code nor address match', 3: 'AVS unavailable',
  4: 'AVS not supported for this card type', 5: 'No AVS data provided', 6: "Postal code matches, address doesn't match", 7: 'Both postal code and address match',
  8: 'Address not checked, postal code unknown', 9: 'Address matches, postal code unknown', 10: "Address doesn't match, postal code unknown",
  11: 'Postal code not checked, address unknown', 12: 'Address matches, postal code not checked', 13: "Address doesn't match, postal code not checked",
  14: 'Postal code matches, address unknown', 15: 'Postal code matches, address not checked', 16: "Postal code doesn't match, address unknown",
  17: "Postal code doesn't match, address not checked", 18: 'Neither postal code nor address were checked', 19: 'Name and postal code matches',
  20: 'Name, address and postal code matches', 21: 'Name and address matches', 22: 'Name matches', 23: "Postal code matches, name doesn't match",
  24: "Both postal code and address matches, name doesn't match", 25: "Address matches, name doesn't match", 26: 'Neither postal code, address nor name match',
};

/**
 * The AVS result of a payment: Adyen's documented test form (billingAddress.street 'Test AVS result' and the code
 * wanted in houseNumberOrName) gives that code; no address gives 5; any other address 7 (not confirmed: a real
 * issuer compares it).
 */
function avsResultOf(address: Record<string, unknown> | undefined): string {
  if (!address || typeof address !== 'object') return `5 ${AVS_RESULTS[5]}`;
  const code = /^\s*(\d{1,2})\b/.exec(String(address.houseNumberOrName ?? ''))?.[1];
  if (address.street === 'Test AVS result' && code && AVS_RESULTS[code]) return `${code} ${AVS_RESULTS[code]}`;
  return `7 ${AVS_RESULTS[7]}`;
}

/**
 * The card's additionalData on an Authorised answer (ResponseAdditionalDataCard / Common / BillingAddress), as an
 * account that selected them under Developers › Additional data returns them: cardSummary, cardBin, paymentMethod,
 * expiryDate, the card alias (one per card number and merchant account; here a hash of the two), avsResult and
 * cvcResult ('1 Matches' for the test CVC, '6 No CVC/CVV provided' without one, as for a stored card).
 */
function cardDataOf(card: { number: string; brand: string; expiryMonth: string; expiryYear: string; cvc?: string; stored?: FakeStoredCard },
  account: string, address: Record<string, unknown> | undefined): Record<string, string> {
  const number = card.stored ? card.stored.cardNumber : card.number;
  const alias = `H${BigInt(`0x${createHash('sha256').update(`${account}:${number}`).digest('hex').slice(0, 14)}`).toString().padStart(15, '0').slice(-15)}`;
  return {
    cardSummary: number.slice(-4), cardBin: number.slice(0, 6), paymentMethod: card.brand, cardPaymentMethod: card.brand,
    expiryDate: `${Number(card.expiryMonth)}/${card.expiryYear}`, alias, aliasType: 'Default',
    avsResult: avsResultOf(address), cvcResult: card.cvc ? '1 Matches' : '6 No CVC/CVV provided',
    ...(address && typeof address.postalCode === 'string' ? { 'billingAddress.postalCode': address.postalCode } : {}),
    ...(address && typeof address.country === 'string' ? { 'billingAddress.country': address.country } : {}),
  };
}

/** The fields Adyen signs in a notification item, joined with ':' (amount value in minor units). */
export function notificationSigningString(item: {
  pspReference?: string; originalReference?: string; merchantAccountCode?: string; merchantReference?: string;
  amount: Amount; eventCode: string; success: string;
}): string {
  return [item.pspReference ?? '', item.originalReference ?? '', item.merchantAccountCode ?? '', item.merchantReference ?? '',
    item.amount.value, item.amount.currency, item.eventCode, item.success].join(':');
}

/** HMAC-SHA256 of the signing string with the hex-decoded key, base64: `additionalData.hmacSignature`. */
export function signNotificationItem(item: Parameters<typeof notificationSigningString>[0], hexKey: string): string {
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(notificationSigningString(item), 'utf8').digest('base64');
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export async function startFakeAdyen(options: { apiKey?: string; merchantAccount?: string; hmacKey?: string } = {}): Promise<FakeAdyen> {
  const apiKey = options.apiKey ?? FAKE_ADYEN_API_KEY;
  const merchantAccount = options.merchantAccount ?? FAKE_ADYEN_MERCHANT_ACCOUNT;
  const payments = new Map<string, FakePayment>();
  const storedCards = new Map<string, FakeStoredCard>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const redirects = new Map<string, string>();
  const requests: FakeAdyen['requests'] = [];
  const modifications: FakeModification[] = [];
  let base = '';

  function checkMerchant(body: Record<string, unknown>, payment?: { merchantAccount: string }): void {
    const account = str(body.merchantAccount);
    if (!account) throw required('merchantAccount');
    if (account !== merchantAccount || (payment && payment.merchantAccount !== account)) {
      throw new AdyenFailure(403, '901', 'Invalid Merchant Account', 'security');
    }
  }

  function amountOf(body: Record<string, unknown>): Amount {
    const amount = body.amount as Partial<Amount> | undefined;
    if (!amount || typeof amount !== 'object') throw required('amount');
    if (!Number.isSafeInteger(amount.value) || (amount.value as number) < 0) throw validation('137', 'Invalid amount specified');
    if (typeof amount.currency !== 'string' || !/^[A-Z]{3}$/.test(amount.currency)) throw validation('000', 'Invalid currency');
    return { value: amount.value as number, currency: amount.currency };
  }

  /** The card in a `paymentMethod` of type scheme: Adyen's test form of the encrypted fields, or a stored card. */
  function cardOf(method: Record<string, unknown>, shopperReference: string | undefined, account: string):
    { number: string; brand: string; expiryMonth: string; expiryYear: string; cvc?: string; holderName?: string; stored?: FakeStoredCard } {
    const storedId = str(method.storedPaymentMethodId) ?? str(method.recurringDetailReference);
    if (storedId) {
      if (!shopperReference) throw required('shopperReference');
      const stored = storedCards.get(storedId);
      if (!stored || stored.shopperReference !== shopperReference || stored.merchantAccount !== account) throw validation('800', 'Contract not found');
      return { number: '', brand: stored.brand, expiryMonth: stored.expiryMonth, expiryYear: stored.expiryYear, holderName: stored.holderName, stored };
    }
    // Raw card data needs the PCI role this account does not have (Adyen: 403 010 Not allowed).
    if (method.number !== undefined || method.cvc !== undefined) throw new AdyenFailure(403, '010', 'Not allowed', 'security');
    const fields = ['encryptedCardNumber', 'encryptedExpiryMonth', 'encryptedExpiryYear'] as const;
    for (const f of fields) if (!str(method[f])) throw required(`paymentMethod.${f}`);
    const plain = (v: string | undefined) => {
      if (v === undefined) return undefined;
      // Not confirmed: the code Adyen answers for encrypted data it cannot decrypt (this fake has no Adyen key).
      if (!v.startsWith('test_')) throw validation('174', 'Unable to decrypt data');
      return v.slice('test_'.length);
    };
    const number = plain(str(method.encryptedCardNumber))!.replace(/\s/g, '');
    if (!/^\d{12,19}$/.test(number) || !luhn(number)) throw validation('101', 'Invalid card number');
    return {
      number, brand: brandOf(number), expiryMonth: plain(str(method.encryptedExpiryMonth))!, expiryYear: plain(str(method.encryptedExpiryYear))!,
      cvc: plain(str(method.encryptedSecurityCode)), holderName: str(method.holderName),
    };
  }

  function payments_(body: Record<string, unknown>): { status: number; body: unknown } {
    checkMerchant(body);
    const amount = amountOf(body);
    const reference = str(body.reference);
    if (!reference) throw required('reference');
    const method = body.paymentMethod as Record<string, unknown> | undefined;
    if (!method || typeof method !== 'object') throw required('paymentMethod');
    if (typeof body.returnUrl !== 'string') throw required('returnUrl');
    if ((method.type ?? 'scheme') !== 'scheme') throw validation('000', 'Payment method not supported');
    const shopperReference = str(body.shopperReference);
    const card = cardOf(method, shopperReference, merchantAccount);
    const additional = (body.additionalData ?? {}) as Record<string, unknown>;
    const payment: FakePayment = {
      pspReference: pspReference(), merchantReference: reference, merchantAccount, amount, state: 'authorised',
      manualCapture: String(additional.manualCapture) === 'true' || typeof body.captureDelayHours === 'number',
      capturedCents: 0, refundedCents: 0, shopperReference, returnUrl: body.returnUrl as string,
      ...(body.metadata ? { metadata: body.metadata as Record<string, string> } : {}),
    };
    payment.cardData = cardDataOf(card, merchantAccount, body.billingAddress as Record<string, unknown> | undefined);
    payments.set(payment.pspReference, payment);
    const requested = additional.RequestedTestAcquirerResponseCode;
    const refusal = (card.holderName && REFUSALS[card.holderName.trim().toUpperCase()])
      || (requested !== undefined ? REFUSALS_BY_CODE[String(requested)] : undefined)
      // A wrong security code or a past expiry: a generic refusal ("Testing with card holder name").
      || (card.cvc !== undefined && card.cvc !== '737' && card.cvc !== '7373' ? REFUSALS.DECLINED : undefined)
      || (Number(card.expiryYear) < new Date().getFullYear() ? REFUSALS.DECLINED : undefined);
    const base_ = { pspReference: payment.pspReference, merchantReference: reference };
    if (refusal) {
      payment.state = 'refused';
      payment.refusal = refusal;
      return { status: 200, body: { ...base_, resultCode: refusal[0], refusalReason: refusal[1], refusalReasonCode: refusal[2], amount } };
    }
    if (!card.stored && TEST_CARDS[card.number]?.threeDS) {
      const attempt = (body.authenticationData as { attemptAuthentication?: string } | undefined)?.attemptAuthentication;
      if (attempt === 'never' || !payment.returnUrl) {
        payment.state = 'refused';
        payment.refusal = REFUSALS.AUTHENTICATION_REQUIRED;
        const r = REFUSALS.AUTHENTICATION_REQUIRED;
        return { status: 200, body: { ...base_, resultCode: r[0], refusalReason: r[1], refusalReasonCode: r[2], amount } };
      }
      payment.state = 'pending';
      return {
        status: 200,
        body: {
          ...base_, resultCode: 'RedirectShopper',
          action: { paymentMethodType: 'scheme', url: `${base}/fake/threeDS/${payment.pspReference}`, method: 'GET', type: 'redirect' },
        },
      };
    }
    if (!payment.manualCapture) payment.capturedCents = amount.value;
    // The risk checks' result: no rule of the fake scores a payment (accountScore 0).
    const response: Record<string, unknown> = { ...base_, resultCode: 'Authorised', amount, additionalData: payment.cardData, fraudResult: { accountScore: 0, results: [] } };
    if (body.storePaymentMethod === true && shopperReference && !card.stored) {
      const stored = store(shopperReference, card);
      response.additionalData = { ...payment.cardData, 'tokenization.storedPaymentMethodId': stored.id, 'tokenization.shopperReference': shopperReference };
    }
    return { status: 200, body: response };
  }

  function store(shopperReference: string, card: ReturnType<typeof cardOf>): FakeStoredCard {
    const stored: FakeStoredCard = {
      id: pspReference(), shopperReference, merchantAccount, brand: card.brand, lastFour: card.number.slice(-4), cardNumber: card.number,
      expiryMonth: card.expiryMonth.padStart(2, '0'), expiryYear: card.expiryYear, ...(card.holderName ? { holderName: card.holderName } : {}),
    };
    storedCards.set(stored.id, stored);
    return stored;
  }

  function storedResource(s: FakeStoredCard) {
    return {
      id: s.id, type: 'scheme', brand: s.brand, lastFour: s.lastFour, expiryMonth: s.expiryMonth, expiryYear: s.expiryYear,
      ...(s.holderName ? { holderName: s.holderName } : {}), shopperReference: s.shopperReference,
      supportedRecurringProcessingModels: ['CardOnFile'], supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
    };
  }

  function paymentOf(psp: string, body: Record<string, unknown>): FakePayment {
    checkMerchant(body);
    const payment = payments.get(psp);
    // Not confirmed: Adyen's code for a pspReference it does not know.
    if (!payment) throw validation('167', 'Original pspReference required for this operation');
    checkMerchant(body, payment);
    return payment;
  }

  function modification(psp: string, kind: 'captures' | 'cancels' | 'refunds', body: Record<string, unknown>): { status: number; body: unknown } {
    const payment = paymentOf(psp, body);
    const answer = (amount?: Amount) => {
      const reference = str(body.reference);
      const made: FakeModification = { pspReference: pspReference(), kind, paymentPspReference: psp, ...(amount ? { amount } : {}), ...(reference ? { reference } : {}) };
      modifications.push(made);
      return {
        status: 201,
        body: { merchantAccount, paymentPspReference: psp, pspReference: made.pspReference, ...(reference ? { reference } : {}), status: 'received', ...(amount ? { amount } : {}) },
      };
    };
    if (kind === 'cancels') {
      // Not confirmed: Adyen answers received and cancels nothing once captured (CANCELLATION success=false later).
      if (payment.state !== 'authorised' || payment.capturedCents > 0) throw validation('000', 'Payment cannot be cancelled');
      payment.state = 'cancelled';
      return answer();
    }
    const amount = amountOf(body);
    if (amount.currency !== payment.amount.currency) throw validation('000', 'Invalid currency');
    if (kind === 'captures') {
      if (payment.state !== 'authorised') throw validation('000', 'Payment cannot be captured');
      // Not confirmed: the code for more than is left to capture.
      if (amount.value <= 0 || payment.capturedCents + amount.value > payment.amount.value) throw validation('137', 'Invalid amount specified');
      payment.capturedCents += amount.value;
      return answer(amount);
    }
    if (amount.value <= 0 || payment.refundedCents + amount.value > payment.capturedCents) throw validation('137', 'Invalid amount specified');
    payment.refundedCents += amount.value;
    return answer(amount);
  }

  function route(method: string, url: URL, body: Record<string, unknown>): { status: number; body: unknown } {
    const path = url.pathname;
    if (method === 'POST' && path === '/v72/payments') return payments_(body);
    if (method === 'POST' && path === '/v72/payments/details') {
      const redirectResult = str((body.details as Record<string, unknown> | undefined)?.redirectResult);
      if (!redirectResult) throw required('details');
      const payment = payments.get(redirects.get(redirectResult) ?? '');
      if (!payment) throw validation('000', 'Invalid redirectResult');
      const outcome = payment.state === 'authorised' ? { resultCode: 'Authorised', amount: payment.amount, additionalData: payment.cardData, fraudResult: { accountScore: 0, results: [] } }
        : payment.refusal ? { resultCode: payment.refusal[0], refusalReason: payment.refusal[1], refusalReasonCode: payment.refusal[2] }
          : { resultCode: payment.state === 'pending' ? 'RedirectShopper' : 'Cancelled' };
      return { status: 200, body: { pspReference: payment.pspReference, merchantReference: payment.merchantReference, ...outcome } };
    }
    if (method === 'POST' && path === '/v72/cancels') {
      // The technical cancel: by the payment's merchant reference; received whether or not one exists (Adyen tells the
      // outcome in a TECHNICAL_CANCEL webhook: notification()). An authorised payment of it is cancelled.
      const reference = str(body.paymentReference);
      if (!reference) throw required('paymentReference');
      checkMerchant(body);
      const made: FakeModification = { pspReference: pspReference(), kind: 'technical_cancel', paymentReference: reference, ...(str(body.reference) ? { reference: str(body.reference) } : {}) };
      for (const payment of payments.values()) {
        if (payment.merchantReference === reference && payment.state === 'authorised' && payment.capturedCents === 0) {
          payment.state = 'cancelled';
          made.paymentPspReference = payment.pspReference;
        }
      }
      modifications.push(made);
      return { status: 201, body: { merchantAccount, paymentReference: reference, pspReference: made.pspReference, ...(made.reference ? { reference: made.reference } : {}), status: 'received' } };
    }
    const mod = /^\/v72\/payments\/([^/]+)\/(captures|cancels|refunds)$/.exec(path);
    if (method === 'POST' && mod) return modification(decodeURIComponent(mod[1]), mod[2] as 'captures' | 'cancels' | 'refunds', body);
    if (path === '/v72/storedPaymentMethods' && method === 'GET') {
      const shopperReference = url.searchParams.get('shopperReference');
      checkMerchant({ merchantAccount: url.searchParams.get('merchantAccount') ?? undefined });
      if (!shopperReference) throw required('shopperReference');
      const list = [...storedCards.values()].filter((s) => s.shopperReference === shopperReference && s.merchantAccount === merchantAccount);
      return { status: 200, body: { merchantAccount, shopperReference, storedPaymentMethods: list.reverse().map(storedResource) } };
    }
    if (path === '/v72/storedPaymentMethods' && method === 'POST') {
      checkMerchant(body);
      const shopperReference = str(body.shopperReference);
      if (!shopperReference) throw required('shopperReference');
      if (!str(body.recurringProcessingModel)) throw required('recurringProcessingModel');
      const pm = body.paymentMethod as Record<string, unknown> | undefined;
      if (!pm || typeof pm !== 'object') throw required('paymentMethod');
      if (pm.storedPaymentMethodId !== undefined) throw validation('000', 'Payment method already stored');
      const card = cardOf(pm, shopperReference, merchantAccount);
      return { status: 200, body: storedResource(store(shopperReference, card)) };
    }
    const del = /^\/v72\/storedPaymentMethods\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && del) {
      checkMerchant({ merchantAccount: url.searchParams.get('merchantAccount') ?? undefined });
      const shopperReference = url.searchParams.get('shopperReference');
      if (!shopperReference) throw required('shopperReference');
      const stored = storedCards.get(decodeURIComponent(del[1]));
      // Not confirmed: Adyen's code for a token that is not this shopper's.
      if (!stored || stored.shopperReference !== shopperReference) throw validation('800', 'Contract not found');
      storedCards.delete(stored.id);
      return { status: 204, body: undefined };
    }
    throw new AdyenFailure(404, '000', 'Not Found', 'validation');
  }

  function threeDSPage(psp: string, url: URL, res: http.ServerResponse): void {
    const payment = payments.get(psp);
    if (!payment || payment.state !== 'pending' || !payment.returnUrl) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    if (url.searchParams.get('result') === 'refused') {
      payment.state = 'refused';
      payment.refusal = REFUSALS.NOT_3D_AUTHENTICATED;
    } else {
      payment.state = 'authorised';
      if (!payment.manualCapture) payment.capturedCents = payment.amount.value;
    }
    const redirectResult = Buffer.from(`${psp}:${randomBytes(24).toString('hex')}`).toString('base64');
    redirects.set(redirectResult, psp);
    payment.redirectResult = redirectResult;
    const back = new URL(payment.returnUrl);
    back.searchParams.set('redirectResult', redirectResult);
    res.writeHead(302, { Location: back.toString() }).end();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const send = (status: number, body: unknown) => {
        if (body === undefined) { res.writeHead(status).end(); return; }
        res.writeHead(status, { 'Content-Type': 'application/json;charset=UTF-8' }).end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const three = /^\/fake\/threeDS\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && three) { threeDSPage(three[1], url, res); return; }
      const key = req.headers['x-api-key'];
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      let body: Record<string, unknown> = {};
      const raw = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', ...(idempotencyKey ? { idempotencyKey } : {}), ...(typeof key === 'string' ? { apiKey: key } : {}) });
      try {
        if (key !== apiKey) throw new AdyenFailure(401, '000', 'HTTP Status Response - Unauthorized', 'security');
        if (raw) {
          try { body = JSON.parse(raw) as Record<string, unknown>; } catch { throw validation('000', 'Unable to parse message'); }
          requests[requests.length - 1].body = body;
        }
        const scoped = idempotencyKey ? `${req.method} ${key}:${idempotencyKey}` : undefined;
        const replay = scoped ? idempotent.get(scoped) : undefined;
        if (replay) { send(replay.status, replay.body); return; }
        const answer = route(req.method ?? 'GET', url, body);
        if (scoped && req.method === 'POST') idempotent.set(scoped, { status: answer.status, body: JSON.stringify(answer.body) });
        send(answer.status, answer.body);
      } catch (error) {
        if (!(error instanceof AdyenFailure)) {
          send(500, { status: 500, errorCode: '905', message: 'Internal error', errorType: 'internal' });
          return;
        }
        send(error.status, { status: error.status, errorCode: error.errorCode, message: error.message, errorType: error.errorType, pspReference: pspReference() });
      }
    });
  });
  function notification(psp: string, eventCode: ModificationEvent, success = true): string {
    const made = modifications.find((m) => m.pspReference === psp);
    if (!made) throw new Error(`the fake received no modification ${psp}`);
    const payment = made.paymentPspReference ? payments.get(made.paymentPspReference) : undefined;
    const failed = !success || ['CAPTURE_FAILED', 'REFUND_FAILED', 'REFUNDED_REVERSED'].includes(eventCode);
    const cents = made.amount?.value ?? 0;
    if (failed && payment) {
      if (made.kind === 'captures') payment.capturedCents = Math.max(0, payment.capturedCents - cents);
      if (made.kind === 'refunds') payment.refundedCents = Math.max(0, payment.refundedCents - cents);
      if ((made.kind === 'cancels' || made.kind === 'technical_cancel') && payment.state === 'cancelled') payment.state = 'authorised';
    }
    const item = {
      pspReference: made.pspReference, originalReference: made.paymentPspReference ?? '', merchantAccountCode: merchantAccount,
      merchantReference: made.reference ?? payment?.merchantReference ?? made.paymentReference ?? '',
      amount: made.amount ?? payment?.amount ?? { value: 0, currency: 'USD' }, eventCode, success: String(success),
    };
    const signed = {
      ...item, eventDate: new Date().toISOString(), paymentMethod: payment?.cardData?.paymentMethod ?? 'visa',
      reason: failed ? 'Rejected by the card scheme (the fake)' : '',
      additionalData: { hmacSignature: signNotificationItem(item, options.hmacKey ?? FAKE_ADYEN_HMAC_KEY) },
    };
    return JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: signed }] });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base, apiKey, merchantAccount, hmacKey: options.hmacKey ?? FAKE_ADYEN_HMAC_KEY, payments, storedCards, requests, modifications, notification,
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((e) => (e ? reject(e) : resolve()));
    }),
  };
}
