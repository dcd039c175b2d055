import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'bullmq';
import { inBackground, Location } from '@platform/db';
import { deliverNotifications, OutboxMessage } from '@platform/notifications';
import { QUEUE_NAMES, type NotificationJob } from '@platform/queue';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { tenantSettingsService, StoreProfile } from '../index';
import { RentalCategory, RentalProduct, RentalRequest } from './models';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let worker: Worker<NotificationJob>;
let tenantId: string;
const call = (method: 'GET' | 'POST', url: string, payload?: object, slug = 'rent-a') =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug }, ...(payload ? { payload } : {}) });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const request = { first_name: 'Ana', last_name: 'Diaz', email: 'Ana@Example.test', phone: '(503) 555-0142', location_id: 1, rental_id: 2, start_date: day(2), end_date: day(4), message: 'Need it for a bathroom floor.' };

beforeAll(async () => {
  delete process.env.SMTP_URL;
  harness = await createTestApp([tenantSettingsService], 'rentals');
  worker = new Worker<NotificationJob>(QUEUE_NAMES.notifications, deliverNotifications(), { connection: harness.resources.redis.duplicate(), prefix: harness.resources.queuePrefix });
  tenantId = (await createTenant('rent-a')).id;
  await StoreProfile.create({ tenantId, business: { contact_email: 'rentals@rent-a.test' } });
  await Location.create({ tenantId, locationId: 1, name: 'Rent A Main', address: '1 Main' });
  await RentalCategory.insertMany([
    { tenantId, categoryId: 1, name: 'Flooring', sortOrder: 1 }, { tenantId, categoryId: 11, name: 'Tile', parentId: 1 },
    { tenantId, categoryId: 2, name: 'Lawn', sortOrder: 2 },
  ]);
  await RentalProduct.insertMany([
    { tenantId, rentalId: 1, name: 'Floor Sander', categoryId: 1, dayCents: 6500, weekCents: 26000 },
    { tenantId, rentalId: 2, name: 'Wet Tile Saw', categoryId: 1, subCategoryId: 11, fourHourCents: 3000, dayCents: 4500, weekCents: 18000, depositCents: 10000, featured: true },
    { tenantId, rentalId: 3, name: 'Old Aerator', categoryId: 2, dayCents: 5000, hidden: true },
  ]);
  const other = await createTenant('rent-b');
  await Location.create({ tenantId: other.id, locationId: 1, name: 'Rent B', address: '2 Main' });
  await RentalProduct.create({ tenantId: other.id, rentalId: 1, name: 'Rent B Mixer', categoryId: 1, dayCents: 100 });
});
afterAll(async () => {
  await worker?.close();
  await harness?.close();
});

describe('rentals', () => {
  it('lists the categories with sub-categories and the equipment, featured first, hidden ones left out', async () => {
    const data = (await call('GET', 'rentals')).json().data;
    expect(data.categories).toEqual([
      { id: 1, name: 'Flooring', icon: null, children: [{ id: 11, name: 'Tile', icon: null }] },
      { id: 2, name: 'Lawn', icon: null, children: [] },
    ]);
    expect(data.products.map((p: { name: string }) => p.name)).toEqual(['Wet Tile Saw', 'Floor Sander']);
    expect(data.products[0]).toMatchObject({ rates: { four_hours: '30.00', day: '45.00', week: '180.00' }, deposit: '100.00', sub_category_id: 11 });
    expect((await call('GET', 'rentals?deptId=1&subDeptId=11')).json().data.products.map((p: { id: number }) => p.id)).toEqual([2]);
    expect((await call('GET', 'rentals?deptId=2')).json().data.products).toEqual([]);
    expect((await call('GET', 'rentals', undefined, 'rent-b')).json().data.products.map((p: { name: string }) => p.name)).toEqual(['Rent B Mixer']);
  });

  it('says so for an unknown category or sub-category', async () => {
    for (const url of ['rentals?deptId=9', 'rentals?deptId=2&subDeptId=11']) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This rental category was not found.');
    }
    expect((await call('GET', 'rentals?deptId=abc')).statusCode).toBe(400);
  });
});

describe('rental request form', () => {
  it("keeps the request and e-mails the store's contact address, replying to the shopper", async () => {
    const sentAt = new Date();
    const res = await call('POST', 'rental-form-submit', request);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Thank you! Your rental request was sent to the store. They will contact you to confirm it.' });
    const kept = await RentalRequest.findOne({ tenantId }).lean() as Record<string, unknown>;
    expect(kept).toMatchObject({ firstName: 'Ana', email: 'ana@example.test', phone: '5035550142', rentalId: 2, item: 'Wet Tile Saw', locationId: 1, startDate: day(2), status: 'new' });
    let mail: { to: string; subject: string; text: string; raw: string } | null = null;
    await expect.poll(async () => {
      // The outbox grows: a test reads it by other fields than _id as development work, inBackground.
      mail = await inBackground('test: read the outbox', () => OutboxMessage.findOne({ tenantId, kind: 'rental-request', createdAt: { $gt: sentAt } }).lean()) as typeof mail;
      return Boolean(mail);
    }, { timeout: 10_000 }).toBe(true);
    expect(mail!.to).toBe('rentals@rent-a.test');
    expect(mail!.subject).toBe(`Rental request: Wet Tile Saw (${day(2)} to ${day(4)})`);
    expect(mail!.text).toContain('Ana Diaz asked to rent Wet Tile Saw at Rent A Main.');
    expect(mail!.text).toContain('Estimate: $135.00 for 3 days plus a $100.00 deposit');
    expect(mail!.text).toContain('Phone: (503) 555-0142');
    expect(mail!.raw).toMatch(/^Reply-To: ana@example\.test$/m);
  });

  it('refuses a bad request with the field messages and keeps nothing', async () => {
    const before = await RentalRequest.countDocuments({ tenantId });
    const bad = await call('POST', 'rental-form-submit', { ...request, email: 'ana@', phone: '555', location_id: 9, start_date: day(-3), end_date: day(-4) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['Please enter a valid email address.'], phone: ['Please enter a valid phone number.'], location_id: ['Please choose a store.'],
      start_date: ['Please choose a start date from today on.'], end_date: ['The return date cannot be before the start date.'],
    });
    expect((await call('POST', 'rental-form-submit', { ...request, rental_id: 3 })).json().errors).toEqual({ item: ['This rental is no longer offered. Please choose another.'] });
    expect((await call('POST', 'rental-form-submit', { ...request, rental_id: null, item: '' })).json().errors).toEqual({ item: ['Please tell us what you would like to rent.'] });
    expect((await call('POST', 'rental-form-submit', { ...request, message: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect(await RentalRequest.countDocuments({ tenantId })).toBe(before);
  });

  it('asks the shopper to call a store without a contact address', async () => {
    const res = await call('POST', 'rental-form-submit', { ...request, rental_id: null, item: 'Mixer' }, 'rent-b');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This store does not take rental requests online. Please call the store.');
  });
});
