import { describe, expect, it } from 'vitest';
import {
  aboutStoryProblems, ALIAS_TOO_LONG, ALIAS_TOO_SHORT, BAD_COLOUR, BAD_LINK, browseSettingsProblems, departmentAlias, homeBannerProblems, isWebLink,
  LOW_STOCK_RANGE, normalizeHomeBanner, socialLinksProblems, storeSeoProblems, UNKNOWN_SORT,
} from './index';

describe('browse settings', () => {
  it('takes a listed sort and a whole threshold from 0 to 999', () => {
    expect(browseSettingsProblems({ defaultSort: 'latest', filterShowOutOfStock: true, lowStockThreshold: 0 })).toEqual({});
    expect(browseSettingsProblems({ defaultSort: 'title-asc', filterShowOutOfStock: false, lowStockThreshold: 999 })).toEqual({});
    expect(browseSettingsProblems({ defaultSort: 'cheapest' as never, filterShowOutOfStock: false, lowStockThreshold: 2.5 })).toEqual({ defaultSort: UNKNOWN_SORT, lowStockThreshold: LOW_STOCK_RANGE });
    expect(browseSettingsProblems({ defaultSort: 'relevancy', filterShowOutOfStock: false, lowStockThreshold: -1 })).toEqual({ lowStockThreshold: LOW_STOCK_RANGE });
  });
});

describe('store content links and the banner', () => {
  it('links to web addresses and store paths only', () => {
    for (const ok of ['https://example.com/x', 'http://a.b', '/store-info', '/']) expect(isWebLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.test', 'example.com', 'https://', '']) expect(isWebLink(bad), bad).toBe(false);
  });

  it('needs words when on, a usable link and a hex colour; stores the colour with # and a text colour that reads on it', () => {
    expect(homeBannerProblems({ enabled: false, text: '', link: '', link_text: '', background: '' })).toEqual({});
    const problems = homeBannerProblems({ enabled: true, text: '  ', link: 'ftp://x', link_text: 'x'.repeat(41), background: 'teal' });
    expect(problems).toMatchObject({ link: BAD_LINK, background: BAD_COLOUR });
    expect(Object.keys(problems).sort()).toEqual(['background', 'link', 'link_text', 'text']);
    expect(normalizeHomeBanner({ enabled: true, text: ' Hi ', link: '', link_text: '', background: '1F5F99' })).toEqual({ enabled: true, text: 'Hi', link: '', link_text: '', background: '#1f5f99', color: '#ffffff' });
    expect(normalizeHomeBanner({ enabled: true, text: 'Hi', link: '', link_text: '', background: '#ffe08a' }).color).toBe('#000000');
    // The store's main colour: the theme picks the text colour.
    expect(normalizeHomeBanner({ enabled: true, text: 'Hi', link: '', link_text: '', background: '' })).toMatchObject({ background: '', color: '' });
  });

  it('checks the story photos, the sharing image and social links as web addresses', () => {
    expect(aboutStoryProblems({ title: 'Ours', body: '<p>x</p>', images: [{ url: 'https://img.test/a.jpg', alt: 'Front' }] })).toEqual({});
    expect(Object.keys(aboutStoryProblems({ title: 'x'.repeat(101), body: '', images: [{ url: '/a.jpg', alt: '' }] })).sort()).toEqual(['images.0.alt', 'images.0.url', 'title']);
    expect(Object.keys(storeSeoProblems({ site_title: 'x'.repeat(71), meta_description: '', og_image: 'javascript:1' })).sort()).toEqual(['og_image', 'site_title']);
    const links = { facebook_link: 'https://fb.test/a', twitter_link: '', instagram_link: 'instagram.com/a', pinterest_link: '', youtube_link: '', linkedin_link: '', tiktok_link: '' };
    expect(Object.keys(socialLinksProblems(links))).toEqual(['instagram_link']);
  });
});

describe('department alias', () => {
  it('is 2 to 60 characters, spaces collapsed', () => {
    expect(departmentAlias('  Paint   supplies ')).toEqual({ name: 'Paint supplies' });
    expect(departmentAlias(' a ')).toEqual({ problem: ALIAS_TOO_SHORT });
    expect(departmentAlias('x'.repeat(61))).toEqual({ problem: ALIAS_TOO_LONG });
  });
});
