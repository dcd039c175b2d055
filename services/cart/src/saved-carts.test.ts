import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground } from '@platform/db';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from './index';
import { MAX_SAVED_CARTS, SavedCart, SavedCartList, savedCartListId } from './saved-carts';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let janeToken: string;
let bobToken: string;
type Options = { token?: string; store?: string; payload?: object };
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, { token, store = '1', payload }: Options = {}) => harness.app.inject({
  method, url: `/api/${url}`, headers: { 'business-slug': 'saved-a', 'store-id': store, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}),
});

beforeAll(async () => {
  harness = await createTestApp([cartService], 'cart-saved');
  tenantId = (await createTenant('saved-a')).id;
  await createCatalogueFixture(tenantId, 'saved-a');
  janeToken = await issueToken(tenantId, { slug: 'jane' });
  bobToken = await issueToken(tenantId, { slug: 'bob' });
  const other = await createTenant('saved-b');
  await createCatalogueFixture(other.id, 'saved-b');
});
afterAll(async () => { await harness?.close(); });

describe('saved carts', () => {
  it('saves the current cart under a name, lists it priced as now, and brings it back as the current cart', async () => {
    await call('POST', 'add-to-cart', { token: janeToken, payload: { store_product_id: 21, quantity: 2 } });
    await call('POST', 'add-to-cart', { token: janeToken, payload: { store_product_id: 11, quantity: 1 } });
    const saved = await call('POST', 'save-cart', { token: janeToken, payload: { name: 'Deck project' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'success', message: 'Your cart has been saved.', data: { name: 'Deck project', item_count: 3, location_id: 1 } });
    const id = saved.json().data.id;
    const unnamed = (await call('POST', 'save-cart', { token: janeToken, payload: {} })).json().data;
    expect(unnamed.name).toBe(`Cart saved ${new Date().toISOString().slice(0, 10)}`);

    const list = (await call('GET', 'orders-saved', { token: janeToken })).json().data;
    expect(list.map((c: { name: string }) => c.name)).toEqual([unnamed.name, 'Deck project']);
    // 2 x 19.99 + 129.99
    expect(list[1]).toMatchObject({ id, item_count: 3, unavailable_items: 0, subtotal: '169.97' });

    await call('GET', 'empty-cart', { token: janeToken });
    const restored = await call('POST', 'update-current-cart', { token: janeToken, payload: { id } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ item_count: 3, subtotal: '169.97' });
    // The saved copy stays.
    expect((await call('GET', 'orders-saved', { token: janeToken })).json().data).toHaveLength(2);
  });

  it("keeps customers' saved carts apart, and asks guests to sign in", async () => {
    const janes = (await call('GET', 'orders-saved', { token: janeToken })).json().data;
    expect((await call('GET', 'orders-saved', { token: bobToken })).json().data).toEqual([]);
    const stolen = await call('POST', 'update-current-cart', { token: bobToken, payload: { id: janes[0].id } });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('This saved cart was not found.');
    expect((await call('DELETE', `saved-cart?id=${janes[0].id}`, { token: bobToken })).statusCode).toBe(404);
    const guest = await call('POST', 'save-cart', { payload: {} });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Please sign in to save your cart.');
    expect((await call('GET', 'orders-saved')).json().message).toBe('Please sign in to see your saved carts.');
    // Another tenant never sees them, even for the same customer slug.
    const elsewhere = await harness.app.inject({ url: '/api/orders-saved', headers: { 'business-slug': 'saved-b', authorization: `Bearer ${janeToken}` } });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('refuses an empty cart, a saved cart of another store, and deletes one', async () => {
    const empty = await call('POST', 'save-cart', { token: bobToken, payload: { name: 'Nothing' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Your cart is empty. Add products before saving it.');
    const [first] = (await call('GET', 'orders-saved', { token: janeToken })).json().data;
    const otherStore = await call('POST', 'update-current-cart', { token: janeToken, store: '2', payload: { id: first.id } });
    expect(otherStore.statusCode).toBe(409);
    expect(otherStore.json().message).toBe('This saved cart is for another store. Switch to that store to use it.');
    const deleted = await call('DELETE', `saved-cart?id=${first.id}`, { token: janeToken });
    expect(deleted.json()).toEqual({ status: 'success', message: 'The saved cart has been deleted.' });
    expect(await inBackground('test: count saved carts', () => SavedCart.countDocuments({ tenantId, customerSlug: 'jane' }))).toBe(1);
  });
});

describe('saved carts at scale', () => {
  it('lists every one of saves made at once, and refuses one over the limit (read from the list by _id)', async () => {
    const kim = await issueToken(tenantId, { slug: 'kim' });
    await call('POST', 'add-to-cart', { token: kim, payload: { store_product_id: 21, quantity: 1 } });
    const saves = await Promise.all(Array.from({ length: 5 }, (_, i) => call('POST', 'save-cart', { token: kim, payload: { name: `Batch ${i}` } })));
    expect(saves.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const listed = (await call('GET', 'orders-saved', { token: kim })).json().data as { name: string }[];
    expect(listed.map((c) => c.name).sort()).toEqual(['Batch 0', 'Batch 1', 'Batch 2', 'Batch 3', 'Batch 4']);
    // The list holds the limit (ids of saved carts that are gone are left out of the page).
    const ids = Array.from({ length: MAX_SAVED_CARTS }, (_, i) => `gone${i}`);
    await SavedCartList.updateOne({ tenantId, _id: savedCartListId(tenantId, 'kim') }, { $set: { ids } });
    const over = await call('POST', 'save-cart', { token: kim, payload: { name: 'One too many' } });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(`You can keep up to ${MAX_SAVED_CARTS} saved carts. Please delete one first.`);
    expect((await call('GET', 'orders-saved', { token: kim })).json().data).toEqual([]);
  });
});

describe('GET /api/cart-preferences', () => {
  it("answers the delivery mode, address and store kept on the shopper's cart", async () => {
    expect((await call('GET', 'cart-preferences?device_id=PrefDevic1')).json().data).toEqual({ order_type: null, location_id: null, address: null });
    await call('POST', 'assign-address', { payload: { zip: '97302', city: 'Salem', order_type: 1, device_id: 'PrefDevic1', country: 'USA' } });
    expect((await call('GET', 'cart-preferences?device_id=PrefDevic1')).json().data).toEqual({
      order_type: 1, location_id: 1, address: { address: '', address2: '', city: 'Salem', state: '', zip: '97302', country: 'US' },
    });
  });
});
