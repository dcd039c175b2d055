import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bg } from './test-db';
import { Location, queryGuardOn } from '@platform/db';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { StoreProfile } from '@platform/tenant-settings';
import { identityService, Customer, CustomerKey, hashPassword } from './index';
import { STORE_ACCOUNT_NOT_DELETED } from './account';
import { CardCustomer } from './cards';
import { customerKeyId } from './keys';
import { sealSecret } from '@platform/server-kit';
import { delivered, startOutbox } from './test-outbox';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let worker: ReturnType<typeof startOutbox>;
let tenantId: string;
const post = (url: string, payload: object, token?: string) =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'business-slug': 'acct-a', ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload });
const member = {
  first_name: 'Jane', last_name: 'Doe', telephone: '(503) 555-0142', email: 'Jane@Acct.test', password: 'Secret-Pass-1', c_password: 'Secret-Pass-1',
  account_number: 'C-1001', custom_info: { company_name: 'Doe Builders', trade: 'roofing' },
};

beforeAll(async () => {
  harness = await createTestApp([identityService], 'account');
  worker = startOutbox(harness);
  tenantId = (await createTenant('acct-a')).id;
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_acct', secret_key: sealSecret('sk_test_acct') } }, settings: { custom_fields: { signup: [
    { name: 'company_name', label: 'Company Name', type: 'text', required: true },
    { name: 'trade', label: 'Trade', type: 'select', required: false, options: [{ value: 'roofing', text: 'Roofing' }, { value: 'plumbing', text: 'Plumbing' }] },
  ] } } });
  await createTenant('acct-b');
});
afterAll(async () => { await worker?.close(); await harness?.close(); });

describe('POST /api/signup', () => {
  it("registers a customer with the store's custom fields, who can then sign in", async () => {
    const res = await post('signup', member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Thank you for registering!' });
    const saved = await bg(() => Customer.findOne({ tenantId, email: 'jane@acct.test' }).lean()) as Record<string, unknown>;
    // Marketing is left unset when the form did not ask (spec 2 §3 'receive_marketing (default unset)').
    expect(saved).toMatchObject({ telephone: '5035550142', accountNumber: 'C-1001', receiveSms: true, receiveMarketing: null, customInfo: { company_name: 'Doe Builders', trade: 'roofing' } });
    expect(String(saved.passwordHash)).toMatch(/^scrypt\$/);
    expect((await post('login', { email: 'jane@acct.test', password: 'Secret-Pass-1' })).statusCode).toBe(200);
  });

  it('answers every field problem under its name, and duplicates with a message to log in', async () => {
    const res = await post('signup', { ...member, first_name: ' ', telephone: '555', email: 'x@y', c_password: 'other', custom_info: { trade: 'welding' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: ['Please enter your first name.'], telephone: ['Please enter a valid phone number.'], email: ['Please enter a valid email address.'],
      c_password: ["Password doesn't match"], 'custom_info.company_name': ['Please fill in Company Name.'], 'custom_info.trade': ['Please choose one of the options for Trade.'],
    });
    const duplicate = await post('signup', { ...member, email: 'JANE@acct.test', telephone: '5035550142' });
    expect(duplicate.json().errors).toEqual({
      email: ['An account with this e-mail already exists. Please log into your account.'],
      telephone: ['An account with this phone number already exists. Please log into your account.'],
    });
    // Another store knows nothing of her.
    const elsewhere = await harness.app.inject({ method: 'POST', url: '/api/signup', headers: { 'business-slug': 'acct-b' }, payload: { ...member, custom_info: {} } });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses a password at the top of the leaked lists, and makes no account', async () => {
    const res = await post('signup', { ...member, email: 'common@acct.test', telephone: '5035550177', password: 'Password1!', c_password: 'Password1!' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: ['This password is too easy to guess. Please choose a less common one.'] });
    expect(await bg(() => Customer.exists({ tenantId, email: 'common@acct.test' }))).toBeNull();
  });
});

describe('the account', () => {
  let token: string;
  beforeAll(async () => { token = (await post('login', { email: 'jane@acct.test', password: 'Secret-Pass-1' })).json().access_token; });

  it('shows the customer their own details, never the password', async () => {
    const res = await harness.app.inject({ url: `/api/get-customer-details?access_token=${token}`, headers: { 'business-slug': 'acct-a', authorization: `Bearer ${token}` } });
    expect(res.json().data).toEqual({
      slug: expect.stringMatching(/^jane-doe-/), first_name: 'Jane', last_name: 'Doe', email: 'jane@acct.test', telephone: '5035550142',
      receive_marketing: null, receive_sms: true, account_number: 'C-1001', custom_info: { company_name: 'Doe Builders', trade: 'roofing' }, store_id: null,
    });
    expect(res.body).not.toContain('scrypt');
    expect((await harness.app.inject({ url: '/api/get-customer-details', headers: { 'business-slug': 'acct-a' } })).statusCode).toBe(401);
  });

  it('changes the name, the marketing switch, the e-mail (with the password) and the password (other sessions end)', async () => {
    expect((await post('customer/name', { first_name: 'Janet', last_name: '' }, token)).json().errors).toEqual({ last_name: ['Please enter your last name.'] });
    expect((await post('customer/name', { first_name: 'Janet', last_name: 'Doe' }, token)).json().data.first_name).toBe('Janet');
    expect((await post('customer/set-marketing', { receive_marketing: 1 }, token)).json()).toMatchObject({ message: 'You will receive marketing e-mails.', data: { receive_marketing: true } });
    expect((await post('customer/email', { email: 'janet@acct.test', password: 'nope' }, token)).json().message).toBe('The password is not correct.');
    expect((await post('customer/email', { email: 'janet@acct.test', password: 'Secret-Pass-1' }, token)).json().data.email).toBe('janet@acct.test');

    const other = (await post('login', { email: 'janet@acct.test', password: 'Secret-Pass-1' })).json().access_token;
    expect((await post('customer/password', { current_password: 'wrong', password: 'Brand-New-2', password_confirmation: 'Brand-New-2' }, token)).json().message).toBe('The current password is not correct.');
    expect((await post('customer/password', { current_password: 'Secret-Pass-1', password: 'Brand-New-2', password_confirmation: 'Brand-New-3' }, token)).json().message).toBe("Password doesn't match");
    expect((await post('customer/password', { current_password: 'Secret-Pass-1', password: 'Brand-New-2', password_confirmation: 'Brand-New-2' }, token)).json().status).toBe('success');
    expect((await post('login-by-token', { token })).statusCode).toBe(200);
    expect((await post('login-by-token', { token: other })).statusCode).toBe(401);
    expect((await post('login', { email: 'janet@acct.test', password: 'Brand-New-2' })).statusCode).toBe(200);
  });

  it('counts wrong current passwords like sign-in tries: a borrowed session cannot guess it (429 after 10 in 15 minutes)', async () => {
    await post('signup', { ...member, email: 'kim@acct.test', telephone: '(503) 555-0188' });
    const kim = (await post('login', { email: 'kim@acct.test', password: 'Secret-Pass-1' })).json().access_token; // one try of ten
    const tries = [];
    for (let i = 0; i < 9; i += 1) {
      tries.push((await post(i % 2 ? 'customer/email' : 'customer/password', i % 2 ? { email: 'x@acct.test', password: `guess-${i}` } : { current_password: `guess-${i}`, password: 'Brand-New-4', password_confirmation: 'Brand-New-4' }, kim)).statusCode);
    }
    expect(tries).toEqual(Array(9).fill(422));
    const right = await post('customer/password', { current_password: 'Secret-Pass-1', password: 'Brand-New-4', password_confirmation: 'Brand-New-4' }, kim);
    expect(right.statusCode).toBe(429);
    expect((await post('login', { email: 'kim@acct.test', password: 'Brand-New-4' })).statusCode).toBe(429);
  });

  it('tells the holder by e-mail when the e-mail (the old address) or the password changes', async () => {
    await post('signup', { ...member, email: 'lee@acct.test', telephone: '(503) 555-0166' });
    const lee = (await post('login', { email: 'lee@acct.test', password: 'Secret-Pass-1' })).json().access_token;
    const since = new Date();
    const mailTo = async (to: string, subject: string) => (await delivered(tenantId, to, since, subject)).text;
    await post('customer/email', { email: 'lee.new@acct.test', password: 'Secret-Pass-1' }, lee);
    expect(await mailTo('lee@acct.test', 'Your acct-a store e-mail address was changed')).toContain('was changed to lee.new@acct.test');
    await post('customer/password', { current_password: 'Secret-Pass-1', password: 'Brand-New-5', password_confirmation: 'Brand-New-5' }, lee);
    expect(await mailTo('lee.new@acct.test', 'Your acct-a store password was changed')).toContain('If you did not change it');
  });

  it('changes the mobile number only with the code texted to the new one; the old number stops signing in', async () => {
    await post('signup', { ...member, email: 'max@acct.test', telephone: '(503) 555-0121' });
    const max = (await post('login', { email: 'max@acct.test', password: 'Secret-Pass-1' })).json().access_token;
    const refusal = async (telephone: string) => (await post('customer/phone/send-code', { telephone }, max)).json();
    expect(await refusal('555')).toMatchObject({ status: 422, errors: { telephone: ['Please enter a valid phone number.'] } });
    expect(await refusal('503 555 0121')).toMatchObject({ status: 422, errors: { telephone: ['This is already your mobile number.'] } });
    expect(await refusal('(503) 555-0142')).toMatchObject({ status: 422, errors: { telephone: ['An account with this phone number already exists.'] } }); // Jane's
    expect((await post('customer/phone/send-code', { telephone: '5035550122' })).statusCode).toBe(401);

    const since = new Date();
    expect((await post('customer/phone/send-code', { telephone: '+1 503 555 0122' }, max)).json()).toEqual({ status: 'success', message: 'We sent a 4-digit code to (503) 555-0122.' });
    const code = /\b(\d{4})\b/.exec((await delivered(tenantId, '5035550122', since)).text)![1];
    const wrong = code === '0000' ? '0001' : '0000';
    expect((await post('customer/phone', { telephone: '5035550122', code: wrong }, max)).json()).toMatchObject({ status: 422, errors: { code: ['The verification code is not correct. Please try again.'] } });
    // The code is for that number only.
    expect((await post('customer/phone', { telephone: '5035550123', code }, max)).json().message).toBe('The verification code has expired. Please request a new code.');
    expect((await bg(() => Customer.findOne({ tenantId, email: 'max@acct.test' }).lean()) as { telephone: string }).telephone).toBe('5035550121');

    const done = (await post('customer/phone', { telephone: '5035550122', code }, max)).json();
    expect(done).toMatchObject({ status: 'success', message: 'Your mobile number has been updated.', data: { telephone: '5035550122' } });
    expect((await post('customer/phone', { telephone: '5035550122', code }, max)).statusCode).toBe(422); // once
    expect((await post('check-email-phone-exists', { telephone: '5035550121' })).json().exists).toBe(false);
    expect((await post('check-email-phone-exists', { telephone: '5035550122' })).json().exists).toBe(true);
    expect((await delivered(tenantId, 'max@acct.test', since, 'Your acct-a store mobile number was changed')).text).toContain('was changed to (503) 555-0122');
  });

  it('finds an e-mail given up on the account that takes it next, though it was looked up and signed in with before', async () => {
    await post('signup', { ...member, first_name: 'Ana', email: 'ana@acct.test', telephone: '(503) 555-0197' });
    expect((await post('check-email-phone-exists', { email: 'ana@acct.test' })).json().exists).toBe(true);
    const ana = (await post('login', { email: 'ana@acct.test', password: 'Secret-Pass-1' })).json();
    expect(ana.data.customer.first_name).toBe('Ana');
    await post('customer/email', { email: 'ana.new@acct.test', password: 'Secret-Pass-1' }, ana.access_token);
    expect((await post('check-email-phone-exists', { email: 'ana@acct.test' })).json().exists).toBe(false);
    expect((await post('login', { email: 'ana@acct.test', password: 'Secret-Pass-1' })).statusCode).toBe(422);

    expect((await post('signup', { ...member, first_name: 'Bo', email: 'ana@acct.test', telephone: '(503) 555-0198', password: 'Other-Pass-2', c_password: 'Other-Pass-2' })).statusCode).toBe(200);
    expect((await post('check-email-phone-exists', { email: 'ana@acct.test' })).json().exists).toBe(true);
    const bo = (await post('login', { email: 'ana@acct.test', password: 'Other-Pass-2' })).json();
    expect(bo.data.customer.first_name).toBe('Bo');
    expect((await post('login', { email: 'ana.new@acct.test', password: 'Secret-Pass-1' })).json().data.customer.first_name).toBe('Ana');
  });

  it('switches the order texts off and on', async () => {
    expect((await post('customer/set-sms', { receive_sms: 0 }, token)).json()).toMatchObject({ message: 'We will no longer text you about your orders.', data: { receive_sms: false } });
    expect((await post('customer/set-sms', { receive_sms: 1 }, token)).json()).toMatchObject({ message: 'We will text you about your orders.', data: { receive_sms: true } });
    expect((await post('customer/set-sms', { receive_sms: 2 }, token)).statusCode).toBe(400);
  });

  it('deletes a shopper\'s own account with the password: details, cards and every session go, and the rest is queued', async () => {
    await post('signup', { ...member, email: 'zoe@acct.test', telephone: '(503) 555-0133' });
    const zoe = (await post('login', { email: 'zoe@acct.test', password: 'Secret-Pass-1' })).json().access_token;
    const other = (await post('login', { email: 'zoe@acct.test', password: 'Secret-Pass-1' })).json().access_token;
    expect((await post('customer-cards/add', { newSource: 'tok_visa' }, zoe)).statusCode).toBe(200);
    const slug = (await bg(() => Customer.findOne({ tenantId, email: 'zoe@acct.test' }).lean()) as { slug: string }).slug;
    expect((await post('check-email-phone-exists', { email: 'zoe@acct.test' })).json().exists).toBe(true);

    const wrong = await post('customer/delete', { password: 'not-my-password' }, zoe);
    expect(wrong.json()).toMatchObject({ status: 422, errors: { password: ['The password is not correct.'] } });
    expect(await bg(() => Customer.exists({ tenantId, slug }))).toBeTruthy();
    expect((await post('customer/delete', { password: 'Secret-Pass-1' })).statusCode).toBe(401);

    const since = new Date();
    expect((await post('customer/delete', { password: 'Secret-Pass-1' }, zoe)).json()).toEqual({ status: 'success', message: 'Your account has been deleted.' });
    expect(await bg(() => Customer.exists({ tenantId, slug }))).toBeFalsy();
    expect(await bg(() => CardCustomer.countDocuments({ tenantId, customerSlug: slug }))).toBe(0);
    expect((await post('login-by-token', { token: other })).statusCode).toBe(401);
    expect((await post('login', { email: 'zoe@acct.test', password: 'Secret-Pass-1' })).statusCode).toBe(422);
    expect((await post('check-email-phone-exists', { telephone: '5035550133' })).json().exists).toBe(false);
    // Looked up (and signed in with) before: the copy of its holder kept in Redis went with the account.
    expect((await post('check-email-phone-exists', { email: 'zoe@acct.test' })).json().exists).toBe(false);
    const closed = await harness.resources.queues.accountsClosed.getJobs(['waiting', 'delayed', 'active', 'completed']);
    // The job names the account by slug and id, and its e-mail only by a hash (jobs stay a while in Redis).
    expect(closed.map((job) => job.data)).toContainEqual({ tenantId, customerSlug: slug, customerId: expect.any(String), emailHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(closed.map((job) => job.data))).not.toContain('@');
    expect((await delivered(tenantId, 'zoe@acct.test', since, 'Your acct-a store account was deleted')).text).toContain('saved cards and saved carts');
    // The e-mail and phone are free again.
    expect((await post('signup', { ...member, email: 'zoe@acct.test', telephone: '(503) 555-0133' })).statusCode).toBe(200);
  });

  it('signs out every other session on request, keeping this one', async () => {
    await post('signup', { ...member, email: 'ola@acct.test', telephone: '(503) 555-0144' });
    const sessions: string[] = [];
    for (let i = 0; i < 3; i += 1) sessions.push((await post('login', { email: 'ola@acct.test', password: 'Secret-Pass-1' })).json().access_token);
    expect((await post('customer/logout-others', {}, sessions[0])).json()).toEqual({ status: 'success', message: 'Signed out on 2 other devices.' });
    expect((await post('login-by-token', { token: sessions[1] })).statusCode).toBe(401);
    expect((await post('login-by-token', { token: sessions[2] })).statusCode).toBe(401);
    expect((await post('login-by-token', { token: sessions[0] })).statusCode).toBe(200);
    expect((await post('customer/logout-others', {}, sessions[0])).json().message).toBe('You were not signed in anywhere else.');
    expect((await post('customer/logout-others', {})).statusCode).toBe(401);
  });

  it('lists where the account is signed in, named by browser, and signs out on one chosen device', async () => {
    await post('signup', { ...member, email: 'lee@acct.test', telephone: '(503) 555-0145' });
    const signInWith = async (userAgent: string) => (await harness.app.inject({
      method: 'POST', url: '/api/login', headers: { 'business-slug': 'acct-a', 'user-agent': userAgent }, payload: { email: 'lee@acct.test', password: 'Secret-Pass-1' },
    })).json().access_token as string;
    const laptop = await signInWith('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
    const phone = await signInWith('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1');
    const list = async (token?: string) => harness.app.inject({ url: '/api/customer/sessions', headers: { 'business-slug': 'acct-a', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    const seen = (await list(laptop)).json().data as { id: string; device: string; current: boolean; signed_in_at: string; last_used_at: string }[];
    expect(seen.map((x) => [x.device, x.current])).toEqual([['Chrome on Windows', true], ['Safari on iPhone', false]]);
    expect(JSON.stringify(seen)).not.toContain(laptop);
    // This device ends with Log out; someone else's session is not found; nothing changed by either.
    expect((await post('customer/sessions/end', { id: seen[0].id }, laptop)).json()).toEqual({ status: 422, message: 'This is the device you are using: use Log out to sign out here.' });
    expect((await post('customer/sessions/end', { id: seen[1].id }, token)).json()).toEqual({ status: 404, message: 'This session was not found. It may have ended already.' });
    expect((await post('customer/sessions/end', { id: 'not-an-id' }, laptop)).statusCode).toBe(404);
    expect((await post('login-by-token', { token: phone })).statusCode).toBe(200);
    expect((await post('customer/sessions/end', { id: seen[1].id }, laptop)).json()).toEqual({ status: 'success', message: 'Signed out on Safari on iPhone.' });
    expect((await post('login-by-token', { token: phone })).statusCode).toBe(401);
    expect((await list(laptop)).json().data.map((x: { device: string }) => x.device)).toEqual(['Chrome on Windows']);
    expect((await post('customer/sessions/end', { id: seen[1].id }, laptop)).statusCode).toBe(404);
    expect((await list()).statusCode).toBe(401);
  });

  it('does not delete a store account from here', async () => {
    await Customer.create({ tenantId, slug: 'acct-owner', email: 'owner@acct.test', passwordHash: await hashPassword('Owner-Pass-1'), isAdmin: true });
    const owner = (await post('login', { email: 'owner@acct.test', password: 'Owner-Pass-1' })).json().access_token;
    expect((await post('customer/delete', { password: 'Owner-Pass-1' }, owner)).json()).toEqual({ status: 403, message: STORE_ACCOUNT_NOT_DELETED });
    expect(await bg(() => Customer.exists({ tenantId, slug: 'acct-owner' }))).toBeTruthy();
  });

  it("keeps the store the customer chose on the account, and refuses another business's store", async () => {
    await Location.create({ tenantId, locationId: 2, name: 'North', address: '2 Main St' });
    expect((await post('save-customer-stores', { store: 2 }, token)).json()).toEqual({ status: 'success', message: 'Your store has been saved.' });
    const details = await harness.app.inject({ url: '/api/get-customer-details', headers: { 'business-slug': 'acct-a', authorization: `Bearer ${token}` } });
    expect(details.json().data.store_id).toBe(2);
    expect((await post('save-customer-stores', { store: 7 }, token)).json().message).toBe('This store was not found.');
    expect((await post('save-customer-stores', { store: 2 })).statusCode).toBe(401);
  });

  it('keeps the marketing answer a shopper gave at sign-up, and leaves it unset (no marketing e-mails) when they gave none', async () => {
    await post('signup', { ...member, email: 'said-no@acct.test', telephone: '(503) 555-0151', receive_marketing: false });
    await post('signup', { ...member, email: 'said-yes@acct.test', telephone: '(503) 555-0152', receive_marketing: true });
    await post('signup', { ...member, email: 'said-nothing@acct.test', telephone: '(503) 555-0153' });
    const marketing = async (email: string) => {
      const answer = (await post('login', { email, password: 'Secret-Pass-1' })).json();
      const details = await harness.app.inject({ url: '/api/get-customer-details', headers: { 'business-slug': 'acct-a', authorization: `Bearer ${answer.access_token}` } });
      expect(details.json().data.receive_marketing).toBe(answer.data.customer.receive_marketing);
      return answer.data.customer.receive_marketing;
    };
    expect([await marketing('said-no@acct.test'), await marketing('said-yes@acct.test'), await marketing('said-nothing@acct.test')]).toEqual([false, true, null]);
  });

  it('makes one account when two registrations with one e-mail arrive at once (the e-mail key is claimed atomically)', async () => {
    const answers = await Promise.all([
      post('signup', { ...member, first_name: 'Twin', email: 'twin@acct.test', telephone: '(503) 555-0161' }),
      post('signup', { ...member, first_name: 'Twin', email: 'Twin@Acct.test', telephone: '(503) 555-0162' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)!.json().errors.email).toEqual(['An account with this e-mail already exists. Please log into your account.']);
    expect(await bg(() => Customer.countDocuments({ tenantId, email: 'twin@acct.test' }))).toBe(1);
    const keys = await bg(() => CustomerKey.find({ tenantId }).lean()) as unknown as { _id: string; customerId: string }[];
    const kept = await bg(() => Customer.findOne({ tenantId, email: 'twin@acct.test' }).lean()) as { _id: unknown; telephone: string };
    // The losing registration gave back the phone it had claimed: only the winner's keys are left.
    expect(keys.filter((k) => k._id.includes('twin@acct.test') || /:phone:503555016[12]$/.test(k._id)).map((k) => [k._id.split(':').slice(1).join(':'), k.customerId]).sort())
      .toEqual([['email:twin@acct.test', String(kept._id)], [`phone:${kept.telephone}`, String(kept._id)]]);
  });

  it("says 'exists' for a key a dead registration left behind, and a registration with that e-mail takes the key over", async () => {
    // A process that died between claiming the key and saving the account: the key names no customer.
    await CustomerKey.create({ _id: customerKeyId(tenantId, 'email', 'ghost@acct.test'), tenantId, customerId: '64b000000000000000000001', claimedAt: new Date(Date.now() - 120_000) });
    expect((await post('check-email-phone-exists', { email: 'ghost@acct.test' })).json().exists).toBe(true);
    expect((await post('login', { email: 'ghost@acct.test', password: 'Secret-Pass-1' })).statusCode).toBe(422);
    expect((await post('signup', { ...member, email: 'ghost@acct.test', telephone: '(503) 555-0181' })).statusCode).toBe(200);
    expect((await post('login', { email: 'ghost@acct.test', password: 'Secret-Pass-1' })).statusCode).toBe(200);
    expect((await post('check-email-phone-exists', { email: 'ghost@acct.test' })).json().exists).toBe(true);
  });

  it('lists sessions by _id from the Redis list (the query guard would refuse a scan), and rebuilds a lost list in the background', async () => {
    expect(queryGuardOn()).toBe(process.env.QUERY_GUARD === '1');
    await post('signup', { ...member, email: 'ros@acct.test', telephone: '(503) 555-0171' });
    const first = (await post('login', { email: 'ros@acct.test', password: 'Secret-Pass-1' })).json().access_token;
    await post('login', { email: 'ros@acct.test', password: 'Secret-Pass-1' });
    const sessions = async () => (await harness.app.inject({ url: '/api/customer/sessions', headers: { 'business-slug': 'acct-a', authorization: `Bearer ${first}` } })).json().data as unknown[];
    expect(await sessions()).toHaveLength(2);
    const slug = (await bg(() => Customer.findOne({ tenantId, email: 'ros@acct.test' }).lean()) as { slug: string }).slug;
    // Redis lost the list: the next read builds it again from the database.
    await harness.resources.redis.del(`${harness.resources.queuePrefix}:sessions:${tenantId}:${slug}`);
    expect(await sessions()).toHaveLength(2);
    expect(await harness.resources.redis.scard(`${harness.resources.queuePrefix}:sessions:${tenantId}:${slug}`)).toBe(3); // two ids and the marker
  });
});

describe("spec 2's access_token in the query (account calls) or in the body (verify-password, save-customer-stores)", () => {
  let token: string;
  const bare = { 'business-slug': 'acct-a' };
  beforeAll(async () => {
    await Location.create({ tenantId, locationId: 3, name: 'South', address: '3 Main St' });
    await post('signup', { ...member, email: 'query@acct.test', telephone: '(503) 555-0191' });
    token = (await post('login', { email: 'query@acct.test', password: 'Secret-Pass-1' })).json().access_token;
  });

  it('signs the account calls in with ?access_token= alone, as spec 2 sends it', async () => {
    const details = await harness.app.inject({ url: `/api/get-customer-details?access_token=${token}`, headers: bare });
    expect(details.statusCode).toBe(200);
    expect(details.json().data.email).toBe('query@acct.test');
    const name = await harness.app.inject({ method: 'POST', url: `/api/customer/name?access_token=${token}`, headers: bare, payload: { first_name: 'Quinn', last_name: 'Doe' } });
    expect(name.json()).toMatchObject({ status: 'success', data: { first_name: 'Quinn' } });
    const marketing = await harness.app.inject({ method: 'POST', url: `/api/customer/set-marketing?access_token=${token}`, headers: bare, payload: { receive_marketing: 1 } });
    expect(marketing.json()).toMatchObject({ message: 'You will receive marketing e-mails.', data: { receive_marketing: true } });
    const password = await harness.app.inject({ method: 'POST', url: `/api/customer/password?access_token=${token}`, headers: bare, payload: { current_password: 'wrong-one', password: 'Brand-New-7', password_confirmation: 'Brand-New-7' } });
    expect(password.json().message).toBe('The current password is not correct.'); // signed in: the password was checked
  });

  it('takes the token in the body where spec 2 puts it there', async () => {
    const verified = await post('verify-password', { password: 'Secret-Pass-1', access_token: token });
    expect(verified.json()).toEqual({ status: 'success', message: 'Password confirmed.' });
    expect((await post('save-customer-stores', { store: 3, access_token: token })).json()).toEqual({ status: 'success', message: 'Your store has been saved.' });
    expect((await harness.app.inject({ url: `/api/get-customer-details?access_token=${token}`, headers: bare })).json().data.store_id).toBe(3);
  });

  it("refuses a wrong, revoked or another store's token, and routes that do not take it there ignore it", async () => {
    expect((await harness.app.inject({ url: '/api/get-customer-details?access_token=not-a-token', headers: bare })).statusCode).toBe(401);
    expect((await harness.app.inject({ url: `/api/get-customer-details?access_token=${token}`, headers: { 'business-slug': 'acct-b' } })).statusCode).toBe(401);
    expect((await post('save-customer-stores', { store: 3, access_token: 'not-a-token' })).statusCode).toBe(401);
    // Only the routes spec 2 sends it to: elsewhere a token in the address signs nobody in.
    expect((await harness.app.inject({ url: `/api/customer/sessions?access_token=${token}`, headers: bare })).statusCode).toBe(401);
    const signedOut = (await post('login', { email: 'query@acct.test', password: 'Secret-Pass-1' })).json().access_token;
    await harness.app.inject({ method: 'POST', url: `/api/logout?access_token=${signedOut}`, headers: bare });
    expect((await harness.app.inject({ url: `/api/get-customer-details?access_token=${signedOut}`, headers: bare })).statusCode).toBe(401);
  });
});
