#!/usr/bin/env node
// A small stateful Stripe stand-in in front of stripe-mock (docs/PAYMENTS.md). stripe-mock checks every request
// against Stripe's API description but answers fixtures (a confirmed PaymentIntent reads as failed, nothing is
// remembered), so each request goes to stripe-mock first: a refusal is passed through unchanged, an accepted
// request is answered with stripe-mock's body corrected by the state kept here, following Stripe's documented
// behaviour for its test cards. State lives in memory only: a restart forgets every payment and saved card.
// Usage: node tools/stripe-stand-in/server.mjs --port 12219 --upstream http://127.0.0.1:<stripe-mock port>
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' }, upstream: { type: 'string' } } });
if (!args.port || !args.upstream) { console.error('usage: server.mjs --port <port> --upstream <stripe-mock url>'); process.exit(2); }
const upstream = new URL(args.upstream);

const newId = (prefix) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, '')}`;
const now = () => Math.floor(Date.now() / 1000);

// Stripe's documented test cards, by the name after `pm_card_` or `tok_` (pm_card_visa, tok_visa, ...).
const declined = (code, decline_code, message) => ({ code, decline_code, message });
const TEST_CARDS = {
  visa: { brand: 'visa', last4: '4242' },
  visa_debit: { brand: 'visa', last4: '5556' },
  mastercard: { brand: 'mastercard', last4: '4444' },
  mastercard_debit: { brand: 'mastercard', last4: '8210' },
  amex: { brand: 'amex', last4: '8431' },
  discover: { brand: 'discover', last4: '1117' },
  diners: { brand: 'diners', last4: '0004' },
  jcb: { brand: 'jcb', last4: '0505' },
  unionpay: { brand: 'unionpay', last4: '0005' },
  chargeDeclined: { brand: 'visa', last4: '0002', decline: declined('card_declined', 'generic_decline', 'Your card was declined.') },
  visa_chargeDeclined: { brand: 'visa', last4: '0002', decline: declined('card_declined', 'generic_decline', 'Your card was declined.') },
  chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', decline: declined('card_declined', 'insufficient_funds', 'Your card has insufficient funds.') },
  visa_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', decline: declined('card_declined', 'insufficient_funds', 'Your card has insufficient funds.') },
  chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', decline: declined('expired_card', undefined, 'Your card has expired.') },
  chargeDeclinedIncorrectCvc: { brand: 'visa', last4: '0127', decline: declined('incorrect_cvc', undefined, "Your card's security code is incorrect.") },
  chargeDeclinedProcessingError: { brand: 'visa', last4: '0119', decline: declined('processing_error', undefined, 'An error occurred while processing your card. Try again in a little bit.') },
  // Stripe's cards whose bank checks fail or whose payment Radar rates elevated: paid, with the check's result on the charge.
  cvcCheckFail: { brand: 'visa', last4: '0101', checks: { cvc_check: 'fail' } },
  avsZipFail: { brand: 'visa', last4: '0036', checks: { address_postal_code_check: 'fail' } },
  avsLine1Fail: { brand: 'visa', last4: '0028', checks: { address_line1_check: 'fail' } },
  riskLevelElevated: { brand: 'visa', last4: '9235', riskLevel: 'elevated' },
  authenticationRequired: { brand: 'visa', last4: '3184', authenticate: true },
  threeDSecure2Required: { brand: 'visa', last4: '3220', authenticate: true },
};
const testCardOf = (id) => TEST_CARDS[/^(?:pm_card_|tok_)(\w+)$/.exec(id ?? '')?.[1]];

const intents = new Map(); // pi id → {intent, refunded}
const methods = new Map(); // pm id → PaymentMethod body (with its test card in `testCard`, never sent)
const idempotent = new Map(); // secret key + Idempotency-Key → {fingerprint, answer} (answer null while running)

/** Stripe's error answer. */
const failure = (status, error) => ({ status, body: { error: { ...error, type: error.type ?? 'invalid_request_error' } } });
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const UNEXPECTED = {
  capture: (status) => `This PaymentIntent could not be captured because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
  cancel: (status) => `You cannot cancel this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
  confirm: (status) => `You cannot confirm this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
};
const unexpectedState = (intent, action) => failure(400, { code: 'payment_intent_unexpected_state', message: UNEXPECTED[action](intent.status), payment_intent: intent });

/** Stripe's form encoding (`metadata[order]=1`, `card[token]=tok_visa`) as nested objects; values stay strings. */
function parseForm(text) {
  const out = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head, ...rest] = key.split('[').map((part) => part.replace(/]$/, ''));
    let node = out;
    for (const name of [head, ...rest].slice(0, -1)) node = node[name] ??= {};
    node[[head, ...rest].at(-1)] = value;
  }
  return out;
}

/** A test card's fingerprint: the same card number gives the same one, as in one Stripe account. */
const fingerprintOf = (testCard) => createHash('sha256').update(`${testCard.brand}:${testCard.last4}`).digest('hex').slice(0, 16);
/** The bank's checks of a test card: none made (no CVC or address sent with a test PaymentMethod) unless the card fails one. */
const checksOf = (testCard) => ({ address_line1_check: null, address_postal_code_check: null, cvc_check: null, ...testCard.checks });

/** The PaymentMethod body for a card: stripe-mock's fixture (the shape) with the test card's brand, last 4, fingerprint and checks. */
function withCard(fixture, id, testCard) {
  const card = {
    ...fixture.card, brand: testCard.brand, display_brand: testCard.brand, last4: testCard.last4, networks: { available: [testCard.brand], preferred: null },
    fingerprint: fingerprintOf(testCard), checks: checksOf(testCard),
  };
  return { ...fixture, id, card, customer: null, metadata: {}, created: now() };
}
const publicMethod = ({ testCard: _, detached: __, ...method }) => method;

/** Confirms a PaymentIntent with its payment method, as Stripe does for the test cards. */
function confirm(entry, params, host) {
  const { intent } = entry;
  const method = methods.get(intent.payment_method);
  const testCard = method?.testCard ?? testCardOf(intent.payment_method);
  if (!testCard) return failure(400, { code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${intent.payment_method}'` });
  Object.assign(intent, { next_action: null, last_payment_error: null, amount_capturable: 0, amount_received: 0 });
  if (testCard.decline) {
    const error = { type: 'card_error', ...testCard.decline, charge: newId('ch'), doc_url: `https://stripe.com/docs/error-codes/${testCard.decline.code}` };
    Object.assign(intent, { status: 'requires_payment_method', latest_charge: error.charge, last_payment_error: { ...error, payment_method: method ? publicMethod(method) : null } });
    return failure(402, { ...error, payment_intent: intent });
  }
  if (testCard.authenticate) {
    // The bank's page is ours: GET /stand-in/authenticate/<pi> completes the payment and goes back to return_url.
    const returnUrl = (entry.returnUrl = params.return_url ?? entry.returnUrl);
    const url = `http://${host}/stand-in/authenticate/${intent.id}`;
    intent.status = 'requires_action';
    intent.next_action = returnUrl
      ? { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } }
      : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url } };
    return { status: 200, body: intent };
  }
  succeed(intent);
  return { status: 200, body: intent };
}

/** The card is charged: held for capture_method manual, else taken at once. */
function succeed(intent) {
  intent.latest_charge ??= newId('ch');
  if (intent.capture_method === 'manual') Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount });
  else Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
}

/** Whether the request asked for latest_charge expanded (`expand[0]=latest_charge` in a form or a query). */
const expandsCharge = (params) => Object.entries(params).some(([k, v]) => (k === 'expand' ? Object.values(v) : k.startsWith('expand[') ? [v] : []).includes('latest_charge'));

/** A PaymentIntent's charge as Stripe expands it: the card's fingerprint and checks, Radar's outcome. */
function chargeOf(intent) {
  const method = methods.get(intent.payment_method);
  const testCard = method?.testCard ?? testCardOf(intent.payment_method) ?? TEST_CARDS.visa;
  const paid = intent.status === 'requires_capture' || intent.status === 'succeeded';
  return {
    id: intent.latest_charge, object: 'charge', amount: intent.amount, amount_captured: intent.amount_received, currency: intent.currency,
    captured: intent.status === 'succeeded', paid, status: paid ? 'succeeded' : 'failed', payment_intent: intent.id, payment_method: intent.payment_method,
    customer: intent.customer, metadata: intent.metadata, created: intent.created, livemode: false,
    billing_details: method?.billing_details ?? { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null },
    outcome: { network_status: paid ? 'approved_by_network' : 'declined_by_network', reason: null, risk_level: testCard.riskLevel ?? 'normal', seller_message: paid ? 'Payment complete.' : 'The bank did not return any further details with this decline.', type: paid ? 'authorized' : 'issuer_declined' },
    payment_method_details: { type: 'card', card: { brand: testCard.brand, last4: testCard.last4, fingerprint: fingerprintOf(testCard), checks: checksOf(testCard), country: 'US', exp_month: 12, exp_year: 2034, funding: 'credit' } },
  };
}

const PAYMENT_INTENT = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|capture|cancel))?$/;
const PAYMENT_METHOD = /^\/v1\/payment_methods\/([^/]+)(?:\/(attach|detach))?$/;
const CUSTOMER_METHODS = /^\/v1\/customers\/([^/]+)\/payment_methods$/;

/** stripe-mock's accepted answer (`mock`) corrected by the kept state; null keeps stripe-mock's answer. */
function correct(method, path, params, mock, host) {
  if (method === 'POST' && path === '/v1/payment_intents') {
    // A saved card is charged only for its own customer, as Stripe refuses it otherwise.
    const owner = methods.get(params.payment_method)?.customer;
    if (owner && owner !== params.customer) {
      return failure(400, params.customer
        ? { code: 'resource_missing', param: 'payment_method', message: 'The provided PaymentMethod belongs to a different Customer.' }
        : { param: 'customer', message: 'The provided PaymentMethod was previously attached to a Customer. To use it for a payment, you must also provide the ID of that Customer.' });
    }
    // stripe-mock answers a new random id with fixture values: keep its id, reflect what was asked.
    const intent = {
      ...mock, amount: Number(params.amount), currency: params.currency, capture_method: params.capture_method ?? mock.capture_method,
      customer: params.customer ?? null, metadata: params.metadata ?? {}, payment_method: params.payment_method ?? null,
      description: params.description ?? null, created: now(), canceled_at: null, cancellation_reason: null, last_payment_error: null,
      next_action: null, amount_capturable: 0, amount_received: 0, latest_charge: null, processing: null, review: null,
      status: params.payment_method ? 'requires_confirmation' : 'requires_payment_method',
    };
    const entry = { intent, refunded: 0 };
    intents.set(intent.id, entry);
    return params.confirm === 'true' ? confirm(entry, params, host) : { status: 200, body: intent };
  }
  if (method === 'GET' && path === '/v1/payment_intents/search') {
    // stripe-mock answers one fixture whatever the query; the clause checkout's recovery asks
    // (metadata['key']:'value') is answered from the kept intents, newest first. Other queries: the fixture as it is.
    const clause = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(params.query ?? '');
    if (!clause) return null;
    const found = [...intents.values()].map((e) => e.intent).filter((i) => i.metadata?.[clause[1]] === clause[2]).reverse();
    const limit = Number(params.limit ?? 10);
    return { status: 200, body: { ...mock, data: found.slice(0, limit), has_more: found.length > limit, next_page: null, total_count: found.length } };
  }
  const pi = PAYMENT_INTENT.exec(path);
  const entry = pi && intents.get(pi[1]);
  if (entry) {
    const { intent } = entry;
    if (method === 'GET' && !pi[2]) return { status: 200, body: intent };
    if (pi[2] === 'confirm') {
      if (!CONFIRMABLE.includes(intent.status)) return unexpectedState(intent, 'confirm');
      if (params.payment_method) intent.payment_method = params.payment_method;
      return confirm(entry, params, host);
    }
    if (pi[2] === 'capture') {
      if (intent.status !== 'requires_capture') return unexpectedState(intent, 'capture');
      const amount = params.amount_to_capture === undefined ? intent.amount_capturable : Number(params.amount_to_capture);
      if (amount > intent.amount_capturable) {
        return failure(400, { code: 'amount_too_large', param: 'amount_to_capture', message: `The amount to capture (${amount}) is greater than the amount capturable (${intent.amount_capturable}).` });
      }
      // What is not captured is released, as Stripe does.
      Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
      return { status: 200, body: intent };
    }
    if (pi[2] === 'cancel') {
      if (!CANCELABLE.includes(intent.status)) return unexpectedState(intent, 'cancel');
      Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: params.cancellation_reason ?? null, amount_capturable: 0, next_action: null });
      return { status: 200, body: intent };
    }
  }
  if (method === 'POST' && path === '/v1/refunds' && intents.has(params.payment_intent)) {
    const refundOf = intents.get(params.payment_intent);
    const left = refundOf.intent.amount_received - refundOf.refunded;
    if (refundOf.intent.amount_received > 0 && left === 0) {
      return failure(400, { code: 'charge_already_refunded', message: `Charge ${refundOf.intent.latest_charge} has already been refunded.` });
    }
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (amount > left) {
      return failure(400, { code: 'amount_too_large', param: 'amount', message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).` });
    }
    refundOf.refunded += amount;
    return { status: 200, body: { ...mock, amount, currency: refundOf.intent.currency, charge: refundOf.intent.latest_charge, status: 'succeeded', created: now(), metadata: params.metadata ?? {} } };
  }
  if (method === 'POST' && path === '/v1/payment_methods' && params.card?.token) {
    // A legacy card token becomes a PaymentMethod: stripe-mock's new id, the token's test card.
    const testCard = testCardOf(params.card.token);
    if (!testCard) return null;
    const made = { ...withCard(mock, mock.id, testCard), testCard };
    methods.set(made.id, made);
    return { status: 200, body: publicMethod(made) };
  }
  const pm = PAYMENT_METHOD.exec(path);
  if (pm) return correctMethod(method, pm[1], pm[2], params, mock);
  const customer = CUSTOMER_METHODS.exec(path)?.[1] ?? (method === 'GET' && path === '/v1/payment_methods' ? params.customer : undefined);
  if (customer) {
    // Newest first, as Stripe lists them.
    const cards = [...methods.values()].filter((m) => m.customer === customer && (!params.type || m.type === params.type)).reverse();
    return { status: 200, body: { ...mock, data: cards.slice(0, Number(params.limit ?? 10)).map(publicMethod), has_more: cards.length > Number(params.limit ?? 10) } };
  }
  return null;
}

function correctMethod(method, id, action, params, mock) {
  let known = methods.get(id);
  if (!known) {
    const testCard = testCardOf(id);
    if (!testCard) return null;
    // A test PaymentMethod (pm_card_visa) is a template, never attached itself: attaching it makes a new one.
    known = { ...withCard(mock, action === 'attach' ? newId('pm') : id, testCard), testCard };
    if (action === 'attach') methods.set(known.id, known);
  }
  if (action === 'attach') {
    if (known.detached) return failure(400, { message: 'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.' });
    if (known.customer && known.customer !== params.customer) return failure(400, { message: 'The payment method you provided has already been attached to a customer.' });
    known.customer = params.customer;
  } else if (action === 'detach') {
    if (!known.customer) return failure(400, { message: 'The payment method you provided is not attached to a customer so detachment is impossible.' });
    Object.assign(known, { customer: null, detached: true });
  }
  return { status: 200, body: publicMethod(known) };
}

/** Sends the request as it came to stripe-mock; resolves with its status, headers and body. */
function forward(req, body) {
  return new Promise((resolve, reject) => {
    const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    out.on('error', reject);
    out.end(body);
  });
}

const send = (res, status, headers, body) => {
  const { 'content-length': _, 'transfer-encoding': __, connection: ___, ...rest } = headers;
  res.writeHead(status, { ...rest, 'content-length': Buffer.byteLength(body) });
  res.end(body);
};
const json = (status, body, headers = {}) => ({ status, headers: { 'content-type': 'application/json', 'request-id': newId('req'), ...headers }, body: JSON.stringify(body, null, 2) });

async function handle(req, res) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const raw = Buffer.concat(chunks);
  const url = new URL(req.url, 'http://stand-in');

  // The bank's 3-D Secure page for requires_action: the shopper "confirms", the payment goes on as Stripe's would.
  const authenticate = /^\/stand-in\/authenticate\/([^/]+)$/.exec(url.pathname);
  if (authenticate && req.method === 'GET') {
    const entry = intents.get(authenticate[1]);
    if (!entry || entry.intent.status !== 'requires_action') return send(res, 404, { 'content-type': 'text/plain' }, 'No payment waits for authentication here.');
    succeed(entry.intent);
    entry.intent.next_action = null;
    if (!entry.returnUrl) return send(res, 200, { 'content-type': 'text/plain' }, 'Payment authenticated.');
    const back = new URL(entry.returnUrl);
    for (const [k, v] of Object.entries({ payment_intent: entry.intent.id, payment_intent_client_secret: entry.intent.client_secret, redirect_status: 'succeeded' })) back.searchParams.set(k, v);
    return send(res, 302, { location: back.href }, '');
  }

  // Idempotency-Key on a POST: a repeat with the same request answers the first answer (Stripe keeps them per account).
  const key = req.method === 'POST' && req.headers['idempotency-key'] ? `${req.headers.authorization}\n${req.headers['idempotency-key']}` : null;
  const fingerprint = `${req.method} ${req.url}\n${raw}`;
  const seen = key && idempotent.get(key);
  if (seen) {
    const name = req.headers['idempotency-key'];
    if (seen.fingerprint !== fingerprint) {
      const answer = json(400, failure(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${name}' if you meant to execute a different request.` }).body);
      return send(res, answer.status, answer.headers, answer.body);
    }
    if (!seen.answer) {
      const answer = json(409, failure(409, { type: 'idempotency_error', message: `There is currently another in-progress request using this Idempotent Key (probably because of a timeout). Please retry this request later.` }).body);
      return send(res, answer.status, answer.headers, answer.body);
    }
    return send(res, seen.answer.status, { ...seen.answer.headers, 'idempotent-replayed': 'true' }, seen.answer.body);
  }
  if (key) idempotent.set(key, { fingerprint, answer: null });

  let answer;
  try {
    const mock = await forward(req, raw);
    // stripe-mock refused the request's shape (or the key): Stripe's own validation answers as it is, and
    // like Stripe, nothing is kept for a request that failed validation.
    if (mock.status < 200 || mock.status > 299) {
      if (key) idempotent.delete(key);
      return send(res, mock.status, mock.headers, mock.body);
    }
    const params = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(raw.toString());
    const corrected = correct(req.method, url.pathname, params, JSON.parse(mock.body.toString()), req.headers.host);
    // An expanded charge is made from the kept intent at answer time (the intent keeps its id, as Stripe's does).
    if (corrected?.body?.object === 'payment_intent' && typeof corrected.body.latest_charge === 'string' && expandsCharge(params)) {
      corrected.body = { ...corrected.body, latest_charge: chargeOf(corrected.body) };
    }
    answer = corrected ? json(corrected.status, corrected.body, { 'stripe-mock-version': mock.headers['stripe-mock-version'] }) : { status: mock.status, headers: mock.headers, body: mock.body };
  } catch (error) {
    if (key) idempotent.delete(key);
    throw error;
  }
  if (key) idempotent.set(key, { fingerprint, answer });
  send(res, answer.status, answer.headers, answer.body);
}

http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    console.error(`[stripe-stand-in] ${req.method} ${req.url}: ${error.stack ?? error}`);
    if (!res.headersSent) { const answer = json(500, { error: { type: 'api_error', message: 'The Stripe stand-in failed on this request.' } }); send(res, 500, answer.headers, answer.body); }
  });
}).listen(Number(args.port), args.host, () => console.log(`[stripe-stand-in] listening on ${args.host}:${args.port}, stripe-mock at ${upstream.href}`));
