import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { getSession, useLogout, type SessionUser } from '@platform/api-client';
import { FakeApi, Failure, renderScreen } from '../../test-support';

const SHOPPER: SessionUser = {
  is_admin: false, access_token: 'token-1', loginKeep: true,
  data: { customer: { slug: 'pat-1', first_name: 'Pat', last_name: 'Lee', receive_marketing: null, permissions: [] }, is_developer: false },
};

/** The header's Log out, as any screen calls it. */
function SignOut() {
  const logout = useLogout();
  return <button type="button" onClick={() => void logout()}>Log out</button>;
}

const signOutWith = async (api: FakeApi) => {
  const { user } = renderScreen(<SignOut />, '/', { route: '/', api, user: SHOPPER });
  await user.click(screen.getByRole('button', { name: 'Log out' }));
  await waitFor(() => expect(getSession()).toBeNull()); // signed out here whatever the store answered (spec 1 §4)
  return user;
};

describe('sign-out (spec 1 §4, §8)', () => {
  it("says 'You have been signed out.' in a toast when the store ended the session", async () => {
    await signOutWith(new FakeApi().on('POST /api/logout', { status: 'success', message: 'You have been signed out.' }));
    expect((await screen.findByText('You have been signed out.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the store's refusal as an error dialog", async () => {
    const user = await signOutWith(new FakeApi().on('POST /api/logout', new Failure(429, 'Too many attempts. Please try again in 1 minute.')));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Too many attempts. Please try again in 1 minute.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Unknown error while logging out' in the dialog when the store cannot be reached", async () => {
    await signOutWith(new FakeApi().on('POST /api/logout', () => { throw new TypeError('Failed to fetch'); }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Unknown error while logging out')).toBeTruthy();
  });
});
