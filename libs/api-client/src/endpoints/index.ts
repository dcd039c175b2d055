// The API's endpoint slices, one file per area; each injects its endpoints into the one platformApi.
export * from './storefront';
export * from './cart';
export * from './checkout';
export * from './identity';
export * from './admin-orders';
export * from './admin-settings';
export * from './recurring-orders';
export * from './shipping-labels';
