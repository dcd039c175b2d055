import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground } from '@platform/db';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { tenantSettingsService, StoreProfile } from '../index';
import { RewardsMember } from './rewards';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
/** The tests read members by tenant, not by _id: development reads, inBackground (docs/DATA-ACCESS.md). */
const read = <T>(work: () => PromiseLike<T>) => inBackground('test: check the members', work);
const post = (url: string, payload: object, slug = 'coop-a', ip = '10.0.0.1') =>
  harness.app.inject({ method: 'POST', url: `/api/truevalue/${url}`, headers: { 'business-slug': slug }, payload, remoteAddress: ip });
const ana = { first_name: 'Ana', last_name: 'Diaz', email: 'Ana@Example.test', phone: '(503) 555-0142', zip: '97301' };

beforeAll(async () => {
  process.env.REWARDS_LOOKUP_IP_LIMIT = '5';
  harness = await createTestApp([tenantSettingsService], 'rewards');
  tenantId = (await createTenant('coop-a', { variant: 'hardware-cooperative' })).id;
  await StoreProfile.create({ tenantId, business: { rewards_enabled: true } });
  const byEmail = await createTenant('coop-b', { variant: 'hardware-cooperative' });
  await StoreProfile.create({ tenantId: byEmail.id, business: { rewards_enabled: true, loyality_lookup_field: 'email' } });
  await createTenant('coop-off', { variant: 'hardware-cooperative' });
  const paint = await createTenant('paint-r', { variant: 'paint-brand' });
  await StoreProfile.create({ tenantId: paint.id, business: { rewards_enabled: true } });
});
afterAll(async () => { await harness?.close(); delete process.env.REWARDS_LOOKUP_IP_LIMIT; });

describe('rewards programme', () => {
  it('enrols a shopper with a member number, once per e-mail and phone', async () => {
    const res = await post('rewards-signup', ana);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ first_name: 'Ana', points: 0, member_number: expect.stringMatching(/^48\d{8}$/) });
    expect(body.message).toBe(`Welcome to Rewards, Ana! Your member number is ${body.data.member_number}.`);
    expect(await read(() => RewardsMember.findOne({ tenantId }).lean())).toMatchObject({ email: 'ana@example.test', phone: '5035550142', zip: '97301' });
    for (const again of [ana, { ...ana, email: 'other@example.test' }, { ...ana, phone: '5035550199' }]) {
      const dup = await post('rewards-signup', again);
      expect(dup.statusCode).toBe(422);
      expect(dup.json().message).toBe('You are already a rewards member. Look up your rewards instead.');
    }
    const bad = await post('rewards-signup', { ...ana, email: 'x', zip: '1' });
    expect(bad.json().errors).toEqual({ email: ['Please enter a valid email address.'], zip: ['Please enter a 5-digit ZIP code.'] });
    expect(await read(() => RewardsMember.countDocuments({ tenantId }))).toBe(1);
  });

  it('looks a member up by the store\'s lookup field, showing the last 4 digits of the number', async () => {
    await read(() => RewardsMember.updateOne({ tenantId }, { $set: { points: 1250 } }));
    const found = await post('rewards-lookup', { value: '503-555-0142' });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual({ first_name: 'Ana', points: 1250, member_number: expect.stringMatching(/^••••••\d{4}$/) });
    const missing = await post('rewards-lookup', { value: '5035550100' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('We could not find a rewards membership for that phone number.');
    // Another store looks up by e-mail, and does not know this store's members.
    expect((await post('rewards-lookup', { value: 'ana@example.test' }, 'coop-b')).json().message).toBe('We could not find a rewards membership for that e-mail address.');
  });

  it('enrols one member when the same shopper signs up twice at once, found by e-mail where the store looks up by e-mail', async () => {
    const lee = { first_name: 'Lee', last_name: 'Park', email: 'lee@example.test', phone: '5035550177', zip: '97302' };
    const answers = await Promise.all([post('rewards-signup', lee, 'coop-b', '10.0.1.1'), post('rewards-signup', lee, 'coop-b', '10.0.1.2')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const found = await post('rewards-lookup', { value: 'LEE@example.test' }, 'coop-b', '10.0.1.3');
    expect(found.json().data).toMatchObject({ first_name: 'Lee', points: 0 });
  });

  it('limits lookups per IP', async () => {
    for (let i = 0; i < 5; i += 1) await post('rewards-lookup', { value: '5035550100' }, 'coop-a', '10.0.0.9');
    const limited = await post('rewards-lookup', { value: '5035550142' }, 'coop-a', '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('exists only for cooperative stores that offer it', async () => {
    for (const slug of ['coop-off', 'paint-r']) {
      const res = await post('rewards-signup', ana, slug);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This store does not offer a rewards programme.');
      expect((await post('rewards-lookup', { value: '5035550142' }, slug)).statusCode).toBe(404);
    }
  });
});
