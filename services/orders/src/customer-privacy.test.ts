import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { inBackground, Location } from '@platform/db';
import { StoreProfile } from '@platform/tenant-settings';
import { BackInStockAsk, forgetClosedAccountAsks } from '@platform/catalogue';
import { Customer, hashPassword, identityService } from '@platform/identity';
import { closedAccountEmailHash } from '@platform/queue';
import { ordersService } from './index';
import { Order } from './models';
import { RecurringOrder } from './recurring/recurring-orders';
import { ShippingLabel } from './shipping-labels/models';
import { forgetLabelIndex } from './shipping-labels/label-index';

/** The test reads the database itself (not a request path): it may query by any field. */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let owner = '';
let staff = '';
let otherOwner = '';
let mia = '';
const PASSWORD = 'Garden-Hose-42';
const call = (method: 'GET' | 'POST', url: string, token?: string, slug = 'gdpr-a', payload?: object) =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
const HOME = { address: '12 Oak St', address2: 'Apt 2', city: 'Salem', state: 'OR', zip: '97301', country: 'US' };

function order(n: number, customerSlug: string, contact: { firstName: string; lastName: string; email: string; telephone: string }, extra: object = {}) {
  return {
    _id: `65b0000000000000000000${String(n).padStart(2, '0')}`, tenantId, orderNumber: String(1000 + n), sequence: 1000 + n, status: 'completed', locationId: 1, customerSlug,
    customerName: `${contact.firstName} ${contact.lastName}`, contact, orderType: 'delivery', address: HOME, note: 'Leave by the blue gate',
    items: [{ productId: 2, storeProductId: 21, sku: '1002', title: 'Hammer', quantity: 2, priceCents: 1999 }],
    subtotalCents: 3998, taxCents: 0, fulfilmentCents: 500, totalCents: 4498 + n, placedAt: new Date(Date.UTC(2026, 9, n)), payment: { method: 'pay_at_store', status: 'paid' }, ...extra,
  };
}

beforeAll(async () => {
  harness = await createTestApp([identityService, ordersService], 'customer-privacy');
  tenantId = (await createTenant('gdpr-a')).id;
  const other = (await createTenant('gdpr-b')).id;
  await Location.create({ tenantId, locationId: 1, name: 'Main Street', address: '1 Main St', city: 'Salem', state: 'OR', zip: '97301' });
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_gdpr', secret_key: sealSecret('sk_test_gdpr') } } });
  const passwordHash = await hashPassword(PASSWORD);
  await Customer.create({ tenantId, slug: 'mia-cole-7f3a', email: 'mia@gdpr.test', telephone: '5035550170', firstName: 'Mia', lastName: 'Cole', passwordHash, receiveMarketing: true, accountNumber: 'A-77' });
  await Customer.create({ tenantId, slug: 'nat-ray-1b2c', email: 'nat@gdpr.test', telephone: '5035550171', firstName: 'Nat', lastName: 'Ray', passwordHash, receiveMarketing: true });
  await Customer.create({ tenantId: other, slug: 'mia-cole-7f3a', email: 'mia@gdpr.test', firstName: 'Mia', lastName: 'Elsewhere', passwordHash });
  owner = await issueToken(tenantId, { isAdmin: true, slug: 'the-owner' });
  staff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'a-helper', permissions: ['view_offline_orders', 'manage_ar_accounts'] });
  otherOwner = await issueToken(other, { isAdmin: true, slug: 'b-owner' });
  mia = (await call('POST', 'login', undefined, 'gdpr-a', { email: 'mia@gdpr.test', password: PASSWORD })).json().access_token;
  expect(mia).toBeTruthy();
  expect((await call('POST', 'customer-cards/add', mia, 'gdpr-a', { newSource: 'tok_visa' })).statusCode).toBe(200);
  const miaContact = { firstName: 'Mia', lastName: 'Cole', email: 'mia@gdpr.test', telephone: '5035550170' };
  await Order.create([
    order(1, 'mia-cole-7f3a', miaContact), order(2, 'mia-cole-7f3a', miaContact, { status: 'placed', orderType: 'pickup', address: null, note: '' }),
    order(3, 'nat-ray-1b2c', { firstName: 'Nat', lastName: 'Ray', email: 'nat@gdpr.test', telephone: '5035550171' }, { address: { ...HOME, address: '9 Elm Rd' } }),
  ]);
  await RecurringOrder.create({
    tenantId, customerSlug: 'mia-cole-7f3a', status: 'active', frequency: 'weekly', anchorDay: '2026-10-01', firstOrderNumber: '1001', orderType: 'delivery', locationId: 1,
    address: { ...HOME, address: '40 Pine Ave' }, contact: miaContact, payment: { method: 'pay_at_store', label: 'Pay at the store' },
    items: [{ productId: 2, storeProductId: 21, sku: '1002', title: 'Hammer', quantity: 1, special: false }],
    changes: [{ at: new Date(), by: 'mia-cole-7f3a', byStore: false, what: ['Address: 12 Oak St, Salem, OR 97301 → 40 Pine Ave, Salem, OR 97301'] }],
  });
  await BackInStockAsk.create([
    { _id: `${tenantId}:bis:1`, tenantId, storeProductId: 31, productId: 3, locationId: 1, email: 'mia@gdpr.test', customerSlug: 'mia-cole-7f3a', link: 'https://gdpr-a.test/p/paint' },
    { _id: `${tenantId}:bis:2`, tenantId, storeProductId: 11, productId: 1, locationId: 1, email: 'MIA@gdpr.test', customerSlug: null, link: 'https://gdpr-a.test/p/drill' },
    { _id: `${tenantId}:bis:3`, tenantId, storeProductId: 31, productId: 3, locationId: 1, email: 'nat@gdpr.test', customerSlug: 'nat-ray-1b2c', link: 'https://gdpr-a.test/p/paint' },
  ]);
});
afterAll(async () => { await harness?.close(); });

describe("a customer's personal data (GDPR-style export and delete)", () => {
  it('exports their account, consents, addresses, orders, recurring orders and cards as brand and last 4, and nobody else\'s', async () => {
    const res = await call('GET', 'admin/customer/mia-cole-7f3a/export', owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customer-mia-cole-7f3a-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data).toMatchObject({
      store: expect.any(String),
      account: { id: 'mia-cole-7f3a', first_name: 'Mia', last_name: 'Cole', email: 'mia@gdpr.test', telephone: '5035550170', account_number: 'A-77', two_step_sign_in: false },
      consents: { marketing_emails: true, order_texts: true },
      saved_cards: [{ brand: 'Visa', last4: '4242' }],
    });
    expect(data.orders.map((o: { order_number: string }) => o.order_number)).toEqual(['1002', '1001']);
    expect(data.orders[1]).toMatchObject({
      store: 'Main Street', contact: { email: 'mia@gdpr.test' }, address: { address: '12 Oak St', zip: '97301' }, total: '44.99', note: 'Leave by the blue gate',
      items: [{ title: 'Hammer', quantity: 2, price: '19.99', cancelled_quantity: 0 }],
    });
    expect(data.addresses.map((a: { address: string }) => a.address)).toEqual(['12 Oak St', '40 Pine Ave']);
    expect(data.recurring_orders).toEqual([expect.objectContaining({ frequency: 'weekly', status: 'active', started_from_order: '1001' })]);
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/nat@gdpr\.test|Nat|9 Elm Rd|1003|Elsewhere/);
    expect(text).not.toMatch(/passwordHash|scrypt|pm_|cus_|tok_/);
  });

  it('is for the store owner only; another store does not find the customer', async () => {
    for (const [method, url] of [['GET', 'admin/customer/mia-cole-7f3a/export'], ['POST', 'admin/customer/mia-cole-7f3a/delete']] as const) {
      const refused = await call(method, url, staff);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only the store owner can export or delete a customer's personal data.");
      expect((await call(method, url, mia)).statusCode).toBe(403);
      expect((await call(method, url)).statusCode).toBe(401);
      expect((await call(method, url.replace('mia-cole-7f3a', 'nobody-here'), owner)).statusCode).toBe(404);
    }
    // The other store has its own Mia: its owner reaches only her; this store's Mia is untouched by it.
    expect((await call('GET', 'admin/customer/nat-ray-1b2c/export', otherOwner, 'gdpr-b')).statusCode).toBe(404);
    expect((await call('POST', 'admin/customer/nat-ray-1b2c/delete', otherOwner, 'gdpr-b')).statusCode).toBe(404);
    expect((await call('GET', 'admin/customer/mia-cole-7f3a/export', otherOwner, 'gdpr-b')).json().account.last_name).toBe('Elsewhere');
    expect((await call('POST', 'admin/customer/nat-ray-1b2c', owner)).statusCode).toBe(200);
  });

  it('deletes their personal data: orders keep their totals without it, recurring orders stop, the lists forget them and they cannot sign in', async () => {
    // A label the store bought for her first order names her in the labels list.
    const first = (await inDb(() => Order.findOne({ tenantId, orderNumber: '1001' }, { _id: 1 }).lean())) as unknown as { _id: unknown };
    await ShippingLabel.create({
      tenantId, orderId: String(first._id), orderNumber: '1001', customerName: 'Mia Cole', locationId: 1, shipmentId: 'shp_1', rateId: 'rate_1', carrierName: 'USPS',
      service: 'Priority', rateCents: 899, trackingCode: '9400100000000000000001', parcel: { weightOz: 16 }, boughtAt: new Date(),
    });
    await forgetLabelIndex({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId);
    const labelNames = async () => (await call('GET', 'admin/shipping/labels', owner)).json().data.map((l: { customer_name: string }) => l.customer_name);
    expect(await labelNames()).toEqual(['Mia Cole']);
    const before = (await call('GET', 'admin/customers/totalAccounts', owner)).json();
    const res = await call('POST', 'admin/customer/mia-cole-7f3a/delete', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: "Mia Cole's personal data has been deleted. Their 2 orders are kept without it.", data: { orders: 2, recurring_orders: 1 } });

    const kept = (await inDb(() => Order.find({ tenantId, orderNumber: { $in: ['1001', '1002'] } }).lean())) as unknown as Record<string, unknown>[];
    expect(kept).toHaveLength(2);
    for (const o of kept) {
      expect(o).toMatchObject({ customerName: 'Deleted customer', contact: { firstName: 'Deleted', lastName: 'customer', email: '', telephone: '' }, customerSlug: null, note: '' });
      expect(o.subtotalCents).toBe(3998);
      expect((o.items as unknown[]).length).toBe(1);
      expect(JSON.stringify(o)).not.toMatch(/Mia|Cole|mia@gdpr|5035550170|Oak St|Salem|97301|blue gate/);
    }
    expect(kept.find((o) => o.orderNumber === '1001')).toMatchObject({ totalCents: 4499, address: { address: '', city: '', zip: '', state: 'OR', country: 'US' } });
    const nat = (await inDb(() => Order.findOne({ tenantId, orderNumber: '1003' }).lean())) as unknown as { contact: { email: string } };
    expect(nat.contact.email).toBe('nat@gdpr.test');
    const recurring = (await inDb(() => RecurringOrder.findOne({ tenantId, firstOrderNumber: '1001' }).lean())) as unknown as Record<string, unknown>;
    expect(recurring).toMatchObject({ status: 'cancelled', customerSlug: 'erased-customer', address: null, contact: { email: '', telephone: '' }, changes: [] });

    // The order lists: found by number as 'Deleted customer', no longer by her e-mail, phone or name.
    const search = async (q: string) => (await call('GET', `admin/orders/all?search=${encodeURIComponent(q)}`, owner)).json();
    expect((await search('1001')).data).toEqual([expect.objectContaining({ order_number: '1001', customer_name: 'Deleted customer', total: '44.99' })]);
    for (const q of ['mia@gdpr.test', '5035550170', 'cole']) expect((await search(q)).total).toBe(0);
    const csv = (await call('GET', 'admin/orders/csv?order_filters=all', owner)).body;
    expect(csv).toContain('1003');
    expect(csv).not.toMatch(/mia@gdpr|Mia Cole|5035550170/);

    expect(await labelNames()).toEqual(['Deleted customer']);

    // The customer lists and the account: gone.
    expect((await call('GET', 'admin/customers/totalAccounts', owner)).json()).toEqual({ total: before.total - 1, marketing: before.marketing - 1 });
    expect((await call('GET', 'admin/customers?search=mia', owner)).json().total).toBe(0);
    expect((await call('GET', 'subscribers', owner)).json().data.map((c: { id: string }) => c.id)).toEqual(['nat-ray-1b2c']);
    expect((await call('POST', 'admin/customer/mia-cole-7f3a', owner)).statusCode).toBe(404);
    expect((await call('POST', 'login', undefined, 'gdpr-a', { email: 'mia@gdpr.test', password: PASSWORD })).statusCode).toBe(422);
    expect((await call('GET', 'orders', mia)).statusCode).toBe(401);
    expect((await call('POST', 'admin/customer/mia-cole-7f3a/delete', owner)).statusCode).toBe(404);
    // The other store's Mia keeps her account.
    expect((await call('GET', 'admin/customer/mia-cole-7f3a/export', otherOwner, 'gdpr-b')).statusCode).toBe(200);

    // The accounts-closed job names her by slug, id and an e-mail hash; the catalogue's part forgets her asks, signed in or as a guest.
    const jobs = (await harness.resources.queues.accountsClosed.getJobs(['waiting', 'delayed', 'active', 'completed'])).filter((j) => j.data.tenantId === tenantId);
    expect(jobs.map((j) => j.data)).toEqual([{ tenantId, customerSlug: 'mia-cole-7f3a', customerId: expect.any(String), emailHash: closedAccountEmailHash('mia@gdpr.test') }]);
    await forgetClosedAccountAsks({ redis: harness.resources.redis, queuePrefix: harness.resources.queuePrefix })(jobs[0]);
    const asks = (await inDb(() => BackInStockAsk.find({ tenantId }).lean())) as unknown as { email: string }[];
    expect(asks.map((a) => a.email)).toEqual(['nat@gdpr.test']);
  });
});
