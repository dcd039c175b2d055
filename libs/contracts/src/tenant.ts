// A store's own settings and content: locations, settings, footer, legal documents, pages, navigation, business details, setup wizard, payment and site settings.
import { Type, type Static } from 'typebox';
import { Money } from './common';

export const Hours = Type.Record(Type.String(), Type.Object({ open: Type.String(), close: Type.String(), closed: Type.Boolean() }));

export const StoreLocation = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zip: Type.String(),
  phone: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  store_number: Type.String(),
  business_id: Type.Integer(),
  hours: Hours,
});
export type StoreLocation = Static<typeof StoreLocation>;

/** The footer a store configures (spec 1 §3 Footer settings). */
export const FooterSettings = Type.Object({
  background: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  titleSize: Type.Integer(),
  columns: Type.Array(Type.Object({ title: Type.String(), links: Type.Array(Type.Object({ label: Type.String(), link: Type.String(), text: Type.String() })) })),
  hideStaticFooter: Type.Boolean(),
  links: Type.Array(Type.Object({ name: Type.String(), link: Type.String() })),
  showLogo: Type.Boolean(),
  logo: Type.Union([Type.String(), Type.Null()]),
  hideBusinessName: Type.Boolean(),
  showSslLogo: Type.Boolean(),
  logoMaxWidth: Type.Integer(),
  logoMaxHeight: Type.Integer(),
});
export type FooterSettings = Static<typeof FooterSettings>;

/** A legal document; value is sanitized HTML (the store's own text, or the default when use_default). */
export const LegalDocument = Type.Object({
  display_name: Type.String(),
  type: Type.Union([Type.Literal('policy'), Type.Literal('policy_california'), Type.Literal('return_policy'), Type.Literal('terms')]),
  use_default: Type.Boolean(),
  value: Type.String(),
  hidden: Type.Boolean(),
  date_updated: Type.Union([Type.String(), Type.Null()]),
});
export type LegalDocument = Static<typeof LegalDocument>;

/** A page the store wrote, served at /{link}; body is sanitized HTML (left out with skipBody). */
export const CustomPage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  link: Type.String(),
  body: Type.Optional(Type.String()),
  updated_at: Type.Union([Type.String(), Type.Null()]),
});
export type CustomPage = Static<typeof CustomPage>;

export const CustomFormField = Type.Object({
  name: Type.String(),
  label: Type.String(),
  type: Type.Union([Type.Literal('text'), Type.Literal('select'), Type.Literal('checkbox'), Type.Literal('date'), Type.Literal('time')]),
  placeholder: Type.Optional(Type.String()),
  required: Type.Boolean(),
  options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), text: Type.String() }))),
});
export type CustomFormField = Static<typeof CustomFormField>;

export const StoreSettings = Type.Object({
  businessSlug: Type.String(),
  businessName: Type.String(),
  businessId: Type.Integer(),
  variant: Type.String(),
  colors: Type.Record(Type.String(), Type.String()),
  font: Type.String(),
  favicon: Type.Union([Type.String(), Type.Null()]),
  navigationFontSize: Type.Integer(),
  homeAlert: Type.Union([Type.Object({ text: Type.String(), fontSize: Type.Integer() }), Type.Null()]),
  /** Names the selected location on the cart page ({store} in the text is its name); null: not shown. */
  buyingFromAlert: Type.Union([Type.Object({ text: Type.String() }), Type.Null()]),
  hideRegistration: Type.Boolean(),
  /** Hides the brand filter of search and department pages (also answered by GET brands/get-filter). */
  hideBrandFilter: Type.Boolean(),
  /** Leaves the storefront's links to the Brands list out of the header, its menus, the footer and the search box (hide-brands-nav). */
  hideBrandsNav: Type.Boolean(),
  /** The Brands list shows each brand's logo where it has one (on by default), else names only (set-brands-show-logo). */
  brandsShowLogo: Type.Boolean(),
  /** After add-to-cart, a 5-second toast instead of the cart side panel. */
  legacyAddToCartToast: Type.Boolean(),
  text: Type.Object({ specialOrderFee: Type.String() }),
  /** How the cart and checkout show tax, fees and the delivery zip, and which vendors' items may be special-ordered (POST admin/settings/cart). */
  cart: Type.Object({
    hideTax: Type.Boolean(),
    taxDisclaimer: Type.String(),
    mergeAdditionalFeeWithSubtotal: Type.Boolean(),
    hideDeliveryZipcode: Type.Boolean(),
    /** Vendor numbers whose out-of-stock items shoppers may special-order, whatever the store product's own vendor flag. */
    allowSpecialOrderVendors: Type.Array(Type.Integer()),
  }),
  products: Type.Object({
    itemsPerPage: Type.Integer(),
    currencyPrefix: Type.String(),
    capitalizeTitle: Type.Boolean(),
    useOriginalTitle: Type.Boolean(),
    /** 'Only N Left' shows for stock from 1 up to this number (spec 1 §4 Stock display, 'a configured minimum'); 0 never shows it. Default 5. */
    lowStockThreshold: Type.Integer({ minimum: 0 }),
    /** The sort listing pages start with when the URL names none (spec 1 §9): relevancy, price-asc, price-desc, latest, title-asc or manufacturer-no. */
    defaultSort: Type.String(),
  }),
  /** Listing pages include out-of-stock products by default (in_stock_only 0) when on; off: in stock only. */
  filterShowOutOfStock: Type.Boolean(),
  /** Sign-in by text message is offered only when on. */
  sms_notifications_enabled: Type.Boolean(),
  /** The store's own registration fields (spec 2 §3 custom form field). */
  custom_fields: Type.Object({ signup: Type.Array(CustomFormField) }),
  /** Label and help of the optional account-number field of registration. */
  account_field_info: Type.Object({ label: Type.String(), help: Type.String() }),
  /** Map tiles for the store selector ({z}/{x}/{y} template); null shows the stores on a plain map. */
  mapTileUrl: Type.Union([Type.String(), Type.Null()]),
  /** Heading of the home page's featured products; empty reads 'Featured Products'. */
  featuredProductsTitle: Type.String(),
  /** Host names (lower case, no port) where the storefront routes by hash (/#/cart) instead of by path (spec 1 "Routing behaviour"): a host that serves only the store's front page. Empty: hash routing only inside another page's frame. */
  hashRoutingHosts: Type.Array(Type.String()),
});
export type StoreSettings = Static<typeof StoreSettings>;

/**
 * A link in the header: a built-in page (target names it), one of the store's custom pages (custom, with the
 * page id in sub_target), a telephone / e-mail / outside link. Hidden at the store ids in hide_on_locations.
 */
export const NavigationLink = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  target: Type.String(),
  custom: Type.Boolean(),
  sub_target: Type.Union([Type.String(), Type.Null()]),
  hide_on_locations: Type.Union([Type.String(), Type.Null()]),
});
export type NavigationLink = Static<typeof NavigationLink>;

export const NavigationItem = Type.Object({
  ...NavigationLink.properties,
  order: Type.Integer(),
  align: Type.String(),
  show_in_header: Type.Boolean(),
  /** A menu of links opened from this item (search: show a filter box; width in px). */
  dropdown: Type.Union([Type.Object({
    items: Type.Array(NavigationLink),
    config: Type.Object({ search: Type.Boolean(), width: Type.Union([Type.Integer(), Type.Null()]) }),
  }), Type.Null()]),
});
export type NavigationItem = Static<typeof NavigationItem>;

/** A header menu the store added (custom-nav): its links, hidden everywhere (hide) or at some store ids. */
export const NavigationGroup = Type.Object({
  id: Type.Integer(), name: Type.String(), hide: Type.Boolean(), hide_on_locations: Type.Union([Type.String(), Type.Null()]), items: Type.Array(NavigationLink),
});
export type NavigationGroup = Static<typeof NavigationGroup>;

/** A built-in storefront page a navigation item may point at (the pages list). */
export const StorefrontPage = Type.Object({ name: Type.String(), link: Type.String() });
export type StorefrontPage = Static<typeof StorefrontPage>;

export const BusinessDetails = Type.Object({
  business_id: Type.Integer(),
  original_company: Type.String(),
  /** The store's plan code (spec 3 §3: LEB and E2P are the basic plans; 'standard' when none is named). */
  other_ecommerce_plan: Type.String(),
  about_us: Type.Object({ locations: Type.Array(StoreLocation) }),
  contact_email: Type.String(),
  /** The store's social pages ('' when it has none), shown in the footer. */
  facebook_link: Type.String(), twitter_link: Type.String(), instagram_link: Type.String(), pinterest_link: Type.String(),
  youtube_link: Type.String(), linkedin_link: Type.String(), tiktok_link: Type.String(),
  pickup_enabled: Type.Boolean(),
  delivery_enabled: Type.Boolean(),
  shipping_enabled: Type.Boolean(),
  departments_hierarchy_level: Type.Integer(),
  show_stock_level: Type.Boolean(),
  show_oos_special: Type.Boolean(),
  /** Guests confirm their mobile number with a texted code before ordering (orders/validate-info). */
  verify_phone_at_checkout: Type.Boolean(),
  recurring_orders_enabled: Type.Boolean({ description: 'Signed-in shoppers may repeat an order every week, 2 weeks, 4 weeks or month' }),
  show_competitors: Type.Boolean(),
  /** Zips the store delivers to, with fees (money strings) and the lower fee from a minimum subtotal. */
  delivery_locations: Type.Array(Type.Object({
    code: Type.String(), fee: Money, minThreshold: Type.Union([Money, Type.Null()]), thresholdFee: Type.Union([Money, Type.Null()]),
  })),
  /** What delivery and pickup shoppers are told to expect (cart, checkout, confirmation); spec 2 §9's words unless the store wrote its own. */
  delivery_settings: Type.Object({ delivery_disclaimer: Type.String() }),
  pickup_disclaimer: Type.String(),
  /** Charged once per cart that has a special-order parcel; special_order_sla is the delivery time shown. */
  special_order_fee: Money,
  special_order_sla: Type.String(),
  /** Sales tax rates in percent: per store location, per destination zip (delivery and shipping), and extra rows. */
  tax_rates: Type.Array(Type.Object({ location_id: Type.Integer(), rate: Type.String() })),
  destination_tax_rates: Type.Array(Type.Object({ zip: Type.String(), rate: Type.String() })),
  other_tax_rows: Type.Array(Type.Object({ label: Type.String(), rate: Type.String() })),
  /**
   * The store's own shipping prices (the table-rate carrier, used unless the store connected a carrier
   * account): per service, weight bands in pounds (up_to_weight null: any heavier parcel), free from a
   * subtotal where set; the handling fee is added to every option, whichever carrier quotes.
   */
  shipping_settings: Type.Object({
    handling_fee: Money,
    table_rates: Type.Array(Type.Object({
      carrier: Type.String(), service: Type.String(), delivery_days: Type.String(), free_over: Type.Union([Money, Type.Null()]),
      bands: Type.Array(Type.Object({ up_to_weight: Type.Union([Type.Number(), Type.Null()]), fee: Money })),
    })),
  }),
  /** The store has the setup wizard (spec 3 §4); admins land on it until someone begins it. */
  wizard_enabled: Type.Boolean(),
  /** The owner still gets setup wizard reminders / lets the platform update the landing page (off through the e-mail links). */
  wizard_reminders: Type.Boolean(),
  landing_page_auto_update: Type.Boolean(),
  rewards_enabled: Type.Boolean(),
  loyality_lookup_field: Type.Union([Type.Literal('phone'), Type.Literal('email')]),
  /** The store's weekly ad (/local-ad): shown while enabled; its flyer pages, then what is on sale at the selected store. */
  local_ad: Type.Object({
    enabled: Type.Boolean(), title: Type.String(), valid_from: Type.Union([Type.String(), Type.Null()]), valid_to: Type.Union([Type.String(), Type.Null()]),
    pages: Type.Array(Type.Object({ image: Type.String(), alt: Type.String() })),
  }),
});
export type BusinessDetails = Static<typeof BusinessDetails>;

/** The setup wizard as an admin sees it (setup-wizard/get): its steps in order with their state, and the header alert. */
export const WizardState = Type.Object({
  wizard_enabled: Type.Boolean(),
  is_wizard_begin: Type.Boolean(),
  steps: Type.Array(Type.Object({
    title: Type.String(), slug: Type.String(), text: Type.String(),
    status: Type.Union([Type.Literal('not_started'), Type.Literal('started'), Type.Literal('completed')]),
  })),
  needs_acknowledgement: Type.Boolean(),
  acknowledged: Type.Boolean(),
  alert: Type.Union([Type.String(), Type.Null()]),
});
export type WizardState = Static<typeof WizardState>;

export const PAYMENT_PROVIDERS = ['stripe', 'adyen', 'plugnpay', 'authorize_net', 'fiserv'] as const;
/**
 * Payment settings for the storefront (spec 2 "Payment settings"): the provider and its public keys only.
 * A store without a provider takes payment in store.
 */
export const PaymentSettings = Type.Object({
  payment_provider: Type.Union([Type.Literal('stripe'), Type.Literal('adyen'), Type.Literal('plugnpay'), Type.Literal('authorize_net'), Type.Literal('fiserv'), Type.Null()]),
  payment_preparable: Type.Boolean(),
  /** Whether the Payment step offers cards now: false with no provider, or one lacking a setting it needs (libs/domain cardSetupMissing). */
  cards_offered: Type.Boolean({ description: 'Shoppers are offered cards now: false where the store takes no cards, or its provider lacks a setting it needs' }),
  /** Shoppers on an open AR (charge) account may charge their orders to it at checkout (docs/PAYMENTS.md "Charge accounts"). */
  payment_charge_account: Type.Optional(Type.Boolean({ description: 'Signed-in shoppers on an open AR account may charge orders to it at checkout' })),
  stripe: Type.Optional(Type.Object({ publishable_key: Type.String(), is_live: Type.Boolean(), account_id: Type.String(), disable_save_card: Type.Boolean() })),
  // disable_save_card: the spec names it for Stripe; every provider here keeps cards in its vault, so each has it.
  adyen: Type.Optional(Type.Object({ origin_key: Type.String(), environment: Type.String(), disable_save_card: Type.Boolean() })),
  plugnpay: Type.Optional(Type.Object({ host: Type.String(), username: Type.String(), currency: Type.String(), disable_save_card: Type.Boolean() })),
  authorize_net: Type.Optional(Type.Object({ is_live: Type.Boolean(), login_id: Type.String(), client_key: Type.String(), show_biling_address: Type.Boolean(), disable_save_card: Type.Boolean() })),
  fiserv: Type.Optional(Type.Object({ is_live: Type.Boolean(), disable_save_card: Type.Boolean() })),
});
export type PaymentSettings = Static<typeof PaymentSettings>;
/**
 * The store owner's view of the payment settings (admin/fulfillment/payment-settings): every provider's public
 * fields (kept when the store switches), each secret only as whether one is stored.
 */
export const StripeAdminSettings = Type.Object({
  publishable_key: Type.String(), is_live: Type.Boolean(), account_id: Type.String(), disable_save_card: Type.Boolean(),
  secret_key_set: Type.Boolean(), webhook_secret_set: Type.Boolean(),
});
/** The other providers for the owner: their public fields, and each secret only as `<secret>_set`. */
export const AdyenAdminSettings = Type.Object({
  merchant_account: Type.String(), client_key: Type.String(), live_url_prefix: Type.String(), is_live: Type.Boolean(), disable_save_card: Type.Boolean(),
  api_key_set: Type.Boolean(), hmac_key_set: Type.Boolean(),
});
export const AuthorizeNetAdminSettings = Type.Object({
  login_id: Type.String(), client_key: Type.String(), is_live: Type.Boolean(), disable_save_card: Type.Boolean(),
  transaction_key_set: Type.Boolean(), signature_key_set: Type.Boolean(),
});
export const PlugnPayAdminSettings = Type.Object({ username: Type.String(), host: Type.String(), currency: Type.String(), disable_save_card: Type.Boolean(), password_set: Type.Boolean() });
export const FiservAdminSettings = Type.Object({
  store_id: Type.String(), is_live: Type.Boolean(), disable_save_card: Type.Boolean(), api_key_set: Type.Boolean(), api_secret_set: Type.Boolean(), shared_secret_set: Type.Boolean(),
});
export const PaymentSettingsAdmin = Type.Object({
  payment_provider: PaymentSettings.properties.payment_provider,
  payment_preparable: Type.Boolean(),
  payment_charge_account: Type.Boolean(),
  large_first_order_cents: Type.Integer({ description: "Fraud checks: a customer's first order of this total (cents) or more asks for a look (default 50000, $500.00)" }),
  /** The setting the chosen provider lacks, so shoppers are offered no cards (libs/domain cardSetupMissing); null when none is. Never the secret. */
  card_setup_missing: Type.Union([Type.Object({
    field: Type.String({ description: "the owner's form field that is missing, e.g. stripe.secret_key" }),
    message: Type.String({ description: "e.g. 'Cards are not offered to shoppers until the Stripe secret key is saved.'" }),
  }), Type.Null()]),
  stripe: StripeAdminSettings,
  adyen: AdyenAdminSettings,
  authorize_net: AuthorizeNetAdminSettings,
  plugnpay: PlugnPayAdminSettings,
  fiserv: FiservAdminSettings,
});
export type PaymentSettingsAdmin = Static<typeof PaymentSettingsAdmin>;
/** The store owner's partner businesses (GET/POST admin/settings/partner-businesses; docs/PARTNER-INVENTORY.md). */
export const PartnerSettings = Type.Object({
  business_id: Type.Integer({ description: "this store's business id, which a partner lists" }),
  partners: Type.Array(Type.Object({
    business_id: Type.Integer(),
    shown: Type.Boolean({ description: "the business lists this store back, so each shows the other's stock" }),
    name: Type.Union([Type.String(), Type.Null()], { description: "the partner's name once shown; null before (nothing of another store is told)" }),
  })),
});
export type PartnerSettings = Static<typeof PartnerSettings>;
/** What the owner sends: a provider (null: payment at the store only) and its fields; an empty or left-out secret keeps the stored one. */
export const PaymentSettingsUpdate = Type.Object({
  // Null first: type coercion would turn null into an empty text for the first branch.
  payment_provider: Type.Union([Type.Null(), Type.Literal('stripe'), Type.Literal('adyen'), Type.Literal('plugnpay'), Type.Literal('authorize_net'), Type.Literal('fiserv')]),
  payment_preparable: Type.Optional(Type.Boolean()),
  payment_charge_account: Type.Optional(Type.Boolean({ description: 'Offer "Charge to account" at checkout to shoppers on an open AR account' })),
  // A number, not an integer, in the schema: a bad amount is a 422 naming the field (libs/domain largeFirstOrderProblem).
  large_first_order_cents: Type.Optional(Type.Number({ description: "Fraud checks: a customer's first order of this total in cents or more asks for a look; whole cents from 100 to 100000000" })),
  stripe: Type.Optional(Type.Object({
    publishable_key: Type.String({ maxLength: 255 }),
    secret_key: Type.Optional(Type.String({ maxLength: 255 })),
    webhook_secret: Type.Optional(Type.String({ maxLength: 255 })),
    is_live: Type.Boolean(),
    account_id: Type.Optional(Type.String({ maxLength: 255 })),
    disable_save_card: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false })),
  // The other providers: text fields (an empty or left-out secret keeps the stored one) and switches, checked by libs/domain PROVIDER_SETTINGS.
  adyen: Type.Optional(Type.Object({
    merchant_account: Type.Optional(Type.String({ maxLength: 255 })), client_key: Type.Optional(Type.String({ maxLength: 255 })), live_url_prefix: Type.Optional(Type.String({ maxLength: 255 })),
    api_key: Type.Optional(Type.String({ maxLength: 1024 })), hmac_key: Type.Optional(Type.String({ maxLength: 255 })),
    is_live: Type.Optional(Type.Boolean()), disable_save_card: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false })),
  authorize_net: Type.Optional(Type.Object({
    login_id: Type.Optional(Type.String({ maxLength: 255 })), client_key: Type.Optional(Type.String({ maxLength: 255 })),
    transaction_key: Type.Optional(Type.String({ maxLength: 255 })), signature_key: Type.Optional(Type.String({ maxLength: 255 })),
    is_live: Type.Optional(Type.Boolean()), disable_save_card: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false })),
  plugnpay: Type.Optional(Type.Object({
    username: Type.Optional(Type.String({ maxLength: 255 })), host: Type.Optional(Type.String({ maxLength: 255 })), currency: Type.Optional(Type.String({ maxLength: 255 })),
    password: Type.Optional(Type.String({ maxLength: 255 })), disable_save_card: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false })),
  fiserv: Type.Optional(Type.Object({
    store_id: Type.Optional(Type.String({ maxLength: 255 })), api_key: Type.Optional(Type.String({ maxLength: 512 })), api_secret: Type.Optional(Type.String({ maxLength: 512 })),
    shared_secret: Type.Optional(Type.String({ maxLength: 255 })), is_live: Type.Optional(Type.Boolean()), disable_save_card: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
export type PaymentSettingsUpdate = Static<typeof PaymentSettingsUpdate>;
export const SiteSetting = Type.Object({ key: Type.String(), value_string: Type.String() });
