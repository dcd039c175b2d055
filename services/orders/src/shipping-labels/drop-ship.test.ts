import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { isSealed, openSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { databaseStockCounts, reserveStock, stockLeft } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { startDoItBestStandIn, startEmeryStandIn, type DropShipStandIn } from '@platform/cart/testing';
import { inBackground } from '@platform/db';
import {
  CHOOSE_RSC, carrierNotAnswering, carrierNotConnected, DROP_SHIP_PREPARE_FIRST, ONLY_STORE_OWNER_CARRIERS, orderItemId, refundRejected, SERVICE_NOT_OFFERED,
  shelfUnitsGivenBack, storeCredentialsRefused, supplierCredentialsRefused, supplierItemForgotten, supplierItemProblem, supplierItemRemembered,
} from '@platform/domain';
import { Order, indexOrders, ordersService } from '../index';
import { DropShipAccount, SupplierItem } from './models';
import { messagesOf } from '@platform/queue';

/**
 * Supplier drop-ship (spec 3 §7 supplier shipping) against the local stand-ins of Do it Best's and Emery's APIs,
 * started in this process as the EasyPost stand-in is for the label tests.
 */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let doitbest: DropShipStandIn;
let emery: DropShipStandIn;
const tenants: Record<string, string> = {};
const tokens: Record<string, string> = {};
const headers = (slug: string, token?: string) => ({ 'business-slug': slug, 'store-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const call = (method: 'GET' | 'POST', url: string, who: string | null, payload?: object, slug = 'ds-a') =>
  harness.app.inject({ method, url: `/api/admin/${url}`, headers: headers(slug, who ? tokens[who] : undefined), ...(payload ? { payload } : {}) });
const owner = (method: 'GET' | 'POST', url: string, payload?: object) => call(method, url, 'owner', payload);
const mails = async (tenantId = tenants['ds-a']) => (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']))
  .flatMap((j) => messagesOf(j.data)).filter((d) => d.kind === 'order-shipped' && d.tenantId === tenantId);
const storedOrder = async (id: string) => (await inDb(() => Order.findOne({ tenantId: tenants['ds-a'], _id: id }).lean())) as unknown as {
  tracking: { labelId: string; code: string; carrier: string } | null; history: { by: string; note: string }[];
};

let nextNumber = 7001;
/** A shipping order as checkout leaves it (2 hammers and 1 drill, one of those cancelled), listed in Redis; its id and number. */
async function shippingOrder(slug = 'ds-a', locationId = 1) {
  const tenantId = tenants[slug];
  const number = String(nextNumber++);
  const doc = await Order.create({
    tenantId, orderNumber: number, sequence: Number(number), status: 'taken', locationId, customerSlug: 'pat-shopper', customerName: 'Pat Shopper', orderType: 'shipping',
    contact: { firstName: 'Pat', lastName: 'Shopper', email: 'pat@example.com', telephone: '5035550142' },
    address: { address: '12 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97302', country: 'US' }, shippingService: 'Standard',
    items: [
      { productId: 2, storeProductId: 21, sku: '1002', title: 'Hammer', quantity: 2, priceCents: 1999, special: false },
      { productId: 3, storeProductId: 31, sku: '1003', title: 'Drill', quantity: 1, priceCents: 8999, special: false, cancelledQuantity: 1 },
    ],
    subtotalCents: 3998, fulfilmentCents: 715, totalCents: 4713, placedAt: new Date(), history: [],
  });
  await indexOrders({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [doc.toObject() as never], false);
  return { id: String(doc._id), number };
}
const connectDoItBest = (who = 'owner', slug = 'ds-a') => call('POST', 'shipping/addCarrier', who, { carrier: 'doitbest', credentials: { account_number: '12345', api_key: 'dib-key-0001' } }, slug);

beforeAll(async () => {
  [doitbest, emery] = [await startDoItBestStandIn(), await startEmeryStandIn()];
  process.env.DOITBEST_API_URL = doitbest.url;
  process.env.EMERY_API_URL = emery.url;
  harness = await createTestApp([cartService, ordersService], 'drop-ship');
  for (const slug of ['ds-a', 'ds-b']) {
    tenants[slug] = (await createTenant(slug)).id;
    await createCatalogueFixture(tenants[slug], slug);
  }
  tokens.owner = await issueToken(tenants['ds-a'], { isAdmin: true, slug: 'the-owner' });
  tokens.staff = await issueToken(tenants['ds-a'], { isAdmin: true, isSubAccount: true, slug: 'sam-staff', permissions: [] });
  tokens.northStaff = await issueToken(tenants['ds-a'], { isAdmin: true, isSubAccount: true, slug: 'north-staff', permissions: [], locationId: 2 });
  tokens.shopper = await issueToken(tenants['ds-a'], { slug: 'pat-shopper' });
  tokens.ownerB = await issueToken(tenants['ds-b'], { isAdmin: true, slug: 'b-owner' });
});
afterAll(async () => {
  delete process.env.DOITBEST_API_URL;
  delete process.env.EMERY_API_URL;
  await Promise.all([doitbest?.close(), emery?.close()]);
  await harness?.close();
});

describe('connecting a supplier drop-ship account', () => {
  it('offers Do it Best and Emery with their forms; nothing is connected at first and drop-ship asks for it', async () => {
    const available = (await owner('GET', 'shipping/getAvailableCarriers')).json().data;
    expect(available.map((c: { id: string }) => c.id)).toEqual(['easypost', 'doitbest', 'emery']);
    expect(available[1]).toMatchObject({
      name: 'Do it Best drop-ship', connected: false, can_change: true,
      fields: [{ key: 'account_number', label: 'Member number', secret: false }, { key: 'api_key', label: 'API key', secret: true }],
    });
    expect(available[2].fields[0].label).toBe('Customer number');
    const rscs = await owner('GET', 'orders/rscOptions');
    expect(rscs.statusCode).toBe(409);
    expect(rscs.json().message).toBe(carrierNotConnected('doitbest'));
    const { id } = await shippingOrder();
    expect((await owner('POST', `orders/${id}/emery/prepare`, {})).json()).toMatchObject({ status: 409, message: carrierNotConnected('emery') });
  });

  it('lets only the store owner connect: staff and shoppers 403, guests 401', async () => {
    const staff = await connectDoItBest('staff');
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(ONLY_STORE_OWNER_CARRIERS);
    expect((await connectDoItBest('shopper')).statusCode).toBe(403);
    expect((await call('GET', 'orders/rscOptions', 'shopper')).statusCode).toBe(403);
    expect((await call('GET', 'orders/rscOptions', null)).statusCode).toBe(401);
    expect((await call('POST', 'shipping/deleteCarrier', 'staff', { carrier_id: 'doitbest' })).statusCode).toBe(403);
    expect(await inDb(() => DropShipAccount.countDocuments({ tenantId: tenants['ds-a'] }))).toBe(0);
  });

  it('refuses credentials the supplier refuses, or a number that is not one, saving nothing', async () => {
    doitbest.refusedKeys.add('dib-revoked-99');
    const refused = await owner('POST', 'shipping/addCarrier', { carrier: 'doitbest', credentials: { account_number: '12345', api_key: 'dib-revoked-99' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'credentials.api_key': [supplierCredentialsRefused('doitbest')] });
    const blank = await owner('POST', 'shipping/addCarrier', { carrier: 'emery', credentials: { api_key: 'short' } });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['credentials.account_number', 'credentials.api_key']);
    expect((await owner('POST', 'shipping/addCarrier', { carrier: 'acme', credentials: { api_key: 'whatever-1' } })).json().errors.carrier).toEqual(['Choose a carrier the platform offers: easypost, doitbest, emery.']);
    expect((await owner('GET', 'shipping/getCarriers')).json().data).toEqual([]);
  });

  it('connects both with the keys sealed, never answering them; the RSCs and services come from the supplier with them', async () => {
    const res = await connectDoItBest();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: 'doitbest', name: 'Do it Best drop-ship', account_number: '12345', key_last4: '0001', connected_by: 'the-owner' });
    expect((await owner('POST', 'shipping/addCarrier', { carrier: 'emery', credentials: { account_number: 'EM-778', api_key: 'emery-key-0002' } })).statusCode).toBe(200);
    const stored = (await inDb(() => DropShipAccount.find({ tenantId: tenants['ds-a'] }).lean())) as unknown as { supplier: string; apiKey: string }[];
    expect(stored.map((a) => [a.supplier, isSealed(a.apiKey), openSecret(a.apiKey)]).sort()).toEqual([['doitbest', true, 'dib-key-0001'], ['emery', true, 'emery-key-0002']]);
    for (const url of ['shipping/getCarriers', 'shipping/getAvailableCarriers', 'shipping/doitbest/info', 'shipping/emery/info']) {
      const answer = await owner('GET', url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body).not.toContain('dib-key');
      expect(answer.body).not.toContain('emery-key');
    }
    expect((await owner('GET', 'shipping/getCarriers')).json().data.map((c: { id: string }) => c.id)).toEqual(['doitbest', 'emery']);
    expect(doitbest.calls.at(-1)).toMatchObject({ path: 'GET /v1/rscs', auth: 'Bearer dib-key-0001' });

    const rscs = await call('GET', 'orders/rscOptions', 'staff');
    expect(rscs.json().data).toEqual([
      { id: 'MED', name: 'Medina, OH', description: 'Retail Service Center, Medina, Ohio' }, { id: 'WAC', name: 'Waco, TX', description: 'Retail Service Center, Waco, Texas' },
      { id: 'WOO', name: 'Woodburn, OR', description: 'Retail Service Center, Woodburn, Oregon' },
    ]);
    expect((await owner('GET', 'shipping/emery/info')).json().data.accounts).toEqual([{ id: 'EWH', type: 'warehouse', name: 'Portland, ME', description: 'Customer EM-778' }]);
    expect((await owner('GET', 'orders/doitbest/shippingServices')).json().data).toEqual([
      { id: 'UPS_GND', carrier: 'UPS', service: 'Ground', delivery_days: 5 }, { id: 'UPS_2DA', carrier: 'UPS', service: '2nd Day Air', delivery_days: 2 },
      { id: 'FDX_HOME', carrier: 'FedEx', service: 'Home Delivery', delivery_days: 4 },
    ]);
    expect((await owner('GET', 'orders/emery/shippingServices')).json().data.map((s: { id: string }) => s.id)).toEqual(['UPSG', 'USPSP']);
    expect(Buffer.from(emery.calls.at(-1)!.auth.replace(/^Basic /, ''), 'base64').toString()).toBe('EM-778:emery-key-0002');
  });
});

describe('drop-shipping an order', () => {
  it("prepares at an RSC: each line still to ship with its units there and cost, the services' freight cheapest first", async () => {
    const { id, number } = await shippingOrder();
    const noRsc = await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: ' ' });
    expect(noRsc.statusCode).toBe(422);
    expect(noRsc.json().errors).toEqual({ rsc: [CHOOSE_RSC] });
    expect((await owner('POST', `orders/${id}/doitbest/prepare`, {})).statusCode).toBe(400);

    const prepared = await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'MED' });
    expect(prepared.statusCode).toBe(200);
    expect(prepared.json().data).toMatchObject({
      order_id: id, supplier: 'doitbest', rsc: 'MED', to: '12 Elm St, Salem, OR 97302', can_send: true, problem: null,
      // The drill's one unit was cancelled: it is not asked for.
      lines: [{ sku: '1002', title: 'Hammer', quantity: 2, available: 99, unit_cost: '4.25' }],
    });
    expect(prepared.json().data.rates.map((r: { id: string; rate: string }) => [r.id, r.rate])).toEqual([['UPS_GND', '12.50'], ['FDX_HOME', '13.10'], ['UPS_2DA', '28.75']]);
    expect(doitbest.calls.at(-1)).toMatchObject({
      path: 'POST /v1/drop-ship/quotes',
      body: { rsc: 'MED', po_number: number, lines: [{ item: '1002', quantity: 2 }], ship_to: { name: 'Pat Shopper', address1: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302' }, ship_from: { name: 'ds-a store' } },
    });
  });

  it('sends it: the RSC ships it, its packing slip is kept and printable, the tracking goes on the order and the shopper is e-mailed', async () => {
    const { id, number } = await shippingOrder();
    await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'MED' });
    const otherRsc = await owner('POST', `orders/${id}/doitbest/send`, { rsc: 'WAC', shipping_service: 'UPS_GND' });
    expect(otherRsc.statusCode).toBe(422);
    expect(otherRsc.json().errors).toEqual({ rsc: [DROP_SHIP_PREPARE_FIRST] });
    expect((await owner('POST', `orders/${id}/doitbest/send`, { rsc: 'MED', shipping_service: 'UPS_NEXT' })).json().errors).toEqual({ shipping_service: [SERVICE_NOT_OFFERED] });

    // Staff (no permissions) do order work as the owner does.
    const sent = await call('POST', `orders/${id}/doitbest/send`, 'staff', { rsc: 'MED', shipping_service: 'UPS_GND' });
    expect(sent.statusCode).toBe(200);
    const { label, order } = sent.json().data;
    expect(label).toMatchObject({
      order_id: id, order_number: number, provider: 'doitbest', provider_name: 'Do it Best', carrier: 'UPS', service: 'Ground', rate: '12.50', total: '12.50',
      insured_amount: null, status: 'bought', bought_by: 'sam-staff',
    });
    expect(sent.json().message).toBe(`Sent to Do it Best: UPS Ground, tracking ${label.tracking_code}. The customer has been e-mailed the tracking number.`);
    expect(order.tracking).toMatchObject({ carrier: 'UPS', service: 'Ground', tracking_code: label.tracking_code });
    const placed = [...doitbest.orders.values()].at(-1)!;
    expect(doitbest.calls.at(-2)).toMatchObject({ path: 'POST /v1/drop-ship/orders', body: { service_code: 'UPS_GND' } });
    expect(order.history.at(-1)).toMatchObject({ by: 'sam-staff', note: `Sent to Do it Best to drop-ship (their order ${placed.order_id}): UPS Ground, tracking ${label.tracking_code}` });
    expect((await storedOrder(id)).tracking).toMatchObject({ labelId: label.id, code: label.tracking_code });
    expect((await mails()).find((m) => m.subject === `Your order ${number} has shipped`)?.text).toContain(`Tracking number: ${label.tracking_code}`);

    const slip = await owner('GET', `shipping/labels/${label.id}/file`);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(slip.rawPayload.toString('latin1')).toContain(placed.order_id);
    const listed = (await owner('GET', `shipping/labels?order_id=${id}`)).json();
    expect(listed.data).toEqual([expect.objectContaining({ id: label.id, provider: 'doitbest', provider_name: 'Do it Best' })]);

    // One shipment at a time: the order ships already.
    await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'MED' }).then((r) => expect(r.statusCode).toBe(409));
  });

  it('says which lines an RSC is short of, and refuses to send them from there', async () => {
    doitbest.stock.set('WAC', new Map([['1002', 1]]));
    const { id } = await shippingOrder();
    const prepared = (await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'WAC' })).json().data;
    expect(prepared).toMatchObject({ can_send: false, lines: [{ sku: '1002', quantity: 2, available: 1 }] });
    expect(prepared.problem).toBe("Do it Best's WAC RSC has too few of 1002 (1 of 2). Choose another warehouse, or ship the order from the store.");
    const refused = await owner('POST', `orders/${id}/doitbest/send`, { rsc: 'WAC', shipping_service: 'UPS_GND' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(prepared.problem);
    expect((await storedOrder(id)).tracking ?? null).toBeNull();
  });

  it('cancels a drop-ship order until it ships (the tracking leaves the order); a shipped one stays', async () => {
    const { id } = await shippingOrder();
    await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'WOO' });
    const label = (await owner('POST', `orders/${id}/doitbest/send`, { rsc: 'WOO', shipping_service: 'FDX_HOME' })).json().data.label;
    const cancelled = await call('POST', `shipping/${label.id}/refund`, 'staff');
    expect(cancelled.statusCode).toBe(200);
    const dibOrder = [...doitbest.orders.values()].at(-1)!;
    expect(cancelled.json()).toMatchObject({ message: `Do it Best cancelled drop-ship order ${dibOrder.order_id}: nothing ships and its freight is not billed.`, data: { status: 'refunded' } });
    expect(dibOrder.cancelled).toBe(true);
    expect((await storedOrder(id)).tracking).toBeNull();
    expect((await owner('POST', `shipping/${label.id}/refund`)).statusCode).toBe(409);

    const again = await shippingOrder();
    await owner('POST', `orders/${again.id}/doitbest/prepare`, { rsc: 'MED' });
    const shippedLabel = (await owner('POST', `orders/${again.id}/doitbest/send`, { rsc: 'MED', shipping_service: 'UPS_GND' })).json().data.label;
    doitbest.ship([...doitbest.orders.values()].at(-1)!.order_id);
    const refused = await owner('POST', `shipping/${shippedLabel.id}/refund`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(refundRejected('doitbest'));
    expect((await storedOrder(again.id)).tracking).toMatchObject({ code: shippedLabel.tracking_code });
  });

  it('sends to Emery from its warehouse by the service chosen', async () => {
    const { id } = await shippingOrder();
    const prepared = (await owner('POST', `orders/${id}/emery/prepare`, {})).json().data;
    expect(prepared).toMatchObject({ supplier: 'emery', rsc: 'EWH', can_send: true, lines: [{ sku: '1002', quantity: 2, available: 99, unit_cost: '3.90' }] });
    expect(prepared.rates.map((r: { id: string; rate: string }) => [r.id, r.rate])).toEqual([['USPSP', '9.80'], ['UPSG', '11.95']]);
    expect((await owner('POST', `orders/${id}/emery/send`, { shipping_service: 'FEDEX' })).statusCode).toBe(422);
    const sent = await owner('POST', `orders/${id}/emery/send`, { shipping_service: 'USPSP' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.label).toMatchObject({ provider: 'emery', provider_name: 'Emery', carrier: 'USPS', service: 'Priority Mail', rate: '9.80' });
    expect(emery.calls.at(-2)).toMatchObject({ path: 'POST /api/v2/dropship/submit', body: { prepare_id: prepared.quote_id, ship_method: 'USPSP' } });
  });

  it('answers 503 when the supplier does not answer and 409 when it refuses the stored key, sending nothing', async () => {
    const { id } = await shippingOrder();
    doitbest.fails = true;
    const down = await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'MED' });
    doitbest.fails = false;
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(carrierNotAnswering('doitbest'));
    emery.refusedKeys.add('emery-key-0002');
    const refused = await owner('POST', `orders/${id}/emery/prepare`, {});
    emery.refusedKeys.delete('emery-key-0002');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(storeCredentialsRefused('emery'));
    expect((await storedOrder(id)).tracking ?? null).toBeNull();
  });
});

describe("a product's supplier item number (our SKU → the supplier's item)", () => {
  const setItem = (id: string, payload: object, who: string | null = 'staff', slug = 'ds-a', supplier = 'doitbest') => call('POST', `orders/${id}/${supplier}/item-number`, who, payload, slug);

  it('asks the supplier for the item number kept for the product, on every later order, and for the SKU again once it is forgotten', async () => {
    const { id } = await shippingOrder();
    const set = await setItem(id, { sku: '1002', item_number: ' DIB-448812 ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ status: 'success', message: supplierItemRemembered('doitbest', 'Hammer', 'DIB-448812'), data: { sku: '1002', item_number: 'DIB-448812' } });
    const prepared = (await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'MED' })).json().data;
    expect(prepared.lines).toEqual([{ sku: '1002', title: 'Hammer', quantity: 2, available: 99, unit_cost: '4.25', item_number: 'DIB-448812', item_mapped: true }]);
    expect(doitbest.calls.at(-1)).toMatchObject({ path: 'POST /v1/drop-ship/quotes', body: { lines: [{ item: 'DIB-448812', quantity: 2 }] } });

    // Kept for the product: a later order asks for it too. Emery has item numbers of its own: it is asked for the SKU.
    const later = await shippingOrder();
    expect((await owner('POST', `orders/${later.id}/doitbest/prepare`, { rsc: 'MED' })).json().data.lines[0]).toMatchObject({ sku: '1002', item_number: 'DIB-448812' });
    expect((await owner('POST', `orders/${later.id}/emery/prepare`, {})).json().data.lines[0]).toMatchObject({ sku: '1002', item_number: '1002', item_mapped: false });
    expect(emery.calls.at(-1)).toMatchObject({ path: 'POST /api/v2/dropship/prepare', body: { items: [{ item_number: '1002', qty: 2 }] } });
    // The warehouse counts its own item: its shortage shows on our line.
    doitbest.stock.set('WOO', new Map([['DIB-448812', 1]]));
    const short = (await owner('POST', `orders/${later.id}/doitbest/prepare`, { rsc: 'WOO' })).json().data;
    expect(short).toMatchObject({ can_send: false, lines: [{ sku: '1002', available: 1, item_number: 'DIB-448812' }] });
    expect(short.problem).toContain('1002 (1 of 2)');

    const forgot = await setItem(later.id, { sku: '1002', item_number: '' }, 'owner');
    expect(forgot.json()).toEqual({ status: 'success', message: supplierItemForgotten('doitbest', 'Hammer', '1002'), data: { sku: '1002', item_number: null } });
    expect((await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'MED' })).json().data.lines[0]).toMatchObject({ item_number: '1002', item_mapped: false });
    expect(doitbest.calls.at(-1)!.body.lines).toEqual([{ item: '1002', quantity: 2 }]);
    expect(await inDb(() => SupplierItem.countDocuments({ tenantId: tenants['ds-a'] }))).toBe(0);
  });

  it('drops the quote that asked for the old item: the order is checked again before it is sent', async () => {
    const { id } = await shippingOrder();
    await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'MED' });
    expect((await setItem(id, { sku: '1002', item_number: '448812' })).statusCode).toBe(200);
    const stale = await owner('POST', `orders/${id}/doitbest/send`, { rsc: 'MED', shipping_service: 'UPS_GND' });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors).toEqual({ rsc: [DROP_SHIP_PREPARE_FIRST] });
    await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'MED' });
    expect((await owner('POST', `orders/${id}/doitbest/send`, { rsc: 'MED', shipping_service: 'UPS_GND' })).statusCode).toBe(200);
    expect(doitbest.calls.filter((c) => c.path === 'POST /v1/drop-ship/quotes').at(-1)!.body.lines).toEqual([{ item: '448812', quantity: 2 }]);
    expect((await setItem(id, { sku: '1002', item_number: '' })).statusCode).toBe(200);
  });

  it("refuses what is not an item number (422), a SKU not on the order, another store's or another location's order (404), keeping nothing", async () => {
    const { id } = await shippingOrder();
    const bad = await setItem(id, { sku: '1002', item_number: '12 34' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ item_number: [supplierItemProblem('doitbest', '12 34')] });
    const notOnIt = await setItem(id, { sku: '9999', item_number: '448812' });
    expect(notOnIt.statusCode).toBe(404);
    expect(notOnIt.json().message).toBe('This item was not found.');
    expect((await setItem(id, { sku: '1002', item_number: '448812' }, 'ownerB', 'ds-b')).statusCode).toBe(404);
    expect((await setItem(id, { sku: '1002', item_number: '448812' }, 'northStaff')).statusCode).toBe(404);
    expect((await setItem(id, { sku: '1002', item_number: '448812' }, 'shopper')).statusCode).toBe(403);
    expect((await setItem(id, { sku: '1002', item_number: '448812' }, null)).statusCode).toBe(401);
    for (const body of [{ sku: '1002' }, { sku: '1002', item_number: 'x'.repeat(41) }, { sku: '', item_number: '1' }, { sku: '1002', item_number: '1', more: 1 }]) {
      expect((await setItem(id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await inDb(() => SupplierItem.countDocuments({ tenantId: tenants['ds-a'] }))).toBe(0);
    expect((await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'MED' })).json().data.lines[0].item_number).toBe('1002');
  });
});

describe("'Give the shelf units back to stock' when a supplier ships the order", () => {
  const stockStore = () => ({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix });
  /** The hammer's count at store 1 (store product 21), as checkout sees it. */
  const shelf = async () => (await stockLeft(stockStore(), tenants['ds-a'], [21])).get(21)!;
  /** A shipping order whose two hammers checkout took off the shelf. */
  const orderFromShelf = async () => {
    const order = await shippingOrder();
    expect((await reserveStock(stockStore(), tenants['ds-a'], [{ storeProductId: 21, quantity: 2 }])).ok).toBe(true);
    return order;
  };
  const send = async (id: string, more: object = {}) => {
    expect((await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'MED' })).statusCode).toBe(200);
    return call('POST', `orders/${id}/doitbest/send`, 'staff', { rsc: 'MED', shipping_service: 'UPS_GND', ...more });
  };

  it('leaves the shelf count as it is unless asked', async () => {
    const { id } = await orderFromShelf();
    const before = await shelf();
    const sent = await send(id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).not.toContain('back in stock');
    expect(await shelf()).toBe(before);
  });

  it('gives the units back once: cancelling the drop-ship, sending it again, cancelling a line or the order give nothing back again', async () => {
    const { id } = await orderFromShelf();
    const before = await shelf();
    const sent = await send(id, { return_stock: true });
    expect(sent.statusCode, sent.body).toBe(200);
    const back = shelfUnitsGivenBack([{ title: 'Hammer', quantity: 2 }]);
    expect(back).toBe('The shelf units are back in stock: 2 × Hammer.');
    expect(sent.json().message).toMatch(new RegExp(`The customer has been e-mailed the tracking number\. ${back}$`));
    expect(sent.json().data.order.history.at(-1)).toMatchObject({ by: 'sam-staff', note: `Drop-shipped by Do it Best: ${back}` });
    expect(await shelf()).toBe(before + 2);
    // Written to the database through the same stock path.
    expect((await databaseStockCounts(tenants['ds-a'], [21])).get(21)?.inventory).toBe(before + 2);

    // Cancelling the drop-ship leaves the count; sending it again (asking again) gives nothing more.
    expect((await owner('POST', `shipping/${sent.json().data.label.id}/refund`)).statusCode).toBe(200);
    expect(await shelf()).toBe(before + 2);
    const again = await send(id, { return_stock: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).not.toContain('back in stock');
    expect(await shelf()).toBe(before + 2);
    // A line cancelled, then the whole order: their units are back already.
    expect((await owner('POST', `orders/cancelItem/${orderItemId(id, 0)}`, { qty: 1 })).statusCode).toBe(200);
    expect((await owner('POST', 'orders/cancel', { id, reason: 'The customer found it elsewhere' })).statusCode).toBe(200);
    expect(await shelf()).toBe(before + 2);
  });

  it('still gives back the units of an order not sent to a supplier when it is cancelled', async () => {
    const { id } = await orderFromShelf();
    const before = await shelf();
    expect((await owner('POST', 'orders/cancel', { id, reason: 'Out of stock after all' })).statusCode).toBe(200);
    expect(await shelf()).toBe(before + 2);
  });
});

describe('drop-ship and who may see what', () => {
  it("never reaches another store's orders or labels, nor another location's for staff bound to one (404)", async () => {
    const { id } = await shippingOrder();
    await owner('POST', `orders/${id}/doitbest/prepare`, { rsc: 'MED' });
    const label = (await owner('POST', `orders/${id}/doitbest/send`, { rsc: 'MED', shipping_service: 'UPS_GND' })).json().data.label;
    expect((await connectDoItBest('ownerB', 'ds-b')).statusCode).toBe(200);
    expect((await call('POST', `orders/${id}/doitbest/prepare`, 'ownerB', { rsc: 'MED' }, 'ds-b')).statusCode).toBe(404);
    expect((await call('POST', `orders/${id}/doitbest/send`, 'ownerB', { rsc: 'MED', shipping_service: 'UPS_GND' }, 'ds-b')).statusCode).toBe(404);
    expect((await call('POST', `shipping/${label.id}/refund`, 'ownerB', undefined, 'ds-b')).statusCode).toBe(404);
    expect((await call('GET', 'shipping/getCarriers', 'ownerB', undefined, 'ds-b')).json().data.map((c: { id: string }) => c.id)).toEqual(['doitbest']);
    expect((await call('GET', 'shipping/labels', 'ownerB', undefined, 'ds-b')).json().total).toBe(0);

    const other = await shippingOrder();
    expect((await call('POST', `orders/${other.id}/doitbest/prepare`, 'northStaff', { rsc: 'MED' })).statusCode).toBe(404);
    const north = await shippingOrder('ds-a', 2);
    expect((await call('POST', `orders/${north.id}/doitbest/prepare`, 'northStaff', { rsc: 'MED' })).statusCode).toBe(200);
  });

  it('disconnects a supplier: its key is forgotten, drop-ship asks for it again, sent orders keep their slips', async () => {
    const labels = (await owner('GET', 'shipping/labels?limit=100')).json().data.filter((l: { provider: string }) => l.provider === 'emery');
    const res = await owner('POST', 'shipping/deleteCarrier', { carrier_id: 'emery' });
    expect(res.json().message).toBe('Emery drop-ship is disconnected and its key forgotten. Orders sent to it already keep their tracking and packing slips.');
    expect((await owner('POST', 'shipping/deleteCarrier', { carrier_id: 'emery' })).statusCode).toBe(404);
    expect((await owner('GET', 'orders/emery/shippingServices')).statusCode).toBe(409);
    expect((await owner('GET', `shipping/labels/${labels[0].id}/file`)).statusCode).toBe(200);
    expect(await inDb(() => DropShipAccount.countDocuments({ tenantId: tenants['ds-a'], supplier: 'emery' }))).toBe(0);
  });
});
