import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { takeRedirect, type SavedCartSummary } from '@platform/api-client';
import { cartLine, CUSTOMER, Failure, FakeApi, later, pickupCart, renderCheckout } from '../../test-support';

const DECK: SavedCartSummary = { id: 'a1b2c3d4', name: 'Deck project', location_id: 1, created_at: '2026-11-20T15:00:00.000Z', item_count: 3, unavailable_items: 0, subtotal: '123.98' };
const OLD: SavedCartSummary = { id: 'e5f6a7b8', name: 'Cart saved 2026-11-02', location_id: 2, created_at: '2026-11-02T10:00:00.000Z', item_count: 1, unavailable_items: 1, subtotal: '0.00' };
const DRILL = cartLine({ store_product_id: 101, title: 'DeWalt 20V Cordless Drill', price: '99.00', quantity: 1 });
const BITS = cartLine({ store_product_id: 102, title: 'Drill Bit Set', price: '12.49', quantity: 2 });

/** The saved carts server in miniature: the list, a restore that makes Deck project the cart, a delete that takes one off the list. */
function savedCartsServer(start = [DECK, OLD]) {
  let saved = start;
  let cart = pickupCart([]);
  return new FakeApi()
    .on('GET /api/orders-saved', () => ({ data: saved }))
    .on('POST /api/update-current-cart', (request) => {
      const { id } = request.body as { id: string };
      if (id === OLD.id) return new Failure(409, 'This saved cart is for another store. Switch to that store to use it.');
      cart = pickupCart([DRILL, BITS]);
      return { data: cart };
    })
    .on('DELETE /api/saved-cart', (request) => {
      saved = saved.filter((c) => c.id !== request.query.get('id'));
      return { status: 'success', message: 'The saved cart has been deleted.' };
    })
    .on('GET /api/cart-parcels', () => ({ data: cart }))
    .on('GET /api/check-active-coupons', { data: { active: false } });
}

const rows = () => within(screen.getByRole('list', { name: 'Saved carts' })).getAllByRole('listitem');

describe('Saved Carts (/savedcarts)', () => {
  it("says it is loading, then lists each saved cart with its size, today's price, its store and what is no longer sold", async () => {
    const answer = later<{ data: SavedCartSummary[] }>();
    renderCheckout('/savedcarts', { api: savedCartsServer().on('GET /api/orders-saved', () => answer.promise), user: CUSTOMER });
    expect((await screen.findByRole('status')).textContent).toBe('Loading your saved carts…');
    answer.resolve({ data: [DECK, OLD] });

    await screen.findByRole('list', { name: 'Saved carts' });
    const [deck, old] = rows();
    expect(within(deck).getByText('Deck project')).toBeTruthy();
    expect(deck.textContent).toContain("3 items · $123.98 at today's prices · Main Street · saved ");
    expect(old.textContent).toContain("1 item · $0.00 at today's prices · Riverside · saved ");
    expect(old.textContent).toContain(' · 1 no longer sold');
    expect(deck.textContent).not.toContain('no longer sold');
    // Each cart's buttons say which cart they are for.
    expect(within(deck).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Use this cart: Deck project', 'Delete Deck project']);
  });

  it('Use this cart makes it the current cart and opens the cart with its lines', async () => {
    const { user, api } = renderCheckout('/savedcarts', { api: savedCartsServer(), user: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: 'Use this cart: Deck project' }));
    expect(api.sent('POST /api/update-current-cart')[0].body).toEqual({ id: 'a1b2c3d4' });
    await waitFor(() => expect(window.location.pathname).toBe('/cart'));
    expect(await screen.findByText('DeWalt 20V Cordless Drill')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Quantity of Drill Bit Set' }) as HTMLInputElement).value).toBe('2');
  });

  it("a cart saved at another store cannot be used here: the server's reason is shown and the shopper stays", async () => {
    const { user } = renderCheckout('/savedcarts', { api: savedCartsServer(), user: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: 'Use this cart: Cart saved 2026-11-02' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This saved cart is for another store. Switch to that store to use it.');
    expect(window.location.pathname).toBe('/savedcarts');
    expect((screen.getByRole('button', { name: 'Use this cart: Cart saved 2026-11-02' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Delete asks first; No keeps the cart, Yes deletes it, says so and takes it off the list', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user, api } = renderCheckout('/savedcarts', { api: savedCartsServer(), user: CUSTOMER, toasts: true });
    await user.click(await screen.findByRole('button', { name: 'Delete Deck project' }));
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to delete this saved cart?');
    expect(api.sent('DELETE /api/saved-cart')).toEqual([]);
    expect(rows()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete Deck project' }));
    expect(api.sent('DELETE /api/saved-cart').map((r) => r.query.get('id'))).toEqual(['a1b2c3d4']);
    expect(await screen.findByText('The saved cart has been deleted.')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Delete Deck project' })).toBeNull();
  });

  it('says so when there are none, with the way to the cart', async () => {
    renderCheckout('/savedcarts', { api: savedCartsServer([]), user: CUSTOMER });
    expect(await screen.findByText('No saved carts yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'cart' }).getAttribute('href')).toBe('/cart');
  });

  it('a failed load says so, and Try again loads them', async () => {
    let calls = 0;
    const api = savedCartsServer().on('GET /api/orders-saved', () => (++calls === 1 ? new Failure(503, 'Unavailable') : { data: [DECK] }));
    const { user } = renderCheckout('/savedcarts', { api, user: CUSTOMER });
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your saved carts.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Use this cart: Deck project' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a guest to sign in, and comes back to Saved Carts after', async () => {
    const { api } = renderCheckout('/savedcarts', { api: savedCartsServer() });
    expect(await screen.findByRole('heading', { name: /sign in/i })).toBeTruthy();
    expect(api.sent('GET /api/orders-saved')).toEqual([]);
    expect(takeRedirect()).toBe('/savedcarts');
  });
});
