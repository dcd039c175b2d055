import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from '@platform/cart';
import { Customer, hashPassword, identityService } from '@platform/identity';
import { StoreProfile } from '@platform/tenant-settings';
import { AR_NOT_OFFERED } from '@platform/domain';
import { ordersService } from '../index';
import { arCustomersKey } from './customer-index';
import { forgetClosedAccountArAccount } from './service';

/**
 * A customer who deletes their account, or whom the store erases (docs/CUSTOMER-PRIVACY.md), leaves the AR account
 * they were on through the accounts-closed job: the account no longer lists them, its charges and payments stay, and
 * an account opened later with their e-mail is on no account.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
const tenants: Record<string, string> = {};
const tokens: Record<string, string> = {};
const PASSWORD = 'Shingle-Roof-42';
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>, store = 'arz-a') => harness.app.inject({
  method, url: `/api/${url}`, headers: { 'business-slug': store, 'store-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}),
});
const owner = (store = 'arz-a') => tokens[`owner-${store}`];
const account = async (id: string, store = 'arz-a') => {
  const answer = await call('GET', `admin/ar-accounts/${id}`, owner(store), undefined, store);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { customers: { id: string; name: string; email: string }[]; customer_count: number; charges: { order_number: string; amount: string }[]; balance: string };
};
const listed = async (id: string, store = 'arz-a') => ((await call('GET', 'admin/ar-accounts', owner(store), undefined, store)).json().data as { id: string; customer_count: number }[]).find((a) => a.id === id);
const login = async (email: string) => {
  const answer = await call('POST', 'login', '', { email, password: PASSWORD });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().access_token as string;
};
/** The accounts-closed jobs the deletion queued for the customer, each handed to the orders' part as the worker does. */
async function runClosedJobs(slug: string, store = 'arz-a') {
  const jobs = (await harness.resources.queues.accountsClosed.getJobs(['waiting', 'delayed', 'active', 'completed']))
    .filter((j) => j.data.tenantId === tenants[store] && j.data.customerSlug === slug);
  expect(jobs).toHaveLength(1);
  await forgetClosedAccountArAccount({ resources: harness.resources })(jobs[0]);
  return jobs[0];
}
const indexed = (slug: string, store = 'arz-a') => harness.resources.redis.hget(arCustomersKey({ resources: harness.resources }, tenants[store]), slug);

async function openAccount(number: string, customers: string[], store = 'arz-a') {
  const created = await call('POST', 'admin/ar-accounts', owner(store), { number, name: `${number} Trades`, credit_limit: '900.00' }, store);
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as string;
  for (const customerId of customers) {
    const assigned = await call('POST', 'admin/orders/assign-ar-account', owner(store), { customerId, accountId: id }, store);
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  harness = await createTestApp([identityService, cartService, ordersService], 'ar-closed-account');
  const passwordHash = await hashPassword(PASSWORD);
  for (const store of ['arz-a', 'arz-b']) {
    const tenantId = (await createTenant(store)).id;
    tenants[store] = tenantId;
    await createCatalogueFixture(tenantId, store);
    await StoreProfile.create({ tenantId, payment: { payment_provider: null, payment_charge_account: true } });
    tokens[`owner-${store}`] = await issueToken(tenantId, { isAdmin: true, slug: `owner-${store}` });
    for (const [i, [slug, first, last]] of [['rae-roofer-1a2b', 'Rae', 'Roofer'], ['sol-glazier-3c4d', 'Sol', 'Glazier'], ['ivo-tiler-5e6f', 'Ivo', 'Tiler']].entries()) {
      await Customer.create({ tenantId, slug, email: `${first.toLowerCase()}@trades.test`, telephone: `50355503${i}${store.length}`, firstName: first, lastName: last, passwordHash });
    }
  }
});
afterAll(async () => { await harness?.close(); });

describe('a deleted or erased customer leaves their AR account', () => {
  it("the shopper's own deletion: the account no longer lists them and keeps its charges; a new account with their e-mail is on no account", async () => {
    const rae = await login('rae@trades.test');
    const id = await openAccount('RR-1', ['rae-roofer-1a2b', 'ivo-tiler-5e6f']);
    const otherStore = await openAccount('RB-1', ['rae-roofer-1a2b'], 'arz-b');
    expect((await call('GET', 'customer/ar-account', rae)).json().data).toMatchObject({ id, number: 'RR-1' });
    // An order charged to the account at checkout: the ledger keeps it after she is gone.
    await call('POST', 'add-to-cart', rae, { store_product_id: 21, quantity: 1 });
    const placed = await call('POST', 'customer/orders/submit', rae, {
      order_type: 0, first_name: 'Rae', last_name: 'Roofer', email: 'rae@trades.test', telephone: '5035550305', payment_method: 'ar_account',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderNumber = placed.json().order.order_number as string;
    const before = await account(id);
    expect(before.charges.map((c) => c.order_number)).toEqual([orderNumber]);

    expect((await call('POST', 'customer/delete', rae, { password: PASSWORD })).statusCode).toBe(200);
    await runClosedJobs('rae-roofer-1a2b');

    // The AR account screen: Ivo only, the charge and balance as they were.
    const after = await account(id);
    expect(after.customers.map((c) => c.id)).toEqual(['ivo-tiler-5e6f']);
    expect(after.customer_count).toBe(1);
    expect(JSON.stringify(after.customers)).not.toMatch(/Rae|rae@trades/);
    expect(after.charges).toEqual(before.charges);
    expect(after.balance).toBe(before.balance);
    expect((await listed(id))?.customer_count).toBe(1);
    expect(await indexed('rae-roofer-1a2b')).toBeNull();
    expect(await indexed('ivo-tiler-5e6f')).toBe(id);
    // The other store's customer of the same id keeps her account there.
    expect((await account(otherStore, 'arz-b')).customers.map((c) => c.id)).toEqual(['rae-roofer-1a2b']);

    // She registers again with the same e-mail: the payment step offers no account, and a charge to one is refused.
    const signup = await call('POST', 'signup', '', { first_name: 'Rae', last_name: 'Roofer', telephone: '5035550305', email: 'rae@trades.test', password: PASSWORD, c_password: PASSWORD });
    expect(signup.statusCode, signup.body).toBe(200);
    const again = await login('rae@trades.test');
    const shown = await call('GET', 'customer/ar-account', again);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toBeNull();
    const refused = await call('POST', 'customer/orders/submit', again, {
      order_type: 0, first_name: 'Rae', last_name: 'Roofer', email: 'rae@trades.test', telephone: '5035550305', payment_method: 'ar_account',
    });
    expect(refused.json().message).toBe(AR_NOT_OFFERED);

    // A retried job changes nothing more.
    await forgetClosedAccountArAccount({ resources: harness.resources })({ data: { tenantId: tenants['arz-a'], customerSlug: 'rae-roofer-1a2b' } });
    expect(await account(id)).toEqual(after);
  });

  it("the store's erasure of a customer takes them off the account the same way, and no one else", async () => {
    const id = await openAccount('SG-1', ['sol-glazier-3c4d']);
    expect(await indexed('sol-glazier-3c4d')).toBe(id);
    const erased = await call('POST', 'admin/customer/sol-glazier-3c4d/delete', owner());
    expect(erased.statusCode, erased.body).toBe(200);
    await runClosedJobs('sol-glazier-3c4d');
    const after = await account(id);
    expect(after.customers).toEqual([]);
    expect(after.customer_count).toBe(0);
    expect(await indexed('sol-glazier-3c4d')).toBeNull();
    expect((await listed(id))?.customer_count).toBe(0);
    // Ivo, on another account, stays on it.
    expect(await indexed('ivo-tiler-5e6f')).not.toBeNull();
  });
});
