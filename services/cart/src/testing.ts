import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// The suppliers' drop-ship stand-ins (Do it Best, Emery) live beside this one.
export { startDoItBestStandIn, startDropShipStandIns, startEmeryStandIn, type DropShipStandIn } from './drop-ship-stand-ins';

/**
 * A local stand-in for the parts of EasyPost's HTTP API (v2) the store uses, for tests: plain node:http on
 * 127.0.0.1, speaking to this machine only. Point the official SDK at it with EASYPOST_API_URL = `url`.
 * It follows EasyPost's published API (docs.easypost.com: Shipment, Rate, PostageLabel, Insurance, Refund,
 * CarrierAccount, CarrierType, Address verification) in the fields the platform reads; it has never been
 * compared with a live EasyPost account (docs/SHIPPING-LABELS.md).
 *
 * - Every /v2 call needs HTTP Basic auth with a key (401 APIKEY.REQUIRED); a key in `refusedKeys` is refused
 *   (401 APIKEY.INACTIVE), as EasyPost refuses a revoked key.
 * - `POST /v2/shipments`: needs `to_address`, `from_address` and a `parcel` with a positive `weight` (ounces),
 *   else 422 as EasyPost answers a bad shipment; answers the shipment with `rates` (set `rates`), each rate with
 *   its id, `shipment_id` and `carrier_account_id`. The shipment is kept (GET /v2/shipments/{id}).
 * - `POST /v2/shipments/{id}/buy {rate: {id}, insurance?}`: a rate of that shipment only (422 otherwise), once
 *   (422 SHIPMENT.POSTAGE.EXISTS); answers the shipment with `selected_rate`, `tracking_code`, `postage_label`
 *   (a PDF the stand-in serves when the shipment was made with `options.label_format` 'PDF', else a PNG URL),
 *   `tracker.public_url`, `insurance` and `fees` (insurance costs 1% of the amount, at least $1.00, as EasyPost
 *   publishes). `POST .../insure {amount}` insures a bought shipment.
 * - `POST /v2/shipments/{id}/refund`: a bought shipment only (422 otherwise); `refund_status` 'submitted', or
 *   'rejected' once the carrier scanned it (`scan(tracking_code)`), as EasyPost reports a used label; asking
 *   again after 'submitted' is refused (422).
 * - `POST /v2/addresses` with `verify`: EasyPost's Address with `verifications.delivery`. The stand-in's own rule, not
 *   EasyPost's: a street containing "unknown" is not found (error on `street1`, code E.ADDRESS.NOT_FOUND), a zip of
 *   00000 is wrong (error on `zip`); anything else is delivered, upper-cased as EasyPost answers, with a ZIP+4.
 * - `GET /v2/carrier_accounts` (an array; set `carrierAccounts`), `GET /v2/carrier_accounts/{id}`, `GET /v2/carrier_types`.
 * - `fails = true`: every call answers 500 as an outage; `brokenLabelFiles = true`: label files are an HTML page;
 *   `calls` records each request (path, Basic auth, body).
 */
export interface EasyPostStandIn {
  url: string;
  calls: { path: string; auth: string; body: Record<string, any> }[];
  fails: boolean;
  rates: { carrier: string; service: string; rate: string; currency?: string; delivery_days?: number | null }[];
  carrierAccounts: { type: string; readable: string; description?: string }[];
  /** API keys EasyPost refuses (revoked, mistyped). */
  refusedKeys: Set<string>;
  /** Shipments made through the stand-in, by id, as EasyPost keeps them. */
  shipments: Map<string, Record<string, any>>;
  /** Label files bought from now on are an HTML error page instead of a label (a file host gone wrong). */
  brokenLabelFiles: boolean;
  /** The carrier scanned this tracking code's parcel: a refund is now rejected. */
  scan(trackingCode: string): void;
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) as Record<string, any> : {};
};

/** A one-page PDF saying what the label is for (the stand-in's label file). */
export function tinyLabelPdf(text: string): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 36 260 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => { offsets.push(body.length); body += `${i + 1} 0 obj\n${object}\nendobj\n`; });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CARRIER_TYPES = [
  { type: 'UspsAccount', readable: 'USPS', fields: { auto_link: true } },
  { type: 'UpsAccount', readable: 'UPS', fields: { credentials: { account_number: { visibility: 'visible', label: 'UPS Account Number' } } } },
  { type: 'FedexAccount', readable: 'FedEx', fields: { custom_workflow: true } },
];

/** EasyPost's insurance fee: 1% of the declared value, at least $1.00. */
const insuranceFee = (amount: number) => Math.max(1, Math.ceil(amount) / 100).toFixed(2);

export async function startEasyPostStandIn(options: { port?: number } = {}): Promise<EasyPostStandIn> {
  const scanned = new Set<string>();
  const state: Omit<EasyPostStandIn, 'url' | 'close' | 'scan'> = {
    calls: [], fails: false,
    rates: [
      { carrier: 'UPS', service: 'Ground', rate: '11.40', currency: 'USD', delivery_days: 5 },
      { carrier: 'USPS', service: 'GroundAdvantage', rate: '7.15', currency: 'USD', delivery_days: 3 },
    ],
    carrierAccounts: [{ type: 'UspsAccount', readable: 'USPS', description: 'USPS account' }, { type: 'UpsAccount', readable: 'UPS', description: 'UPS account' }],
    refusedKeys: new Set(),
    shipments: new Map(),
    brokenLabelFiles: false,
  };
  let ids = 0;
  let origin = '';
  const labels = new Map<string, Buffer>();
  const accountsNow = () => state.carrierAccounts.map((a, i) => ({ id: `ca_${i + 1}`, object: 'CarrierAccount', description: null, ...a }));
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = `${req.method} ${(req.url ?? '').split('?')[0]}`;
    const auth = req.headers.authorization ?? '';
    state.calls.push({ path, auth, body });
    const send = (status: number, answer: unknown) => { res.statusCode = status; res.setHeader('content-type', 'application/json'); res.end(JSON.stringify(answer)); };
    const refuse = (status: number, code: string, message: string) => send(status, { error: { code, message, errors: [] } });
    if (state.fails) return refuse(500, 'INTERNAL_SERVER_ERROR', 'down');

    // The label files sit outside the API (EasyPost serves them from its file host): no key needed.
    const file = /^GET \/files\/postage_label\/([\w-]+)\.(pdf|png)$/.exec(path);
    if (file) {
      const label = labels.get(file[1]);
      if (!label) return refuse(404, 'NOT_FOUND', 'The requested resource could not be found.');
      res.setHeader('content-type', file[2] === 'pdf' ? 'application/pdf' : 'image/png');
      return res.end(label);
    }
    const track = /^GET \/track\/(\w+)$/.exec(path);
    if (track) { res.setHeader('content-type', 'text/plain'); return res.end(`Tracking ${track[1]}: pre_transit`); }

    const key = Buffer.from(auth.replace(/^Basic\s+/i, ''), 'base64').toString('utf8').replace(/:$/, '');
    if (!auth || !key) return refuse(401, 'APIKEY.REQUIRED', 'Please provide your API key.');
    if (state.refusedKeys.has(key)) return refuse(401, 'APIKEY.INACTIVE', 'This api key is no longer active. Please use a different api key or reactivate this key.');

    if (path === 'POST /v2/shipments') {
      const s = (body.shipment ?? {}) as Record<string, any>;
      if (!s.to_address || !s.from_address) return refuse(422, 'SHIPMENT.INVALID_PARAMS', 'Shipment needs a to_address and a from_address.');
      if (!(Number(s.parcel?.weight) > 0)) return refuse(422, 'PARCEL.CREATE.FAILURE', 'Unable to create parcel, weight must be greater than zero.');
      const id = `shp_${++ids}`;
      const shipment = {
        id, object: 'Shipment', mode: 'test', status: 'unknown', reference: s.reference ?? null, options: { currency: 'USD', ...(s.options ?? {}) },
        to_address: { id: `adr_${++ids}`, object: 'Address', ...s.to_address }, from_address: { id: `adr_${++ids}`, object: 'Address', ...s.from_address },
        parcel: { id: `prcl_${++ids}`, object: 'Parcel', length: null, width: null, height: null, ...s.parcel },
        rates: state.rates.map((r, i) => ({
          id: `rate_${ids}_${i}`, object: 'Rate', currency: 'USD', shipment_id: id, carrier_account_id: `ca_${i + 1}`, ...r,
        })),
        messages: [], selected_rate: null, postage_label: null, tracking_code: null, tracker: null, insurance: null, refund_status: null, fees: [],
      };
      state.shipments.set(id, shipment);
      return send(201, shipment);
    }
    const action = /^(GET|POST) \/v2\/shipments\/(shp_\w+)(?:\/(buy|insure|refund))?$/.exec(path);
    if (action) {
      const shipment = state.shipments.get(action[2]);
      if (!shipment) return refuse(404, 'NOT_FOUND', 'The requested resource could not be found.');
      const verb = action[3];
      if (!verb && action[1] === 'GET') return send(200, shipment);
      if (verb === 'buy' && action[1] === 'POST') {
        if (shipment.postage_label) return refuse(422, 'SHIPMENT.POSTAGE.EXISTS', 'Postage already exists for this shipment.');
        const rate = (shipment.rates as { id: string; carrier: string; rate: string }[]).find((r) => r.id === body.rate?.id);
        if (!rate) return refuse(422, 'SHIPMENT.RATE.INVALID', 'The rate does not belong to this shipment.');
        const insured = body.insurance !== undefined && body.insurance !== null ? Number(body.insurance) : null;
        if (insured !== null && !(insured > 0)) return refuse(422, 'SHIPMENT.INSURANCE.INVALID', 'Insurance amount must be greater than zero.');
        const labelId = `pl_${++ids}`;
        const tracking = `${rate.carrier === 'UPS' ? '1Z' : '9400'}${String(100000000 + ids)}${String(ids).padStart(6, '0')}`;
        const pdf = shipment.options.label_format === 'PDF';
        labels.set(labelId, state.brokenLabelFiles ? Buffer.from('<html>Service unavailable</html>') : pdf ? tinyLabelPdf(`${rate.carrier} ${tracking}`) : Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        Object.assign(shipment, {
          selected_rate: rate, tracking_code: tracking,
          postage_label: {
            id: labelId, object: 'PostageLabel', label_file_type: pdf ? 'application/pdf' : 'image/png', label_size: '4x6',
            label_url: `${origin}/files/postage_label/${labelId}.${pdf ? 'pdf' : 'png'}`, label_pdf_url: pdf ? `${origin}/files/postage_label/${labelId}.pdf` : null,
          },
          tracker: { id: `trk_${++ids}`, object: 'Tracker', tracking_code: tracking, status: 'pre_transit', public_url: `${origin}/track/${tracking}` },
          insurance: insured !== null ? insured.toFixed(2) : null,
          fees: [
            { object: 'Fee', type: 'LabelFee', amount: '0.00000', charged: true, refunded: false },
            { object: 'Fee', type: 'PostageFee', amount: rate.rate, charged: true, refunded: false },
            ...(insured !== null ? [{ object: 'Fee', type: 'InsuranceFee', amount: insuranceFee(insured), charged: true, refunded: false }] : []),
          ],
        });
        return send(200, shipment);
      }
      if (verb === 'insure' && action[1] === 'POST') {
        if (!shipment.postage_label) return refuse(422, 'SHIPMENT.INSURANCE.NOT_PURCHASED', 'Buy the shipment before insuring it.');
        const amount = Number(body.amount);
        if (!(amount > 0)) return refuse(422, 'SHIPMENT.INSURANCE.INVALID', 'Insurance amount must be greater than zero.');
        shipment.insurance = amount.toFixed(2);
        shipment.fees = [...shipment.fees, { object: 'Fee', type: 'InsuranceFee', amount: insuranceFee(amount), charged: true, refunded: false }];
        return send(200, shipment);
      }
      if (verb === 'refund' && action[1] === 'POST') {
        if (!shipment.postage_label) return refuse(422, 'SHIPMENT.REFUND.NOT_PURCHASED', 'Only a purchased shipment can be refunded.');
        if (shipment.refund_status === 'submitted' || shipment.refund_status === 'refunded') return refuse(422, 'SHIPMENT.REFUND.ALREADY_REQUESTED', 'A refund was already requested for this shipment.');
        shipment.refund_status = scanned.has(shipment.tracking_code) ? 'rejected' : 'submitted';
        return send(200, shipment);
      }
      return refuse(404, 'NOT_FOUND', 'The requested resource could not be found.');
    }
    if (path === 'GET /v2/carrier_accounts') return send(200, accountsNow());
    const account = /^GET \/v2\/carrier_accounts\/(ca_\w+)$/.exec(path);
    if (account) {
      const found = accountsNow().find((a) => a.id === account[1]);
      return found ? send(200, found) : refuse(404, 'NOT_FOUND', 'The requested resource could not be found.');
    }
    if (path === 'GET /v2/carrier_types') return send(200, CARRIER_TYPES.map((t) => ({ object: 'CarrierType', logo: null, ...t })));
    if (path === 'POST /v2/addresses') {
      const a = (body.address ?? {}) as Record<string, string | undefined>;
      const upper = (v: string | undefined) => (v ?? '').trim().toUpperCase();
      const errors = [
        ...(/unknown/i.test(a.street1 ?? '') ? [{ code: 'E.ADDRESS.NOT_FOUND', field: 'street1', message: 'Address not found', suggestion: null }] : []),
        ...((a.zip ?? '').startsWith('00000') ? [{ code: 'E.ZIP.INVALID', field: 'zip', message: 'Invalid zip code', suggestion: null }] : []),
      ];
      const verified = 'verify' in body || 'verify_strict' in body;
      const zip5 = (a.zip ?? '').slice(0, 5);
      return send(201, {
        id: `adr_${++ids}`, object: 'Address', mode: 'test',
        street1: upper(a.street1), street2: upper(a.street2) || null, city: upper(a.city), state: upper(a.state),
        zip: verified && !errors.length ? `${zip5}-1234` : a.zip ?? '', country: upper(a.country) || 'US',
        verifications: verified ? { delivery: { success: errors.length === 0, errors, details: errors.length ? null : { latitude: 44.94, longitude: -123.03, time_zone: 'America/Los_Angeles' } } } : {},
      });
    }
    return refuse(404, 'NOT_FOUND', 'The requested resource could not be found.');
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(options.port ?? 0, '127.0.0.1', resolve); });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn = Object.assign(state, {
    url: `${origin}/v2/`,
    scan: (trackingCode: string) => { scanned.add(trackingCode); },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  });
  return standIn;
}
