import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { BAD_VENDOR_NUMBER, TAX_DISCLAIMER_TOO_LONG } from '@platform/domain';
import type { StoreSettings } from '@platform/contracts';
import { FakeApi, Failure, renderAdmin, SETTINGS } from '../../test-support';

/** admin/settings/cart as the service answers it: the settings with what was sent. */
const cartServer = () => new FakeApi().on('POST /api/admin/settings/cart', (r) => ({
  status: 'success', message: 'Cart settings saved.', data: { ...SETTINGS, cart: { ...SETTINGS.cart, ...(r.body as Partial<StoreSettings['cart']>) } },
}));
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('Settings › Fulfillment Options: cart and checkout totals', () => {
  it("shows the store's cart settings and sends the ones changed with the others as they are", async () => {
    const api = cartServer();
    const settings = { ...SETTINGS, cart: { ...SETTINGS.cart, hideDeliveryZipcode: true, allowSpecialOrderVendors: [2020] } };
    const { user } = renderAdmin('/admin/settings/fulfillment-options', { api, settings });

    const hideTax = await screen.findByRole('checkbox', { name: 'Hide the tax lines in the cart and at checkout' });
    expect((hideTax as HTMLInputElement).checked).toBe(false);
    expect(box('Hide the delivery zip code box in the cart').checked).toBe(true);
    await user.click(hideTax);
    await user.type(screen.getByRole('textbox', { name: 'Note under the tax' }), 'Tax is an estimate until your order is ready.');
    await user.click(box('Include additional fees in the subtotal'));
    await user.click(screen.getByRole('button', { name: 'Save cart settings' }));

    expect((await within(screen.getByRole('form', { name: 'Cart and checkout totals' })).findByRole('status')).textContent).toBe('Cart settings saved.');
    // Only this screen's settings: the vendors are Special Order Items'.
    expect(api.sent('POST /api/admin/settings/cart').map((r) => r.body)).toEqual([
      { hideTax: true, taxDisclaimer: 'Tax is an estimate until your order is ready.', mergeAdditionalFeeWithSubtotal: true, hideDeliveryZipcode: true },
    ]);
    expect(box('Hide the tax lines in the cart and at checkout').checked).toBe(true);
    // The selling options keep their own Save.
    expect(api.sent('POST /api/admin/settings/update')).toEqual([]);
  });

  it("names a note that is too long under it and sends nothing; says so when the server cannot save, keeping what was typed", async () => {
    const api = new FakeApi().on('POST /api/admin/settings/cart', new Failure(500, 'Something went wrong. Please try again later.'));
    const { user } = renderAdmin('/admin/settings/fulfillment-options', { api });

    const note = await screen.findByRole('textbox', { name: 'Note under the tax' });
    // The box stops at 300 characters; a longer text pasted in is refused by the rule the server uses.
    note.removeAttribute('maxLength');
    await user.click(note);
    await user.paste('x'.repeat(301));
    await user.click(screen.getByRole('button', { name: 'Save cart settings' }));
    expect((await screen.findByText(TAX_DISCLAIMER_TOO_LONG)).id).toBe('taxDisclaimer-problem');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/admin/settings/cart')).toEqual([]);

    await user.clear(note);
    await user.type(note, 'Short note');
    await user.click(screen.getByRole('button', { name: 'Save cart settings' }));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeTruthy();
    expect(screen.queryByText(TAX_DISCLAIMER_TOO_LONG)).toBeNull();
    expect(api.sent('POST /api/admin/settings/cart').map((r) => r.body)).toEqual([
      { hideTax: false, taxDisclaimer: 'Short note', mergeAdditionalFeeWithSubtotal: false, hideDeliveryZipcode: false },
    ]);
    expect((note as HTMLTextAreaElement).value).toBe('Short note');
  });
});

describe('Settings › Special Order Items: vendors', () => {
  it('refuses a word that is no vendor number without sending it, then sends the numbers typed', async () => {
    const api = cartServer();
    const { user } = renderAdmin('/admin/settings/special-order-items', { api });

    const vendors = await screen.findByRole('textbox', { name: 'Vendor numbers' });
    await user.type(vendors, '2020, x15');
    await user.click(screen.getByRole('button', { name: 'Save vendors' }));
    expect(await screen.findByText(BAD_VENDOR_NUMBER)).toBeTruthy();
    expect(api.sent('POST /api/admin/settings/cart')).toEqual([]);

    await user.clear(vendors);
    await user.type(vendors, '2020, 15');
    await user.click(screen.getByRole('button', { name: 'Save vendors' }));
    expect((await within(screen.getByRole('form', { name: 'Special order vendors' })).findByRole('status')).textContent).toBe('Cart settings saved.');
    expect(api.sent('POST /api/admin/settings/cart').map((r) => r.body)).toEqual([{ allowSpecialOrderVendors: [2020, 15] }]);
    expect(screen.queryByText(BAD_VENDOR_NUMBER)).toBeNull();
  });
});
