import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bg } from './test-db';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { identityService } from './index';
import { SavedCardModel } from './cards';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let jane: string;
let bob: string;
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => harness.app.inject({
  method, url: `/api/${url}`, headers: { 'business-slug': 'cards-a', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}),
});

beforeAll(async () => {
  harness = await createTestApp([identityService], 'cards');
  tenantId = (await createTenant('cards-a')).id;
  jane = await issueToken(tenantId, { slug: 'jane' });
  bob = await issueToken(tenantId, { slug: 'bob' });
});
afterAll(async () => { await harness?.close(); });

describe('saved cards', () => {
  it("saves a card from the provider's token, lists it to its customer only, and removes it", async () => {
    const added = await call('POST', 'customer-cards/add', jane, { newSource: 'tok_visa' });
    expect(added.json()).toMatchObject({ status: 'success', message: 'Your card has been saved.', data: { brand: 'Visa', last4: '4242', exp_month: 12 } });
    const source = added.json().data.source;
    expect((await call('GET', 'customer-cards', jane)).json().data).toEqual([added.json().data]);
    expect((await call('GET', 'customer-cards', bob)).json().data).toEqual([]);
    const stolen = await call('POST', 'customer-cards/delete', bob, { source });
    expect(stolen.statusCode).toBe(404);
    expect((await call('POST', 'customer-cards/delete', jane, { source })).json()).toEqual({ status: 'success', message: 'Your card has been removed.' });
    expect((await call('GET', 'customer-cards', jane)).json().data).toEqual([]);
  });

  it('refuses card numbers and unknown tokens, and guests, storing nothing', async () => {
    const pan = await call('POST', 'customer-cards/add', jane, { newSource: '4242 4242 4242 4242' });
    expect(pan.json()).toMatchObject({ status: 422, message: 'Card numbers are not accepted here: cards are saved through the payment form.' });
    expect((await call('POST', 'customer-cards/add', jane, { newSource: 'tok_bogus' })).json().message).toBe('This card could not be saved. Please check it and try again.');
    expect((await call('GET', 'customer-cards')).statusCode).toBe(401);
    const admin = await issueToken(tenantId, { slug: 'owner', isAdmin: true });
    expect((await call('POST', 'customer-cards/add', admin, { newSource: 'tok_visa' })).json()).toMatchObject({ status: 403, message: 'Saved cards belong to shopper accounts.' });
    expect(await bg(() => SavedCardModel.countDocuments({ tenantId }))).toBe(0);
  });
});
