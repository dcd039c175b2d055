import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { acquireSearchIndexes, Product, productDocId, StoreProduct, storeProductDocId, type SearchIndexRegistry } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { identityService } from '@platform/identity';
import { createStripeClient } from '@platform/payments';
import { StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import {
  NOT_ORDERED_ONLINE, RECURRING_ALREADY_CANCELLED, RECURRING_CARD_IS_CUSTOMERS, RECURRING_CHANGED, RECURRING_CHANGED_BY_STORE, RECURRING_CHOOSE_SAVED_CARD,
  RECURRING_NOT_FOUND, RECURRING_NOT_SOLD_HERE,
} from '@platform/domain';
import { inBackground } from '@platform/db';
import { Order, ordersService } from '../index';
import { placeRun } from './runs';
import { messagesOf } from '@platform/queue';

/**
 * A shopper changes the card their recurring order is charged to (one of their own saved cards at the store's card
 * provider), and adds products of the store to it; the store adds products for its customer but never chooses the
 * card. Refusals change nothing, the change is kept on the history, and the next run places the new lines on the new
 * card. Against the real database, Redis and the Stripe stand-in (stripe-mock behind it).
 */

const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let otherTenantId: string;
let catalogue: SearchIndexRegistry;
const SECRET = 'sk_test_rcard';
const HAMMER = 21;
const PAINT = 31; // out of stock at store 1, ordered in as a special order
const SCREWS = 41; // sold in packs of 6, at most 60 to an order
const HEATER = 51; // not ordered online
const LAMP_OIL = 61; // hidden at store 1 (sold at store 2 as 62)
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'rcard-a', 'store-id': '1', ...extra });
const contact = { first_name: 'Kim', last_name: 'Park', email: 'kim@example.com', telephone: '(503) 555-0192' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asCustomer = (slug: string, tenant = () => tenantId) => issueToken(tenant(), { slug }).then(bearer);
const asOwner = () => issueToken(tenantId, { slug: 'owner-rcard', isAdmin: true }).then(bearer);
const call = (url: string, auth: Record<string, string>, payload: Record<string, unknown> = {}, extra: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: headers({ ...auth, ...extra }), payload });
const update = (auth: Record<string, string>, payload: Record<string, unknown>) => call('update-recurring-order', auth, payload);
const mine = async (auth: Record<string, string>, id: string) => ((await call('get-recurring-orders', auth)).json().data as { id: string }[]).find((r) => r.id === id);
const runIo = () => ({ resources: harness.resources, catalogue, publicUrl: 'http://localhost:4300' });
const saveCard = async (auth: Record<string, string>, token: string) => {
  const saved = await harness.app.inject({ method: 'POST', url: '/api/customer-cards/add', headers: headers(auth), payload: { newSource: token } });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data as { source: string; brand: string; last4: string };
};

/** A signed-in shopper's order with 'Repeat this order' ticked: its recurring order. */
async function startRecurring(auth: Record<string, string>, lines: [number, number][], body: Record<string, unknown> = {}) {
  for (const [storeProductId, quantity] of lines) expect((await call('add-to-cart', auth, { store_product_id: storeProductId, quantity })).statusCode).toBe(200);
  const placed = await call('customer/orders/submit', auth, { order_type: 0, ...contact, payment_method: 'pay_at_store', recurring: { frequency: 'weekly' }, ...body });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().recurring_order as { id: string; payment_method: string; payment_label: string; card_source?: string; next_dates: string[] };
}

/** One more product at both store locations (store products <id>1 and <id>2). */
async function addProduct(productId: number, title: string, fields: { extra?: Record<string, unknown>; hiddenAt?: number } = {}) {
  await inDb(() => Product.create({
    _id: productDocId(tenantId, productId), tenantId, productId, sku: `${1000 + productId}`, slug: `rcard-a-product-${productId}`, title, originalTitle: title,
    brandId: 1, brandName: 'rcard-a Brand', departmentPath: [1], vendorId: 101, extra: fields.extra ?? {},
  }));
  await inDb(() => StoreProduct.insertMany([1, 2].map((locationId) => ({
    _id: storeProductDocId(tenantId, productId * 10 + locationId), tenantId, storeProductId: productId * 10 + locationId, locationId, productId, sku: `${1000 + productId}`, title,
    brandId: 1, departmentPath: [1], priceCents: 899, inventory: 100, hidden: fields.hiddenAt === locationId,
  }))));
}

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService, identityService, tenantSettingsService], 'recurring-card-products');
  tenantId = (await createTenant('rcard-a')).id;
  await createCatalogueFixture(tenantId, 'rcard-a');
  await addProduct(4, 'rcard-a Deck Screws', { extra: { fpack: 6, max_order_quantity: 60 } });
  await addProduct(5, 'rcard-a Patio Heater', { extra: { disable_order: 1 } });
  await addProduct(6, 'rcard-a Lamp Oil', { hiddenAt: 1 });
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_rcard', secret_key: sealSecret(SECRET) } }, business: {
    contact_email: 'hello@rcard-a.test', recurring_orders_enabled: true,
  } });
  otherTenantId = (await createTenant('rcard-b')).id;
  await createCatalogueFixture(otherTenantId, 'rcard-b');
  await StoreProfile.create({ tenantId: otherTenantId, business: { contact_email: 'hello@rcard-b.test', recurring_orders_enabled: true } });
  catalogue = await acquireSearchIndexes(harness.resources, () => undefined); // the one the app's checkout prices from
});
afterAll(async () => { await harness?.close(); });

describe("a recurring order's card", () => {
  let kimId = '';
  let mastercard = '';

  it("takes only one of the shopper's own saved cards at the store's provider (422 otherwise, nothing changed); the store sees brand and last 4 only and cannot choose", async () => {
    const kim = await asCustomer('kim-rcard');
    const started = await startRecurring(kim, [[HAMMER, 1]], { payment_method: 'card', payment_token: 'pm_card_visa', save_card: true });
    kimId = started.id;
    expect(started).toMatchObject({ payment_method: 'card', payment_label: 'Visa ending 4242', card_source: expect.stringMatching(/^pm_/) });
    mastercard = (await saveCard(kim, 'tok_mastercard')).source;
    const leesCard = (await saveCard(await asCustomer('lee-rcard'), 'tok_mastercard')).source;
    const before = await mine(kim, kimId);

    const refused = async (card_source: string, auth = kim) => {
      const res = await update(auth, { id: kimId, card_source });
      expect(res.statusCode, res.body).toBe(422);
      return res.json();
    };
    // Another shopper's card (at the same provider, the same brand) and a card the provider does not know.
    expect(await refused(leesCard)).toEqual({ status: 422, message: RECURRING_CHOOSE_SAVED_CARD, errors: { card_source: [RECURRING_CHOOSE_SAVED_CARD] } });
    expect((await refused('pm_not_a_card')).errors).toEqual({ card_source: [RECURRING_CHOOSE_SAVED_CARD] });
    // A refused card takes nothing else of the change with it.
    expect((await update(kim, { id: kimId, frequency: 'monthly', card_source: leesCard })).statusCode).toBe(422);
    expect(await mine(kim, kimId)).toEqual(before);

    // The store: the card on file by its brand and last 4, never its reference; it does not choose the customer's card.
    const owner = await asOwner();
    const atStore = (await call('admin/recurringorders/update', owner, { id: kimId, card_source: mastercard })).json();
    expect(atStore).toEqual({ status: 422, message: RECURRING_CARD_IS_CUSTOMERS, errors: { card_source: [RECURRING_CARD_IS_CUSTOMERS] } });
    const detail = await harness.app.inject({ url: `/api/admin/recurringorders/executions?id=${kimId}`, headers: headers(owner) });
    expect(detail.json().data).toMatchObject({ payment_method: 'card', payment_label: 'Visa ending 4242' });
    expect(detail.json().data).not.toHaveProperty('card_source');
    expect(detail.body).not.toContain(started.card_source!);
    expect(await mine(kim, kimId)).toEqual(before);
  });

  it("is the shopper's own recurring order: another shopper's or another store's is not found (404)", async () => {
    const lee = await asCustomer('lee-rcard');
    const other = await update(lee, { id: kimId, card_source: mastercard });
    expect(other.json()).toMatchObject({ status: 404, message: RECURRING_NOT_FOUND });
    const elsewhere = await call('update-recurring-order', await asCustomer('kim-rcard', () => otherTenantId), { id: kimId, card_source: mastercard }, { 'business-slug': 'rcard-b' });
    expect(elsewhere.statusCode).toBe(404);
    // One paid at the store switching to a card: recurring-payment-switch.test.ts.
  });

  it('changes to another saved card and a product is added: kept on the history, and the next run charges that card for the new lines', async () => {
    const kim = await asCustomer('kim-rcard');
    const changed = await update(kim, { id: kimId, card_source: mastercard, items: [{ store_product_id: HAMMER, quantity: 1 }, { store_product_id: SCREWS, quantity: 12 }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: RECURRING_CHANGED,
      data: {
        payment_method: 'card', payment_label: 'Mastercard ending 4444', card_source: mastercard,
        items: [{ store_product_id: HAMMER, quantity: 1 }, { store_product_id: SCREWS, sku: '1004', title: 'rcard-a Deck Screws', quantity: 12, special: false }],
        changes: [{ by: 'customer', what: ['rcard-a Deck Screws added: 12', 'Card: Visa ending 4242 → Mastercard ending 4444'] }],
      },
    });
    expect(await mine(kim, kimId)).toEqual(changed.json().data);
    // The same card again is nothing new.
    expect((await update(kim, { id: kimId, card_source: mastercard })).json().message).toBe('Nothing was changed.');

    const day = changed.json().data.next_dates[0];
    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: kimId }, day);
    expect(outcome.status, outcome.reason).toBe('placed');
    const run = (await inDb(() => Order.findOne({ tenantId, orderNumber: outcome.orderNumber }).lean())) as unknown as Record<string, any>;
    expect(run.items).toMatchObject([{ sku: '1002', quantity: 1 }, { sku: '1004', quantity: 12 }]);
    expect(run.payment).toMatchObject({ method: 'card', status: 'paid' });
    // At the provider, the run's payment is the new card's, off-session for the shopper's own customer.
    const intent = await createStripeClient(SECRET).paymentIntents.retrieve(run.payment.reference);
    expect(intent).toMatchObject({ payment_method: mastercard, amount: run.totalCents });

    // Once cancelled, it is not changed any more.
    expect((await call('cancel-recurring-order', kim, { id: kimId })).statusCode).toBe(200);
    expect((await update(kim, { id: kimId, card_source: mastercard })).json()).toMatchObject({ status: 409, message: RECURRING_ALREADY_CANCELLED });
  });
});

describe('products added to a recurring order', () => {
  let joId = '';

  it("are found in the recurring order's store: today's price, its pack, whether the order has it and why one cannot be added; hidden ones are not listed", async () => {
    const jo = await asCustomer('jo-rcard');
    joId = (await startRecurring(jo, [[HAMMER, 2]], { email: 'jo@example.com' })).id;
    const found = await call('recurring-order-products', jo, { id: joId, search: 'rcard' });
    expect(found.statusCode, found.body).toBe(200);
    const byId = new Map((found.json().data as { store_product_id: number }[]).map((p) => [p.store_product_id, p]));
    expect(byId.get(HAMMER)).toMatchObject({ title: 'rcard-a Hammer', price: '19.99', pack: 1, in_order: true, problem: null });
    expect(byId.get(SCREWS)).toEqual({ store_product_id: SCREWS, sku: '1004', title: 'rcard-a Deck Screws', image_url: null, price: '8.99', pack: 6, in_order: false, problem: null });
    expect(byId.get(HEATER)).toMatchObject({ problem: NOT_ORDERED_ONLINE });
    expect(byId.has(LAMP_OIL)).toBe(false);
    expect([...byId.keys()].every((id) => id % 10 === 1)).toBe(true); // store 1's only

    // The store finds the same; another shopper, a store account on the shopper's call, and another store's shopper do not.
    const atStore = await call('admin/recurringorders/products', await asOwner(), { id: joId, search: 'screws' });
    expect(atStore.json().data).toContainEqual(byId.get(SCREWS));
    expect((await call('recurring-order-products', await asCustomer('lee-rcard'), { id: joId, search: 'screws' })).statusCode).toBe(404);
    expect((await call('recurring-order-products', await asOwner(), { id: joId, search: 'screws' })).statusCode).toBe(403);
    expect((await call('admin/recurringorders/products', jo, { id: joId, search: 'screws' })).statusCode).toBe(403);
    expect((await call('recurring-order-products', await asCustomer('jo-rcard', () => otherTenantId), { id: joId, search: 'screws' }, { 'business-slug': 'rcard-b' })).statusCode).toBe(404);
  });

  it("are refused (422 by line, nothing changed) unless sold at the recurring order's store, ordered online and within their quantity limits; stock is the run's matter", async () => {
    const jo = await asCustomer('jo-rcard');
    const before = await mine(jo, joId);
    const refused = async (line: { store_product_id: number; quantity: number }) => {
      const res = await update(jo, { id: joId, items: [{ store_product_id: HAMMER, quantity: 2 }, line] });
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors;
    };
    expect(await refused({ store_product_id: LAMP_OIL, quantity: 1 })).toEqual({ 'items.1.store_product_id': [RECURRING_NOT_SOLD_HERE] });
    expect(await refused({ store_product_id: 62, quantity: 1 })).toEqual({ 'items.1.store_product_id': [RECURRING_NOT_SOLD_HERE] });
    expect(await refused({ store_product_id: 9999, quantity: 1 })).toEqual({ 'items.1.store_product_id': [RECURRING_NOT_SOLD_HERE] });
    expect(await refused({ store_product_id: HEATER, quantity: 1 })).toEqual({ 'items.1.store_product_id': [`rcard-a Patio Heater: ${NOT_ORDERED_ONLINE}`] });
    expect(await refused({ store_product_id: SCREWS, quantity: 4 })).toEqual({ 'items.1.quantity': ['rcard-a Deck Screws: Must be ordered in multiple of 6'] });
    expect(await refused({ store_product_id: SCREWS, quantity: 66 })).toEqual({ 'items.1.quantity': ['rcard-a Deck Screws: Max allowed limit is 60'] });
    expect(await refused({ store_product_id: HAMMER, quantity: 3 })).toEqual({ 'items.1.store_product_id': ['Each item may be given once.'] });
    expect(await mine(jo, joId)).toEqual(before);

    // Out of stock today is no refusal: the paint is kept as a special order, as the cart would keep it.
    const added = await update(jo, { id: joId, items: [{ store_product_id: HAMMER, quantity: 2 }, { store_product_id: PAINT, quantity: 1 }, { store_product_id: SCREWS, quantity: 0 }] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.items).toMatchObject([{ store_product_id: HAMMER, quantity: 2 }, { store_product_id: PAINT, quantity: 1, special: true }]);
    expect(added.json().data.items).toHaveLength(2);
    expect(added.json().data.changes[0].what).toEqual(['rcard-a Wall Paint added: 1']);
  });

  it('are added by the store for its customer too, kept as its change and e-mailed; a line is removed, one stays', async () => {
    const owner = await asOwner();
    const res = await call('admin/recurringorders/update', owner, { id: joId, items: [{ store_product_id: PAINT, quantity: 1 }, { store_product_id: SCREWS, quantity: 18 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: RECURRING_CHANGED_BY_STORE,
      data: { items: [{ store_product_id: PAINT, quantity: 1 }, { store_product_id: SCREWS, quantity: 18 }] },
    });
    expect(res.json().data.changes[0]).toEqual({ at: expect.any(String), by: 'store', staff: 'owner-rcard', what: ['rcard-a Hammer removed', 'rcard-a Deck Screws added: 18'] });
    const mail = (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).flatMap((j) => messagesOf(j.data))
      .find((d) => d.kind === 'recurring-changed-by-store' && d.tenantId === tenantId && d.to === 'jo@example.com');
    expect(mail?.text).toContain('- rcard-a Deck Screws added: 18');
    // The shopper reads it as the store's, without who.
    expect((await mine(await asCustomer('jo-rcard'), joId) as unknown as { changes: unknown[] }).changes[0]).toEqual({ at: expect.any(String), by: 'store', what: ['rcard-a Hammer removed', 'rcard-a Deck Screws added: 18'] });
  });
});
