import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CouponSaved } from '@platform/api-client';
import type { AdminCoupon } from '@platform/contracts';
import { FakeApi as ApiStandIn } from '@platform/api-client/testing';
import { Failure, later, OWNER, renderAdmin, type Answers } from '../../test-support';

/** The admin coupon calls (services/cart coupon-admin). */
interface CouponAnswers extends Answers {
  'GET /api/coupons-admin': { data: AdminCoupon[] };
  'POST /api/add-coupon': CouponSaved;
  'POST /api/update-coupon': CouponSaved;
  'POST /api/deactivate-coupon': CouponSaved;
}
class FakeApi extends ApiStandIn<CouponAnswers> {}

const SPRING: AdminCoupon = {
  id: '64b7f0c2a1b2c3d4e5f60901', code: 'SPRING15', kind: 'percent', discount: '15', discount_label: '15% OFF', min_subtotal: '0.00', starts_at: null, ends_at: '2026-12-31T23:59:59.000Z',
  active: true, current: true, slug: 'spring-sale', name: 'Spring Sale', description: '', disclaimer: 'Excludes gift cards.', once_per_customer: false, in_slider: true,
  style: 2, coupon_title: '', button_title: '', background_color: '', bottom_text: '',
};
const OLD: AdminCoupon = { ...SPRING, id: '64b7f0c2a1b2c3d4e5f60902', code: 'OLDCODE', kind: 'flat', discount: '5.00', discount_label: '$5 OFF', min_subtotal: '25.00', active: false, current: false, slug: null, name: '', in_slider: false, ends_at: null };

/** A store's coupons that the calls change as the server would. */
function couponsApi(start: AdminCoupon[] = [SPRING, OLD]) {
  let list = start;
  const saved = (c: AdminCoupon, message: string) => ({ status: 'success', message, data: c });
  return new FakeApi()
    .on('GET /api/coupons-admin', () => ({ data: list }))
    .on('POST /api/add-coupon', (r) => {
      const body = r.body as { code: string };
      if (body.code.toUpperCase() === 'SPRING15') return new Failure(422, 'Another coupon already has this code.', { code: ['Another coupon already has this code.'] });
      const made = { ...OLD, id: '64b7f0c2a1b2c3d4e5f60903', code: body.code.toUpperCase(), discount: '10.00', discount_label: '$10 OFF', min_subtotal: '0.00', active: true, current: true, in_slider: true, slug: 'save10' };
      list = [...list, made];
      return saved(made, `Coupon ${made.code} added.`);
    })
    .on('POST /api/update-coupon', (r) => {
      const body = r.body as { id: string; discount: string };
      list = list.map((c) => (c.id === body.id ? { ...c, discount: body.discount, discount_label: `${body.discount}% OFF` } : c));
      return saved(list.find((c) => c.id === body.id)!, 'Coupon SPRING15 saved.');
    })
    .on('POST /api/deactivate-coupon', (r) => {
      const { id } = r.body as { id: string };
      list = list.map((c) => (c.id === id ? { ...c, active: false, current: false } : c));
      return saved(list.find((c) => c.id === id)!, 'Coupon SPRING15 removed: shoppers can no longer use it.');
    });
}
const rowOf = (code: string) => screen.getByRole('cell', { name: new RegExp(`^${code}`) }).closest('tr')!;

describe('Settings › Coupons', () => {
  it('shows a loading state, then the empty state when the store has no coupon', async () => {
    const answer = later<{ data: AdminCoupon[] }>();
    const api = new FakeApi().on('GET /api/coupons-admin', () => answer.promise);
    renderAdmin('/admin/settings/coupons', { api });
    expect(await screen.findByText('Loading the coupons…')).toBeTruthy();
    answer.resolve({ data: [] });
    expect(await screen.findByText('No coupons yet')).toBeTruthy();
  });

  it('says when the list cannot load, tries again, then lists each coupon with what it takes off, when, where and whether it is on', async () => {
    let fail = true;
    const api = new FakeApi().on('GET /api/coupons-admin', () => (fail ? new Failure(503, 'Down') : { data: [SPRING, OLD] }));
    const { user } = renderAdmin('/admin/settings/coupons', { api });
    expect(await screen.findByText('We could not load the coupons.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Coupons' });
    expect(rowOf('SPRING15').textContent).toContain('15% OFF');
    expect(rowOf('SPRING15').textContent).toContain('In the slider');
    expect(rowOf('SPRING15').textContent).toContain('In force');
    expect(rowOf('OLDCODE').textContent).toContain('on $25.00 or more');
    expect(rowOf('OLDCODE').textContent).toContain('Off');
    expect(within(rowOf('OLDCODE')).queryByRole('button', { name: 'Remove OLDCODE' })).toBeNull();
  });

  it('adds a coupon: checks the form before sending, shows what the server refuses under its field, then lists it', async () => {
    const api = couponsApi();
    const { user } = renderAdmin('/admin/settings/coupons', { api });
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    const form = await screen.findByRole('form', { name: 'Add coupon' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'New coupon' })));
    await user.type(within(form).getByLabelText('Code'), 'x');
    await user.type(within(form).getByLabelText('Colour (#RRGGBB)'), 'green');
    await user.click(within(form).getByRole('button', { name: 'Add coupon' }));
    expect(within(form).getByText('Enter a code of 3 to 30 letters, digits, dashes or underscores.')).toBeTruthy();
    expect(within(form).getByText('Enter the amount off in dollars and cents, e.g. 10.00.')).toBeTruthy();
    expect(within(form).getByText('Enter a colour as #RRGGBB, or leave it empty for the default green.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Code')));
    expect(api.sent('POST /api/add-coupon')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Code'));
    await user.type(within(form).getByLabelText('Code'), 'spring15');
    await user.type(within(form).getByLabelText('Amount off ($)'), '10');
    await user.clear(within(form).getByLabelText('Colour (#RRGGBB)'));
    await user.type(within(form).getByLabelText('Ends (optional)'), '2026-12-24');
    await user.click(within(form).getByRole('button', { name: 'Add coupon' }));
    expect(await within(form).findByText('Another coupon already has this code.')).toBeTruthy();

    await user.clear(within(form).getByLabelText('Code'));
    await user.type(within(form).getByLabelText('Code'), 'save10');
    await user.click(within(form).getByRole('button', { name: 'Add coupon' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add coupon' })).toBeNull());
    expect(await screen.findByRole('cell', { name: 'SAVE10' })).toBeTruthy();
    const sent = api.sent('POST /api/add-coupon').at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ code: 'save10', kind: 'flat', discount: '10', min_subtotal: '', in_slider: true, starts_at: null, active: true });
    // The end of that day where the admin is.
    expect(sent.ends_at).toBe(new Date(2026, 11, 24, 23, 59, 59, 999).toISOString());
  });

  it('edits a coupon opened by its address (the storefront edit icon), and removes one after the question', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const api = couponsApi();
    const { user } = renderAdmin(`/admin/settings/coupons?open=${SPRING.id}`, { api });
    const form = await screen.findByRole('form', { name: 'Save coupon' });
    expect(screen.getByRole('heading', { name: 'Edit coupon SPRING15' })).toBeTruthy();
    expect((within(form).getByLabelText('Percentage off (%)') as HTMLInputElement).value).toBe('15');
    expect((within(form).getByLabelText('Terms (optional)') as HTMLInputElement).value).toBe('Excludes gift cards.');
    await user.clear(within(form).getByLabelText('Percentage off (%)'));
    await user.type(within(form).getByLabelText('Percentage off (%)'), '20{Enter}');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Save coupon' })).toBeNull());
    expect(api.sent('POST /api/update-coupon')[0].body).toMatchObject({ id: SPRING.id, code: 'SPRING15', kind: 'percent', discount: '20', disclaimer: 'Excludes gift cards.', active: true });
    await waitFor(() => expect(rowOf('SPRING15').textContent).toContain('20% OFF'));

    await user.click(within(rowOf('SPRING15')).getByRole('button', { name: 'Remove SPRING15' }));
    expect(confirm).toHaveBeenLastCalledWith('Do you want to remove this coupon?');
    expect(api.sent('POST /api/deactivate-coupon')).toHaveLength(0);
    await user.click(within(rowOf('SPRING15')).getByRole('button', { name: 'Remove SPRING15' }));
    await waitFor(() => expect(rowOf('SPRING15').textContent).toContain('Off'));
    expect(api.sent('POST /api/deactivate-coupon').map((r) => r.body)).toEqual([{ id: SPRING.id }]);
    confirm.mockRestore();
  });

  it('is not opened by staff without Edit landing page', async () => {
    const clerk = { ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'clerk', permissions: ['edit_products'] } } };
    const api = couponsApi();
    renderAdmin('/admin/settings/coupons', { api, user: clerk });
    expect(await screen.findByText('You do not have permission to open this page')).toBeTruthy();
    expect(screen.getByText(/Edit landing page/)).toBeTruthy();
    expect(api.sent('GET /api/coupons-admin')).toHaveLength(0);
  });
});
