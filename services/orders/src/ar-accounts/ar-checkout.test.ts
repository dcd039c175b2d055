import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from '@platform/cart';
import { Customer, identityService } from '@platform/identity';
import { StoreProfile } from '@platform/tenant-settings';
import { AR_NOT_OFFERED, AR_NOT_RECURRING, AR_OVER_CREDIT_LIMIT } from '@platform/domain';
import { ordersService } from '../index';
import { recoverAbandonedCheckouts } from '../checkout';
import { releaseCredit, takeCredit } from './credit';

/** 'Charge to account' at checkout: a signed-in shopper on an AR account charges the order to it (docs/PAYMENTS.md). */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantA = '';
const tokens: Record<string, string> = {};
const headers = (token?: string, slug = 'arc-a') => ({ 'business-slug': slug, 'store-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, token = tokens.owner, slug = 'arc-a') =>
  harness.app.inject({ method, url: `/api/${url}`, headers: headers(token, slug), ...(payload ? { payload } : {}) });

/** Adds `quantity` hammers (store product 21; 0: the cart as it is) to the shopper's cart (a guest's: token '') and submits it. */
async function checkout(token: string, quantity: number, payment_method = 'ar_account', extra: Record<string, unknown> = {}, slug = 'arc-a', device = 'ArcGuest01') {
  if (quantity) await call('POST', 'add-to-cart', { store_product_id: 21, quantity, ...(token ? {} : { device_id: device }) }, token, slug);
  return call('POST', 'customer/orders/submit', {
    ...(token ? {} : { device_id: device }), order_type: 0, first_name: 'Kim', last_name: 'Contractor', email: 'kim@contracting.test', telephone: '5035550188', payment_method, ...extra,
  }, token, slug);
}
const account = async (id: string, slug = 'arc-a', token = tokens.owner) => (await call('GET', `admin/ar-accounts/${id}`, undefined, token, slug)).json().data;
const ownAccount = async (token: string, slug = 'arc-a') => (await call('GET', 'customer/ar-account', undefined, token, slug)).json().data;
const orderCount = async (token: string) => (await call('GET', 'orders?page=1&limit=50', undefined, token)).json().total as number;

async function openAccount(number: string, name: string, creditLimit: string, customers: string[], slug = 'arc-a', token = tokens.owner) {
  const created = await call('POST', 'admin/ar-accounts', { number, name, credit_limit: creditLimit }, token, slug);
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as string;
  for (const customerId of customers) expect((await call('POST', 'admin/orders/assign-ar-account', { customerId, accountId: id }, token, slug)).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  harness = await createTestApp([identityService, cartService, ordersService], 'ar-checkout');
  const a = (await createTenant('arc-a')).id;
  tenantA = a;
  const b = (await createTenant('arc-b')).id;
  const c = (await createTenant('arc-c')).id;
  await createCatalogueFixture(a, 'arc-a');
  await createCatalogueFixture(b, 'arc-b');
  await createCatalogueFixture(c, 'arc-c');
  // Stores A and B offer 'Charge to account'; store C does not (the default).
  await StoreProfile.create({ tenantId: a, payment: { payment_provider: null, payment_charge_account: true } });
  await StoreProfile.create({ tenantId: b, payment: { payment_provider: null, payment_charge_account: true } });
  for (const [tenantId, slug] of [[a, 'arc-a'], [b, 'arc-b'], [c, 'arc-c']]) {
    tokens[`owner-${slug}`] = await issueToken(tenantId, { isAdmin: true, slug: `owner-${slug}` });
    for (const [i, customer] of ['kim-contractor', 'lee-carpenter', 'max-mason', 'ona-painter', 'pia-plumber'].entries()) {
      await Customer.create({ tenantId, slug: customer, email: `${customer}@${slug}.test`, telephone: `50355501${i}${slug.length}`, firstName: customer.split('-')[0], lastName: 'Trade', passwordHash: 'x' });
      tokens[`${customer}-${slug}`] = await issueToken(tenantId, { slug: customer });
    }
  }
  tokens.owner = tokens['owner-arc-a'];
  tokens.clerk = await issueToken(a, { isAdmin: true, isSubAccount: true, slug: 'clerk', permissions: ['edit_products'] });
});
afterAll(async () => { await harness?.close(); });

describe('Charge to account at checkout', () => {
  it('is offered to a signed-in shopper on an account, where the store offers it; to nobody else', async () => {
    const id = await openAccount('K-100', 'Kim Contracting', '500.00', ['kim-contractor']);
    expect(await ownAccount(tokens['kim-contractor-arc-a'])).toEqual({ id, number: 'K-100', name: 'Kim Contracting', status: 'active', available: '500.00' });
    expect(await ownAccount(tokens['ona-painter-arc-a'])).toBeNull(); // on no account
    expect(await ownAccount(tokens.owner)).toBeNull(); // an admin
    expect((await call('GET', 'customer/ar-account', undefined, '')).json().data).toBeNull(); // a guest
    // Store C does not offer it: its shopper on its account is not offered it, and a submit is refused.
    await openAccount('C-1', 'Kim at C', '500.00', ['kim-contractor'], 'arc-c', tokens['owner-arc-c']);
    expect(await ownAccount(tokens['kim-contractor-arc-c'], 'arc-c')).toBeNull();
    const refused = await checkout(tokens['kim-contractor-arc-c'], 1, 'ar_account', {}, 'arc-c');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: AR_NOT_OFFERED, errors: { payment_method: [AR_NOT_OFFERED] } });
    // A guest, and a shopper on no account, are refused too.
    expect((await checkout('', 1)).json().message).toBe(AR_NOT_OFFERED);
    expect((await checkout(tokens['ona-painter-arc-a'], 1)).json().message).toBe(AR_NOT_OFFERED);
    expect(await orderCount(tokens['ona-painter-arc-a'])).toBe(0);
  });

  it("places the order on the account: its total on the balance, 'Charged to account' on every copy; cancelling credits the account back", async () => {
    const id = await openAccount('L-200', 'Lee Carpentry', '500.00', ['lee-carpenter']);
    const lee = tokens['lee-carpenter-arc-a'];
    const placed = await checkout(lee, 2);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    expect(order.payment).toEqual({ method: 'ar_account', label: 'Charged to account Lee Carpentry (L-200)', status: 'due' });
    expect(await account(id)).toMatchObject({ balance: order.total, charge_count: 1, charges: [{ order_number: order.order_number, amount: order.total, by: 'lee-carpenter' }] });
    expect(await ownAccount(lee)).toMatchObject({ available: (500 - Number(order.total)).toFixed(2) });
    // My Orders' copy and the admin's order detail say so too.
    const mine = (await call('GET', `orders/order?order_number=${order.order_number}`, undefined, lee)).json().data;
    expect(mine.payment.label).toBe('Charged to account Lee Carpentry (L-200)');
    const orderId = (await account(id)).charges[0].order_id as string;
    const admin = (await call('GET', `admin/orders/${orderId}`)).json().data;
    expect(admin).toMatchObject({ ar_account: { id, number: 'L-200', name: 'Lee Carpentry' }, payment: { method: 'ar_account', label: 'Charged to account Lee Carpentry (L-200)' } });
    // Reconciliation counts it on account, not due at the store (the store's only order so far).
    const day = String(order.placed_at).slice(0, 10);
    const recon = (await call('GET', `admin/orders/reconciliation?from_date=${day}&to_date=${day}&location_id=1`)).json();
    expect(recon.totals).toMatchObject({ orders: 1, on_account: order.total, due_at_store: '0.00', captured: '0.00', flagged: 0 });

    // One of the two hammers cancelled: the account is owed half; the order cancelled: nothing, and the credit is back.
    expect((await call('POST', `admin/orders/cancelItem/${orderId}.0`, { qty: 1 })).statusCode).toBe(200);
    expect(Number((await account(id)).balance)).toBeCloseTo(Number(order.total) / 2, 1);
    expect((await call('POST', 'admin/orders/cancel', { id: orderId, reason: 'Job postponed' })).statusCode).toBe(200);
    expect(await account(id)).toMatchObject({ balance: '0.00', charges: [{ order_number: order.order_number, amount: '0.00' }] });
    expect(await ownAccount(lee)).toMatchObject({ available: '500.00' });
  });

  it('refuses an order over the credit limit, an account on hold and a repeated order (422): nothing changes', async () => {
    const id = await openAccount('M-300', 'Max Masonry', '50.00', ['max-mason']);
    const max = tokens['max-mason-arc-a'];
    const over = await checkout(max, 3); // three hammers: about $60
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ message: AR_OVER_CREDIT_LIMIT, errors: { payment_method: [AR_OVER_CREDIT_LIMIT] } });
    expect(await account(id)).toMatchObject({ balance: '0.00', charges: [] });
    expect(await ownAccount(max)).toMatchObject({ available: '50.00' });
    expect(await orderCount(max)).toBe(0);
    // The same cart is placed once the owner raises the limit: nothing of the refusal stayed taken.
    await call('POST', `admin/ar-accounts/${id}`, { number: 'M-300', name: 'Max Masonry', credit_limit: '100.00' });
    const repeat = await checkout(max, 0, 'ar_account', { recurring: { frequency: 'weekly' } });
    expect(repeat.statusCode).toBe(422);
    expect(repeat.json()).toMatchObject({ message: AR_NOT_RECURRING, errors: { recurring: [AR_NOT_RECURRING] } });
    const placed = await checkout(max, 0);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await account(id)).toMatchObject({ balance: placed.json().order.total, charge_count: 1 });

    await call('POST', `admin/ar-accounts/${id}`, { number: 'M-300', name: 'Max Masonry', credit_limit: '1000.00', status: 'on_hold' });
    expect(await ownAccount(max)).toMatchObject({ status: 'on_hold' });
    const held = await checkout(max, 1);
    expect(held.statusCode).toBe(422);
    expect(held.json().message).toBe('Your account Max Masonry (M-300) is on hold: it takes no new orders. Please choose another way to pay, or call the store.');
    expect(await account(id)).toMatchObject({ balance: placed.json().order.total, charge_count: 1 });
    expect(await orderCount(max)).toBe(1);
  });

  it('places one of two orders at once that together pass the limit, and refuses the other', async () => {
    const id = await openAccount('P-400', 'Pia & Ona Trades', '100.00', ['pia-plumber', 'ona-painter']);
    const [pia, ona] = [tokens['pia-plumber-arc-a'], tokens['ona-painter-arc-a']];
    // Each cart: three hammers (about $60); two of them pass $100.
    await Promise.all([pia, ona].map((t) => call('POST', 'add-to-cart', { store_product_id: 21, quantity: 3 }, t)));
    const answers = await Promise.all([pia, ona].map((t) => checkout(t, 0)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const placed = answers.find((a) => a.statusCode === 200)!.json().order;
    expect(answers.find((a) => a.statusCode === 422)!.json().message).toBe(AR_OVER_CREDIT_LIMIT);
    expect(await account(id)).toMatchObject({ balance: placed.total, charge_count: 1, charges: [{ order_number: placed.order_number }] });
    expect((await orderCount(pia)) + (await orderCount(ona))).toBe(1);
  });

  it("is another store's business: its shoppers and admins neither see nor charge this store's account", async () => {
    const id = await openAccount('K-900', 'Kim Again', '500.00', []); // Kim of store A is on K-100 already
    // Store B's Kim (same customer slug) is on no account of store B.
    expect(await ownAccount(tokens['kim-contractor-arc-b'], 'arc-b')).toBeNull();
    const refused = await checkout(tokens['kim-contractor-arc-b'], 1, 'ar_account', {}, 'arc-b');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(AR_NOT_OFFERED);
    expect((await call('GET', `admin/ar-accounts/${id}`, undefined, tokens['owner-arc-b'], 'arc-b')).statusCode).toBe(404);
    expect(await account(id)).toMatchObject({ balance: '0.00', charges: [] });
    // Staff without manage_ar_accounts do not see the accounts.
    expect((await call('GET', `admin/ar-accounts/${id}`, undefined, tokens.clerk)).statusCode).toBe(403);
  });

  it('gives back a charge whose checkout stopped before its order was saved (the reconcile job)', async () => {
    const id = await openAccount('R-500', 'Reconcile Roofing', '100.00', []);
    const io = { resources: harness.app.resources };
    const ctx = { tenantId: tenantA } as never;
    const account = { id, creditLimitCents: 10_000 };
    expect((await takeCredit(ctx, io, account, 9_000, '64b7f0c2a1b2c3d4e5f60799')).ok).toBe(true); // no such order was ever saved
    expect(await takeCredit(ctx, io, account, 2_000, 'another-checkout')).toEqual({ ok: false, owedCents: 9_000 });
    const { released } = await recoverAbandonedCheckouts(io, tenantA, 0);
    expect(released).toBeGreaterThanOrEqual(1);
    expect(await takeCredit(ctx, io, account, 2_000, 'another-checkout')).toEqual({ ok: true, owedCents: 2_000 });
    await releaseCredit(ctx, io, 'another-checkout');
    expect((await call('GET', `admin/ar-accounts/${id}`)).json().data).toMatchObject({ balance: '0.00', available: '100.00' });
  });
});
