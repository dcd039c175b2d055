/**
 * A local stand-in for Plug'n Pay's Remote Client API (pnpremote.cgi), for tests only: plain node:http on
 * 127.0.0.1, state in memory, no card data, never a payment processor.
 *
 * Followed (stored copies of Plug'n Pay's published material):
 * - docs.plugnpay.com, Remote API/Client Integration Specification: "Section 1. Remote Authorization" (one
 *   URL, https://{payment server}/payment/pnpremote.cgi; HTTP POST, application/x-www-form-urlencoded; the
 *   answer a URL-encoded name/value string), "Account Identifiers and Flags" (publisher-name,
 *   publisher-password = the Remote Client Password, mode defaulting to auth, paymethod, authtype
 *   authonly/authpostauth, dontsndmail), "Transaction Administration - Mark" (orderID, card-amount mandatory;
 *   FinalStatus success/pending/problem, MErrMsg, Duplicate=yes echoing the first transaction),
 *   "Transaction Administration - Void" (orderID, card-amount, txn-type=auth mandatory; cancels the latest
 *   operation), "Query Transaction - ACH/eCheck" (records answered as a00001…a99999, each URL-encoded with
 *   operation, FinalStatus, card-amount, …; "No records found"), "Section 3. Remote Membership
 *   Administration" / "Add Member" / "Update Member Info" (mode add_member, username ≤ 12, enddate mandatory,
 *   purchaseid ≤ 20, status active/pending/cancelled).
 * - The gateway response codes (resp-code) P01…P99 as listed by ActiveMerchant's Plug'n Pay gateway (P21 may
 *   not be marked, P40 username exists, P41 username blank, P50 fraud screen, P55 invalid card, P58 missing
 *   data, P91 missing/incorrect password, P97 processor not responding, P98 missing publisher name).
 * - The Smart Screens v2 callback and its response verification hash (MD5 of the key and the selected fields
 *   in alphabetical order) as Plug'n Pay's own WooCommerce module (github PlugnPay/shopping-cart-WooCommerce,
 *   includes/crypto.php) checks it. The fake sends no callbacks; the tests build them.
 *
 * NOT confirmed (no stored page found; the most plausible shape is used and the adapter depends on it):
 * - How a hosted-fields token is sent: the field name `card-token` (in place of card-number/card-exp) on
 *   auth and add_member, and the test tokens below (pnp_tok_visa, …): Plug'n Pay's documented test cards
 *   are card numbers, which we never send.
 * - `mode=query_trans` by orderID answering the same a00001 record format as query_noc.
 * - `mode=list_members` (filtered by purchaseid) and `mode=delete_member` (by username), and their answers;
 *   `mode=bill_member` charging a member with authtype=authonly and a given orderID.
 * - The return's refusal above the marked amount (FinalStatus=problem; the MErrMsg wording is ours) and
 *   the issuer codes in resp-code for a badcard (05, 51, 54: ISO 8583 as processors answer them).
 * - That Duplicate=yes also covers a repeated auth with the same orderID (documented for mark and void).
 * - Which card gives which `avs-code` / `cvvresp` (the letters are the networks', as ActiveMerchant lists them for
 *   Plug'n Pay): here each test token names its own (pnp_tok_cvv_fail, pnp_tok_zip_fail; Y and M otherwise).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export const FAKE_PUBLISHER_NAME = 'pnpdemo';
export const FAKE_REMOTE_PASSWORD = 'remote-client-pass';

/** avs / cvv: the networks' letters the bank answers for the card (default Y and M: both match). */
interface TestCard { type: string; masked: string; exp: string; avs?: string; cvv?: string }
type Outcome = { card: TestCard } | { decline: 'badcard' | 'fraud'; code: string };

/** The fake's test tokens (unconfirmed, see above): approved cards and the declines the adapter maps. */
export const FAKE_TOKENS: Record<string, Outcome> = {
  pnp_tok_visa: { card: { type: 'visa', masked: '411111******1111', exp: '12/30' } },
  pnp_tok_mastercard: { card: { type: 'mstr', masked: '545454******5454', exp: '08/29' } },
  pnp_tok_amex: { card: { type: 'amex', masked: '378282*****0005', exp: '03/31' } },
  // Approved, with a check the bank failed (for the fraud checks): the security code, the ZIP (street matched).
  pnp_tok_cvv_fail: { card: { type: 'visa', masked: '401288******1881', exp: '11/30', cvv: 'N' } },
  pnp_tok_zip_fail: { card: { type: 'visa', masked: '401288******1881', exp: '11/30', avs: 'A' } },
  pnp_tok_declined: { decline: 'badcard', code: '05' },
  pnp_tok_insufficient: { decline: 'badcard', code: '51' },
  pnp_tok_expired: { decline: 'badcard', code: '54' },
  pnp_tok_fraud: { decline: 'fraud', code: 'P50' },
};

type Fields = Record<string, string>;

export interface FakeOrder {
  orderID: string;
  currency: string;
  authCents: number;
  markedCents: number;
  returnedCents: number;
  /** auth (held), marked, voided, or the decline's FinalStatus. */
  state: 'auth' | 'marked' | 'voided' | 'badcard' | 'fraud';
  acctCode?: string;
  ops: Fields[];
  /** The first answer, echoed with Duplicate=yes to a repeat. */
  authAnswer: Fields;
  markAnswer?: Fields;
}

export interface FakeMember { username: string; purchaseid: string; status: string; card: TestCard }

export interface FakePlugnPay {
  /** The base URL (PLUGNPAY_API_BASE): the API is at `${url}/payment/pnpremote.cgi`. */
  url: string;
  endpoint: string;
  username: string;
  password: string;
  orders: Map<string, FakeOrder>;
  members: Map<string, FakeMember>;
  /** Every request's fields, the password masked. */
  requests: Fields[];
  /** While true, every request is answered HTTP 503 (an outage). */
  outage: boolean;
  /** Posts fields as they are (credentials added unless given) and answers the parsed answer. */
  post(fields: Fields): Promise<Fields>;
  close(): Promise<void>;
}

const toCents = (amount: string | undefined): number => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec((amount ?? '').trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : Number.NaN;
};
const toAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const problem = (code: string | undefined, message: string, extra: Fields = {}): Fields =>
  ({ FinalStatus: 'problem', success: 'no', MStatus: 'problem', ...(code ? { 'resp-code': code } : {}), MErrMsg: message, ...extra });

export async function startFakePlugnPay(options: { username?: string; password?: string } = {}): Promise<FakePlugnPay> {
  const username = options.username ?? FAKE_PUBLISHER_NAME;
  const password = options.password ?? FAKE_REMOTE_PASSWORD;
  const orders = new Map<string, FakeOrder>();
  const members = new Map<string, FakeMember>();
  const requests: Fields[] = [];
  let next = Date.now() % 1_000_000;

  const newOrderId = () => `2${String(Date.now()).padStart(13, '0')}${String(++next % 1_000_000).padStart(6, '0')}`.slice(0, 20);

  function authorize(f: Fields, outcome: Outcome | undefined, orderID: string): Fields {
    const cents = toCents(f['card-amount']);
    const currency = (f.currency || 'USD').toUpperCase();
    if (!outcome) return problem('P55', 'Invalid Credit Card No.', { orderID });
    const base = { orderID, 'card-amount': toAmount(cents), currency };
    let answer: Fields;
    let state: FakeOrder['state'];
    if ('decline' in outcome) {
      state = outcome.decline;
      answer = { ...base, FinalStatus: outcome.decline, success: 'no', MStatus: outcome.decline, 'resp-code': outcome.code, MErrMsg: 'Declined by issuer', 'auth-code': '' };
    } else {
      state = 'auth';
      answer = { ...base, FinalStatus: 'success', success: 'yes', MStatus: 'success', 'resp-code': '00', 'auth-code': randomBytes(3).toString('hex').toUpperCase(), 'avs-code': outcome.card.avs ?? 'Y', cvvresp: outcome.card.cvv ?? 'M', 'card-type': outcome.card.type };
    }
    const order: FakeOrder = {
      orderID, currency, authCents: state === 'auth' ? cents : 0, markedCents: 0, returnedCents: 0, state, acctCode: f.acct_code,
      ops: [{ operation: 'auth', FinalStatus: answer.FinalStatus, 'card-amount': toAmount(cents), orderID, currency, 'resp-code': answer['resp-code'], ...(f.acct_code ? { acct_code: f.acct_code } : {}) }],
      authAnswer: answer,
    };
    orders.set(orderID, order);
    if (state === 'auth' && f.authtype === 'authpostauth') {
      order.state = 'marked';
      order.markedCents = cents;
      order.ops.push({ operation: 'postauth', FinalStatus: 'success', 'card-amount': toAmount(cents), orderID, currency });
    }
    return answer;
  }

  function handle(f: Fields): Fields {
    if (!f['publisher-name']) return problem('P98', 'Missing merchant/publisher name');
    if (f['publisher-name'].toLowerCase() !== username || f['publisher-password'] !== password) return problem('P91', 'Missing/incorrect password');
    const mode = (f.mode || 'auth').toLowerCase();
    switch (mode) {
      case 'auth': case 'bill_member': {
        const cents = toCents(f['card-amount']);
        if (Number.isNaN(cents) || cents <= 0) return problem('P58', 'Missing Data: card-amount');
        if (f.orderID && !/^\d{1,20}$/.test(f.orderID)) return problem('P58', 'Invalid orderID');
        const existing = f.orderID ? orders.get(f.orderID) : undefined;
        if (existing) return { ...existing.authAnswer, Duplicate: 'yes' };
        const orderID = f.orderID || newOrderId();
        if (mode === 'bill_member') {
          const member = members.get(f.username ?? '');
          if (!member || member.status === 'cancelled') return problem(undefined, 'Username not found', { orderID });
          return authorize(f, { card: member.card }, orderID);
        }
        if (!f['card-token']) return problem('P58', 'Missing Data: card-token');
        return authorize(f, FAKE_TOKENS[f['card-token']], orderID);
      }
      case 'mark': {
        const order = orders.get(f.orderID ?? '');
        const cents = toCents(f['card-amount']);
        if (!f.orderID || Number.isNaN(cents)) return problem('P58', 'Missing Data');
        if (order?.state === 'marked' && order.markAnswer && order.markedCents === cents) return { ...order.markAnswer, Duplicate: 'yes' };
        if (!order || order.state !== 'auth' || cents <= 0 || cents > order.authCents) {
          return problem('P21', 'orderID was not marked successfully. Transaction may not be marked.', { orderID: f.orderID });
        }
        order.state = 'marked';
        order.markedCents = cents;
        order.ops.push({ operation: 'postauth', FinalStatus: 'success', 'card-amount': toAmount(cents), orderID: order.orderID, currency: order.currency });
        order.markAnswer = { FinalStatus: 'success', success: 'yes', MStatus: 'success', orderID: order.orderID, 'card-amount': toAmount(cents), 'aux-msg': 'orderID has been successfully marked for settlement.' };
        return order.markAnswer;
      }
      case 'void': {
        const order = orders.get(f.orderID ?? '');
        if (!f.orderID || !f['card-amount'] || !f['txn-type']) return problem('P58', 'Missing Data');
        // The latest operation must be the one named: an authorization still held (a marked one is not voided as an auth).
        if (!order || f['txn-type'] !== 'auth' || order.state !== 'auth') {
          return problem(undefined, 'orderID was not voided successfully. Transaction may not be voided.', { orderID: f.orderID });
        }
        order.state = 'voided';
        order.ops.push({ operation: 'void', FinalStatus: 'success', 'card-amount': toAmount(order.authCents), orderID: order.orderID, currency: order.currency });
        return { FinalStatus: 'success', success: 'yes', MStatus: 'success', orderID: order.orderID, 'aux-msg': 'orderID has been successfully voided.' };
      }
      case 'return': {
        const order = orders.get(f.orderID ?? '');
        const cents = toCents(f['card-amount']);
        if (!f.orderID || Number.isNaN(cents) || cents <= 0) return problem('P58', 'Missing Data');
        if (!order || order.state !== 'marked') return problem(undefined, 'orderID may not be returned.', { orderID: f.orderID });
        if (order.returnedCents + cents > order.markedCents) return problem(undefined, 'Return amount exceeds the amount settled.', { orderID: f.orderID });
        order.returnedCents += cents;
        order.ops.push({ operation: 'return', FinalStatus: 'success', 'card-amount': toAmount(cents), orderID: order.orderID, currency: order.currency });
        return { FinalStatus: 'success', success: 'yes', MStatus: 'success', orderID: order.orderID, 'card-amount': toAmount(cents) };
      }
      case 'query_trans': {
        const list = f.orderID ? [orders.get(f.orderID)].filter((o): o is FakeOrder => !!o) : [...orders.values()];
        const ops = list.flatMap((o) => o.ops);
        if (!ops.length) return problem(undefined, 'No records found.');
        return { FinalStatus: 'success', ...Object.fromEntries(ops.map((op, i) => [`a${String(i + 1).padStart(5, '0')}`, new URLSearchParams(op).toString()])) };
      }
      case 'add_member': {
        if (!f.username) return problem('P41', 'Username is blank');
        if (f.username.length > 12 || (f.purchaseid ?? '').length > 20) return problem('P58', 'Field too long');
        if (members.has(f.username)) return problem('P40', 'Username already exists');
        if (!f.enddate || !/^\d{8}$/.test(f.enddate)) return problem('P58', 'Missing Data: enddate');
        const outcome = FAKE_TOKENS[f['card-token'] ?? ''];
        if (!outcome || !('card' in outcome)) return problem('P55', 'Invalid Credit Card No.');
        const member: FakeMember = { username: f.username, purchaseid: f.purchaseid ?? '', status: f.status || 'active', card: outcome.card };
        members.set(member.username, member);
        return { FinalStatus: 'success', success: 'yes', ...memberFields(member), 'aux-msg': 'Member has been added.' };
      }
      case 'list_members': {
        const found = [...members.values()].filter((m) => !f.purchaseid || m.purchaseid === f.purchaseid);
        if (!found.length) return problem(undefined, 'No records found.');
        return { FinalStatus: 'success', ...Object.fromEntries(found.map((m, i) => [`a${String(i + 1).padStart(5, '0')}`, new URLSearchParams(memberFields(m)).toString()])) };
      }
      case 'delete_member': {
        if (!f.username) return problem('P41', 'Username is blank');
        if (!members.delete(f.username)) return problem(undefined, 'Username not found');
        return { FinalStatus: 'success', success: 'yes', username: f.username, 'aux-msg': 'Member has been deleted.' };
      }
      default:
        return problem('P94', 'Mode not permitted for this account.');
    }
  }

  const memberFields = (m: FakeMember): Fields =>
    ({ username: m.username, purchaseid: m.purchaseid, status: m.status, 'card-number': m.card.masked, 'card-exp': m.card.exp, 'card-type': m.card.type });

  const fake = {
    username, password, orders, members, requests, outage: false,
  } as FakePlugnPay;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (path !== '/payment/pnpremote.cgi') { res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found'); return; }
      if (req.method !== 'POST') { res.writeHead(405, { 'content-type': 'text/plain', allow: 'POST' }).end('Method Not Allowed'); return; }
      if (fake.outage) { res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable'); return; }
      const fields: Fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({ ...fields, ...(fields['publisher-password'] ? { 'publisher-password': '***' } : {}) });
      const answer = (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')
        ? handle(fields)
        : problem('P58', 'Requests must be application/x-www-form-urlencoded.');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(new URLSearchParams(answer).toString());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = url;
  fake.endpoint = `${url}/payment/pnpremote.cgi`;
  fake.post = async (fields: Fields) => {
    const body = new URLSearchParams({ 'publisher-name': username, 'publisher-password': password, ...fields });
    const response = await fetch(fake.endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    return Object.fromEntries(new URLSearchParams(await response.text()));
  };
  fake.close = () => new Promise<void>((resolve, reject) => {
    server.closeAllConnections();
    server.close((error) => (error ? reject(error) : resolve()));
  });
  return fake;
}
