import mongoose, { Schema } from 'mongoose';
import { keyedId, tenantOwned } from '@platform/db';

/**
 * Documents of growing collections are stored under ids keyed by the tenant and their natural key
 * (docs/DATA-ACCESS.md rule 2), so every read of one goes by `_id` alone. Other services depend on
 * these formats: `${tenantId}:product:${productId}` and `${tenantId}:store-product:${storeProductId}`.
 */
export const productDocId = (tenantId: string, productId: number) => keyedId(tenantId, 'product', productId);
export const storeProductDocId = (tenantId: string, storeProductId: number) => keyedId(tenantId, 'store-product', storeProductId);
export const productStatDocId = (tenantId: string, sku: string) => keyedId(tenantId, 'views', sku);
export const searchTermDocId = (tenantId: string, term: string) => keyedId(tenantId, 'search-term', term);

/**
 * A string `_id` computed from the document's own fields when it is not given (a default runs after the
 * document's fields are set), so `Model.create`/`insertMany` without an `_id` still store the keyed id.
 */
type Doc = Record<string, any>;
const keyedIdPath = (make: (doc: Doc) => string) => ({ type: String, default: function keyed(this: Doc) { return make(this); } });

const departmentSchema = new Schema({
  deptId: { type: Number, required: true },
  name: { type: String, required: true },
  slug: { type: String, required: true },
  parentId: { type: Number, default: null },
  level: { type: Number, required: true },
  imageUrl: { type: String, default: null },
  hidden: { type: Boolean, default: false },
  /** The owner took the department's products (and those under it) off the storefront (save-department-settings); the search indexes hold it per process. */
  hideProducts: { type: Boolean, default: false },
  /** Shown in the home page's highlighted departments slider. */
  highlighted: { type: Boolean, default: false },
  sortOrder: { type: Number, default: 0 },
  /** Other names shoppers and partner feeds use for it (spec 3 alias: mapping id, alias_id, name). */
  aliases: { type: [{ _id: false, id: Number, aliasId: Number, name: String }], default: [] },
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
  /** The owner took the brand's products off the storefront (hide-brand-products); the search indexes hold it per process. */
  hideProducts: { type: Boolean, default: false },
});
brandSchema.plugin(tenantOwned);
brandSchema.index({ tenantId: 1, brandId: 1 }, { unique: true });
export const Brand = mongoose.models.Brand ?? mongoose.model('Brand', brandSchema);

/** The catalogue item, the same at every location. Price and stock live on StoreProduct. */
const productSchema = new Schema({
  _id: keyedIdPath((d) => productDocId(d.tenantId, d.productId)),
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
productSchema.plugin(tenantOwned, { growing: true });
productSchema.index({ tenantId: 1, productId: 1 }, { unique: true });
productSchema.index({ tenantId: 1, slug: 1 }, { unique: true });
productSchema.index({ tenantId: 1, sku: 1 });
export const Product = mongoose.models.Product ?? mongoose.model('Product', productSchema);

/**
 * A product at one store location: price, promo price (integer cents) and inventory. Title, brand and
 * department path are copied from the product so a location's list sorts and filters in one query.
 */
const storeProductSchema = new Schema({
  _id: keyedIdPath((d) => storeProductDocId(d.tenantId, d.storeProductId)),
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
storeProductSchema.plugin(tenantOwned, { growing: true });
storeProductSchema.index({ tenantId: 1, storeProductId: 1 }, { unique: true });
storeProductSchema.index({ tenantId: 1, locationId: 1, productId: 1 }, { unique: true });
// On MongoDB: the search rows' look-up of a product's store products when its row misses a location (search/rows.ts).
storeProductSchema.index({ tenantId: 1, productId: 1 });
storeProductSchema.index({ tenantId: 1, locationId: 1, departmentPath: 1 });
export const StoreProduct = mongoose.models.StoreProduct ?? mongoose.model('StoreProduct', storeProductSchema);

/**
 * The stock counts a write round sent, one document per round (services/catalogue/src/stock.ts): one insert in place of
 * an update per count, ~4 ms of FerretDB's CPU an order of 5 lines (docs/benchmarks.md). The stock-reconcile job folds
 * them into the store products and deletes them, so the collection holds seconds of rounds: small, read whole.
 * counts: storeProductId, inventory, stockVersion of each count changed, one after another (FerretDB v1 stores no
 * nested arrays).
 */
const stockJournalSchema = new Schema({
  _id: { type: String, required: true },
  at: { type: Date, required: true },
  counts: { type: [Number], required: true },
}, { versionKey: false });
stockJournalSchema.plugin(tenantOwned);
stockJournalSchema.index({ tenantId: 1, at: 1 });
export const StockJournal = mongoose.models.StockJournal ?? mongoose.model('StockJournal', stockJournalSchema);

/**
 * Counters folded by the worker (views, search terms, sales, pairs): counted in Redis atomically, which also
 * answers the ranked lists; each document holds the count Redis gave, written by its keyed `_id`
 * (services/catalogue/src/tracking.ts). The unique key and the sort order live in the `_id` and in Redis.
 */

/** Per-product view counts, folded in by the worker from product-views jobs. */
const productStatSchema = new Schema({
  _id: keyedIdPath((d) => productStatDocId(d.tenantId, d.sku)),
  sku: { type: String, required: true },
  views: { type: Number, default: 0 },
  lastViewedAt: { type: Date, default: null },
});
productStatSchema.plugin(tenantOwned, { growing: true });
export const ProductStat = mongoose.models.ProductStat ?? mongoose.model('ProductStat', productStatSchema);


/** Search synonyms of one tenant: each group's words match one another. Groups are subdocuments: FerretDB v1 refuses nested arrays. */
const searchSynonymsSchema = new Schema({
  groups: { type: [{ _id: false, words: [String] }], default: [] },
}, { timestamps: true });
searchSynonymsSchema.plugin(tenantOwned, { onePerTenant: true });
export const SearchSynonyms = mongoose.models.SearchSynonyms ?? mongoose.model('SearchSynonyms', searchSynonymsSchema);

/** Storefront search terms with how often they were searched and their results clicked (worker-folded). */
const searchTermSchema = new Schema({
  _id: keyedIdPath((d) => searchTermDocId(d.tenantId, d.term)),
  term: { type: String, required: true },
  searches: { type: Number, default: 0 },
  clicks: { type: Number, default: 0 },
  lastSearchedAt: { type: Date, default: null },
});
searchTermSchema.plugin(tenantOwned, { growing: true });
export const SearchTerm = mongoose.models.SearchTerm ?? mongoose.model('SearchTerm', searchTermSchema);

/** Products the store features on its home page (admin Featured Products), in its order. */
const featuredProductSchema = new Schema({
  sku: { type: String, required: true },
  sequence: { type: Number, default: 0 },
  /** The location ids it shows at; empty: every store. */
  stores: { type: [Number], default: [] },
});
featuredProductSchema.plugin(tenantOwned);
featuredProductSchema.index({ tenantId: 1, sku: 1 }, { unique: true });
export const FeaturedProduct = mongoose.models.FeaturedProduct ?? mongoose.model('FeaturedProduct', featuredProductSchema);
