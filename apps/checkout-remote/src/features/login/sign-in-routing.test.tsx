import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { LoginResponse } from '@platform/contracts';
import type { PageLoader } from '@platform/routing';
import { FakeApi, renderCheckout } from '../../test-support';

// Spec 2 §2: a guest on a protected page is sent to sign in with the page remembered, and comes back to it after
// signing in; the router routes by path, by hash (another page's frame, or a host the store names), and embedded
// a move to a page outside /admin is a full page load (libs/domain routing.ts, libs/routing PlatformRouter).

const SIGNED_IN: LoginResponse = {
  status: 'success', message: 'Signed in.', mfa: false, token: null, showContact: false, master_login: false, access_token: 'customer-token', is_admin: false,
  data: { customer: { slug: 'jane-doe', first_name: 'Jane', last_name: 'Doe', receive_marketing: false, permissions: [], is_sub_account: false }, is_developer: false },
};

const signInApi = () => new FakeApi()
  .on('POST /api/check-email-phone-exists', { status: 'success', exists: true, master_login: false })
  .on('POST /api/login', SIGNED_IN)
  .on('POST /api/forget-password', { status: 'success', message: 'Code sent.' });

async function signIn(user: UserEvent) {
  await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'jane@example.com');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(await screen.findByLabelText('Password'), 'Garden-Shed-42');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** The address bar as the shopper sees it, without the origin. */
const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

describe('signing in returns to the remembered page, by path and by hash', () => {
  it('history mode: /account sends a guest to /login, and signing in comes back to /account', async () => {
    const { user } = renderCheckout('/account', { api: signInApi() });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(address()).toBe('/login');
    await signIn(user);
    await waitFor(() => expect(address()).toBe('/account'));
  }, 15_000);

  it('hash mode: a path opened from outside becomes its hash route, the guest goes to #/login and comes back to #/account', async () => {
    const { user } = renderCheckout('/account', { api: signInApi(), routing: { mode: 'hash' } });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(address()).toBe('/#/login');
    // The form's links are hash routes too.
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('#/register');
    await signIn(user);
    await waitFor(() => expect(address()).toBe('/#/account'));
  }, 15_000);
});

describe('embedded (inside another page\'s frame): pages outside /admin load anew', () => {
  it('the guest\'s move to sign in and the return to the remembered page are full page loads', async () => {
    const loads = vi.fn<PageLoader>();
    renderCheckout('/account', { api: signInApi(), routing: { mode: 'hash', embedded: true, loadPage: loads } });
    await waitFor(() => expect(loads).toHaveBeenCalledWith('/login', { replace: true }));

    // The page that load opens: the shell turns the path into its hash route and the form signs in.
    cleanup();
    const opened = vi.fn<PageLoader>();
    const { user } = renderCheckout('/login', { api: signInApi(), routing: { mode: 'hash', embedded: true, loadPage: opened } });
    expect(address()).toBe('/#/login');
    await signIn(user);
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/account', { replace: true }));
  }, 20_000);

  it('Forgot password? loads the reset page, which still knows the address the code went to', async () => {
    const loads = vi.fn<PageLoader>();
    const first = renderCheckout('/login', { api: signInApi(), routing: { mode: 'hash', embedded: true, loadPage: loads } });
    await first.user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'jane@example.com');
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await first.user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await waitFor(() => expect(loads).toHaveBeenCalledWith('/reset-password', { replace: false }));

    cleanup();
    renderCheckout('/reset-password', { api: signInApi(), routing: { mode: 'hash', embedded: true, loadPage: vi.fn<PageLoader>() } });
    expect(address()).toBe('/#/reset-password');
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('jane@example.com');
  }, 20_000);
});
