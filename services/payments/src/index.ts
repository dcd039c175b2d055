export {
  assertCents, WHOLE_CENTS,
  type PaymentProvider, type PaymentProviderName, type Authorization, type AuthorizationStatus, type AuthorizeOptions,
  type SavedCard, type PaymentEvent, type CallOptions, type CallbackHeaders, type CardChecks, type CheckResult,
} from './provider';
export { paymentProviderFor, PaymentProviderNotConfiguredError, PROVIDERS_NOT_BUILT, CARD_PAYMENTS_NOT_AVAILABLE, type StorePaymentSettings } from './registry';
export { refundPayment, assertRefundWithinCaptured, REFUND_OVER_PAID, type CapturedPayment } from './refund-guard';
export { PayAtStoreProvider } from './pay-at-store-provider';
export { StripeProvider, createStripeClient, CALLBACK_NOT_VERIFIED } from './stripe-provider';
export { FiservProvider, type FiservCredentials } from './fiserv/fiserv-provider';
export { fiservConnectHash } from './fiserv/fiserv-signature';
export { WEBHOOK_PROVIDERS, failedModification, isWebhookProvider, settlesPayment, webhookSecret, type FailedModification, type WebhookProvider } from './webhooks';
export { PlugnPayProvider } from './plugnpay/plugnpay-provider';
export { AdyenProvider, type AdyenPaymentMethod } from './adyen/adyen-provider';
export type { AdyenCredentials } from './adyen/adyen-client';
export { AuthorizeNetProvider, type AuthorizeNetCredentials } from './authorize_net/authorize_net-provider';
export { PaymentProviderError, shopperMessage } from './stripe-errors';
