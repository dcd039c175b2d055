import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PaymentSettingsAdmin } from '@platform/contracts';
import { cardsNotOfferedUntil, CONNECT_NEEDED, fieldNeeded, HOSTED_PAGE_NOT_READY, LARGE_FIRST_ORDER_INVALID, ONLY_STORE_OWNER_PAYMENTS, PROVIDER_SETTINGS, secretNeeded } from '@platform/domain';
import { Failure, FakeApi, renderAdmin } from '../../test-support';

type User = ReturnType<typeof renderAdmin>['user'];
/** Types into a field at once (pasted): the test is about the form, not the keyboard. */
const fill = async (user: User, label: string, value: string) => { await user.click(screen.getByLabelText(label)); await user.paste(value); };

const URL = 'GET /api/admin/fulfillment/payment-settings';
const SAVE = 'POST /api/admin/fulfillment/payment-settings';
const STRIPE_ACTIVE: PaymentSettingsAdmin = {
  payment_provider: 'stripe', payment_preparable: false, payment_charge_account: false, large_first_order_cents: 50_000, card_setup_missing: null,
  stripe: { publishable_key: 'pk_test_shop', is_live: false, account_id: '', disable_save_card: false, secret_key_set: true, webhook_secret_set: false },
  adyen: { merchant_account: '', client_key: '', live_url_prefix: '', is_live: false, disable_save_card: false, api_key_set: false, hmac_key_set: false },
  authorize_net: { login_id: '5KP3u95bQpv', client_key: 'Ck'.repeat(30), is_live: false, disable_save_card: false, transaction_key_set: true, signature_key_set: false },
  plugnpay: { username: '', host: '', currency: '', disable_save_card: false, password_set: false },
  fiserv: { store_id: '', is_live: false, disable_save_card: false, api_key_set: false, api_secret_set: false, shared_secret_set: false },
};

describe('Settings › Payment Options', () => {
  it('shows which provider is active, and offers each provider of the spec', async () => {
    renderAdmin('/admin/settings/payment-options', { api: new FakeApi().on(URL, { data: STRIPE_ACTIVE }) });
    expect((await screen.findByTestId('active-provider')).textContent).toBe('Now: cards through Stripe.');
    const choices = within(screen.getByRole('group', { name: 'How shoppers pay' })).getAllByRole('radio').map((r) => r.parentElement!.textContent!.trim());
    expect(choices).toEqual(['Pay at the store only', 'Cards through Stripe', 'Cards through Adyen', 'Cards through Authorize.Net', "Cards through Plug'n Pay", 'Cards through Fiserv']);
    expect((screen.getByRole('radio', { name: 'Cards through Stripe' }) as HTMLInputElement).checked).toBe(true);
  });

  it('warns the owner when the chosen provider lacks a setting (shoppers are offered no cards), until the key is saved', async () => {
    const message = cardsNotOfferedUntil('stripe', 'secret key');
    const NO_KEY: PaymentSettingsAdmin = { ...STRIPE_ACTIVE, stripe: { ...STRIPE_ACTIVE.stripe, secret_key_set: false }, card_setup_missing: { field: 'stripe.secret_key', message } };
    const api = new FakeApi().on(URL, { data: NO_KEY })
      .on(SAVE, { status: 'success', message: 'Payment settings saved.', data: STRIPE_ACTIVE });
    const { user } = renderAdmin('/admin/settings/payment-options', { api });
    const warning = await screen.findByTestId('card-setup-warning');
    expect(warning.textContent).toBe('Cards are not offered to shoppers until the Stripe secret key is saved.');
    expect(warning.getAttribute('role')).toBe('status');
    expect(document.getElementById('stripe-secret_key-help')!.textContent).toBe('Not saved yet.');
    await fill(user, 'Secret key', 'sk_test_shopkey');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('card-setup-warning')).toBeNull());
    expect(api.sent(SAVE)[0].body).toMatchObject({ payment_provider: 'stripe', stripe: { secret_key: 'sk_test_shopkey' } });
  });

  it('shows no warning where the provider has what it needs, or the store takes payment at the store only', async () => {
    renderAdmin('/admin/settings/payment-options', { api: new FakeApi().on(URL, { data: STRIPE_ACTIVE }) });
    await screen.findByTestId('active-provider');
    expect(screen.queryByTestId('card-setup-warning')).toBeNull();
  });

  it("switches to Authorize.Net: its public keys are shown, a stored secret reads 'Saved (hidden)' and is not sent unless typed", async () => {
    const api = new FakeApi().on(URL, { data: STRIPE_ACTIVE })
      .on(SAVE, (r) => ({ status: 'success', message: 'Payment settings saved.', data: { ...STRIPE_ACTIVE, payment_provider: 'authorize_net', authorize_net: { ...STRIPE_ACTIVE.authorize_net, ...(r.body as { authorize_net: object }).authorize_net, signature_key_set: true } } }));
    const { user } = renderAdmin('/admin/settings/payment-options', { api });
    await user.click(await screen.findByRole('radio', { name: 'Cards through Authorize.Net' }));

    expect((screen.getByLabelText('API Login ID') as HTMLInputElement).value).toBe('5KP3u95bQpv');
    expect((screen.getByLabelText('Public Client Key') as HTMLInputElement).value).toBe('Ck'.repeat(30));
    const transactionKey = screen.getByLabelText('Transaction Key') as HTMLInputElement;
    expect(transactionKey.type).toBe('password');
    expect(transactionKey.value).toBe('');
    expect(transactionKey.getAttribute('aria-describedby')).toBe('authorize_net-transaction_key-help');
    expect(document.getElementById('authorize_net-transaction_key-help')!.textContent).toBe('Saved (hidden). Leave empty to keep it.');
    await user.click(screen.getByLabelText('Signature Key for webhooks (optional)'));
    await user.paste('AB'.repeat(64));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Now: cards through Authorize.Net.')).toBeTruthy();
    expect(api.sent(SAVE).map((r) => r.body)).toEqual([{
      payment_provider: 'authorize_net',
      authorize_net: { login_id: '5KP3u95bQpv', client_key: 'Ck'.repeat(30), signature_key: 'AB'.repeat(64), is_live: false, disable_save_card: false },
    }]);
    // The secret typed is not kept on the screen after the save.
    expect((screen.getByLabelText('Signature Key for webhooks (optional)') as HTMLInputElement).value).toBe('');
  });

  it('names each missing or wrong field under it and sends nothing', async () => {
    const api = new FakeApi().on(URL, { data: STRIPE_ACTIVE });
    const { user } = renderAdmin('/admin/settings/payment-options', { api });
    await user.click(await screen.findByRole('radio', { name: 'Cards through Adyen' }));
    await fill(user, 'Client key', 'pk_test_wrong');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(fieldNeeded('Merchant account'))).toBeTruthy();
    expect(screen.getByText(PROVIDER_SETTINGS.adyen.fields[1].invalid)).toBeTruthy();
    expect(screen.getByText(secretNeeded('API key'))).toBeTruthy();
    expect(screen.getByLabelText('Merchant account').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent(SAVE)).toEqual([]);
  });

  it("needs Connect's store id and shared secret for Fiserv live, and sends nothing without them", async () => {
    const api = new FakeApi().on(URL, { data: STRIPE_ACTIVE });
    const { user } = renderAdmin('/admin/settings/payment-options', { api });
    await user.click(await screen.findByRole('radio', { name: 'Cards through Fiserv' }));
    await fill(user, 'API key', 'key-12345678');
    await fill(user, 'API secret', 'secret-12345678');
    await user.click(screen.getByRole('checkbox', { name: 'Live mode (real cards are charged)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CONNECT_NEEDED('Connect store id'))).toBeTruthy();
    expect(api.sent(SAVE)).toEqual([]);
  });

  it("refuses Plug'n Pay live (its payment page is not connected) and sends nothing", async () => {
    const api = new FakeApi().on(URL, { data: STRIPE_ACTIVE });
    const { user } = renderAdmin('/admin/settings/payment-options', { api });
    await user.click(await screen.findByRole('radio', { name: "Cards through Plug'n Pay" }));
    await fill(user, 'Gateway account (publisher name)', 'shop42');
    await fill(user, 'Remote Client Password', 'pass1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(HOSTED_PAGE_NOT_READY)).toBeTruthy();
    expect(api.sent(SAVE)).toEqual([]);
  });

  it("shows the server's refusal under its field", async () => {
    const refused = 'Enter your Remote Client Password (no spaces).';
    const api = new FakeApi().on(URL, { data: STRIPE_ACTIVE }).on(SAVE, new Failure(422, refused, { 'plugnpay.password': [refused] }));
    const { user } = renderAdmin('/admin/settings/payment-options', { api });
    await user.click(await screen.findByRole('radio', { name: "Cards through Plug'n Pay" }));
    await fill(user, 'Gateway account (publisher name)', 'pnpdemo');
    await fill(user, 'Remote Client Password', 'pass1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText(refused)).getAttribute('role')).toBe('alert');
    expect(api.sent(SAVE)[0].body).toEqual({ payment_provider: 'plugnpay', plugnpay: { username: 'pnpdemo', password: 'pass1234', host: '', currency: '', disable_save_card: false } });
  });

  it('tells a sub-account that only the store owner sets how the store takes payment', async () => {
    renderAdmin('/admin/settings/payment-options', { api: new FakeApi().on(URL, new Failure(403, ONLY_STORE_OWNER_PAYMENTS)) });
    expect((await screen.findByRole('alert')).textContent).toContain(ONLY_STORE_OWNER_PAYMENTS);
  });

  it("turns on 'Charge to account' at checkout: only that switch is sent with the provider", async () => {
    const api = new FakeApi().on(URL, { data: STRIPE_ACTIVE })
      .on(SAVE, (r) => ({ status: 'success', message: 'Payment settings saved.', data: { ...STRIPE_ACTIVE, payment_charge_account: (r.body as { payment_charge_account?: boolean }).payment_charge_account ?? false } }));
    const { user } = renderAdmin('/admin/settings/payment-options', { api });
    const charge = await screen.findByRole('checkbox', { name: 'Customers on an AR account may charge their orders to it at checkout' }) as HTMLInputElement;
    expect(charge.checked).toBe(false);
    expect(document.getElementById(charge.getAttribute('aria-describedby')!)!.textContent).toContain('Settings › AR Accounts');
    await user.click(charge);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent(SAVE).map((r) => (r.body as { payment_charge_account?: boolean }).payment_charge_account)).toEqual([true]));
    expect(charge.checked).toBe(true);
  });

  it("sets the fraud checks' large first order amount in dollars, sent in cents; a wrong amount is named and nothing sent", async () => {
    const api = new FakeApi().on(URL, { data: STRIPE_ACTIVE })
      .on(SAVE, (r) => ({ status: 'success', message: 'Payment settings saved.', data: { ...STRIPE_ACTIVE, large_first_order_cents: (r.body as { large_first_order_cents?: number }).large_first_order_cents ?? 50_000 } }));
    const { user } = renderAdmin('/admin/settings/payment-options', { api });
    const amount = await screen.findByLabelText("Check a customer's first order from ($)") as HTMLInputElement;
    expect(amount.value).toBe('500.00');
    await user.clear(amount);
    await user.paste('0.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText(LARGE_FIRST_ORDER_INVALID)).getAttribute('role')).toBe('alert');
    expect(api.sent(SAVE)).toEqual([]);
    await user.clear(amount);
    await user.paste('$1,250');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent(SAVE).map((r) => (r.body as { large_first_order_cents?: number }).large_first_order_cents)).toEqual([125_000]));
    await waitFor(() => expect(amount.value).toBe('1250.00'));
  });
});
