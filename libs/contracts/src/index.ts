import { Type, type Static } from 'typebox';

/** The one error body for every 4xx/5xx answer. `errors` names offending fields. */
export const ErrorBody = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
}, { $id: 'ErrorBody' });
export type ErrorBody = Static<typeof ErrorBody>;

/** Money as the API shows it: a string with 2 decimals, e.g. "12.90". */
export const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });

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
  /** After add-to-cart, a 5-second toast instead of the cart side panel. */
  legacyAddToCartToast: Type.Boolean(),
  text: Type.Object({ specialOrderFee: Type.String() }),
  cart: Type.Object({
    hideTax: Type.Boolean(),
    taxDisclaimer: Type.String(),
    mergeAdditionalFeeWithSubtotal: Type.Boolean(),
    hideDeliveryZipcode: Type.Boolean(),
  }),
  products: Type.Object({
    itemsPerPage: Type.Integer(),
    currencyPrefix: Type.String(),
    capitalizeTitle: Type.Boolean(),
    useOriginalTitle: Type.Boolean(),
  }),
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
  show_competitors: Type.Boolean(),
  /** Zips the store delivers to, with fees (money strings) and the lower fee from a minimum subtotal. */
  delivery_locations: Type.Array(Type.Object({
    code: Type.String(), fee: Money, minThreshold: Type.Union([Money, Type.Null()]), thresholdFee: Type.Union([Money, Type.Null()]),
  })),
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

export interface Department {
  dept_id: number;
  dept_name: string;
  name: string;
  slug: string;
  image_url: string | null;
  parent: number | null;
  hide_products: boolean;
  highlighted: boolean;
  children?: Department[];
}
const DepartmentBase = {
  dept_id: Type.Integer(),
  dept_name: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  image_url: Type.Union([Type.String(), Type.Null()]),
  parent: Type.Union([Type.Integer(), Type.Null()]),
  hide_products: Type.Boolean(),
  /** In the home page's highlighted departments slider. */
  highlighted: Type.Boolean(),
};
export const Department = Type.Object(DepartmentBase);
export const DepartmentTree = Type.Object({
  ...DepartmentBase,
  children: Type.Array(Type.Object({ ...DepartmentBase, children: Type.Array(Type.Object(DepartmentBase)) })),
});

export const ProductItem = Type.Object({
  id: Type.Integer(),
  store_product_id: Type.Integer(),
  slug: Type.String(),
  sku: Type.String(),
  title: Type.String(),
  original_title: Type.String(),
  brand_name: Type.String(),
  model_number: Type.String(),
  price: Money,
  promo_price: Type.Union([Money, Type.Null()]),
  image_url: Type.Union([Type.String(), Type.Null()]),
  num_inventory: Type.Integer(),
  inventory: Type.Integer(),
  vendor_id: Type.Union([Type.Integer(), Type.Null()]),
  vendor_allows_special_order: Type.Boolean(),
  location: Type.Integer(),
  hidden: Type.Boolean(),
  extra: Type.Record(Type.String(), Type.Unknown()),
  settings: Type.Record(Type.String(), Type.Unknown()),
  promo_message: Type.Union([Type.String(), Type.Null()]),
  /** Other stores' prices (shown only when business details say show_competitors). */
  competitors: Type.Array(Type.Object({ name: Type.String(), price: Money, logo: Type.Union([Type.String(), Type.Null()]) })),
  /** Sum of the additional fee details, or null without any. */
  additional_fee: Type.Union([Money, Type.Null()]),
  additional_fee_details: Type.Array(Type.Object({ message: Type.String(), price_impact: Money })),
});
export type ProductItem = Static<typeof ProductItem>;

export const ProductPage = Type.Object({
  total: Type.Integer(),
  current_page: Type.Integer(),
  last_page: Type.Integer(),
  data: Type.Array(ProductItem),
});
export type ProductPage = Static<typeof ProductPage>;

export const CartItem = Type.Object({
  id: Type.Integer(),
  store_product_id: Type.Integer(),
  sku: Type.String(),
  quantity: Type.Integer(),
  title: Type.String(),
  brand_name: Type.String(),
  price: Money,
  image_url: Type.Union([Type.String(), Type.Null()]),
  vendor_id: Type.Union([Type.Integer(), Type.Null()]),
  num_inventory: Type.Integer(),
  extra: Type.Record(Type.String(), Type.Unknown()),
  location: Type.Integer(),
  /** Why the line needs a look: its price changed since it was added, or the store no longer has the quantity. */
  notice: Type.Union([Type.String(), Type.Null()]),
});
/** A shipping option (spec: carrier, service, handling_fee); rate is the carrier's price, total what the shopper pays. */
export const ShippingQuote = Type.Object({
  id: Type.String(),
  carrier: Type.String(),
  service: Type.String(),
  rate: Money,
  handling_fee: Money,
  total: Money,
  delivery_days: Type.Union([Type.String(), Type.Null()]),
});
export type ShippingQuote = Static<typeof ShippingQuote>;

export const Cart = Type.Object({
  order_id: Type.Union([Type.String(), Type.Null()]),
  item_count: Type.Integer(),
  parcels: Type.Array(Type.Object({ type: Type.Union([Type.Literal('pickup'), Type.Literal('special')]), items: Type.Array(CartItem) })),
  checkout_types: Type.Object({ pickup: Type.Boolean(), delivery: Type.Boolean(), shipping: Type.Boolean() }),
  subtotal: Money,
  /** Totals for the requested fulfilment type (order_type), before tax. */
  totals: Type.Object({
    order_type: Type.Integer(),
    subtotal: Money,
    additional_fees: Money,
    delivery_charge: Type.Union([Money, Type.Null()]),
    delivery_charge_label: Type.Union([Type.String(), Type.Null()]),
    delivery_error: Type.Union([Type.Literal('no-zipcode'), Type.Literal('invalid-zipcode'), Type.Null()]),
    /** The promo code on the cart, and why it does not apply now (expired, under its minimum), if so. */
    coupon: Type.Union([Type.String(), Type.Null()]),
    coupon_message: Type.Union([Type.String(), Type.Null()]),
    discount: Money,
    special_order_fee: Money,
    special_order_fee_label: Type.String(),
    special_order_sla: Type.String(),
    /** Shipping (order_type 2): the chosen option's charge, and the line's wording ('Add address to calculate', 'Choose a shipping option', 'FREE' or the charge). */
    shipping_charge: Type.Union([Money, Type.Null()]),
    shipping_charge_label: Type.Union([Type.String(), Type.Null()]),
    shipping_quote: Type.Union([ShippingQuote, Type.Null()]),
    tax: Money,
    tax_rows: Type.Array(Type.Object({ label: Type.String(), amount: Money })),
    total: Money,
  }),
});
export type Cart = Static<typeof Cart>;

export const CustomerSummary = Type.Object({
  slug: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  receive_marketing: Type.Boolean(),
  permissions: Type.Array(Type.String()),
});
export const LoginResponse = Type.Object({
  status: Type.String(),
  message: Type.String(),
  mfa: Type.Boolean(),
  token: Type.Union([Type.String(), Type.Null()]),
  showContact: Type.Boolean(),
  access_token: Type.String(),
  is_admin: Type.Boolean(),
  data: Type.Object({ customer: CustomerSummary, is_developer: Type.Boolean() }),
});
export type LoginResponse = Static<typeof LoginResponse>;

export const OrderSummary = Type.Object({
  id: Type.String(),
  order_number: Type.String(),
  status: Type.String(),
  customer_name: Type.String(),
  order_type: Type.String(),
  total: Money,
  placed_at: Type.String(),
});
export type OrderSummary = Static<typeof OrderSummary>;

/** A page of a list answer, as admin lists return it. */
export interface Paged<T> { data: T[]; total: number; current_page: number; last_page: number }

/** A promo code the store advertises (spec 1 "Promo pop-up data", "Coupon widget options"); private codes are not listed. */
export const Promotion = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  code: Type.String(),
  description: Type.String(),
  disclaimer: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  /** '15' for 15 %, '10.00' for a flat amount. */
  discount: Type.String(),
  discount_type: Type.Union([Type.Literal('percentage'), Type.Literal('flat')]),
  /** '15% OFF', '$10 OFF'. */
  discount_label: Type.String(),
  min_subtotal: Money,
  starts_at: Type.Union([Type.String(), Type.Null()]),
  ends_at: Type.Union([Type.String(), Type.Null()]),
  popup_redirect_url: Type.Union([Type.String(), Type.Null()]),
  hide_popup_text: Type.Boolean(),
  /** Only signed-in customers may use it, once each. */
  once_per_customer: Type.Boolean(),
});
export type Promotion = Static<typeof Promotion>;

/** A coupon in the Coupons & Highlights slider: the promotion plus how its card looks. */
export const CouponWidget = Type.Object({
  ...Promotion.properties,
  style: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  coupon_title: Type.String(),
  button_title: Type.String(),
  background_color: Type.String(),
  background_image: Type.Union([Type.String(), Type.Null()]),
  bottom_text: Type.String(),
});
export type CouponWidget = Static<typeof CouponWidget>;

/** A carousel slide (spec 3 "Carousel slide"); the mobile image shows below 769 px when set. */
export const CarouselSlide = Type.Object({
  image: Type.String(),
  imageMobile: Type.Union([Type.String(), Type.Null()]),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  widthMobile: Type.Union([Type.Integer(), Type.Null()]),
  heightMobile: Type.Union([Type.Integer(), Type.Null()]),
  redirect_url: Type.Union([Type.String(), Type.Null()]),
  alt: Type.String(),
  sequence: Type.Integer(),
});
export type CarouselSlide = Static<typeof CarouselSlide>;

/**
 * A homepage section: type "4" a carousel ({title, slides}), "1" an HTML block ({body}, sanitized), "2" a
 * product row ({title, skus} or {title, dept_id | brand_id, limit}).
 */
export const HomepageWidget = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('4')]),
  loop: Type.Boolean(),
  associatedLocations: Type.Array(Type.Integer()),
  value: Type.Object({
    title: Type.String(),
    slides: Type.Optional(Type.Array(CarouselSlide)),
    body: Type.Optional(Type.String()),
    skus: Type.Optional(Type.Array(Type.String())),
    dept_id: Type.Optional(Type.Integer()),
    brand_id: Type.Optional(Type.Integer()),
    limit: Type.Optional(Type.Integer()),
  }),
});
export type HomepageWidget = Static<typeof HomepageWidget>;

/** A home page section as the admin widgets list shows it: every one, hidden or not, with its place. */
export const AdminWidget = Type.Object({
  id: Type.Integer(), name: Type.String(), type: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('4')]),
  area: Type.Union([Type.Literal(1), Type.Literal(2)]), hidden: Type.Boolean(), associatedLocations: Type.Array(Type.Integer()),
});
export type AdminWidget = Static<typeof AdminWidget>;

/** A staff sub-account with its effective permissions. */
/** A staff account; last_active_at: when it last used the back office (to the hour), null if it never signed in. */
export const SubAccount = Type.Object({
  slug: Type.String(), first_name: Type.String(), last_name: Type.String(), email: Type.String(), permissions: Type.Array(Type.String()),
  last_active_at: Type.Union([Type.String(), Type.Null()]),
});
export type SubAccount = Static<typeof SubAccount>;

export const PAYMENT_PROVIDERS = ['stripe', 'adyen', 'plugnpay', 'authorize_net', 'fiserv'] as const;
/**
 * Payment settings for the storefront (spec 2 "Payment settings"): the provider and its public keys only.
 * A store without a provider takes payment in store.
 */
export const PaymentSettings = Type.Object({
  payment_provider: Type.Union([Type.Literal('stripe'), Type.Literal('adyen'), Type.Literal('plugnpay'), Type.Literal('authorize_net'), Type.Literal('fiserv'), Type.Null()]),
  payment_preparable: Type.Boolean(),
  stripe: Type.Optional(Type.Object({ publishable_key: Type.String(), is_live: Type.Boolean(), account_id: Type.String(), disable_save_card: Type.Boolean() })),
  adyen: Type.Optional(Type.Object({ origin_key: Type.String(), environment: Type.String() })),
  plugnpay: Type.Optional(Type.Object({ host: Type.String(), username: Type.String(), currency: Type.String() })),
  authorize_net: Type.Optional(Type.Object({ is_live: Type.Boolean(), login_id: Type.String(), client_key: Type.String(), show_biling_address: Type.Boolean() })),
  fiserv: Type.Optional(Type.Object({ is_live: Type.Boolean() })),
});
export type PaymentSettings = Static<typeof PaymentSettings>;
export const SiteSetting = Type.Object({ key: Type.String(), value_string: Type.String() });

/** A paint colour family (spec 1 §9 codes) with how many colours it holds. */
export const PaintFamily = Type.Object({ code: Type.String(), name: Type.String(), slug: Type.String(), hex: Type.String(), count: Type.Integer() });
export type PaintFamily = Static<typeof PaintFamily>;

/** A named group of colours the paint brand publishes (e.g. 'Coastal Calm'). */
export const PaintCollection = Type.Object({ slug: Type.String(), name: Type.String(), description: Type.String(), hex: Type.String(), count: Type.Integer() });
export type PaintCollection = Static<typeof PaintCollection>;

/** One paint colour: its brand code, swatch, family, collection and light reflectance value (0-100). */
export const PaintColor = Type.Object({
  code: Type.String(), name: Type.String(), hex: Type.String(), family: Type.String(), collection: Type.String(), lrv: Type.Integer(),
});
export type PaintColor = Static<typeof PaintColor>;

/** A placed order as its shopper sees it (checkout's Done step, the confirmation e-mail's link). */
export const PlacedOrder = Type.Object({
  order_number: Type.String(),
  status: Type.String(),
  order_type: Type.Union([Type.Literal('pickup'), Type.Literal('delivery'), Type.Literal('shipping')]),
  placed_at: Type.String(),
  contact: Type.Object({ first_name: Type.String(), last_name: Type.String(), email: Type.String(), telephone: Type.String() }),
  /** Where a delivery or a parcel goes; null for pickup. */
  address: Type.Union([Type.Object({ address: Type.String(), address2: Type.String(), city: Type.String(), state: Type.String(), zip: Type.String() }), Type.Null()]),
  /** The store that fills it (where a pickup is collected). */
  store: Type.Object({ id: Type.Integer(), name: Type.String(), address: Type.String() }),
  shipping_service: Type.Union([Type.String(), Type.Null()]),
  items: Type.Array(Type.Object({ sku: Type.String(), title: Type.String(), quantity: Type.Integer(), price: Money, special: Type.Boolean() })),
  subtotal: Money,
  additional_fees: Money,
  discount: Money,
  special_order_fee: Money,
  tax: Money,
  /** Local delivery fee or shipping charge. */
  fulfilment_charge: Money,
  total: Money,
  payment: Type.Object({ method: Type.String(), label: Type.String(), status: Type.Union([Type.Literal('due'), Type.Literal('paid'), Type.Literal('refunded')]) }),
  note: Type.String(),
});
export type PlacedOrder = Static<typeof PlacedOrder>;

/** One of a customer's orders in their list (/orders). */
export const CustomerOrderSummary = Type.Object({
  order_number: Type.String(), status: Type.String(), order_type: Type.String(), placed_at: Type.String(), item_count: Type.Integer(), total: Money,
});
export type CustomerOrderSummary = Static<typeof CustomerOrderSummary>;

/** An order as the store works on it (the prepare-order screen). */
export const AdminOrder = Type.Intersect([PlacedOrder, Type.Object({
  id: Type.String(),
  status_label: Type.String(),
  /** What can be done now: take, prepare (mark ready), complete, cancel. */
  actions: Type.Array(Type.Union([Type.Literal('take'), Type.Literal('prepare'), Type.Literal('complete'), Type.Literal('cancel')])),
  history: Type.Array(Type.Object({ status: Type.String(), at: Type.String(), by: Type.Union([Type.String(), Type.Null()]), note: Type.String() })),
})]);
export type AdminOrder = Static<typeof AdminOrder>;
