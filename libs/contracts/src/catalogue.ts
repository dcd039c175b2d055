// Departments, products and paint colours.
import { Type, type Static } from 'typebox';
import { Money } from './common';

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
/** A department in a flat list of every level (get-all-departments). */
export const DepartmentAtLevel = Type.Object({ ...DepartmentBase, level: Type.Integer({ minimum: 1, maximum: 3 }) });
/** Another name of a department (spec 3 alias): its mapping id, alias_id, the name and the department. */
export const DepartmentAlias = Type.Object({ id: Type.Integer(), alias_id: Type.Integer(), name: Type.String(), dept_id: Type.Integer() });
const AliasNodeBase = { ...DepartmentBase, level: Type.Integer({ minimum: 1, maximum: 3 }), hidden: Type.Boolean(), aliases: Type.Array(DepartmentAlias) };
/** The department tree (3 levels) with each department's aliases and hidden flag (get-department-hierarchy-with-alias). */
export const DepartmentWithAliases = Type.Object({
  ...AliasNodeBase,
  children: Type.Array(Type.Object({ ...AliasNodeBase, children: Type.Array(Type.Object({ ...AliasNodeBase, children: Type.Array(Type.Object(AliasNodeBase), { maxItems: 0 }) })) })),
});
/** A department with its aliases and up to 2 levels under it (the admin's department mapping reads the tree as this). */
export type DepartmentWithAliases = Static<typeof DepartmentWithAliases>;

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

/**
 * Where shoppers at the selected location see a featured product: shown there, not sold there, or nowhere
 * (hidden, or gone from the catalogue since it was featured).
 */
/** 'hidden': in the catalogue but hidden from the storefront (everywhere, or at the selected location); 'unavailable': gone. */
export const FeaturedShowing = Type.Union([Type.Literal('shown'), Type.Literal('not_sold_here'), Type.Literal('hidden'), Type.Literal('unavailable')]);
/** A featured product on the owner's Featured Products screen (admin/favourite-products), priced and stocked at the selected location. */
export const FeaturedProductAdmin = Type.Object({
  sku: Type.String(),
  /** Null when the product is no longer in the catalogue (only its SKU is known). */
  title: Type.Union([Type.String(), Type.Null()]),
  slug: Type.Union([Type.String(), Type.Null()]),
  image_url: Type.Union([Type.String(), Type.Null()]),
  /** Null where it is not sold at the selected location. */
  price: Type.Union([Money, Type.Null()]),
  promo_price: Type.Union([Money, Type.Null()]),
  num_inventory: Type.Integer(),
  showing: FeaturedShowing,
  /** The location ids it is featured at; empty: every store. */
  stores: Type.Array(Type.Integer()),
});
export type FeaturedProductAdmin = Static<typeof FeaturedProductAdmin>;
/** A product the owner's search found to feature (POST admin/favourite-products/search), with whether it is featured already. */
export const FeaturedProductHit = Type.Object({
  sku: Type.String(),
  title: Type.String(),
  image_url: Type.Union([Type.String(), Type.Null()]),
  price: Money,
  promo_price: Type.Union([Money, Type.Null()]),
  num_inventory: Type.Integer(),
  featured: Type.Boolean(),
  /** Hidden from the storefront at the selected location (found by its exact SKU only): featured with add {unhide: true}. */
  hidden: Type.Boolean(),
});
export type FeaturedProductHit = Static<typeof FeaturedProductHit>;
/** A store location the owner can feature a product at (GET admin/favourite-products/stores). */
export const FeaturedStoreChoice = Type.Object({ id: Type.Integer(), name: Type.String() });
export type FeaturedStoreChoice = Static<typeof FeaturedStoreChoice>;

/**
 * A brand on the owner's Brands settings screen (spec 3 §3 Brand, POST admin/brands/get-business-brands): the store's
 * record id, the brand id the storefront uses, name, alias, the logo's alt text and address, whether shoppers see it.
 */
export const BrandAdmin = Type.Object({
  id: Type.String(),
  brand_id: Type.Integer(),
  brand_name: Type.String(),
  /** The storefront's brand page is /b/{slug}. */
  slug: Type.String(),
  alias: Type.Union([Type.String(), Type.Null()]),
  altTextLogo: Type.Union([Type.String(), Type.Null()]),
  image: Type.Union([Type.String(), Type.Null()]),
  hidden: Type.Boolean(),
  /** The supplier's spelling of the name, kept when the owner renames the brand (update-brand). */
  original_brand: Type.String(),
  /** The brand's products are off the storefront (hide-brand-products). */
  hide_products: Type.Boolean(),
});
export type BrandAdmin = Static<typeof BrandAdmin>;

/**
 * One setting of a department on the owner's screen (spec 3 §3 Department setting field: key, type, editorName,
 * description), with its value (v1/admin/department/department-settings).
 */
export const DepartmentSetting = Type.Object({
  key: Type.String(),
  type: Type.Union([Type.Literal('bool'), Type.Literal('int'), Type.Literal('text')]),
  editorName: Type.String(),
  description: Type.String(),
  value: Type.Union([Type.Boolean(), Type.Integer(), Type.String()]),
});
export type DepartmentSetting = Static<typeof DepartmentSetting>;

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
