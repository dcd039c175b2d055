import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { tenantSettingsService, StoreProfile, CustomPageModel, forgetStartup, forgetStoreProfile } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantA: string;
const get = (url: string, slug = 'content-a') => harness.app.inject({ url: `/api/${url}`, headers: { 'business-slug': slug } });

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'content');
  const a = await createTenant('content-a');
  tenantA = a.id;
  await StoreProfile.create({
    tenantId: a.id,
    business: { contact_email: 'help@content-a.test', facebook_link: 'https://facebook.example/content-a' },
    footer: {
      title: 'Visit us', columns: [{ title: 'Help', links: [{ label: 'Rental policy', link: '/rental-policy' }, { label: '', link: '/nowhere' }] }, { title: 'About', links: [] }],
      links: [{ name: 'Careers', link: '/careers' }, { name: 'Broken' }], showSslLogo: true,
    },
    legal: [
      { type: 'terms', use_default: false, value: '<p>Our own terms.</p><script>alert(1)</script><a href="javascript:alert(2)" onclick="x()">x</a>', date_updated: '2026-10-01' },
      { type: 'return_policy', hidden: true },
    ],
  });
  await CustomPageModel.insertMany([
    { tenantId: a.id, pageId: 1, title: 'Rental Policy', link: 'rental-policy', body: '<h2>Rentals</h2><p>Bring ID.</p><img src="x" onerror="alert(1)">' },
    { tenantId: a.id, pageId: 2, title: 'Broken', link: 'Bad Link/..' },
    { tenantId: a.id, pageId: 3, title: 'Draft', link: 'draft', hidden: true },
  ]);
  await createTenant('content-b');
});
afterAll(async () => { await harness?.close(); });

describe('footer, legal documents and custom pages', () => {
  it('answers the footer over the defaults, leaving out links without a label or target', async () => {
    const footer = (await get('custom-footer')).json().data;
    expect(footer).toMatchObject({ title: 'Visit us', titleSize: 18, showSslLogo: true, hideStaticFooter: false, links: [{ name: 'Careers', link: '/careers' }] });
    expect(footer.columns).toEqual([{ title: 'Help', links: [{ label: 'Rental policy', link: '/rental-policy', text: '' }] }, { title: 'About', links: [] }]);
    expect((await get('custom-footer', 'content-b')).json().data).toMatchObject({ columns: [], links: [], showLogo: false });
  });

  it("answers the legal documents: the store's own text sanitized, the default text in the store's name otherwise, hidden ones left out", async () => {
    const docs = (await get('business-terms')).json().data;
    expect(docs.map((d: { type: string }) => d.type)).toEqual(['policy', 'policy_california', 'terms']);
    const terms = docs.find((d: { type: string }) => d.type === 'terms');
    expect(terms).toMatchObject({ display_name: 'Terms of Use', use_default: false, date_updated: '2026-10-01' });
    expect(terms.value).toBe('<p>Our own terms.</p><a>x</a>');
    const privacy = docs.find((d: { type: string }) => d.type === 'policy');
    expect(privacy).toMatchObject({ use_default: true, display_name: 'Privacy Policy' });
    expect(privacy.value).toContain('content-a store collects');
    expect(privacy.value).toContain('help@content-a.test');
  });

  it('lists visible pages with usable links, and answers one page with its body sanitized', async () => {
    expect((await get('custom-pages?skipBody=1')).json().data).toEqual([{ id: 1, title: 'Rental Policy', link: 'rental-policy', updated_at: null }]);
    const page = (await get('custom-page/1')).json().data;
    expect(page.body).toBe('<h2>Rentals</h2><p>Bring ID.</p><img src="x" />');
    expect((await get('custom-page/3')).statusCode).toBe(404);
    expect((await get('custom-page/1', 'content-b')).json()).toMatchObject({ status: 404, message: 'Page not found.' });
  });

  it('adds the social links to business details', async () => {
    expect((await get('business-details2')).json().data).toMatchObject({ facebook_link: 'https://facebook.example/content-a', twitter_link: '' });
  });

  it('bundles the start-up reads in one answer, served from Redis until a write clears it', async () => {
    const bundle = (await get('startup')).json().data;
    expect(bundle.settings).toEqual((await get('settings')).json().data);
    expect(bundle.business).toEqual((await get('business-details2')).json().data);
    expect(bundle.footer).toEqual((await get('custom-footer')).json().data);
    expect(bundle.legal).toEqual((await get('business-terms')).json().data);
    expect(bundle.pages).toEqual((await get('custom-pages?skipBody=1')).json().data);
    expect(bundle.navigation).toEqual([]);
    await StoreProfile.updateOne({ tenantId: tenantA }, { $set: { 'footer.title': 'Come by' } });
    forgetStoreProfile(tenantA);
    expect((await get('startup')).json().data.footer.title).toBe('Visit us');
    await forgetStartup(harness.resources.redis, harness.resources.queuePrefix, tenantA);
    expect((await get('startup')).json().data.footer.title).toBe('Come by');
  });
});
