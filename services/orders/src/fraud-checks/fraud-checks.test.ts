import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from '@platform/cart';
import { forgetStoreProfile, StoreProfile } from '@platform/tenant-settings';
import { inBackground } from '@platform/db';
import { Order, ordersService } from '../index';

/** The test reads the database itself (not a request path): it may query by any field. */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let owner: string;
let otherOwner: string;
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'fraud-chk', 'store-id': '1', ...extra });
const asOwner = () => headers({ authorization: `Bearer ${owner}` });

/** A guest's pickup order of hammers (store product 21, $19.99 each; or another) paid with a Stripe test card, or at the store; its id. */
async function placeOrder(device: string, who: { first: string; last: string; email: string }, card: string | null, quantity = 1, storeProductId = 21): Promise<string> {
  await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(), payload: { store_product_id: storeProductId, quantity, device_id: device } });
  const placed = await harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: headers(), payload: {
    device_id: device, order_type: 0, first_name: who.first, last_name: who.last, email: who.email, telephone: '5035550142',
    ...(card ? { payment_method: 'card', payment_token: card } : { payment_method: 'pay_at_store' }),
  } });
  expect(placed.statusCode).toBe(200);
  const order = (await inDb(() => Order.findOne({ tenantId, orderNumber: placed.json().order.order_number }).lean())) as unknown as { _id: unknown };
  return String(order._id);
}
const post = (url: string, payload: Record<string, unknown>, auth: Record<string, string> = asOwner()) =>
  harness.app.inject({ method: 'POST', url: `/api/admin/${url}`, headers: auth, payload });
const check = (id: string, auth?: Record<string, string>) => post('check-fingerprint', { order_id: id }, auth);

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService], 'fraud-checks');
  tenantId = (await createTenant('fraud-chk')).id;
  await createCatalogueFixture(tenantId, 'fraud-chk');
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_fraud', secret_key: sealSecret('sk_test_fraud') } } });
  owner = await issueToken(tenantId, { isAdmin: true, slug: 'the-owner' });
  const other = await createTenant('fraud-other');
  await createCatalogueFixture(other.id, 'fraud-other');
  otherOwner = await issueToken(other.id, { isAdmin: true, slug: 'other-owner' });
});
afterAll(async () => { await harness?.close(); });

describe('check-fingerprint', () => {
  it("keeps the card's fingerprint and checks from Stripe, and finds the store's other orders of the same card under another name", async () => {
    const first = await placeOrder('FpDevice01', { first: 'Ann', last: 'Able', email: 'ann@example.com' }, 'pm_card_mastercard');
    const saved = (await inDb(() => Order.findOne({ tenantId, _id: first }).lean())) as unknown as { payment: { card: Record<string, unknown> } };
    expect(saved.payment.card).toMatchObject({ fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/), brand: 'Mastercard', last4: '4444', cvc: 'unchecked', riskLevel: 'normal' });

    const alone = await check(first);
    expect(alone.statusCode).toBe(200);
    expect(alone.json()).toMatchObject({
      message: 'Nothing in this order asks for a second look.',
      data: { order_id: first, level: 'none', signals: [], verified: null, needs_confirmation: false, same_card: [], earlier_orders: 0,
        card: { brand: 'Mastercard', last4: '4444', provider: 'stripe', fingerprint_known: true, cvc_check: 'not checked', risk_level: 'normal' } },
    });

    // The same card again, by Ann under the same e-mail (not a signal), then by someone else.
    const again = await placeOrder('FpDevice02', { first: 'Ann', last: 'Able', email: 'ANN@example.com' }, 'pm_card_mastercard');
    expect((await check(again)).json().data).toMatchObject({ level: 'none', signals: [], earlier_orders: 1, same_card: [{ id: first, customer_name: 'Ann Able', email: 'ann@example.com' }] });
    const other = await placeOrder('FpDevice03', { first: 'Bo', last: 'Other', email: 'bo@example.com' }, 'pm_card_mastercard');
    const shared = (await check(other)).json();
    expect(shared.message).toBe('This order needs a look before it ships.');
    expect(shared.data).toMatchObject({ level: 'review', needs_confirmation: true, signals: [{ code: 'card_shared', message: 'The same card paid an order of this store under another name or e-mail: Ann Able <ann@example.com>.' }] });
    expect(shared.data.same_card.map((o: { id: string }) => o.id)).toEqual([again, first]); // newest first
    // Ann's first order now sees Bo on her card too.
    expect((await check(first)).json().data.signals.map((s: { code: string }) => s.code)).toEqual(['card_shared']);
    // Another card is another fingerprint: nothing shared.
    const visa = await placeOrder('FpDevice04', { first: 'Cy', last: 'Visa', email: 'cy@example.com' }, 'pm_card_discover');
    expect((await check(visa)).json().data).toMatchObject({ level: 'none', same_card: [], card: { brand: 'Discover' } });
  });

  it("names the bank's failed checks and Radar's raised risk", async () => {
    const cvc = await placeOrder('FpDevice05', { first: 'Dee', last: 'Cvc', email: 'dee@example.com' }, 'pm_card_cvcCheckFail');
    expect((await check(cvc)).json().data).toMatchObject({
      level: 'review', card: { cvc_check: 'failed' },
      signals: [{ code: 'cvc_failed', message: "The card's security code (CVC) did not match: the bank's check failed." }],
    });
    const zip = await placeOrder('FpDevice06', { first: 'Eve', last: 'Zip', email: 'eve@example.com' }, 'pm_card_avsZipFail');
    expect((await check(zip)).json().data.signals.map((s: { code: string }) => s.code)).toEqual(['postal_code_failed']);
    const risky = await placeOrder('FpDevice07', { first: 'Fay', last: 'Risk', email: 'fay@example.com' }, 'pm_card_riskLevelElevated');
    expect((await check(risky)).json().data).toMatchObject({ card: { risk_level: 'elevated' }, signals: [{ code: 'risk_elevated', message: "The card provider rates this payment's risk elevated." }] });
  });

  it('flags a large first order, paid at the store too; no card, no card signals', async () => {
    const big = await placeOrder('FpDevice08', { first: 'Gus', last: 'Big', email: 'gus@example.com' }, null, 26);
    const answer = (await check(big)).json().data;
    expect(answer).toMatchObject({ level: 'review', card: null, same_card: [], earlier_orders: 0 });
    expect(answer.signals).toEqual([{ code: 'large_first_order', message: expect.stringMatching(/^The customer's first order, and a large one: \$5\d\d\.\d\d \(first orders of \$500\.00 or more are checked\)\.$/) }]);
    const small = await placeOrder('FpDevice09', { first: 'Gus', last: 'Big', email: 'gus@example.com' }, null, 1);
    expect((await check(small)).json().data).toMatchObject({ level: 'none', earlier_orders: 1 });
  });

  it("uses the store's own large first order threshold: a lower one flags a first order the default would not", async () => {
    // Two drills (store product 11, $129.99 and a $1.50 fee each): over $200, under $500.
    const first = await placeOrder('FpDevice12', { first: 'Liv', last: 'Lower', email: 'liv@example.com' }, null, 2, 11);
    expect((await check(first)).json().data).toMatchObject({ level: 'none', signals: [], earlier_orders: 0 });
    await StoreProfile.updateOne({ tenantId }, { $set: { 'payment.large_first_order_cents': 20_000 } });
    forgetStoreProfile(tenantId);
    try {
      expect((await check(first)).json().data).toMatchObject({ level: 'review', signals: [{ code: 'large_first_order', message: expect.stringMatching(/\(first orders of \$200\.00 or more are checked\)\.$/) }] });
    } finally {
      await StoreProfile.updateOne({ tenantId }, { $unset: { 'payment.large_first_order_cents': 1 } });
      forgetStoreProfile(tenantId);
    }
    expect((await check(first)).json().data.level).toBe('none');
  });
});

describe('verify-fraud-detection', () => {
  it('marks the signals accepted, once, in the history with who, when and the note', async () => {
    const id = await placeOrder('FpDevice10', { first: 'Hal', last: 'Check', email: 'hal@example.com' }, 'pm_card_avsLine1Fail');
    const verified = await post('verify-fraud-detection', { order_id: id, note: '  Called the customer back  ' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      message: 'Marked as verified: its checks were looked at and accepted.',
      data: { level: 'review', needs_confirmation: false, verified: { by: 'the-owner', note: 'Called the customer back', signals: ['address_failed'], at: expect.any(String) } },
    });
    const order = (await harness.app.inject({ url: `/api/admin/orders/${id}`, headers: asOwner() })).json().data;
    expect(order.history.at(-1)).toMatchObject({ status: 'placed', by: 'the-owner', note: 'Fraud checks verified (address failed): Called the customer back' });

    const twice = await post('verify-fraud-detection', { order_id: id, note: 'again' });
    expect(twice.json()).toMatchObject({ message: 'This order was verified already.', data: { verified: { note: 'Called the customer back' } } });
    const after = (await harness.app.inject({ url: `/api/admin/orders/${id}`, headers: asOwner() })).json().data;
    expect(after.history).toHaveLength(order.history.length);
    expect((await check(id)).json().data).toMatchObject({ needs_confirmation: false, verified: { by: 'the-owner' } });
  });

  it('refuses bad input, other stores, other locations and shoppers, changing nothing', async () => {
    const id = await placeOrder('FpDevice11', { first: 'Ida', last: 'Guard', email: 'ida@example.com' }, 'pm_card_visa');
    const missing = await post('check-fingerprint', {});
    expect(missing.statusCode).toBe(400);
    const long = await post('verify-fraud-detection', { order_id: id, note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect((await post('check-fingerprint', { order_id: 'not-an-order' })).json()).toMatchObject({ message: 'This order was not found.' });
    expect((await check('0123456789abcdef01234567')).statusCode).toBe(404);

    const elsewhere = { 'business-slug': 'fraud-other', 'store-id': '1', authorization: `Bearer ${otherOwner}` };
    expect((await check(id, elsewhere)).statusCode).toBe(404);
    expect((await post('verify-fraud-detection', { order_id: id }, elsewhere)).statusCode).toBe(404);
    const otherLocation = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'clerk-2', locationId: 2 });
    expect((await check(id, headers({ authorization: `Bearer ${otherLocation}` }))).statusCode).toBe(404);
    const shopper = await issueToken(tenantId, { slug: 'a-shopper' });
    expect((await check(id, headers({ authorization: `Bearer ${shopper}` }))).statusCode).toBe(403);
    expect((await post('verify-fraud-detection', { order_id: id }, headers({ authorization: `Bearer ${shopper}` }))).statusCode).toBe(403);
    expect((await check(id)).json().data.verified).toBeNull();
  });
});
