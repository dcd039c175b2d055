import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { FakeApi, renderCheckout } from '../../test-support';

const signupApi = () => new FakeApi().on('POST /api/signup', { status: 'success', message: 'Thank you for registering!' });

async function fillIn(user: UserEvent) {
  await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Jane');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Doe');
  await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '5035550142');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'jane@example.com');
  await user.type(screen.getByLabelText('Password'), 'Garden-Shed-42');
  await user.type(screen.getByLabelText('Confirm password'), 'Garden-Shed-42');
}

describe('registration: the marketing answer (spec 2 §3, receive_marketing default unset)', () => {
  it('starts unticked and sends no marketing answer when the shopper gave none; order texts default on', async () => {
    const api = signupApi();
    const { user } = renderCheckout('/register', { api });
    await fillIn(user);
    expect((screen.getByRole('checkbox', { name: 'E-mail me offers and news' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Successfully registered! Please login.')).toBeTruthy();
    const body = api.sent('POST /api/signup')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ first_name: 'Jane', receive_sms: true });
    expect('receive_marketing' in body).toBe(false);
  }, 15_000);

  // Each case fills the whole form, which takes a while on a loaded machine: one form per test.
  for (const [clicks, expected, words] of [[1, true, 'ticked is true'], [2, false, 'ticked then unticked is false']] as const) {
    it(`sends the answer the shopper gave: ${words}`, async () => {
      const api = signupApi();
      const { user } = renderCheckout('/register', { api });
      await fillIn(user);
      for (let i = 0; i < clicks; i += 1) await user.click(screen.getByRole('checkbox', { name: 'E-mail me offers and news' }));
      await user.click(screen.getByRole('button', { name: 'Create Account' }));
      await screen.findByText('Successfully registered! Please login.');
      expect((api.sent('POST /api/signup')[0].body as { receive_marketing?: boolean }).receive_marketing).toBe(expected);
    }, 15_000);
  }
});
