import type { StorePaymentSettings } from './registry';

/**
 * The providers whose callbacks reach the platform as webhooks (services/orders: POST payments/webhook/{provider}),
 * where each keeps the secret it signs them with in the store's payment settings (sealed; the caller opens them),
 * and which of their events can settle a payment an order waits for. Plug'n Pay has no signed webhooks (its
 * Smart Screens hash is a browser return), so it has no route.
 */
export const WEBHOOK_PROVIDERS = ['stripe', 'adyen', 'authorize_net', 'fiserv'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

/** The settings field holding each provider's webhook secret. */
const SECRET_FIELD: Record<WebhookProvider, string> = {
  // Stripe's endpoint signing secret (whsec_…).
  stripe: 'webhook_secret',
  // Adyen's notification HMAC key (hex), per webhook in the Customer Area.
  adyen: 'hmac_key',
  // Authorize.Net's Signature Key (X-ANET-Signature).
  authorize_net: 'signature_key',
  // Fiserv Connect's shared secret (notification_hash, response_hash).
  fiserv: 'shared_secret',
};

/** The events that can settle a payment an order is waiting for, by provider (the adapters' PaymentEvent.type). */
const SETTLING: Record<WebhookProvider, (type: string) => boolean> = {
  stripe: (type) => ['payment_intent.amount_capturable_updated', 'payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled'].includes(type),
  // AUTHORISATION, or AUTHORISATION:failed when success is false; modifications (CAPTURE, REFUND, …) do not.
  adyen: (type) => type === 'AUTHORISATION' || type === 'AUTHORISATION:failed',
  authorize_net: (type) => [
    'net.authorize.payment.authorization.created', 'net.authorize.payment.authcapture.created', 'net.authorize.payment.void.created',
    'net.authorize.payment.fraud.approved', 'net.authorize.payment.fraud.declined',
  ].includes(type),
  // Every Connect answer (connect.approved, connect.declined, connect.failed, …) is the outcome of its payment.
  fiserv: (type) => type.startsWith('connect.'),
};

export function isWebhookProvider(name: string): name is WebhookProvider {
  return (WEBHOOK_PROVIDERS as readonly string[]).includes(name);
}

/** The store's webhook secret for a provider (opened), or null when it has none. */
export function webhookSecret(settings: StorePaymentSettings | null | undefined, provider: WebhookProvider): string | null {
  const section = (settings as Record<string, unknown> | null | undefined)?.[provider] as Record<string, unknown> | null | undefined;
  const secret = section?.[SECRET_FIELD[provider]];
  return typeof secret === 'string' && secret.trim() ? secret.trim() : null;
}

/** What a failed capture, cancel or refund undoes on the order: a modification the provider answered `received` and failed later. */
export type FailedModification = 'capture' | 'cancel' | 'refund';

/**
 * The events that say a capture, void or refund we took as done failed after all, by provider. Adyen answers its
 * modifications only `received`; the outcome comes later: CAPTURE / CANCELLATION / REFUND / TECHNICAL_CANCEL with
 * success false, or CAPTURE_FAILED / REFUND_FAILED (the card scheme refused it) and REFUNDED_REVERSED (the refund
 * came back to the merchant) after a success. The others' modifications answer their outcome at once.
 */
const FAILED: Partial<Record<WebhookProvider, Record<string, FailedModification>>> = {
  adyen: {
    'CAPTURE:failed': 'capture', CAPTURE_FAILED: 'capture', 'CANCELLATION:failed': 'cancel', 'TECHNICAL_CANCEL:failed': 'cancel',
    'REFUND:failed': 'refund', REFUND_FAILED: 'refund', REFUNDED_REVERSED: 'refund',
  },
};

/** Which modification an event says failed, or null (a success, or an event about something else). */
export function failedModification(provider: WebhookProvider, type: string): FailedModification | null {
  return FAILED[provider]?.[type] ?? null;
}

/** Whether an event of the provider can settle an order waiting for its payment (others are received and ignored). */
export function settlesPayment(provider: WebhookProvider, type: string): boolean {
  return SETTLING[provider](type);
}
