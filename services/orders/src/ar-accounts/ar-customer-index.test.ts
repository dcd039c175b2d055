import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { cartService } from '@platform/cart';
import { Customer, identityService } from '@platform/identity';
import { StoreProfile } from '@platform/tenant-settings';
import { mongoose } from '@platform/db';
import { AR_NOT_OFFERED } from '@platform/domain';
import { ordersService } from '../index';
import { arCustomersKey, buildArCustomerIndexes } from './customer-index';

/**
 * The shopper's payment step finds their AR account through Redis (which account each customer is on) and reads it
 * by `_id` (docs/DATA-ACCESS.md): it follows every change of an account's customers, keeps stores apart, and
 * answers the same after Redis lost the index (rebuilt from the database at start or on first use).
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
const tenants: Record<string, string> = {};
const tokens: Record<string, string> = {};
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, store = 'arx-a', payload?: Record<string, unknown>) => harness.app.inject({
  method, url: `/api/${url}`, headers: { 'business-slug': store, 'store-id': '1', authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}),
});
const owner = (store: string) => tokens[`owner-${store}`];
const shopper = (slug: string, store = 'arx-a') => tokens[`${slug}-${store}`];
/** What the payment step shows the shopper: their account's number, or null. */
const seen = async (slug: string, store = 'arx-a') => {
  const answer = await call('GET', 'customer/ar-account', shopper(slug, store), store);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().data as { number: string } | null)?.number ?? null;
};
/** Submitting with 'Charge to account' with an empty cart: 422 'not available' before anything else when the shopper is on no account. */
const refusedAsNotOffered = async (slug: string, store = 'arx-a') => {
  const answer = await call('POST', 'customer/orders/submit', shopper(slug, store), store, {
    order_type: 0, first_name: 'Rae', last_name: 'Trade', email: `${slug}@example.com`, telephone: '5035550177', payment_method: 'ar_account',
  });
  return answer.json().message === AR_NOT_OFFERED;
};

async function openAccount(store: string, number: string, customers: string[]) {
  const created = await call('POST', 'admin/ar-accounts', owner(store), store, { number, name: `${number} Trades`, credit_limit: '900.00' });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as string;
  for (const customerId of customers) await assign(store, id, customerId);
  return id;
}
async function assign(store: string, accountId: string, customerId: string) {
  const answer = await call('POST', 'admin/orders/assign-ar-account', owner(store), store, { customerId, accountId });
  expect(answer.statusCode, answer.body).toBe(200);
}
async function remove(store: string, accountId: string, customerId: string) {
  const answer = await call('POST', `admin/ar-accounts/${accountId}/customers/remove`, owner(store), store, { customer_id: customerId });
  expect(answer.statusCode, answer.body).toBe(200);
}
/** Redis loses the index of every store. */
const loseIndex = () => harness.resources.redis.del(...Object.values(tenants).map((t) => arCustomersKey({ resources: harness.resources }, t)));

beforeAll(async () => {
  harness = await createTestApp([identityService, cartService, ordersService], 'ar-customer-index');
  for (const store of ['arx-a', 'arx-b']) {
    const tenantId = (await createTenant(store)).id;
    tenants[store] = tenantId;
    await StoreProfile.create({ tenantId, payment: { payment_provider: null, payment_charge_account: true } });
    tokens[`owner-${store}`] = await issueToken(tenantId, { isAdmin: true, slug: `owner-${store}` });
    for (const [i, slug] of ['rae-roofer', 'sol-glazier', 'taj-tiler'].entries()) {
      await Customer.create({ tenantId, slug, email: `${slug}@${store}.test`, telephone: `50355502${i}${store.length}`, firstName: slug.split('-')[0], lastName: 'Trade', passwordHash: 'x' });
      tokens[`${slug}-${store}`] = await issueToken(tenantId, { slug });
    }
  }
});
afterAll(async () => { await harness?.close(); });

describe("the shopper's AR account at the payment step", () => {
  it('is seen once the customer is assigned, not once removed, and follows a move to another account or a deleted account', async () => {
    expect(await seen('rae-roofer')).toBeNull();
    const first = await openAccount('arx-a', 'RA-1', ['rae-roofer']);
    expect(await seen('rae-roofer')).toBe('RA-1');
    expect(await refusedAsNotOffered('rae-roofer')).toBe(false);

    await remove('arx-a', first, 'rae-roofer');
    expect(await seen('rae-roofer')).toBeNull();
    expect(await refusedAsNotOffered('rae-roofer')).toBe(true);

    const second = await openAccount('arx-a', 'RA-2', ['rae-roofer']);
    expect(await seen('rae-roofer')).toBe('RA-2');
    // On hold: still their account (the payment step says why it takes no charge).
    await call('POST', `admin/ar-accounts/${second}`, owner('arx-a'), 'arx-a', { number: 'RA-2', name: 'RA-2 Trades', credit_limit: '900.00', status: 'on_hold' });
    expect((await call('GET', 'customer/ar-account', shopper('rae-roofer'), 'arx-a')).json().data).toMatchObject({ number: 'RA-2', status: 'on_hold' });
    expect((await call('DELETE', `admin/ar-accounts/${second}`, owner('arx-a'), 'arx-a')).statusCode).toBe(200);
    expect(await seen('rae-roofer')).toBeNull();
    expect(await refusedAsNotOffered('rae-roofer')).toBe(true);
  });

  it("never shows another store's assignment of a customer with the same id", async () => {
    await openAccount('arx-b', 'SB-1', ['sol-glazier']);
    expect(await seen('sol-glazier', 'arx-b')).toBe('SB-1');
    expect(await seen('sol-glazier', 'arx-a')).toBeNull();
    expect(await refusedAsNotOffered('sol-glazier', 'arx-a')).toBe(true);
    await openAccount('arx-a', 'SA-1', ['sol-glazier']);
    expect(await seen('sol-glazier', 'arx-a')).toBe('SA-1');
    expect(await seen('sol-glazier', 'arx-b')).toBe('SB-1');
  });

  it('answers the same after Redis lost the index: rebuilt at start, or on the first payment step', async () => {
    const taj = await openAccount('arx-a', 'TA-1', ['taj-tiler']);
    await remove('arx-a', taj, 'taj-tiler');
    await assign('arx-a', taj, 'taj-tiler');
    await openAccount('arx-b', 'TB-1', []);
    const expected = { a: { rae: null, sol: 'SA-1', taj: 'TA-1' }, b: { rae: null, sol: 'SB-1', taj: null } };
    const everyone = async () => ({
      a: { rae: await seen('rae-roofer'), sol: await seen('sol-glazier'), taj: await seen('taj-tiler') },
      b: { rae: await seen('rae-roofer', 'arx-b'), sol: await seen('sol-glazier', 'arx-b'), taj: await seen('taj-tiler', 'arx-b') },
    });
    expect(await everyone()).toEqual(expected);

    // A restart finds the index missing and builds it from the database before any shopper asks.
    await loseIndex();
    await buildArCustomerIndexes({ resources: harness.resources });
    expect(await harness.resources.redis.hget(arCustomersKey({ resources: harness.resources }, tenants['arx-a']), 'taj-tiler')).toBe(taj);
    expect(await everyone()).toEqual(expected);

    // Lost while running: the first payment step rebuilds it.
    await loseIndex();
    expect(await everyone()).toEqual(expected);
    // And changes after the rebuild are followed as before.
    await remove('arx-a', taj, 'taj-tiler');
    expect(await seen('taj-tiler')).toBeNull();
  });

  it('reads the account by _id only (never the store\'s accounts)', async () => {
    const filters: unknown[] = [];
    mongoose.set('debug', (collection: string, method: string, filter: unknown) => { if (collection === 'araccounts') filters.push({ method, filter }); });
    try {
      expect(await seen('sol-glazier')).toBe('SA-1');
      expect(await refusedAsNotOffered('sol-glazier')).toBe(false);
    } finally {
      mongoose.set('debug', false);
    }
    expect(filters.length).toBeGreaterThan(0);
    for (const f of filters as { method: string; filter: Record<string, unknown> }[]) {
      expect(f.method).toBe('findOne');
      expect(Object.keys(f.filter)).toEqual(['_id']);
    }
  });
});
