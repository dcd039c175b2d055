export { tenantSettingsRoutes as tenantSettingsService } from './routes';
export { StoreProfile } from './models';
export { DEFAULT_SETTINGS, DEFAULT_BUSINESS, mergeDefaults, getBusinessDetails, getStoreSettings, forgetStoreProfile } from './service';
