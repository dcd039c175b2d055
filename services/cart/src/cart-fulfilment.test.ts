import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { Product, StoreProduct } from '@platform/catalogue';
import { StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import { cartService, Coupon } from './index';

// Items that cannot be delivered or shipped (spec 1 §3 item settings), the delivery and shipping discounts, the
// applied code's label and the fee details of the cart totals, and the pickup and delivery disclaimers.
let harness: Awaited<ReturnType<typeof createTestApp>>;
const call = (slug: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug, 'store-id': '1' }, ...(payload ? { payload } : {}) });
const add = (device: string, store_product_id: number, quantity: number) => call('cartf-a', 'POST', 'add-to-cart', { store_product_id, quantity, device_id: device });
const cart = async (device: string, query = '') => (await call('cartf-a', 'GET', `cart-parcels?device_id=${device}${query}`)).json().data;
const redeem = (device: string, coupon: string) => call('cartf-a', 'POST', 'redeem-coupon', { coupon, device_id: device });
const address = { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'USA' };

const MULCH = 71; // 6.99, not delivered, in its own words
const PROPANE = 81; // 24.00, not shipped
const HAMMER = 21; // 19.99 (fixture)
const DRILL = 11; // 129.99 with a 1.50 battery recycling fee (fixture)

beforeAll(async () => {
  harness = await createTestApp([cartService, tenantSettingsService], 'cart-fulfilment');
  const tenantId = (await createTenant('cartf-a')).id;
  await createCatalogueFixture(tenantId, 'cartf-a');
  await Product.create({
    tenantId, productId: 7, sku: '1007', slug: 'bagged-mulch', title: 'Bagged Mulch', originalTitle: 'Bagged Mulch', vendorId: 101,
    settings: { disableDelivery: true, disableDeliveryText: 'Too heavy for our van: pickup only' },
  });
  await StoreProduct.create({ tenantId, storeProductId: MULCH, locationId: 1, productId: 7, sku: '1007', title: 'Bagged Mulch', priceCents: 699, inventory: 100 });
  await Product.create({ tenantId, productId: 8, sku: '1008', slug: 'propane', title: 'Propane Tank', originalTitle: 'Propane Tank', vendorId: 101, settings: { disableShipping: true } });
  await StoreProduct.create({ tenantId, storeProductId: PROPANE, locationId: 1, productId: 8, sku: '1008', title: 'Propane Tank', priceCents: 2400, inventory: 20 });
  await StoreProfile.create({
    tenantId, business: {
      pickup_enabled: true, delivery_enabled: true, shipping_enabled: true,
      delivery_locations: [{ code: '97301', fee: '9.99', minThreshold: '100.00', thresholdFee: '0.00' }, { code: '97302', fee: '15.00', minThreshold: '50.00', thresholdFee: '5.00' }],
      shipping_settings: { handling_fee: '1.50', table_rates: [{ carrier: 'Store Shipping', service: 'Ground', delivery_days: '3-5 days', free_over: null, bands: [{ up_to_weight: null, fee: '8.99' }] }] },
    },
  });
  await Coupon.insertMany([
    { tenantId, code: 'FREEDEL', kind: 'free_delivery', disclaimer: 'Local delivery only.' },
    { tenantId, code: 'FREESHIP', kind: 'free_shipping', minSubtotalCents: 3000 },
  ]);
  const other = await createTenant('cartf-b');
  await StoreProfile.create({ tenantId: other.id, business: { pickup_disclaimer: 'Ring the bell at the loading dock.', delivery_settings: { delivery_disclaimer: 'We deliver on Tuesdays and Fridays.' } } });
});
afterAll(async () => { await harness?.close(); });

describe("checkout_types with lines that cannot be delivered or shipped", () => {
  it('leaves delivery out while a no-delivery line is in the cart, and shipping while a no-shipping line is', async () => {
    expect((await add('ModesDev01', HAMMER, 1)).json().data.checkout_types).toEqual({ pickup: true, delivery: true, shipping: true });
    const withMulch = (await add('ModesDev01', MULCH, 2)).json().data;
    expect(withMulch.checkout_types).toEqual({ pickup: true, delivery: false, shipping: true });
    // The line carries its settings, so the cart page can say why.
    expect(withMulch.parcels[0].items.find((i: { store_product_id: number }) => i.store_product_id === MULCH).settings)
      .toEqual({ disableDelivery: true, disableDeliveryText: 'Too heavy for our van: pickup only' });
    // Asked for delivery, the cart answers its pickup totals (the mode is not offered).
    expect((await cart('ModesDev01', '&order_type=1&zip=97301')).totals).toMatchObject({ order_type: 0, delivery_fee: null, delivery_charge_label: null });
    expect((await add('ModesDev01', PROPANE, 1)).json().data.checkout_types).toEqual({ pickup: true, delivery: false, shipping: false });
    expect((await add('ModesDev01', MULCH, 0)).json().data.checkout_types).toEqual({ pickup: true, delivery: true, shipping: false });
    expect((await add('ModesDev01', PROPANE, 0)).json().data.checkout_types).toEqual({ pickup: true, delivery: true, shipping: true });
  });
});

describe('delivery and shipping discounts, and the applied code', () => {
  it("counts the zone's lower fee over its minimum subtotal as the delivery discount", async () => {
    await add('DiscDev001', HAMMER, 2); // 39.98: under the 50.00 minimum
    expect((await cart('DiscDev001', '&order_type=1&zip=97302')).totals).toMatchObject({
      delivery_fee: '15.00', discount_delivery: '0.00', delivery_charge: '15.00', delivery_charge_label: '$15.00', total: '54.98',
    });
    await add('DiscDev001', HAMMER, 3); // 59.97: the fee is 5.00 from 50.00
    expect((await cart('DiscDev001', '&order_type=1&zip=97302')).totals).toMatchObject({
      delivery_fee: '15.00', discount_delivery: '10.00', delivery_charge: '5.00', delivery_charge_label: '$5.00', discount: '0.00', discount_label: null, total: '64.97',
    });
  });

  it('a free-delivery code takes the rest of the delivery fee off, says so, and gives nothing (and says why) in another mode', async () => {
    const redeemed = (await redeem('DiscDev001', 'freedel')).json();
    expect(redeemed).toMatchObject({ status: 200, message: 'Promo code FREEDEL applied.', disclaimer: 'Local delivery only.' });
    expect((await cart('DiscDev001', '&order_type=1&zip=97302')).totals).toMatchObject({
      coupon: 'FREEDEL', coupon_message: null, discount: '0.00', discount_label: 'FREE DELIVERY',
      delivery_fee: '15.00', discount_delivery: '15.00', delivery_charge: '0.00', delivery_charge_label: 'FREE', total: '59.97',
    });
    expect((await cart('DiscDev001', '&order_type=0')).totals).toMatchObject({
      coupon: 'FREEDEL', coupon_message: 'This promo code gives free delivery: choose Delivery to use it.', discount_label: null, discount_delivery: '0.00', total: '59.97',
    });
  });

  it('a free-shipping code takes the chosen option off the shipping line once its minimum is reached', async () => {
    await add('ShipDisc01', HAMMER, 1); // 19.99
    expect((await call('cartf-a', 'POST', 'shipping-quotes', { customerAddress: address, device_id: 'ShipDisc01' })).statusCode).toBe(200);
    const chosen = (await call('cartf-a', 'POST', 'select-shipping-quote', { quote_id: 'store-shipping-ground', device_id: 'ShipDisc01' })).json().data.totals;
    expect(chosen).toMatchObject({ order_type: 2, shipping_fee: '10.49', discount_shipping: '0.00', shipping_charge: '10.49', shipping_charge_label: '$10.49', total: '30.48' });
    expect((await redeem('ShipDisc01', 'FREESHIP')).json().message).toBe('Spend $30.00 or more to use this promo code.');
    await add('ShipDisc01', HAMMER, 2); // 39.98: the quote is stale now, quote again
    await call('cartf-a', 'POST', 'shipping-quotes', { customerAddress: address, device_id: 'ShipDisc01' });
    await call('cartf-a', 'POST', 'select-shipping-quote', { quote_id: 'store-shipping-ground', device_id: 'ShipDisc01' });
    const freed = (await redeem('ShipDisc01', 'FREESHIP')).json().data.totals;
    expect(freed).toMatchObject({
      order_type: 2, discount: '0.00', discount_label: 'FREE SHIPPING',
      shipping_fee: '10.49', discount_shipping: '10.49', shipping_charge: '0.00', shipping_charge_label: 'FREE', total: '39.98',
    });
  });

  it('lists the additional fees by message, times the quantity', async () => {
    await add('FeesDev001', DRILL, 2);
    await add('FeesDev001', HAMMER, 1);
    expect((await cart('FeesDev001')).totals).toMatchObject({
      subtotal: '279.97', additional_fees: '3.00', additional_fee_details: [{ message: 'Battery recycling fee', price_impact: '3.00' }], total: '282.97',
    });
  });
});

describe('pickup and delivery disclaimers in the business details', () => {
  it("are spec 2's words by default, and the store's own where it wrote them", async () => {
    expect((await call('cartf-a', 'GET', 'business-details2')).json().data).toMatchObject({
      pickup_disclaimer: 'Please allow time for our team to pull your order. You will be notified when it is ready.',
      delivery_settings: { delivery_disclaimer: 'Someone on our team will reach out to set up a delivery time.' },
    });
    expect((await call('cartf-b', 'GET', 'business-details2')).json().data).toMatchObject({
      pickup_disclaimer: 'Ring the bell at the loading dock.', delivery_settings: { delivery_disclaimer: 'We deliver on Tuesdays and Fridays.' },
    });
  });
});
