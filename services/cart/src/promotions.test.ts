import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService, Coupon } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let samToken: string;
const DAY = 24 * 3600 * 1000;
type Options = { token?: string; slug?: string; payload?: object };
const call = (method: 'GET' | 'POST', url: string, { token, slug = 'promo-a', payload }: Options = {}) => harness.app.inject({
  method, url: `/api/${url}`, headers: { 'business-slug': slug, 'store-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}),
});

beforeAll(async () => {
  harness = await createTestApp([cartService], 'cart-promotions');
  const tenantId = (await createTenant('promo-a')).id;
  await createCatalogueFixture(tenantId, 'promo-a');
  samToken = await issueToken(tenantId, { slug: 'sam' });
  const soon = new Date(Date.now() + 2 * DAY);
  await Coupon.create([
    { tenantId, code: 'SPRING15', kind: 'percent', percentBp: 1500, slug: 'spring-sale', name: 'Spring Sale', description: '15% off everything', disclaimer: 'Excludes gift cards.', popup: true, widget: { style: 2, sequence: 2 } },
    { tenantId, code: 'TENOFF', kind: 'flat', amountCents: 1000, minSubtotalCents: 5000, slug: 'ten-off', name: 'Ten Off', expiresAt: soon, widget: { style: 1, couponTitle: '$10 off $50', buttonTitle: 'Grab it', backgroundColor: '#123456', sequence: 1 } },
    { tenantId, code: 'MEMBERS5', kind: 'percent', percentBp: 500, slug: 'members', name: 'Members', oncePerCustomer: true, widget: { active: false } },
    { tenantId, code: 'OLDDEAL', kind: 'percent', percentBp: 2000, slug: 'old-deal', name: 'Old Deal', expiresAt: new Date(Date.now() - DAY), popup: true },
    { tenantId, code: 'STAFFONLY', kind: 'percent', percentBp: 3000 },
  ]);
  const other = await createTenant('promo-b');
  await createCatalogueFixture(other.id, 'promo-b');
  await Coupon.create({ tenantId: other.id, code: 'BSALE', kind: 'percent', percentBp: 1000, slug: 'b-sale', name: 'B Sale', popup: true });
});
afterAll(async () => { await harness?.close(); });

describe('promotions', () => {
  it('lists advertised promotions in force, soonest ending first, never private or ended codes or another store\'s', async () => {
    const list = (await call('GET', 'promotions')).json().data;
    expect(list.map((p: { slug: string }) => p.slug)).toEqual(['ten-off', 'members', 'spring-sale']);
    expect(list[0]).toMatchObject({ code: 'TENOFF', discount: '10.00', discount_type: 'flat', discount_label: '$10 OFF', min_subtotal: '50.00', once_per_customer: false });
    expect(list[2]).toMatchObject({ name: 'Spring Sale', discount: '15', discount_type: 'percentage', discount_label: '15% OFF', ends_at: null, disclaimer: 'Excludes gift cards.' });
    expect((await call('GET', 'promotions', { slug: 'promo-b' })).json().data.map((p: { slug: string }) => p.slug)).toEqual(['b-sale']);
  });

  it('shows one promotion by slug, and 404 for an ended, private or unknown one', async () => {
    expect((await call('GET', 'promotions/spring-sale')).json().data.code).toBe('SPRING15');
    for (const slug of ['old-deal', 'nothing-here', 'b-sale']) {
      const res = await call('GET', `promotions/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This promotion has ended or does not exist.');
    }
    expect((await call('GET', 'promotions/$where')).statusCode).toBe(400);
  });

  it('gives the coupon slider its cards in order with the default colour and button text', async () => {
    const cards = (await call('GET', 'coupon-widgets')).json().data;
    expect(cards.map((c: { slug: string }) => c.slug)).toEqual(['ten-off', 'spring-sale']);
    expect(cards[0]).toMatchObject({ style: 1, coupon_title: '$10 off $50', button_title: 'Grab it', background_color: '#123456' });
    expect(cards[1]).toMatchObject({ style: 2, coupon_title: 'Spring Sale', button_title: 'Get Coupon', background_color: '#3BC43B', background_image: null });
  });

  it('offers the newest current pop-up promotion, per store', async () => {
    expect((await call('GET', 'homepage-promo-pop-up')).json().data.coupon_widget_data).toMatchObject({ slug: 'spring-sale', discount_label: '15% OFF' });
    expect((await call('GET', 'homepage-promo-pop-up', { slug: 'promo-b' })).json().data.coupon_widget_data.slug).toBe('b-sale');
  });

  it('redeems onto an empty cart with the spec\'s message, and the discount applies once products are added', async () => {
    const redeemed = await call('POST', 'promotions/redeem', { payload: { slug: 'spring-sale', device_id: 'PromoDev01' } });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toMatchObject({ status: 200, message: 'Congratulations, Your 15% OFF Promo Is Now Applied!', disclaimer: 'Excludes gift cards.' });
    expect(redeemed.json().data).toMatchObject({ item_count: 0, totals: { coupon: 'SPRING15' } });
    const cart = (await call('POST', 'add-to-cart', { payload: { store_product_id: 11, quantity: 1, device_id: 'PromoDev01' } })).json().data;
    // 15% of 129.99, rounded to the cent
    expect(cart.totals).toMatchObject({ coupon: 'SPRING15', discount: '19.50' });
  });

  it('keeps a minimum-spend promotion on the cart with its reason until the cart qualifies', async () => {
    await call('POST', 'promotions/redeem', { payload: { slug: 'ten-off', device_id: 'PromoDev02' } });
    const small = (await call('POST', 'add-to-cart', { payload: { store_product_id: 21, quantity: 1, device_id: 'PromoDev02' } })).json().data;
    expect(small.totals).toMatchObject({ coupon: 'TENOFF', discount: '0.00', coupon_message: 'Spend $50.00 or more to use this promo code.' });
    const big = (await call('POST', 'add-to-cart', { payload: { store_product_id: 21, quantity: 3, device_id: 'PromoDev02' } })).json().data;
    expect(big.totals).toMatchObject({ discount: '10.00', coupon_message: null });
  });

  it('refuses ended promotions, and once-per-customer ones for guests', async () => {
    const ended = await call('POST', 'promotions/redeem', { payload: { slug: 'old-deal', device_id: 'PromoDev03' } });
    expect(ended.statusCode).toBe(422);
    expect(ended.json().message).toBe('This promotion has ended or does not exist.');
    const guest = await call('POST', 'promotions/redeem', { payload: { slug: 'members', device_id: 'PromoDev03' } });
    expect(guest.statusCode).toBe(422);
    expect(guest.json().message).toBe('Please sign in to use this promo code.');
    expect((await call('GET', 'cart-parcels?device_id=PromoDev03')).json().data.totals.coupon).toBeNull();
    const member = await call('POST', 'promotions/redeem', { token: samToken, payload: { slug: 'members' } });
    expect(member.json().message).toBe('Congratulations, Your 5% OFF Promo Is Now Applied!');
  });
});
