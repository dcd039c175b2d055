import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import { cartService } from './index';

// The store's cart settings (admin/settings/cart) as the cart answers them: the vendors whose out-of-stock items
// may be special-ordered, and the additional fees inside the subtotal. hideTax, taxDisclaimer and
// hideDeliveryZipcode are display only (checkout remote component tests).
let harness: Awaited<ReturnType<typeof createTestApp>>;
let owner = '';
const SLUG = 'cartset-shop';
const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': SLUG, 'store-id': '2', ...headers }, ...(payload ? { payload } : {}) });
const add = (device: string, store_product_id: number, quantity: number, store = '2') => call('POST', 'add-to-cart', { store_product_id, quantity, device_id: device }, { 'store-id': store });
const setCart = async (payload: object) => {
  const res = await call('POST', 'admin/settings/cart', payload, { authorization: `Bearer ${owner}` });
  expect(res.statusCode, res.body).toBe(200);
};

const DRILL_AT_2 = 12; // vendor 101, none in stock at store 2 (fixture)
const DRILL_AT_1 = 11; // 129.99 with a 1.50 battery recycling fee, 5 in stock at store 1

beforeAll(async () => {
  harness = await createTestApp([cartService, tenantSettingsService], 'cart-settings');
  const tenantId = (await createTenant(SLUG)).id;
  await createCatalogueFixture(tenantId, SLUG);
  await StoreProfile.create({ tenantId, business: { special_order_fee: '5.00' } });
  owner = await issueToken(tenantId, { isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

describe("the store's special-order vendors (allowSpecialOrderVendors)", () => {
  it("lets shoppers special-order a listed vendor's out-of-stock item, and only a listed vendor's", async () => {
    const refused = await add('VendorDev1', DRILL_AT_2, 2);
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'This item is out of stock at this store.']);

    await setCart({ allowSpecialOrderVendors: [305] });
    expect((await add('VendorDev1', DRILL_AT_2, 2)).statusCode).toBe(422);

    await setCart({ allowSpecialOrderVendors: [101, 305] });
    const added = await add('VendorDev1', DRILL_AT_2, 2);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.parcels).toEqual([{ type: 'special', items: [expect.objectContaining({ sku: '1001', quantity: 2 })] }]);
    // 2 x 134.99 + the 3.00 fees + the store's 5.00 special-order fee.
    expect(added.json().data.totals).toMatchObject({ subtotal: '269.98', special_order_fee: '5.00', total: '277.98' });
    // More than store 1 holds is a special order too.
    const over = await add('VendorDev2', DRILL_AT_1, 7, '1');
    expect(over.json().data.parcels).toEqual([{ type: 'special', items: [expect.objectContaining({ quantity: 7 })] }]);
  });
});

describe('the additional fees inside the subtotal (mergeAdditionalFeeWithSubtotal)', () => {
  it('shows the fees on their own line until the store merges them; the total is the same', async () => {
    await add('FeeDevice1', DRILL_AT_1, 2, '1');
    const totals = async () => (await call('GET', 'cart-parcels?device_id=FeeDevice1', undefined, { 'store-id': '1' })).json().data.totals;
    expect(await totals()).toMatchObject({ subtotal: '259.98', additional_fees: '3.00', total: '262.98' });
    await setCart({ mergeAdditionalFeeWithSubtotal: true });
    expect(await totals()).toMatchObject({ subtotal: '262.98', additional_fees: '0.00', total: '262.98' });
  });
});
