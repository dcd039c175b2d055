import { Type } from 'typebox';
import { Address, AddressInput, Money } from '@platform/contracts';
import { errorAnswers, storeLinkOrigin, type ServicePlugin } from '@platform/server-kit';
import { acquireSearchIndexes, releaseSearchIndexes } from '@platform/catalogue';
import { CartStore, shopperIdentity } from '@platform/cart';
import type { CheckoutIo } from './checkout';
import { fiservConnectForm, prepayment, validateAddress } from './checkout-steps';

const DeviceId = Type.String({ pattern: '^[A-Za-z0-9]{10}$' });
const OrderType = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], { description: "The fulfilment type the shopper chose (0 pickup, 1 delivery, 2 shipping); without it, the one kept on the cart" });
const Locale = Type.String({ maxLength: 35, description: "The shopper's language, e.g. en-US (en_us, EN-us are read the same); default en-US" });

/**
 * The checkout's calls before the order is placed: POST customer/orders/validate-address, POST
 * customer/orders/prepayment and POST get-fiserv-hash (checkout-steps.ts). None of them changes anything.
 */
export const checkoutStepRoutes: ServicePlugin = async (app) => {
  // The cart is priced from the catalogue's in-memory indexes, shared in this process (as checkout does).
  const catalogue = await acquireSearchIndexes(app.resources, (err) => app.log.error({ err }, 'search index refresh failed'));
  app.addHook('onClose', () => releaseSearchIndexes(app.resources));
  const io: CheckoutIo = {
    resources: app.resources,
    cart: { redis: app.resources.redis, prefix: app.resources.queuePrefix, catalogue, carts: new CartStore(app.resources.redis, app.resources.queuePrefix) },
  };

  app.post('/customer/orders/validate-address', {
    schema: {
      tags: ['orders'],
      summary: "Checks a delivery or shipping address before the shopper goes on: every field, the store's delivery zips for a delivery, a US address the store's EasyPost account can verify for a shipment; answers it normalised. Changes nothing",
      body: Type.Object({
        order_type: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 delivery, 2 shipping' }),
        ...AddressInput.properties,
        device_id: Type.Optional(DeviceId),
      }),
      response: {
        200: Type.Object({
          status: Type.String(),
          address: Address,
          verified: Type.Boolean({ description: "The store's carrier verified it (its corrections applied); false where the store has no EasyPost account, for a delivery, or when the carrier did not answer" }),
        }),
        // 422: a field missing or malformed (by field), a mode the store does not offer, a zip outside the delivery area, an address the carrier could not find.
        ...errorAnswers(422),
      },
    },
  }, async (request) => ({ status: 'success', ...await validateAddress(request.ctx, request.body, (details, message) => request.log.warn(details, message)) }));

  app.post('/customer/orders/prepayment', {
    schema: {
      tags: ['orders'],
      summary: "What the Payment step needs before its card form shows: the store's card provider and its public key (never a secret), the amount the card will be charged (the cart's total now), the currency and the shopper's locale; provider null means payment at the store",
      body: Type.Object({ locale: Type.Optional(Locale), order_type: Type.Optional(OrderType), device_id: Type.Optional(DeviceId) }),
      response: {
        200: Type.Object({
          status: Type.String(),
          data: Type.Object({
            provider: Type.Union([Type.Literal('stripe'), Type.Literal('adyen'), Type.Literal('plugnpay'), Type.Literal('authorize_net'), Type.Literal('fiserv'), Type.Null()]),
            public_key: Type.Union([Type.String(), Type.Null()], { description: "The key the provider's card form is made with: Stripe's publishable key, Adyen's client (origin) key, Authorize.Net's client key" }),
            provider_settings: Type.Union([Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()])), Type.Null()], { description: "The provider's public fields, as GET payment-settings answers them" }),
            amount: Money,
            currency: Type.String(),
            locale: Type.String(),
            order_type: Type.Integer(),
          }),
        }),
        // 403: a store account; 409: the cart is busy; 422: an empty cart, a mode not offered, a delivery address missing or outside the zips, no shipping option chosen, a locale that is no language.
        ...errorAnswers(403, 409, 422),
      },
    },
  }, async (request) => ({
    status: 'success',
    data: await prepayment(request.ctx, io, shopperIdentity(request.ctx, request.body), request.body, (details, message) => request.log.warn(details, message)),
  }));

  app.post('/get-fiserv-hash', {
    schema: {
      tags: ['orders'],
      summary: "Fiserv Connect's signed payment form for the shopper's cart: every field the form posts (the cart's total now, the store's Connect store id, txndatetime, time zone, return addresses) and hashExtended over them with the store's shared secret, which is never answered",
      body: Type.Object({ order_type: Type.Optional(OrderType), locale: Type.Optional(Locale), device_id: Type.Optional(DeviceId) }),
      response: {
        200: Type.Object({
          status: Type.String(),
          data: Type.Object({
            action_url: Type.String({ description: "Connect's hosted page the form is posted to" }),
            hash: Type.String({ description: 'hashExtended: Base64 HMAC-SHA256 over the fields, in the order of their names' }),
            txndatetime: Type.String(), storename: Type.String(), chargetotal: Money, currency: Type.String({ description: 'ISO 4217 numeric (840: US dollar)' }),
            fields: Type.Record(Type.String(), Type.String(), { description: 'Every field to post, hashExtended included; change none' }),
          }),
        }),
        // 403: a store account; 409: the cart is busy; 422: the store is not on Fiserv or lacks its Connect settings, and the checkout's refusals as prepayment.
        ...errorAnswers(403, 409, 422),
      },
    },
  }, async (request) => ({
    status: 'success',
    data: await fiservConnectForm(request.ctx, io, shopperIdentity(request.ctx, request.body), request.body, await storeLinkOrigin(request),
      (details, message) => request.log.warn(details, message)),
  }));
};
