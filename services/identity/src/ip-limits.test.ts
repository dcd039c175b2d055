import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { identityService } from './index';

// Per-IP limits with small numbers (the defaults are 100 sends, 300 tries, 300 look-ups and 100 sign-ups per 15 minutes).
// The test's proxy is 127.0.0.1 (TRUST_PROXY): only it may name the client.
const LIMITS = { IDENTITY_IP_LIMIT_SEND: '3', IDENTITY_IP_LIMIT_LOGIN: '3', IDENTITY_IP_LIMIT_LOOKUP: '3', IDENTITY_IP_LIMIT_SIGNUP: '3', TRUST_PROXY: '127.0.0.1' };
let harness: Awaited<ReturnType<typeof createTestApp>>;
const post = (url: string, payload: object, ip: string, slug = 'iplimit-a', forwardedFor?: string) =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'business-slug': slug, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) }, remoteAddress: ip, payload });

beforeAll(async () => {
  Object.assign(process.env, LIMITS);
  harness = await createTestApp([identityService], 'iplimit');
  await createTenant('iplimit-a');
  await createTenant('iplimit-b');
});
afterAll(async () => {
  for (const name of Object.keys(LIMITS)) delete process.env[name];
  await harness?.close();
});

describe('limits per client IP', () => {
  it('holds back one IP trying many addresses, at every store, and not another IP', async () => {
    const ip = '10.20.30.40';
    const sends = [];
    for (let i = 0; i < 4; i += 1) sends.push(await post('forget-password', { email: `someone${i}@iplimit.test` }, ip, i % 2 ? 'iplimit-b' : 'iplimit-a'));
    expect(sends.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(sends[3].json().message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    expect((await post('send-magic-link', { email: 'fresh@iplimit.test' }, ip)).statusCode).toBe(429);
    expect((await post('forget-password', { email: 'someone9@iplimit.test' }, '10.20.30.41')).statusCode).toBe(200);
  });

  it('counts sign-in tries and account look-ups per IP too', async () => {
    const ip = '10.20.30.50';
    const tries = [];
    for (let i = 0; i < 4; i += 1) tries.push((await post('login', { email: `nobody${i}@iplimit.test`, password: 'Not-The-One-1' }, ip)).statusCode);
    expect(tries).toEqual([422, 422, 422, 429]);
    const lookups = [];
    for (let i = 0; i < 4; i += 1) lookups.push((await post('check-email-phone-exists', { email: `nobody${i}@iplimit.test` }, ip)).statusCode);
    expect(lookups).toEqual([200, 200, 200, 429]);
    expect((await post('login', { email: 'nobody9@iplimit.test', password: 'Not-The-One-1' }, '10.20.30.51')).statusCode).toBe(422);
  });

  it("does not count an attempt the IP limit held back against the person: the person's tenth try from elsewhere is still checked", async () => {
    const tries = (ip: string, n: number) => Promise.all(Array.from({ length: n }, () => post('login', { email: 'held@iplimit.test', password: 'Not-The-One-1' }, ip)))
      .then((answers) => answers.map((r) => r.statusCode).sort());
    expect(await tries('10.20.30.60', 3)).toEqual([422, 422, 422]);
    expect(await tries('10.20.30.60', 5)).toEqual([429, 429, 429, 429, 429]); // held back by the IP limit, not counted for the person
    expect(await tries('10.20.30.61', 3)).toEqual([422, 422, 422]);
    expect(await tries('10.20.30.62', 3)).toEqual([422, 422, 422]);
    expect(await tries('10.20.30.63', 1)).toEqual([422]); // the person's tenth
    expect(await tries('10.20.30.64', 1)).toEqual([429]); // the eleventh: held back by the person's limit
  });

  it('holds back one IP registering account after account (each try counts, made or refused), and makes nothing more', async () => {
    const ip = '10.20.30.70';
    const member = (i: number) => ({ first_name: 'Bulk', last_name: `Maker ${i}`, telephone: `50355501${70 + i}`, email: `bulk${i}@iplimit.test`, password: 'Tulip-Ladder-84', c_password: 'Tulip-Ladder-84' });
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await post('signup', i === 1 ? { ...member(i), email: 'not-an-email' } : member(i), ip));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 422, 200, 429]);
    expect(answers[3].json().message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    // The refused one made no account: its e-mail can still sign up, from another address.
    expect((await post('check-email-phone-exists', { email: 'bulk3@iplimit.test' }, '10.20.30.72')).json().exists).toBe(false);
    expect((await post('signup', member(3), '10.20.30.71')).statusCode).toBe(200);
  });

  it('counts shoppers behind a trusted proxy by the address it forwards, and ignores the header from anyone else', async () => {
    const behind = [];
    for (let i = 0; i < 4; i += 1) behind.push((await post('forget-password', { email: `behind${i}@iplimit.test` }, '127.0.0.1', 'iplimit-a', '203.0.113.5')).statusCode);
    expect(behind).toEqual([200, 200, 200, 429]);
    // Another shopper behind the same proxy is not held back.
    expect((await post('forget-password', { email: 'behind9@iplimit.test' }, '127.0.0.1', 'iplimit-a', '203.0.113.6')).statusCode).toBe(200);
    // A client that is not the proxy cannot pose as many by forging the header.
    const forged = [];
    for (let i = 0; i < 4; i += 1) forged.push((await post('forget-password', { email: `forged${i}@iplimit.test` }, '10.20.30.60', 'iplimit-a', `198.51.100.${i}`)).statusCode);
    expect(forged).toEqual([200, 200, 200, 429]);
  });
});
