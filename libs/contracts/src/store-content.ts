// The store's public content beside its settings (spec 1 §7 Storefront): About us, how to reach the business, its
// public identity for page titles and link previews, the home page banner, the home page section types.
import { Type, type Static } from 'typebox';
import { StoreLocation } from './tenant';
import { WidgetTypeId } from './widgets';

/** GET about-us: the store's own About us story (sanitized HTML) and photos, shown on /store-info. */
export const AboutUs = Type.Object({
  title: Type.String(),
  body: Type.String({ description: 'Sanitized HTML; empty when the store wrote none' }),
  images: Type.Array(Type.Object({ url: Type.String(), alt: Type.String() })),
});
export type AboutUs = Static<typeof AboutUs>;

/** GET business-about-us: how to reach the business: its name, contact e-mail, main phone, social pages and every location. */
export const BusinessAboutUs = Type.Object({
  business_name: Type.String(),
  contact_email: Type.String(),
  phone: Type.String({ description: 'The first location’s phone, empty when none' }),
  social: Type.Array(Type.Object({ network: Type.String(), label: Type.String(), url: Type.String() })),
  locations: Type.Array(StoreLocation),
});
export type BusinessAboutUs = Static<typeof BusinessAboutUs>;

/** GET store-information: the store's public identity for the page title and link previews (meta description, og:image). */
export const PublicStoreInformation = Type.Object({
  business_name: Type.String(),
  site_title: Type.String({ description: 'The page title; the business name unless the store set one' }),
  meta_description: Type.String(),
  og_image: Type.Union([Type.String(), Type.Null()]),
});
export type PublicStoreInformation = Static<typeof PublicStoreInformation>;

/** GET home-banner: a line across the top of the home page (an announcement with an optional link), or null when the store has none. */
export const HomeBanner = Type.Object({
  text: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  link_text: Type.String(),
  background: Type.String({ description: 'A colour: 3 or 6 hex digits, or a theme colour name' }),
  color: Type.String(),
});
export type HomeBanner = Static<typeof HomeBanner>;

/** GET widget-type/get: the kinds of home page section (HomepageWidget.type). */
export const WidgetType = Type.Object({
  id: WidgetTypeId,
  name: Type.String(),
  description: Type.String(),
});
export type WidgetType = Static<typeof WidgetType>;

/** The owner's browse settings (admin/settings/browse): the listing pages' default sort, out-of-stock items, the 'Only N Left' threshold. */
export const BrowseSettingsBody = Type.Object({
  defaultSort: Type.String({ maxLength: 40, description: 'One of relevancy, price-asc, price-desc, latest, title-asc, manufacturer-no' }),
  filterShowOutOfStock: Type.Boolean({ description: 'Listing pages show out-of-stock products too (in_stock_only 0 by default)' }),
  lowStockThreshold: Type.Integer({ minimum: -1000000, maximum: 1000000, description: "'Only N Left' shows for stock from 1 up to this (0: never); 0-999" }),
}, { additionalProperties: false });

/** Any of the cart settings (admin/settings/cart); what is left out is kept. Bounds beyond the schema's are libs/domain's (422). */
export const CartSettingsBody = Type.Object({
  hideTax: Type.Optional(Type.Boolean({ description: 'Leave the tax rows out of the cart and checkout totals (the total still includes tax)' })),
  taxDisclaimer: Type.Optional(Type.String({ maxLength: 5000, description: 'Shown under the tax in the cart and checkout totals; at most 300 characters; empty: none' })),
  mergeAdditionalFeeWithSubtotal: Type.Optional(Type.Boolean({ description: 'Show the additional fees inside the subtotal instead of on their own line' })),
  hideDeliveryZipcode: Type.Optional(Type.Boolean({ description: "Leave the delivery zip box out of the cart's delivery tab" })),
  allowSpecialOrderVendors: Type.Optional(Type.Array(Type.Integer({ minimum: -2147483648, maximum: 2147483647 }), {
    maxItems: 1000, description: 'Vendor numbers (1-99999999, at most 100) whose out-of-stock items shoppers may special-order; empty: none',
  })),
}, { additionalProperties: false });

/** The hosts where the storefront routes by hash (admin/settings/hash-routing-hosts); each a host name alone, at most 20 (422 names a bad one). */
export const HashRoutingHostsBody = Type.Object({
  hashRoutingHosts: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 200, description: 'Host names such as shop.example.com (no scheme, port or path); empty: hash routing only inside another page\'s frame' }),
}, { additionalProperties: false });
export type HashRoutingHostsBody = Static<typeof HashRoutingHostsBody>;

/** The home banner as the owner writes it, on or off (GET admin/home-banner, POST home-banner/update). */
export const HomeBannerSettings = Type.Object({
  enabled: Type.Boolean(),
  text: Type.String({ maxLength: 1000 }),
  link: Type.String({ maxLength: 500, description: 'Empty, a web address or a path in the store' }),
  link_text: Type.String({ maxLength: 200 }),
  background: Type.String({ maxLength: 20, description: "Empty: the store's main colour; else # and 3 or 6 hex digits" }),
}, { additionalProperties: false });
export type HomeBannerSettings = Static<typeof HomeBannerSettings>;

/** The About us story as the owner writes it (POST about-us/story); the body is sanitized before it is kept. */
export const AboutStoryBody = Type.Object({
  title: Type.String({ maxLength: 500 }),
  body: Type.String({ maxLength: 50000 }),
  images: Type.Array(Type.Object({ url: Type.String({ maxLength: 1000 }), alt: Type.String({ maxLength: 500 }) }, { additionalProperties: false }), { maxItems: 50 }),
}, { additionalProperties: false });

/** The page title, description and sharing image as set (blank: the defaults GET store-information fills in). */
export const StoreSeoSettings = Type.Object({
  site_title: Type.String({ maxLength: 500 }),
  meta_description: Type.String({ maxLength: 2000 }),
  og_image: Type.String({ maxLength: 1000 }),
}, { additionalProperties: false });
export type StoreSeoSettings = Static<typeof StoreSeoSettings>;

/** The store's social pages (social/update): each empty or a web address. */
const SocialLink = Type.String({ maxLength: 500 });
export const SocialLinksBody = Type.Object({
  facebook_link: SocialLink, twitter_link: SocialLink, instagram_link: SocialLink, pinterest_link: SocialLink,
  youtube_link: SocialLink, linkedin_link: SocialLink, tiktok_link: SocialLink,
}, { additionalProperties: false });
