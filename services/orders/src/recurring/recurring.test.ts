import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Job } from 'bullmq';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { acquireSearchIndexes, reserveStock, stockLeft, type SearchIndexRegistry } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { identityService } from '@platform/identity';
import { StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import {
  OTHER_LOCATION_REFUSED, RECURRING_ALREADY_CANCELLED, RECURRING_NEEDS_SAVED_CARD, RECURRING_NOT_A_RUN_DAY, RECURRING_NOT_OFFERED, RECURRING_SIGN_IN,
  runAtMs, upcomingRunDays,
} from '@platform/domain';
import { inBackground } from '@platform/db';
import { Order, ordersService } from '../index';
import { ensureRecurringLists, RecurringOrder, unscheduleRuns } from './recurring-orders';
import { placeRun, remindOfRun } from './runs';
import { messagesOf } from '@platform/queue';

const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let otherTenantId: string;
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'rec-a', 'store-id': '1', ...extra });
const contact = { first_name: 'Ria', last_name: 'Cole', email: 'ria@example.com', telephone: '(503) 555-0177' };
const asCustomer = (slug: string, tenant = () => tenantId) => issueToken(tenant(), { slug }).then((token) => ({ authorization: `Bearer ${token}` }));
const call = (url: string, auth: Record<string, string>, payload: Record<string, unknown> = {}, extra: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: headers({ ...auth, ...extra }), payload });
const addToCart = (auth: Record<string, string>, store_product_id: number, quantity: number) => call('add-to-cart', auth, { store_product_id, quantity });
const submit = (auth: Record<string, string>, body: Record<string, unknown> = {}) =>
  call('customer/orders/submit', auth, { order_type: 0, ...contact, payment_method: 'pay_at_store', recurring: { frequency: 'weekly' }, ...body });
const stock = async (storeProductId: number) =>
  (await stockLeft({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [storeProductId])).get(storeProductId)!;
const mails = async (kind: string) =>
  (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).flatMap((j) => messagesOf(j.data)).filter((d) => d.kind === kind && d.tenantId === tenantId);
let catalogue: SearchIndexRegistry;
const runIo = () => ({ resources: harness.resources, catalogue, publicUrl: 'http://localhost:4300' });
const today = () => new Date().toISOString().slice(0, 10);

/** The recurring order's runs scheduler and its next job, as BullMQ holds them. */
async function nextRunJob(recurringOrderId: string) {
  const queue = harness.resources.queues.recurringOrders;
  const scheduler = (await queue.getJobSchedulers()).find((s) => s.key === `${tenantId}:${recurringOrderId}:run`);
  if (!scheduler) return null;
  return { scheduler, job: await Job.fromId(queue, `repeat:${scheduler.key}:${scheduler.next}`) };
}

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService, identityService, tenantSettingsService], 'recurring');
  tenantId = (await createTenant('rec-a')).id;
  await createCatalogueFixture(tenantId, 'rec-a');
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_rec', secret_key: sealSecret('sk_test_rec') } }, business: {
    contact_email: 'hello@rec-a.test', shipping_enabled: true, delivery_enabled: true, delivery_locations: [{ code: '97301', fee: '9.99', minThreshold: null, thresholdFee: null }],
  } });
  otherTenantId = (await createTenant('rec-b')).id;
  await createCatalogueFixture(otherTenantId, 'rec-b');
  catalogue = await acquireSearchIndexes(harness.resources, () => undefined); // the one the app's checkout prices from
});
afterAll(async () => { await harness?.close(); });

describe('recurring orders', () => {
  it('are offered only where the store opts in (owner setting), with the coming dates of each frequency', async () => {
    const owner = { authorization: `Bearer ${await issueToken(tenantId, { isAdmin: true })}` };
    const dates = (frequency: string, from?: string) => call('recurring-order-dates', {}, { frequency, ...(from ? { from } : {}) });
    expect((await dates('weekly')).json()).toMatchObject({ status: 422, message: RECURRING_NOT_OFFERED });
    expect((await harness.app.inject({ url: '/api/admin/fulfillment/getRecurringOrderOptIn', headers: headers(owner) })).json()).toEqual({ data: { enabled: false } });
    const saved = await call('admin/fulfillment/saveRecurringOrderOptIn', owner, { enabled: true });
    expect(saved.json()).toMatchObject({ status: 'success', data: { enabled: true } });
    expect((await harness.app.inject({ url: '/api/business-details2', headers: headers() })).json().data.recurring_orders_enabled).toBe(true);
    // A shopper cannot change it.
    expect((await call('admin/fulfillment/saveRecurringOrderOptIn', await asCustomer('nosy'), { enabled: false })).statusCode).toBe(403);

    expect((await dates('every-2-weeks', '2026-11-26')).json().data).toEqual({ frequency: 'every-2-weeks', label: 'Every 2 weeks', dates: ['2026-12-10', '2026-12-24', '2027-01-07', '2027-01-21'] });
    expect((await dates('monthly', '2027-01-31')).json().data.dates).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect((await dates('daily')).statusCode).toBe(400);
    expect((await dates('weekly', '2026-02-30')).json()).toMatchObject({ status: 422, errors: { from: ['Please give a real date.'] } });
  });

  it('are refused, before anything is taken, to guests, and by card unless the card is saved', async () => {
    const before = await stock(21);
    const guest = await call('add-to-cart', {}, { store_product_id: 21, quantity: 1, device_id: 'RecGuest01' });
    expect(guest.statusCode).toBe(200);
    const asGuest = await call('customer/orders/submit', {}, { device_id: 'RecGuest01', order_type: 0, ...contact, payment_method: 'pay_at_store', recurring: { frequency: 'weekly' } });
    expect(asGuest.json()).toMatchObject({ status: 422, errors: { 'recurring.frequency': [RECURRING_SIGN_IN] } });

    const kim = await asCustomer('kim-rec');
    await addToCart(kim, 21, 1);
    expect((await submit(kim, { payment_method: 'card', payment_token: 'pm_card_visa' })).json()).toMatchObject({ status: 422, errors: { payment_token: [RECURRING_NEEDS_SAVED_CARD] } });
    expect(await stock(21)).toBe(before);
    expect((await harness.app.inject({ url: '/api/cart-parcels', headers: headers(kim) })).json().data.item_count).toBe(1);
    expect(await inDb(() => Order.countDocuments({ tenantId }))).toBe(0);
  });

  let riaId = '';
  it("start with the order placed at checkout, scheduled from its day; the shopper sees them and nobody else does", async () => {
    const ria = await asCustomer('ria-rec');
    await addToCart(ria, 21, 2);
    const placed = await submit(ria, { note: 'Back door' });
    expect(placed.statusCode).toBe(200);
    const { order, recurring_order: recurring } = placed.json();
    riaId = recurring.id;
    expect(recurring).toMatchObject({
      status: 'active', frequency: 'weekly', frequency_label: 'Every week', order_type: 'pickup', store: { id: 1 }, customer_name: 'Ria Cole', email: 'ria@example.com',
      payment_label: 'Pay at the store', items: [{ sku: '1002', title: 'rec-a Hammer', quantity: 2, special: false }],
      first_order_number: order.order_number, started_on: today(), next_dates: upcomingRunDays('weekly', today(), Date.now()), runs: [], cancelled_at: null,
    });
    // One scheduler places the runs, one sends the reminders, each due at its moment.
    const next = await nextRunJob(riaId);
    expect(next!.scheduler.next).toBe(runAtMs(recurring.next_dates[0]));
    const schedulers = (await harness.resources.queues.recurringOrders.getJobSchedulers()).map((s) => [s.key, s.next]);
    expect(schedulers).toContainEqual([`${tenantId}:${riaId}:remind`, runAtMs(recurring.next_dates[0]) - 24 * 3600_000]);

    const listed = (await call('get-recurring-orders', ria)).json();
    expect(listed).toMatchObject({ total: 1, data: [{ id: riaId, store: { id: 1, name: 'rec-a store 1' } }] });
    expect((await call('get-recurring-orders', await asCustomer('someone-else'))).json().total).toBe(0);
    expect((await call('get-recurring-orders', await asCustomer('ria-rec', () => otherTenantId), {}, { 'business-slug': 'rec-b' })).json().total).toBe(0);
    expect((await call('get-recurring-orders', {})).statusCode).toBe(401);
  });

  it("places each run on its day by the scheduler, from the recurring order's lines, leaving the shopper's cart alone", async () => {
    const ria = await asCustomer('ria-rec');
    await addToCart(ria, 11, 1); // Ria's cart has something else meanwhile
    const before = await stock(21);
    const { scheduler, job } = (await nextRunJob(riaId))!;
    const day = new Date(scheduler.next!).toISOString().slice(0, 10);
    await job!.promote(); // the run's moment has come
    await expect.poll(async () => ((await inDb(() => RecurringOrder.findOne({ tenantId, _id: riaId }).lean())) as unknown as { runs: { status: string }[] }).runs, { timeout: 15_000 })
      .toEqual([expect.objectContaining({ day, status: 'placed' })]);
    const doc = (await inDb(() => RecurringOrder.findOne({ tenantId, _id: riaId }).lean())) as unknown as { runs: { orderNumber: string }[] };
    const run = (await inDb(() => Order.findOne({ tenantId, orderNumber: doc.runs[0]!.orderNumber }).lean())) as unknown as Record<string, any>;
    expect(run).toMatchObject({ recurringOrderId: riaId, customerSlug: 'ria-rec', orderType: 'pickup', payment: { method: 'pay_at_store' } });
    expect(run.items).toMatchObject([{ sku: '1002', quantity: 2 }]);
    expect(run.note).toBe(`Back door Recurring order (every week) for ${day}.`);
    expect(await stock(21)).toBe(before - 2);
    expect((await harness.app.inject({ url: '/api/cart-parcels', headers: headers(ria) })).json().data.parcels[0].items).toMatchObject([{ store_product_id: 11, quantity: 1 }]);
    expect((await mails('order-confirmation')).filter((m) => m.to === 'ria@example.com')).toHaveLength(2);
    // The scheduler has the following run waiting; the same day again places nothing more.
    expect((await nextRunJob(riaId))!.scheduler.next).toBe(runAtMs(upcomingRunDays('weekly', day, runAtMs(day), 1)[0]!));
    expect(await placeRun(runIo(), { tenantId, recurringOrderId: riaId }, day)).toEqual({ status: 'already', orderNumber: run.orderNumber, reason: '' });
    expect(await inDb(() => Order.countDocuments({ tenantId, recurringOrderId: riaId }))).toBe(2); // the first order and this run
    // The shopper sees the run.
    const [listed] = (await call('get-recurring-orders', ria)).json().data;
    expect(listed.runs).toEqual([{ date: day, status: 'placed', order_number: run.orderNumber, reason: '' }]);
  });

  it('skips a run when an item is not to be had, and tells the shopper why and when the next is', async () => {
    const lee = await asCustomer('lee-rec');
    await addToCart(lee, 11, 1);
    const { recurring_order: recurring } = (await submit(lee, { first_name: 'Lee', email: 'lee@example.com' })).json();
    const left = await stock(11);
    // Another checkout holds the last units.
    expect((await reserveStock({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [{ storeProductId: 11, quantity: left }], { id: 'other-checkout', note: {} })).ok).toBe(true);
    expect(await stock(11)).toBe(0);
    const day = recurring.next_dates[0];
    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: recurring.id }, day);
    expect(outcome).toEqual({ status: 'skipped', reason: `Not placed: ${recurring.items[0].title}: Store has only 0 in stock.` });
    const [mail] = (await mails('recurring-not-placed')).filter((m) => m.to === 'lee@example.com');
    expect(mail.subject).toBe(`Your recurring order for ${day} at rec-a store was not placed`);
    expect(mail.text).toContain(`Store has only 0 in stock.`);
    expect(mail.text).toContain(`Your next order is planned for ${recurring.next_dates[1]}`);
  });

  it('charges the saved card on each run without the shopper', async () => {
    const max = await asCustomer('max-rec');
    await addToCart(max, 21, 1);
    const first = await submit(max, { first_name: 'Max', email: 'max@example.com', payment_method: 'card', payment_token: 'pm_card_mastercard', save_card: true, recurring: { frequency: 'every-2-weeks' } });
    expect(first.statusCode).toBe(200);
    const recurring = first.json().recurring_order;
    expect(recurring).toMatchObject({ frequency: 'every-2-weeks', payment_label: 'Mastercard ending 4444' });
    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: recurring.id }, recurring.next_dates[0]);
    expect(outcome.status).toBe('placed');
    const run = (await inDb(() => Order.findOne({ tenantId, orderNumber: outcome.orderNumber }).lean())) as unknown as Record<string, any>;
    expect(run.payment).toMatchObject({ method: 'card', status: 'paid' });

    // A second recurring order by the same saved card needs no new card.
    const [card] = (await harness.app.inject({ url: '/api/customer-cards', headers: headers(max) })).json().data;
    await addToCart(max, 21, 1);
    expect((await submit(max, { first_name: 'Max', payment_method: 'card', payment_token: card.source, recurring: { frequency: 'monthly' } })).json().recurring_order.payment_label).toBe('Mastercard ending 4444');
  });

  it('reminds the shopper the day before a run, unless it is skipped', async () => {
    const day = upcomingRunDays('weekly', today(), Date.now(), 1)[0]!;
    expect(await remindOfRun(runIo(), { tenantId, recurringOrderId: riaId }, upcomingRunDays('weekly', day, runAtMs(day), 1)[0]!)).toEqual({ status: 'reminded' });
    const [mail] = (await mails('recurring-reminder')).filter((m) => m.to === 'ria@example.com');
    expect(mail.subject).toMatch(/^Your recurring order at rec-a store is placed tomorrow \(\d{4}-\d{2}-\d{2}\)$/);
    expect(mail.text).toContain('2 × rec-a Hammer (1002)');
    expect(mail.text).toContain('Pickup at the store. Payment: Pay at the store.');
    expect(mail.text).toContain('To skip this one or cancel: http://rec-a.localhost:4300/recurring-orders');
  });

  it('lets the shopper skip one coming run or cancel; runs of a cancelled one are not placed', async () => {
    const ria = await asCustomer('ria-rec');
    const [listed] = (await call('get-recurring-orders', ria)).json().data;
    const [skip, after] = listed.next_dates;
    expect((await call('cancel-recurring-order', ria, { id: riaId, date: '2026-11-27' === skip ? '2026-11-28' : '2026-11-27' })).json()).toMatchObject({ status: 422, errors: { date: [RECURRING_NOT_A_RUN_DAY] } });
    const skipped = await call('cancel-recurring-order', ria, { id: riaId, date: skip });
    expect(skipped.json()).toMatchObject({ status: 'success', message: `Your order for ${skip} will not be placed.`, data: { status: 'active' } });
    expect(skipped.json().data.next_dates[0]).toBe(after);
    expect(await placeRun(runIo(), { tenantId, recurringOrderId: riaId }, skip)).toMatchObject({ status: 'cancelled' });
    expect(await remindOfRun(runIo(), { tenantId, recurringOrderId: riaId }, skip)).toEqual({ status: 'not-reminded' });

    // Another shopper cannot touch it; an admin uses the admin calls.
    expect((await call('cancel-recurring-order', await asCustomer('kim-rec'), { id: riaId })).statusCode).toBe(404);
    expect((await call('cancel-recurring-order', { authorization: `Bearer ${await issueToken(tenantId, { isAdmin: true })}` }, { id: riaId })).statusCode).toBe(403);

    const cancelled = await call('cancel-recurring-order', ria, { id: riaId });
    expect(cancelled.json()).toMatchObject({ message: 'Your recurring order is cancelled.', data: { status: 'cancelled', next_dates: [], cancelled_at: expect.any(String) } });
    expect(await nextRunJob(riaId)).toBeNull();
    expect((await call('cancel-recurring-order', ria, { id: riaId })).json()).toMatchObject({ status: 409, message: RECURRING_ALREADY_CANCELLED });
    const orders = await inDb(() => Order.countDocuments({ tenantId }));
    expect(await placeRun(runIo(), { tenantId, recurringOrderId: riaId }, after)).toMatchObject({ status: 'cancelled' });
    expect(await inDb(() => Order.countDocuments({ tenantId }))).toBe(orders);
  });

  it("gives the store its list, each one's runs, and lets staff skip a run or cancel", async () => {
    const admin = { authorization: `Bearer ${await issueToken(tenantId, { isAdmin: true })}` };
    const list = (body: Record<string, unknown>) => call('admin/recurringorders', admin, body).then((r) => r.json());
    const active = await list({});
    expect(active.data.map((r: { customer_name: string }) => r.customer_name).sort()).toEqual(['Lee Cole', 'Max Cole', 'Max Cole']);
    expect((await list({ status: 'cancelled' })).data.map((r: { id: string }) => r.id)).toEqual([riaId]);
    expect((await list({ status: 'all', search: 'lee@example' })).total).toBe(1);
    const max = active.data.find((r: { frequency: string }) => r.frequency === 'every-2-weeks');
    const executions = (await harness.app.inject({ url: `/api/admin/recurringorders/executions?id=${max.id}`, headers: headers(admin) })).json().data;
    expect(executions.runs).toEqual([{ date: expect.any(String), status: 'placed', order_number: expect.any(String), reason: '' }]);
    const skipDay = executions.next_dates[0];
    expect((await call('admin/recurringorders/cancel-execution', admin, { id: max.id, date: skipDay })).json()).toMatchObject({ message: `The order for ${skipDay} will not be placed.` });
    const [run] = (await harness.app.inject({ url: `/api/admin/recurringorders/executions?id=${max.id}`, headers: headers(admin) })).json().data.runs;
    expect(run).toEqual({ date: skipDay, status: 'cancelled', order_number: null, reason: 'Skipped by the store.' });
    expect((await call('admin/recurringorders/cancel', admin, { id: max.id })).json().data.status).toBe('cancelled');
    // Shoppers are refused the admin calls; another store's admin finds nothing.
    expect((await call('admin/recurringorders', await asCustomer('kim-rec'), {})).statusCode).toBe(403);
    const otherAdmin = { authorization: `Bearer ${await issueToken(otherTenantId, { isAdmin: true })}` };
    expect((await call('admin/recurringorders/cancel', otherAdmin, { id: max.id }, { 'business-slug': 'rec-b' })).statusCode).toBe(404);
    expect((await call('admin/recurringorders', otherAdmin, {}, { 'business-slug': 'rec-b' })).json().total).toBe(0);
  });

  it('after a Redis loss, rebuilds the lists from the database and schedules the active ones again', async () => {
    const max = await asCustomer('max-rec');
    const [active] = (await call('get-recurring-orders', max)).json().data.filter((r: { status: string }) => r.status === 'active');
    const io = { redis: harness.resources.redis, prefix: harness.resources.queuePrefix, queues: harness.resources.queues };
    await unscheduleRuns(io, tenantId, active.id);
    const lost = await harness.resources.redis.keys(`${harness.resources.queuePrefix}:recurring:${tenantId}:*`);
    await harness.resources.redis.del(...lost);
    expect(await nextRunJob(active.id)).toBeNull();
    await ensureRecurringLists(io, tenantId);
    expect((await call('get-recurring-orders', max)).json().data.map((r: { id: string }) => r.id)).toContain(active.id);
    expect((await nextRunJob(active.id))!.scheduler.next).toBe(runAtMs(active.next_dates[0]));
  });

  it('cancels all of a shopper\'s recurring orders at once', async () => {
    const max = await asCustomer('max-rec');
    expect((await call('cancel-all-recurring-orders', max)).json()).toEqual({ status: 'success', message: 'Your recurring order is cancelled.', cancelled: 1 });
    expect((await call('cancel-all-recurring-orders', max)).json()).toMatchObject({ message: 'You have no recurring orders to cancel.', cancelled: 0 });
  });

  it("shows staff bound to a location that location's recurring orders only; another location's is 403 or not found", async () => {
    const noa = await asCustomer('noa-rec');
    const atNorth = { 'store-id': '2' };
    expect((await call('add-to-cart', noa, { store_product_id: 22, quantity: 1 }, atNorth)).statusCode).toBe(200);
    const placed = await call('customer/orders/submit', noa, { order_type: 0, ...contact, email: 'noa@example.com', payment_method: 'pay_at_store', recurring: { frequency: 'weekly' } }, atNorth);
    expect(placed.statusCode).toBe(200);
    const north = placed.json().recurring_order;
    expect(north.store.id).toBe(2);

    const staffAt = async (locationId: number) => ({ authorization: `Bearer ${await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: `rec-staff-${locationId}`, locationId })}` });
    const [northStaff, mainStaff] = [await staffAt(2), await staffAt(1)];
    const listed = (await call('admin/recurringorders', northStaff, { status: 'all' })).json();
    expect(listed).toMatchObject({ location_id: 2, total: 1, data: [{ id: north.id, store: { id: 2 } }] });
    const mainList = (await call('admin/recurringorders', mainStaff, { status: 'all', location_id: 1 })).json();
    expect(mainList.location_id).toBe(1);
    expect(mainList.data.length).toBeGreaterThan(0);
    expect(mainList.data.every((r: { store: { id: number } }) => r.store.id === 1)).toBe(true);

    const refused = await call('admin/recurringorders', northStaff, { location_id: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OTHER_LOCATION_REFUSED);
    // One of another location's recurring orders is not found for them, as another location's orders are.
    expect((await harness.app.inject({ url: `/api/admin/recurringorders/executions?id=${north.id}`, headers: headers(mainStaff) })).statusCode).toBe(404);
    expect((await call('admin/recurringorders/cancel', mainStaff, { id: north.id })).statusCode).toBe(404);
    expect((await harness.app.inject({ url: `/api/admin/recurringorders/executions?id=${north.id}`, headers: headers(northStaff) })).statusCode).toBe(200);
    // The owner sees every location, or the one asked for.
    const owner = { authorization: `Bearer ${await issueToken(tenantId, { isAdmin: true })}` };
    expect((await call('admin/recurringorders', owner, { status: 'all', location_id: 2 })).json()).toMatchObject({ location_id: 2, total: 1 });
    expect((await call('admin/recurringorders', owner, { status: 'all' })).json()).toMatchObject({ location_id: null, total: mainList.total + 1 });
  });
});
