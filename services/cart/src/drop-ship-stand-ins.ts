import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tinyLabelPdf } from './testing';

/**
 * Local stand-ins for the suppliers' drop-ship APIs (spec 3 §7 "Supplier shipping": doitbest, emery), for tests and
 * for trying drop-ship by hand: plain node:http on 127.0.0.1. Neither supplier publishes its API, so these follow
 * what spec 3 shows (a Do it Best RSC, a shipping service, prepare then send) and what a drop-ship service must
 * answer (stock per warehouse, freight per service, a tracking number and a packing slip, cancel until shipped).
 * They have never been compared with a live supplier account (docs/SHIPPING-LABELS.md).
 *
 * Common to both: `fails = true` answers every call 500 (an outage); keys in `refusedKeys` are refused 401; `calls`
 * records each request (path, auth, body); `stock` (item → units) limits what a warehouse has (99 of anything
 * else); `ship(order id)` marks an order shipped (a cancel is then refused); packing slips are one-page PDFs served
 * without auth under /files/ (as a file host).
 */
export interface DropShipStandIn {
  url: string;
  calls: { path: string; auth: string; body: Record<string, any> }[];
  fails: boolean;
  refusedKeys: Set<string>;
  /** Units a warehouse has of an item (by warehouse code, then item); 99 when not set. */
  stock: Map<string, Map<string, number>>;
  /** Orders placed through the stand-in, by id. */
  orders: Map<string, Record<string, any>>;
  ship(orderId: string): void;
  close(): Promise<void>;
}

type Handler = (req: { method: string; path: string; body: Record<string, any>; auth: string }, state: StandInState) => [number, unknown];
interface StandInState { origin: string; next(prefix: string): string; available(warehouse: string, item: string): number; standIn: DropShipStandIn; slips: Map<string, Buffer> }
/** One supplier's stand-in, mounted at a path of a server (its own, or one shared by both suppliers). */
interface Mountable { standIn: DropShipStandIn; state: StandInState; handle(req: IncomingMessage, res: ServerResponse, path: string, body: Record<string, any>): void }

const readBody = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  try {
    return text ? JSON.parse(text) as Record<string, any> : {};
  } catch {
    return { unreadable: true };
  }
};
const shipToProblem = (to: Record<string, any> | undefined) => (!to?.name || !to.address1 || !to.city || !to.state || !/^\d{5}(-\d{4})?$/.test(String(to.zip ?? '')) ? 'ship_to needs a name, address1, city, state and a 5-digit zip.' : null);

function mountable(handler: Handler, authOf: (req: IncomingMessage) => { key: string | null }): Mountable {
  let ids = 0;
  const slips = new Map<string, Buffer>();
  const standIn: DropShipStandIn = {
    url: '', calls: [], fails: false, refusedKeys: new Set(), stock: new Map(), orders: new Map(),
    ship: (orderId) => { const order = standIn.orders.get(orderId); if (order) order.shipped = true; },
    close: async () => undefined,
  };
  const state: StandInState = {
    origin: '', standIn, slips,
    next: (prefix) => `${prefix}${++ids}`,
    available: (warehouse, item) => standIn.stock.get(warehouse)?.get(item) ?? 99,
  };
  const handle = (req: IncomingMessage, res: ServerResponse, path: string, body: Record<string, any>) => {
    const auth = req.headers.authorization ?? '';
    standIn.calls.push({ path: `${req.method} ${path}`, auth, body });
    const send = (status: number, answer: unknown) => { res.statusCode = status; res.setHeader('content-type', 'application/json'); res.end(JSON.stringify(answer)); };
    if (standIn.fails) return send(500, { error: { code: 'INTERNAL', message: 'Service unavailable' } });
    const slip = /^\/files\/slips\/([\w-]+)\.pdf$/.exec(path);
    if (req.method === 'GET' && slip) {
      const file = slips.get(slip[1]);
      if (!file) return send(404, { error: { code: 'NOT_FOUND', message: 'No such file.' } });
      res.setHeader('content-type', 'application/pdf');
      return res.end(file);
    }
    const { key } = authOf(req);
    if (!key) return send(401, { error: { code: 'UNAUTHORIZED', message: 'Credentials are required.' } });
    if (standIn.refusedKeys.has(key)) return send(401, { error: { code: 'UNAUTHORIZED', message: 'These credentials are not active.' } });
    if (body.unreadable) return send(400, { error: { code: 'BAD_JSON', message: 'The body is not JSON.' } });
    const [status, answer] = handler({ method: req.method ?? 'GET', path, body, auth }, state);
    return send(status, answer);
  };
  return { standIn, state, handle };
}

/** Serves supplier stand-ins on one loopback port, each under its path prefix ('' for one alone). */
async function serve(mounts: { prefix: string; app: Mountable }[], port: number | undefined): Promise<() => Promise<void>> {
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? '').split('?')[0];
    const mount = mounts.find((m) => !m.prefix || path === m.prefix || path.startsWith(`${m.prefix}/`));
    if (!mount) { res.statusCode = 404; res.setHeader('content-type', 'application/json'); return res.end(JSON.stringify({ message: 'No such resource.' })); }
    mount.app.handle(req, res, path.slice(mount.prefix.length), body);
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(port ?? 0, '127.0.0.1', resolve); });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  for (const m of mounts) {
    m.app.state.origin = `${origin}${m.prefix}`;
    Object.assign(m.app.standIn, { url: `${origin}${m.prefix}`, close });
  }
  return close;
}

const DOITBEST_RSCS = [
  { code: 'MED', name: 'Medina, OH', description: 'Retail Service Center, Medina, Ohio' },
  { code: 'WAC', name: 'Waco, TX', description: 'Retail Service Center, Waco, Texas' },
  { code: 'WOO', name: 'Woodburn, OR', description: 'Retail Service Center, Woodburn, Oregon' },
];
const DOITBEST_SERVICES = [
  { code: 'UPS_GND', carrier: 'UPS', name: 'Ground', charge: '12.50', transit_days: 5 },
  { code: 'UPS_2DA', carrier: 'UPS', name: '2nd Day Air', charge: '28.75', transit_days: 2 },
  { code: 'FDX_HOME', carrier: 'FedEx', name: 'Home Delivery', charge: '13.10', transit_days: 4 },
];

/**
 * Do it Best's drop-ship API as the platform calls it: `Authorization: Bearer <key>` and `X-Member-Number` on every
 * /v1 call. GET /v1/rscs; GET /v1/shipping-services; POST /v1/drop-ship/quotes {rsc, po_number, ship_to, ship_from,
 * lines: [{item, quantity}]} (422 an unknown RSC, no lines, a bad ship_to) answers each line's `available` at the
 * RSC and `unit_cost`, and each service's `charge`; POST /v1/drop-ship/orders {quote_id, service_code} (422 an
 * unknown quote or service, a line short at the RSC; 409 the quote ordered already) answers `order_id`,
 * `tracking_number`, `carrier`, `service`, `charge`, `packing_slip_url`; POST /v1/drop-ship/orders/{id}/cancel answers
 * status `cancelled`, or `shipped` once shipped (409 cancelled already).
 */
function doItBestApp(): Mountable {
  const quotes = new Map<string, Record<string, any>>();
  return mountable((req, s) => {
    const route = `${req.method} ${req.path}`;
    if (route === 'GET /v1/rscs') return [200, { rscs: DOITBEST_RSCS }];
    if (route === 'GET /v1/shipping-services') return [200, { services: DOITBEST_SERVICES.map(({ charge: _charge, ...service }) => service) }];
    if (route === 'POST /v1/drop-ship/quotes') {
      const { rsc, lines, ship_to: to, po_number: po } = req.body;
      if (!DOITBEST_RSCS.some((r) => r.code === rsc)) return [422, { error: { code: 'RSC_UNKNOWN', message: `No RSC ${String(rsc)} for this member.` } }];
      if (!Array.isArray(lines) || !lines.length || lines.some((l) => !l?.item || !(Number(l.quantity) > 0))) return [422, { error: { code: 'LINES_INVALID', message: 'Give at least one line with an item and a quantity.' } }];
      const problem = shipToProblem(to);
      if (problem) return [422, { error: { code: 'SHIP_TO_INVALID', message: problem } }];
      const quote = {
        quote_id: s.next('dq_'), rsc, po_number: po ?? null, ship_to: to,
        lines: lines.map((l: { item: string; quantity: number }) => ({ item: String(l.item), quantity: Number(l.quantity), available: s.available(rsc, String(l.item)), unit_cost: '4.25' })),
        services: DOITBEST_SERVICES, messages: [] as string[], ordered: false,
      };
      quote.messages = quote.lines.filter((l) => l.available < l.quantity).map((l) => `Item ${l.item}: ${l.available} available at ${rsc}.`);
      quotes.set(quote.quote_id, quote);
      const { ordered: _ordered, ...answer } = quote;
      return [201, answer];
    }
    if (route === 'POST /v1/drop-ship/orders') {
      const quote = quotes.get(String(req.body.quote_id));
      if (!quote) return [422, { error: { code: 'QUOTE_UNKNOWN', message: 'No such quote.' } }];
      if (quote.ordered) return [409, { error: { code: 'QUOTE_ORDERED', message: 'This quote was ordered already.' } }];
      const service = DOITBEST_SERVICES.find((x) => x.code === req.body.service_code);
      if (!service) return [422, { error: { code: 'SERVICE_UNKNOWN', message: `No shipping service ${String(req.body.service_code)}.` } }];
      const short = (quote.lines as { item: string; quantity: number; available: number }[]).find((l) => l.available < l.quantity);
      if (short) return [422, { error: { code: 'LINE_SHORT', message: `Item ${short.item}: only ${short.available} at ${quote.rsc}.` } }];
      quote.ordered = true;
      const orderId = s.next('DIB-');
      const tracking = `1Z${String(900000000 + Number(orderId.slice(4))).padStart(9, '0')}DIB`;
      const order = { order_id: orderId, status: 'accepted', rsc: quote.rsc, tracking_number: tracking, carrier: service.carrier, service: service.name, charge: service.charge, packing_slip_url: `${s.origin}/files/slips/${orderId}.pdf`, shipped: false, cancelled: false };
      s.slips.set(orderId, tinyLabelPdf(`Do it Best ${orderId} ${tracking}`));
      s.standIn.orders.set(orderId, order);
      const { shipped: _s, cancelled: _c, ...answer } = order;
      return [201, answer];
    }
    const cancel = /^POST \/v1\/drop-ship\/orders\/([\w-]+)\/cancel$/.exec(route);
    if (cancel) {
      const order = s.standIn.orders.get(cancel[1]);
      if (!order) return [404, { error: { code: 'NOT_FOUND', message: 'No such order.' } }];
      if (order.cancelled) return [409, { error: { code: 'ORDER_CANCELLED', message: 'This order was cancelled already.' } }];
      if (order.shipped) return [200, { order_id: order.order_id, status: 'shipped' }];
      order.cancelled = true;
      return [200, { order_id: order.order_id, status: 'cancelled' }];
    }
    return [404, { error: { code: 'NOT_FOUND', message: 'No such resource.' } }];
  }, (req) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    return { key: bearer && req.headers['x-member-number'] ? bearer[1] : null };
  });
}

const EMERY_WAREHOUSE = { code: 'EWH', name: 'Portland, ME' };
const EMERY_METHODS = [
  { id: 'UPSG', carrier: 'UPS', description: 'UPS Ground', freight: '11.95', days: 5 },
  { id: 'USPSP', carrier: 'USPS', description: 'Priority Mail', freight: '9.80', days: 3 },
];

/**
 * Emery's drop-ship API as the platform calls it: HTTP Basic auth (customer number : API key) on every /api/v2
 * call. GET /api/v2/account (the customer's name and warehouse); GET /api/v2/ship-methods; POST
 * /api/v2/dropship/prepare {customer_po, ship_to, ship_from_name, items: [{item_number, qty}]} (422 no items, a bad
 * ship_to) answers each item's `qty_available` and `price`, and each ship method's `freight`; POST
 * /api/v2/dropship/submit {prepare_id, ship_method} (422 unknown, an item short; 409 submitted already) answers
 * `confirmation_number`, `tracking_number`, `carrier`, `ship_method_description`, `freight`, `packing_list_url`; POST
 * /api/v2/dropship/{confirmation}/cancel answers status `CANCELLED`, or `SHIPPED` once shipped.
 */
function emeryApp(): Mountable {
  const prepared = new Map<string, Record<string, any>>();
  return mountable((req, s) => {
    const route = `${req.method} ${req.path}`;
    const customer = Buffer.from(req.auth.replace(/^Basic\s+/i, ''), 'base64').toString('utf8').split(':')[0];
    if (route === 'GET /api/v2/account') return [200, { customer_number: customer, name: `Customer ${customer}`, warehouse: EMERY_WAREHOUSE }];
    if (route === 'GET /api/v2/ship-methods') return [200, { ship_methods: EMERY_METHODS.map(({ freight: _f, ...m }) => m) }];
    if (route === 'POST /api/v2/dropship/prepare') {
      const { items, ship_to: to } = req.body;
      if (!Array.isArray(items) || !items.length || items.some((i) => !i?.item_number || !(Number(i.qty) > 0))) return [422, { message: 'Give at least one item with an item_number and a qty.' }];
      const problem = shipToProblem(to);
      if (problem) return [422, { message: problem }];
      const prep = {
        prepare_id: s.next('EP'), items: items.map((i: { item_number: string; qty: number }) => ({ item_number: String(i.item_number), qty: Number(i.qty), qty_available: s.available(EMERY_WAREHOUSE.code, String(i.item_number)), price: '3.90' })),
        ship_methods: EMERY_METHODS, messages: [] as string[], submitted: false,
      };
      prep.messages = prep.items.filter((i) => i.qty_available < i.qty).map((i) => `Item ${i.item_number}: ${i.qty_available} in stock.`);
      prepared.set(prep.prepare_id, prep);
      const { submitted: _s, ...answer } = prep;
      return [200, answer];
    }
    if (route === 'POST /api/v2/dropship/submit') {
      const prep = prepared.get(String(req.body.prepare_id));
      if (!prep) return [422, { message: 'No such prepared order.' }];
      if (prep.submitted) return [409, { message: 'This order was submitted already.' }];
      const method = EMERY_METHODS.find((m) => m.id === req.body.ship_method);
      if (!method) return [422, { message: `No ship method ${String(req.body.ship_method)}.` }];
      const short = (prep.items as { item_number: string; qty: number; qty_available: number }[]).find((i) => i.qty_available < i.qty);
      if (short) return [422, { message: `Item ${short.item_number}: only ${short.qty_available} in stock.` }];
      prep.submitted = true;
      const confirmation = s.next('EMW');
      const tracking = `9400${String(1000000000 + Number(confirmation.slice(3)))}EMW`;
      const order = { confirmation_number: confirmation, status: 'RECEIVED', tracking_number: tracking, carrier: method.carrier, ship_method_description: method.description, freight: method.freight, packing_list_url: `${s.origin}/files/slips/${confirmation}.pdf`, shipped: false, cancelled: false };
      s.slips.set(confirmation, tinyLabelPdf(`Emery ${confirmation} ${tracking}`));
      s.standIn.orders.set(confirmation, order);
      const { shipped: _s, cancelled: _c, ...answer } = order;
      return [200, answer];
    }
    const cancel = /^POST \/api\/v2\/dropship\/(\w+)\/cancel$/.exec(route);
    if (cancel) {
      const order = s.standIn.orders.get(cancel[1]);
      if (!order) return [404, { message: 'No such order.' }];
      if (order.cancelled) return [409, { message: 'This order was cancelled already.' }];
      if (order.shipped) return [200, { confirmation_number: order.confirmation_number, status: 'SHIPPED' }];
      order.cancelled = true;
      return [200, { confirmation_number: order.confirmation_number, status: 'CANCELLED' }];
    }
    return [404, { message: 'No such resource.' }];
  }, (req) => {
    const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic\s+/i, ''), 'base64').toString('utf8').split(':');
    return { key: user && pass ? pass : null };
  });
}

/** Do it Best's stand-in alone on a loopback port (a free one by default); DOITBEST_API_URL = its `url`. */
export async function startDoItBestStandIn(options: { port?: number } = {}): Promise<DropShipStandIn> {
  const app = doItBestApp();
  await serve([{ prefix: '', app }], options.port);
  return app.standIn;
}

/** Emery's stand-in alone on a loopback port (a free one by default); EMERY_API_URL = its `url`. */
export async function startEmeryStandIn(options: { port?: number } = {}): Promise<DropShipStandIn> {
  const app = emeryApp();
  await serve([{ prefix: '', app }], options.port);
  return app.standIn;
}

/** Both on one port, Do it Best under /doitbest and Emery under /emery (the scripts' process: one port per profile). */
export async function startDropShipStandIns(options: { port?: number } = {}): Promise<{ doitbest: DropShipStandIn; emery: DropShipStandIn }> {
  const [doitbest, emery] = [doItBestApp(), emeryApp()];
  await serve([{ prefix: '/doitbest', app: doitbest }, { prefix: '/emery', app: emery }], options.port);
  return { doitbest: doitbest.standIn, emery: emery.standIn };
}
