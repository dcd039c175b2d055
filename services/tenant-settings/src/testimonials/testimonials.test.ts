import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSION, TESTIMONIAL_AUTHOR_NEEDED, TESTIMONIAL_MESSAGE_NEEDED, TESTIMONIAL_RATING_RANGE, TOO_MANY_TESTIMONIALS } from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { tenantSettingsService, HomepageWidgetModel } from '../index';
import { WIDGET_NOT_FOUND } from '../widget-admin';
import { TESTIMONIALS_ADDED, TESTIMONIALS_SAVED } from './service';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let admin = '';
let otherAdmin = '';
let shopper = '';
let tenantA = '';
const ADMINS_ONLY = 'This action is for store admins only.';

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'testimonials');
  const a = await createTenant('said-a');
  tenantA = a.id;
  await HomepageWidgetModel.create({ tenantId: a.id, widgetId: 1, name: 'Welcome', type: '1', sequence: 0, value: { body: '<p>Hello</p>' } });
  const b = await createTenant('said-b');
  await HomepageWidgetModel.create({ tenantId: b.id, widgetId: 7, name: 'B said', type: '5', value: { title: 'B', testimonials: [{ id: 1, message: 'B is best', author: 'Bo', role: '', rating: 4 }] } });
  admin = await issueToken(a.id, { isAdmin: true, isSubAccount: true, permissions: ['edit_landing_page'] });
  otherAdmin = await issueToken(b.id, { isAdmin: true });
  shopper = await issueToken(a.id, { slug: 'shopper' });
});
afterAll(async () => { await harness?.close(); });

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object, slug = 'said-a') =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
const card = (id: number, patch: object = {}) => ({ id, message: `Card ${id} says thanks`, author: `Author ${id}`, role: 'Contractor', rating: 5, ...patch });

describe('testimonials section', () => {
  let id = 0;

  it('adds a section at the end of the area, not shown until it has a card; saving cards shows them on the home page in order', async () => {
    const created = await call('POST', 'admin/widget/create', admin, { type: '5' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ status: 'success', message: TESTIMONIALS_ADDED });
    id = created.json().id;
    expect(created.json().data.map((w: { id: number; name: string; type: string }) => [w.id, w.name, w.type])).toEqual([[1, 'Welcome', '1'], [id, 'Testimonials', '5']]);
    expect((await call('GET', `admin/widget/testimonials/${id}`, admin)).json().data).toEqual({ id, title: '', testimonials: [] });
    expect((await call('GET', 'homepage-widgets', null)).json().data.map((w: { id: number }) => w.id)).toEqual([1]);

    const saved = await call('POST', 'admin/widget/testimonials', admin, { id, title: '  Kind words ', testimonials: [card(2, { message: '  Fast help!  ', rating: 4 }), card(1, { role: '' })] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ status: 'success', message: TESTIMONIALS_SAVED, data: { id, title: 'Kind words', testimonials: [card(2, { message: 'Fast help!', rating: 4 }), card(1, { role: '' })] } });
    const shown = (await call('GET', 'homepage-widgets', null)).json().data;
    expect(shown.map((w: { id: number }) => w.id)).toEqual([1, id]);
    expect(shown[1]).toMatchObject({ type: '5', value: { title: 'Kind words', testimonials: [{ id: 2, message: 'Fast help!', author: 'Author 2', role: 'Contractor', rating: 4 }, { id: 1, role: '' }] } });
    expect((await call('GET', `admin/widget/testimonials/${id}`, admin)).json().data.testimonials.map((t: { id: number }) => t.id)).toEqual([2, 1]);
  });

  it('refuses a card without words or author, a rating out of 1-5 and a 13th card with a 422 naming the field, and keeps what was saved', async () => {
    for (const [testimonials, field, message] of [
      [[card(1, { message: '   ' })], 'testimonials.0.message', TESTIMONIAL_MESSAGE_NEEDED],
      [[card(1), card(2, { author: '' })], 'testimonials.1.author', TESTIMONIAL_AUTHOR_NEEDED],
      [[card(1, { rating: 6 })], 'testimonials.0.rating', TESTIMONIAL_RATING_RANGE],
      [[card(1, { rating: 0 })], 'testimonials.0.rating', TESTIMONIAL_RATING_RANGE],
      [Array.from({ length: 13 }, (_, i) => card(i + 1)), 'testimonials', TOO_MANY_TESTIMONIALS],
      [[card(1, { message: 'x'.repeat(501) })], 'testimonials.0.message', 'Keep it to 500 characters or fewer.'],
    ] as const) {
      const res = await call('POST', 'admin/widget/testimonials', admin, { id, title: '', testimonials });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().message).toBe(message);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await call('GET', `admin/widget/testimonials/${id}`, admin)).json().data).toMatchObject({ title: 'Kind words', testimonials: [{ id: 2 }, { id: 1 }] });
  });

  it("answers 404 for another store's section or one that is not testimonials, and leaves it alone", async () => {
    for (const other of [7, 1, 999]) {
      const res = await call('POST', 'admin/widget/testimonials', admin, { id: other, title: 'Mine now', testimonials: [card(1)] });
      expect(res.statusCode, String(other)).toBe(404);
      expect(res.json().message).toBe(WIDGET_NOT_FOUND);
      expect((await call('GET', `admin/widget/testimonials/${other}`, admin)).statusCode).toBe(404);
    }
    const theirs = await call('GET', 'admin/widget/testimonials/7', otherAdmin, undefined, 'said-b');
    expect(theirs.json().data).toEqual({ id: 7, title: 'B', testimonials: [{ id: 1, message: 'B is best', author: 'Bo', role: '', rating: 4 }] });
    // The other store's home page shows only its own.
    expect(JSON.stringify((await call('GET', 'homepage-widgets', null, undefined, 'said-b')).json().data)).not.toContain('Kind words');
  });

  it('refuses shoppers (403), guests (401) and staff without edit_landing_page (403)', async () => {
    for (const [url, payload] of [['admin/widget/create', { type: '5' }], ['admin/widget/testimonials', { id, title: '', testimonials: [] }]] as const) {
      const res = await call('POST', url, shopper, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(ADMINS_ONLY);
      expect((await call('POST', url, null, payload)).statusCode).toBe(401);
    }
    expect((await call('GET', `admin/widget/testimonials/${id}`, shopper)).statusCode).toBe(403);
    const staff = await call('POST', 'admin/widget/testimonials', await issueToken(tenantA, { isAdmin: true, isSubAccount: true, permissions: ['edit_products'] }), { id, title: '', testimonials: [] });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(NO_PERMISSION);
    expect((await call('GET', `admin/widget/testimonials/${id}`, admin)).json().data.testimonials).toHaveLength(2);
  });
});
