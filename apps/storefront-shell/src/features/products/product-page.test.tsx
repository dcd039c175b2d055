import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DepartmentNode, ProductDetail, SessionUser } from '@platform/api-client';
import type { Cart } from '@platform/contracts';
import { BUSINESS, DEVICE_ID, EMPTY_CART, FakeApi, Failure, later, productItem, renderScreen, SETTINGS } from '../../test-support';
import { ProductPage } from './product-page';

const TOOLS: DepartmentNode = {
  dept_id: 1, dept_name: 'TOOLS', name: 'Tools', slug: 'tools', image_url: null, parent: null, hide_products: false, highlighted: false,
  children: [{ dept_id: 10, dept_name: 'POWER TOOLS', name: 'Power Tools', slug: 'power-tools', image_url: null, parent: 1, hide_products: false, highlighted: false, children: [] }],
};

/** The drill as products/product answers it, priced and stocked for the store the request names (Store-Id). */
function drillAt(storeId: number): ProductDetail {
  const atMain = storeId === 1;
  return {
    ...productItem({ id: 12, title: 'DeWalt 20V MAX Cordless Drill', sku: 'DCD771C2', price: atMain ? '129.00' : '134.00', num_inventory: atMain ? 7 : 0, location: storeId }),
    description: 'Compact drill/driver with two batteries.', department_path: [1, 10],
    locations_inventory: [{ location_id: 1, num_inventory: 7 }, { location_id: 2, num_inventory: 0 }],
  };
}

function cartWith(quantity: number): Cart {
  const total = (129 * quantity).toFixed(2);
  return {
    ...EMPTY_CART, order_id: 'cart-1', item_count: quantity, subtotal: total,
    parcels: [{ type: 'pickup', items: [{ id: 1, store_product_id: 1012, sku: 'DCD771C2', quantity, title: 'DeWalt 20V MAX Cordless Drill', brand_name: 'DeWalt', price: '129.00', image_url: null, vendor_id: null, num_inventory: 7, extra: {}, location: 1, settings: {}, notice: null }] }],
    totals: { ...EMPTY_CART.totals, subtotal: total, total },
  };
}

/** The catalogue and cart behind the product page: the product per store, its rows (empty), the cart. */
function productApi() {
  let cart = EMPTY_CART;
  return new FakeApi()
    .on('GET /api/products/product', (request) => (request.query.get('param') === 'dewalt-20v-max-cordless-drill'
      ? { data: drillAt(Number(request.headers.get('Store-Id'))) }
      : new Failure(404, 'Product not found.')))
    .on('GET /api/full-departments', { data: [TOOLS] })
    .on('GET /api/products/12/addons', { data: [] })
    .on('GET /api/products/12/similar', { data: [] })
    .on('GET /api/products/12/also-purchased', { data: [] })
    .on('GET /api/products/12/videos', { data: [] })
    .on('POST /api/products/get-recent', { data: [] })
    .on('POST /api/products/track', { status: 'success' })
    .on('GET /api/cart-parcels', () => ({ data: cart }))
    .on('POST /api/add-to-cart', (request) => {
      cart = cartWith((request.body as { quantity: number }).quantity);
      return { data: cart };
    });
}

const openDrill = (options: { api?: FakeApi; storeId?: number; settings?: typeof SETTINGS; user?: SessionUser } = {}) =>
  renderScreen(<ProductPage />, '/p/dewalt-20v-max-cordless-drill', { route: '/p/:slug', api: options.api ?? productApi(), storeId: options.storeId, settings: options.settings, user: options.user });

const SHOPPER: SessionUser = {
  is_admin: false, access_token: 'token-1', loginKeep: true,
  data: { customer: { slug: 'pat-1', first_name: 'Pat', last_name: 'Lee', receive_marketing: false, permissions: [] }, is_developer: false },
};

describe('product page', () => {
  it('shows the title, the price and the stock at the selected store, and the stock at every store', async () => {
    const { api } = openDrill();

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('DeWalt 20V MAX Cordless Drill');
    expect(screen.getByTestId('price').textContent).toBe('$129.00');
    expect(screen.getByTestId('stock-label').textContent).toBe('In Stock: 7');
    const stores = screen.getByRole('table');
    expect(within(stores).getByRole('row', { name: 'Main Street In Stock: 7' })).toBeTruthy();
    expect(within(stores).getByRole('row', { name: 'Riverside Out of Stock' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Power Tools' }).getAttribute('href')).toBe('/d/power-tools');
    const [asked] = api.sent('GET /api/products/product');
    expect(Object.fromEntries(asked.query)).toEqual({ param: 'dewalt-20v-max-cordless-drill', field: 'slug' });
    expect(asked.headers.get('Store-Id')).toBe('1');
    // A shopper's view is recorded for popular and recently viewed products.
    await waitFor(() => expect(api.sent('POST /api/products/track').map((r) => r.body)).toEqual([{ sku: 'DCD771C2', device_id: DEVICE_ID }]));
  });

  it("says 'Only N Left' up to the store's low-stock setting, here and in the stock at every store", async () => {
    openDrill({ settings: { ...SETTINGS, products: { ...SETTINGS.products, lowStockThreshold: 8 } } });

    expect((await screen.findByTestId('stock-label')).textContent).toBe('Only 7 Left');
    expect(within(screen.getByRole('table')).getByRole('row', { name: 'Main Street Only 7 Left' })).toBeTruthy();
  });

  it('at a store without stock it asks for that store, says out of stock and offers no Add to Cart', async () => {
    const { api } = openDrill({ storeId: 2 });

    expect(await screen.findByText('This item is out of stock at this store.')).toBeTruthy();
    expect(api.sent('GET /api/products/product')[0].headers.get('Store-Id')).toBe('2');
    expect(screen.getByTestId('price').textContent).toBe('$134.00');
    expect(screen.getByTestId('stock-label').textContent).toBe('Out of Stock');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it("offers a special order where the store lists the item's vendor in its cart setting allowSpecialOrderVendors", async () => {
    const api = productApi().on('GET /api/products/product', { data: { ...drillAt(2), vendor_id: 15 } });
    openDrill({ api, storeId: 2, settings: { ...SETTINGS, cart: { ...SETTINGS.cart, allowSpecialOrderVendors: [7, 15] } } });

    expect((await screen.findByTestId('stock-label')).textContent).toBe('Special Order');
    expect(screen.getByText(/Special order: we order it in for you, usually in 3-8 days/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(screen.queryByText('This item is out of stock at this store.')).toBeNull();
  });

  it('Add to Cart with quantity 2 sends POST /api/add-to-cart with quantity 2 and shows what the cart holds', async () => {
    const { api, user } = openDrill();

    await user.click(await screen.findByRole('button', { name: 'Increase Quantity' }));
    expect((screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByText('In your cart: 2')).toBeTruthy();
    expect(api.sent('POST /api/add-to-cart').map((r) => r.body)).toEqual([{ store_product_id: 1012, quantity: 2, device_id: DEVICE_ID }]);
  });

  it("says an item cannot be delivered or shipped, in its own words or 'Not available for delivery', where the store offers that", async () => {
    const api = productApi().on('GET /api/products/product', () => ({
      data: { ...drillAt(1), settings: { disableDelivery: true, disableShipping: true, disableShippingText: 'Battery packs ship by ground only: ask the store' } },
    }));
    const delivers = { ...BUSINESS, delivery_enabled: true, shipping_enabled: true };
    renderScreen(<ProductPage />, '/p/dewalt-20v-max-cordless-drill', { route: '/p/:slug', api, business: delivers });

    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByTestId('mode-limit').map((n) => n.textContent)).toEqual(['Not available for delivery', 'Battery packs ship by ground only: ask the store']);
    // It can still be bought for pickup.
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });

  it('says nothing of delivery or shipping at a store that offers neither', async () => {
    const api = productApi().on('GET /api/products/product', () => ({ data: { ...drillAt(1), settings: { disableDelivery: true, disableShipping: true } } }));
    openDrill({ api });

    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('mode-limit')).toBeNull();
  });

  it("shows the server's refusal of an add to cart in the 'Add to Cart Error' dialog (spec 1 §8), and nothing is added", async () => {
    const refusal = 'Your cart holds products from another store. Switch back to that store, or empty your cart first.';
    const api = productApi().on('POST /api/add-to-cart', new Failure(409, refusal));
    const { user } = openDrill({ api });

    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    await user.click(add);

    const dialog = await screen.findByRole('dialog', { name: 'Add to Cart Error' });
    expect(within(dialog).getByText(refusal)).toBeTruthy();
    expect(screen.queryByText(/In your cart/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(add);
  });

  it('records the view for the store\'s tag manager in US dollars (spec 1 §4), at the price the shopper pays', async () => {
    window.dataLayer = [];
    openDrill();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(window.dataLayer).toContainEqual({
      event: 'view_item',
      ecommerce: { currency: 'USD', value: 129, items: [{ item_id: 'DCD771C2', item_name: 'DeWalt 20V MAX Cordless Drill', item_brand: 'DeWalt', price: 129, quantity: 1 }] },
    }));
  });

  it('shows a loading state, then "Product not found" for a product the store does not have', async () => {
    const answer = later<Failure>();
    const api = productApi().on('GET /api/products/product', () => answer.promise);
    renderScreen(<ProductPage />, '/p/no-such-thing', { route: '/p/:slug', api });

    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    answer.resolve(new Failure(404, 'Product not found.'));

    expect(await screen.findByText('Product not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(api.sent('POST /api/products/track')).toEqual([]);
  });

  describe("'Email me when it's back'", () => {
    const asked = (message = "We'll email pat@example.com once when it's back in stock at this store.") =>
      productApi().on('POST /api/products/notify-back-in-stock', (request) => ({ status: 'success' as const, message, email: String((request.body as { email?: string }).email ?? 'pat@example.com') }));

    it('asks a guest for an e-mail, checks it before sending, and confirms with the answer', async () => {
      const api = asked();
      const { user } = openDrill({ api, storeId: 2 });

      await user.click(await screen.findByRole('button', { name: "Email me when it's back" }));
      await user.type(screen.getByRole('textbox', { name: 'Your e-mail' }), 'pat@');
      await user.click(screen.getByRole('button', { name: 'Notify me' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address.');
      expect(screen.getByRole('textbox', { name: 'Your e-mail' }).getAttribute('aria-invalid')).toBe('true');
      expect(api.sent('POST /api/products/notify-back-in-stock')).toEqual([]);

      await user.type(screen.getByRole('textbox', { name: 'Your e-mail' }), 'example.com');
      await user.click(screen.getByRole('button', { name: 'Notify me' }));
      expect((await screen.findByText("We'll email pat@example.com once when it's back in stock at this store.")).closest('[role="status"]')).toBeTruthy();
      expect(api.sent('POST /api/products/notify-back-in-stock').map((r) => r.body)).toEqual([{ store_product_id: 1012, email: 'pat@example.com' }]);
    });

    it("shows the server's refusal", async () => {
      const api = productApi().on('POST /api/products/notify-back-in-stock', new Failure(409, 'This item is in stock at this store: you can order it now.'));
      const { user } = openDrill({ api, storeId: 2 });

      await user.click(await screen.findByRole('button', { name: "Email me when it's back" }));
      await user.type(screen.getByRole('textbox', { name: 'Your e-mail' }), 'pat@example.com');
      await user.click(screen.getByRole('button', { name: 'Notify me' }));

      expect((await screen.findByRole('alert')).textContent).toContain('This item is in stock at this store: you can order it now.');
    });

    it("uses a signed-in shopper's account e-mail in one click, and withdraws", async () => {
      const api = asked("We'll email member@example.com once when it's back in stock at this store.").on('DELETE /api/products/notify-back-in-stock', { status: 'success' as const });
      const { user } = openDrill({ api, storeId: 2, user: SHOPPER });

      await user.click(await screen.findByRole('button', { name: "Email me when it's back" }));
      expect(await screen.findByText("We'll email member@example.com once when it's back in stock at this store.")).toBeTruthy();
      expect(api.sent('POST /api/products/notify-back-in-stock').map((r) => r.body)).toEqual([{ store_product_id: 1012 }]);
      expect(screen.queryByRole('textbox', { name: 'Your e-mail' })).toBeNull();

      await user.click(screen.getByRole('button', { name: "Don't email me" }));
      expect(await screen.findByText("We won't email you about this item.")).toBeTruthy();
      expect(api.sent('DELETE /api/products/notify-back-in-stock').map((r) => r.body)).toEqual([{ store_product_id: 1012 }]);
    });

    it('is not offered where the item is in stock', async () => {
      openDrill();
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('button', { name: "Email me when it's back" })).toBeNull();
    });
  });
});
