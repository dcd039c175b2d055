import mongoose, { Schema } from 'mongoose';
import { tenantOwned } from '@platform/db';

const departmentSchema = new Schema({
  deptId: { type: Number, required: true },
  name: { type: String, required: true },
  slug: { type: String, required: true },
  parentId: { type: Number, default: null },
  level: { type: Number, required: true },
  imageUrl: { type: String, default: null },
  hidden: { type: Boolean, default: false },
  hideProducts: { type: Boolean, default: false },
  /** Shown in the home page's highlighted departments slider. */
  highlighted: { type: Boolean, default: false },
  sortOrder: { type: Number, default: 0 },
});
departmentSchema.plugin(tenantOwned);
departmentSchema.index({ tenantId: 1, deptId: 1 }, { unique: true });
export const Department = mongoose.models.Department ?? mongoose.model('Department', departmentSchema);

const brandSchema = new Schema({
  brandId: { type: Number, required: true },
  name: { type: String, required: true },
  slug: { type: String, required: true },
  image: { type: String, default: null },
  /** The supplier's own spelling of the name, and another name shoppers know the brand by. */
  originalName: { type: String, default: null },
  alias: { type: String, default: null },
  altTextLogo: { type: String, default: null },
  videos: { type: [{ _id: false, title: String, url: String }], default: [] },
  hidden: { type: Boolean, default: false },
});
brandSchema.plugin(tenantOwned);
brandSchema.index({ tenantId: 1, brandId: 1 }, { unique: true });
export const Brand = mongoose.models.Brand ?? mongoose.model('Brand', brandSchema);

/** The catalogue item, the same at every location. Price and stock live on StoreProduct. */
const productSchema = new Schema({
  productId: { type: Number, required: true },
  sku: { type: String, required: true },
  slug: { type: String, required: true },
  title: { type: String, required: true },
  originalTitle: { type: String, required: true },
  description: { type: String, default: '' },
  brandId: { type: Number, default: null },
  brandName: { type: String, default: '' },
  modelNumber: { type: String, default: '' },
  /** Department ids from the top level down, so a department's list includes its sub-departments. */
  departmentPath: { type: [Number], default: [] },
  imageUrl: { type: String, default: null },
  vendorId: { type: Number, default: null },
  hidden: { type: Boolean, default: false },
  extra: { type: Schema.Types.Mixed, default: {} },
  settings: { type: Schema.Types.Mixed, default: {} },
  /** Facet attributes (color, size, finish, clothing_gender ...): one value per key. */
  attributes: { type: Schema.Types.Mixed, default: {} },
  promoMessage: { type: String, default: null },
  /** Other stores' prices, shown when the business turns on show_competitors. */
  competitors: { type: [{ _id: false, name: String, priceCents: Number, logo: String }], default: [] },
  additionalFeeDetails: { type: [{ _id: false, message: String, priceImpactCents: Number }], default: [] },
  addonProductIds: { type: [Number], default: [] },
  videos: { type: [{ _id: false, title: String, url: String }], default: [] },
}, { timestamps: true });
productSchema.plugin(tenantOwned);
productSchema.index({ tenantId: 1, productId: 1 }, { unique: true });
productSchema.index({ tenantId: 1, slug: 1 }, { unique: true });
productSchema.index({ tenantId: 1, sku: 1 });
export const Product = mongoose.models.Product ?? mongoose.model('Product', productSchema);

/**
 * A product at one store location: price, promo price (integer cents) and inventory. Title, brand and
 * department path are copied from the product so a location's list sorts and filters in one query.
 */
const storeProductSchema = new Schema({
  storeProductId: { type: Number, required: true },
  locationId: { type: Number, required: true },
  productId: { type: Number, required: true },
  sku: { type: String, required: true },
  title: { type: String, required: true },
  brandId: { type: Number, default: null },
  departmentPath: { type: [Number], default: [] },
  priceCents: { type: Number, required: true },
  promoPriceCents: { type: Number, default: null },
  inventory: { type: Number, required: true, default: 0 },
  /** The stock change this count is from (Redis keeps stock; services/catalogue/src/stock.ts). */
  stockVersion: { type: Number, default: 0 },
  vendorAllowsSpecialOrder: { type: Boolean, default: false },
  hidden: { type: Boolean, default: false },
  listedAt: { type: Date, default: () => new Date() },
});
storeProductSchema.plugin(tenantOwned);
storeProductSchema.index({ tenantId: 1, storeProductId: 1 }, { unique: true });
storeProductSchema.index({ tenantId: 1, locationId: 1, productId: 1 }, { unique: true });
storeProductSchema.index({ tenantId: 1, locationId: 1, departmentPath: 1 });
export const StoreProduct = mongoose.models.StoreProduct ?? mongoose.model('StoreProduct', storeProductSchema);

/** Per-product view counts, folded in by the worker from product-views jobs. */
const productStatSchema = new Schema({
  sku: { type: String, required: true },
  views: { type: Number, default: 0 },
  lastViewedAt: { type: Date, default: null },
});
productStatSchema.plugin(tenantOwned);
productStatSchema.index({ tenantId: 1, sku: 1 }, { unique: true });
productStatSchema.index({ tenantId: 1, views: -1 });
export const ProductStat = mongoose.models.ProductStat ?? mongoose.model('ProductStat', productStatSchema);


/** Search synonyms of one tenant: each group's words match one another. Groups are subdocuments: FerretDB v1 refuses nested arrays. */
const searchSynonymsSchema = new Schema({
  groups: { type: [{ _id: false, words: [String] }], default: [] },
}, { timestamps: true });
searchSynonymsSchema.plugin(tenantOwned, { onePerTenant: true });
export const SearchSynonyms = mongoose.models.SearchSynonyms ?? mongoose.model('SearchSynonyms', searchSynonymsSchema);

/** Storefront search terms with how often they were searched and their results clicked (worker-folded). */
const searchTermSchema = new Schema({
  term: { type: String, required: true },
  searches: { type: Number, default: 0 },
  clicks: { type: Number, default: 0 },
  lastSearchedAt: { type: Date, default: null },
});
searchTermSchema.plugin(tenantOwned);
searchTermSchema.index({ tenantId: 1, term: 1 }, { unique: true });
searchTermSchema.index({ tenantId: 1, searches: -1 });
export const SearchTerm = mongoose.models.SearchTerm ?? mongoose.model('SearchTerm', searchTermSchema);

/** Units sold per product per day (UTC), folded by the worker from orders-placed jobs: top selling. */
const productSaleSchema = new Schema({
  sku: { type: String, required: true },
  day: { type: String, required: true },
  quantity: { type: Number, default: 0 },
});
productSaleSchema.plugin(tenantOwned);
productSaleSchema.index({ tenantId: 1, sku: 1, day: 1 }, { unique: true });
productSaleSchema.index({ tenantId: 1, day: 1 });
export const ProductSale = mongoose.models.ProductSale ?? mongoose.model('ProductSale', productSaleSchema);

/** How many orders held both products: 'Customers also purchased'. One document per direction. */
const coPurchaseSchema = new Schema({
  sku: { type: String, required: true },
  withSku: { type: String, required: true },
  orders: { type: Number, default: 0 },
});
coPurchaseSchema.plugin(tenantOwned);
coPurchaseSchema.index({ tenantId: 1, sku: 1, withSku: 1 }, { unique: true });
coPurchaseSchema.index({ tenantId: 1, sku: 1, orders: -1 });
export const CoPurchase = mongoose.models.CoPurchase ?? mongoose.model('CoPurchase', coPurchaseSchema);

/** Products the store features on its home page (admin Featured Products), in its order. */
const featuredProductSchema = new Schema({
  sku: { type: String, required: true },
  sequence: { type: Number, default: 0 },
});
featuredProductSchema.plugin(tenantOwned);
featuredProductSchema.index({ tenantId: 1, sku: 1 }, { unique: true });
export const FeaturedProduct = mongoose.models.FeaturedProduct ?? mongoose.model('FeaturedProduct', featuredProductSchema);
