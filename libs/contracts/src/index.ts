// The shared TypeBox API contract schemas and their types, one file per domain.
export * from './common';
export * from './tenant';
export * from './widgets';
export * from './store-content';
export * from './promotions';
export * from './catalogue';
export * from './cart';
export * from './identity';
export * from './orders';
export * from './customers';
export * from './offline-orders';
export * from './ar-accounts';
export * from './reconciliation';
export * from './shipping-labels';
export * from './in-store-ping';
export * from './fraud-checks';
