export * from './money';
export * from './slug';
export * from './device-id';
export * from './stock';
export * from './tenant-host';
export * from './color';
export const DEFAULT_PRODUCT_IMAGE = '/assets/no-image.svg';
export * from './search-display';
export * from './distance';
