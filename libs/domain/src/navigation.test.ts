import { describe, expect, it } from 'vitest';
import { customPageRoutes, hiddenAtStore, navigationPath, telephoneHref, departmentTreeDepth } from './navigation';

describe('navigation paths', () => {
  it('uses the target as a path, else the name lower-cased with dashes', () => {
    expect(navigationPath({ name: 'Brands', target: '/brands' })).toBe('/brands');
    expect(navigationPath({ name: 'Our Story', target: 'our-story' })).toBe('/our-story');
    expect(navigationPath({ name: 'Key Cutting & Repairs', target: '' })).toBe('/key-cutting-and-repairs');
    expect(navigationPath({ name: 'Home', target: '/' })).toBe('/');
    expect(navigationPath({ name: 'Help', target: '/help/' })).toBe('/help');
  });

  it('keeps telephone, e-mail and outside links as they are', () => {
    expect(navigationPath({ name: 'Call us', target: 'tel:5035550100' })).toBe('tel:5035550100');
    expect(navigationPath({ name: 'Mail', target: 'mailto:shop@example.test' })).toBe('mailto:shop@example.test');
    expect(navigationPath({ name: 'Blog', target: 'https://blog.example.test' })).toBe('https://blog.example.test');
  });

  it('refuses targets that are no storefront path', () => {
    expect(navigationPath({ name: 'Bad', target: 'javascript:alert(1)' })).toBeNull();
    expect(navigationPath({ name: 'Bad', target: '/Some Page' })).toBeNull();
    expect(navigationPath({ name: 'Bad', target: '/a?b=c' })).toBeNull();
    expect(navigationPath({ name: '', target: '' })).toBe('/');
  });
});

describe('hide_on_locations', () => {
  it('hides an item at the listed store ids only', () => {
    expect(hiddenAtStore('2, 3', 2)).toBe(true);
    expect(hiddenAtStore('2,3', 1)).toBe(false);
    expect(hiddenAtStore(null, 2)).toBe(false);
    expect(hiddenAtStore('2', null)).toBe(false);
  });
});

describe('telephone links', () => {
  it('dials the digits of a number as written', () => {
    expect(telephoneHref('(503) 555-0100')).toBe('tel:5035550100');
    expect(telephoneHref('+1 503 555 0100')).toBe('tel:+15035550100');
  });
});

describe('routes from navigation', () => {
  const link = (target: string, sub_target: string | null, custom = true) => ({ target, custom, sub_target });
  it('adds a route for each custom link, dropdown and menu links included, once per path', () => {
    const items = [
      { ...link('/our-story', '7'), dropdown: null },
      { ...link('/services', null, false), dropdown: { items: [link('/key-cutting', '4'), link('tel:5035550100', null, false)] } },
      { ...link('/our-story', '8'), dropdown: null },
    ];
    expect(customPageRoutes(items, [{ items: [link('/paint-care', '9')] }], [])).toEqual([
      { path: '/our-story', pageId: 7 }, { path: '/key-cutting', pageId: 4 }, { path: '/paint-care', pageId: 9 },
    ]);
  });

  it("leaves paths the store's pages already have, and built-in links, alone", () => {
    const items = [{ ...link('/rental-policy', '1'), dropdown: null }, { ...link('/brands', null, false), dropdown: null }, { ...link('/', '2'), dropdown: null }];
    expect(customPageRoutes(items, [], ['rental-policy'])).toEqual([]);
  });
});

describe('departmentTreeDepth', () => {
  it("follows the store's level within 1 to 3, and is 3 when unset", () => {
    expect([departmentTreeDepth(2), departmentTreeDepth(1), departmentTreeDepth(5), departmentTreeDepth(0), departmentTreeDepth(undefined)]).toEqual([2, 1, 3, 1, 3]);
  });
});
