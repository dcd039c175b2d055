import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService, Coupon } from '../index';
import { couponChangesChannel } from '../coupons';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staffWithout: string;
let shopper: string;
let otherStoreCouponId: string;
let tenantId: string;
type Options = { token?: string; slug?: string; payload?: object };
const call = (method: 'GET' | 'POST', url: string, { token, slug = 'coupons-a', payload }: Options = {}) => harness.app.inject({
  method, url: `/api/${url}`, headers: { 'business-slug': slug, 'store-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}),
});
const slider = async (slug = 'coupons-a') => (await call('GET', 'coupon-widgets', { slug })).json().data.map((c: { code: string }) => c.code);
const adminList = async () => (await call('GET', 'coupons-admin', { token: owner })).json().data as { id: string; code: string; active: boolean }[];
const idOf = async (code: string) => (await adminList()).find((c) => c.code === code)!.id;

beforeAll(async () => {
  harness = await createTestApp([cartService], 'cart-coupon-admin');
  const tenant = await createTenant('coupons-a');
  tenantId = tenant.id;
  await createCatalogueFixture(tenant.id, 'coupons-a');
  owner = await issueToken(tenant.id, { slug: 'owner', isAdmin: true });
  staffWithout = await issueToken(tenant.id, { slug: 'staff', isAdmin: true, isSubAccount: true, permissions: ['edit_products'] });
  shopper = await issueToken(tenant.id, { slug: 'sam' });
  await Coupon.create([
    { tenantId: tenant.id, code: 'SPRING15', kind: 'percent', percentBp: 1500, slug: 'spring-sale', name: 'Spring Sale', widget: { style: 2, sequence: 1 } },
    { tenantId: tenant.id, code: 'OLDCODE', kind: 'flat', amountCents: 500, active: false },
  ]);
  const other = await createTenant('coupons-b');
  await createCatalogueFixture(other.id, 'coupons-b');
  otherStoreCouponId = String((await Coupon.create({ tenantId: other.id, code: 'BSALE', kind: 'percent', percentBp: 1000, slug: 'b-sale', name: 'B Sale', widget: { sequence: 1 } }))._id);
});
afterAll(async () => { await harness?.close(); });

describe('admin coupons', () => {
  it("lists the store's coupons, active and not, in force ones first, never another store's", async () => {
    const res = await call('GET', 'coupons-admin', { token: owner });
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((c: { code: string }) => c.code)).toEqual(['SPRING15', 'OLDCODE']);
    expect(list[0]).toMatchObject({ kind: 'percent', discount: '15', discount_label: '15% OFF', active: true, current: true, slug: 'spring-sale', in_slider: true, style: 2, min_subtotal: '0.00' });
    expect(list[1]).toMatchObject({ kind: 'flat', discount: '5.00', discount_label: '$5 OFF', active: false, current: false, slug: null, in_slider: false });
  });

  it('is for admins with the home page permission: 401 for a guest, 403 for a shopper and for staff without it', async () => {
    expect((await call('GET', 'coupons-admin')).statusCode).toBe(401);
    for (const token of [shopper, staffWithout]) {
      for (const [method, url, payload] of [['GET', 'coupons-admin'], ['POST', 'add-coupon', { code: 'NOPE10', kind: 'flat', discount: '10.00' }], ['POST', 'deactivate-coupon', { id: otherStoreCouponId }]] as const) {
        const res = await call(method, url, { token, payload });
        expect(res.statusCode, `${url}`).toBe(403);
      }
    }
    expect((await adminList()).map((c) => c.code)).not.toContain('NOPE10');
  });

  it('adds a coupon in cents: it shows in the slider and the cart takes its code at once', async () => {
    // The slider and the cart have read (and cached) the store's coupons before the change.
    expect(await slider()).toEqual(['SPRING15']);
    const before = await call('POST', 'redeem-coupon', { payload: { coupon: 'save10', device_id: 'CoupDev001' } });
    expect(before.statusCode).toBe(422);
    const added = await call('POST', 'add-coupon', {
      token: owner,
      payload: { code: ' save10 ', kind: 'flat', discount: '10.50', min_subtotal: '20', name: 'Save $10.50', in_slider: true, coupon_title: 'Ten fifty off', background_color: '#123456' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ status: 'success', message: 'Coupon SAVE10 added.' });
    expect(added.json().data).toMatchObject({ code: 'SAVE10', discount: '10.50', discount_label: '$10.50 OFF', min_subtotal: '20.00', slug: 'save10', in_slider: true, active: true, current: true });
    const stored = await Coupon.findOne({ tenantId, _id: added.json().data.id }).lean() as { amountCents: number; minSubtotalCents: number };
    expect(stored).toMatchObject({ amountCents: 1050, minSubtotalCents: 2000 });
    expect(await slider()).toEqual(['SPRING15', 'SAVE10']);
    expect((await call('GET', 'coupon-widgets')).json().data[1]).toMatchObject({ coupon_title: 'Ten fifty off', background_color: '#123456', discount_label: '$10.50 OFF' });
    await call('POST', 'add-to-cart', { payload: { store_product_id: 11, quantity: 1, device_id: 'CoupDev001' } });
    const redeemed = await call('POST', 'redeem-coupon', { payload: { coupon: 'save10', device_id: 'CoupDev001' } });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().data.totals).toMatchObject({ coupon: 'SAVE10', discount: '10.50' });
    // Another store sees none of it.
    expect(await slider('coupons-b')).toEqual(['BSALE']);
  });

  it('refuses bad input with a 422 naming each field, and saves nothing', async () => {
    const bad = await call('POST', 'add-coupon', {
      token: owner, payload: { code: 'x', kind: 'percent', discount: '150', min_subtotal: 'lots', starts_at: '2026-12-10', ends_at: '2026-12-01', background_color: 'green' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      code: ['Enter a code of 3 to 30 letters, digits, dashes or underscores.'], discount: ['Enter the percentage off, from 1 to 100.'],
      min_subtotal: ['Enter the smallest order in dollars and cents, e.g. 50.00, or leave it empty.'], ends_at: ['The end date must be after the start date.'],
      background_color: ['Enter a colour as #RRGGBB, or leave it empty for the default green.'],
    });
    const noAmount = await call('POST', 'add-coupon', { token: owner, payload: { code: 'FLAT0', kind: 'flat', discount: '0' } });
    expect(noAmount.json()).toMatchObject({ status: 422, message: 'Enter the amount off in dollars and cents, e.g. 10.00.' });
    const taken = await call('POST', 'add-coupon', { token: owner, payload: { code: 'spring15', kind: 'free_delivery' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ code: ['Another coupon already has this code.'] });
    const renamedOnto = await call('POST', 'update-coupon', { token: owner, payload: { id: await idOf('OLDCODE'), code: 'SPRING15' } });
    expect(renamedOnto.json().errors).toEqual({ code: ['Another coupon already has this code.'] });
    expect((await call('POST', 'add-coupon', { token: owner, payload: { code: 'ODD', kind: 'bogus' } })).statusCode).toBe(400);
    expect((await adminList()).map((c) => c.code).sort()).toEqual(['OLDCODE', 'SAVE10', 'SPRING15']);
  });

  it('updates what it is sent and keeps the rest; the slider and the cart follow at once', async () => {
    const id = await idOf('SAVE10');
    const res = await call('POST', 'update-coupon', { token: owner, payload: { id, kind: 'percent', discount: '20', coupon_title: 'Twenty off' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Coupon SAVE10 saved.', data: { kind: 'percent', discount: '20', name: 'Save $10.50', min_subtotal: '20.00', slug: 'save10', coupon_title: 'Twenty off', background_color: '#123456' } });
    expect((await call('GET', 'coupon-widgets')).json().data[1]).toMatchObject({ coupon_title: 'Twenty off', discount_label: '20% OFF' });
    // 20% of 129.99
    expect((await call('GET', 'cart-parcels?device_id=CoupDev001')).json().data.totals).toMatchObject({ coupon: 'SAVE10', discount: '26.00' });
    const invalid = await call('POST', 'update-coupon', { token: owner, payload: { id, discount: 'twenty' } });
    expect(invalid.statusCode).toBe(422);
    expect((await adminList()).find((c) => c.code === 'SAVE10')).toMatchObject({ discount: '20' });
  });

  it("answers 404 for another store's coupon or an unknown one, and changes nothing", async () => {
    for (const [url, payload] of [['update-coupon', { id: otherStoreCouponId, name: 'Mine now' }], ['deactivate-coupon', { id: otherStoreCouponId }], ['deactivate-coupon', { id: '0123456789abcdef01234567' }]] as const) {
      const res = await call('POST', url, { token: owner, payload });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Coupon not found.');
    }
    expect(await slider('coupons-b')).toEqual(['BSALE']);
    expect((await call('POST', 'deactivate-coupon', { token: owner, payload: { id: 'not-an-id' } })).statusCode).toBe(400);
  });

  it('deactivates a coupon: gone from the slider, refused by the cart at once, still listed for the admin to turn on again', async () => {
    const id = await idOf('SAVE10');
    const res = await call('POST', 'deactivate-coupon', { token: owner, payload: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Coupon SAVE10 removed: shoppers can no longer use it.', data: { active: false, current: false } });
    expect(await slider()).toEqual(['SPRING15']);
    expect((await call('GET', 'cart-parcels?device_id=CoupDev001')).json().data.totals).toMatchObject({ discount: '0.00', coupon_message: 'This promo code is not valid.' });
    expect((await call('POST', 'redeem-coupon', { payload: { coupon: 'SAVE10', device_id: 'CoupDev002' } })).statusCode).toBe(422);
    expect((await adminList()).find((c) => c.code === 'SAVE10')).toMatchObject({ active: false });
    const again = await call('POST', 'update-coupon', { token: owner, payload: { id, active: true } });
    expect(again.json().data).toMatchObject({ active: true, current: true, in_slider: true });
    expect(await slider()).toEqual(['SPRING15', 'SAVE10']);
  });

  it("drops this process's copy of the coupons when another API process announces a change (GATEWAY_PROCESSES)", async () => {
    const spring = await idOf('SPRING15');
    expect((await call('GET', 'coupon-widgets')).json().data[0].coupon_title).toBe('Spring Sale');
    // Another process's write: the database changes, this process still answers from its copy until told.
    await Coupon.updateOne({ tenantId, _id: spring }, { $set: { 'widget.couponTitle': 'Told by another process' } });
    expect((await call('GET', 'coupon-widgets')).json().data[0].coupon_title).toBe('Spring Sale');
    await harness.resources.redis.publish(couponChangesChannel(harness.resources.queuePrefix), tenantId);
    await vi.waitFor(async () => expect((await call('GET', 'coupon-widgets')).json().data[0].coupon_title).toBe('Told by another process'));
  });
});
