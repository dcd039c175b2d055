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
