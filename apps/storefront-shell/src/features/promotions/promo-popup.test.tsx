import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { closeStoreQuestion, type SessionUser } from '@platform/api-client';
import type { Promotion } from '@platform/contracts';
import { EMPTY_CART, FakeApi, renderScreen } from '../../test-support';
import { PromoPopup } from './promo-popup';

const SPRING: Promotion = {
  id: 'p1', slug: 'spring-15', name: 'Spring Sale', code: 'SPRING15', description: 'Fifteen percent off the whole order.', disclaimer: '',
  image: null, discount: '15', discount_type: 'percentage', discount_label: '15% OFF', min_subtotal: '0.00', starts_at: null, ends_at: null,
  popup_redirect_url: '/d/garden-2', hide_popup_text: false, once_per_customer: false,
};
const TEN_OFF: Promotion = { ...SPRING, id: 'p2', slug: 'ten-off', name: 'Ten Off', code: 'TEN', discount: '10.00', discount_type: 'flat', discount_label: '$10 OFF' };
const DAY = 24 * 3600_000;

type Record = { slug: string | null; expires: number };
const remember = (record: Record) => localStorage.setItem('promoPopup', JSON.stringify(record));
/** Whether the pop-up is open (its dialog element stays on the page, closed). */
const shown = () => (screen.getByTestId('promo-popup') as HTMLDialogElement).open;
const remembered = () => JSON.parse(localStorage.getItem('promoPopup') ?? 'null') as Record | null;

const popupApi = (daily: Promotion | null = SPRING) => new FakeApi()
  .on('GET /api/homepage-promo-pop-up', { data: { coupon_widget_data: daily } })
  .on('GET /api/promotions/ten-off', { data: TEN_OFF })
  .on('POST /api/promotions/redeem', { status: 200, message: 'Congratulations, Your 15% OFF Promo Is Now Applied!', disclaimer: '', data: EMPTY_CART })
  .on('GET /api/cart-parcels', { data: EMPTY_CART });
/** The pop-up on a page of the shell at `path`; the shopper chose a store before (storeId) unless `firstVisit`. */
const open = (path: string, { api = popupApi(), user, firstVisit = false }: { api?: FakeApi; user?: SessionUser; firstVisit?: boolean } = {}) =>
  renderScreen(<PromoPopup />, path, { route: path.split('?')[0], api, user, storeId: firstVisit ? undefined : 1 });

describe('promo pop-up (spec 1 §4)', () => {
  it("on a first visit it asks for the day's promotion and opens it, with View Details to its page, and remembers it for 24 hours", async () => {
    const { api } = open('/');
    const dialog = await screen.findByRole('dialog', { name: 'Spring Sale' });
    expect(within(dialog).getByText('15% OFF')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/promotions/single/spring-15');
    expect(api.sent('GET /api/homepage-promo-pop-up')).toHaveLength(1);
    expect(remembered()?.slug).toBe('spring-15');
    expect(remembered()!.expires).toBeGreaterThan(Date.now() + DAY - 60_000);
  });

  it('within the day it does not ask again', async () => {
    remember({ slug: 'spring-15', expires: Date.now() + 3600_000 });
    const { api } = open('/');
    await waitFor(() => expect(api.requests.length).toBe(0));
    expect(shown()).toBe(false);
  });

  it('after the day it asks again: the promotion shown last does not open again, and the next day is counted', async () => {
    remember({ slug: 'spring-15', expires: Date.now() - 1 });
    const { api } = open('/');
    await waitFor(() => expect(remembered()!.expires).toBeGreaterThan(Date.now()));
    expect(api.sent('GET /api/homepage-promo-pop-up')).toHaveLength(1);
    expect(remembered()?.slug).toBe('spring-15');
    expect(shown()).toBe(false);
  });

  it('after the day another promotion opens', async () => {
    remember({ slug: 'spring-15', expires: Date.now() - 1 });
    open('/', { api: popupApi(TEN_OFF) });
    expect(await screen.findByRole('dialog', { name: 'Ten Off' })).toBeTruthy();
    expect(remembered()?.slug).toBe('ten-off');
  });

  it('stays away from the promotion pages, the cart and sign-in, and from admins', async () => {
    for (const path of ['/promotions', '/cart', '/login']) {
      const { api, unmount } = open(path);
      await waitFor(() => expect(api.requests.length).toBe(0));
      unmount();
    }
    const admin: SessionUser = {
      is_admin: true, access_token: 'admin-token', loginKeep: true,
      data: { customer: { slug: 'owner', first_name: 'Olive', last_name: 'Owner', receive_marketing: false, permissions: [] }, is_developer: false },
    };
    const { api } = open('/', { user: admin });
    await waitFor(() => expect(api.requests.length).toBe(0));
    expect(shown()).toBe(false);
  });

  it('waits while a first visit is asked which store, then opens', async () => {
    const { api } = open('/', { firstVisit: true });
    await waitFor(() => expect(api.sent('GET /api/homepage-promo-pop-up')).toHaveLength(0));
    act(() => closeStoreQuestion());
    expect(await screen.findByRole('dialog', { name: 'Spring Sale' })).toBeTruthy();
  });

  it('a ?promo link opens that promotion instead of the daily one', async () => {
    const { api } = open('/?promo=ten-off');
    expect(await screen.findByRole('dialog', { name: 'Ten Off' })).toBeTruthy();
    expect(api.sent('GET /api/homepage-promo-pop-up')).toEqual([]);
  });

  it('by keyboard: the focus starts in the pop-up and Escape closes it', async () => {
    const { user } = open('/');
    const dialog = await screen.findByRole('dialog', { name: 'Spring Sale' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(shown()).toBe(false));
  });

  it("Apply Promo shows the spec's success; Start Shopping closes the pop-up and goes to the store's page", async () => {
    const { user } = open('/');
    const dialog = await screen.findByRole('dialog', { name: 'Spring Sale' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply Promo' }));
    const start = await within(dialog).findByRole('button', { name: 'Start Shopping' });
    expect(within(dialog).getByRole('heading', { name: 'Congratulations, Your 15% OFF Promo Is Now Applied!' })).toBeTruthy();
    await user.click(start);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/d/garden-2');
  });
});
