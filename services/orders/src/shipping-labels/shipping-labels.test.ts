import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { isSealed, openSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from '@platform/cart';
import { startEasyPostStandIn, type EasyPostStandIn } from '@platform/cart/testing';
import { StoreProfile } from '@platform/tenant-settings';
import { inBackground } from '@platform/db';
import { CARRIER_KEY_REFUSED, CARRIER_NOT_ANSWERING, CARRIER_NOT_CONNECTED, ONLY_STORE_OWNER_CARRIERS, QUOTES_EXPIRED, RATE_NOT_OFFERED, REFUND_REJECTED } from '@platform/domain';
import { Order, indexOrders, ordersService } from '../index';
import { forgetLabelIndex } from './label-index';
import { messagesOf } from '@platform/queue';

/** The test reads the database itself (not a request path): it may query by any field. */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let easypost: EasyPostStandIn;
const tenants: Record<string, string> = {};
const tokens: Record<string, string> = {};
const headers = (slug: string, token?: string) => ({ 'business-slug': slug, 'store-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const call = (method: 'GET' | 'POST', url: string, who: string | null, payload?: object, slug = 'lbl-a') =>
  harness.app.inject({ method, url: `/api/admin/shipping/${url}`, headers: headers(slug, who ? tokens[who] : undefined), ...(payload ? { payload } : {}) });
const owner = (method: 'GET' | 'POST', url: string, payload?: object) => call(method, url, 'owner', payload);
const mails = async (kind: string, tenantId = tenants['lbl-a']) => (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']))
  .flatMap((j) => messagesOf(j.data)).filter((d) => d.kind === kind && d.tenantId === tenantId);
const storedOrder = async (id: string) => (await inDb(() => Order.findOne({ tenantId: tenants['lbl-a'], _id: id }).lean())) as unknown as {
  tracking: { labelId: string; code: string; carrier: string } | null; history: { by: string; note: string }[];
};

let nextNumber = 5001;
/** An order as checkout leaves it (shipping to Salem, OR, unless another type is given), listed in Redis; its id and number. */
async function placedOrder(slug: string, orderType: 'shipping' | 'pickup' = 'shipping', status = 'prepared') {
  const tenantId = tenants[slug];
  const number = String(nextNumber++);
  const doc = await Order.create({
    tenantId, orderNumber: number, sequence: Number(number), status, locationId: 1, customerSlug: 'pat-shopper', customerName: 'Pat Shopper', orderType,
    contact: { firstName: 'Pat', lastName: 'Shopper', email: 'pat@example.com', telephone: '5035550142' },
    address: orderType === 'shipping' ? { address: '12 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97302', country: 'US' } : null,
    shippingService: orderType === 'shipping' ? 'USPS GroundAdvantage' : null,
    items: [{ productId: 2, storeProductId: 21, sku: '1002', title: 'Hammer', quantity: 2, priceCents: 1999, special: false }],
    subtotalCents: 3998, fulfilmentCents: 715, totalCents: 4713, placedAt: new Date(), history: [],
  });
  await indexOrders({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [doc.toObject() as never], false);
  return { id: String(doc._id), number };
}
const parcel = { weight_lb: 2, weight_oz: 3.3, length: 12, width: 9, height: 4 };

beforeAll(async () => {
  easypost = await startEasyPostStandIn();
  process.env.EASYPOST_API_URL = easypost.url;
  harness = await createTestApp([cartService, ordersService], 'shipping-labels');
  for (const slug of ['lbl-a', 'lbl-b']) {
    tenants[slug] = (await createTenant(slug)).id;
    await createCatalogueFixture(tenants[slug], slug);
  }
  tokens.owner = await issueToken(tenants['lbl-a'], { isAdmin: true, slug: 'the-owner' });
  tokens.staff = await issueToken(tenants['lbl-a'], { isAdmin: true, isSubAccount: true, slug: 'sam-staff', permissions: [] });
  tokens.shopper = await issueToken(tenants['lbl-a'], { slug: 'pat-shopper' });
  tokens.ownerB = await issueToken(tenants['lbl-b'], { isAdmin: true, slug: 'b-owner' });
});
afterAll(async () => {
  delete process.env.EASYPOST_API_URL;
  await easypost?.close();
  await harness?.close();
});

describe('carriers admin', () => {
  it('offers EasyPost; nothing is connected at first and labels ask for it', async () => {
    const available = await owner('GET', 'getAvailableCarriers');
    expect(available.statusCode).toBe(200);
    // EasyPost first; the suppliers' drop-ship services follow where the platform has them (drop-ship.test.ts).
    expect(available.json().data[0]).toEqual(expect.objectContaining({ id: 'easypost', name: 'EasyPost', connected: false, can_change: true, fields: [expect.objectContaining({ key: 'api_key', secret: true })] }));
    expect((await owner('GET', 'getCarriers')).json()).toEqual({ data: [] });
    const { id } = await placedOrder('lbl-a');
    const quote = await owner('POST', `${id}/quotes`, parcel);
    expect(quote.statusCode).toBe(409);
    expect(quote.json().message).toBe(CARRIER_NOT_CONNECTED);
  });

  it('lets only the store owner connect: staff and shoppers 403, guests 401', async () => {
    const body = { carrier: 'easypost', credentials: { api_key: 'EZTKstaffTriesThis' } };
    const staff = await call('POST', 'addCarrier', 'staff', body);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(ONLY_STORE_OWNER_CARRIERS);
    expect((await call('POST', 'deleteCarrier', 'staff', { carrier_id: 'easypost' })).statusCode).toBe(403);
    expect((await call('POST', 'addCarrier', 'shopper', body)).statusCode).toBe(403);
    expect((await call('GET', 'getCarriers', 'shopper')).statusCode).toBe(403);
    expect((await call('POST', 'addCarrier', null, body)).statusCode).toBe(401);
    expect((await owner('GET', 'getCarriers')).json().data).toEqual([]);
  });

  it('refuses a key EasyPost refuses, saving nothing', async () => {
    easypost.refusedKeys.add('EZTKrevokedKey99');
    const res = await owner('POST', 'addCarrier', { carrier: 'easypost', credentials: { api_key: 'EZTKrevokedKey99' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'credentials.api_key': [CARRIER_KEY_REFUSED] });
    const blank = await owner('POST', 'addCarrier', { carrier: 'easypost', credentials: { api_key: '  ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors['credentials.api_key']).toEqual(['Please paste the API key from your EasyPost dashboard.']);
    expect((await owner('GET', 'getCarriers')).json().data).toEqual([]);
  });

  it("connects the store's EasyPost account with its key sealed, never answering the key", async () => {
    const res = await owner('POST', 'addCarrier', { carrier: 'easypost', credentials: { api_key: ' EZTKlabelsKey12345 ' }, description: 'Main account' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^EasyPost is connected with a test key/);
    expect(res.json().data).toMatchObject({ id: 'easypost', mode: 'test', key_last4: '2345', description: 'Main account', connected_by: 'the-owner' });
    const stored = (await StoreProfile.findOne({ tenantId: tenants['lbl-a'] }).lean()) as unknown as { shippingCarrier: { adapter: string; apiKey: string } };
    expect(stored.shippingCarrier.adapter).toBe('easypost');
    expect(isSealed(stored.shippingCarrier.apiKey)).toBe(true);
    expect(openSecret(stored.shippingCarrier.apiKey)).toBe('EZTKlabelsKey12345');
    for (const url of ['getCarriers', 'getAvailableCarriers', 'easypost/info']) {
      const answer = await owner('GET', url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('EZTKlabelsKey');
    }
    expect((await call('GET', 'getCarriers', 'staff')).json().data).toEqual([expect.objectContaining({ id: 'easypost', key_last4: '2345' })]);
    expect((await call('GET', 'getAvailableCarriers', 'staff')).json().data[0]).toMatchObject({ connected: true, can_change: false });
  });

  it("shows the carrier accounts inside the EasyPost account, asked with the store's key; another id is 404", async () => {
    const before = easypost.calls.length;
    const info = await owner('GET', 'easypost/info');
    expect(info.json().data.accounts).toEqual([
      { id: 'ca_1', type: 'UspsAccount', name: 'USPS', description: 'USPS account' }, { id: 'ca_2', type: 'UpsAccount', name: 'UPS', description: 'UPS account' },
    ]);
    const asked = easypost.calls.slice(before);
    expect(asked.map((c) => c.path)).toEqual(['GET /v2/carrier_accounts']);
    expect(Buffer.from(asked[0].auth.replace(/^Basic /, ''), 'base64').toString()).toBe('EZTKlabelsKey12345:');
    expect((await owner('GET', 'fedex/info')).statusCode).toBe(404);
    expect((await call('GET', 'easypost/info', 'ownerB', undefined, 'lbl-b')).statusCode).toBe(404);
  });
});

describe('shipping labels', () => {
  it('prices insurance as EasyPost does', async () => {
    expect((await owner('POST', 'insurance-rate', { amount: '249.99' })).json()).toEqual({ data: { amount: '249.99', fee: '2.50' } });
    expect((await owner('POST', 'insurance-rate', { amount: '40' })).json().data.fee).toBe('1.00');
    const bad = await owner('POST', 'insurance-rate', { amount: 'lots' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.amount).toEqual(['Give the value as dollars and cents, like 249.99.']);
    expect((await owner('POST', 'insurance-rate', { amount: '6000' })).json().message).toBe('Parcels can be insured for up to $5,000.');
  });

  it('quotes, buys with insurance, keeps the PDF, puts the tracking on the order and e-mails the shopper', async () => {
    const { id, number } = await placedOrder('lbl-a');
    const noWeight = await owner('POST', `${id}/quotes`, { length: 12 });
    expect(noWeight.statusCode).toBe(422);
    expect(noWeight.json().errors).toMatchObject({ weight_lb: ['Please weigh the parcel: its weight is needed for the rates.'], width: ['Give all three sizes, or none.'] });

    const before = easypost.calls.length;
    const quoted = await owner('POST', `${id}/quotes`, parcel);
    expect(quoted.statusCode).toBe(200);
    const quote = quoted.json().data;
    expect(quote).toMatchObject({ order_id: id, parcel: { weight_oz: 35.3, length: 12, width: 9, height: 4 }, from: 'lbl-a store 1, 1 Main St, Town, OR 97301', to: '12 Elm St, Salem, OR 97302' });
    expect(quote.rates.map((r: { carrier: string; rate: string }) => [r.carrier, r.rate])).toEqual([['USPS', '7.15'], ['UPS', '11.40']]);
    const sent = easypost.calls.slice(before).find((c) => c.path === 'POST /v2/shipments')!.body.shipment;
    expect(sent).toMatchObject({
      reference: number, parcel: { weight: 35.3, length: 12, width: 9, height: 4 }, options: { label_format: 'PDF' },
      to_address: { name: 'Pat Shopper', street1: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'US', phone: '5035550142' },
      from_address: { company: 'lbl-a store', name: 'lbl-a store 1', street1: '1 Main St', zip: '97301' },
    });

    const wrongRate = await owner('POST', `${id}/buy`, { rate_id: 'rate_from_elsewhere' });
    expect(wrongRate.statusCode).toBe(422);
    expect(wrongRate.json().message).toBe(RATE_NOT_OFFERED);

    // Staff (a sub-account with no permissions) work on orders as the owner does.
    const usps = quote.rates[0].id;
    const bought = await call('POST', `${id}/buy`, 'staff', { rate_id: usps, insurance: '100.00' });
    expect(bought.statusCode).toBe(200);
    const { label, order } = bought.json().data;
    expect(label).toMatchObject({
      order_id: id, order_number: number, customer_name: 'Pat Shopper', carrier: 'USPS', service: 'GroundAdvantage', rate: '7.15', insured_amount: '100.00',
      insurance_fee: '1.00', total: '8.15', status: 'bought', bought_by: 'sam-staff', parcel: { weight_oz: 35.3 },
    });
    expect(label.tracking_code).toMatch(/^9400\d+/);
    expect(label.tracking_url).toBe(`${easypost.url.replace(/\/v2\/$/, '')}/track/${label.tracking_code}`);
    expect(bought.json().message).toBe(`Label bought: USPS GroundAdvantage, tracking ${label.tracking_code}. The customer has been e-mailed the tracking number.`);
    expect(order.tracking).toEqual({ carrier: 'USPS', service: 'GroundAdvantage', tracking_code: label.tracking_code, tracking_url: label.tracking_url });
    expect(order.history.at(-1)).toMatchObject({ by: 'sam-staff', note: `Shipping label bought: USPS GroundAdvantage, tracking ${label.tracking_code}` });
    expect(easypost.calls.at(-2)).toMatchObject({ path: `POST /v2/shipments/${quote.shipment_id}/buy`, body: { rate: { id: usps }, insurance: 100 } });

    const stored = await storedOrder(id);
    expect(stored.tracking).toMatchObject({ labelId: label.id, code: label.tracking_code, carrier: 'USPS' });
    const mail = (await mails('order-shipped')).find((m) => m.subject === `Your order ${number} has shipped`);
    expect(mail).toMatchObject({ to: 'pat@example.com', channel: 'email' });
    expect(mail?.text).toContain(`Tracking number: ${label.tracking_code}`);
    expect(mail?.text).toContain(`Track it: ${label.tracking_url}`);

    // The shopper's own order page shows it.
    const mine = await harness.app.inject({ url: `/api/orders/order?order_number=${number}`, headers: headers('lbl-a', tokens.shopper) });
    expect(mine.json().data.tracking).toEqual(order.tracking);

    const file = await owner('GET', `labels/${label.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`inline; filename="label-${number}-${label.tracking_code}.pdf"`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.toString('latin1')).toContain(label.tracking_code);

    const again = await owner('POST', `${id}/quotes`, parcel);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This order has a label already (tracking ${label.tracking_code}). Refund it first to buy another.`);
    const rebuy = await owner('POST', `${id}/buy`, { rate_id: usps });
    expect(rebuy.statusCode).toBe(409);
  });

  it('lists the labels newest first, a page at a time, also after Redis lost them', async () => {
    const { id } = await placedOrder('lbl-a');
    const rate = (await owner('POST', `${id}/quotes`, { weight_lb: 1 })).json().data.rates[1].id;
    const bought = (await owner('POST', `${id}/buy`, { rate_id: rate })).json().data.label;
    expect(bought).toMatchObject({ carrier: 'UPS', insured_amount: null, insurance_fee: '0.00', total: '11.40' });
    const list = await owner('GET', 'labels?limit=1');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, current_page: 1, last_page: 2 });
    expect(list.json().data.map((l: { id: string }) => l.id)).toEqual([bought.id]);
    const all = (await owner('GET', 'labels')).json();
    expect((await owner('GET', `labels?order_id=${id}`)).json().data).toEqual([bought]);
    await forgetLabelIndex({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenants['lbl-a']);
    expect((await owner('GET', 'labels')).json()).toEqual(all);
  });

  it('asks for rates again when the quote is gone, and refuses orders that need no label', async () => {
    const { id } = await placedOrder('lbl-a');
    const expired = await owner('POST', `${id}/buy`, { rate_id: 'rate_1_0' });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(QUOTES_EXPIRED);
    const pickup = await placedOrder('lbl-a', 'pickup');
    expect((await owner('POST', `${pickup.id}/quotes`, parcel)).json()).toMatchObject({ status: 409, message: 'Labels are for shipping orders: this order is picked up or delivered by the store.' });
    const cancelled = await placedOrder('lbl-a', 'shipping', 'cancelled');
    expect((await owner('POST', `${cancelled.id}/quotes`, parcel)).json().message).toBe('This order is cancelled: it needs no label.');
  });

  it('refunds an unused label: the tracking leaves the order; asking twice is refused', async () => {
    const { id } = await placedOrder('lbl-a');
    const rate = (await owner('POST', `${id}/quotes`, parcel)).json().data.rates[0].id;
    const label = (await owner('POST', `${id}/buy`, { rate_id: rate })).json().data.label;
    const refunded = await call('POST', `${label.id}/refund`, 'staff');
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({ id: label.id, status: 'refund_submitted', status_label: 'Refund requested' });
    expect(refunded.json().message).toMatch(new RegExp(`^Refund asked for label ${label.tracking_code}\\.`));
    expect(easypost.shipments.get(easypost.calls.at(-1)!.path.split('/')[3])?.refund_status).toBe('submitted');
    const order = await storedOrder(id);
    expect(order.tracking).toBeNull();
    expect(order.history.at(-1)).toMatchObject({ by: 'sam-staff', note: `Shipping label refund asked: USPS GroundAdvantage, tracking ${label.tracking_code}` });
    const twice = await owner('POST', `${label.id}/refund`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A refund was asked for this label already: the carrier is processing it.');
    // The order can be shipped again with a new label; the refunded one stays listed and printable.
    expect((await owner('POST', `${id}/quotes`, parcel)).statusCode).toBe(200);
    expect((await owner('GET', `labels?order_id=${id}`)).json().data[0]).toMatchObject({ id: label.id, status: 'refund_submitted' });
    expect((await owner('GET', `labels/${label.id}/file`)).statusCode).toBe(200);
  });

  it('keeps a label the carrier already scanned: the refund is rejected and said so', async () => {
    const { id } = await placedOrder('lbl-a');
    const rate = (await owner('POST', `${id}/quotes`, parcel)).json().data.rates[0].id;
    const label = (await owner('POST', `${id}/buy`, { rate_id: rate })).json().data.label;
    easypost.scan(label.tracking_code);
    const refused = await owner('POST', `${label.id}/refund`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REFUND_REJECTED);
    expect((await storedOrder(id)).tracking?.code).toBe(label.tracking_code);
    expect((await owner('GET', `labels?order_id=${id}`)).json().data[0]).toMatchObject({ status: 'refund_rejected', status_label: 'Refund refused (used)' });
  });

  it('verifies an address with EasyPost: corrections answered, an unknown street named', async () => {
    const ok = await owner('POST', 'validateAddress', { address: '12 elm st', city: 'salem', state: 'or', zip: '97302', country: 'US' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ address: { address: '12 ELM ST', address2: '', city: 'SALEM', state: 'OR', zip: '97302-1234', country: 'US' }, verified: true });
    const unknown = await owner('POST', 'validateAddress', { address: '1 Unknown Rd', city: 'Salem', state: 'OR', zip: '97302' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ message: 'The carrier could not find this address. Please check it.', errors: { address: ['The carrier could not find this address. Please check it.'] } });
    const missing = await owner('POST', 'validateAddress', { address: '12 Elm St', state: 'OR', zip: '97302' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['city']);
    expect((await call('POST', 'validateAddress', 'shopper', { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302' })).statusCode).toBe(403);
  });

  it("answers another store's order or label 404, and lists only the store's own labels", async () => {
    const mine = (await owner('GET', 'labels')).json().data[0];
    const theirs = await placedOrder('lbl-b');
    expect((await owner('POST', `${theirs.id}/quotes`, parcel)).statusCode).toBe(404);
    expect((await owner('POST', `${theirs.id}/buy`, { rate_id: 'rate_1_0' })).statusCode).toBe(404);
    const b = (slug: string, method: 'GET' | 'POST', url: string) => call(method, url, 'ownerB', undefined, slug);
    expect((await b('lbl-b', 'GET', `labels/${mine.id}/file`)).statusCode).toBe(404);
    expect((await b('lbl-b', 'POST', `${mine.id}/refund`)).statusCode).toBe(404);
    expect((await b('lbl-b', 'GET', 'labels')).json()).toMatchObject({ data: [], total: 0 });
    // A token of store B presented at store A is refused (401), never answered with A's labels.
    expect((await call('GET', 'labels', 'ownerB')).statusCode).toBe(401);
  });

  it('refunds at once a label it cannot keep (its file is not a label), leaving the order as it was', async () => {
    const { id } = await placedOrder('lbl-a');
    const quote = (await owner('POST', `${id}/quotes`, parcel)).json().data;
    const before = (await owner('GET', 'labels')).json().total;
    easypost.brokenLabelFiles = true;
    try {
      const res = await owner('POST', `${id}/buy`, { rate_id: quote.rates[0].id });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('The label was bought but could not be kept, so it was refunded at once. Please try again.');
    } finally {
      easypost.brokenLabelFiles = false;
    }
    expect(easypost.shipments.get(quote.shipment_id)?.refund_status).toBe('submitted');
    expect((await storedOrder(id)).tracking).toBeNull();
    expect((await owner('GET', 'labels')).json().total).toBe(before);
    expect((await owner('GET', `labels?order_id=${id}`)).json().data).toEqual([]);
  });

  it('says EasyPost is not answering and keeps nothing when it is down', async () => {
    const { id } = await placedOrder('lbl-a');
    easypost.fails = true;
    try {
      const res = await owner('POST', `${id}/quotes`, parcel);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(CARRIER_NOT_ANSWERING);
    } finally {
      easypost.fails = false;
    }
    const expired = await owner('POST', `${id}/buy`, { rate_id: 'rate_1_0' });
    expect(expired.json().message).toBe(QUOTES_EXPIRED);
  });

  it('disconnects on the owner\'s word: the key is forgotten, bought labels stay printable', async () => {
    const label = (await owner('GET', 'labels')).json().data[0];
    const res = await owner('POST', 'deleteCarrier', { carrier_id: 'easypost' });
    expect(res.statusCode).toBe(200);
    expect((await owner('GET', 'getCarriers')).json().data).toEqual([]);
    const stored = (await StoreProfile.findOne({ tenantId: tenants['lbl-a'] }).lean()) as unknown as { shippingCarrier: { adapter: string; apiKey: string } };
    expect(stored.shippingCarrier).toMatchObject({ adapter: 'table_rate', apiKey: '' });
    expect((await owner('GET', `labels/${label.id}/file`)).statusCode).toBe(200);
    expect((await owner('POST', `${label.id}/refund`)).json().message).toBe(CARRIER_NOT_CONNECTED);
    expect((await owner('POST', 'deleteCarrier', { carrier_id: 'easypost' })).statusCode).toBe(404);
  });
});
