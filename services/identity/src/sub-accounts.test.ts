import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bg } from './test-db';
import { GIVE_ONLY_OWN_PERMISSIONS, INVALID_EMAIL, NO_PERMISSION, PASSWORD_MISMATCH, PASSWORD_TOO_SHORT } from '@platform/domain';
import { AccessToken, Location } from '@platform/db';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { identityService, Customer, CustomerKey, hashPassword } from './index';
import { customerKeyId } from './keys';
import { EMAIL_TAKEN } from './account';
import { CANNOT_REMOVE_YOURSELF, NOT_A_LOCATION, SUB_ACCOUNT_NOT_FOUND } from './sub-accounts';
import { delivered, startOutbox } from './test-outbox';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let worker: ReturnType<typeof startOutbox>;
let tenantId = '';
let owner = '';
let otherId = '';
const PASSWORD = 'Staff-Pass-1';
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object, slug = 'subs-a') =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
const login = (email: string, password = PASSWORD) => call('POST', 'login', undefined, { email, password });
const ownPermissions = async (token: string) => (await call('GET', 'sub-accounts?auth=true', token)).json()['sub-accounts'][0]?.permissions;
const staff = (over: object = {}) => ({ first_name: 'Casey', last_name: 'Lee', email: 'casey@subs.test', password: PASSWORD, c_password: PASSWORD, permissions: ['edit_products'], ...over });

beforeAll(async () => {
  harness = await createTestApp([identityService], 'subaccounts');
  worker = startOutbox(harness);
  tenantId = (await createTenant('subs-a')).id;
  await Customer.create({ tenantId, slug: 'owner', email: 'owner@subs.test', firstName: 'Olive', passwordHash: await hashPassword(PASSWORD), isAdmin: true });
  await Customer.create({ tenantId, slug: 'shopper', email: 'shopper@subs.test', passwordHash: 'x' });
  owner = (await login('owner@subs.test')).json().access_token;
  otherId = (await createTenant('subs-b')).id;
  await Customer.create({ tenantId: otherId, slug: 'b-staff', email: 'b@subs.test', passwordHash: 'x', isAdmin: true, isSubAccount: true });
});
afterAll(async () => { await worker?.close(); await harness?.close(); });

describe('sub-accounts (settings › sub-accounts)', () => {
  let casey = '';

  it('are managed with manage_sub_accounts only', async () => {
    expect((await call('POST', 'sub-accounts/create', undefined, staff())).statusCode).toBe(401);
    const refused = await call('POST', 'sub-accounts/create', await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_products'] }), staff());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_PERMISSION);
    expect(await bg(() => Customer.countDocuments({ tenantId, isSubAccount: true }))).toBe(0);
  });

  it('names every bad field and creates nothing', async () => {
    const res = await call('POST', 'sub-accounts/create', owner, staff({ first_name: ' ', email: 'casey@', password: 'short', c_password: 'other' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ first_name: ['Please enter a first name.'], email: [INVALID_EMAIL], password: [PASSWORD_TOO_SHORT], c_password: [PASSWORD_MISMATCH] });
    expect((await call('POST', 'sub-accounts/create', owner, staff({ permissions: ['make_coffee'] }))).statusCode).toBe(400);
    expect((await call('POST', 'sub-accounts/create', owner, staff({ email: 'OWNER@subs.test' }))).json().errors).toEqual({ email: [EMAIL_TAKEN] });
    expect(await bg(() => Customer.countDocuments({ tenantId, isSubAccount: true }))).toBe(0);
  });

  it('creates a staff admin who signs in with just the permissions given', async () => {
    const res = await call('POST', 'sub-accounts/create', owner, staff());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Sub-account created.', data: { first_name: 'Casey', email: 'casey@subs.test', permissions: ['edit_products'], last_active_at: null } });
    const signedIn = (await login('casey@subs.test')).json();
    expect(signedIn).toMatchObject({ is_admin: true, data: { customer: { permissions: ['edit_products'] } } });
    casey = signedIn.access_token;
    const list = (await call('GET', 'sub-accounts?auth=true', owner)).json()['sub-accounts'];
    expect(list.map((a: { email: string }) => a.email)).toEqual(['casey@subs.test']);
    // The owner sees when the staff account last used the back office.
    expect(Date.now() - Date.parse(list[0].last_active_at)).toBeLessThan(60_000);
  });

  it("tells the owner from a sub-account in the login answer (is_sub_account), by token too", async () => {
    const ownerAnswer = (await login('owner@subs.test')).json();
    expect(ownerAnswer).toMatchObject({ is_admin: true, data: { customer: { slug: 'owner', is_sub_account: false } } });
    const staffAnswer = (await login('casey@subs.test')).json();
    expect(staffAnswer).toMatchObject({ is_admin: true, data: { customer: { permissions: ['edit_products'], is_sub_account: true } } });
    const byToken = await call('POST', 'login-by-token', undefined, { token: staffAnswer.access_token });
    expect(byToken.json().data.customer.is_sub_account).toBe(true);
    expect((await call('POST', 'login-by-token', undefined, { token: ownerAnswer.access_token })).json().data.customer.is_sub_account).toBe(false);
  });

  it('lets a manager give only what it holds, and keeps what it cannot see', async () => {
    await call('POST', 'sub-accounts/create', owner, staff({ first_name: 'Morgan', email: 'morgan@subs.test', permissions: ['manage_sub_accounts', 'view_emails'] }));
    const morgan = (await login('morgan@subs.test')).json().access_token;
    const slug = (await bg(() => Customer.findOne({ tenantId, email: 'casey@subs.test' }).lean()) as { slug: string }).slug;
    const tooMuch = await call('POST', 'sub-accounts/update', morgan, { slug, first_name: 'Casey', last_name: 'Lee', email: 'casey@subs.test', permissions: ['edit_about_us'] });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe(GIVE_ONLY_OWN_PERMISSIONS);
    const given = await call('POST', 'sub-accounts/update', morgan, { slug, first_name: 'Casey', last_name: 'Lee', email: 'casey@subs.test', permissions: ['view_emails'] });
    expect(given.json().data.permissions.sort()).toEqual(['edit_products', 'view_emails']);
    const mySlug = (await bg(() => Customer.findOne({ tenantId, email: 'morgan@subs.test' }).lean()) as { slug: string }).slug;
    expect((await call('POST', 'sub-accounts/delete', morgan, { slug: mySlug })).json().message).toBe(CANNOT_REMOVE_YOURSELF);
  });

  it("narrows a signed-in sub-account's permissions at once", async () => {
    expect((await ownPermissions(casey)).sort()).toEqual(['edit_products', 'view_emails']);
    const slug = (await bg(() => Customer.findOne({ tenantId, email: 'casey@subs.test' }).lean()) as { slug: string }).slug;
    const res = await call('POST', 'sub-accounts/update', owner, { slug, first_name: 'Casey', last_name: 'Ng', email: 'casey@subs.test', permissions: [] });
    expect(res.json()).toMatchObject({ message: 'Sub-account saved.', data: { last_name: 'Ng', permissions: [] } });
    expect(await ownPermissions(casey)).toEqual([]);
  });

  it('changes a password: the old one and every session stop working, and the holder is e-mailed', async () => {
    const slug = (await bg(() => Customer.findOne({ tenantId, email: 'casey@subs.test' }).lean()) as { slug: string }).slug;
    expect((await call('POST', 'sub-accounts/change-password', owner, { slug, password: 'New-Staff-Pass-2', c_password: 'nope' })).json().errors).toEqual({ c_password: [PASSWORD_MISMATCH] });
    const changedAt = new Date();
    const res = await call('POST', 'sub-accounts/change-password', owner, { slug, password: 'New-Staff-Pass-2', c_password: 'New-Staff-Pass-2' });
    expect(res.statusCode).toBe(200);
    // The holder is told, since someone else changed it.
    expect((await delivered(tenantId, 'casey@subs.test', changedAt, 'Your subs-a store back office password was changed')).text).toContain('set a new password for your back office account');
    expect((await call('GET', 'sub-accounts?auth=true', casey)).statusCode).toBe(401);
    expect((await login('casey@subs.test')).statusCode).toBe(422);
    // The e-mail key's copy of the hash, that sign-in starts from, changed with it (keys.ts).
    const copy = await bg(() => CustomerKey.findOne({ tenantId, _id: customerKeyId(tenantId, 'email', 'casey@subs.test') }).lean()) as { passwordHash?: string };
    expect(copy.passwordHash).toBe((await bg(() => Customer.findOne({ tenantId, slug }).lean()) as { passwordHash: string }).passwordHash);
    casey = (await login('casey@subs.test', 'New-Staff-Pass-2')).json().access_token;
    expect(casey).toBeTruthy();
  });

  it("removes a sub-account and its sessions; shoppers and another store's accounts are not sub-accounts here", async () => {
    expect((await call('POST', 'sub-accounts/delete', owner, { slug: 'owner' })).json().message).toBe(CANNOT_REMOVE_YOURSELF);
    expect((await call('POST', 'sub-accounts/delete', owner, { slug: 'shopper' })).json().message).toBe(SUB_ACCOUNT_NOT_FOUND);
    expect((await call('POST', 'sub-accounts/delete', owner, { slug: 'b-staff' })).statusCode).toBe(404);
    const slug = (await bg(() => Customer.findOne({ tenantId, email: 'casey@subs.test' }).lean()) as { slug: string }).slug;
    expect((await call('POST', 'sub-accounts/delete', owner, { slug })).json().message).toBe('Sub-account removed.');
    expect((await call('GET', 'sub-accounts?auth=true', casey)).statusCode).toBe(401);
    expect((await login('casey@subs.test', 'New-Staff-Pass-2')).statusCode).toBe(422);
    expect(await bg(() => Customer.countDocuments({ tenantId: otherId, email: 'b@subs.test' }))).toBe(1);
  });

  it('still shows when a staff account was last active after its ended sessions are cleaned up', async () => {
    const dana = (await call('POST', 'sub-accounts/create', owner, staff({ first_name: 'Dana', email: 'dana@subs.test' }))).json().data.slug as string;
    expect((await login('dana@subs.test')).statusCode).toBe(200);
    await harness.changeSessions({ tenantId, customerSlug: dana }, null); // as the daily clean-up does, a while after they end
    const listed = (await call('GET', 'sub-accounts?auth=true', owner)).json()['sub-accounts'].find((a: { slug: string }) => a.slug === dana);
    expect(Date.now() - Date.parse(listed.last_active_at)).toBeLessThan(60_000);
  });

  it('binds a staff account to one store location: unknown locations refused; its signed-in sessions move at once', async () => {
    await Location.insertMany([1, 2].map((locationId) => ({ tenantId, locationId, name: `Store ${locationId}`, address: `${locationId} Main St` })));
    const unknown = await call('POST', 'sub-accounts/create', owner, staff({ email: 'lee@subs.test', location_id: 9 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ location_id: [NOT_A_LOCATION] });
    const made = await call('POST', 'sub-accounts/create', owner, staff({ email: 'lee@subs.test', location_id: 1 }));
    expect(made.json().data.location_id).toBe(1);
    const lee = made.json().data.slug as string;
    await login('lee@subs.test');
    const sessionLocations = async () => ((await bg(() => AccessToken.find({ tenantId, customerSlug: lee }).lean())) as unknown as { locationId: number | null }[]).map((t) => t.locationId);
    expect(await sessionLocations()).toEqual([1]);
    const moved = await call('POST', 'sub-accounts/update', owner, { slug: lee, first_name: 'Casey', last_name: 'Lee', email: 'lee@subs.test', permissions: ['edit_products'], location_id: 2 });
    expect(moved.json().data.location_id).toBe(2);
    expect(await sessionLocations()).toEqual([2]);
    // Left out: the location stays; null: every location.
    expect((await call('POST', 'sub-accounts/update', owner, { slug: lee, first_name: 'Casey', last_name: 'Lee', email: 'lee@subs.test', permissions: ['edit_products'] })).json().data.location_id).toBe(2);
    expect((await call('POST', 'sub-accounts/update', owner, { slug: lee, first_name: 'Casey', last_name: 'Lee', email: 'lee@subs.test', permissions: ['edit_products'], location_id: null })).json().data.location_id).toBeNull();
  });
});
