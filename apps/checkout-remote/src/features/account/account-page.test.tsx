import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { BUSINESS } from '@platform/api-client/testing';
import type { CustomerDetails } from '@platform/api-client';
import { SAVED_CARDS_NOT_OFFERED } from '@platform/domain';
import { CUSTOMER, FakeApi, later, renderCheckout } from '../../test-support';

const JANE: CustomerDetails = {
  slug: 'jane-doe', first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142',
  receive_marketing: null, receive_sms: true, account_number: '', custom_info: {}, store_id: null,
};
const accountApi = () => new FakeApi()
  .on('GET /api/get-customer-details', { data: JANE })
  .on('GET /api/customer-cards', { data: [{ source: 'card_1', brand: 'Visa', last4: '4242', exp_month: 4, exp_year: 2031 }] });

describe('My Account (/account)', () => {
  it("shows each setting in its own section, from the account's details, with the saved cards", async () => {
    renderCheckout('/account', { api: accountApi(), user: CUSTOMER });
    expect(await screen.findByRole('region', { name: 'Name' })).toBeTruthy();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Name', 'E-mail', 'Mobile number', 'Password', 'Marketing e-mails', 'Saved cards', 'Two-step sign-in', "Where you're signed in", 'Delete account',
    ]);
    expect((screen.getByRole('switch', { name: 'Text me about my orders' }) as HTMLInputElement).checked).toBe(true);
    expect(await within(screen.getByRole('region', { name: 'Saved cards' })).findByRole('button', { name: 'Remove Visa ending in 4242' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Saved carts' }).getAttribute('href')).toBe('/savedcarts');
    // Recurring orders only where the store offers them.
    expect(screen.queryByRole('link', { name: 'Recurring orders' })).toBeNull();
  });

  it('marketing e-mails are off while the shopper never said (spec 2: unset by default); switching on sends 1 and holds while saving', async () => {
    const saved = later<{ status: string; message: string }>();
    const api = accountApi().on('POST /api/customer/set-marketing', () => saved.promise);
    const { user } = renderCheckout('/account', { api, user: CUSTOMER, business: { ...BUSINESS, recurring_orders_enabled: true } });
    const marketing = await screen.findByRole('switch', { name: 'E-mail me offers and news' }) as HTMLInputElement;
    expect(marketing.checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Recurring orders' }).getAttribute('href')).toBe('/recurring-orders');

    await user.click(marketing);
    expect(api.sent('POST /api/customer/set-marketing')[0].body).toEqual({ receive_marketing: 1 });
    expect(marketing.checked).toBe(true);
    expect(marketing.disabled).toBe(true);
    saved.resolve({ status: 'success', message: 'Your preferences were saved.' });
    await expect.poll(() => marketing.disabled).toBe(false);
  });
  it('keeps the saved cards listed and removable, with a note, while the store offers no cards (cards_offered false)', async () => {
    const api = accountApi()
      .on('GET /api/payment-settings', { data: { payment_provider: 'stripe', payment_preparable: false, cards_offered: false, stripe: { publishable_key: '', is_live: true, disable_save_card: false, account_id: '' } } })
      .on('POST /api/customer-cards/delete', { status: 'success', message: 'Your card has been removed.' });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderCheckout('/account', { api, user: CUSTOMER });
    const section = within(await screen.findByRole('region', { name: 'Saved cards' }));
    expect((await section.findByRole('note')).textContent).toBe(SAVED_CARDS_NOT_OFFERED);
    expect(section.getByText('Visa ending in 4242, expires 04/31')).toBeTruthy();
    await user.click(section.getByRole('button', { name: 'Remove Visa ending in 4242' }));
    expect(api.sent('POST /api/customer-cards/delete').map((r) => r.body)).toEqual([{ source: 'card_1' }]);
  });

  it('says nothing of the kind where the store takes cards', async () => {
    const api = accountApi().on('GET /api/payment-settings', { data: { payment_provider: 'stripe', payment_preparable: false, cards_offered: true, stripe: { publishable_key: 'pk_test_1', is_live: false, disable_save_card: false, account_id: '' } } });
    renderCheckout('/account', { api, user: CUSTOMER });
    const section = within(await screen.findByRole('region', { name: 'Saved cards' }));
    await section.findByRole('button', { name: 'Remove Visa ending in 4242' });
    expect(section.queryByRole('note')).toBeNull();
  });
});
