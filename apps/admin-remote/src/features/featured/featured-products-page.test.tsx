import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FeaturedProductAdmin, FeaturedProductHit } from '@platform/contracts';
import {
  FEATURED_ADDED, FEATURED_ADDED_SHOWN, FEATURED_ALREADY, FEATURED_CHOOSE_STORE, FEATURED_NOT_SOLD_AT_STORES, FEATURED_ORDER_STALE, FEATURED_REMOVED, FEATURED_REORDERED,
  FEATURED_STORE_UNKNOWN, FEATURED_UPDATED, REMOVE_FEATURED_QUESTION,
} from '@platform/domain';
import { Failure, FakeApi, later, OWNER, renderAdmin } from '../../test-support';

const item = (sku: string, title: string, more: Partial<FeaturedProductAdmin> = {}): FeaturedProductAdmin => ({
  sku, title, slug: title.toLowerCase().replace(/ /g, '-'), image_url: `/img/${sku}.svg`, price: '19.99', promo_price: null, num_inventory: 4, showing: 'shown', stores: [], ...more,
});
const DRILL = item('1001', 'Cordless Drill', { price: '129.99', promo_price: '99.99' });
const HAMMER = item('1002', 'Claw Hammer', { image_url: null, num_inventory: 0 });
const PAINT = item('1003', 'Wall Paint');
const hit = (p: FeaturedProductAdmin, featured = false): FeaturedProductHit => ({
  sku: p.sku, title: p.title!, image_url: p.image_url, price: p.price!, promo_price: p.promo_price, num_inventory: p.num_inventory, featured, hidden: false,
});
const saved = (message: string, data: FeaturedProductAdmin[]) => ({ status: 'ok', message, data });
const cardNames = () => within(screen.getByRole('list', { name: 'Featured products' })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
const TWO_STORES = [{ id: 1, name: 'Main Street' }, { id: 2, name: 'Riverside' }];
const staffWith = (permissions: string[]) => ({ ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'staff', permissions } } });

/** A stand-in that keeps the list as the server would: each change answers the list after it. */
function featuredApi(start: FeaturedProductAdmin[], catalogue: FeaturedProductAdmin[] = [DRILL, HAMMER, PAINT], stores = [{ id: 1, name: 'Main Street' }]) {
  let list = [...start];
  const bySku = (sku: string) => catalogue.find((p) => p.sku === sku)!;
  return new FakeApi()
    .on('GET /api/admin/favourite-products', () => ({ data: list, limit: 48 }))
    .on('GET /api/admin/favourite-products/stores', { data: stores })
    .on('GET /api/favourite-products', { data: [] })
    .on('POST /api/admin/favourite-products/search', (r) => {
      const words = String((r.body as { search: string }).search).toLowerCase();
      return { data: catalogue.filter((p) => p.title!.toLowerCase().includes(words) || p.sku === words).map((p) => hit(p, list.some((f) => f.sku === p.sku))) };
    })
    .on('POST /api/admin/favourite-products/add', (r) => {
      const body = r.body as { upc: string; stores?: number[]; unhide?: boolean };
      list = [...list, { ...bySku(body.upc), stores: body.stores ?? [] }];
      return saved(body.unhide ? FEATURED_ADDED_SHOWN : FEATURED_ADDED, list);
    })
    .on('POST /api/admin/favourite-products/remove', (r) => { list = list.filter((p) => p.sku !== (r.body as { upc: string }).upc); return saved(FEATURED_REMOVED, list); })
    .on('POST /api/admin/favourite-products/reorder', (r) => {
      const stores = new Map(list.map((p) => [p.sku, p.stores]));
      list = (r.body as { upcs: string[] }).upcs.map((sku) => ({ ...bySku(sku), stores: stores.get(sku) ?? [] }));
      return saved(FEATURED_REORDERED, list);
    })
    .on('POST /api/admin/favourite-products/update', (r) => {
      const body = r.body as { upc: string; stores: number[] };
      list = list.map((p) => (p.sku === body.upc ? { ...p, stores: body.stores } : p));
      return saved(FEATURED_UPDATED, list);
    });
}

describe('Featured Products (/admin/featured)', () => {
  it('shows a card per featured product in order: picture, name, price, SKU and stock, at the selected store', async () => {
    renderAdmin('/admin/featured', { api: featuredApi([DRILL, HAMMER]) });
    expect(await screen.findByRole('heading', { name: 'Featured Products' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Featured products' });
    expect(cardNames()).toEqual(['Cordless Drill', 'Claw Hammer']);
    const drill = screen.getByRole('listitem', { name: 'Cordless Drill' });
    expect(drill.textContent).toContain('SKU 1001');
    expect(drill.textContent).toContain('$99.99 (was $129.99) · 4 in stock');
    expect(drill.querySelector('img')?.getAttribute('src')).toBe('/img/1001.svg');
    const hammer = screen.getByRole('listitem', { name: 'Claw Hammer' });
    expect(hammer.textContent).toContain('No image');
    expect(hammer.textContent).toContain('$19.99 · Out of stock');
    expect(within(hammer).getByRole('button', { name: 'Remove Featured Product Claw Hammer' }).textContent).toBe('Remove Featured Product');
    expect(screen.getByText(/Prices and stock are those at Main Street/)).toBeTruthy();
  });

  it('says where shoppers do not see a product: not sold at this store, or gone from the catalogue', async () => {
    renderAdmin('/admin/featured', { api: featuredApi([item('RAKE', 'Leaf Rake', { price: null, num_inventory: 0, showing: 'not_sold_here' }), item('GONE', 'x', { title: null, image_url: null, price: null, showing: 'unavailable' })]) });
    expect((await screen.findByRole('listitem', { name: 'Leaf Rake' })).textContent).toContain('Not sold at Main Street: shoppers there do not see it.');
    expect(screen.getByRole('listitem', { name: 'SKU GONE' }).textContent).toContain('Hidden or no longer in the catalogue');
  });

  it('starts empty with a way to add, finds a product by name and adds it at the end; the storefront list is read again', async () => {
    const api = featuredApi([]);
    const { user } = renderAdmin('/admin/featured', { api });
    expect(await screen.findByText('No featured products yet')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Find a product' }), 'hammer{Enter}');
    const found = await screen.findByRole('list', { name: 'Products found' });
    expect(found.textContent).toContain('SKU 1002 · $19.99 · Out of stock');
    await user.click(within(found).getByRole('button', { name: 'Add Claw Hammer to Featured Products' }));

    expect(await screen.findByText('Claw Hammer added as number 1 of 1.')).toBeTruthy();
    await waitFor(() => expect(cardNames()).toEqual(['Claw Hammer']));
    expect(api.sent('POST /api/admin/favourite-products/add')[0].body).toEqual({ upc: '1002' });
    expect(within(found).getByText('Featured')).toBeTruthy();
    expect(within(found).queryByRole('button', { name: /Add Claw Hammer/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Find a product' })));
    await waitFor(() => expect(api.sent('GET /api/favourite-products').length).toBeGreaterThan(0));
  });

  it("shows the server's refusal of an add, and what matches nothing", async () => {
    const api = featuredApi([]).on('POST /api/admin/favourite-products/add', new Failure(409, FEATURED_ALREADY));
    const { user } = renderAdmin('/admin/featured', { api });
    const box = await screen.findByRole('searchbox', { name: 'Find a product' });
    await user.type(box, 'sandpaper{Enter}');
    expect(await screen.findByText("No product sold at this store matches 'sandpaper'.")).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'drill{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Add Cordless Drill to Featured Products' }));
    expect((await screen.findByText(FEATURED_ALREADY)).closest('[role="alert"]')).toBeTruthy();
  });

  it('shows at which stores each product is featured, and says where the selected store does not show it', async () => {
    renderAdmin('/admin/featured', { api: featuredApi([DRILL, { ...HAMMER, stores: [2] }], undefined, TWO_STORES) });
    expect((await screen.findByRole('listitem', { name: 'Cordless Drill' })).textContent).toContain('Shown at: All stores');
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Claw Hammer' }).textContent).toContain('Shown at: Riverside'));
    expect(screen.getByRole('listitem', { name: 'Claw Hammer' }).textContent).toContain('Not featured at Main Street: shoppers there do not see it.');
  });

  it('adds a product at the stores ticked, by keyboard: All stores by default, unticked to choose', async () => {
    const api = featuredApi([], undefined, TWO_STORES);
    const { user } = renderAdmin('/admin/featured', { api });
    const all = await screen.findByRole('checkbox', { name: 'All stores' });
    expect((all as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Riverside' })).toBeNull();
    all.focus();
    await user.keyboard(' ');
    // The selected store is ticked to start with.
    expect((screen.getByRole('checkbox', { name: 'Main Street' }) as HTMLInputElement).checked).toBe(true);
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    expect((screen.getByRole('checkbox', { name: 'Main Street' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Riverside' }) as HTMLInputElement).checked).toBe(true);
    await user.type(screen.getByRole('searchbox', { name: 'Find a product' }), 'hammer{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Add Claw Hammer to Featured Products' }));
    expect(await screen.findByText('Claw Hammer added as number 1 of 1 at Riverside.')).toBeTruthy();
    expect(api.sent('POST /api/admin/favourite-products/add')[0].body).toEqual({ upc: '1002', stores: [2] });
    expect((await screen.findByRole('listitem', { name: 'Claw Hammer' })).textContent).toContain('Shown at: Riverside');
  });

  it('asks for a store when none is ticked, and shows the server refusing a store', async () => {
    const api = featuredApi([], undefined, TWO_STORES);
    const { user } = renderAdmin('/admin/featured', { api });
    await user.click(await screen.findByRole('checkbox', { name: 'All stores' }));
    await user.click(screen.getByRole('checkbox', { name: 'Main Street' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a product' }), 'drill{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Add Cordless Drill to Featured Products' }));
    expect((await screen.findByText(FEATURED_CHOOSE_STORE)).getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'All stores' }));
    expect(api.sent('POST /api/admin/favourite-products/add')).toEqual([]);

    api.on('POST /api/admin/favourite-products/add', new Failure(422, FEATURED_STORE_UNKNOWN));
    await user.click(screen.getByRole('checkbox', { name: 'Riverside' }));
    expect(screen.queryByText(FEATURED_CHOOSE_STORE)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Cordless Drill to Featured Products' }));
    expect((await screen.findByText(FEATURED_STORE_UNKNOWN)).closest('[role="alert"]')).toBeTruthy();
  });

  it('changes where a featured product shows on its card, by keyboard, and keeps the keyboard there; Escape puts it back', async () => {
    const api = featuredApi([DRILL, { ...HAMMER, stores: [2] }], undefined, TWO_STORES);
    const { user } = renderAdmin('/admin/featured', { api });
    const card = await screen.findByRole('listitem', { name: 'Claw Hammer' });
    await waitFor(() => expect(card.textContent).toContain('Not featured at Main Street'));
    await user.click(within(card).getByRole('button', { name: 'Change where Claw Hammer shows' }));
    const choice = within(card).getByRole('form', { name: 'Where Claw Hammer shows' });
    // It starts from where the product shows now, the keyboard on All stores.
    const box = (name: string) => within(choice).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(document.activeElement).toBe(box('All stores'));
    expect([box('All stores').checked, box('Main Street').checked, box('Riverside').checked]).toEqual([false, false, true]);
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Claw Hammer now shows at Main Street, Riverside.')).toBeTruthy();
    expect(api.sent('POST /api/admin/favourite-products/update')[0].body).toEqual({ upc: '1002', stores: [1, 2] });
    await waitFor(() => expect(card.textContent).toContain('Shown at: Main Street, Riverside'));
    expect(card.textContent).not.toContain('Not featured at Main Street');
    expect(within(card).queryByRole('form')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Change where Claw Hammer shows' })));
    // The storefront's Featured Products are read again.
    await waitFor(() => expect(api.sent('GET /api/favourite-products').length).toBeGreaterThan(0));

    await user.keyboard('{Enter}');
    await user.click(within(card).getByRole('checkbox', { name: 'All stores' }));
    await user.keyboard('{Escape}');
    expect(within(card).queryByRole('form')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Change where Claw Hammer shows' })));
    expect(api.sent('POST /api/admin/favourite-products/update')).toHaveLength(1);
    expect(card.textContent).toContain('Shown at: Main Street, Riverside');
  });

  it('asks for a store when none is ticked on a card, and shows the server refusing the stores with the choice still open', async () => {
    const api = featuredApi([DRILL], undefined, TWO_STORES);
    const { user } = renderAdmin('/admin/featured', { api });
    const card = await screen.findByRole('listitem', { name: 'Cordless Drill' });
    await user.click(await within(card).findByRole('button', { name: 'Change where Cordless Drill shows' }));
    const all = within(card).getByRole('checkbox', { name: 'All stores' });
    expect((all as HTMLInputElement).checked).toBe(true);
    await user.click(all);
    // Unticking All stores starts from the selected store.
    await user.click(within(card).getByRole('checkbox', { name: 'Main Street' }));
    await user.click(within(card).getByRole('button', { name: 'Save stores' }));
    expect((await within(card).findByText(FEATURED_CHOOSE_STORE)).getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(within(card).getByRole('checkbox', { name: 'All stores' }));
    expect(api.sent('POST /api/admin/favourite-products/update')).toEqual([]);

    api.on('POST /api/admin/favourite-products/update', new Failure(422, FEATURED_NOT_SOLD_AT_STORES));
    await user.click(within(card).getByRole('checkbox', { name: 'Riverside' }));
    expect(within(card).queryByText(FEATURED_CHOOSE_STORE)).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Save stores' }));
    expect((await screen.findByText(FEATURED_NOT_SOLD_AT_STORES)).closest('[role="alert"]')).toBeTruthy();
    expect(api.sent('POST /api/admin/favourite-products/update')[0].body).toEqual({ upc: '1001', stores: [2] });
    expect(within(card).getByRole('form', { name: 'Where Cordless Drill shows' })).toBeTruthy();
    expect(card.textContent).toContain('Shown at: All stores');
  });

  it('offers to show a hidden product on the storefront again when adding it', async () => {
    const SAW = item('SAW-5', 'Hidden Saw');
    const api = featuredApi([], [SAW]).on('POST /api/admin/favourite-products/search', { data: [{ ...hit(SAW), hidden: true }] });
    const { user } = renderAdmin('/admin/featured', { api });
    await user.type(await screen.findByRole('searchbox', { name: 'Find a product' }), 'SAW-5{Enter}');
    const found = await screen.findByRole('list', { name: 'Products found' });
    expect(found.textContent).toContain('Hidden from the storefront');
    // One store: no store choice.
    expect(screen.queryByRole('checkbox', { name: 'All stores' })).toBeNull();
    await user.click(within(found).getByRole('checkbox', { name: 'Also show it on the storefront' }));
    await user.click(within(found).getByRole('button', { name: 'Add Hidden Saw to Featured Products' }));
    expect(await screen.findByText('Hidden Saw added as number 1 of 1. It shows on the storefront again within a few seconds.')).toBeTruthy();
    expect(api.sent('POST /api/admin/favourite-products/add')[0].body).toEqual({ upc: 'SAW-5', unhide: true });
  });

  it('moves a product up and down by keyboard, says where it went, and keeps the keyboard on its card', async () => {
    const api = featuredApi([DRILL, HAMMER, PAINT]);
    const { user } = renderAdmin('/admin/featured', { api });
    const down = await screen.findByRole('button', { name: 'Move Cordless Drill down' });
    expect(screen.getByRole('button', { name: 'Move Cordless Drill up' }).hasAttribute('disabled')).toBe(true);
    down.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Cordless Drill moved to number 2 of 3.')).toBeTruthy();
    await waitFor(() => expect(cardNames()).toEqual(['Claw Hammer', 'Cordless Drill', 'Wall Paint']));
    expect(api.sent('POST /api/admin/favourite-products/reorder')[0].body).toEqual({ upcs: ['1002', '1001', '1003'] });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Cordless Drill down' })));

    await user.keyboard('{Enter}');
    expect(await screen.findByText('Cordless Drill moved to number 3 of 3.')).toBeTruthy();
    await waitFor(() => expect(cardNames()).toEqual(['Claw Hammer', 'Wall Paint', 'Cordless Drill']));
    // At the bottom, Move down cannot be used: the keyboard goes to Move up.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Cordless Drill up' })));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Cordless Drill moved to number 2 of 3.')).toBeTruthy();
    await waitFor(() => expect(cardNames()).toEqual(['Claw Hammer', 'Cordless Drill', 'Wall Paint']));
  });

  it('reloads the list when it changed elsewhere before a move was saved', async () => {
    const api = featuredApi([DRILL, HAMMER]);
    const { user } = renderAdmin('/admin/featured', { api });
    await user.click(await screen.findByRole('button', { name: 'Move Claw Hammer up' }));
    expect(await screen.findByText('Claw Hammer moved to number 1 of 2.')).toBeTruthy();
    await waitFor(() => expect(cardNames()).toEqual(['Claw Hammer', 'Cordless Drill']));
    api.on('POST /api/admin/favourite-products/reorder', new Failure(409, FEATURED_ORDER_STALE)).on('GET /api/admin/favourite-products', { data: [DRILL, HAMMER, PAINT], limit: 48 });
    await user.click(screen.getByRole('button', { name: 'Move Claw Hammer down' }));
    expect(await screen.findByText(FEATURED_ORDER_STALE)).toBeTruthy();
    await waitFor(() => expect(cardNames()).toEqual(['Cordless Drill', 'Claw Hammer', 'Wall Paint']));
  });

  it("removes a product only when confirmed, and moves the keyboard to the next card's Remove", async () => {
    const api = featuredApi([DRILL, HAMMER, PAINT]);
    const { user } = renderAdmin('/admin/featured', { api });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const remove = await screen.findByRole('button', { name: 'Remove Featured Product Claw Hammer' });
    await user.click(remove);
    expect(confirm.mock.calls[0][0]).toBe(`${REMOVE_FEATURED_QUESTION}\n\nClaw Hammer`);
    expect(api.sent('POST /api/admin/favourite-products/remove')).toEqual([]);
    expect(cardNames()).toEqual(['Cordless Drill', 'Claw Hammer', 'Wall Paint']);

    await user.click(remove);
    expect(await screen.findByText('Claw Hammer is no longer featured.')).toBeTruthy();
    await waitFor(() => expect(cardNames()).toEqual(['Cordless Drill', 'Wall Paint']));
    expect(api.sent('POST /api/admin/favourite-products/remove')[0].body).toEqual({ upc: '1002' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Featured Product Wall Paint' })));
  });

  it('shows loading, then a failed load with Try again', async () => {
    const answer = later<{ data: FeaturedProductAdmin[]; limit: number } | Failure>();
    const api = new FakeApi().on('GET /api/admin/favourite-products', () => answer.promise);
    const { user } = renderAdmin('/admin/featured', { api });
    expect(await screen.findByText('Loading the featured products…')).toBeTruthy();
    answer.resolve(new Failure(500, 'Something went wrong. Please try again later.'));
    expect(await screen.findByText('We could not load the featured products.')).toBeTruthy();
    api.on('GET /api/admin/favourite-products', { data: [PAINT], limit: 48 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Wall Paint' })).toBeTruthy();
  });

  it('tells staff without manage_featured_products why the screen does not open, and lists the screen in the admin header', async () => {
    renderAdmin('/admin/featured', { user: staffWith(['edit_products']) });
    expect(await screen.findByText('You do not have permission to open this page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Featured Products' })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Featured Products' }).getAttribute('href')).toBe('/admin/featured');
  });
});
