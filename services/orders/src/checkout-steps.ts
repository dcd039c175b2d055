import type { Cart, PaymentSettings } from '@platform/contracts';
import {
  CART_EMPTY_AT_CHECKOUT, checkoutLocale, countryCode, deliveryAddressProblems, deliveryFee, FULFILMENT_MODES, INVALID_LOCALE, OUTSIDE_DELIVERY_AREA, toCents,
  type FulfilmentMode,
} from '@platform/domain';
import { cartParcels, EasyPostCarrier, type ShopperIdentity } from '@platform/cart';
import { getBusinessDetails, getPaymentSettings, getShippingCarrierAccount, storedPaymentSettings } from '@platform/tenant-settings';
import { AppError, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import type { CheckoutIo } from './checkout';
import { connectForm, connectSettings, type FiservConnectForm, type Warn } from './fiserv-connect';

export { NOT_ON_FISERV, type Warn } from './fiserv-connect';

/**
 * The checkout's calls before the order is placed (spec 2 §7): the address check of the Information step, what the
 * Payment step needs before its card form shows, and Fiserv Connect's signed form. None of them changes anything.
 */

export const ADMINS_CANNOT_ORDER = 'Store admins cannot place orders. Use View as Customer with a customer account.';
export const MODE_NOT_OFFERED = 'This store does not offer that delivery method. Please choose another.';
export const CHOOSE_SHIPPING_OPTION = 'Please choose a shipping option.';
export const ENTER_DELIVERY_ADDRESS = 'Please enter your delivery address.';
export const SHIP_WITHIN_US = 'We ship within the United States only.';
export const DELIVER_WITHIN_US = 'The store delivers within the United States only. Please choose pickup or shipping.';
export const ADDRESS_NOT_SHIPPABLE = 'The carrier could not find this address. Please check it.';


const refuseMode = (): never => { throw new AppError('unprocessable', MODE_NOT_OFFERED, { order_type: [MODE_NOT_OFFERED] }); };

/** The shopper's locale as the card forms take it, or a 422 under `locale`. */
function localeOf(value: string | undefined): string {
  const locale = checkoutLocale(value);
  if (!locale) throw new AppError('unprocessable', INVALID_LOCALE, { locale: [INVALID_LOCALE] });
  return locale;
}

/**
 * The cart as customer/orders/submit would place it now, with its refusals: a store account (403), an empty cart,
 * a fulfilment type the store does not offer, a delivery without its address or outside the delivery zips, a
 * shipment without a chosen option (422). Its total is what the card is charged, never a figure from the browser.
 * orderType: the fulfilment type the shopper chose; without it, the one kept on the cart.
 */
export async function cartAtCheckout(ctx: RequestContext, io: CheckoutIo, who: ShopperIdentity, orderType?: FulfilmentMode): Promise<Cart> {
  if (ctx.caller?.isAdmin) throw new AppError('forbidden', ADMINS_CANNOT_ORDER);
  const stored = await io.cart.carts.get(ctx.tenantId, who);
  const cart = await cartParcels(ctx, io.cart, who, orderType === undefined ? {} : { order_type: orderType }, stored);
  if (cart.item_count === 0 || !stored) throw new AppError('unprocessable', CART_EMPTY_AT_CHECKOUT);
  if (orderType !== undefined && cart.totals.order_type !== orderType) refuseMode();
  if (cart.totals.order_type === FULFILMENT_MODES.delivery) {
    const problems = stored.address ? deliveryAddressProblems(stored.address) : { address: ENTER_DELIVERY_ADDRESS };
    if (Object.keys(problems).length) throw new AppError('unprocessable', ENTER_DELIVERY_ADDRESS, Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])));
    if (cart.totals.delivery_error) throw new AppError('unprocessable', OUTSIDE_DELIVERY_AREA, { zip: [OUTSIDE_DELIVERY_AREA] });
  }
  if (cart.totals.order_type === FULFILMENT_MODES.shipping && !cart.totals.shipping_quote) throw new AppError('unprocessable', CHOOSE_SHIPPING_OPTION, { shipping_quote: [CHOOSE_SHIPPING_OPTION] });
  return cart;
}

export interface AddressCheckInput { order_type: 1 | 2; address?: string; address2?: string; city?: string; state?: string; zip?: string; country?: string }
export interface CheckedAddress { address: string; address2: string; city: string; state: string; zip: string; country: string }

/**
 * POST customer/orders/validate-address: a delivery or shipping address checked before the shopper goes on, the
 * way checkout will take it. Both need a street, city, state and a US zip (by field, libs/domain
 * deliveryAddressProblems). A delivery's zip must be one the store delivers to (the cart's rule); a shipment goes
 * within the United States, and where the store has an EasyPost account the carrier verifies the address and its
 * corrections are answered (`verified`). EasyPost not answering does not stop the shopper: the address is answered
 * as checked here, not verified. Nothing is kept.
 */
export async function validateAddress(ctx: RequestContext, input: AddressCheckInput, warn: Warn): Promise<{ address: CheckedAddress; verified: boolean }> {
  const business = await getBusinessDetails(ctx);
  const delivery = input.order_type === FULFILMENT_MODES.delivery;
  if (!(delivery ? business.delivery_enabled : business.shipping_enabled)) refuseMode();
  const address: CheckedAddress = {
    address: (input.address ?? '').trim(), address2: (input.address2 ?? '').trim(), city: (input.city ?? '').trim(),
    state: (input.state ?? '').trim().toUpperCase(), zip: (input.zip ?? '').trim(), country: countryCode(input.country),
  };
  const problems: Record<string, string> = { ...deliveryAddressProblems(address) };
  if (address.country !== 'US') problems.country = delivery ? DELIVER_WITHIN_US : SHIP_WITHIN_US;
  rejectFieldProblems(problems);
  if (delivery) {
    const zones = business.delivery_locations.map((z) => ({ code: z.code, feeCents: toCents(z.fee), minThresholdCents: null, thresholdFeeCents: null }));
    if (!deliveryFee(address.zip, 0, zones).ok) throw new AppError('unprocessable', OUTSIDE_DELIVERY_AREA, { zip: [OUTSIDE_DELIVERY_AREA] });
    return { address, verified: false };
  }
  const account = await getShippingCarrierAccount(ctx);
  if (account.adapter !== 'easypost') return { address, verified: false };
  let verification;
  try {
    verification = await new EasyPostCarrier(account.apiKey).verifyAddress(address);
  } catch (err) {
    warn({ err }, 'shipping address could not be verified by the carrier');
    return { address, verified: false };
  }
  if (!verification.ok) {
    throw new AppError('unprocessable', ADDRESS_NOT_SHIPPABLE, Object.fromEntries(verification.fields.map((field) => [field, [ADDRESS_NOT_SHIPPABLE]])));
  }
  return { address: { ...verification.address, country: countryCode(verification.address.country) }, verified: true };
}

type ProviderName = NonNullable<PaymentSettings['payment_provider']>;

/** The one key a provider's card form is made with in the browser (its other public fields are in provider_settings). */
function publicKeyOf(provider: ProviderName, fields: Record<string, string | boolean> | undefined): string | null {
  const key = { stripe: 'publishable_key', adyen: 'origin_key', authorize_net: 'client_key', plugnpay: null, fiserv: null }[provider];
  const value = key ? fields?.[key] : null;
  return typeof value === 'string' && value ? value : null;
}

export interface PrepaymentAnswer {
  provider: ProviderName | null;
  public_key: string | null;
  provider_settings: Record<string, string | boolean> | null;
  amount: string;
  currency: 'USD';
  locale: string;
  order_type: number;
}

/**
 * POST customer/orders/prepayment: what the Payment step needs before its card form shows. The store's card provider
 * with its public key and public fields (as GET payment-settings answers them; never a secret), the amount the card
 * will be charged (the cart's total now, as submit takes it), the currency and the shopper's locale. A store that
 * takes no cards, or whose provider lacks a credential it needs, answers provider null: payment at the store.
 */
export async function prepayment(ctx: RequestContext, io: CheckoutIo, who: ShopperIdentity, input: { locale?: string; order_type?: FulfilmentMode }, warn: Warn): Promise<PrepaymentAnswer> {
  if (ctx.caller?.isAdmin) throw new AppError('forbidden', ADMINS_CANNOT_ORDER);
  const locale = localeOf(input.locale);
  const cart = await cartAtCheckout(ctx, io, who, input.order_type);
  const settings = await getPaymentSettings(ctx);
  // As the storefront's payment settings say (cards_offered: libs/domain cardSetupMissing on the server).
  const provider = settings.cards_offered ? settings.payment_provider : null;
  if (settings.payment_provider && !provider) warn({ provider: settings.payment_provider }, 'card provider not ready: the Payment step offers payment at the store');
  const fields = provider ? settings[provider] as Record<string, string | boolean> | undefined : undefined;
  return {
    provider, public_key: provider ? publicKeyOf(provider, fields) : null, provider_settings: fields ?? null,
    amount: cart.totals.total, currency: 'USD', locale, order_type: cart.totals.order_type,
  };
}

/**
 * POST get-fiserv-hash: the form the Payment step posts to Fiserv Connect's hosted page, signed. Connect's
 * hashExtended is an HMAC-SHA256 with the store's shared secret over every field the form sends, so the server
 * makes the whole form: a preauthorization (txntype preauth: the store captures when the order is placed) of the
 * cart's total now in US dollars, the store's Connect store id and time zone, the time, the combined page, the
 * return addresses on the store's own address, and the language from the shopper's locale. Nothing from the
 * browser is signed but the fulfilment type and the locale. The shared secret is never answered or logged.
 */
export async function fiservConnectForm(ctx: RequestContext, io: CheckoutIo, who: ShopperIdentity, input: { locale?: string; order_type?: FulfilmentMode },
  origin: string, warn: Warn, now = new Date()): Promise<FiservConnectForm> {
  if (ctx.caller?.isAdmin) throw new AppError('forbidden', ADMINS_CANNOT_ORDER);
  const connect = connectSettings(await storedPaymentSettings(ctx), warn);
  const locale = localeOf(input.locale);
  const cart = await cartAtCheckout(ctx, io, who, input.order_type);
  return connectForm(connect, { chargetotal: cart.totals.total, locale, origin }, now);
}
