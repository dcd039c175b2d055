import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Location } from '@platform/db';
import { CLOSES_BEFORE_OPENING, INVALID_EMAIL, INVALID_PHONE, NO_PERMISSION } from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { tenantSettingsService, StoreProfile } from './index';
import { STORE_INFORMATION_SAVED, UNKNOWN_LOCATION } from './store-information';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let otherTenantId = '';
const open = (from: string, to: string) => ({ open: from, close: to, closed: false });
const week = { mon: open('08:00', '18:00'), tue: open('08:00', '18:00'), wed: open('08:00', '18:00'), thu: open('08:00', '18:00'), fri: open('08:00', '20:00'), sat: open('09:00', '17:00'), sun: { open: '', close: '', closed: true } };

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'about');
  const t = await createTenant('about-store', { plan: 'E1P' });
  tenantId = t.id;
  await StoreProfile.create({ tenantId, business: { contact_email: 'old@about.test', delivery_enabled: true } });
  await Location.insertMany([
    { tenantId, locationId: 1, name: 'Main Street', address: '1 Main', phone: '(503) 555-0100', hours: week },
    { tenantId, locationId: 2, name: 'Harbor', address: '2 Harbor', phone: '(503) 555-0200', hours: week },
  ]);
  otherTenantId = (await createTenant('about-other')).id;
  await Location.create({ tenantId: otherTenantId, locationId: 3, name: 'Elsewhere', address: '3 Away', phone: '(206) 555-0300', hours: week });
});
afterAll(async () => { await harness?.close(); });

const headers = (token?: string) => ({ 'business-slug': 'about-store', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const save = (payload: object, token?: string) => harness.app.inject({ method: 'POST', url: '/api/about-us/save', headers: headers(token), payload });
const details = async () => (await harness.app.inject({ url: '/api/business-details2', headers: headers() })).json().data;
const stored = async () => (await Location.find({ tenantId }).sort({ locationId: 1 }).lean()).map((l: any) => ({ id: l.locationId, phone: l.phone, sun: l.hours.sun }));

describe("admin 'About us' (store information)", () => {
  it('tells the storefront the plan code', async () => {
    expect((await details()).other_ecommerce_plan).toBe('E1P');
  });

  it('is for admins with edit_about_us only', async () => {
    const body = { contact_email: 'new@about.test', locations: [] };
    expect((await save(body)).statusCode).toBe(401);
    expect((await save(body, await issueToken(tenantId))).statusCode).toBe(403);
    const staff = await save(body, await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_products'] }));
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(NO_PERMISSION);
    expect((await details()).contact_email).toBe('old@about.test');
  });

  it('names every bad field, and a refused save changes nothing', async () => {
    const admin = await issueToken(tenantId, { isAdmin: true, permissions: ['edit_about_us'] });
    const before = await stored();
    const res = await save({
      contact_email: 'nope@about',
      locations: [
        { id: 1, phone: '(503) 555-0111', hours: { ...week, sun: open('10:00', '16:00') } },
        { id: 2, phone: '555-02', hours: { ...week, mon: open('18:00', '08:00') } },
        { id: 3, phone: '(206) 555-0399', hours: week },
      ],
    }, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      contact_email: [INVALID_EMAIL], 'locations.1.phone': [INVALID_PHONE], 'locations.1.hours.mon': [CLOSES_BEFORE_OPENING], 'locations.2.id': [UNKNOWN_LOCATION],
    });
    expect(await stored()).toEqual(before);
    expect((await details()).contact_email).toBe('old@about.test');
    // Another store's location is untouched.
    expect((await Location.findOne({ tenantId: otherTenantId, locationId: 3 }).lean() as any).phone).toBe('(206) 555-0300');
    expect((await save({ contact_email: '', locations: [{ id: 1, phone: '5035550100', hours: { ...week, fri: { open: '8am' } } }] }, admin)).statusCode).toBe(400);
  });

  it('saves the contact e-mail, phones and hours; the storefront sees them at once', async () => {
    const admin = await issueToken(tenantId, { isAdmin: true, permissions: ['edit_about_us'] });
    const res = await save({ contact_email: ' hello@about.test ', locations: [{ id: 2, phone: '+1 503 555 0222', hours: { ...week, sun: open('10:00', '16:00') } }] }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: STORE_INFORMATION_SAVED, data: { contact_email: 'hello@about.test' } });
    const shown = await details();
    expect(shown.contact_email).toBe('hello@about.test');
    expect(shown.delivery_enabled).toBe(true);
    const harbor = shown.about_us.locations.find((l: { id: number }) => l.id === 2);
    expect(harbor).toMatchObject({ phone: '(503) 555-0222', hours: { sun: { open: '10:00', close: '16:00', closed: false }, mon: { open: '08:00', close: '18:00', closed: false } } });
    expect(shown.about_us.locations.find((l: { id: number }) => l.id === 1).phone).toBe('(503) 555-0100');
    const startup = (await harness.app.inject({ url: '/api/startup', headers: headers() })).json().data;
    expect(startup.business.contact_email).toBe('hello@about.test');
  });
});
