import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bg } from './test-db';
import { AccessToken } from '@platform/db';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { identityService, Customer, hashPassword } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenant: { id: string };
const PASSWORD = 'Correct-Horse-9';

beforeAll(async () => {
  harness = await createTestApp([identityService], 'identity');
  tenant = await createTenant('id-a');
  const other = await createTenant('id-b');
  const passwordHash = await hashPassword(PASSWORD);
  await Customer.create({ tenantId: tenant.id, slug: 'boss', email: 'boss@id-a.test', firstName: 'Pat', passwordHash, isAdmin: true, isSubAccount: true, permissions: ['view_emails'] });
  await Customer.create({ tenantId: other.id, slug: 'boss', email: 'boss@id-b.test', passwordHash, isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

const login = (payload: object, slug = 'id-a') => harness.app.inject({ method: 'POST', url: '/api/login', headers: { 'business-slug': slug }, payload });

describe('POST /api/login', () => {
  it('signs in with e-mail and password and returns the spec fields', async () => {
    const res = await login({ email: 'BOSS@id-a.test', password: PASSWORD, device_id: 'AbCdE12345' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Every field of spec 2 §3's login response, master_login included (false: no platform representative accounts).
    expect(body).toMatchObject({ status: 'success', mfa: false, token: null, showContact: false, master_login: false, is_admin: true, data: { customer: { slug: 'boss', first_name: 'Pat', permissions: ['view_emails'] } } });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it('stores passwords as scrypt hashes and tokens only as hashes', async () => {
    const token = (await login({ email: 'boss@id-a.test', password: PASSWORD })).json().access_token;
    const customer = await bg(() => Customer.findOne({ tenantId: tenant.id, slug: 'boss' }).lean()) as { passwordHash: string };
    expect(customer.passwordHash).toMatch(/^scrypt\$/);
    expect(customer.passwordHash).not.toContain(PASSWORD);
    expect(await bg(() => AccessToken.countDocuments({ tenantId: tenant.id, tokenHash: token }))).toBe(0);
  });

  it('gives the same 422 for a wrong password and an unknown e-mail', async () => {
    const wrong = await login({ email: 'boss@id-a.test', password: 'nope' });
    const unknown = await login({ email: 'ghost@id-a.test', password: PASSWORD });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json().message).toBe('These credentials do not match our records.');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('leaves no session behind a wrong password (its record is written while the hash runs, then deleted)', async () => {
    const sessions = () => bg(() => AccessToken.countDocuments({ tenantId: tenant.id, customerSlug: 'boss' }));
    const before = await sessions();
    expect((await login({ email: 'boss@id-a.test', password: 'Wrong-Horse-9' })).statusCode).toBe(422);
    await vi.waitFor(async () => expect(await sessions()).toBe(before), { timeout: 5000 });
    expect((await login({ email: 'boss@id-a.test', password: PASSWORD })).statusCode).toBe(200);
    expect(await sessions()).toBe(before + 1);
  });

  it('does not sign in to another tenant with the same credentials', async () => {
    const res = await login({ email: 'boss@id-a.test', password: PASSWORD }, 'id-b');
    expect(res.statusCode).toBe(422);
  });

  it('names the missing and malformed fields', async () => {
    const res = await login({ email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password']);
  });
});

describe('tokens and logout', () => {
  it('a token opens admin routes until logout revokes it; then it is a 401', async () => {
    const token = (await login({ email: 'boss@id-a.test', password: PASSWORD })).json().access_token;
    const auth = { 'business-slug': 'id-a', authorization: `Bearer ${token}` };
    expect((await harness.app.inject({ url: '/api/sub-accounts', headers: auth })).statusCode).toBe(200);
    const out = await harness.app.inject({ method: 'POST', url: `/api/logout?access_token=${token}`, headers: { 'business-slug': 'id-a' } });
    expect(out.json()).toEqual({ status: 'success', message: 'You have been signed out.' });
    const after = await harness.app.inject({ url: '/api/sub-accounts', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: 401, message: 'Unauthenticated.' });
  });

  it('refuses a token of one tenant at another', async () => {
    const token = (await login({ email: 'boss@id-a.test', password: PASSWORD })).json().access_token;
    const res = await harness.app.inject({ url: '/api/sub-accounts', headers: { 'business-slug': 'id-b', authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = (await login({ email: 'boss@id-a.test', password: PASSWORD })).json().access_token;
    await harness.changeSessions({ tenantId: tenant.id }, { expiresAt: new Date(Date.now() - 1000) });
    const res = await harness.app.inject({ url: '/api/sub-accounts', headers: { 'business-slug': 'id-a', authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});
