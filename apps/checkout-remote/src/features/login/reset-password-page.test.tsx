import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PASSWORD_MISMATCH, resetCodeSentMessage } from '@platform/domain';
import { Failure, FakeApi, later, renderCheckout } from '../../test-support';

const RESET = 'Your password has been reset. Please sign in.';
const signInApi = () => new FakeApi()
  .on('POST /api/check-email-phone-exists', { status: 'success', exists: true, master_login: false })
  .on('POST /api/forget-password', { status: 'success', message: 'If jane@example.com has an account, we sent it a code to reset the password.' })
  .on('POST /api/reset-password', { status: 'success', message: RESET });

/** The only way in (spec 2 §2): Forgot password? on the sign-in form, for the address just entered. */
async function fromSignIn(api = signInApi()) {
  const rendered = renderCheckout('/login', { api, toasts: true });
  await rendered.user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'jane@example.com');
  await rendered.user.click(screen.getByRole('button', { name: 'Next' }));
  await rendered.user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
  expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
  return rendered;
}
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('Reset Password (/reset-password)', () => {
  it('opened directly, it sends the shopper to sign in', async () => {
    renderCheckout('/reset-password', { api: signInApi() });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('says where the code went; by keyboard the shopper types the code and the new password twice and Enter sets it, then signs in again', async () => {
    const saved = later<{ status: string; message: string }>();
    const api = signInApi().on('POST /api/reset-password', () => saved.promise);
    const { user } = await fromSignIn(api);
    const form = screen.getByRole('form', { name: 'Choose a new password' });
    expect(within(form).getByRole('status').textContent).toBe(resetCodeSentMessage('jane@example.com'));
    // The cursor waits in the code field; it takes digits only.
    expect(document.activeElement).toBe(field('Reset code'));
    await user.keyboard('12-34 56');
    expect(field('Reset code').value).toBe('123456');
    await user.tab();
    await user.keyboard('Garden-Shed-42');
    await user.tab();
    await user.keyboard('Garden-Shed-42{Enter}');

    expect(api.sent('POST /api/reset-password')[0].body).toEqual({ email: 'jane@example.com', code: '123456', password: 'Garden-Shed-42', password_confirmation: 'Garden-Shed-42' });
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true);
    saved.resolve({ status: 'success', message: RESET });
    expect(await screen.findByText(RESET)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it("checks the code and the two passwords before sending: a short code, then 'Password doesn't match'", async () => {
    const { user, api } = await fromSignIn();
    await user.type(field('Reset code'), '123');
    await user.type(field('New password'), 'Garden-Shed-42');
    await user.type(field('Confirm new password'), 'Garden-Shed-24');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the 6-digit code from the e-mail.');

    await user.type(field('Reset code'), '456');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_MISMATCH);
    expect(api.sent('POST /api/reset-password')).toEqual([]);
  });

  it("a code that no longer works shows the server's reason; Send a new code sends one to the same address", async () => {
    const expired = 'This reset code is not valid any more. Please ask for a new one.';
    const api = signInApi().on('POST /api/reset-password', new Failure(422, expired, { code: ['is not valid'] }));
    const { user } = await fromSignIn(api);
    await user.type(field('Reset code'), '654321');
    await user.type(field('New password'), 'Garden-Shed-42');
    await user.type(field('Confirm new password'), 'Garden-Shed-42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(expired);
    expect(window.location.pathname).toBe('/reset-password');

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(api.sent('POST /api/forget-password').map((r) => r.body)).toEqual([{ email: 'jane@example.com' }, { email: 'jane@example.com' }]));
    // The notice of the new code replaces the failure.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
