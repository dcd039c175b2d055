export { catalogueRoutes as catalogueService } from './routes';
export { foldOrderPlaced, foldProductView, foldSearchEvent } from './tracking';
export { announceCatalogueChange, announceStockChange, applyCatalogueChange } from './search/changes';
export { productDocId, storeProductDocId } from './models';
export { Department, Brand, Product, StoreProduct, ProductStat, SearchTerm, SearchSynonyms, ProductSale, CoPurchase, FeaturedProduct } from './models';
export { rebuildSearchRows } from './search/rows';
export { acquireSearchIndexes, releaseSearchIndexes } from './search/shared';
export type { SearchIndexRegistry } from './search/registry';
export { reserveStock, releaseStock, settleHold, releaseHold, staleHolds, stockLeft, writeStockChanges, reconcileStock, reconcileAllStock, reconcileStockJob, forgetStock, type StockStore, type StockLine, type StockChange, type StockDifference } from './stock';
