// What the back office edits of the storefront's browse settings and public content, and the rules for it.
import { isHexColor, textColorOn } from './color';
import { PRODUCT_SORTS, type ProductSort } from './search-display';

/** The storefront's listing defaults an owner sets (spec 1 §4 Stock display, §9): the sort, out-of-stock items, 'Only N Left'. */
export interface BrowseSettings {
  defaultSort: ProductSort;
  filterShowOutOfStock: boolean;
  lowStockThreshold: number;
}

/** The highest 'Only N Left' threshold a store may set (a count above it reads as a plain 'In Stock'). */
export const MAX_LOW_STOCK_THRESHOLD = 999;
export const UNKNOWN_SORT = 'Choose one of the sort orders listed.';
export const LOW_STOCK_RANGE = `Enter a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}.`;

/** Field problems of the browse settings, keyed as the API names them. */
export function browseSettingsProblems(input: BrowseSettings): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!(PRODUCT_SORTS as readonly string[]).includes(input.defaultSort)) problems.defaultSort = UNKNOWN_SORT;
  if (!Number.isInteger(input.lowStockThreshold) || input.lowStockThreshold < 0 || input.lowStockThreshold > MAX_LOW_STOCK_THRESHOLD) problems.lowStockThreshold = LOW_STOCK_RANGE;
  return problems;
}

/** A link a store may show: a web address (http/https) or a path in the store ('/store-info'), nothing else (javascript:, data:, //host). */
export function isWebLink(value: string): boolean {
  return /^(https?:\/\/[^\s/]+\S*|\/(?!\/)\S*)$/i.test(value.trim());
}
export const BAD_LINK = 'Enter a web address starting with https:// or a page of the store starting with /.';
export const BAD_WEB_ADDRESS = 'Enter a web address starting with https://.';
const isHttpAddress = (value: string) => /^https?:\/\/[^\s/]+\S*$/i.test(value.trim());
const tooLong = (max: number) => `Keep it to ${max} characters or fewer.`;

/** The home page's announcement line as the owner writes it (GET home-banner answers what shoppers see). */
export interface HomeBannerInput {
  enabled: boolean;
  text: string;
  link: string;
  link_text: string;
  /** Empty: the store's main colour; else 3 or 6 hex digits. */
  background: string;
}
export const BANNER_TEXT_MAX = 200;
export const BANNER_LINK_TEXT_MAX = 40;
export const BANNER_TEXT_NEEDED = 'Write the announcement, or turn the banner off.';
export const BAD_COLOUR = 'Choose a colour as # and 3 or 6 hex digits, e.g. #1f5f99.';

export function homeBannerProblems(input: HomeBannerInput): Record<string, string> {
  const problems: Record<string, string> = {};
  const text = input.text.trim();
  if (input.enabled && !text) problems.text = BANNER_TEXT_NEEDED;
  else if (text.length > BANNER_TEXT_MAX) problems.text = tooLong(BANNER_TEXT_MAX);
  if (input.link.trim() && !isWebLink(input.link)) problems.link = BAD_LINK;
  if (input.link_text.trim().length > BANNER_LINK_TEXT_MAX) problems.link_text = tooLong(BANNER_LINK_TEXT_MAX);
  if (input.background.trim() && !isHexColor(input.background)) problems.background = BAD_COLOUR;
  return problems;
}

/** The banner as stored: trimmed, the colour with its '#', and a text colour that reads on it (the theme's own on the main colour). */
export function normalizeHomeBanner(input: HomeBannerInput): HomeBannerInput & { color: string } {
  const bg = input.background.trim();
  const background = bg ? (bg.startsWith('#') ? bg : `#${bg}`).toLowerCase() : '';
  return { enabled: input.enabled, text: input.text.trim(), link: input.link.trim(), link_text: input.link_text.trim(), background, color: background ? textColorOn(background) : '' };
}

/** The store's public identity (GET store-information): page title, search-result description, link-preview image. */
export interface StoreSeoInput { site_title: string; meta_description: string; og_image: string }
export const SITE_TITLE_MAX = 70;
export const META_DESCRIPTION_MAX = 300;

export function storeSeoProblems(input: StoreSeoInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.site_title.trim().length > SITE_TITLE_MAX) problems.site_title = tooLong(SITE_TITLE_MAX);
  if (input.meta_description.trim().length > META_DESCRIPTION_MAX) problems.meta_description = tooLong(META_DESCRIPTION_MAX);
  if (input.og_image.trim() && !isHttpAddress(input.og_image)) problems.og_image = BAD_WEB_ADDRESS;
  return problems;
}

/** The About us story on /store-info (GET about-us): a title, HTML the server sanitizes, photos by address. */
export interface AboutStoryInput { title: string; body: string; images: { url: string; alt: string }[] }
export const ABOUT_TITLE_MAX = 100;
export const ABOUT_BODY_MAX = 20000;
export const ABOUT_IMAGES_MAX = 12;
export const IMAGE_ALT_MAX = 150;
export const IMAGE_ALT_NEEDED = 'Describe the photo for shoppers who cannot see it.';

export function aboutStoryProblems(input: AboutStoryInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.title.trim().length > ABOUT_TITLE_MAX) problems.title = tooLong(ABOUT_TITLE_MAX);
  if (input.body.length > ABOUT_BODY_MAX) problems.body = tooLong(ABOUT_BODY_MAX);
  if (input.images.length > ABOUT_IMAGES_MAX) problems.images = `Add at most ${ABOUT_IMAGES_MAX} photos.`;
  input.images.forEach((image, index) => {
    if (!isHttpAddress(image.url)) problems[`images.${index}.url`] = BAD_WEB_ADDRESS;
    if (!image.alt.trim()) problems[`images.${index}.alt`] = IMAGE_ALT_NEEDED;
    else if (image.alt.trim().length > IMAGE_ALT_MAX) problems[`images.${index}.alt`] = tooLong(IMAGE_ALT_MAX);
  });
  return problems;
}

/** The store's social pages (business details *_link; listed on business-about-us), in the order shown. */
export const SOCIAL_LINKS = [
  ['facebook_link', 'Facebook'], ['twitter_link', 'X (Twitter)'], ['instagram_link', 'Instagram'], ['pinterest_link', 'Pinterest'],
  ['youtube_link', 'YouTube'], ['linkedin_link', 'LinkedIn'], ['tiktok_link', 'TikTok'],
] as const;
export type SocialLinkKey = (typeof SOCIAL_LINKS)[number][0];
export type SocialLinks = Record<SocialLinkKey, string>;

/** Each social link is empty (not shown) or a web address. */
export function socialLinksProblems(links: SocialLinks): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [key] of SOCIAL_LINKS) if (links[key].trim() && !isHttpAddress(links[key])) problems[key] = BAD_WEB_ADDRESS;
  return problems;
}

/** Spec 3 §5, §9: an alias has at least 2 characters. */
export const ALIAS_MIN_LENGTH = 2;
export const ALIAS_MAX_LENGTH = 60;
export const ALIAS_TOO_SHORT = `An alias needs at least ${ALIAS_MIN_LENGTH} characters.`;
export const ALIAS_TOO_LONG = `Keep an alias to ${ALIAS_MAX_LENGTH} characters or fewer.`;
export const ALIAS_ADDED = 'Alias added successfully!';
export const ALIAS_ADD_FAILED = 'Something went wrong while trying to add alias.';
export const ALIAS_REMOVED = 'Alias removed successfully';
export const ALIAS_REMOVE_FAILED = 'Something went wrong while trying to remove alias.';
export const ALIAS_ALREADY_THERE = 'This department already has that alias.';

/** The alias as stored (inner spaces collapsed), or the problem with it. */
export function departmentAlias(name: string): { name: string } | { problem: string } {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length < ALIAS_MIN_LENGTH) return { problem: ALIAS_TOO_SHORT };
  if (clean.length > ALIAS_MAX_LENGTH) return { problem: ALIAS_TOO_LONG };
  return { name: clean };
}
