import type { AboutUs, BusinessAboutUs, HomeBanner, PublicStoreInformation, WidgetType } from '@platform/contracts';
import type { RequestContext } from '@platform/server-kit';
import { isWebLink } from '@platform/domain';
import { cleanHtml } from '../content';
import { getBusinessDetails, listLocations, storeProfile } from '../service';

/**
 * What the store wrote for its public pages, kept in its profile's `content` (one per tenant):
 * `about` {title, body, images}, `banner` {text, link, link_text, background, color, enabled},
 * `seo` {site_title, meta_description, og_image}. Missing parts read as the defaults below.
 */
interface StoredContent {
  about?: { title?: unknown; body?: unknown; images?: unknown };
  banner?: { text?: unknown; link?: unknown; link_text?: unknown; background?: unknown; color?: unknown; enabled?: unknown };
  seo?: { site_title?: unknown; meta_description?: unknown; og_image?: unknown };
}

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value.trim() : fallback);
/** Only web and in-store addresses are linked: anything else (javascript:, data:) is dropped. */
const safeUrl = (value: unknown) => {
  const url = text(value);
  return isWebLink(url) ? url : null;
};

async function storedContent(ctx: RequestContext): Promise<StoredContent> {
  return ((await storeProfile(ctx)) as { content?: StoredContent } | null)?.content ?? {};
}

export const DEFAULT_ABOUT_TITLE = 'About Us';

/** GET about-us: the store's story as sanitized HTML and its photos (those without a usable address left out). */
export async function getAboutUs(ctx: RequestContext): Promise<AboutUs> {
  const about = (await storedContent(ctx)).about ?? {};
  const images = Array.isArray(about.images) ? about.images as { url?: unknown; alt?: unknown }[] : [];
  return {
    title: text(about.title) || DEFAULT_ABOUT_TITLE,
    body: cleanHtml(text(about.body)),
    images: images.flatMap((image) => { const url = safeUrl(image?.url); return url ? [{ url, alt: text(image.alt) }] : []; }),
  };
}

const SOCIAL = [
  ['facebook_link', 'facebook', 'Facebook'], ['twitter_link', 'twitter', 'X (Twitter)'], ['instagram_link', 'instagram', 'Instagram'],
  ['pinterest_link', 'pinterest', 'Pinterest'], ['youtube_link', 'youtube', 'YouTube'], ['linkedin_link', 'linkedin', 'LinkedIn'], ['tiktok_link', 'tiktok', 'TikTok'],
] as const;

/** GET business-about-us: the business's name, contact e-mail, main phone, social pages and locations (with hours). */
export async function getBusinessAboutUs(ctx: RequestContext): Promise<BusinessAboutUs> {
  const [business, locations] = await Promise.all([getBusinessDetails(ctx), listLocations(ctx)]);
  return {
    business_name: ctx.tenant.name,
    contact_email: business.contact_email,
    phone: locations.find((l) => l.phone)?.phone ?? '',
    social: SOCIAL.flatMap(([key, network, label]) => { const url = safeUrl(business[key]); return url ? [{ network, label, url }] : []; }),
    locations,
  };
}

/** GET store-information: the page title (the business name unless the store set one), meta description and sharing image. */
export async function getPublicStoreInformation(ctx: RequestContext): Promise<PublicStoreInformation> {
  const seo = (await storedContent(ctx)).seo ?? {};
  return {
    business_name: ctx.tenant.name,
    site_title: text(seo.site_title) || ctx.tenant.name,
    meta_description: text(seo.meta_description).slice(0, 300),
    og_image: safeUrl(seo.og_image),
  };
}

/** GET home-banner: the home page's announcement line, or null when the store has none (or turned it off). */
export async function getHomeBanner(ctx: RequestContext): Promise<HomeBanner | null> {
  const banner = (await storedContent(ctx)).banner;
  if (!banner || banner.enabled === false || !text(banner.text)) return null;
  const link = safeUrl(banner.link);
  return {
    text: text(banner.text),
    link,
    link_text: link ? text(banner.link_text) || 'Learn more' : '',
    background: text(banner.background) || 'primary',
    // White on the store's own colour; on the theme's primary, the theme's text colour for it.
    color: text(banner.color) || (text(banner.background) ? '#ffffff' : 'onPrimary'),
  };
}

/** GET widget-type/get: the kinds of home page section a store can add (HomepageWidget.type). */
export const WIDGET_TYPES: WidgetType[] = [
  { id: '4', name: 'Image carousel', description: 'Pictures that slide one after another, each optionally linking somewhere.' },
  { id: '1', name: 'Text and images', description: 'A block of formatted text with images and links.' },
  { id: '2', name: 'Product row', description: 'A row of products: chosen ones, or from a department or brand.' },
  { id: '5', name: 'Testimonials', description: 'Cards with what customers say about the store, each with a star rating.' },
];
