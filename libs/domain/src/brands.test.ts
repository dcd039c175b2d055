import { describe, expect, it } from 'vitest';
import {
  ALIAS_TOO_LONG, ALIAS_TOO_SHORT, BRAND_ALIAS_OR_ALT_NEEDED, BRAND_ALT_TEXT_TOO_LONG, BRAND_LOGO_NOT_AN_IMAGE, BRAND_NAME_NEEDED, BRAND_NAME_TOO_LONG,
  brandAliasInput, brandLogoProblem, brandNameInput, brandsBulkChange, canSaveBrandAlias, filterBrands, isBrandsIndexLink,
} from './index';

describe('the brand alias modal (spec 3 §4)', () => {
  it('enables Add from 2 characters of alias, or with alt text', () => {
    expect(canSaveBrandAlias('', '')).toBe(false);
    expect(canSaveBrandAlias(' a ', '')).toBe(false);
    expect(canSaveBrandAlias('ab', '')).toBe(true);
    expect(canSaveBrandAlias('', 'Acme logo')).toBe(true);
    expect(canSaveBrandAlias('a', 'Acme logo')).toBe(true);
  });

  it('stores the alias and alt text tidied, empty as none, and names what is wrong by field', () => {
    expect(brandAliasInput('  House   Brand ', '  Acme  logo ')).toEqual({ alias: 'House Brand', altTextLogo: 'Acme logo' });
    expect(brandAliasInput('', 'Acme logo')).toEqual({ alias: null, altTextLogo: 'Acme logo' });
    expect(brandAliasInput('House', ' ')).toEqual({ alias: 'House', altTextLogo: null });
    expect(brandAliasInput(' ', '')).toEqual({ problems: { alias: BRAND_ALIAS_OR_ALT_NEEDED } });
    expect(brandAliasInput('a', '')).toEqual({ problems: { alias: ALIAS_TOO_SHORT } });
    // Alt text opens the button, but a typed alias still needs 2 characters.
    expect(brandAliasInput('a', 'Acme logo')).toEqual({ problems: { alias: ALIAS_TOO_SHORT } });
    expect(brandAliasInput('x'.repeat(61), 'y'.repeat(151))).toEqual({ problems: { alias: ALIAS_TOO_LONG, altTextLogo: BRAND_ALT_TEXT_TOO_LONG } });
  });

  it('takes a logo by a web address or a store path only', () => {
    for (const ok of ['https://cdn.example.com/acme.png', '/uploads/acme.png']) expect(brandLogoProblem(ok), ok).toBeNull();
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'acme.png', '']) expect(brandLogoProblem(bad), bad).toBe(BRAND_LOGO_NOT_AN_IMAGE);
  });

  it('filters brands by the words typed, in the name or the alias', () => {
    const brands = [{ brand_name: 'Acme Tools', alias: 'House Brand' }, { brand_name: 'Bolt Co', alias: null }];
    expect(filterBrands(brands, '')).toEqual(brands);
    expect(filterBrands(brands, 'acme').map((b) => b.brand_name)).toEqual(['Acme Tools']);
    expect(filterBrands(brands, 'house tools').map((b) => b.brand_name)).toEqual(['Acme Tools']);
    expect(filterBrands(brands, 'BOLT').map((b) => b.brand_name)).toEqual(['Bolt Co']);
    expect(filterBrands(brands, 'nothing')).toEqual([]);
  });
});

describe("the storefront's brand options and a brand's name", () => {
  it('knows a link to the Brands list (what hide-brands-nav leaves out) from a link to one brand', () => {
    for (const link of ['/brands', '/brands/', '/Brands', '/brands?keyword=acme', '/brands/page/2', ' /brands#top']) expect(isBrandsIndexLink(link), link).toBe(true);
    for (const link of ['/b/acme-tools-1', '/brands/acme-tools-1', '/brandsale', '/departments', 'https://example.com/brands', '/']) expect(isBrandsIndexLink(link), link).toBe(false);
  });

  it('takes a brand name with its spaces collapsed, and refuses a blank or too long one', () => {
    expect(brandNameInput('  Acme   Tools ')).toEqual({ name: 'Acme Tools' });
    expect(brandNameInput('  ')).toEqual({ problem: BRAND_NAME_NEEDED });
    expect(brandNameInput('x'.repeat(101))).toEqual({ problem: BRAND_NAME_TOO_LONG });
  });
});

describe('the selected brands changed at once (update-all-brands)', () => {
  it('sends hidden for hiding or showing them, hide_products for their products', () => {
    expect(brandsBulkChange('hide')).toEqual({ hidden: true });
    expect(brandsBulkChange('show')).toEqual({ hidden: false });
    expect(brandsBulkChange('hide-products')).toEqual({ hide_products: true });
    expect(brandsBulkChange('show-products')).toEqual({ hide_products: false });
  });
});
