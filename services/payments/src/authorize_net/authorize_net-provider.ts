import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { AppError } from '@platform/server-kit';
import {
  assertCents, type Authorization, type AuthorizeOptions, type CallbackHeaders, type CallOptions, type PaymentEvent,
  type PaymentProvider, type SavedCard,
} from '../provider';
import { NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, PaymentProviderError, SERVICE_UNREACHABLE } from '../stripe-errors';
import { CALLBACK_NOT_VERIFIED, CARD_NOT_FOUND, CARD_NOT_SAVED } from '../stripe-provider';
import {
  apiError, authorizationFromDetails, declineMessage, invoiceNumberFor, isMerchantRefusal, keyDigest, last4Of, orderIdOf,
  reasonCodeOf, signatureMatches, toAmount, toCents,
  type AnetMessages, type AnetTransactionDetails, type AnetTransactionResponse,
} from './authorize_net-errors';
import { anetBrand, anetCardChecks } from './authorize_net-checks';

export const REFUND_NOT_SETTLED = 'This card payment is not settled yet: it can be refunded in full now, or in part once it has settled (the next day).';

/** Accept.js's payment nonce (our card token) is sent with this descriptor. */
export const ACCEPT_DATA_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';
/**
 * Seconds in which Authorize.Net refuses a repeat of a transaction with the same login, card, amount, type and
 * invoice number (the longest it allows: 8 hours). Sent with the window, a repeat is answered with reason 11 and
 * the ORIGINAL transaction's id: that is this API's idempotency (it has no idempotency key).
 */
export const DUPLICATE_WINDOW_SECONDS = 28_800;

// ---- the official SDK (authorizenet 1.0.10, CommonJS without types)

interface SdkController { setEnvironment(url: string): void; execute(callback: () => void): void; getResponse(): unknown }
type SdkControllerClass = new (request: unknown, config?: unknown) => SdkController;
type SdkRequestClass = new (fields: Record<string, unknown>) => { getJSON(): unknown };
interface AuthorizeNetSdk {
  APIContracts: Record<string, SdkRequestClass>;
  APIControllers: Record<string, SdkControllerClass>;
  Constants: { endpoint: { sandbox: string; production: string } };
}

const requireHere = createRequire(import.meta.url);
interface LoadedSdk { sdk: AuthorizeNetSdk; winston: { loggers: { loggers: Map<string, unknown> } }; config: Record<string, unknown>; loggerNames: Set<string> }
let loaded: LoadedSdk | null = null;

/**
 * The SDK, loaded at its first use (it takes most of a second to load, and most processes and tests never call
 * Authorize.Net). The SDK logs through winston: with `logger.enabled` it writes every request and answer (bodies
 * included, only partly masked) to sdk-node-<date>.log files in the working directory. Off here, for the contracts
 * (the SDK's shared config) and for each controller (`config`, which also sets the timeout): nothing is written, to
 * disk or the console. Every SDK object (each contract and controller) registers a new winston logger under its
 * class name and a random number (`loggerNames`), and never removes it (dropSdkLoggers).
 */
function loadSdk(): LoadedSdk {
  if (loaded) return loaded;
  const sdk = requireHere('authorizenet') as AuthorizeNetSdk;
  const requireFromSdk = createRequire(requireHere.resolve('authorizenet'));
  const sdkDefaults = requireFromSdk('./config.js') as { config: { clientId: string; logger: { enabled: boolean; level: string } } };
  sdkDefaults.config.logger.enabled = false;
  sdkDefaults.config.logger.level = 'error';
  loaded = {
    sdk,
    winston: requireFromSdk('winston') as LoadedSdk['winston'],
    config: { timeout: 20_000, clientId: sdkDefaults.config.clientId, logger: { enabled: false, location: '/dev/null', level: 'error' }, proxy: { setProxy: false, proxyUrl: '' } },
    loggerNames: new Set([...Object.keys(sdk.APIContracts), ...Object.keys(sdk.APIControllers), 'ApiOperationBase']),
  };
  return loaded;
}

/** The SDK's loggers are dropped after each call (only unregistered, not closed, so a call still running keeps its own). */
function dropSdkLoggers(): void {
  const { winston, loggerNames } = loadSdk();
  for (const id of winston.loggers.loggers.keys()) {
    const name = /^([A-Za-z]+?)\d+$/.exec(id)?.[1];
    if (name && loggerNames.has(name)) winston.loggers.loggers.delete(id);
  }
}

/**
 * Runs one SDK controller. The SDK calls back only when an answer came: a refused connection, a timeout or an
 * HTTP error is only stored in the controller's `_error` (and logged), so that assignment is listened to here.
 * Nothing of the SDK's error (which holds the request, credentials included) is passed on.
 */
function execute(Controller: SdkControllerClass, request: unknown, endpoint: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const { config } = loadSdk();
    const controller = new Controller(request, config);
    controller.setEnvironment(endpoint);
    const timer = setTimeout(() => reject(new PaymentProviderError(SERVICE_UNREACHABLE, 'unavailable', 'timeout')), (config.timeout as number) + 5_000);
    let stored: unknown = null;
    Object.defineProperty(controller, '_error', {
      configurable: true,
      get: () => stored,
      set: (error: unknown) => {
        stored = error;
        if (!error) return;
        clearTimeout(timer);
        const status = (error as { response?: { status?: number } }).response?.status;
        reject(status !== undefined && status < 500
          ? new PaymentProviderError(NOT_PROCESSED, 'unprocessable', `http_${status}`)
          : new PaymentProviderError(SERVICE_UNREACHABLE, 'unavailable', status ? `http_${status}` : 'unreachable'));
      },
    });
    controller.execute(() => {
      clearTimeout(timer);
      resolve(controller.getResponse());
    });
  });
}

interface AnetResponse { messages: AnetMessages; refId?: string }
interface CreateTransactionAnswer extends AnetResponse { transactionResponse?: AnetTransactionResponse }
interface AnetPaymentProfile { customerPaymentProfileId: string; payment?: { creditCard?: { cardNumber?: string; expirationDate?: string; cardType?: string } } }

const messageCode = (response: AnetResponse) => response.messages?.message?.[0]?.code;

// ---- what the adapter takes as a card

/** Accept.js's nonce (opaqueData.dataValue): base64, far longer than a card number, never digits only. */
const OPAQUE_TOKEN = /^[A-Za-z0-9+/]{40,}={0,2}$/;
/** A saved card: a customer payment profile id (digits, at most 12: a card number has 13 or more). */
const PAYMENT_PROFILE_ID = /^[0-9]{1,12}$/;
const isOpaqueToken = (token: string) => OPAQUE_TOKEN.test(token) && !/^[0-9]+$/.test(token);

function savedCardOf(profile: AnetPaymentProfile, customerRef: string): SavedCard {
  const card = profile.payment?.creditCard;
  if (!card) throw new AppError('unprocessable', CARD_NOT_SAVED);
  // With unmaskExpirationDate the expiry is 'YYYY-MM'; masked ('XXXX') it is unknown.
  const expiry = /^(\d{4})-(\d{2})$/.exec(card.expirationDate ?? '');
  return {
    source: String(profile.customerPaymentProfileId), brand: anetBrand(card.cardType) ?? 'Card',
    last4: last4Of(card.cardNumber), exp_month: expiry ? Number(expiry[2]) : 0, exp_year: expiry ? Number(expiry[1]) : 0, customerRef,
  };
}

function header(headers: CallbackHeaders, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

/** A transaction answer that is not approved (capture, void, refund), as the error the caller shows. */
function transactionError(response: CreateTransactionAnswer): PaymentProviderError {
  const transaction = response.transactionResponse;
  if (!transaction) return apiError(messageCode(response));
  const reason = reasonCodeOf(transaction);
  if (isMerchantRefusal(reason)) return new PaymentProviderError(PAYMENTS_NOT_AVAILABLE, 'unavailable', reason);
  return new PaymentProviderError(NOT_PROCESSED, 'unprocessable', reason);
}

export interface AuthorizeNetCredentials {
  /** The API Login ID. */
  loginId: string;
  /** The Transaction Key (a secret: the registry passes it opened). */
  transactionKey: string;
  /** Production (true) or the sandbox; ignored when apiBase is given. */
  isLive?: boolean;
  /** Base URL of the API (…/xml/v1/request.api is added): AUTHORIZE_NET_API_BASE by default, the tests' fake. */
  apiBase?: string;
}

/**
 * Authorize.Net (the JSON API, /xml/v1/request.api, through the official `authorizenet` SDK): an authorization is
 * an authOnlyTransaction with the Accept.js nonce or a saved card (a CIM customer payment profile); capture is a
 * priorAuthCaptureTransaction, void a voidTransaction, refund a refundTransaction. The reference is the
 * transaction id (the id Authorize.Net's webhooks carry). There is no 3-D Secure redirect in this API:
 * authorize never answers requires_action.
 */
export class AuthorizeNetProvider implements PaymentProvider {
  readonly name = 'authorize_net' as const;
  private readonly endpoint: string;
  /** Authorizations by idempotency key, amount and token, in this process (see authorize). */
  private readonly recent = new Map<string, Promise<Authorization>>();

  constructor(private readonly credentials: AuthorizeNetCredentials) {
    const base = credentials.apiBase ?? process.env.AUTHORIZE_NET_API_BASE;
    this.endpoint = base
      ? `${base.replace(/\/+$/, '')}/xml/v1/request.api`
      : credentials.isLive ? loadSdk().sdk.Constants.endpoint.production : loadSdk().sdk.Constants.endpoint.sandbox;
  }

  /** One API request through the SDK's contract and controller for it (`createTransaction` → CreateTransactionRequest/Controller). */
  private async run<T extends AnetResponse>(operation: string, fields: Record<string, unknown>): Promise<T> {
    const type = operation[0]!.toUpperCase() + operation.slice(1);
    const { sdk } = loadSdk();
    const Request = sdk.APIContracts[`${type}Request`];
    const Controller = sdk.APIControllers[`${type}Controller`];
    if (!Request || !Controller) throw new Error(`authorizenet SDK has no ${type}`);
    try {
      const request = new Request({ merchantAuthentication: { name: this.credentials.loginId, transactionKey: this.credentials.transactionKey }, ...fields });
      const answer = await execute(Controller, request.getJSON(), this.endpoint);
      if (!answer || typeof answer !== 'object' || !('messages' in answer)) throw new PaymentProviderError(SERVICE_UNREACHABLE, 'unavailable', 'no_answer');
      return answer as T;
    } finally {
      dropSdkLoggers();
    }
  }

  /** A request whose failure is an error (anything but a transaction): resultCode 'Error' is thrown as the caller's error. */
  private async ok<T extends AnetResponse>(operation: string, fields: Record<string, unknown>): Promise<T> {
    const response = await this.run<T>(operation, fields);
    if (response.messages.resultCode !== 'Ok') throw apiError(messageCode(response));
    return response;
  }

  private async details(reference: string): Promise<AnetTransactionDetails> {
    return (await this.ok<AnetResponse & { transaction: AnetTransactionDetails }>('getTransactionDetails', { transId: reference })).transaction;
  }

  /**
   * Idempotency: Authorize.Net has no idempotency key. The invoice number is the order id and the request asks
   * for the longest duplicate window (8 hours), so a repeat with the same card, amount and order reaching
   * Authorize.Net is refused as a duplicate (reason 11) naming the first transaction, which is then answered as
   * it stands. A repeat in this process (a double click) is also answered from the first call without asking
   * again. refId (echoed, at most 20 characters) is derived from the idempotency key.
   */
  async authorize(amountCents: number, currency: string, paymentMethodToken: string, options: AuthorizeOptions): Promise<Authorization> {
    assertCents(amountCents);
    const savedCard = PAYMENT_PROFILE_ID.test(paymentMethodToken);
    if (!savedCard && !isOpaqueToken(paymentMethodToken)) throw new AppError('unprocessable', CARD_NOT_SAVED);
    if (savedCard && !options.customer) throw new AppError('unprocessable', CARD_NOT_FOUND);
    const memo = `${options.idempotencyKey}|${amountCents}|${currency}|${paymentMethodToken}|${options.customer ?? ''}`;
    let pending = this.recent.get(memo);
    if (!pending) {
      if (this.recent.size >= 1000) this.recent.clear();
      pending = this.authorizeOnce(amountCents, currency, paymentMethodToken, savedCard, options);
      this.recent.set(memo, pending);
      pending.catch(() => this.recent.delete(memo));
    }
    return pending;
  }

  private async authorizeOnce(amountCents: number, currency: string, token: string, savedCard: boolean, options: AuthorizeOptions): Promise<Authorization> {
    const response = await this.run<CreateTransactionAnswer>('createTransaction', {
      refId: keyDigest('R', options.idempotencyKey),
      transactionRequest: {
        transactionType: 'authOnlyTransaction',
        amount: toAmount(amountCents),
        currencyCode: currency.toUpperCase(),
        ...(savedCard
          ? { profile: { customerProfileId: options.customer, paymentProfile: { paymentProfileId: token } } }
          : { payment: { opaqueData: { dataDescriptor: ACCEPT_DATA_DESCRIPTOR, dataValue: token } } }),
        order: { invoiceNumber: invoiceNumberFor(options.metadata?.order_id, options.idempotencyKey) },
        transactionSettings: [{ settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) }],
      },
    });
    const transaction = response.transactionResponse;
    if (!transaction) {
      // No transaction was made: a saved card that is not this customer's (E00040), a used nonce, our credentials.
      if (messageCode(response) === 'E00040') throw new AppError('unprocessable', CARD_NOT_FOUND);
      throw apiError(messageCode(response));
    }
    const reason = reasonCodeOf(transaction);
    if (isMerchantRefusal(reason)) throw new PaymentProviderError(PAYMENTS_NOT_AVAILABLE, 'unavailable', reason);
    const reference = transaction.transId && transaction.transId !== '0' ? transaction.transId : '';
    switch (transaction.responseCode) {
      case '1':
        return { reference, status: 'authorized', authorizedCents: amountCents, card: anetCardChecks(transaction) };
      case '4':
        // Held for review by the merchant's fraud filters (reasons 252, 253): the platform has no order state that
        // waits for a person's review, so the hold is declined at once and the shopper asked for another card.
        if (reference) await this.ok('updateHeldTransaction', { heldTransactionRequest: { action: 'decline', refTransId: reference } }).catch(() => undefined);
        return { reference, status: 'declined', authorizedCents: 0, declineMessage: NOT_PROCESSED };
      default:
        // A repeat of a payment made before (same key → same invoice number, card and amount): the first one's outcome.
        if (reason === '11' && reference) return this.paymentStatus(reference);
        return { reference, status: 'declined', authorizedCents: 0, declineMessage: declineMessage(transaction.responseCode, reason) };
    }
  }

  /** getTransactionDetails (the Transaction Details API must be enabled for the login). */
  async paymentStatus(reference: string): Promise<Authorization> {
    return authorizationFromDetails(await this.details(reference));
  }

  /**
   * The order's authorization by its invoice number (authorize's, from the order id): Authorize.Net looks nothing up
   * by invoice, so the unsettled transactions (an authorization not captured stays unsettled) are listed, newest first,
   * 1000 a page, at most 10 pages (the recovery asks about checkouts of the last hours), and the match read in full.
   * A held one is taken before a declined or voided one of the same order. Needs the Transaction Details API.
   */
  async findAuthorization(orderId: string, idempotencyKey: string): Promise<Authorization | null> {
    const invoice = invoiceNumberFor(orderId, idempotencyKey);
    let match: { transId?: string; transactionStatus?: string } | undefined;
    for (let page = 1; page <= 10; page += 1) {
      const answer = await this.run<AnetResponse & { transactions?: { transId?: string; invoiceNumber?: string; transactionStatus?: string }[] }>('getUnsettledTransactionList', {
        sorting: { orderBy: 'submitTimeUTC', orderDescending: true }, paging: { limit: 1000, offset: page },
      });
      // An empty list is answered as resultCode 'Ok' with I00004 ('No records found'); any other refusal is an error.
      if (answer.messages.resultCode !== 'Ok') throw apiError(messageCode(answer));
      const transactions = answer.transactions ?? [];
      const ours = transactions.filter((t) => t.invoiceNumber === invoice);
      match = ours.find((t) => t.transactionStatus === 'authorizedPendingCapture') ?? match ?? ours[0];
      if (match?.transactionStatus === 'authorizedPendingCapture' || transactions.length < 1000) break;
    }
    return match?.transId ? this.paymentStatus(match.transId) : null;
  }

  async capture(reference: string, amountCents?: number, _options: CallOptions = {}): Promise<number> {
    if (amountCents !== undefined) assertCents(amountCents);
    // Without an amount, all that was held: asked first, so the answer is the cents captured.
    const cents = amountCents ?? toCents((await this.details(reference)).authAmount);
    const response = await this.run<CreateTransactionAnswer>('createTransaction', {
      transactionRequest: { transactionType: 'priorAuthCaptureTransaction', amount: toAmount(cents), refTransId: reference },
    });
    if (response.transactionResponse?.responseCode === '1') return cents;
    // 311 'already captured': a repeat of this capture (the idempotency of this call) answers what was captured.
    if (reasonCodeOf(response.transactionResponse) === '311') {
      const details = await this.details(reference);
      if (['capturedPendingSettlement', 'settledSuccessfully'].includes(details.transactionStatus) && toCents(details.settleAmount) === cents) return cents;
    }
    throw transactionError(response);
  }

  async void(reference: string, _options: CallOptions = {}): Promise<void> {
    const response = await this.run<CreateTransactionAnswer>('createTransaction', { transactionRequest: { transactionType: 'voidTransaction', refTransId: reference } });
    if (response.transactionResponse?.responseCode === '1') return;
    // 310 'already voided': voiding twice is voided.
    if (reasonCodeOf(response.transactionResponse) === '310') return;
    throw transactionError(response);
  }

  /**
   * A refundTransaction needs the card's last 4 digits (and 'XXXX' for the expiry): they are read with
   * getTransactionDetails, which also says whether the payment has settled. Authorize.Net refunds only settled
   * transactions (reason 54 otherwise): before the day's settlement the whole capture is voided instead, and a
   * part cannot be given back yet (REFUND_NOT_SETTLED). With an idempotency key the refund's invoice number is
   * derived from it and the duplicate window asked for: a repeat is refused as a duplicate (reason 11) and
   * answered as the refund made; without one each refund gets a new invoice number, so two equal refunds are
   * never taken for a duplicate.
   */
  async refund(reference: string, amountCents: number, options: CallOptions = {}): Promise<number> {
    assertCents(amountCents);
    const details = await this.details(reference);
    if (details.transactionStatus === 'capturedPendingSettlement') {
      if (amountCents === toCents(details.settleAmount)) {
        await this.void(reference);
        return amountCents;
      }
      throw new AppError('unprocessable', REFUND_NOT_SETTLED);
    }
    const key = options.idempotencyKey;
    const response = await this.run<CreateTransactionAnswer>('createTransaction', {
      ...(key ? { refId: keyDigest('R', key) } : {}),
      transactionRequest: {
        transactionType: 'refundTransaction',
        amount: toAmount(amountCents),
        payment: { creditCard: { cardNumber: last4Of(details.payment?.creditCard?.cardNumber), expirationDate: 'XXXX' } },
        refTransId: reference,
        order: { invoiceNumber: key ? keyDigest('K', `refund|${key}`) : keyDigest('K', randomBytes(16).toString('hex')) },
        ...(key ? { transactionSettings: [{ settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) }] } : {}),
      },
    });
    const transaction = response.transactionResponse;
    if (transaction?.responseCode === '1') return amountCents;
    if (key && reasonCodeOf(transaction) === '11' && transaction?.transId && transaction.transId !== '0') return amountCents;
    throw transactionError(response);
  }

  /**
   * A card is a CIM customer payment profile made from the Accept.js nonce (validationMode 'none': no $0
   * authorization is run on the card); without a customer, the customer profile is made with it in one call.
   * Authorize.Net refuses the same card twice in one profile (E00039) naming the one it has: that card is answered.
   */
  async saveCard(customerRef: string | null, token: string): Promise<SavedCard> {
    if (!isOpaqueToken(token)) throw new AppError('unprocessable', CARD_NOT_SAVED);
    const paymentProfile = { customerType: 'individual', payment: { opaqueData: { dataDescriptor: ACCEPT_DATA_DESCRIPTOR, dataValue: token } } };
    let customerProfileId = customerRef;
    let paymentProfileId: string | undefined;
    if (!customerProfileId) {
      const created = await this.ok<AnetResponse & { customerProfileId: string; customerPaymentProfileIdList?: string[] }>('createCustomerProfile', {
        // merchantCustomerId (at most 20 characters) only makes the profile unique: the platform keeps the profile id.
        profile: { merchantCustomerId: `P${randomBytes(10).toString('hex').slice(0, 19)}`, paymentProfiles: [paymentProfile] },
        validationMode: 'none',
      });
      customerProfileId = String(created.customerProfileId);
      paymentProfileId = created.customerPaymentProfileIdList?.[0];
    } else {
      const added = await this.run<AnetResponse & { customerPaymentProfileId?: string }>('createCustomerPaymentProfile', {
        customerProfileId, paymentProfile, validationMode: 'none',
      });
      const code = messageCode(added);
      if (added.messages.resultCode !== 'Ok' && !(code === 'E00039' && added.customerPaymentProfileId)) {
        throw code === 'E00040' ? new AppError('unprocessable', CARD_NOT_SAVED) : apiError(code);
      }
      paymentProfileId = added.customerPaymentProfileId;
    }
    if (!paymentProfileId) throw new AppError('unprocessable', CARD_NOT_SAVED);
    const read = await this.ok<AnetResponse & { paymentProfile: AnetPaymentProfile }>('getCustomerPaymentProfile', {
      customerProfileId, customerPaymentProfileId: String(paymentProfileId), unmaskExpirationDate: true,
    });
    return savedCardOf(read.paymentProfile, customerProfileId);
  }

  async listCards(customerRef: string): Promise<SavedCard[]> {
    const response = await this.run<AnetResponse & { profile?: { paymentProfiles?: AnetPaymentProfile[] } }>('getCustomerProfile', {
      customerProfileId: customerRef, unmaskExpirationDate: true,
    });
    if (response.messages.resultCode !== 'Ok') {
      if (messageCode(response) === 'E00040') return []; // no such customer profile (any more): no cards
      throw apiError(messageCode(response));
    }
    return (response.profile?.paymentProfiles ?? []).filter((p) => p.payment?.creditCard).map((p) => savedCardOf(p, customerRef));
  }

  /** Authorize.Net deletes a payment profile only within its own customer profile: another customer's card is E00040, not found. */
  async deleteCard(customerRef: string, source: string): Promise<void> {
    if (!PAYMENT_PROFILE_ID.test(source)) throw new AppError('not_found', CARD_NOT_FOUND);
    const response = await this.run<AnetResponse>('deleteCustomerPaymentProfile', { customerProfileId: customerRef, customerPaymentProfileId: source });
    if (response.messages.resultCode === 'Ok') return;
    if (messageCode(response) === 'E00040') throw new AppError('not_found', CARD_NOT_FOUND);
    throw apiError(messageCode(response));
  }

  /**
   * A webhook: X-ANET-Signature is 'sha512=' and the HMAC-SHA512 of the raw body under the store's Signature Key
   * (`secret`). The event id is the notificationId; the reference is payload.id for transaction events
   * (net.authorize.payment.*); the order id comes back from payload.invoiceNumber when it carries one.
   */
  async verifyCallback(rawBody: string | Buffer, headers: CallbackHeaders, secret: string): Promise<PaymentEvent> {
    if (!signatureMatches(rawBody, secret, header(headers, 'X-ANET-Signature'))) throw new AppError('invalid', CALLBACK_NOT_VERIFIED);
    let event: { notificationId?: string; eventType?: string; payload?: { id?: string | number; entityName?: string; invoiceNumber?: string } };
    try {
      event = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
    } catch {
      throw new AppError('invalid', CALLBACK_NOT_VERIFIED);
    }
    if (!event || typeof event.notificationId !== 'string' || typeof event.eventType !== 'string') throw new AppError('invalid', CALLBACK_NOT_VERIFIED);
    const payload = event.payload ?? {};
    const isTransaction = payload.entityName === 'transaction' || event.eventType.startsWith('net.authorize.payment.');
    const orderId = orderIdOf(payload.invoiceNumber);
    return {
      id: event.notificationId, type: event.eventType,
      reference: isTransaction && payload.id !== undefined && payload.id !== null ? String(payload.id) : null,
      ...(orderId ? { orderId } : {}),
    };
  }
}
