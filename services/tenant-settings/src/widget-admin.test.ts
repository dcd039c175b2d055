import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Location } from '@platform/db';
import { NO_PERMISSION } from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { tenantSettingsService, HomepageWidgetModel } from './index';
import { WIDGET_NOT_FOUND, WIDGET_ORDER_MISMATCH } from './widget-admin';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let otherId = '';
let admin = '';

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'widget-admin');
  tenantId = (await createTenant('wadmin-a')).id;
  await Location.create({ tenantId, locationId: 1, name: 'Store 1', address: '1 Main St' });
  await HomepageWidgetModel.insertMany([
    { tenantId, widgetId: 1, name: 'Hero', type: '4', sequence: 1, value: { slides: [{ image: '/a.jpg' }] } },
    { tenantId, widgetId: 2, name: 'Welcome', type: '1', sequence: 2, value: { body: '<p>Hello</p>' } },
    { tenantId, widgetId: 3, name: 'Deals', type: '2', sequence: 3, value: { skus: ['1001'] } },
    { tenantId, widgetId: 4, name: 'Seasonal', type: '1', sequence: 0, hidden: true, value: { body: '<p>Snow</p>' } },
    { tenantId, widgetId: 5, name: 'Below', type: '1', area: 2, sequence: 1, value: { body: '<p>Below</p>' } },
  ]);
  otherId = (await createTenant('wadmin-b')).id;
  await HomepageWidgetModel.create({ tenantId: otherId, widgetId: 2, name: 'B welcome', type: '1', value: { body: '<p>B</p>' } });
  admin = await issueToken(tenantId, { isAdmin: true, permissions: ['edit_landing_page'] });
});
afterAll(async () => { await harness?.close(); });

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': 'wadmin-a', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
const shown = async () => (await call('GET', 'homepage-widgets')).json().data.map((w: { id: number }) => w.id);
const names = (res: { json(): { data: { name: string; area: number; hidden: boolean }[] } }) => res.json().data.map((w) => `${w.area}:${w.name}${w.hidden ? ' (hidden)' : ''}`);

describe('admin widgets list', () => {
  it('lists every section of both areas in order, hidden ones too, for edit_landing_page only', async () => {
    expect(names(await call('GET', 'widget/get', admin))).toEqual(['1:Seasonal (hidden)', '1:Hero', '1:Welcome', '1:Deals', '2:Below']);
    expect((await call('GET', 'widget/get')).statusCode).toBe(401);
    const staff = await call('GET', 'widget/get', await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_about_us'] }));
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(NO_PERMISSION);
  });

  it('hides and shows a section on the home page at once', async () => {
    expect(await shown()).toEqual([1, 2, 3]);
    const hidden = await call('POST', 'admin/widget/update', admin, { id: 2, hidden: true });
    expect(hidden.json()).toMatchObject({ status: 'success', message: 'The section is hidden from the home page.' });
    expect(await shown()).toEqual([1, 3]);
    await call('POST', 'admin/widget/update', admin, { id: 2, hidden: false });
    expect(await shown()).toEqual([1, 2, 3]);
    const missing = await call('POST', 'admin/widget/update', admin, { id: 99, hidden: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(WIDGET_NOT_FOUND);
  });

  it("saves an area's order from the full list of its sections, and refuses a partial one", async () => {
    const partial = await call('POST', 'admin/widget/save', admin, { area: 1, ids: [3, 1] });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().message).toBe(WIDGET_ORDER_MISMATCH);
    expect((await call('POST', 'admin/widget/save', admin, { area: 1, ids: [3, 1, 2, 5] })).statusCode).toBe(422);
    expect((await call('POST', 'admin/widget/save', admin, { area: 1, ids: [3, 3, 2, 4] })).statusCode).toBe(422);
    expect(await shown()).toEqual([1, 2, 3]);
    const saved = await call('POST', 'admin/widget/save', admin, { area: 1, ids: [3, 1, 2, 4] });
    expect(saved.statusCode).toBe(200);
    expect(names(saved)).toEqual(['1:Deals', '1:Hero', '1:Welcome', '1:Seasonal (hidden)', '2:Below']);
    expect(await shown()).toEqual([3, 1, 2]);
  });

  it("removes a section; another store's section of the same id stays", async () => {
    const removed = await call('POST', 'admin/widget/delete', admin, { id: 2 });
    expect(removed.json().message).toBe('The section is removed.');
    expect(await shown()).toEqual([3, 1]);
    expect((await call('POST', 'admin/widget/delete', admin, { id: 2 })).statusCode).toBe(404);
    expect(await HomepageWidgetModel.countDocuments({ tenantId: otherId, widgetId: 2 })).toBe(1);
  });
});
