import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of EasyPost's HTTP API (v2) the store uses, for tests: plain node:http on
 * 127.0.0.1, speaking to this machine only. Point the official SDK at it with EASYPOST_API_URL = `url`.
 *
 * - `POST /v2/shipments`: a shipment with `rates` (set `rates`).
 * - `POST /v2/addresses` with `verify`: EasyPost's Address with `verifications.delivery`. The stand-in's own rule, not
 *   EasyPost's: a street containing "unknown" is not found (error on `street1`, code E.ADDRESS.NOT_FOUND), a zip of
 *   00000 is wrong (error on `zip`); anything else is delivered, upper-cased as EasyPost answers, with a ZIP+4.
 * - `GET /v2/carrier_accounts`: the account's carrier accounts, an array (set `carrierAccounts`).
 * - `fails = true`: every call answers 500 as an outage; `calls` records each request (path, Basic auth, body).
 */
export interface EasyPostStandIn {
  url: string;
  calls: { path: string; auth: string; body: Record<string, any> }[];
  fails: boolean;
  rates: { carrier: string; service: string; rate: string; currency?: string; delivery_days?: number | null }[];
  carrierAccounts: { type: string; readable: string; description?: string }[];
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) as Record<string, any> : {};
};

export async function startEasyPostStandIn(): Promise<EasyPostStandIn> {
  const state: Omit<EasyPostStandIn, 'url' | 'close'> = {
    calls: [], fails: false,
    rates: [
      { carrier: 'UPS', service: 'Ground', rate: '11.40', currency: 'USD', delivery_days: 5 },
      { carrier: 'USPS', service: 'GroundAdvantage', rate: '7.15', currency: 'USD', delivery_days: 3 },
    ],
    carrierAccounts: [{ type: 'UspsAccount', readable: 'USPS', description: 'USPS account' }, { type: 'UpsAccount', readable: 'UPS', description: 'UPS account' }],
  };
  let ids = 0;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = `${req.method} ${(req.url ?? '').split('?')[0]}`;
    state.calls.push({ path, auth: req.headers.authorization ?? '', body });
    res.setHeader('content-type', 'application/json');
    const send = (status: number, answer: unknown) => { res.statusCode = status; res.end(JSON.stringify(answer)); };
    if (state.fails) return send(500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'down', errors: [] } });
    if (path === 'POST /v2/shipments') {
      return send(201, { id: `shp_${++ids}`, object: 'Shipment', rates: state.rates.map((r, i) => ({ id: `rate_${ids}_${i}`, object: 'Rate', currency: 'USD', ...r })) });
    }
    if (path === 'GET /v2/carrier_accounts') {
      return send(200, state.carrierAccounts.map((a, i) => ({ id: `ca_${i + 1}`, object: 'CarrierAccount', description: null, ...a })));
    }
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
    return send(404, { error: { code: 'NOT_FOUND', message: 'The requested resource could not be found.', errors: [] } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn = Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  });
  return standIn;
}
