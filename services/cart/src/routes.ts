import { Type } from 'typebox';
import { Address, AddressInput, Cart, CouponWidget, Promotion, ShippingQuote } from '@platform/contracts';
import { isCouponCurrent } from '@platform/domain';
import type { ServicePlugin } from '@platform/server-kit';
import { acquireSearchIndexes, releaseSearchIndexes } from '@platform/catalogue';
import { AppError, errorAnswers } from '@platform/server-kit';
import { assignAddress, cartParcels, emptyCart, redeemCoupon, removeCoupon, removeLine, setLineQuantity, shopperIdentity } from './service';
import { tenantCoupons } from './coupons';
import { CartStore } from './cart-store';
import { deleteSavedCart, listSavedCarts, restoreSavedCart, saveCart, signedInCustomer } from './saved-carts';
import { couponWidgets, getPromotion, listPromotions, promoPopup, redeemPromotion } from './promotions';
import { currentShippingQuotes, requestShippingQuotes, selectShippingQuote } from './shipping';
import { activeShippingCarriers } from './active-carriers';
import { couponAdminRoutes } from './coupon-admin/routes';

const tags = ['cart'];
const DeviceId = Type.String({ pattern: '^[A-Za-z0-9]{10}$' });
const CartAnswer = { 200: Type.Object({ data: Cart }) };
/** A promo code put on the cart: the line to show, its terms and the cart. */
const RedeemAnswer = { 200: Type.Object({ status: Type.Integer(), message: Type.String(), disclaimer: Type.String(), data: Cart }) };

export const cartRoutes: ServicePlugin = async (app) => {
  // Store products are read from the catalogue's in-memory indexes, shared in this process.
  const catalogue = await acquireSearchIndexes(app.resources, (err) => app.log.error({ err }, 'search index refresh failed'));
  app.addHook('onClose', () => releaseSearchIndexes(app.resources));
  const io = { redis: app.resources.redis, prefix: app.resources.queuePrefix, catalogue, carts: new CartStore(app.resources.redis, app.resources.queuePrefix) };
  await app.register(couponAdminRoutes);

  app.get('/cart-parcels', {
    schema: {
      tags, summary: "The shopper's cart: parcels, checkout types, subtotal. Guests by device_id, customers by token",
      querystring: Type.Object({
        device_id: Type.Optional(DeviceId),
        customer_slug: Type.Optional(Type.String({ maxLength: 100 })),
        order_type: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
        zip: Type.Optional(Type.String({ maxLength: 10 })),
      }),
      response: { ...CartAnswer, ...errorAnswers(409) },
    },
  }, async (request) => ({ data: await cartParcels(request.ctx, io, shopperIdentity(request.ctx, request.query), request.query) }));

  app.post('/add-to-cart', {
    schema: {
      tags, summary: "Sets a line's quantity at the selected store (0 removes it); every quantity rule is checked here",
      body: Type.Object({
        store_product_id: Type.Integer({ minimum: 1 }),
        quantity: Type.Integer({ minimum: 0, maximum: 9999 }),
        special: Type.Optional(Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)])),
        device_id: Type.Optional(DeviceId),
      }),
      response: { ...CartAnswer, ...errorAnswers(403, 409, 422) },
    },
  }, async (request) => ({ data: await setLineQuantity(request.ctx, io, shopperIdentity(request.ctx, request.body), request.body) }));

  app.delete('/remove-cart-item', {
    schema: {
      tags, summary: 'Removes one line from the cart',
      querystring: Type.Object({
        store_product_id: Type.Integer({ minimum: 1 }),
        special_order: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
        identity: Type.Optional(DeviceId),
        device_id: Type.Optional(DeviceId),
      }),
      response: { ...CartAnswer, ...errorAnswers(409) },
    },
  }, async (request) => {
    const who = shopperIdentity(request.ctx, { device_id: request.query.device_id ?? request.query.identity });
    return { data: await removeLine(request.ctx, io, who, request.query.store_product_id) };
  });

  app.post('/assign-address', {
    schema: {
      tags, summary: 'Stores the delivery address and fulfilment type on the cart; totals use them from then on',
      body: Type.Object({
        ...AddressInput.properties,
        zip: Type.String({ pattern: '^\\d{5}(-\\d{4})?$' }),
        order_type: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
        device_id: Type.Optional(DeviceId),
        customer_slug: Type.Optional(Type.String({ maxLength: 100 })),
      }),
      response: { 200: Type.Object({ status: Type.String(), data: Cart }), ...errorAnswers(409) },
    },
  }, async (request) => ({ status: 'success', data: await assignAddress(request.ctx, io, shopperIdentity(request.ctx, request.body), request.body) }));

  app.post('/calculate-taxes', {
    schema: {
      tags, summary: "Tax for the shopper's cart at an address and fulfilment type (the cart's totals with its tax rows)",
      body: Type.Object({
        ...AddressInput.properties,
        postal_code: Type.Optional(Type.String({ pattern: '^\\d{5}(-\\d{4})?$' })),
        zip: Type.Optional(Type.String({ pattern: '^\\d{5}(-\\d{4})?$' })),
        order_type: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], { default: 0 }),
        device_id: Type.Optional(DeviceId),
      }),
      response: { 200: Type.Object({ status: Type.String(), data: Cart.properties.totals }), ...errorAnswers(409) },
    },
  }, async (request) => {
    const cart = await cartParcels(request.ctx, io, shopperIdentity(request.ctx, request.body), { order_type: request.body.order_type, zip: request.body.zip ?? request.body.postal_code });
    return { status: 'success', data: cart.totals };
  });

  app.post('/redeem-coupon', {
    schema: {
      tags, summary: 'Applies a promo code to the cart (at least 3 characters; current; the subtotal meets its minimum)',
      body: Type.Object({ coupon: Type.String({ maxLength: 50 }), device_id: Type.Optional(DeviceId) }),
      response: { ...RedeemAnswer, ...errorAnswers(409, 422) },
    },
  }, async (request) => {
    const answer = await redeemCoupon(request.ctx, io, shopperIdentity(request.ctx, request.body), request.body.coupon);
    if (!answer.ok) throw new AppError('unprocessable', answer.message, { coupon: [answer.message] });
    return { status: 200, message: answer.message, disclaimer: answer.disclaimer, data: answer.cart };
  });

  app.post('/redeemed-coupons-status', {
    schema: {
      tags, summary: "The promo code on the shopper's cart and whether it still applies",
      body: Type.Object({ device_id: Type.Optional(DeviceId) }),
      response: { 200: Type.Object({ data: Type.Object({ coupon: Type.Union([Type.String(), Type.Null()]), valid: Type.Boolean(), message: Type.Union([Type.String(), Type.Null()]), discount: Type.String() }) }), ...errorAnswers(409) },
    },
  }, async (request) => {
    const { totals } = await cartParcels(request.ctx, io, shopperIdentity(request.ctx, request.body));
    return { data: { coupon: totals.coupon, valid: Boolean(totals.coupon) && !totals.coupon_message, message: totals.coupon_message, discount: totals.discount } };
  });

  app.delete('/remove-coupon', {
    schema: {
      tags, summary: 'Takes the promo code off the cart',
      querystring: Type.Object({ device_id: Type.Optional(DeviceId) }),
      response: { ...CartAnswer, ...errorAnswers(409) },
    },
  }, async (request) => ({ data: await removeCoupon(request.ctx, io, shopperIdentity(request.ctx, request.query)) }));

  app.get('/check-active-coupons', {
    schema: {
      tags, summary: 'Whether the store has a promo code in force now (the cart shows the promo code box only then)',
      response: { 200: Type.Object({ data: Type.Object({ active: Type.Boolean() }) }) },
    },
  }, async (request) => {
    const now = new Date();
    const coupons = [...(await tenantCoupons(request.ctx)).values()];
    return { data: { active: coupons.some((c) => isCouponCurrent(c, now)) } };
  });

  // Promotions: the promo codes a store advertises (pages, pop-up, Coupons & Highlights slider).
  app.get('/promotions', {
    schema: { tags, summary: 'Promotions in force now, soonest ending first', response: { 200: Type.Object({ data: Type.Array(Promotion) }) } },
  }, async (request) => ({ data: await listPromotions(request.ctx) }));

  app.get('/promotions/:slug', {
    schema: {
      tags, summary: 'One promotion in force now (the /promotions/single/{slug} page)',
      params: Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,80}$' }) }),
      response: { 200: Type.Object({ data: Promotion }) },
    },
  }, async (request) => ({ data: await getPromotion(request.ctx, request.params.slug) }));

  app.get('/coupon-widgets', {
    schema: { tags, summary: 'Coupon cards of the Coupons & Highlights slider, in order', response: { 200: Type.Object({ data: Type.Array(CouponWidget) }) } },
  }, async (request) => ({ data: await couponWidgets(request.ctx) }));

  app.get('/homepage-promo-pop-up', {
    schema: { tags, summary: 'The promotion the pop-up offers, or null', response: { 200: Type.Object({ data: Type.Object({ coupon_widget_data: Type.Union([Promotion, Type.Null()]) }) }) } },
  }, async (request) => ({ data: { coupon_widget_data: await promoPopup(request.ctx) } }));

  app.post('/promotions/redeem', {
    schema: {
      tags, summary: "Puts a promotion's code on the cart, even an empty one (it applies once the cart qualifies)",
      body: Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,80}$' }), device_id: Type.Optional(DeviceId) }),
      response: { ...RedeemAnswer, ...errorAnswers(409, 422) },
    },
  }, async (request) => {
    const answer = await redeemPromotion(request.ctx, io, shopperIdentity(request.ctx, request.body), request.body.slug);
    return { status: 200, message: answer.message, disclaimer: answer.disclaimer, data: answer.cart };
  });

  app.get('/empty-cart', {
    schema: {
      tags, summary: 'Empties the cart (store switch, after an order)',
      querystring: Type.Object({ device_id: Type.Optional(DeviceId), order_id: Type.Optional(Type.String({ maxLength: 64 })) }),
      response: { ...CartAnswer, ...errorAnswers(409) },
    },
  }, async (request) => ({ data: await emptyCart(request.ctx, io, shopperIdentity(request.ctx, request.query)) }));

  app.post('/shipping-quotes', {
    schema: {
      tags, summary: "Shipping options for the cart to the customer's address (the store's carrier account, else its table rates), with the handling fee",
      body: Type.Object({ customerAddress: AddressInput, device_id: Type.Optional(DeviceId) }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.Union([Type.String(), Type.Null()]), quotes: Type.Array(ShippingQuote), data: Cart }), ...errorAnswers(409, 422, 503) },
    },
  }, async (request) => requestShippingQuotes(request.ctx, io, shopperIdentity(request.ctx, request.body), request.body.customerAddress,
    (err) => request.log.warn({ err }, 'shipping carrier failed')));

  app.post('/select-shipping-quote', {
    schema: {
      tags, summary: 'Chooses one of the current shipping quotes; the cart totals charge it from then on',
      body: Type.Object({ quote_id: Type.String({ minLength: 1, maxLength: 120 }), device_id: Type.Optional(DeviceId) }),
      response: { ...CartAnswer, ...errorAnswers(409, 422) },
    },
  }, async (request) => ({ data: await selectShippingQuote(request.ctx, io, shopperIdentity(request.ctx, request.body), request.body.quote_id) }));

  app.get('/shipping-quote', {
    schema: {
      tags, summary: "The cart's shipping address, current quotes and the chosen one (stale: the cart changed since it was quoted)",
      querystring: Type.Object({ device_id: Type.Optional(DeviceId) }),
      response: { 200: Type.Object({ data: Type.Object({
        address: Type.Union([Address, Type.Null()]),
        quotes: Type.Array(ShippingQuote), selected: Type.Union([ShippingQuote, Type.Null()]), stale: Type.Boolean(),
      }) }), ...errorAnswers(409) },
    },
  }, async (request) => ({ data: await currentShippingQuotes(request.ctx, io, shopperIdentity(request.ctx, request.query)) }));

  app.get('/active-shipping-carriers', {
    schema: {
      tags, summary: "The carriers the store ships with, for the checkout's Shipping choice: its EasyPost account's carriers, else its table rates' carriers with their services; none when the store does not ship",
      response: {
        200: Type.Object({ data: Type.Array(Type.Object({
          id: Type.String({ description: "The carrier's name as quote ids begin with it" }),
          name: Type.String(),
          source: Type.Union([Type.Literal('table_rate'), Type.Literal('easypost')]),
          services: Type.Array(Type.Object({ id: Type.String({ description: 'The id its quotes carry' }), name: Type.String(), delivery_days: Type.Union([Type.String(), Type.Null()]) })),
        })) }),
        // 503: the store's EasyPost account did not answer.
        ...errorAnswers(503),
      },
    },
  }, async (request) => ({ data: await activeShippingCarriers(request.ctx, (err) => request.log.warn({ err }, 'shipping carrier accounts could not be read')) }));

  const SavedCartSummary = Type.Object({
    id: Type.String(), name: Type.String(), location_id: Type.Integer(), created_at: Type.String(), item_count: Type.Integer(),
  });

  app.post('/save-cart', {
    schema: {
      tags, summary: "Keeps a copy of the signed-in customer's cart under a name (default: the date); the cart itself stays",
      body: Type.Object({ name: Type.Optional(Type.String({ maxLength: 80 })) }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: SavedCartSummary }), ...errorAnswers(409, 422) },
    },
  }, async (request) => ({ status: 'success', message: 'Your cart has been saved.', data: await saveCart(request.ctx, io, signedInCustomer(request.ctx, 'save your cart'), request.body.name) }));

  app.get('/orders-saved', {
    schema: {
      tags, summary: "The signed-in customer's saved carts, newest first, priced as the store sells the products now",
      querystring: Type.Object({ customer_slug: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: { 200: Type.Object({ data: Type.Array(Type.Object({ ...SavedCartSummary.properties, unavailable_items: Type.Integer(), subtotal: Type.String() })) }) },
    },
  }, async (request) => ({ data: await listSavedCarts(request.ctx, io, signedInCustomer(request.ctx, 'see your saved carts')) }));

  app.post('/update-current-cart', {
    schema: {
      tags, summary: 'Makes a saved cart the current cart (its lines replace the current ones; the saved copy stays)',
      body: Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) }),
      response: { ...CartAnswer, ...errorAnswers(409) },
    },
  }, async (request) => ({ data: await restoreSavedCart(request.ctx, io, signedInCustomer(request.ctx, 'use a saved cart'), request.body.id) }));

  app.delete('/saved-cart', {
    schema: {
      tags, summary: 'Deletes one of the signed-in customer\'s saved carts',
      querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String() }), ...errorAnswers(409) },
    },
  }, async (request) => {
    await deleteSavedCart(request.ctx, io, signedInCustomer(request.ctx, 'delete a saved cart'), request.query.id);
    return { status: 'success', message: 'The saved cart has been deleted.' };
  });

  app.get('/cart-preferences', {
    schema: {
      tags, summary: "The shopper's fulfilment choices kept on the cart: delivery mode, address, and the store the cart is for",
      querystring: Type.Object({ device_id: Type.Optional(DeviceId) }),
      response: { 200: Type.Object({ data: Type.Object({
        order_type: Type.Union([Type.Integer(), Type.Null()]), location_id: Type.Union([Type.Integer(), Type.Null()]),
        address: Type.Union([Address, Type.Null()]),
      }) }) },
    },
  }, async (request) => {
    const cart = await io.carts.get(request.ctx.tenantId, shopperIdentity(request.ctx, request.query));
    return { data: { order_type: cart?.orderType ?? null, location_id: cart?.locationId ?? null, address: cart?.address ?? null } };
  });
};
