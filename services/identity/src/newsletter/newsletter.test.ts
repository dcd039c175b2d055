import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'bullmq';
import { INVALID_EMAIL, NEWSLETTER_CONSENT_REQUIRED, newsletterConsentText, unsubscribedMessage } from '@platform/domain';
import { inBackground } from '@platform/db';
import { OutboxMessage } from '@platform/notifications';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { Customer, hashPassword, identityService } from '../index';
import { delivered, startOutbox } from '../test-outbox';
import { NewsletterSubscriber } from './models';
import { newsletterSubscriberId } from './service';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let outbox: Worker;
let tenantId = '';
let otherId = '';
let admin = '';
const HOST = 'shop.news-a.test';
const call = (method: 'GET' | 'POST', url: string, payload?: object, options: { token?: string; host?: string; ip?: string } = {}) => harness.app.inject({
  method, url: `/api/${url}`, ...(payload ? { payload } : {}), remoteAddress: options.ip ?? '10.0.0.1',
  headers: { host: options.host ?? HOST, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
});
const subscribe = (email: string, options: { consent?: boolean; ip?: string; host?: string } = {}) =>
  call('POST', 'newsletter/subscribe', { email, consent: options.consent ?? true, page: '/brands' }, options);
const subscribers = async (query = '') => (await call('GET', `subscribers${query}`, undefined, { token: admin })).json();
/** Sign-ups by `_id`, as the service reads them; the outbox count is a test's look at delivered mail (background). */
const stored = (email: string, tenant = tenantId) => NewsletterSubscriber.findOne({ tenantId: tenant, _id: newsletterSubscriberId(tenant, email) }).lean() as Promise<Record<string, unknown> | null>;
const mailsTo = (to: string) => inBackground('test: count the outbox', () => OutboxMessage.countDocuments({ tenantId, to }));

beforeAll(async () => {
  harness = await createTestApp([identityService], 'newsletter');
  outbox = startOutbox(harness);
  tenantId = (await createTenant('news-a', { domains: [HOST] })).id;
  otherId = (await createTenant('news-b', { domains: ['shop.news-b.test'] })).id;
  await Customer.create({ tenantId, slug: 'owner', email: 'owner@news.test', firstName: 'Olive', passwordHash: await hashPassword('Owner-Pass-1'), isAdmin: true });
  await Customer.create({ tenantId, slug: 'ann-1', email: 'ann@news.test', firstName: 'Ann', passwordHash: 'x', receiveMarketing: true, createdAt: new Date(Date.UTC(2026, 0, 1)) });
  admin = await issueToken(tenantId, { slug: 'owner', isAdmin: true });
});
afterAll(async () => { await outbox?.close(); await harness?.close(); });

describe('footer newsletter sign-up', () => {
  let link = '';

  it('keeps the address (lower-cased) with the consent, confirms on screen and by e-mail with an unsubscribe link', async () => {
    const before = new Date();
    const res = await subscribe('  Pat@Example.COM ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Thanks for signing up! We sent a confirmation to pat@example.com.' });
    expect(await stored('pat@example.com')).toMatchObject({ email: 'pat@example.com', consentText: newsletterConsentText('news-a store'), source: 'footer /brands', unsubscribedAt: null });
    const mail = await delivered(tenantId, 'pat@example.com', before);
    expect(mail.subject).toBe("You're on the news-a store e-mail list");
    link = mail.text.match(/https?:\/\/shop\.news-a\.test\/unsubscribe\?token=([\w-]+)/)![1];
  });

  it("lists the sign-up in the admin's subscribers, beside the customers who agreed, newest first, and finds it by address", async () => {
    const body = await subscribers();
    expect(body.total).toBe(2);
    expect(body.data.map((r: { email: string }) => r.email)).toEqual(['pat@example.com', 'ann@news.test']);
    expect(body.data[0]).toMatchObject({ source: 'newsletter', receive_marketing: true, unsubscribed_at: null, first_name: '' });
    expect(body.data[1].source).toBeUndefined();
    expect((await subscribers('?search=PAT@example.com')).data.map((r: { email: string }) => r.email)).toEqual(['pat@example.com']);
    // Not a customer account: the customers list does not show it.
    expect((await call('GET', 'admin/customers?search=pat@example.com', undefined, { token: admin })).json().total).toBe(0);
  });

  it('the same address again answers the same (and sends no second e-mail: counted below)', async () => {
    const res = await subscribe('pat@example.com');
    expect(res.json().message).toBe('Thanks for signing up! We sent a confirmation to pat@example.com.');
  });

  it("the e-mail's link unsubscribes it (the list shows when); the same link again says the same; a later sign-up subscribes again", async () => {
    const res = await call('POST', 'unsubscribe', { token: link });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(unsubscribedMessage('news-a store'));
    expect((await stored('pat@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);
    const row = (await subscribers()).data.find((r: { email: string }) => r.email === 'pat@example.com');
    expect(row).toMatchObject({ receive_marketing: false, source: 'newsletter' });
    expect(Date.parse(row.unsubscribed_at)).not.toBeNaN();
    expect((await call('POST', 'unsubscribe', { token: link })).json().message).toBe(unsubscribedMessage('news-a store'));
    // Another store cannot use the link.
    expect((await call('POST', 'unsubscribe', { token: link }, { host: 'shop.news-b.test' })).statusCode).toBe(404);

    const again = new Date();
    await subscribe('pat@example.com');
    expect((await stored('pat@example.com'))?.unsubscribedAt).toBeNull();
    expect((await delivered(tenantId, 'pat@example.com', again)).text).toContain('/unsubscribe?token=');
    // Two e-mails in all: the repeated sign-up while subscribed sent none.
    expect(await mailsTo('pat@example.com')).toBe(2);
    expect((await subscribers()).data.find((r: { email: string }) => r.email === 'pat@example.com')).toMatchObject({ receive_marketing: true, unsubscribed_at: null });
  });

  it('names a bad address and a missing consent (422), and keeps nothing', async () => {
    const res = await subscribe('not-an-address', { consent: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [INVALID_EMAIL], consent: [NEWSLETTER_CONSENT_REQUIRED] });
    expect(await stored('not-an-address')).toBeNull();
    expect((await call('POST', 'newsletter/subscribe', { email: 'x@example.com' })).statusCode).toBe(400);
  });

  it('is kept per store: the same address at another store is its own sign-up, not listed here', async () => {
    await subscribe('pat@example.com', { host: 'shop.news-b.test' });
    expect(await stored('pat@example.com', otherId)).toMatchObject({ email: 'pat@example.com' });
    expect((await subscribers()).total).toBe(2);
  });

  it('answers 429 after 5 tries for one address in 15 minutes, and the sixth is not kept', async () => {
    const before = new Date();
    for (let i = 0; i < 5; i += 1) expect((await subscribe('busy@example.com', { ip: '10.0.0.9' })).statusCode).toBe(200);
    const sixth = await subscribe('busy@example.com', { ip: '10.0.0.9' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/try again/i);
    await delivered(tenantId, 'busy@example.com', before);
    expect(await mailsTo('busy@example.com')).toBe(1);
  });
});
