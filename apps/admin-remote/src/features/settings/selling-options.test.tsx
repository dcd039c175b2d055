import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { BUSINESS, FakeApi, renderAdmin } from '../../test-support';

describe('Settings › Fulfillment Options', () => {
  it('turns recurring orders on with the other fulfilment options', async () => {
    const api = new FakeApi().on('POST /api/admin/settings/update', (r) => ({ status: 'success', message: 'Settings saved.', data: { ...BUSINESS, ...(r.body as object) } }));
    const { user } = renderAdmin('/admin/settings/fulfillment-options', { api });

    const box = await screen.findByRole('checkbox', { name: 'Let signed-in shoppers repeat their orders (weekly, every 2 or 4 weeks, monthly)' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByRole('button', { name: 'Save changes' });
    const [sent] = api.sent('POST /api/admin/settings/update');
    expect(sent.body).toMatchObject({ recurring_orders_enabled: true, verify_phone_at_checkout: false, pickup_enabled: true });
    expect((screen.getByRole('checkbox', { name: /repeat their orders/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Orders › Recurring' }).getAttribute('href')).toBe('/admin/orders/recurring');
  });
});

describe('Settings › Fulfillment Options: disclaimers and lower delivery fees', () => {
  it("sends the store's pickup and delivery words and a zip's lower fee from a subtotal", async () => {
    const delivering = { ...BUSINESS, delivery_enabled: true, delivery_locations: [{ code: '97301', fee: '9.99', minThreshold: null, thresholdFee: null }] };
    const api = new FakeApi()
      .on('POST /api/admin/settings/update', (r) => ({ status: 'success', message: 'Settings saved.', data: { ...delivering, ...(r.body as object) } }));
    const { user } = renderAdmin('/admin/settings/fulfillment-options', { api, business: delivering });

    const pickup = await screen.findByRole('textbox', { name: 'Pickup disclaimer' });
    expect((pickup as HTMLTextAreaElement).value).toBe(BUSINESS.pickup_disclaimer);
    await user.clear(pickup);
    await user.type(pickup, 'Ring the bell at the loading dock.');
    await user.type(screen.getByRole('textbox', { name: 'Lower fee from ($)' }), '75');
    await user.type(screen.getByRole('textbox', { name: 'Lower fee ($)' }), '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByRole('button', { name: 'Save changes' });
    const [sent] = api.sent('POST /api/admin/settings/update');
    expect(sent.body).toMatchObject({
      pickup_disclaimer: 'Ring the bell at the loading dock.', delivery_settings: { delivery_disclaimer: BUSINESS.delivery_settings.delivery_disclaimer },
      delivery_locations: [{ code: '97301', fee: '9.99', minThreshold: '75', thresholdFee: '0' }],
    });
  });

  it('names a disclaimer that is too long under it, and sends nothing', async () => {
    const api = new FakeApi();
    const { user } = renderAdmin('/admin/settings/fulfillment-options', { api });

    const delivery = await screen.findByRole('textbox', { name: 'Delivery disclaimer' });
    await user.clear(delivery);
    // The box stops at 500 characters; a longer text pasted in is refused by the same rule the server uses.
    delivery.removeAttribute('maxLength');
    await user.click(delivery);
    await user.paste('x'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Keep it to 500 characters or fewer.')).toBeTruthy();
    expect(api.sent('POST /api/admin/settings/update')).toEqual([]);
  });
});
