export { tenantSettingsRoutes as tenantSettingsService } from './routes';
export { StoreProfile } from './models';
export { DEFAULT_SETTINGS, DEFAULT_BUSINESS, mergeDefaults, getBusinessDetails, getStoreSettings, forgetStoreProfile, getShippingCarrierAccount, type ShippingCarrierAccount } from './service';
export { CustomPageModel } from './content';
export { forgetStartup } from './startup';
export { HomepageWidgetModel, forgetWidgets } from './widgets';
export { RentalCategory, RentalProduct, RentalRequest } from './rentals/models';
export { optOutLink, OptOutToken } from './opt-outs';
export { RewardsMember } from './rewards/rewards';
