import { format } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Stripe from 'stripe';
import { serviceLogOptions } from '@platform/server-kit';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from '@platform/cart';
import { StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import { identityService } from '@platform/identity';
import { inBackground } from '@platform/db';
import { PROVIDER_TEST_CARDS } from '@platform/domain';
import { FAKE_ADYEN_MERCHANT_ACCOUNT, FAKE_CLIENT_KEY, FAKE_LOGIN_ID, FAKE_PUBLISHER_NAME, startFakeAdyen, startFakeAuthorizeNet, startFakeFiserv, startFakePlugnPay } from '@platform/payments/testing';
import { Order, ordersService } from './index';

/**
 * Provider secrets never reach the logs: the owner saves Stripe keys (one Stripe refuses, then good ones), and
 * shoppers pay by card (approved, declined, confirmed by the bank and settled by a signed webhook, a forged
 * webhook, an order that fails after the card was held), while everything the service writes is read: its
 * Fastify/pino log at the most detailed level, with the services' own log settings, and the console. Against the
 * Stripe stand-in the scripts start (STRIPE_API_BASE), which accepts any well-formed test key, and the other
 * providers' local fakes started here with this test's own credentials.
 */

const SECRET_KEY = 'sk_test_h27bLogsSecret4242';
const WEBHOOK_SECRET = 'whsec_h27bLogsHook4242';
const REFUSED_KEY = 'sk_live_h27bRefusedLive4242';
const SECRETS = [SECRET_KEY, WEBHOOK_SECRET, REFUSED_KEY];

const logged: string[] = [];
const written = { write: (line: string) => { logged.push(line); } };
let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let owner: string;

const headers = (extra: Record<string, string> = {}, slug = 'logs-a') => ({ 'business-slug': slug, 'store-id': '1', origin: `http://${slug}.test`, ...extra });
const contact = { first_name: 'Lu', last_name: 'Logs', email: 'lu.logs@example.com', telephone: '(503) 555-0164' };
const add = (device: string, slug = 'logs-a') => harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers({}, slug), payload: { store_product_id: 21, quantity: 1, device_id: device } });
const submit = (device: string, token: string, slug = 'logs-a') => harness.app.inject({
  method: 'POST', url: '/api/customer/orders/submit', headers: headers({}, slug),
  payload: { device_id: device, order_type: 0, ...contact, payment_method: 'card', payment_token: token },
});
const saveProvider = (provider: string, settings: Record<string, unknown>, slug = 'logs-a', token = owner) => harness.app.inject({
  method: 'POST', url: '/api/admin/fulfillment/payment-settings', headers: headers({ authorization: `Bearer ${token}` }, slug), payload: { payment_provider: provider, [provider]: settings },
});
const saveSettings = (stripe: Record<string, unknown>) => saveProvider('stripe', stripe);
/** Reads the console while `work` runs. */
async function readingConsole(lines: string[], work: () => Promise<void>) {
  const spies = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const)
    .map((method) => vi.spyOn(console, method).mockImplementation((...args: unknown[]) => { lines.push(format(...args)); }));
  try { await work(); } finally { for (const spy of spies) spy.mockRestore(); }
}
const webhook = (payload: string, secret: string) => harness.app.inject({
  method: 'POST', url: '/api/payments/webhook/stripe', payload,
  headers: headers({ 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) }),
});

beforeAll(async () => {
  if (!process.env.STRIPE_API_BASE) throw new Error('STRIPE_API_BASE is not set: run these tests through tools/run-with-services.mjs or npm test, which start the Stripe stand-in');
  harness = await createTestApp([cartService, ordersService, identityService, tenantSettingsService], 'secret-logs', { logger: { ...serviceLogOptions(), level: 'trace', stream: written } });
  tenantId = (await createTenant('logs-a', { domains: ['logs-a.test'] })).id;
  await createCatalogueFixture(tenantId, 'logs-a');
  await StoreProfile.create({ tenantId, payment: {} });
  owner = await issueToken(tenantId, { isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

describe('provider secrets and the logs', () => {
  it('never writes a secret key or webhook secret to the log or the console, through settings, payments, webhooks and failures', async () => {
    const consoleLines: string[] = [];
    await readingConsole(consoleLines, async () => {
      // The owner's keys: one Stripe refuses, then ones it accepts.
      const refused = await saveSettings({ publishable_key: 'pk_live_h27bLogs', secret_key: REFUSED_KEY, is_live: true });
      expect(refused.statusCode).toBe(422);
      const saved = await saveSettings({ publishable_key: 'pk_test_h27bLogs', secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET, is_live: false });
      expect(saved.statusCode, saved.body).toBe(200);

      // Paid, declined, and confirmed by the bank then settled by Stripe's signed webhook (a forged one refused).
      await add('LogsCard01');
      expect((await submit('LogsCard01', 'pm_card_visa')).statusCode).toBe(200);
      await add('LogsCard02');
      expect((await submit('LogsCard02', 'pm_card_chargeDeclined')).statusCode).toBe(422);
      await add('LogsCard03');
      const asked = await submit('LogsCard03', 'pm_card_threeDSecure2Required');
      expect(asked.statusCode).toBe(202);
      const orderId = asked.json().confirm.order_id as string;
      expect((await fetch(asked.json().confirm.redirect_url, { redirect: 'manual' })).status).toBe(302);
      const pi = ((await inBackground('test reads the database', () => Order.findOne({ tenantId, _id: orderId }).lean())) as unknown as { payment: { reference: string } }).payment.reference;
      const event = JSON.stringify({
        id: 'evt_h27b_logs', object: 'event', type: 'payment_intent.amount_capturable_updated', api_version: '2023-10-16', created: Math.floor(Date.now() / 1000),
        livemode: false, pending_webhooks: 1, request: null, data: { object: { id: pi, object: 'payment_intent', metadata: { order_id: orderId, tenant_id: tenantId } } },
      });
      expect((await webhook(event, 'whsec_someone_else')).statusCode).toBe(400);
      expect((await webhook(event, WEBHOOK_SECRET)).statusCode).toBe(200);

      // A step failing after the card is held (the store's order sequence in Redis holds no number, so numbering the
      // order is refused): the failure is logged, the hold released.
      const sequence = `${harness.resources.queuePrefix}:orders:${tenantId}:sequence`;
      const kept = await harness.resources.redis.get(sequence);
      await harness.resources.redis.set(sequence, 'not-a-number');
      await add('LogsCard04');
      expect((await submit('LogsCard04', 'pm_card_visa')).statusCode).toBe(500);
      if (kept === null) await harness.resources.redis.del(sequence); else await harness.resources.redis.set(sequence, kept);
    });

    // The log was written (so its silence about the secrets means something): each request, and the failure with its error.
    const entries = logged.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string }; err?: unknown });
    const urls = entries.map((e) => e.req?.url).filter(Boolean);
    expect(urls).toEqual(expect.arrayContaining(['/api/admin/fulfillment/payment-settings', '/api/customer/orders/submit', '/api/payments/webhook/stripe']));
    expect(entries.some((e) => e.msg === 'unhandled error' && e.err)).toBe(true);
    const everything = [...logged, ...consoleLines].join('\n');
    for (const secret of SECRETS) expect(everything.includes(secret), `${secret} was written to the log`).toBe(false);
  });
  it("never writes the other providers' secrets either: keys saved by the owner, orders paid and declined through each", async () => {
    const secrets = {
      adyen: { api_key: 'AQE_h27bLogsAdyenKey4242' }, authorize_net: { transaction_key: 'h27bAnetTxnKey42', signature_key: 'C4'.repeat(64) },
      plugnpay: { password: 'h27bPnpPass4242' }, fiserv: { api_key: 'h27b-fiserv-key-4242', api_secret: 'h27b-fiserv-secret-4242' },
    };
    const fakes = [
      await startFakeAdyen({ apiKey: secrets.adyen.api_key }),
      await startFakeAuthorizeNet({ loginId: FAKE_LOGIN_ID, transactionKey: secrets.authorize_net.transaction_key, clientKey: FAKE_CLIENT_KEY }),
      await startFakePlugnPay({ username: FAKE_PUBLISHER_NAME, password: secrets.plugnpay.password }),
      await startFakeFiserv({ apiKey: secrets.fiserv.api_key, apiSecret: secrets.fiserv.api_secret }),
    ] as const;
    const bases = { ADYEN_API_BASE: fakes[0].url, AUTHORIZE_NET_API_BASE: fakes[1].url, PLUGNPAY_API_BASE: fakes[2].url, FISERV_API_BASE: fakes[3].apiBase };
    const previous = Object.fromEntries(Object.keys(bases).map((name) => [name, process.env[name]]));
    Object.assign(process.env, bases);
    const settings = {
      adyen: { merchant_account: FAKE_ADYEN_MERCHANT_ACCOUNT, client_key: 'test_H27BLOGSCLIENTKEY0000', is_live: false, ...secrets.adyen },
      authorize_net: { login_id: FAKE_LOGIN_ID, client_key: FAKE_CLIENT_KEY, is_live: false, ...secrets.authorize_net },
      plugnpay: { username: FAKE_PUBLISHER_NAME, currency: 'usd', ...secrets.plugnpay },
      fiserv: { is_live: false, ...secrets.fiserv },
    };
    const from = logged.length;
    const consoleLines: string[] = [];
    try {
      const slug = 'logs-b';
      const otherId = (await createTenant(slug, { domains: [`${slug}.test`] })).id;
      await createCatalogueFixture(otherId, slug);
      await StoreProfile.create({ tenantId: otherId, payment: {} });
      const itsOwner = await issueToken(otherId, { isAdmin: true });
      await readingConsole(consoleLines, async () => {
        for (const provider of ['adyen', 'authorize_net', 'plugnpay', 'fiserv'] as const) {
          const saved = await saveProvider(provider, settings[provider], slug, itsOwner);
          expect(saved.statusCode, saved.body).toBe(200);
          const cards = PROVIDER_TEST_CARDS[provider];
          const approved = cards.find((c) => c.label.endsWith('(approved)'))!;
          const declined = cards.find((c) => c.label.endsWith('(declined)'));
          const device = `Lg${provider.replace('_', '').slice(0, 6).padEnd(6, 'x')}`; // device ids are 10 letters or digits
          await add(`${device}A1`, slug);
          const paid = await submit(`${device}A1`, approved.token, slug);
          expect(paid.statusCode, paid.body).toBe(200);
          if (declined) {
            await add(`${device}D1`, slug);
            expect((await submit(`${device}D1`, declined.token, slug)).statusCode).toBe(422);
          }
        }
      });
    } finally {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await Promise.all(fakes.map((fake) => fake.close()));
    }
    const written = logged.slice(from);
    expect(written.some((line) => line.includes('/api/customer/orders/submit'))).toBe(true);
    const everything = [...written, ...consoleLines].join('\n');
    for (const secret of Object.values(secrets).flatMap((s) => Object.values(s))) expect(everything.includes(secret), `${secret} was written to the log`).toBe(false);
  });
});
