import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { FakeApi, Failure, MAIN_STREET, renderScreen, RIVERSIDE } from '../../test-support';
import { HomeBannerLine } from '../home/home-banner';
import { StoreInfoPage } from './content-pages';

const CONTACT = {
  business_name: 'Demo Hardware', contact_email: 'store@demo-hardware.test', phone: '5035550100',
  social: [{ network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/demo' }], locations: [MAIN_STREET, RIVERSIDE],
};

describe('/store-info', () => {
  it("shows the store's story and photos, then every location and how to reach the business", async () => {
    const api = new FakeApi()
      .on('GET /api/about-us', { data: { title: 'Our story', body: '<p>Family owned since 1952.</p>', images: [{ url: 'https://img.test/shop.jpg', alt: 'The shop' }] } })
      .on('GET /api/business-about-us', { data: CONTACT });
    renderScreen(<StoreInfoPage />, '/store-info', { route: '/store-info', api });
    const story = await screen.findByRole('region', { name: 'Our story' }, { timeout: 5000 });
    expect(story.textContent).toContain('Family owned since 1952.');
    expect(within(story).getByRole('img', { name: 'The shop' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Our Locations');
    expect(screen.getByRole('region', { name: 'Riverside' }).textContent).toContain('400 River Rd');
    expect(screen.getByRole('link', { name: 'store@demo-hardware.test' }).getAttribute('href')).toBe('mailto:store@demo-hardware.test');
    expect(screen.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe('https://www.facebook.com/demo');
  });

  it('leaves the story out when the store wrote none, and says so when the store information did not load', async () => {
    const api = new FakeApi().on('GET /api/about-us', { data: { title: 'About Us', body: '', images: [] } }).on('GET /api/business-about-us', new Failure(503, 'Unavailable'));
    renderScreen(<StoreInfoPage />, '/store-info', { route: '/store-info', api });
    expect((await screen.findByRole('alert', undefined, { timeout: 5000 })).textContent).toBe('We could not load our store information. Please try again.');
    expect(screen.queryByRole('region', { name: 'About Us' })).toBeNull();
  });
});

describe('home page banner', () => {
  it("shows the store's line with its link", async () => {
    const api = new FakeApi().on('GET /api/home-banner', { data: { text: 'Spring hours start Monday', link: '/store-info', link_text: 'See hours', background: 'primary', color: 'onPrimary' } });
    const { unmount } = renderScreen(<HomeBannerLine />, '/', { route: '/', api });
    const banner = await screen.findByRole('region', { name: 'Announcement' }, { timeout: 5000 });
    expect(banner.textContent).toBe('Spring hours start MondaySee hours');
    expect(within(banner).getByRole('link', { name: 'See hours' }).getAttribute('href')).toBe('/store-info');
    unmount();
  });
});
