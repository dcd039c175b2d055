import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { storeDistanceMiles } from '@platform/domain';
import { BUSINESS, EMPTY_CART, FakeApi, MAIN_STREET, renderScreen, RIVERSIDE, type SentRequest } from '../../test-support';
import { StorePicker } from './store-picker';

// Riverside sits 20 miles east of Main Street here, so 'nearest' has one answer.
const EAST = { ...RIVERSIDE, latitude: 44.94, longitude: -122.6 };
const TWO_STORES = { ...BUSINESS, about_us: { locations: [MAIN_STREET, EAST] } };

/** nearby-stores as the service answers it: nearest first from lat/lng, else from the selected store. */
function storesApi() {
  const nearest = (request: SentRequest) => {
    const lat = request.query.get('lat');
    const from = lat ? { latitude: Number(lat), longitude: Number(request.query.get('lng')) } : MAIN_STREET;
    const data = [MAIN_STREET, EAST].map((s) => ({ ...s, distance: storeDistanceMiles(from, s) })).sort((a, b) => a.distance - b.distance || a.id - b.id);
    return { data };
  };
  return new FakeApi().on('GET /api/nearby-stores', nearest).on('GET /api/cart-parcels', { data: EMPTY_CART });
}

/** The browser's location (near Riverside) and its permission state, as a shopper's browser would give them. */
function browserLocation(permission: PermissionState, answer: () => 'allow' | 'deny') {
  const geolocation = {
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => (answer() === 'allow'
      ? ok({ coords: { latitude: 44.95, longitude: -122.55 } } as GeolocationPosition)
      : fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError)),
  };
  const permissions = { query: async () => ({ state: permission }) };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  Object.defineProperty(navigator, 'permissions', { value: permissions, configurable: true });
}
afterEach(() => {
  delete (navigator as { geolocation?: unknown }).geolocation;
  delete (navigator as { permissions?: unknown }).permissions;
});

// The selector is loaded when it opens (it brings the map library): loaded up front, so it opens as soon as asked.
beforeAll(async () => { await import('./store-selector'); });

const firstVisit = (api = storesApi()) => renderScreen(<StorePicker />, '/', { route: '/', api, business: TWO_STORES });
/** A loaded machine can take a while to render the selector and its answers: waits are generous (no sleeps). */
const patient = { timeout: 5000 };
const question = () => screen.findByRole('dialog', { name: 'Choose your store' }, patient);

describe('store picker: the first visit is asked which store', () => {
  it('opens by itself; nothing is chosen until the shopper picks; the choice is kept and shown in the header', async () => {
    const { user } = firstVisit();
    const dialog = await question();
    expect(within(dialog).getByText(/Prices, stock and pickup are for the store you choose/)).toBeTruthy();
    const select = within(dialog).getByRole('button', { name: 'Select Location' }) as HTMLButtonElement;
    expect(select.disabled).toBe(true);
    await user.click(await within(dialog).findByRole('button', { name: /Riverside/ }, patient));
    expect(select.disabled).toBe(false);
    await user.click(select);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), patient);
    expect(localStorage.getItem('selectedStore')).toBe('2');
    expect(localStorage.getItem('showLocationPopup')).toBe('0');
    expect(document.cookie).toContain('selectedStore=2');
    expect(screen.getByRole('button', { name: 'Your store: Riverside. Change store' })).toBeTruthy();
  });

  it('a ZIP code puts the nearest store first and picks it; a malformed one is refused in words', async () => {
    const { user, api } = firstVisit();
    const dialog = await question();
    await within(dialog).findByRole('button', { name: /Riverside/ }, patient);
    const zip = within(dialog).getByLabelText('ZIP code');
    await user.type(zip, '9730');
    await user.click(within(dialog).getByRole('button', { name: 'Find nearest' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a 5-digit ZIP code.');
    await user.clear(zip);
    await user.type(zip, '97302{Enter}'); // Riverside's own ZIP
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Nearest to ZIP 97302: Riverside.'), patient);
    expect(api.sent('GET /api/nearby-stores').at(-1)!.query.get('lat')).toBe(String(EAST.latitude));
    const cards = within(within(dialog).getByRole('list', { name: 'Our stores' })).getAllByRole('button');
    expect(cards[0].textContent).toContain('Riverside');
    expect(cards[0].getAttribute('aria-pressed')).toBe('true');
    expect(cards[0].textContent).toContain('Nearest');
  });

  it("'Use my location' asks the browser and picks the store nearest it; a refusal says what to do instead", async () => {
    let answer: 'allow' | 'deny' = 'deny';
    browserLocation('prompt', () => answer);
    const { user } = firstVisit();
    const dialog = await question();
    await user.click(within(dialog).getByRole('button', { name: 'Use my location' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('We could not get your location. Enter your ZIP code or choose from the list.');
    answer = 'allow';
    await user.click(within(dialog).getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Nearest to you: Riverside.'), patient);
    await user.click(within(dialog).getByRole('button', { name: 'Select Location' }));
    await waitFor(() => expect(localStorage.getItem('selectedStore')).toBe('2'), patient);
  });

  it('a shopper who let the store see their location before gets the nearest at once', async () => {
    browserLocation('granted', () => 'allow');
    firstVisit();
    const dialog = await question();
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Nearest to you: Riverside.'), patient);
  });

  it("'Not now' keeps the store shown and does not ask again; the header still changes it", async () => {
    const { user } = firstVisit();
    const dialog = await question();
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), patient);
    expect(localStorage.getItem('selectedStore')).toBe('1');
    expect(localStorage.getItem('showLocationPopup')).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Your store: Main Street. Change store' }));
    const again = await question();
    expect(within(again).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('is not asked when a store is kept', async () => {
    localStorage.setItem('showLocationPopup', '0');
    renderScreen(<StorePicker />, '/', { route: '/', api: storesApi(), business: TWO_STORES, storeId: 2 });
    expect(await screen.findByRole('button', { name: 'Your store: Riverside. Change store' }, patient)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not asked at a store with one location', async () => {
    renderScreen(<StorePicker />, '/', { route: '/', api: storesApi(), business: { ...BUSINESS, about_us: { locations: [MAIN_STREET] } } });
    expect(screen.getByLabelText('Your store').textContent).toBe('Main Street');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('showLocationPopup')).not.toBe('1');
  });
});
