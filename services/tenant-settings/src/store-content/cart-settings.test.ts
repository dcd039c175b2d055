import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_VENDOR_NUMBER, NO_PERMISSION, TAX_DISCLAIMER_TOO_LONG, TOO_MANY_VENDORS } from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { tenantSettingsService, StoreProfile } from '../index';
import { CART_SETTINGS_SAVED } from './admin';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let owner = '';
let otherOwner = '';
const OTHER_CART = { hideTax: true, taxDisclaimer: 'B note', mergeAdditionalFeeWithSubtotal: true, hideDeliveryZipcode: true, allowSpecialOrderVendors: [9] };

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'cart-settings');
  tenantId = (await createTenant('cartset-a')).id;
  const other = await createTenant('cartset-b');
  await StoreProfile.create({ tenantId: other.id, settings: { cart: OTHER_CART } });
  owner = await issueToken(tenantId, { isAdmin: true });
  otherOwner = await issueToken(other.id, { isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

const save = (payload: object, token: string | null = owner) => harness.app.inject({
  method: 'POST', url: '/api/admin/settings/cart', headers: { 'business-slug': 'cartset-a', ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload,
});
const read = async (url: string, slug = 'cartset-a') => (await harness.app.inject({ url: `/api/${url}`, headers: { 'business-slug': slug } })).json().data;

describe('cart settings (admin/settings/cart)', () => {
  it('starts from the defaults: tax shown, no note, fees on their own line, the zip box shown, no vendors', async () => {
    expect((await read('settings')).cart).toEqual({ hideTax: false, taxDisclaimer: '', mergeAdditionalFeeWithSubtotal: false, hideDeliveryZipcode: false, allowSpecialOrderVendors: [] });
  });

  it('saves what the owner sets; GET settings and the start-up bundle answer it at once, the other store keeps its own', async () => {
    const res = await save({ hideTax: true, taxDisclaimer: '  Tax is an estimate until pickup.  ', mergeAdditionalFeeWithSubtotal: true, hideDeliveryZipcode: true, allowSpecialOrderVendors: [2020, 15, 2020] });
    expect(res.statusCode, res.body).toBe(200);
    const cart = { hideTax: true, taxDisclaimer: 'Tax is an estimate until pickup.', mergeAdditionalFeeWithSubtotal: true, hideDeliveryZipcode: true, allowSpecialOrderVendors: [15, 2020] };
    expect(res.json()).toMatchObject({ status: 'success', message: CART_SETTINGS_SAVED, data: { cart } });
    expect((await read('settings')).cart).toEqual(cart);
    expect((await read('startup')).settings.cart).toEqual(cart);
    expect((await read('settings', 'cartset-b')).cart).toEqual(OTHER_CART);
  });

  it('changes only what is sent', async () => {
    const res = await save({ hideTax: false, allowSpecialOrderVendors: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read('settings')).cart).toEqual({ hideTax: false, taxDisclaimer: 'Tax is an estimate until pickup.', mergeAdditionalFeeWithSubtotal: true, hideDeliveryZipcode: true, allowSpecialOrderVendors: [] });
  });

  it('names a note that is too long and bad vendor numbers by field (422), refuses a value that is no on/off or an unknown field (400), and changes nothing', async () => {
    const before = (await read('settings')).cart;
    const long = await save({ hideTax: true, taxDisclaimer: 'x'.repeat(301), allowSpecialOrderVendors: [15, 0] });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ message: TAX_DISCLAIMER_TOO_LONG, errors: { taxDisclaimer: [TAX_DISCLAIMER_TOO_LONG], allowSpecialOrderVendors: [BAD_VENDOR_NUMBER] } });
    const many = await save({ allowSpecialOrderVendors: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect([many.statusCode, many.json().errors]).toEqual([422, { allowSpecialOrderVendors: [TOO_MANY_VENDORS] }]);
    for (const payload of [{ hideTax: 'maybe' }, { allowSpecialOrderVendors: [2.5] }, { allowSpecialOrderVendors: 'all' }, { showTax: true }, { taxDisclaimer: 'x'.repeat(5001) }]) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}).length, res.body).toBeGreaterThan(0);
    }
    expect((await read('settings')).cart).toEqual(before);
  });

  it('asks a guest to sign in (401), refuses a shopper and staff without edit_locations (403) and another store\'s owner (401); nothing changes', async () => {
    const before = (await read('settings')).cart;
    const change = { hideTax: !before.hideTax };
    expect((await save(change, null)).statusCode).toBe(401);
    const shopper = await save(change, await issueToken(tenantId, { slug: 'jane-shopper' }));
    expect([shopper.statusCode, shopper.json().message]).toEqual([403, 'This action is for store admins only.']);
    const staff = await save(change, await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_products'] }));
    expect([staff.statusCode, staff.json().message]).toEqual([403, NO_PERMISSION]);
    expect((await save(change, otherOwner)).statusCode).toBe(401);
    expect((await read('settings')).cart).toEqual(before);
    expect((await read('settings', 'cartset-b')).cart).toEqual(OTHER_CART);
    // The permission alone opens it.
    const allowed = await save(change, await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_locations'] }));
    expect(allowed.statusCode).toBe(200);
    expect((await read('settings')).cart.hideTax).toBe(!before.hideTax);
  });
});
