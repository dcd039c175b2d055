import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Cart, ProductItem } from '@platform/contracts';
import { DEVICE_ID, EMPTY_CART, FakeApi, Failure, productItem, renderScreen } from '../test-support';
import { Grid, ProductTile } from './product-bits';

const HAMMER = productItem({ id: 7, title: 'Estwing 16 oz Hammer', sku: 'E3-16C', price: '29.99', num_inventory: 12 });

/** The cart behind the tiles: add-to-cart sets the line's quantity and answers the whole cart, as the cart service does. */
function cartApi(products: ProductItem[]) {
  let cart: Cart = EMPTY_CART;
  return new FakeApi()
    .on('GET /api/cart-parcels', () => ({ data: cart }))
    .on('POST /api/add-to-cart', (request) => {
      const { store_product_id: id, quantity } = request.body as { store_product_id: number; quantity: number };
      const product = products.find((p) => p.store_product_id === id)!;
      const items = quantity > 0 ? [{ id: 1, store_product_id: id, sku: product.sku, quantity, title: product.title, brand_name: product.brand_name, price: product.price, image_url: null, vendor_id: null, num_inventory: product.num_inventory, extra: {}, location: 1, settings: product.settings, notice: null }] : [];
      cart = { ...EMPTY_CART, order_id: 'cart-1', item_count: quantity, parcels: items.length ? [{ type: 'pickup', items }] : [] };
      return { data: cart };
    });
}

const showTiles = (products: ProductItem[], api: FakeApi = cartApi(products)) =>
  renderScreen(<Grid>{products.map((p) => <ProductTile key={p.store_product_id} product={p} />)}</Grid>, '/search', { route: '/search', api });

beforeEach(() => { window.dataLayer = []; });

describe('product tile: adding to the cart', () => {
  it("shows the 5-second 'Added to Cart' toast (spec 1 §4) and opens the quantity box", async () => {
    const { api, user } = showTiles([HAMMER]);
    await user.click(await screen.findByRole('button', { name: 'Add Estwing 16 oz Hammer to cart' }));

    expect((await screen.findByText('Added to Cart: Estwing 16 oz Hammer')).getAttribute('role')).toBe('status');
    const group = await screen.findByRole('group', { name: 'Estwing 16 oz Hammer in cart' });
    expect((within(group).getByRole('textbox', { name: 'Quantity of Estwing 16 oz Hammer' }) as HTMLInputElement).value).toBe('1');
    expect(api.sent('POST /api/add-to-cart').map((r) => r.body)).toEqual([{ store_product_id: 1007, quantity: 1, device_id: DEVICE_ID }]);
    // The store's tag manager hears of it in US dollars (spec 1 §4).
    expect(window.dataLayer).toContainEqual({
      event: 'add_to_cart',
      ecommerce: { currency: 'USD', value: 29.99, items: [{ item_id: 'E3-16C', item_name: 'Estwing 16 oz Hammer', item_brand: 'DeWalt', price: 29.99, quantity: 1 }] },
    });
  });

  it("shows the store's refusal in the 'Add to Cart Error' dialog, not under the tile; the keyboard stays in it, Escape closes it and the focus goes back", async () => {
    const refusal = 'Store has only 0 in stock.';
    const api = cartApi([HAMMER]).on('POST /api/add-to-cart', new Failure(422, refusal, { quantity: [refusal] }));
    const { user } = showTiles([HAMMER], api);
    const add = await screen.findByRole('button', { name: 'Add Estwing 16 oz Hammer to cart' });
    add.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Add to Cart Error' });
    expect(within(dialog).getByText(refusal)).toBeTruthy();
    expect(screen.getByTestId('product-tile').textContent).not.toContain(refusal);
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(document.activeElement).toBe(ok);
    // Tab and Shift+Tab go round the dialog's two buttons (Close, OK) and never leave it.
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(ok);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(add);
    // Nothing was added: the tile still offers Add.
    expect(screen.getByRole('button', { name: 'Add Estwing 16 oz Hammer to cart' })).toBeTruthy();
    expect(window.dataLayer).toEqual([]);
  });

  it('a store that cannot be reached is said in the dialog in words', async () => {
    const api = cartApi([HAMMER]).on('POST /api/add-to-cart', () => { throw new TypeError('Failed to fetch'); });
    const { user } = showTiles([HAMMER], api);
    await user.click(await screen.findByRole('button', { name: 'Add Estwing 16 oz Hammer to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Cart Error' });
    expect(within(dialog).getByText('We could not reach the store. Please check your connection and try again.')).toBeTruthy();
  });
});

describe('product tile: the item settings of spec 1 §3', () => {
  it("shows the item's quantity message (qtyMessage) first and its special-order title (specialOrderTitle)", async () => {
    const custom = productItem({ id: 8, title: 'Cedar Fence Board', price: '4.50', num_inventory: 0, vendor_allows_special_order: true, settings: { qtyMessage: 'Call for lumber yard stock' } });
    const special = productItem({ id: 9, title: 'Weber Grill Cover', price: '39.00', num_inventory: 0, vendor_allows_special_order: true, settings: { specialOrderTitle: 'Ships to the store in 5 days' } });
    const plain = productItem({ id: 10, title: 'Grill Brush', price: '9.00', num_inventory: 0, vendor_allows_special_order: true });
    showTiles([custom, special, plain]);
    const labels = await screen.findAllByTestId('stock-label');
    expect(labels.map((l) => l.textContent)).toEqual(['Call for lumber yard stock', 'Ships to the store in 5 days', 'Special Order']);
  });

  it('a hidden price shows its words instead, and the item can still be added to the cart', async () => {
    const hidden = productItem({ id: 11, title: 'Stihl Chainsaw', sku: 'MS-170', price: '199.99', num_inventory: 3, settings: { hidePrice: true } });
    const worded = productItem({ id: 12, title: 'Honda Generator', price: '999.00', num_inventory: 3, settings: { hidePrice: 1, hidePriceText: 'Ask the service desk' } });
    const { api, user } = showTiles([hidden, worded]);
    const prices = await screen.findAllByTestId('price');
    expect(prices.map((p) => p.textContent)).toEqual(['Please contact us for price', 'Ask the service desk']);
    expect(screen.queryByText(/199\.99/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add Stihl Chainsaw to cart' }));
    expect(await screen.findByRole('group', { name: 'Stihl Chainsaw in cart' })).toBeTruthy();
    expect(api.sent('POST /api/add-to-cart').map((r) => r.body)).toEqual([{ store_product_id: 1011, quantity: 1, device_id: DEVICE_ID }]);
  });
});
