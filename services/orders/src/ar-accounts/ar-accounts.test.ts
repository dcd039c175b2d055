import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from '@platform/cart';
import { Customer, identityService } from '@platform/identity';
import { inBackground } from '@platform/db';
import { Order, ordersService } from '../index';
import { ArAccountModel } from './models';

/** The test reads the database itself (not a request path): it may query by any field. */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let owner = '';
let clerk = '';
let bookkeeper = '';
let otherOwner = '';
const headers = (token?: string, slug = 'ar-a') => ({ 'business-slug': slug, 'store-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, token = owner, slug = 'ar-a') =>
  harness.app.inject({ method, url: `/api/${url}`, headers: headers(token, slug), ...(payload ? { payload } : {}) });
const stored = async (id: string) => (await inDb(() => Order.findOne({ tenantId, _id: id }).lean())) as unknown as {
  payment: { method: string; status: string }; arAccount: { id: string; number: string } | null; history: { note: string; by: string }[];
};
const account = async (id: string) => (await call('GET', `admin/ar-accounts/${id}`)).json().data;

/** A pickup order paid at the store (a guest's, or a signed-in shopper's with their token); its id and number. */
async function placeOrder(device: string, quantity: number, shopper?: string): Promise<{ id: string; number: string; total: string }> {
  const auth = headers(shopper);
  await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: auth, payload: { store_product_id: 21, quantity, ...(shopper ? {} : { device_id: device }) } });
  const placed = await harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: auth, payload: {
    ...(shopper ? {} : { device_id: device }), order_type: 0, first_name: 'Pat', last_name: 'Builder', email: `${device.toLowerCase()}@example.com`, telephone: '5035550142', payment_method: 'pay_at_store',
  } });
  expect(placed.statusCode, placed.body).toBe(200);
  const number = placed.json().order.order_number as string;
  const order = (await inDb(() => Order.findOne({ tenantId, orderNumber: number }).lean())) as unknown as { _id: unknown };
  return { id: String(order._id), number, total: placed.json().order.total };
}

async function openAccount(body: Record<string, unknown>) {
  const created = await call('POST', 'admin/ar-accounts', body);
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data as { id: string; number: string };
}

beforeAll(async () => {
  harness = await createTestApp([identityService, cartService, ordersService], 'ar-accounts');
  tenantId = (await createTenant('ar-a')).id;
  const other = (await createTenant('ar-b')).id;
  await createCatalogueFixture(tenantId, 'ar-a');
  owner = await issueToken(tenantId, { isAdmin: true, slug: 'the-owner' });
  clerk = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'clerk', permissions: ['edit_products'] });
  bookkeeper = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'bookkeeper', permissions: ['manage_ar_accounts'] });
  otherOwner = await issueToken(other, { isAdmin: true, slug: 'other-owner' });
  await Customer.create({ tenantId, slug: 'pat-builder', email: 'pat@builders.test', telephone: '5035550171', firstName: 'Pat', lastName: 'Builder', passwordHash: 'x' });
  await Customer.create({ tenantId, slug: 'sam-roofer', email: 'sam@roofers.test', firstName: 'Sam', lastName: 'Roofer', passwordHash: 'x' });
});
afterAll(async () => { await harness?.close(); });

describe('AR accounts: the settings screen calls', () => {
  it('opens, lists, changes and deletes accounts; each bad field is named and nothing is saved', async () => {
    const bad = await call('POST', 'admin/ar-accounts', { number: 'no spaces!', name: ' ', credit_limit: '-5', contact_email: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['contact_email', 'credit_limit', 'name', 'number']);
    expect(bad.json().errors.credit_limit).toEqual(['Enter a credit limit in dollars and cents above 0, e.g. 2500.00.']);

    const smith = await openAccount({ number: 'c-100', name: 'Carter Fencing', contact_name: 'Jo Carter', contact_phone: '(503) 555-0100', credit_limit: '$1,500' });
    expect(smith).toMatchObject({ number: 'C-100', name: 'Carter Fencing', contact_phone: '5035550100', credit_limit: '1500.00', balance: '0.00', available: '1500.00', status: 'active', status_label: 'Active' });
    const taken = await call('POST', 'admin/ar-accounts', { number: 'C-100', name: 'Another', credit_limit: '10' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ number: ['Another account already has this number.'] });

    const changed = await call('POST', `admin/ar-accounts/${smith.id}`, { number: 'C-100', name: 'Carter Fencing Ltd', credit_limit: '2000', status: 'on_hold' });
    expect(changed.json()).toMatchObject({ message: 'Account C-100 saved. It is on hold: it takes no new charges.', data: { name: 'Carter Fencing Ltd', credit_limit: '2000.00', status: 'on_hold', status_label: 'On hold' } });
    const list = (await call('GET', 'admin/ar-accounts')).json().data;
    expect(list.map((a: { number: string }) => a.number)).toContain('C-100');

    expect((await call('DELETE', `admin/ar-accounts/${smith.id}`)).json().message).toBe('Account C-100 (Carter Fencing Ltd) deleted.');
    expect((await call('GET', `admin/ar-accounts/${smith.id}`)).statusCode).toBe(404);
  });

  it('is for the owner and staff with manage_ar_accounts: others are refused (403) and change nothing', async () => {
    const before = await inDb(() => ArAccountModel.countDocuments({ tenantId }));
    const calls = [
      ['GET', 'admin/ar-accounts'], ['POST', 'admin/ar-accounts', { number: 'X-1', name: 'X', credit_limit: '5' }], ['GET', 'admin/orders/ar-account-search'],
      ['POST', 'admin/orders/assign-ar-account', { accountId: '64b7f0c2a1b2c3d4e5f60720', customerId: 'pat-builder' }],
    ] as const;
    for (const [method, url, body] of calls) {
      const refused = await call(method, url, body, clerk);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('You do not have permission to do this. Ask the store owner for access.');
    }
    expect((await call('GET', 'admin/ar-accounts', undefined, bookkeeper)).statusCode).toBe(200);
    expect(await inDb(() => ArAccountModel.countDocuments({ tenantId }))).toBe(before);
  });

  it('finds accounts by the start of their number or of the words of their name', async () => {
    await openAccount({ number: 'S-200', name: 'Summit Roofing', credit_limit: '500' });
    await openAccount({ number: 'S-201', name: 'Riverside Landscapes', credit_limit: '500' });
    const find = async (search: string) => (await call('GET', `admin/orders/ar-account-search?search=${encodeURIComponent(search)}`)).json().data.map((a: { number: string }) => a.number);
    expect(await find('s-20')).toEqual(['S-200', 'S-201']);
    expect(await find('roof')).toEqual(['S-200']);
    expect(await find('river land')).toEqual(['S-201']);
    expect(await find('nothing like it')).toEqual([]);
  });
});

describe('charging an order to an account', () => {
  it("makes what is left to pay the account's; refuses over the limit (422, nothing changes), on hold, twice; follows a cancelled line", async () => {
    const acct = await openAccount({ number: 'B-300', name: 'Bay Builders', credit_limit: '100.00' });
    const small = await placeOrder('ArSmall001', 2);
    const big = await placeOrder('ArBigOne01', 20);
    const limit = await call('POST', 'admin/orders/assign-ar-account', { orderId: big.id, accountId: acct.id });
    expect(limit.statusCode).toBe(422);
    expect(limit.json().message).toMatch(new RegExp(`^This order \\(\\$${big.total.replace('.', '\\.')}\\) would take account B-300 to .*, over its credit limit of \\$100\\.00\\. \\$100\\.00 is available\\.$`));
    expect((await stored(big.id))).toMatchObject({ payment: { method: 'pay_at_store' }, arAccount: null });
    expect((await account(acct.id))).toMatchObject({ balance: '0.00', charges: [] });

    const charged = await call('POST', 'admin/orders/assign-ar-account', { orderId: small.id, accountId: acct.id });
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json()).toMatchObject({
      message: `Order ${small.number} ($${small.total}) is charged to account B-300 (Bay Builders).`,
      account: { balance: small.total, charge_count: 1, charges: [{ order_id: small.id, order_number: small.number, amount: small.total, by: 'the-owner' }] },
      order: { id: small.id, ar_account: { id: acct.id, number: 'B-300', name: 'Bay Builders' }, payment: { method: 'ar_account', label: 'Charged to account Bay Builders (B-300)', status: 'due' } },
    });
    expect((await stored(small.id)).history.at(-1)).toMatchObject({ by: 'the-owner', note: `Charged to AR account B-300 (Bay Builders): $${small.total}` });
    // The shopper's own copy of the order says so too.
    const shopper = (await harness.app.inject({ url: `/api/orders/order?order_number=${small.number}&device_id=ArSmall001`, headers: headers() })).json().data;
    expect(shopper.payment).toEqual({ method: 'ar_account', label: 'Charged to account Bay Builders (B-300)', status: 'due' });

    const again = await call('POST', 'admin/orders/assign-ar-account', { orderId: small.id, accountId: acct.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is charged to account B-300 (Bay Builders) already.');

    // One of the two units cancelled: the account is owed what is left; the whole order cancelled: nothing.
    expect((await call('POST', `admin/orders/cancelItem/${small.id}.0`, { qty: 1 })).statusCode).toBe(200);
    const half = await account(acct.id);
    expect(Number(half.balance)).toBeCloseTo(Number(small.total) / 2, 1);
    expect((await call('POST', 'admin/orders/cancel', { id: small.id, reason: 'Not needed' })).statusCode).toBe(200);
    expect(await account(acct.id)).toMatchObject({ balance: '0.00', charges: [{ order_number: small.number, amount: '0.00' }] });

    await call('POST', `admin/ar-accounts/${acct.id}`, { number: 'B-300', name: 'Bay Builders', credit_limit: '100.00', status: 'on_hold' });
    const third = await placeOrder('ArThird001', 1);
    const held = await call('POST', 'admin/orders/assign-ar-account', { orderId: third.id, accountId: acct.id });
    expect(held.statusCode).toBe(422);
    expect(held.json().message).toBe('Account B-300 (Bay Builders) is on hold: it takes no new charges or customers.');
    expect((await stored(third.id)).arAccount).toBeNull();
    // Cannot delete an account with history; on hold instead.
    expect((await call('DELETE', `admin/ar-accounts/${acct.id}`)).statusCode).toBe(409);
  });

  it('refuses a card-paid order and a request naming both or neither', async () => {
    const acct = await openAccount({ number: 'D-400', name: 'Delta Decks', credit_limit: '5000' });
    const order = await placeOrder('ArCard0001', 1);
    await inDb(() => Order.updateOne({ tenantId, _id: order.id }, { $set: { 'payment.method': 'card', 'payment.status': 'paid' } }));
    const card = await call('POST', 'admin/orders/assign-ar-account', { orderId: order.id, accountId: acct.id });
    expect(card.statusCode).toBe(422);
    expect(card.json().message).toBe('This order is paid by card: there is nothing due at the store to charge.');
    for (const body of [{ accountId: acct.id }, { accountId: acct.id, orderId: order.id, customerId: 'pat-builder' }]) {
      const both = await call('POST', 'admin/orders/assign-ar-account', body);
      expect(both.statusCode).toBe(422);
      expect(both.json().message).toBe('Choose an order or a customer to assign (one of them).');
    }
    expect((await call('POST', 'admin/orders/assign-ar-account', { orderId: '64b7f0c2a1b2c3d4e5f60720', accountId: acct.id })).statusCode).toBe(404);
    expect((await call('POST', 'admin/orders/assign-ar-account', { orderId: order.id, accountId: '64b7f0c2a1b2c3d4e5f60720' })).statusCode).toBe(404);
  });
});

describe('customers and payments', () => {
  it("puts a customer on one account; their order's search shows it first; payments lower the balance, never below 0", async () => {
    const acct = await openAccount({ number: 'E-500', name: 'Evergreen Gardens', credit_limit: '1000' });
    const other = await openAccount({ number: 'E-501', name: 'Elm Street Homes', credit_limit: '1000' });
    const joined = await call('POST', 'admin/orders/assign-ar-account', { customerId: 'pat-builder', accountId: acct.id });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ message: 'Pat Builder is on account E-500 (Evergreen Gardens): their orders can be charged to it.', order: null, account: { customer_count: 1, customers: [{ id: 'pat-builder', name: 'Pat Builder', email: 'pat@builders.test' }] } });
    const twice = await call('POST', 'admin/orders/assign-ar-account', { customerId: 'pat-builder', accountId: other.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Pat Builder is on account E-500 (Evergreen Gardens): remove them there first.');
    expect((await call('POST', 'admin/orders/assign-ar-account', { customerId: 'nobody', accountId: acct.id })).statusCode).toBe(404);

    const pat = await issueToken(tenantId, { slug: 'pat-builder' });
    const order = await placeOrder('ArPat00001', 3, pat);
    const hits = (await call('GET', `admin/orders/ar-account-search?order_id=${order.id}`)).json().data;
    expect(hits[0]).toMatchObject({ number: 'E-500', customer_account: true });
    expect(hits.filter((h: { customer_account: boolean }) => h.customer_account)).toHaveLength(1);
    expect((await call('POST', 'admin/orders/assign-ar-account', { orderId: order.id, accountId: acct.id })).statusCode).toBe(200);

    const owed = (await account(acct.id)).balance as string;
    const tooMuch = await call('POST', `admin/ar-accounts/${acct.id}/payments`, { amount: '5000' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([`This is more than the account owes ($${owed}).`]);
    const paid = await call('POST', `admin/ar-accounts/${acct.id}/payments`, { amount: '10', note: 'Cheque 1041' }, bookkeeper);
    expect(paid.statusCode).toBe(200);
    const left = (Number(owed) - 10).toFixed(2);
    expect(paid.json()).toMatchObject({ message: `$10.00 recorded from account E-500. It now owes $${left}.`, data: { balance: left, payments: [{ amount: '10.00', note: 'Cheque 1041', by: 'bookkeeper' }] } });

    const removed = await call('POST', `admin/ar-accounts/${acct.id}/customers/remove`, { customer_id: 'pat-builder' });
    expect(removed.json().data).toMatchObject({ customers: [], charge_count: 1, balance: left });
    expect((await call('POST', 'admin/orders/assign-ar-account', { customerId: 'pat-builder', accountId: other.id })).statusCode).toBe(200);
  });
});

describe("another store's accounts and orders", () => {
  it('are not found (404) and stay as they were', async () => {
    const acct = await openAccount({ number: 'F-600', name: 'Fir Farms', credit_limit: '900' });
    const order = await placeOrder('ArOther001', 1);
    const asOther = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: Record<string, unknown>) => call(method, url, body, otherOwner, 'ar-b');
    expect((await asOther('GET', `admin/ar-accounts/${acct.id}`)).statusCode).toBe(404);
    expect((await asOther('POST', `admin/ar-accounts/${acct.id}`, { number: 'F-600', name: 'Mine now', credit_limit: '1' })).statusCode).toBe(404);
    expect((await asOther('POST', `admin/ar-accounts/${acct.id}/payments`, { amount: '1' })).statusCode).toBe(404);
    expect((await asOther('DELETE', `admin/ar-accounts/${acct.id}`)).statusCode).toBe(404);
    expect((await asOther('GET', 'admin/ar-accounts')).json().data).toEqual([]);
    expect((await asOther('GET', 'admin/orders/ar-account-search?search=F-600')).json().data).toEqual([]);
    expect((await asOther('POST', 'admin/orders/assign-ar-account', { orderId: order.id, accountId: acct.id })).statusCode).toBe(404);
    const theirs = (await asOther('POST', 'admin/ar-accounts', { number: 'T-1', name: 'Theirs', credit_limit: '10' })).json().data;
    expect((await call('POST', 'admin/orders/assign-ar-account', { orderId: order.id, accountId: theirs.id })).statusCode).toBe(404);
    expect((await account(acct.id))).toMatchObject({ name: 'Fir Farms', balance: '0.00' });
    expect((await stored(order.id)).arAccount).toBeNull();
  });
});
