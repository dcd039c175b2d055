import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { takeRedirect, type SessionUser } from '@platform/api-client';
import type { PageLoader } from '@platform/routing';
import { renderAdmin } from './test-support';

// Spec 1 "Routing behaviour" for the back office: in hash mode its links and redirects are hash routes; embedded
// (inside another page's frame) /admin pages move in place while a move to a storefront page loads it anew.

const SHOPPER: SessionUser = {
  is_admin: false, access_token: 'customer-token', loginKeep: true,
  data: { customer: { slug: 'jane-doe', first_name: 'Jane', last_name: 'Doe', receive_marketing: false, permissions: [] }, is_developer: false },
};

/** The address bar as the person sees it, without the origin. */
const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

describe('the back office in hash mode', () => {
  it('redirects /admin to the orders list as hash routes, and its links are hash routes', async () => {
    renderAdmin('/admin', { routing: { mode: 'hash' } });
    await waitFor(() => expect(address()).toBe('/#/admin/orders/list'));
    expect((await screen.findByRole('link', { name: 'Stats' })).getAttribute('href')).toBe('#/admin/stats');
  });
});

describe('the back office embedded in another page\'s frame', () => {
  it('moves between /admin pages in place, and loads the storefront anew', async () => {
    const loads = vi.fn<PageLoader>();
    const { user } = renderAdmin('/admin', { routing: { mode: 'hash', embedded: true, loadPage: loads } });
    await waitFor(() => expect(address()).toBe('/#/admin/orders/list'));

    await user.click(await screen.findByRole('link', { name: 'Stats' }));
    await waitFor(() => expect(address()).toBe('/#/admin/stats'));
    expect(loads).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'View as Customer' }));
    expect(loads).toHaveBeenCalledWith('/', { replace: false });
  });

  it('sends someone who is not an admin to sign in with a full page load, the page remembered', async () => {
    const loads = vi.fn<PageLoader>();
    renderAdmin('/admin/emails?status=draft', { user: SHOPPER, routing: { mode: 'hash', embedded: true, loadPage: loads } });
    await waitFor(() => expect(loads).toHaveBeenCalledWith('/login', { replace: true }));
    expect(takeRedirect()).toBe('/admin/emails?status=draft');
  });
});
