import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bg } from './test-db';
import { Secret, TOTP } from 'otpauth';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { identityService, Customer, hashPassword } from './index';
import { delivered, startOutbox } from './test-outbox';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let worker: ReturnType<typeof startOutbox>;
let tenantId: string;
const PASSWORD = 'Correct-Horse-9';
const call = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) => harness.app.inject({
  method, url: `/api/${url}`, headers: { 'business-slug': 'mfa-a', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}),
});
/** The authenticator app: the code for now, or for a later 30-second step. */
const codeFor = (secret: string, stepsAhead = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

beforeAll(async () => {
  harness = await createTestApp([identityService], 'mfa');
  worker = startOutbox(harness);
  tenantId = (await createTenant('mfa-a')).id;
  await Customer.create({ tenantId, slug: 'ann', email: 'ann@mfa.test', firstName: 'Ann', passwordHash: await hashPassword(PASSWORD) });
});
afterAll(async () => { await worker?.close(); await harness?.close(); });
/** The holder is told by e-mail when two-step sign-in goes on or off. */
const noticeSent = (subject: string) => delivered(tenantId, 'ann@mfa.test', new Date(0), subject);

describe('two-step sign-in (TOTP)', () => {
  let secret: string;
  let backupCodes: string[];
  let setupCode: string;

  it('is set up with a secret confirmed by its first code, and answers 10 backup codes once', async () => {
    const token = (await call('POST', 'login', { email: 'ann@mfa.test', password: PASSWORD })).json().access_token;
    expect((await call('GET', 'mfa/load', undefined, token)).json()).toEqual({ status: 'success', enabled: false, backup_codes_left: 0 });
    expect((await call('POST', 'verify-password', { password: PASSWORD }, token)).json()).toEqual({ status: 'success', message: 'Password confirmed.' });
    const setup = (await call('POST', 'mfa/setup', undefined, token)).json();
    secret = setup.secret;
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/mfa-a%20store:ann%40mfa\.test\?/);
    expect((await call('POST', 'mfa/setup-complete', { code: '000000' }, token)).json().message).toBe('Your 2FA code is invalid. Please try again.');
    setupCode = codeFor(secret);
    const done = (await call('POST', 'mfa/setup-complete', { code: setupCode }, token)).json();
    expect(done.backup_codes).toHaveLength(10);
    backupCodes = done.backup_codes;
    expect((await call('GET', 'mfa/load', undefined, token)).json()).toEqual({ status: 'success', enabled: true, backup_codes_left: 10 });
    await noticeSent('Two-step sign-in is on for your mfa-a store account');
    const stored = await bg(() => Customer.findOne({ tenantId, slug: 'ann' }).lean()) as { mfaBackupCodes: string[] };
    expect(stored.mfaBackupCodes.join()).not.toContain(backupCodes[0]);
  });

  it('asks for the code after the password; a wrong or replayed code is refused, the next one signs in', async () => {
    const first = (await call('POST', 'login', { email: 'ann@mfa.test', password: PASSWORD })).json();
    expect(first).toMatchObject({ status: 'success', mfa: true, master_login: false, access_token: '' });
    expect(first.token).toMatch(/^[\w-]{20,}$/);
    const wrong = await call('POST', 'mfa/submit', { code: '123456', token: first.token, is_backup: 0 });
    expect(wrong.json()).toMatchObject({ status: 422, message: 'Your 2FA code is invalid. Please try again.' });
    // The code that confirmed the set-up cannot be used again.
    expect((await call('POST', 'mfa/submit', { code: setupCode, token: first.token, is_backup: 0 })).statusCode).toBe(422);
    const ok = await call('POST', 'mfa/submit', { code: codeFor(secret, 1), token: first.token, is_backup: 0 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toMatch(/^[\w-]{40,}$/);
    expect((await call('POST', 'mfa/submit', { code: codeFor(secret, 1), token: first.token, is_backup: 0 })).json().message).toBe('Your sign-in has timed out. Please sign in again.');
  });

  it('takes each backup code once', async () => {
    const step = (await call('POST', 'login', { email: 'ann@mfa.test', password: PASSWORD })).json().token;
    expect((await call('POST', 'mfa/submit', { code: backupCodes[0].toUpperCase(), token: step, is_backup: 1 })).statusCode).toBe(200);
    const again = (await call('POST', 'login', { email: 'ann@mfa.test', password: PASSWORD })).json().token;
    expect((await call('POST', 'mfa/submit', { code: backupCodes[0], token: again, is_backup: 1 })).json().message).toBe('Your 2FA code is invalid. Please try again.');
    const token = (await call('POST', 'mfa/submit', { code: backupCodes[1], token: again, is_backup: 1 })).json().access_token;
    expect((await call('GET', 'mfa/load', undefined, token)).json().backup_codes_left).toBe(8);
    await call('POST', 'verify-password', { password: PASSWORD }, token);
    expect((await call('POST', 'mfa/disable', undefined, token)).json().message).toBe('Two-step sign-in is off.');
    await noticeSent('Two-step sign-in is off for your mfa-a store account');
    expect((await call('POST', 'login', { email: 'ann@mfa.test', password: PASSWORD })).json().mfa).toBe(false);
  });
});

describe('the password again before two-step sign-in changes (verify-password)', () => {
  const login = async (email: string) => (await call('POST', 'login', { email, password: PASSWORD })).json().access_token as string;
  beforeAll(async () => {
    await Customer.create({ tenantId, slug: 'bob', email: 'bob@mfa.test', firstName: 'Bob', passwordHash: await hashPassword(PASSWORD) });
    await Customer.create({ tenantId, slug: 'cy', email: 'cy@mfa.test', firstName: 'Cy', passwordHash: await hashPassword(PASSWORD) });
  });

  it('a session alone cannot turn it on or off; a wrong password confirms nothing', async () => {
    const token = await login('bob@mfa.test');
    expect((await call('POST', 'mfa/setup', undefined, token)).json()).toEqual({ status: 403, message: 'Please confirm your password first.' });
    const wrong = await call('POST', 'verify-password', { password: 'not-it-at-all' }, token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: 'The password is not correct.', errors: { password: ['The password is not correct.'] } });
    expect((await call('POST', 'mfa/setup', undefined, token)).statusCode).toBe(403);
    expect((await call('POST', 'mfa/disable', undefined, token)).statusCode).toBe(403);
    expect((await bg(() => Customer.findOne({ tenantId, slug: 'bob' }).lean()) as { mfaPendingSecret?: string | null }).mfaPendingSecret ?? null).toBeNull();
    expect((await call('POST', 'verify-password', { password: PASSWORD })).statusCode).toBe(401);
  });

  it('holds for this session only, and for 10 minutes', async () => {
    const [one, other] = [await login('bob@mfa.test'), await login('bob@mfa.test')];
    await call('POST', 'verify-password', { password: PASSWORD }, one);
    expect((await call('POST', 'mfa/setup', undefined, other)).statusCode).toBe(403);
    expect((await call('POST', 'mfa/setup', undefined, one)).statusCode).toBe(200);
    await harness.changeSessions({ tenantId, customerSlug: 'bob' }, { passwordConfirmedAt: new Date(Date.now() - 11 * 60_000) });
    expect((await call('POST', 'mfa/setup', undefined, one)).json().message).toBe('Please confirm your password first.');
  });

  it('counts tries like signing in: the 11th within 15 minutes is a 429, even with the right password', async () => {
    const token = await login('cy@mfa.test'); // signing in took one try of the ten
    const answers = [];
    for (let i = 0; i < 9; i += 1) answers.push((await call('POST', 'verify-password', { password: `wrong-${i}-password` }, token)).statusCode);
    expect(answers.every((status) => status === 422)).toBe(true);
    const blocked = await call('POST', 'verify-password', { password: PASSWORD }, token);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
  });
});
