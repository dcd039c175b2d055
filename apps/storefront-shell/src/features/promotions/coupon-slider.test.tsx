import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { clearSession, type CouponSaved, type SessionUser } from '@platform/api-client';
import type { AdminCoupon, CouponWidget } from '@platform/contracts';
import { FakeApi as ApiStandIn } from '@platform/api-client/testing';
import { renderScreen, type Answers } from '../../test-support';
import { CouponSlider } from './coupon-slider';

/** An admin's Remove turns the coupon off (services/cart coupon-admin). */
interface SliderAnswers extends Answers { 'POST /api/deactivate-coupon': CouponSaved }
class FakeApi extends ApiStandIn<SliderAnswers> {}

const ID = '64b7f0c2a1b2c3d4e5f60901';
const CARD: CouponWidget = {
  id: ID, slug: 'ten-off', name: 'Ten Off', code: 'TENOFF', description: '', disclaimer: '', image: null, discount: '10.00', discount_type: 'flat', discount_label: '$10 OFF',
  min_subtotal: '0.00', starts_at: null, ends_at: null, popup_redirect_url: null, hide_popup_text: false, once_per_customer: false,
  style: 1, coupon_title: 'Ten off', button_title: 'Get Coupon', background_color: '#3BC43B', background_image: null, bottom_text: '',
};
const OFF: AdminCoupon = {
  id: ID, code: 'TENOFF', kind: 'flat', discount: '10.00', discount_label: '$10 OFF', min_subtotal: '0.00', starts_at: null, ends_at: null, active: false, current: false,
  slug: 'ten-off', name: 'Ten Off', description: '', disclaimer: '', once_per_customer: false, in_slider: true, style: 1, coupon_title: 'Ten off', button_title: '', background_color: '', bottom_text: '',
};
const admin = (permissions: string[], isSubAccount = false): SessionUser => ({
  is_admin: true, access_token: 'admin-token', loginKeep: true,
  data: { customer: { slug: 'staff', first_name: 'Olive', last_name: 'Owner', receive_marketing: false, permissions, is_sub_account: isSubAccount }, is_developer: false },
});

function slider(user?: SessionUser) {
  let cards = [CARD];
  const api = new FakeApi()
    .on('GET /api/coupon-widgets', () => ({ data: cards }))
    .on('POST /api/deactivate-coupon', () => { cards = []; return { status: 'success', message: 'Coupon TENOFF removed: shoppers can no longer use it.', data: OFF }; });
  return { ...renderScreen(<CouponSlider />, '/', { route: '/', api, user }), api };
}

describe('the coupon slider for admins (spec 3 Coupons and Highlights)', () => {
  it("gives an admin who may edit the home page an edit icon to the coupon in Settings › Coupons, and a remove icon that asks first and turns it off", async () => {
    const { api, user } = slider(admin(['edit_landing_page'], true));
    const edit = await screen.findByRole('link', { name: 'Edit coupon Ten off' });
    expect(edit.getAttribute('href')).toBe(`/admin/settings/coupons?open=${ID}`);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Remove coupon Ten off' }));
    expect(confirm).toHaveBeenLastCalledWith('Do you want to remove this coupon?');
    expect(api.sent('POST /api/deactivate-coupon')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove coupon Ten off' }));
    await waitFor(() => expect(api.sent('POST /api/deactivate-coupon').map((r) => r.body)).toEqual([{ id: ID }]));
    expect(await screen.findByText('Coupon TENOFF removed: shoppers can no longer use it.')).toBeTruthy();
    // The slider is read again: the card is gone, and with it the section.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Coupons & Highlights' })).toBeNull());
    confirm.mockRestore();
  });

  it('shows the store owner the icons too; shoppers, guests and staff without the home page permission see none', async () => {
    const owner = slider(admin(['edit_landing_page', 'edit_products']));
    expect(await screen.findByRole('link', { name: 'Edit coupon Ten off' })).toBeTruthy();
    owner.unmount();
    clearSession();
    const shopper: SessionUser = { is_admin: false, access_token: 'shopper-token', loginKeep: true, data: { customer: { slug: 'sam', first_name: 'Sam', last_name: 'Shopper', receive_marketing: false, permissions: [] }, is_developer: false } };
    for (const who of [undefined, shopper, admin(['edit_products'], true)]) {
      const again = slider(who);
      expect(await screen.findByRole('button', { name: 'Get Coupon: Ten off' })).toBeTruthy();
      expect(screen.queryByTestId('coupon-admin-tools'), who?.data.customer.slug ?? 'guest').toBeNull();
      again.unmount();
      clearSession();
    }
  });
});
