export { catalogueRoutes as catalogueService } from './routes';
export { foldProductView } from './tracking';
export { announceCatalogueChange, broadcastCatalogueChange } from './search/changes';
export { Department, Brand, Product, StoreProduct, ProductStat } from './models';
export { toProductItem } from './products';
