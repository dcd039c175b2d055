export { catalogueRoutes as catalogueService } from './routes';
export { foldProductView } from './tracking';
export { announceCatalogueChange, applyCatalogueChange } from './search/changes';
export { Department, Brand, Product, StoreProduct, ProductStat } from './models';
export { rebuildSearchRows } from './search/rows';
export { toProductItem } from './products';
