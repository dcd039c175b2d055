import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Promotion } from '@platform/contracts';
import { DEVICE_ID, EMPTY_CART, Failure, FakeApi, later, renderScreen } from '../../test-support';
import { PromotionPage, PromotionsPage } from './promotions-pages';

const SPRING: Promotion = {
  id: 'p1', slug: 'spring-15', name: 'Spring Sale', code: 'SPRING15', description: 'Fifteen percent off the whole order.', disclaimer: 'Not valid on gift cards.',
  image: null, discount: '15', discount_type: 'percentage', discount_label: '15% OFF', min_subtotal: '50.00', starts_at: null, ends_at: null,
  popup_redirect_url: '/d/garden-2', hide_popup_text: false, once_per_customer: false,
};
const TEN_OFF: Promotion = { ...SPRING, id: 'p2', slug: 'ten-off', name: 'Ten Off', code: 'TEN', description: '', discount: '10.00', discount_type: 'flat', discount_label: '$10 OFF', min_subtotal: '0.00', popup_redirect_url: null };
// The server's success line for SPRING (libs/domain promoAppliedMessage), as spec 1 §4 words it.
const APPLIED = { status: 200, message: 'Congratulations, Your 15% OFF Promo Is Now Applied!', disclaimer: 'Not valid on gift cards.', data: EMPTY_CART };

const index = (api: FakeApi) => renderScreen(<PromotionsPage />, '/promotions', { route: '/promotions', api });
const single = (path: string, api: FakeApi) => renderScreen(<PromotionPage />, path, { route: '/promotions/single/:slug', api });
const springApi = () => new FakeApi().on('GET /api/promotions/spring-15', { data: SPRING }).on('GET /api/cart-parcels', { data: EMPTY_CART });

describe('promotions index (/promotions)', () => {
  it('says it is loading, then shows each promotion with its discount and a link to its details', async () => {
    const answer = later<{ data: Promotion[] }>();
    index(new FakeApi().on('GET /api/promotions', () => answer.promise));
    expect((await screen.findByRole('status')).textContent).toBe('Loading promotions…');
    answer.resolve({ data: [SPRING, TEN_OFF] });

    expect((await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent)).toEqual(['Spring Sale', 'Ten Off']);
    expect(screen.getByText('15% OFF')).toBeTruthy();
    expect(screen.getByText('$10 OFF')).toBeTruthy();
    expect(screen.getByText('Fifteen percent off the whole order.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View details of Spring Sale' }).getAttribute('href')).toBe('/promotions/single/spring-15');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when there are none, with a way back to shopping', async () => {
    index(new FakeApi().on('GET /api/promotions', { data: [] }));
    expect(await screen.findByText('There are no promotions right now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'keep shopping' }).getAttribute('href')).toBe('/');
  });

  it('a failed load says so, and Try again loads them', async () => {
    let calls = 0;
    const { user } = index(new FakeApi().on('GET /api/promotions', () => (++calls === 1 ? new Failure(503, 'Unavailable') : { data: [SPRING] })));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the promotions.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Spring Sale' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('one promotion (/promotions/single/{slug})', () => {
  it("shows the offer; Apply Promo puts it on the cart and says so in the spec's words; Start Shopping goes where the store chose", async () => {
    const applied = later<typeof APPLIED>();
    const api = springApi().on('POST /api/promotions/redeem', () => applied.promise);
    const { user } = single('/promotions/single/spring-15', api);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Spring Sale');
    expect(screen.getByText('15% OFF')).toBeTruthy();
    expect(screen.getByText('On orders of $50.00 or more.')).toBeTruthy();
    expect(screen.getByText('SPRING15')).toBeTruthy();
    expect(screen.getByText('Not valid on gift cards.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Apply Promo' }));
    expect(api.sent('POST /api/promotions/redeem')[0].body).toEqual({ slug: 'spring-15', device_id: DEVICE_ID });
    expect((screen.getByRole('button', { name: 'Applying…' }) as HTMLButtonElement).disabled).toBe(true);
    applied.resolve(APPLIED);
    const done = await screen.findByRole('status');
    expect(within(done).getByRole('heading').textContent).toBe('Congratulations, Your 15% OFF Promo Is Now Applied!');

    await user.click(within(done).getByRole('button', { name: 'Start Shopping' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/d/garden-2');
  });

  it('by keyboard: Enter on Apply Promo applies it, and the cursor is then on Start Shopping', async () => {
    const api = springApi().on('POST /api/promotions/redeem', APPLIED);
    const { user } = single('/promotions/single/spring-15', api);
    (await screen.findByRole('button', { name: 'Apply Promo' })).focus();
    await user.keyboard('{Enter}');
    const start = await screen.findByRole('button', { name: 'Start Shopping' });
    expect(document.activeElement).toBe(start);
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/d/garden-2');
  });

  it("a refused code shows the server's reason and can be tried again", async () => {
    const api = springApi().on('POST /api/promotions/redeem', new Failure(422, 'This promotion is for orders of $50.00 or more.', { slug: ['This promotion is for orders of $50.00 or more.'] }));
    const { user } = single('/promotions/single/spring-15', api);
    await user.click(await screen.findByRole('button', { name: 'Apply Promo' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This promotion is for orders of $50.00 or more.');
    expect((screen.getByRole('button', { name: 'Apply Promo' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a link with ?promo applies it on arrival', async () => {
    const api = springApi().on('POST /api/promotions/redeem', APPLIED);
    single('/promotions/single/spring-15?promo=1', api);
    expect(await screen.findByRole('heading', { name: 'Congratulations, Your 15% OFF Promo Is Now Applied!' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply Promo' })).toBeNull();
    expect(api.sent('POST /api/promotions/redeem')).toHaveLength(1);
  });

  it('a link with ?promo that cannot be applied fails silently (spec 2 §8): the offer is shown as usual', async () => {
    const api = springApi().on('POST /api/promotions/redeem', new Failure(422, 'Please sign in to use this promotion.'));
    const { store } = single('/promotions/single/spring-15?promo=1', api);
    expect(await screen.findByRole('button', { name: 'Apply Promo' })).toBeTruthy();
    // The redeem was tried and refused.
    await waitFor(() => expect(Object.values(store.getState().api.mutations).map((m) => m?.status)).toEqual(['rejected']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Please sign in to use this promotion.')).toBeNull();
    expect((screen.getByRole('button', { name: 'Apply Promo' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a promotion that ended or never was says so, with the way to the current ones', async () => {
    single('/promotions/single/old-deal', new FakeApi().on('GET /api/promotions/old-deal', new Failure(404, 'This promotion was not found.')));
    expect(await screen.findByText('This promotion has ended or does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the current promotions' }).getAttribute('href')).toBe('/promotions');
  });
});
