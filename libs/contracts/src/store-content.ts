// The store's public content beside its settings (spec 1 §7 Storefront): About us, how to reach the business, its
// public identity for page titles and link previews, the home page banner, the home page section types.
import { Type, type Static } from 'typebox';
import { StoreLocation } from './tenant';

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
  id: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('4')]),
  name: Type.String(),
  description: Type.String(),
});
export type WidgetType = Static<typeof WidgetType>;
