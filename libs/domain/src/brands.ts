/**
 * The owner's brand settings (spec 3 §2 brands-settings, §4 Brand logo modal and Alias modal, §8): the brand alias
 * modal's rule, the alias and logo as stored, and the words the API and the screen use.
 */
import { ALIAS_MAX_LENGTH, ALIAS_MIN_LENGTH, ALIAS_TOO_LONG, ALIAS_TOO_SHORT, isWebLink } from './store-content';

export const BRAND_NOT_FOUND = 'Brand not found.';
export const BRAND_HIDDEN = 'Brand hidden from the storefront.';
export const BRAND_SHOWN = 'Brand shown on the storefront.';
export const ALL_BRANDS_HIDDEN = 'All brands hidden from the storefront.';
export const ALL_BRANDS_SHOWN = 'All brands shown on the storefront.';
export const HIDE_ALL_BRANDS_QUESTION = 'Hide every brand? Shoppers will no longer see any brand in the Brands list or on a brand page. Their products stay on sale.';
export const SHOW_ALL_BRANDS_QUESTION = 'Show every brand? Shoppers will see all of them in the Brands list and on their brand pages.';
export const BRAND_ALIAS_OR_ALT_NEEDED = `Enter an alias of at least ${ALIAS_MIN_LENGTH} characters, or the logo's alt text.`;
export const BRAND_ALT_TEXT_MAX_LENGTH = 150;
export const BRAND_ALT_TEXT_TOO_LONG = `Keep the alt text to ${BRAND_ALT_TEXT_MAX_LENGTH} characters or fewer.`;
export const BRAND_PRODUCTS_HIDDEN = "Brand's products hidden from the storefront.";
export const BRAND_PRODUCTS_SHOWN = "Brand's products back on the storefront.";
export const HIDE_BRAND_PRODUCTS_QUESTION = (name: string) =>
  `Take every ${name} product off the storefront? Shoppers will not find them in search, lists or by their page, and cannot add them to a cart, until you show them again.`;
export const BRAND_UPDATED = 'Brand updated.';
export const BRANDS_UPDATED = (count: number) => `${count} ${count === 1 ? 'brand' : 'brands'} updated.`;
export const BRAND_NAME_MAX_LENGTH = 100;
export const BRAND_NAME_NEEDED = 'Enter the brand name shoppers see.';
export const BRAND_NAME_TOO_LONG = `Keep the brand name to ${BRAND_NAME_MAX_LENGTH} characters or fewer.`;
export const BRAND_UPDATE_EMPTY = 'Send at least one of brand_name, altTextLogo or image.';
export const BRAND_RENAME_FAILED = 'We could not rename the brand. Please try again.';
/** The selection's actions on Brand Settings (update-all-brands). */
export type BrandsBulkAction = 'hide' | 'show' | 'hide-products' | 'show-products';
export const BRANDS_UPDATE_FAILED = 'We could not change the selected brands. Please try again.';
const brandsWord = (count: number) => `${count} ${count === 1 ? 'brand' : 'brands'}`;
export const HIDE_SELECTED_BRANDS_QUESTION = (count: number) =>
  `Hide ${brandsWord(count)}? Shoppers will no longer see them in the Brands list or on their brand pages. Their products stay on sale.`;
export const HIDE_SELECTED_BRANDS_PRODUCTS_QUESTION = (count: number) =>
  `Take every product of ${brandsWord(count)} off the storefront? Shoppers will not find them in search, lists or by their page, and cannot add them to a cart, until you put them back.`;
/** What update-all-brands is sent for each action of the selection. */
export function brandsBulkChange(action: BrandsBulkAction): { hidden: boolean } | { hide_products: boolean } {
  if (action === 'hide' || action === 'show') return { hidden: action === 'hide' };
  return { hide_products: action === 'hide-products' };
}
export const BRANDS_UPDATE_EMPTY = 'Send hidden or hide_products (or both) to change the brands.';
/** update-all-brands changes at most this many brands a call. */
export const BRANDS_UPDATE_MAX = 500;
/** The storefront's brand options (hide-brands-nav, set-brands-show-logo, set-brands-filter). */
export const BRAND_STOREFRONT_SAVED = 'Storefront brand settings saved.';
export const BRAND_STOREFRONT_SAVE_FAILED = 'The storefront brand settings could not be saved. Please try again.';

/** A brand's name as the owner typed it (inner spaces collapsed), or its problem. */
export function brandNameInput(name: string): { name: string } | { problem: string } {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (!clean) return { problem: BRAND_NAME_NEEDED };
  if (clean.length > BRAND_NAME_MAX_LENGTH) return { problem: BRAND_NAME_TOO_LONG };
  return { name: clean };
}

/**
 * A storefront link to the Brands index (/brands, its pages and searches): what hide-brands-nav takes out of the
 * header, its menus and the footer. A link to one brand's page (/b/…, /brands/{slug}-{id}) stays: the owner put it there.
 */
export function isBrandsIndexLink(target: string): boolean {
  const path = target.trim().toLowerCase().split(/[?#]/)[0].replace(/\/+$/, '');
  return path === '/brands' || /^\/brands\/page\/\d+$/.test(path);
}

/** Spec 3 §8: the logo modal's words. */
export const BRAND_LOGO_UPDATED = 'Brand logo updated';
export const BRAND_LOGO_SAVE_FAILED = 'Something went wrong while saving the logo';
export const BRAND_LOGO_NOT_AN_IMAGE = 'Enter the web address of the logo image (https://…) or its path in the store (/…).';
export const BRAND_LOGO_MAX_LENGTH = 2000;
/** Spec 3 §5, §9: the logo's recommended size. */
export const BRAND_LOGO_SIZE = '256x256';

/**
 * Spec 3 §4: in the brand alias modal, Add (or Update) is enabled once the alias has 2 or more characters or alt
 * text is present.
 */
export function canSaveBrandAlias(alias: string, altText: string): boolean {
  return alias.trim().length >= ALIAS_MIN_LENGTH || altText.trim().length > 0;
}

/**
 * The brand's alias and logo alt text as stored (inner spaces collapsed; empty is none), or the problems by field.
 * An alias may be left empty when alt text is given; an alias that is typed still needs 2 characters (a
 * one-letter alias would match every shopper's search starting with that letter).
 */
export function brandAliasInput(alias: string, altText: string): { alias: string | null; altTextLogo: string | null } | { problems: Record<string, string> } {
  const cleanAlias = alias.trim().replace(/\s+/g, ' ');
  const cleanAlt = altText.trim().replace(/\s+/g, ' ');
  const problems: Record<string, string> = {};
  if (!cleanAlias && !cleanAlt) problems.alias = BRAND_ALIAS_OR_ALT_NEEDED;
  else if (cleanAlias && cleanAlias.length < ALIAS_MIN_LENGTH) problems.alias = ALIAS_TOO_SHORT;
  else if (cleanAlias.length > ALIAS_MAX_LENGTH) problems.alias = ALIAS_TOO_LONG;
  if (cleanAlt.length > BRAND_ALT_TEXT_MAX_LENGTH) problems.altTextLogo = BRAND_ALT_TEXT_TOO_LONG;
  if (Object.keys(problems).length) return { problems };
  return { alias: cleanAlias || null, altTextLogo: cleanAlt || null };
}

/** A logo's address: a web address (http/https) or a path in the store, never javascript: or data:. */
export function brandLogoProblem(url: string): string | null {
  const clean = url.trim();
  return clean.length <= BRAND_LOGO_MAX_LENGTH && isWebLink(clean) ? null : BRAND_LOGO_NOT_AN_IMAGE;
}

/** The brands whose name or alias holds the typed words (the settings screen's search as you type). */
export function filterBrands<T extends { brand_name: string; alias: string | null }>(brands: readonly T[], typed: string): T[] {
  const words = typed.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...brands];
  return brands.filter((b) => {
    const text = `${b.brand_name} ${b.alias ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
