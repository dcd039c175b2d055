import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Location } from '@platform/db';
import { DEFAULT_PICKUP_DISCLAIMER, DELIVERY_NEEDS_ZIPS, DISCLAIMER_TOO_LONG, INVALID_TAX_RATE, INVALID_ZIP, NO_FULFILMENT_MODE, NO_PERMISSION } from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { tenantSettingsService, StoreProfile } from './index';
import { STORE_OPTIONS_SAVED } from './store-options';
import { UNKNOWN_LOCATION } from './store-information';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let owner = '';

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'options');
  tenantId = (await createTenant('options-store')).id;
  await StoreProfile.create({ tenantId, business: { pickup_enabled: true, tax_rates: [{ location_id: 1, rate: '8.25' }, { location_id: 2, rate: '7.75' }] } });
  await Location.insertMany([{ tenantId, locationId: 1, name: 'Main', address: '1 Main' }, { tenantId, locationId: 2, name: 'East', address: '2 East' }]);
  const other = await createTenant('options-other');
  await Location.create({ tenantId: other.id, locationId: 3, name: 'Away', address: '3 Away' });
  owner = await issueToken(tenantId, { isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

const headers = (token?: string) => ({ 'business-slug': 'options-store', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const update = (payload: object, token = owner) => harness.app.inject({ method: 'POST', url: '/api/admin/settings/update', headers: headers(token), payload });
const details = async () => (await harness.app.inject({ url: '/api/business-details2', headers: headers() })).json().data;

describe('admin settings update (the selling options)', () => {
  it('needs an admin with edit_locations', async () => {
    expect((await harness.app.inject({ method: 'POST', url: '/api/admin/settings/update', headers: headers(), payload: { shipping_enabled: true } })).statusCode).toBe(401);
    const staff = await update({ shipping_enabled: true }, await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_about_us'] }));
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(NO_PERMISSION);
    expect((await details()).shipping_enabled).toBe(false);
  });

  it('names each bad field, checked with what the store has, and changes nothing then', async () => {
    const res = await update({ pickup_enabled: false, tax_rates: [{ location_id: 1, rate: '25' }, { location_id: 3, rate: '6' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ pickup_enabled: [NO_FULFILMENT_MODE], 'tax_rates.0.rate': [INVALID_TAX_RATE], 'tax_rates.1.location_id': [UNKNOWN_LOCATION] });
    const delivery = await update({ delivery_enabled: true });
    expect(delivery.json().errors).toEqual({ delivery_locations: [DELIVERY_NEEDS_ZIPS] });
    const zip = await update({ delivery_enabled: true, delivery_locations: [{ code: '9730', fee: '5', minThreshold: null, thresholdFee: null }] });
    expect(zip.json().errors).toEqual({ 'delivery_locations.0.code': [INVALID_ZIP] });
    expect(await details()).toMatchObject({ pickup_enabled: true, delivery_enabled: false, delivery_locations: [], tax_rates: [{ location_id: 1, rate: '8.25' }, { location_id: 2, rate: '7.75' }] });
    expect((await update({ colour: 'red' })).statusCode).toBe(400);
  });

  it('saves what was sent, as stored amounts, and the storefront reads it at once', async () => {
    const res = await update({
      delivery_enabled: true, delivery_locations: [{ code: '97301', fee: '$6', minThreshold: null, thresholdFee: null }],
      show_oos_special: true, special_order_fee: '2.5', special_order_sla: ' 1-2 weeks ', tax_rates: [{ location_id: 2, rate: '7.500' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(STORE_OPTIONS_SAVED);
    expect(await details()).toMatchObject({
      pickup_enabled: true, delivery_enabled: true, shipping_enabled: false, delivery_locations: [{ code: '97301', fee: '6.00' }],
      show_oos_special: true, special_order_fee: '2.50', special_order_sla: '1-2 weeks',
    });
    // The other location's rate is kept.
    expect((await details()).tax_rates).toEqual(expect.arrayContaining([{ location_id: 1, rate: '8.25' }, { location_id: 2, rate: '7.5' }]));
    // Pickup off is fine now that delivery is on.
    expect((await update({ pickup_enabled: false })).statusCode).toBe(200);
    expect((await details()).pickup_enabled).toBe(false);
  });

  it("saves the store's pickup and delivery disclaimers trimmed; an empty one is the default again; a long one is refused", async () => {
    const saved = await update({ pickup_disclaimer: '  Ring the bell at the loading dock. ', delivery_settings: { delivery_disclaimer: 'We deliver on Tuesdays.' } });
    expect(saved.statusCode).toBe(200);
    expect(await details()).toMatchObject({ pickup_disclaimer: 'Ring the bell at the loading dock.', delivery_settings: { delivery_disclaimer: 'We deliver on Tuesdays.' } });
    const long = await update({ pickup_disclaimer: 'x'.repeat(501), delivery_settings: { delivery_disclaimer: 'y'.repeat(600) } });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ pickup_disclaimer: [DISCLAIMER_TOO_LONG], 'delivery_settings.delivery_disclaimer': [DISCLAIMER_TOO_LONG] });
    expect((await details()).pickup_disclaimer).toBe('Ring the bell at the loading dock.');
    expect((await update({ pickup_disclaimer: '' })).statusCode).toBe(200);
    expect(await details()).toMatchObject({ pickup_disclaimer: DEFAULT_PICKUP_DISCLAIMER, delivery_settings: { delivery_disclaimer: 'We deliver on Tuesdays.' } });
  });
});
