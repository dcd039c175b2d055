import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { Product } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { identityService } from '@platform/identity';
import { StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import {
  RECURRING_CHANGED_BY_STORE, RECURRING_CHOOSE_FREQUENCY, RECURRING_KEEP_ONE_ITEM, RECURRING_NOT_FOUND, RECURRING_NOTHING_CHANGED,
  RECURRING_SERVICE_NOT_QUOTED, runDayLabel, upcomingRunDays,
} from '@platform/domain';
import { inBackground } from '@platform/db';
import { ordersService, RecurringOrder } from '../index';
import { messagesOf } from '@platform/queue';

/**
 * The store changes a recurring order for its customer (a customer who phoned in: POST admin/recurringorders/update
 * and admin/recurringorders/shipping-quotes), through the shopper's own change (update-recurring-order's checks): the
 * change applies, the history says the store (and which staff member) made it, and the shopper is e-mailed what
 * changed. Only store admins, only this store's, only a bound staff member's location. Against the real database and Redis.
 */

const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let otherTenantId: string;
const HAMMER = 21;
const DRILL = 11;
const contact = { first_name: 'Dee', last_name: 'Moss', email: 'dee@example.com', telephone: '(503) 555-0191' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asCustomer = (slug: string) => issueToken(tenantId, { slug }).then(bearer);
const asStaff = (slug: string, who: { locationId?: number; tenant?: string } = {}) =>
  issueToken(who.tenant ?? tenantId, { slug, isAdmin: true, isSubAccount: true, permissions: [], locationId: who.locationId ?? null }).then(bearer);
const call = (url: string, auth: Record<string, string>, payload: Record<string, unknown> = {}, slug = 'rstc-a') =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'business-slug': slug, 'store-id': '1', ...auth }, payload });
const storeUpdate = (auth: Record<string, string>, payload: Record<string, unknown>, slug?: string) => call('admin/recurringorders/update', auth, payload, slug);
const mine = async (auth: Record<string, string>, id: string) => ((await call('get-recurring-orders', auth)).json().data as { id: string }[]).find((r) => r.id === id);
const mails = async (to: string) =>
  (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).flatMap((j) => messagesOf(j.data))
    .filter((d) => d.kind === 'recurring-changed-by-store' && d.tenantId === tenantId && d.to === to);
const table = (service: string, fee: string) => ({ carrier: 'Store Shipping', service, delivery_days: '3-5 days', free_over: null, bands: [{ up_to_weight: 20, fee }] });

/** A signed-in shopper's order with 'Repeat this order' ticked: its recurring order. */
async function startRecurring(auth: Record<string, string>, lines: [number, number][], body: Record<string, unknown> = {}) {
  for (const [storeProductId, quantity] of lines) expect((await call('add-to-cart', auth, { store_product_id: storeProductId, quantity })).statusCode).toBe(200);
  const placed = await call('customer/orders/submit', auth, { order_type: 0, ...contact, payment_method: 'pay_at_store', recurring: { frequency: 'weekly' }, ...body });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().recurring_order as { id: string; first_order_number: string; next_dates: string[] };
}

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService, identityService, tenantSettingsService], 'recurring-store-changes');
  tenantId = (await createTenant('rstc-a')).id;
  await createCatalogueFixture(tenantId, 'rstc-a');
  await inDb(() => Product.updateOne({ tenantId, productId: 2 }, { $set: { extra: { max_order_quantity: 12 } } }));
  await StoreProfile.create({ tenantId, business: {
    contact_email: 'hello@rstc-a.test', recurring_orders_enabled: true, delivery_enabled: true, shipping_enabled: true,
    delivery_locations: [{ code: '97301', fee: '9.99', minThreshold: null, thresholdFee: null }],
    shipping_settings: { handling_fee: '1.50', table_rates: [table('Ground', '8.99'), table('Express', '24.99')] },
  } });
  otherTenantId = (await createTenant('rstc-b')).id;
  await createCatalogueFixture(otherTenantId, 'rstc-b');
});
afterAll(async () => { await harness?.close(); });

describe('the store changes a recurring order for its customer', () => {
  let deeId = '';
  let before: unknown;

  it('refuses bad input by field (422) in the shopper\'s words, and changes nothing nor e-mails anyone', async () => {
    const dee = await asCustomer('dee-stc');
    const started = await startRecurring(dee, [[HAMMER, 2], [DRILL, 1]]);
    deeId = started.id;
    before = await mine(dee, deeId);
    const staff = await asStaff('sam-counter');
    const refused = async (payload: Record<string, unknown>) => {
      const res = await storeUpdate(staff, { id: deeId, ...payload });
      expect(res.statusCode, res.body).toBe(422);
      return res.json();
    };
    expect(await refused({ frequency: 'daily' })).toEqual({ status: 422, message: RECURRING_CHOOSE_FREQUENCY, errors: { frequency: [RECURRING_CHOOSE_FREQUENCY] } });
    expect((await refused({ frequency: 'monthly', items: [{ store_product_id: HAMMER, quantity: 13 }, { store_product_id: DRILL, quantity: 1 }] })).errors)
      .toEqual({ 'items.0.quantity': ['rstc-a Hammer: Max allowed limit is 12'] });
    expect((await refused({ items: [{ store_product_id: HAMMER, quantity: 0 }] })).message).toBe(RECURRING_KEEP_ONE_ITEM);
    // Out of the schema's range: the schema's 400, nothing changed either.
    expect((await storeUpdate(staff, { id: deeId, frequency: 'x'.repeat(41) })).statusCode).toBe(400);
    expect(await mine(dee, deeId)).toEqual(before);
    expect(await mails(contact.email)).toEqual([]);
  });

  it('answers 403 to a shopper and 401 to a guest, 404 for another store\'s or another location\'s recurring order; the shopper\'s call refuses staff', async () => {
    const change = { id: deeId, frequency: 'monthly' };
    const shopper = await storeUpdate(await asCustomer('dee-stc'), change);
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().message).toBe('This action is for store admins only.');
    expect((await call('admin/recurringorders/shipping-quotes', await asCustomer('dee-stc'), { id: deeId })).statusCode).toBe(403);
    expect((await storeUpdate({}, change)).statusCode).toBe(401);
    // Another store's admin, with this store's id: not found there.
    const elsewhere = await storeUpdate(await asStaff('owner-b', { tenant: otherTenantId }), change, 'rstc-b');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(RECURRING_NOT_FOUND);
    expect((await call('admin/recurringorders/shipping-quotes', await asStaff('owner-b', { tenant: otherTenantId }), { id: deeId }, 'rstc-b')).statusCode).toBe(404);
    // Staff bound to another location do not see it (as the list does not show it to them).
    expect((await storeUpdate(await asStaff('lee-riverside', { locationId: 2 }), change)).statusCode).toBe(404);
    // The shopper's own call stays the shopper's.
    expect((await call('update-recurring-order', await asStaff('sam-counter'), change)).statusCode).toBe(403);
    expect(await mine(await asCustomer('dee-stc'), deeId)).toEqual(before);
    expect(await mails(contact.email)).toEqual([]);
  });

  it('applies the change, keeps it on the history as the store\'s (and the staff member\'s), and e-mails the shopper what changed', async () => {
    const staff = await asStaff('sam-counter', { locationId: 1 });
    const res = await storeUpdate(staff, { id: deeId, frequency: 'monthly', items: [{ store_product_id: HAMMER, quantity: 3 }] });
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe(RECURRING_CHANGED_BY_STORE);
    const nextDates = upcomingRunDays('monthly', new Date().toISOString().slice(0, 10), Date.now());
    expect(data).toMatchObject({ frequency: 'monthly', next_dates: nextDates, items: [{ store_product_id: HAMMER, quantity: 3 }] });
    const what = ['How often: Every week → Every month', 'rstc-a Hammer: 2 → 3', 'rstc-a Cordless Drill removed'];
    expect(data.changes).toEqual([{ at: expect.any(String), by: 'store', staff: 'sam-counter', what }]);
    // In the database: who, and that it was the store.
    const stored = await inDb(() => RecurringOrder.findOne({ tenantId, _id: deeId }).lean()) as unknown as { changes: { by: string; byStore: boolean }[] };
    expect(stored.changes[0]).toMatchObject({ by: 'sam-counter', byStore: true });

    // The shopper sees the new values and that the store changed it (not which staff member).
    const dee = await asCustomer('dee-stc');
    const theirs = await mine(dee, deeId) as unknown as { frequency: string; changes: unknown[] };
    expect(theirs.frequency).toBe('monthly');
    expect(theirs.changes).toEqual([{ at: expect.any(String), by: 'store', what }]);
    // The store's list and detail show the change too.
    const owner = bearer(await issueToken(tenantId, { slug: 'owner-a', isAdmin: true }));
    const detail = await harness.app.inject({ url: `/api/admin/recurringorders/executions?id=${deeId}`, headers: { 'business-slug': 'rstc-a', ...owner } });
    expect(detail.json().data.changes[0]).toMatchObject({ by: 'store', staff: 'sam-counter' });

    // One e-mail to the shopper, through the notifications queue, saying what changed and when the next one is.
    const [mail, ...more] = await mails(contact.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ channel: 'email', to: contact.email, subject: 'rstc-a store changed your recurring order' });
    for (const line of what) expect(mail!.text).toContain(`- ${line}`);
    expect(mail!.text).toContain(`started with order ${(before as { first_order_number: string }).first_order_number}`);
    expect(mail!.text).toContain(`Your next order is planned for ${runDayLabel(nextDates[0]!, { year: true })}`);
    expect(mail!.text).toContain('/recurring-orders');

    // The same again: nothing changes, no history line, no second e-mail.
    const again = await storeUpdate(staff, { id: deeId, frequency: 'monthly' });
    expect(again.json()).toMatchObject({ message: RECURRING_NOTHING_CHANGED });
    expect(again.json().data.changes).toHaveLength(1);
    expect(await mails(contact.email)).toHaveLength(1);
  });

  it('quotes the shipping options for a new address and takes one of them for a shipped recurring order', async () => {
    const cy = await asCustomer('cy-stc');
    const home = { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'USA' };
    const newHome = { address: '40 Lake Dr', address2: '', city: 'Bend', state: 'OR', zip: '97701' };
    expect((await call('add-to-cart', cy, { store_product_id: HAMMER, quantity: 1 })).statusCode).toBe(200);
    expect((await call('shipping-quotes', cy, { customerAddress: home })).json().status).toBe('success');
    expect((await call('select-shipping-quote', cy, { quote_id: 'store-shipping-express' })).statusCode).toBe(200);
    const started = await startRecurring(cy, [], { order_type: 2, email: 'cy-stc@example.com' });
    const staff = await asStaff('sam-counter');

    const quoted = await call('admin/recurringorders/shipping-quotes', staff, { id: started.id, address: newHome });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toMatchObject({ selected_id: 'store-shipping-express', quotes: [{ id: 'store-shipping-ground', total: '10.49' }, { id: 'store-shipping-express', total: '26.49' }] });

    const refused = await storeUpdate(staff, { id: started.id, address: newHome, shipping_quote_id: 'store-shipping-overnight' });
    expect(refused.json()).toEqual({ status: 422, message: RECURRING_SERVICE_NOT_QUOTED, errors: { shipping_quote_id: [RECURRING_SERVICE_NOT_QUOTED] } });
    const changed = await storeUpdate(staff, { id: started.id, address: newHome, shipping_quote_id: 'store-shipping-ground' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ shipping_service: 'Store Shipping Ground', address: { address: '40 Lake Dr', city: 'Bend', zip: '97701' } });
    const [mail] = await mails('cy-stc@example.com');
    expect(mail!.text).toContain('- Shipping: Store Shipping Express → Store Shipping Ground');
  });
});
