import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Navigate, type PageLoader } from '@platform/routing';
import { getSelectedStore } from '@platform/api-client';
import { openTestStore } from '@platform/api-client/testing';
import type { StoreSettings } from '@platform/contracts';
import { BUSINESS, FakeApi, renderScreen, RIVERSIDE, SETTINGS } from '../test-support';
import { App } from './app';

// Spec 1 "Routing behaviour": history mode is the norm; hash mode inside another page's frame or on a host the
// store's settings name (hashRoutingHosts); embedded, a move to a page outside /admin is a full page load.

/** The address bar as the shopper sees it, without the origin. */
const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** The whole storefront opened at `path` on this host (localhost), with the store's settings. */
function openStorefront(path: string, settings: StoreSettings) {
  vi.stubGlobal('fetch', new FakeApi().fetch);
  const store = openTestStore(path, { settings, business: BUSINESS });
  render(<App store={store} />);
  return userEvent.setup({ delay: null });
}

describe('the storefront on a host the store names routes by hash', () => {
  it('shows a page opened at its path at its hash route, with hash-route links, and the skip link leaves the address alone', async () => {
    const user = openStorefront('/store-info', { ...SETTINGS, hashRoutingHosts: ['LocalHost'] });
    expect(await screen.findByRole('heading', { name: 'Store Information' })).toBeTruthy();
    expect(address()).toBe('/#/store-info');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('#/login');

    await user.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(document.activeElement?.id).toBe('main-content');
    expect(address()).toBe('/#/store-info');
  });

  it('reads the store a link names from the hash route\'s query', async () => {
    openStorefront(`/#/store-info?store=${RIVERSIDE.id}`, { ...SETTINGS, hashRoutingHosts: ['localhost'] });
    expect(await screen.findByRole('heading', { name: 'Store Information' })).toBeTruthy();
    await waitFor(() => expect(getSelectedStore()).toBe(RIVERSIDE.id));
    expect(address()).toBe(`/#/store-info?store=${RIVERSIDE.id}`);
  });
});

describe('elsewhere the storefront routes by path', () => {
  it('keeps paths, and a hash route copied out of a frame opens at its path', async () => {
    openStorefront('/#/store-info', { ...SETTINGS, hashRoutingHosts: ['shop.example.test'] });
    expect(await screen.findByRole('heading', { name: 'Store Information' })).toBeTruthy();
    expect(address()).toBe('/store-info');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });
});

/** A page with a storefront link and a back-office link, as the header has for an admin. */
const Links = () => <><Link to="/p/drill?store=2">Cordless Drill</Link> <Link to="/admin/orders">Orders</Link></>;

describe('links and redirects in hash mode', () => {
  it('a link moves to its hash route in place, and a redirect replaces it', async () => {
    const { user } = renderScreen(<Links />, '/', { route: '/', routing: { mode: 'hash' } });
    expect(screen.getByRole('link', { name: 'Cordless Drill' }).getAttribute('href')).toBe('#/p/drill?store=2');
    await user.click(screen.getByRole('link', { name: 'Cordless Drill' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/p/drill?store=2');
    expect(address()).toBe('/#/p/drill?store=2');
  });
});

describe('embedded in another page\'s frame', () => {
  it('a link to a storefront page loads that page anew; a back-office link moves in place', async () => {
    const loads = vi.fn<PageLoader>();
    const { user } = renderScreen(<Links />, '/', { route: '/', routing: { mode: 'hash', embedded: true, loadPage: loads } });
    await user.click(screen.getByRole('link', { name: 'Cordless Drill' }));
    expect(loads).toHaveBeenCalledWith('/p/drill?store=2', { replace: false });
    expect(address()).toBe('/#/');

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/admin/orders');
    expect(address()).toBe('/#/admin/orders');
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('a redirect to a storefront page loads it in place of the current entry', async () => {
    const loads = vi.fn<PageLoader>();
    renderScreen(<Navigate to="/" replace />, '/home', { route: '/home', routing: { mode: 'hash', embedded: true, loadPage: loads } });
    await waitFor(() => expect(loads).toHaveBeenCalledWith('/', { replace: true }));
    expect(address()).toBe('/#/home');
  });
});
