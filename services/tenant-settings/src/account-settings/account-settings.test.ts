import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_FIELD_DEFAULTS, ACCOUNT_FIELD_HELP_TOO_LONG, ACCOUNT_FIELD_LABEL_NEEDED, ACCOUNT_FIELD_NO_MARKUP, ACCOUNT_SETTINGS_SAVED, NO_PERMISSION,
} from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { tenantSettingsService } from '../index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let owner = '';
let otherOwner = '';
let tenantId = '';

const call = (method: 'GET' | 'POST', token: string | null, payload?: object, slug = 'accset-a') =>
  harness.app.inject({ method, url: '/api/admin/customers/accountSettings', headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
const publicSettings = async (slug = 'accset-a') => (await harness.app.inject({ url: '/api/settings', headers: { 'business-slug': slug } })).json().data;
const startup = async (slug = 'accset-a') => (await harness.app.inject({ url: '/api/startup', headers: { 'business-slug': slug } })).json().data;

const DEFAULTS = { hide_registration: false, sms_notifications_enabled: true, account_field_info: { ...ACCOUNT_FIELD_DEFAULTS } };
const TRADE = { hide_registration: true, sms_notifications_enabled: false, account_field_info: { label: '  Trade Account  ', help: ' On your monthly statement. ' } };

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'account-settings');
  tenantId = (await createTenant('accset-a')).id;
  const other = await createTenant('accset-b');
  owner = await issueToken(tenantId, { isAdmin: true });
  otherOwner = await issueToken(other.id, { isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

describe('customer account settings (admin/customers/accountSettings)', () => {
  it("answers the store's settings, spec 2's defaults before any change", async () => {
    const res = await call('GET', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: DEFAULTS });
  });

  it('saves them trimmed; the storefront settings and start-up bundle follow at once; the other store keeps its own', async () => {
    expect((await startup()).settings.hideRegistration).toBe(false); // cached before the change
    const res = await call('POST', owner, TRADE);
    expect(res.statusCode, res.body).toBe(200);
    const kept = { hide_registration: true, sms_notifications_enabled: false, account_field_info: { label: 'Trade Account', help: 'On your monthly statement.' } };
    expect(res.json()).toEqual({ status: 'success', message: ACCOUNT_SETTINGS_SAVED, data: kept });
    expect((await call('GET', owner)).json()).toEqual({ data: kept });
    expect(await publicSettings()).toMatchObject({ hideRegistration: true, sms_notifications_enabled: false, account_field_info: kept.account_field_info });
    expect((await startup()).settings).toMatchObject({ hideRegistration: true, account_field_info: kept.account_field_info });
    expect((await call('GET', otherOwner, undefined, 'accset-b')).json()).toEqual({ data: DEFAULTS });
    expect(await publicSettings('accset-b')).toMatchObject({ hideRegistration: false, account_field_info: ACCOUNT_FIELD_DEFAULTS });
  });

  it('names a blank label, a help too long and markup under their fields (422), and saves nothing', async () => {
    const blank = await call('POST', owner, { ...DEFAULTS, account_field_info: { label: '   ', help: 'x'.repeat(301) } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ message: ACCOUNT_FIELD_LABEL_NEEDED, errors: { 'account_field_info.label': [ACCOUNT_FIELD_LABEL_NEEDED], 'account_field_info.help': [ACCOUNT_FIELD_HELP_TOO_LONG] } });
    const markup = await call('POST', owner, { ...DEFAULTS, account_field_info: { label: '<b>Account</b>', help: '' } });
    expect(markup.statusCode).toBe(422);
    expect(markup.json().errors).toEqual({ 'account_field_info.label': [ACCOUNT_FIELD_NO_MARKUP] });
    expect((await call('POST', owner, { hide_registration: 'yes', account_field_info: { label: 'A', help: '' } })).statusCode).toBe(400);
    expect((await call('GET', owner)).json().data).toMatchObject({ hide_registration: true, account_field_info: { label: 'Trade Account' } });
  });

  it('is for staff with edit_user_inputs: others 403 and nothing changes; shoppers 403, visitors 401, another store\'s token 401', async () => {
    const staff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_products'] });
    const refused = await call('POST', staff, DEFAULTS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_PERMISSION);
    expect((await call('GET', staff)).statusCode).toBe(403);
    const shopper = await issueToken(tenantId, { slug: 'shopper' });
    expect((await call('POST', shopper, DEFAULTS)).statusCode).toBe(403);
    expect((await call('GET', null)).statusCode).toBe(401);
    expect((await call('POST', null, DEFAULTS)).statusCode).toBe(401);
    expect((await call('POST', otherOwner, DEFAULTS)).statusCode).toBe(401); // a token is its own store's
    expect((await call('GET', owner)).json().data.hide_registration).toBe(true);

    const trusted = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_user_inputs'] });
    const res = await call('POST', trusted, DEFAULTS);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(DEFAULTS);
  });
});
