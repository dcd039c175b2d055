export { platformApi, createPlatformStore, errorMessage, fieldErrors, hasPreloadedAnswers, type PlatformStore } from './api';
export { storefrontApi, fillStartupFromPage, cartApi, checkoutApi, adminOrderMailApi, adminOrderFulfilmentApi, type DeliveryAddress, type CartPreferences, type OrderSubmission, identityApi, adminOrdersApi, downloadAdminFile, downloadOrdersCsv, type OrderListArgs, type OrderNote, adminSettingsApi, type DepartmentNode, type ProductDetail, type ProductListArgs, type ProductListResult, type SuggestionsResult, type BrandItem, type Video, type ShippingAddress, type ShippingState, type ShippingCarrier, type AddressCheck, type CheckedAddress, type Prepayment, type FiservConnectForm, recurringOrdersApi, type RecurringDates, type RecurringChanged, type StoreRecurringArgs, type SavedCartSummary, type CustomerDetails, type SavedCard, type SignedInSession, type SignupPayload, type NearbyStore, type PaintCategory, type PaintProducts, type Rentals, type RentalItem, type RentalRequestPayload } from './endpoints';
export {
  getSession, setSession, clearSession, useSession, getDeviceId, getSelectedStore, setSelectedStore, useSelectedStore, storeNamedInUrl, preselectStore, storeQuestionOpen, closeStoreQuestion, useStoreQuestionOpen,
  rememberRedirect, takeRedirect, setBusinessSlug, getBusinessSlug, type SessionUser,
} from './session';
export { notify, useToasts, type Toast } from './toasts';
export { showAlert, dismissAlert, clearAlerts, useCurrentAlert, type Alert } from './alerts';
export { notePlacedOrder, recordEcommerce, recordPurchase } from './analytics';
export { useDeleteAccount, useLogout } from './logout';
export { useCartQuantities } from './cart-quantity';
export { beginSession, readQuery } from './begin-session';
export { readCheckoutStep, setCheckoutStep, useCheckoutStep } from './checkout-step';
export { emailCampaignsApi, type EmailCampaignItem } from './email-campaigns';
export { offlineOrdersApi, downloadOfflineOrdersCsv, type OfflineOrderListArgs, type OfflineProductHit } from './endpoints/offline-orders';
export { reconciliationApi, downloadReconciliationCsv, type ReconciliationArgs } from './endpoints/reconciliation';
export { storeContentAdminApi, type DepartmentAliasNode } from './endpoints/store-content-admin';
export { arAccountsApi, type ArAssignAnswer } from './endpoints/ar-accounts';
export { shippingLabelsApi, openLabelFile, type LabelBought, type ShippingAddressInput } from './endpoints/shipping-labels';
export { fraudChecksApi } from './endpoints/fraud-checks';
export { inStorePingApi, type InStorePingArgs } from './endpoints/in-store-ping';
export { featuredProductsApi, type FeaturedAdminList, type FeaturedStore } from './endpoints/featured-products';
export { brandsAdminApi, type BrandsAdminList } from './endpoints/brands-admin';
export { couponsAdminApi, type CouponSaved } from './endpoints/coupons-admin';
export { departmentSettingsAdminApi, type DepartmentSettingsAnswer } from './endpoints/department-settings-admin';
