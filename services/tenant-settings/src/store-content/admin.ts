import type { Redis } from 'ioredis';
import { scoped } from '@platform/db';
import {
  aboutStoryProblems, browseSettingsProblems, CART_SETTING_KEYS, cartSettingsProblems, hashRoutingHostsProblems, normalizeCartSettings, homeBannerProblems, normalizeHashRoutingHosts, normalizeHomeBanner, socialLinksProblems, SOCIAL_LINKS, storeSeoProblems,
  type AboutStoryInput, type BrowseSettings, type CartSettings, type HomeBannerInput, type SocialLinks, type StoreSeoInput,
} from '@platform/domain';
import { rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { cleanHtml } from '../content';
import { StoreProfile } from '../models';
import { forgetStoreProfile, getBusinessDetails, getStoreSettings, storeProfile } from '../service';
import { forgetStartup } from '../startup';
import { getAboutUs } from './service';
import { forgetUploadedImage } from '../uploads/images';

export const BROWSE_SETTINGS_SAVED = 'Product listing settings saved.';
export const CART_SETTINGS_SAVED = 'Cart settings saved.';
export const HASH_ROUTING_SAVED = 'Hash routing hosts saved.';
export const BANNER_SAVED = 'Home banner saved.';
export const BANNER_OFF = 'The home banner is off.';
export const STORY_SAVED = 'About us story saved.';
export const SEO_SAVED = 'Search and sharing details saved.';
export const OG_IMAGE_REMOVED = 'The sharing image has been removed.';
export const SOCIAL_SAVED = 'Social media links saved.';

export interface Resources { redis: Redis; prefix: string }

/** Writes a part of the store's profile and drops the caches, so shoppers (and the start-up bundle) see it at once. */
export async function saveProfile(ctx: RequestContext, { redis, prefix }: Resources, set: Record<string, unknown>): Promise<void> {
  await StoreProfile.updateOne(scoped(ctx), { $set: set }, { upsert: true });
  forgetStoreProfile(ctx.tenantId);
  await forgetStartup(redis, prefix, ctx.tenantId);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const storedContent = async (ctx: RequestContext) =>
  ((await storeProfile(ctx)) as { content?: { banner?: Record<string, unknown>; seo?: Record<string, unknown> } } | null)?.content ?? {};

/** Browse settings (spec 1 §9 default sort and out-of-stock rule, §4 'Only N Left'): checked, then saved in the store settings. */
export async function saveBrowseSettings(ctx: RequestContext, resources: Resources, input: BrowseSettings) {
  rejectFieldProblems(browseSettingsProblems(input));
  await saveProfile(ctx, resources, {
    'settings.products.defaultSort': input.defaultSort,
    'settings.products.lowStockThreshold': input.lowStockThreshold,
    'settings.filterShowOutOfStock': input.filterShowOutOfStock,
  });
  return { status: 'success', message: BROWSE_SETTINGS_SAVED, data: await getStoreSettings(ctx) };
}

/**
 * The cart settings (spec 1 §3 store settings `cart`): any of them, checked together, then written one by one so
 * what was not sent is kept; a refused save changes nothing. The cart service reads them through GET settings' cache.
 */
export async function saveCartSettings(ctx: RequestContext, resources: Resources, input: Partial<CartSettings>) {
  rejectFieldProblems(cartSettingsProblems(input));
  const stored = normalizeCartSettings(input);
  const set = Object.fromEntries(CART_SETTING_KEYS.filter((key) => key in stored).map((key) => [`settings.cart.${key}`, stored[key]]));
  if (Object.keys(set).length) await saveProfile(ctx, resources, set);
  return { status: 'success', message: CART_SETTINGS_SAVED, data: await getStoreSettings(ctx) };
}

/**
 * The hosts where the storefront routes by hash (libs/domain routing.ts): checked, stored normalized in the store
 * settings; GET settings and the start-up bundle follow at once (a page opened afterwards routes by them).
 */
export async function saveHashRoutingHosts(ctx: RequestContext, resources: Resources, hosts: string[]) {
  rejectFieldProblems(hashRoutingHostsProblems(hosts));
  await saveProfile(ctx, resources, { 'settings.hashRoutingHosts': normalizeHashRoutingHosts(hosts) });
  return { status: 'success', message: HASH_ROUTING_SAVED, data: await getStoreSettings(ctx) };
}

/** The home banner as the owner last wrote it, on or off (GET home-banner answers only a banner that shows). */
export async function homeBannerForAdmin(ctx: RequestContext): Promise<HomeBannerInput> {
  const banner = (await storedContent(ctx)).banner ?? {};
  const background = text(banner.background);
  return {
    enabled: Boolean(text(banner.text).trim()) && banner.enabled !== false,
    text: text(banner.text), link: text(banner.link), link_text: text(banner.link_text),
    // A theme colour name (seeded stores) shows as the main colour: the owner picks hex colours only.
    background: /^#?[0-9a-f]{3}([0-9a-f]{3})?$/i.test(background) ? (background.startsWith('#') ? background : `#${background}`) : '',
  };
}

export async function saveHomeBanner(ctx: RequestContext, resources: Resources, input: HomeBannerInput) {
  rejectFieldProblems(homeBannerProblems(input));
  await saveProfile(ctx, resources, { 'content.banner': normalizeHomeBanner(input) });
  return { status: 'success', message: input.enabled ? BANNER_SAVED : BANNER_OFF, data: await homeBannerForAdmin(ctx) };
}

/** The About us story: its HTML sanitized before it is stored (what GET about-us answers is what was kept). */
export async function saveAboutStory(ctx: RequestContext, resources: Resources, input: AboutStoryInput) {
  rejectFieldProblems(aboutStoryProblems(input));
  await saveProfile(ctx, resources, {
    'content.about': { title: input.title.trim(), body: cleanHtml(input.body.trim()), images: input.images.map((i) => ({ url: i.url.trim(), alt: i.alt.trim() })) },
  });
  return { status: 'success', message: STORY_SAVED, data: await getAboutUs(ctx) };
}

/** The page title, description and sharing image as the owner set them (blank: the storefront's defaults). */
export async function storeSeoForAdmin(ctx: RequestContext): Promise<StoreSeoInput> {
  const seo = (await storedContent(ctx)).seo ?? {};
  return { site_title: text(seo.site_title), meta_description: text(seo.meta_description), og_image: text(seo.og_image) };
}

export async function saveStoreSeo(ctx: RequestContext, resources: Resources, input: StoreSeoInput) {
  rejectFieldProblems(storeSeoProblems(input));
  await saveProfile(ctx, resources, { 'content.seo': { site_title: input.site_title.trim(), meta_description: input.meta_description.trim(), og_image: input.og_image.trim() } });
  return { status: 'success', message: SEO_SAVED, data: await storeSeoForAdmin(ctx) };
}

/** Clears the sharing image; one the store uploaded is deleted too unless its About us story shows it. */
export async function deleteOgImage(ctx: RequestContext, resources: Resources) {
  // Read afresh (not the 10 s cache): another process may have just saved a story showing this image.
  const stored = await StoreProfile.findOne(scoped(ctx)).select('content').lean() as { content?: { seo?: { og_image?: unknown }; about?: { images?: { url?: unknown }[] } } } | null;
  const content = stored?.content ?? {};
  await saveProfile(ctx, resources, { 'content.seo.og_image': '' });
  await forgetUploadedImage(ctx, text(content.seo?.og_image), (content.about?.images ?? []).map((image) => text(image.url)));
  return { status: 'success', message: OG_IMAGE_REMOVED, data: await storeSeoForAdmin(ctx) };
}

/** social/update: the store's social pages (business details; listed on business-about-us and the footer). */
export async function saveSocialLinks(ctx: RequestContext, resources: Resources, links: SocialLinks) {
  rejectFieldProblems(socialLinksProblems(links));
  await saveProfile(ctx, resources, Object.fromEntries(SOCIAL_LINKS.map(([key]) => [`business.${key}`, links[key].trim()])));
  const business = await getBusinessDetails(ctx);
  return { status: 'success', message: SOCIAL_SAVED, data: Object.fromEntries(SOCIAL_LINKS.map(([key]) => [key, business[key]])) as SocialLinks };
}
