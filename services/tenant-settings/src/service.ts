import { Location, scoped } from '@platform/db';
import type { BusinessDetails, CustomFormField, StoreLocation, StoreSettings } from '@platform/contracts';
import { ACCOUNT_FIELD_DEFAULTS, DEFAULT_LOW_STOCK_THRESHOLD, FULFILMENT_MODES, fulfilmentDisclaimer, storeDistanceMiles } from '@platform/domain';
import { openSecret, sealSecret, TtlCache, type RequestContext } from '@platform/server-kit';
import { StoreProfile } from './models';

/** Base settings every tenant starts from; a tenant's stored settings are deep-merged over them. */
export const DEFAULT_SETTINGS = {
  colors: { primary: '#1f5f99', secondary: '#f4b400', headerBackground: '#ffffff', headerText: '#1d1d1f', footerBackground: '#1d1d1f', footerText: '#ffffff', link: '#1f5f99' },
  font: 'Helvetica, Arial, sans-serif',
  favicon: null as string | null,
  navigationFontSize: 15,
  homeAlert: null as { text: string; fontSize: number } | null,
  buyingFromAlert: null as { text: string } | null,
  hideRegistration: false,
  hideBrandFilter: false,
  /** Brand Settings › Storefront (hide-brands-nav, set-brands-show-logo). */
  hideBrandsNav: false,
  brandsShowLogo: true,
  legacyAddToCartToast: false,
  text: { specialOrderFee: 'Special Order' },
  cart: { hideTax: false, taxDisclaimer: '', mergeAdditionalFeeWithSubtotal: false, hideDeliveryZipcode: false, allowSpecialOrderVendors: [] as number[] },
  products: { itemsPerPage: 96, currencyPrefix: '$', capitalizeTitle: false, useOriginalTitle: false, lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD, defaultSort: 'relevancy' },
  /** Listing pages show out-of-stock products too (in_stock_only 0) when on (spec 1 §9). */
  filterShowOutOfStock: false,
  sms_notifications_enabled: true,
  custom_fields: { signup: [] as CustomFormField[] },
  featuredProductsTitle: '',
  /** Hosts that route by hash (libs/domain routing.ts); none by default. */
  hashRoutingHosts: [] as string[],
  /** Registration's optional account-number field: spec 2's words until the owner sets their own (admin/customers/accountSettings). */
  account_field_info: { label: ACCOUNT_FIELD_DEFAULTS.label as string, help: ACCOUNT_FIELD_DEFAULTS.help as string },
};

export const DEFAULT_BUSINESS = {
  contact_email: '',
  facebook_link: '', twitter_link: '', instagram_link: '', pinterest_link: '', youtube_link: '', linkedin_link: '', tiktok_link: '',
  pickup_enabled: true,
  delivery_enabled: false,
  shipping_enabled: false,
  departments_hierarchy_level: 3,
  show_stock_level: false,
  show_oos_special: false,
  verify_phone_at_checkout: false,
  recurring_orders_enabled: false,
  show_competitors: false,
  delivery_locations: [] as { code: string; fee: string; minThreshold: string | null; thresholdFee: string | null }[],
  special_order_fee: '0.00',
  special_order_sla: '3-8 days',
  /** The store's own words for delivery and pickup shoppers; blank: spec 2 §9's defaults (filled in by getBusinessDetails). */
  delivery_settings: { delivery_disclaimer: '' },
  pickup_disclaimer: '',
  wizard_enabled: false,
  /** Owner e-mail preferences, turned off by the links in those e-mails (opt-outs.ts). */
  wizard_reminders: true,
  landing_page_auto_update: true,
  /** The cooperative's rewards programme and the field members are looked up by. */
  rewards_enabled: false,
  loyality_lookup_field: 'phone' as 'phone' | 'email',
  local_ad: { enabled: false, title: 'Weekly Ad', valid_from: null as string | null, valid_to: null as string | null, pages: [] as { image: string; alt: string }[] },
  tax_rates: [] as { location_id: number; rate: string }[],
  destination_tax_rates: [] as { zip: string; rate: string }[],
  other_tax_rows: [] as { label: string; rate: string }[],
  shipping_settings: {
    handling_fee: '0.00',
    table_rates: [] as { carrier: string; service: string; delivery_days: string; free_over: string | null; bands: { up_to_weight: number | null; fee: string }[] }[],
  },
};

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep-merges stored values over defaults; arrays and scalars replace. */
export function mergeDefaults<T>(defaults: T, stored: unknown): T {
  if (!isPlain(defaults) || !isPlain(stored)) return (stored === undefined ? defaults : stored) as T;
  const out: Plain = { ...defaults };
  for (const [key, value] of Object.entries(stored)) out[key] = key in out ? mergeDefaults(out[key], value) : value;
  return out as T;
}

/**
 * Profiles and locations are read on nearly every request (cart totals, business details) and change
 * rarely; each FerretDB round trip costs ~4 ms, so they are kept 10 s per tenant and process. A settings
 * write must call forgetStoreProfile for its own process; others see it within 10 s.
 */
const cache = new TtlCache(10_000);
const cached = <T>(key: string, load: () => Promise<T>) => cache.get(key, load);

export function forgetStoreProfile(tenantId: string): void {
  cache.delete(`profile:${tenantId}`);
  cache.delete(`locations:${tenantId}`);
}

/** The tenant's stored profile (settings, business, navigation, footer, legal documents), cached 10 s. */
export function storeProfile(ctx: RequestContext) {
  return profile(ctx);
}

type StoredProfile = { settings?: Plain; business?: Plain; navigation?: Plain[]; navGroups?: Plain[]; shippingCarrier?: ShippingCarrierAccount };
/** A cached profile with what is worked out from it, so a request does not merge the defaults again. */
interface ProfileEntry { doc: StoredProfile | null; settings?: Omit<StoreSettings, 'mapTileUrl'>; business?: { locations: unknown; value: BusinessDetails }; derived?: Map<string, unknown> }

function profileEntry(ctx: RequestContext): Promise<ProfileEntry> {
  return cached(`profile:${ctx.tenantId}`, async () => ({ doc: (await StoreProfile.findOne(scoped(ctx)).lean()) as StoredProfile | null }));
}

async function profile(ctx: RequestContext) {
  return (await profileEntry(ctx)).doc;
}

/**
 * What `make` works out from the tenant's profile (the payment settings with their secrets opened), kept with the
 * cached profile under `name`: forgetStoreProfile drops it with the profile, so a saved change is used at once.
 * Shared by every caller: they must not change it.
 */
export async function fromStoreProfile<T>(ctx: RequestContext, name: string, make: (doc: Record<string, unknown> | null) => T): Promise<T> {
  const entry = await profileEntry(ctx);
  const derived = (entry.derived ??= new Map());
  if (!derived.has(name)) derived.set(name, make(entry.doc as Record<string, unknown> | null));
  return derived.get(name) as T;
}

/** The carrier account a store connected for live shipping quotes and labels; never sent to browsers. */
export interface ShippingCarrierAccount { adapter: 'table_rate' | 'easypost'; apiKey: string; description?: string; connectedAt?: Date | null; connectedBy?: string | null }

/** The store's connected carrier account with its key opened; the table rates when none (a key stored in the clear is not used). */
export async function getShippingCarrierAccount(ctx: RequestContext): Promise<ShippingCarrierAccount> {
  const stored = (await profile(ctx))?.shippingCarrier;
  const apiKey = stored?.adapter === 'easypost' ? openSecret(stored.apiKey) : null;
  return apiKey ? { ...stored!, apiKey } : { adapter: 'table_rate', apiKey: '' };
}

/** Connects the store's EasyPost account (its key sealed), or disconnects it (null): checkout then quotes with the table rates. */
export async function saveShippingCarrierAccount(ctx: RequestContext, account: { apiKey: string; description: string } | null): Promise<void> {
  const shippingCarrier = account
    ? { adapter: 'easypost', apiKey: sealSecret(account.apiKey), description: account.description, connectedAt: new Date(), connectedBy: ctx.caller?.slug ?? null }
    : { adapter: 'table_rate', apiKey: '', description: '', connectedAt: null, connectedBy: null };
  await StoreProfile.updateOne(scoped(ctx), { $set: { shippingCarrier } }, { upsert: true });
  forgetStoreProfile(ctx.tenantId);
}

/**
 * The store's settings over the defaults. Nearly every request reads them, so the merge is kept with the
 * cached profile (a fresh top-level copy each call; nested values are shared: callers must not change them).
 */
export async function getStoreSettings(ctx: RequestContext): Promise<StoreSettings> {
  const entry = await profileEntry(ctx);
  entry.settings ??= {
    businessSlug: ctx.tenant.slug,
    businessName: ctx.tenant.name,
    businessId: ctx.tenant.businessId,
    variant: ctx.tenant.variant,
    ...mergeDefaults(DEFAULT_SETTINGS, entry.doc?.settings ?? {}),
  };
  // Platform-wide (MAP_TILE_URL), unless the store set its own.
  return { ...entry.settings, mapTileUrl: (entry.settings as { mapTileUrl?: string | null }).mapTileUrl ?? process.env.MAP_TILE_URL ?? null } as StoreSettings;
}

export async function listLocations(ctx: RequestContext): Promise<StoreLocation[]> {
  return (await cachedLocations(ctx)).map((l) => ({ ...l, hours: { ...l.hours } }));
}

/** The locations as answered, kept with the cached documents (callers get copies from listLocations). */
const locationViews = new WeakMap<object, StoreLocation[]>();
async function cachedLocations(ctx: RequestContext): Promise<StoreLocation[]> {
  const docs = await cached(`locations:${ctx.tenantId}`, async () => await Location.find(scoped(ctx)).sort({ sortOrder: 1, locationId: 1 }).lean() as any[]);
  let views = locationViews.get(docs);
  if (!views) locationViews.set(docs, views = locationViewsOf(ctx, docs));
  return views;
}

function locationViewsOf(ctx: RequestContext, docs: any[]): StoreLocation[] {
  return docs.map((d) => ({
    id: d.locationId,
    name: d.name,
    address: d.address,
    city: d.city ?? '',
    state: d.state ?? '',
    zip: d.zip ?? '',
    phone: d.phone ?? '',
    latitude: d.latitude ?? 0,
    longitude: d.longitude ?? 0,
    store_number: d.storeNumber ?? '',
    business_id: ctx.tenant.businessId,
    hours: Object.fromEntries(Object.entries(d.hours ?? {}).map(([day, h]: [string, any]) => [day, { open: h?.open ?? '', close: h?.close ?? '', closed: Boolean(h?.closed) }])),
  }));
}

/** The business details over the defaults, worked out once per cached profile and locations (as getStoreSettings). */
export async function getBusinessDetails(ctx: RequestContext): Promise<BusinessDetails> {
  const [entry, locations] = await Promise.all([profileEntry(ctx), cachedLocations(ctx)]);
  if (entry.business?.locations !== locations) {
    const business = mergeDefaults(DEFAULT_BUSINESS, entry.doc?.business ?? {});
    entry.business = { locations, value: {
      business_id: ctx.tenant.businessId,
      original_company: ctx.tenant.name,
      other_ecommerce_plan: ctx.tenant.plan,
      about_us: { locations },
      ...business,
      delivery_settings: { ...business.delivery_settings, delivery_disclaimer: fulfilmentDisclaimer(business, FULFILMENT_MODES.delivery)! },
      pickup_disclaimer: fulfilmentDisclaimer(business, FULFILMENT_MODES.pickup)!,
    } };
  }
  return { ...entry.business.value };
}

/**
 * The locations with their distance (spec 1 §9 rule) from a point the shopper gave, else from the selected
 * store (the first location when none is selected), nearest first.
 */
export async function storesByDistance(ctx: RequestContext, origin: { lat?: number; lng?: number }) {
  const locations = await listLocations(ctx);
  const selected = locations.find((l) => l.id === ctx.storeId) ?? locations[0];
  const from = origin.lat !== undefined && origin.lng !== undefined ? { latitude: origin.lat, longitude: origin.lng } : selected;
  return locations
    .map((l) => ({ ...l, distance: from ? storeDistanceMiles(from, l) : 0 }))
    .sort((a, b) => a.distance - b.distance || a.id - b.id);
}
