import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bg } from './test-db';
import { AccessToken } from '@platform/db';
import { OutboxMessage } from '@platform/notifications';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { identityService, Customer, hashPassword } from './index';
import { OneTimeSecret, SignInRecord, signInRecordId } from './models';
import { CustomerKey, customerKeyId } from './keys';
import { delivered, startOutbox } from './test-outbox';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let worker: ReturnType<typeof startOutbox>;
let tenantId: string;
const PASSWORD = 'Correct-Horse-9';
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'business-slug': 'signin-a', ...headers }, payload });

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};
/** The devices an address was told of a new sign-in on, sorted (from the outbox). */
const devicesTold = async (to: string) => ((await bg(() => OutboxMessage.find({ tenantId, to, kind: 'security-notice' }).lean())) as { text: string }[])
  .map((m) => /signed in on (.+?)\. /.exec(m.text)?.[1]).filter(Boolean).sort();

/** The newest message the store sent to this address or phone, read from the outbox (delivered by the real worker). */
const lastMessage = (to: string, after: Date) => delivered(tenantId, to, after);

beforeAll(async () => {
  harness = await createTestApp([identityService], 'signin');
  worker = startOutbox(harness);
  tenantId = (await createTenant('signin-a', { domains: ['shop.signin.test'] })).id;
  const passwordHash = await hashPassword(PASSWORD);
  await Customer.create({ tenantId, slug: 'jane', email: 'jane@signin.test', telephone: '5035550142', firstName: 'Jane', passwordHash });
  await Customer.create({ tenantId, slug: 'sam', email: 'sam@signin.test', telephone: '5035550199', firstName: 'Sam', passwordHash });
  await Customer.create({ tenantId, slug: 'rita', email: 'rita@signin.test', telephone: '5035550177', firstName: 'Rita', passwordHash });
  const other = await createTenant('signin-b');
  await Customer.create({ tenantId: other.id, slug: 'jane', email: 'jane@signin.test', telephone: '5035550142', passwordHash });
});
afterAll(async () => {
  await worker?.close();
  await harness?.close();
});

describe('sign in by phone', () => {
  it('checks whether the phone has an account, texts a 4-digit code, and signs in with it once', async () => {
    expect((await post('check-email-phone-exists', { telephone: '+1 (503) 555-0142' })).json()).toEqual({ status: 'success', exists: true, master_login: false });
    expect((await post('check-email-phone-exists', { telephone: '5035550100' })).json().exists).toBe(false);
    expect((await post('check-email-phone-exists', { telephone: '555-0142' })).json()).toMatchObject({ status: 422, message: 'Please enter a valid phone number.' });

    const sentAt = new Date();
    const sent = await post('send-otp', { telephone: '(503) 555-0142' });
    expect(sent.json()).toEqual({ status: 'success', message: 'We sent a 4-digit code to (503) 555-0142.' });
    const code = /\b(\d{4})\b/.exec((await lastMessage('5035550142', sentAt)).text)![1];
    const stored = await bg(() => OneTimeSecret.findOne({ tenantId, subject: '5035550142' }).lean()) as { secretHash: string };
    expect(stored.secretHash).not.toContain(code);

    expect((await post('login', { phone: '5035550142', code: '' })).json().message).toBe('Please enter your verification code.');
    const res = await post('login', { phone: '5035550142', code, device_id: 'AbCdE12345' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', mfa: false, is_admin: false, data: { customer: { slug: 'jane', first_name: 'Jane' } } });
    const again = await post('verify-otp', { telephone: '5035550142', otp: code });
    expect(again.json()).toMatchObject({ status: 422, message: 'The verification code has expired. Please request a new code.' });
  });

  it('answers an unknown phone the same way and sends nothing', async () => {
    const before = await bg(() => OutboxMessage.countDocuments({ tenantId }));
    expect((await post('send-otp', { telephone: '5035550100' })).json()).toEqual({ status: 'success', message: 'We sent a 4-digit code to (503) 555-0100.' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await bg(() => OutboxMessage.countDocuments({ tenantId }))).toBe(before);
  });

  it('uses a code up after 5 wrong tries, and refuses an expired one', async () => {
    const sentAt = new Date();
    await post('send-otp', { telephone: '5035550199' });
    const code = /\b(\d{4})\b/.exec((await lastMessage('5035550199', sentAt)).text)![1];
    const wrong = code === '0000' ? '1111' : '0000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await post('verify-otp', { telephone: '5035550199', otp: wrong })).json().message);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('The verification code is not correct. Please try again.'));
    expect(answers[4]).toBe('Too many wrong codes. Please request a new code.');
    expect((await post('verify-otp', { telephone: '5035550199', otp: code })).json().message).toBe('Too many wrong codes. Please request a new code.');

    const later = new Date();
    await post('send-otp', { telephone: '5035550177' });
    const fresh = /\b(\d{4})\b/.exec((await lastMessage('5035550177', later)).text)![1];
    await bg(() => OneTimeSecret.updateMany({ tenantId, subject: '5035550177' }, { $set: { expiresAt: new Date(Date.now() - 1000) } }));
    expect((await post('verify-otp', { telephone: '5035550177', otp: fresh })).json().message).toBe('The verification code has expired. Please request a new code.');
  });
});

describe('one-time link and password reset', () => {
  it('e-mails a link to the store\'s own address that signs in once', async () => {
    const sentAt = new Date();
    const sent = await post('send-magic-link', { email: 'Jane@Signin.test' }, { host: 'shop.signin.test' });
    expect(sent.json().status).toBe('success');
    const mail = await lastMessage('jane@signin.test', sentAt);
    const link = new URL(/(http\S+)/.exec(mail.text)![1]);
    expect(`${link.origin}${link.pathname}`).toBe('http://shop.signin.test/magic-link-redirect');
    const payload = { email: link.searchParams.get('email')!, magicLinkToken: link.searchParams.get('token')!, device_id: 'AbCdE12345' };
    expect((await post('use-magic-link', payload)).json()).toMatchObject({ status: 'success', data: { customer: { slug: 'jane' } } });
    const reused = await post('use-magic-link', payload);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('This sign-in link is not valid any more. Please ask for a new one.');
    expect((await post('send-magic-link', { email: 'nope' })).json()).toMatchObject({ status: 422, message: 'Please provide a valid email address.' });
  });

  it("never puts a forged Origin or Host into the link: someone else's site would receive the sign-in token", async () => {
    const linkSent = async (headers: Record<string, string>) => {
      const sentAt = new Date();
      expect((await post('send-magic-link', { email: 'sam@signin.test' }, headers)).json().status).toBe('success');
      return new URL(/(http\S+)/.exec((await lastMessage('sam@signin.test', sentAt)).text)![1]).origin;
    };
    expect(await linkSent({ host: 'shop.signin.test', origin: 'https://evil.test' })).toBe('http://shop.signin.test');
    expect(await linkSent({ host: 'evil.test' })).toBe('https://shop.signin.test'); // the store's own domain
    expect(await linkSent({ host: 'shop.signin.test', origin: 'https://shop.signin.test' })).toBe('https://shop.signin.test');
  });

  it('resets the password with the e-mailed code, ends the old sessions, and refuses the code twice', async () => {
    const old = (await post('login', { email: 'rita@signin.test', password: PASSWORD })).json().access_token;
    expect((await post('forget-password', { email: 'bad' })).json()).toMatchObject({ status: 422, message: 'Please provide a valid email address.' });
    const sentAt = new Date();
    expect((await post('forget-password', { email: 'rita@signin.test' })).json().status).toBe('success');
    const code = /\b(\d{6})\b/.exec((await lastMessage('rita@signin.test', sentAt)).text)![1];
    const mismatch = await post('reset-password', { email: 'rita@signin.test', code, password: 'New-Password-1', password_confirmation: 'New-Password-2' });
    expect(mismatch.json()).toMatchObject({ status: 422, message: "Password doesn't match", errors: { password_confirmation: ["Password doesn't match"] } });
    const resetAt = new Date();
    const done = await post('reset-password', { email: 'rita@signin.test', code, password: 'New-Password-1', password_confirmation: 'New-Password-1' });
    expect(done.json()).toEqual({ status: 'success', message: 'Your password has been reset. Please sign in.' });
    expect((await lastMessage('rita@signin.test', resetAt)).subject).toBe('Your signin-a store password was changed');
    expect((await post('reset-password', { email: 'rita@signin.test', code, password: 'Other-Pass-3', password_confirmation: 'Other-Pass-3' })).statusCode).toBe(422);
    expect((await post('login', { email: 'rita@signin.test', password: PASSWORD })).statusCode).toBe(422);
    expect((await post('login', { email: 'rita@signin.test', password: 'New-Password-1' })).statusCode).toBe(200);
    expect((await post('login-by-token', { token: old })).statusCode).toBe(401);
  });
});

describe('sessions and limits', () => {
  it("keeps a session 30 days with 'Keep me signed in' and a day without it", async () => {
    for (const [remember, days] of [[true, 30], [false, 1]] as const) {
      const token = (await post('login', { email: 'sam@signin.test', password: PASSWORD, remember })).json().access_token;
      const row = await bg(() => AccessToken.findOne({ tenantId, customerSlug: 'sam' }).sort({ expiresAt: remember ? -1 : 1 }).lean()) as { expiresAt: Date };
      expect(Math.round((row.expiresAt.getTime() - Date.now()) / 86400_000)).toBe(days);
      expect((await post('login-by-token', { token })).json()).toMatchObject({ access_token: token, data: { customer: { slug: 'sam' } } });
    }
  });

  it('slides while used: past half its life a request renews the session for a whole one; an idle one still ends', async () => {
    const token = (await post('login', { email: 'sam@signin.test', password: PASSWORD, remember: true })).json().access_token as string;
    const row = () => bg(() => AccessToken.findOne({ tenantId, customerSlug: 'sam' }).sort({ createdAt: -1 }).lean()) as Promise<{ expiresAt: Date }>;
    const details = () => harness.app.inject({ url: '/api/get-customer-details', headers: { 'business-slug': 'signin-a', authorization: `Bearer ${token}` } });
    const daysLeft = async () => Math.round(((await row()).expiresAt.getTime() - Date.now()) / 86400_000);

    await harness.changeSessions({ tenantId, customerSlug: 'sam' }, { expiresAt: new Date(Date.now() + 20 * 86400_000) });
    expect((await details()).statusCode).toBe(200);
    expect(await daysLeft()).toBe(20); // more than half left: unchanged

    await harness.changeSessions({ tenantId, customerSlug: 'sam' }, { expiresAt: new Date(Date.now() + 3 * 86400_000) });
    expect((await details()).statusCode).toBe(200);
    expect(await daysLeft()).toBe(30); // used with 3 days left: renewed

    await harness.changeSessions({ tenantId, customerSlug: 'sam' }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await details()).statusCode).toBe(401); // not used in time: over
    expect((await row()).expiresAt.getTime()).toBeLessThan(Date.now());
  });

  it('e-mails the holder a sign-in on a kind of device the account has not used, not a browser update or the first sign-in', async () => {
    const chrome = (version: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
    await Customer.create({ tenantId, slug: 'nina', email: 'nina@signin.test', firstName: 'Nina', passwordHash: await hashPassword(PASSWORD) });
    const signInOn = (userAgent: string) => post('login', { email: 'nina@signin.test', password: PASSWORD }, { 'user-agent': userAgent });
    const notices = () => bg(() => OutboxMessage.find({ tenantId, to: 'nina@signin.test', kind: 'security-notice' }).lean()) as Promise<{ subject: string; text: string }[]>;
    const since = new Date();
    expect((await signInOn(chrome(131))).statusCode).toBe(200); // the first ever
    expect((await signInOn(chrome(132))).statusCode).toBe(200); // the same browser, updated
    const iphone = await signInOn('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1');
    expect(iphone.statusCode).toBe(200);
    const notice = await delivered(tenantId, 'nina@signin.test', since, 'New sign-in to your signin-a store account');
    expect(notice.text).toContain('was just signed in on Safari on iPhone');
    expect((await signInOn(chrome(133))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await notices()).toHaveLength(1);
  });

  it('records the sign-in once answered (when, and the kind of device), and keeps a change made right after it', async () => {
    const created = await Customer.create({ tenantId, slug: 'olga', email: 'olga@signin.test', firstName: 'Olga', passwordHash: await hashPassword(PASSWORD) });
    const before = Date.now();
    const res = await post('login', { email: 'olga@signin.test', password: PASSWORD }, { 'user-agent': UA.firefox });
    expect(res.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${res.json().access_token}` };
    expect((await post('customer/name', { first_name: 'Olga-Marie', last_name: 'Right-After' }, bearer)).statusCode).toBe(200);
    const record = () => bg(() => SignInRecord.findOne({ tenantId, _id: signInRecordId(tenantId, created._id) }).lean()) as Promise<{ lastSignInAt: Date; knownDevices: string[] } | null>;
    await expect.poll(async () => (await record())?.lastSignInAt.getTime() ?? 0).toBeGreaterThanOrEqual(before);
    expect((await record())!.knownDevices).toEqual(['Firefox on Mac']);
    const details = await harness.app.inject({ url: '/api/get-customer-details', headers: { 'business-slug': 'signin-a', ...bearer } });
    expect(details.json().data).toMatchObject({ first_name: 'Olga-Marie', last_name: 'Right-After' });
  });

  it('tells the holder once when two sign-ins on one new kind of device come at once', async () => {
    await Customer.create({ tenantId, slug: 'otto', email: 'otto@signin.test', firstName: 'Otto', passwordHash: await hashPassword(PASSWORD) });
    const signInOn = (userAgent: string) => post('login', { email: 'otto@signin.test', password: PASSWORD }, { 'user-agent': userAgent });
    expect((await signInOn(UA.chrome)).statusCode).toBe(200);
    expect((await Promise.all([signInOn(UA.iphone), signInOn(UA.iphone)])).map((r) => r.statusCode)).toEqual([200, 200]);
    // A later new device's notice: notices are delivered in the order they were queued, so the iPhone's are in by then.
    expect((await signInOn(UA.firefox)).statusCode).toBe(200);
    await expect.poll(() => devicesTold('otto@signin.test'), { timeout: 10_000 }).toEqual(['Firefox on Mac', 'Safari on iPhone']);
  });

  it('tells of new devices, and not of known ones, after Redis lost the list: the account keeps a copy', async () => {
    const hugo = await Customer.create({ tenantId, slug: 'hugo', email: 'hugo@signin.test', firstName: 'Hugo', passwordHash: await hashPassword(PASSWORD) });
    const signInOn = (userAgent: string) => post('login', { email: 'hugo@signin.test', password: PASSWORD }, { 'user-agent': userAgent });
    expect((await signInOn(UA.chrome)).statusCode).toBe(200);
    expect((await signInOn(UA.iphone)).statusCode).toBe(200);
    await expect.poll(async () => ((await bg(() => SignInRecord.findOne({ tenantId, _id: signInRecordId(tenantId, hugo._id) }).lean())) as { knownDevices: string[] } | null)?.knownDevices)
      .toEqual(['Chrome on Windows', 'Safari on iPhone']);
    await harness.resources.redis.del(`${harness.resources.queuePrefix}:known-devices:${tenantId}:hugo`);
    expect((await signInOn(UA.firefox)).statusCode).toBe(200); // new: told, though Redis had no list
    expect((await signInOn(UA.iphone)).statusCode).toBe(200); // known from the copy: not told
    expect((await signInOn(UA.android)).statusCode).toBe(200);
    await expect.poll(() => devicesTold('hugo@signin.test'), { timeout: 10_000 }).toEqual(['Chrome on Android', 'Firefox on Mac', 'Safari on iPhone']);
  });

  it("lists a sign-in's session by its answer, and a wrong password's never", async () => {
    await Customer.create({ tenantId, slug: 'ines', email: 'ines@signin.test', firstName: 'Ines', passwordHash: await hashPassword(PASSWORD) });
    const token = (await post('login', { email: 'ines@signin.test', password: PASSWORD }, { 'user-agent': UA.firefox })).json().access_token as string;
    const sessions = async () => (await harness.app.inject({ url: '/api/customer/sessions', headers: { 'business-slug': 'signin-a', authorization: `Bearer ${token}` } })).json().data as { device: string; current: boolean }[];
    expect(await sessions()).toEqual([expect.objectContaining({ device: 'Firefox on Mac', current: true })]);
    expect((await Promise.all([1, 2].map(() => post('login', { email: 'ines@signin.test', password: 'not-the-password' }, { 'user-agent': UA.iphone })))).map((r) => r.statusCode)).toEqual([422, 422]);
    expect((await post('login', { email: 'ines@signin.test', password: PASSWORD }, { 'user-agent': UA.chrome })).statusCode).toBe(200);
    expect((await sessions()).map((s) => s.device).sort()).toEqual(['Chrome on Windows', 'Firefox on Mac']);
  });

  it("notes an account's first sign-in by its answer: a later sign-in after Redis lost the list still ends the first session elsewhere", async () => {
    const created = await Customer.create({ tenantId, slug: 'fritz', email: 'fritz@signin.test', firstName: 'Fritz', passwordHash: await hashPassword(PASSWORD) });
    const first = (await post('login', { email: 'fritz@signin.test', password: PASSWORD }, { 'user-agent': UA.chrome })).json().access_token as string;
    const record = (await bg(() => SignInRecord.findOne({ tenantId, _id: signInRecordId(tenantId, created._id) }).lean())) as { lastSignInAt: Date } | null;
    expect(record?.lastSignInAt).toBeInstanceOf(Date);
    await harness.resources.redis.del(`${harness.resources.queuePrefix}:sessions:${tenantId}:fritz`);
    const second = (await post('login', { email: 'fritz@signin.test', password: PASSWORD }, { 'user-agent': UA.chrome })).json().access_token as string;
    expect((await post('customer/logout-others', {}, { authorization: `Bearer ${second}` })).json().message).toBe('Signed out on 1 other device.');
    expect((await post('login-by-token', { token: first })).statusCode).toBe(401);
  });

  it('records when a session was last used, to the hour, without writing on every request', async () => {
    const token = (await post('login', { email: 'sam@signin.test', password: PASSWORD })).json().access_token as string;
    const lastUsed = async () => ((await bg(() => AccessToken.findOne({ tenantId, customerSlug: 'sam' }).sort({ createdAt: -1 }).lean())) as { lastUsedAt: Date }).lastUsedAt.getTime();
    const use = () => harness.app.inject({ url: '/api/get-customer-details', headers: { 'business-slug': 'signin-a', authorization: `Bearer ${token}` } });
    const fortyMinutesAgo = new Date(Date.now() - 40 * 60_000);
    await harness.changeSessions({ tenantId, customerSlug: 'sam' }, { lastUsedAt: fortyMinutesAgo });
    await use();
    expect(await lastUsed()).toBe(fortyMinutesAgo.getTime()); // within the hour: left as it was
    await harness.changeSessions({ tenantId, customerSlug: 'sam' }, { lastUsedAt: new Date(Date.now() - 2 * 3_600_000) });
    await use();
    expect(Date.now() - await lastUsed()).toBeLessThan(60_000);
  });

  it('limits sends per phone or e-mail: the sixth within 15 minutes is a 429 that says when to try again', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await post('forget-password', { email: 'limits@signin.test' }));
    expect(answers.slice(0, 5).every((r) => r.statusCode === 200)).toBe(true);
    expect(answers[5].statusCode).toBe(429);
    expect(answers[5].json().message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    // Another address is not held back by it.
    expect((await post('forget-password', { email: 'other@signin.test' })).statusCode).toBe(200);
  });

  it('limits sign-in attempts per e-mail, wrong passwords included', async () => {
    await Customer.create({ tenantId, slug: 'lou', email: 'lou@signin.test', passwordHash: await hashPassword(PASSWORD) });
    const codes = [];
    for (let i = 0; i < 11; i += 1) codes.push((await post('login', { email: 'lou@signin.test', password: 'wrong-password' })).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(codes[10]).toBe(429);
    expect((await post('login', { email: 'lou@signin.test', password: PASSWORD })).statusCode).toBe(429);
    // Another e-mail, and the same e-mail at another store, have their own counts.
    expect((await post('login', { email: 'jane@signin.test', password: PASSWORD })).statusCode).toBe(200);
    await Customer.create({ tenantId: (await createTenant('signin-c')).id, slug: 'lou', email: 'lou@signin.test', passwordHash: await hashPassword(PASSWORD) });
    expect((await post('login', { email: 'lou@signin.test', password: PASSWORD }, { 'business-slug': 'signin-c' })).statusCode).toBe(200);
  });
});

describe("password sign-in from the e-mail key's copy of the password hash", () => {
  const copyOf = async (email: string) => ((await bg(() => CustomerKey.findOne({ tenantId, _id: customerKeyId(tenantId, 'email', email) }).lean())) as { passwordHash?: string } | null)?.passwordHash;
  const hashOf = async (slug: string) => ((await bg(() => Customer.findOne({ tenantId, slug }).lean())) as { passwordHash: string }).passwordHash;
  const setCopy = (email: string, update: object) => bg(() => CustomerKey.updateOne({ tenantId, _id: customerKeyId(tenantId, 'email', email) }, update));
  const login = (email: string, password: string) => post('login', { email, password });
  const signedIn = (token: string) => ({ authorization: `Bearer ${token}` });

  it('keeps the copy with the account through a password and an e-mail change: the old password and e-mail stop signing in at once', async () => {
    await Customer.create({ tenantId, slug: 'cora', email: 'cora@signin.test', firstName: 'Cora', passwordHash: await hashPassword(PASSWORD) });
    expect(await copyOf('cora@signin.test')).toBe(await hashOf('cora'));
    const token = (await login('cora@signin.test', PASSWORD)).json().access_token;
    const changed = await post('customer/password', { current_password: PASSWORD, password: 'Cora-New-Pass-2', password_confirmation: 'Cora-New-Pass-2' }, signedIn(token));
    expect(changed.json().status).toBe('success');
    expect(await copyOf('cora@signin.test')).toBe(await hashOf('cora'));
    expect((await login('cora@signin.test', PASSWORD)).statusCode).toBe(422);
    expect((await login('cora@signin.test', 'Cora-New-Pass-2')).statusCode).toBe(200);

    expect((await post('customer/email', { email: 'cora.b@signin.test', password: 'Cora-New-Pass-2' }, signedIn(token))).json().data.email).toBe('cora.b@signin.test');
    expect(await copyOf('cora.b@signin.test')).toBe(await hashOf('cora'));
    expect(await copyOf('cora@signin.test')).toBeUndefined();
    expect((await login('cora@signin.test', 'Cora-New-Pass-2')).statusCode).toBe(422);
    expect((await login('cora.b@signin.test', 'Cora-New-Pass-2')).json().data.customer.slug).toBe('cora');
  });

  it('never lets an old password in through a stale copy (the account decides), and brings a stale or missing copy up to date', async () => {
    const oldHash = await hashPassword(PASSWORD);
    await Customer.create({ tenantId, slug: 'dora', email: 'dora@signin.test', firstName: 'Dora', passwordHash: await hashPassword('Dora-New-Pass-2') });
    // As if the copy's write after a password change were lost: the key still holds the old password's hash.
    await setCopy('dora@signin.test', { $set: { passwordHash: oldHash } });
    expect((await login('dora@signin.test', PASSWORD)).json()).toMatchObject({ status: 422, message: 'These credentials do not match our records.' });
    await vi.waitFor(async () => expect(await copyOf('dora@signin.test')).toBe(await hashOf('dora')), { timeout: 5000 });
    await setCopy('dora@signin.test', { $set: { passwordHash: oldHash } });
    expect((await login('dora@signin.test', 'Dora-New-Pass-2')).json().data.customer.slug).toBe('dora');
    await vi.waitFor(async () => expect(await copyOf('dora@signin.test')).toBe(await hashOf('dora')), { timeout: 5000 });
    expect((await login('dora@signin.test', PASSWORD)).statusCode).toBe(422);

    // A key claimed before keys carried the copy: the sign-in reads the account first, and writes the copy.
    await setCopy('dora@signin.test', { $unset: { passwordHash: 1 } });
    expect((await login('dora@signin.test', PASSWORD)).statusCode).toBe(422);
    expect((await login('dora@signin.test', 'Dora-New-Pass-2')).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await copyOf('dora@signin.test')).toBe(await hashOf('dora')), { timeout: 5000 });
  });
});
