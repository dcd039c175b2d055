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
import { Order, ordersService } from './index';

/**
 * Provider secrets never reach the logs: the owner saves Stripe keys (one Stripe refuses, then good ones), and
 * shoppers pay by card (approved, declined, confirmed by the bank and settled by a signed webhook, a forged
 * webhook, an order that fails after the card was held), while everything the service writes is read: its
 * Fastify/pino log at the most detailed level, with the services' own log settings, and the console. Against the
 * Stripe stand-in the scripts start (STRIPE_API_BASE), which accepts any well-formed test key.
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

const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'logs-a', 'store-id': '1', origin: 'http://logs-a.test', ...extra });
const contact = { first_name: 'Lu', last_name: 'Logs', email: 'lu.logs@example.com', telephone: '(503) 555-0164' };
const add = (device: string) => harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(), payload: { store_product_id: 21, quantity: 1, device_id: device } });
const submit = (device: string, token: string) => harness.app.inject({
  method: 'POST', url: '/api/customer/orders/submit', headers: headers(),
  payload: { device_id: device, order_type: 0, ...contact, payment_method: 'card', payment_token: token },
});
const saveSettings = (stripe: Record<string, unknown>) => harness.app.inject({
  method: 'POST', url: '/api/admin/fulfillment/payment-settings', headers: headers({ authorization: `Bearer ${owner}` }), payload: { payment_provider: 'stripe', stripe },
});
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
    const spies = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const)
      .map((method) => vi.spyOn(console, method).mockImplementation((...args: unknown[]) => { consoleLines.push(format(...args)); }));
    try {
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

      // A step failing after the card is held (the order number is taken meanwhile): the failure is logged, the hold released.
      const highest = Math.max(...((await inBackground('test reads the database', () => Order.find({ tenantId }, { orderNumber: 1 }).lean())) as unknown as { orderNumber: string }[]).map((o) => Number(o.orderNumber)));
      await Order.create({ tenantId, orderNumber: String(highest + 1), status: 'completed', locationId: 1, totalCents: 100, placedAt: new Date() });
      await add('LogsCard04');
      expect((await submit('LogsCard04', 'pm_card_visa')).statusCode).toBe(500);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }

    // The log was written (so its silence about the secrets means something): each request, and the failure with its error.
    const entries = logged.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string }; err?: unknown });
    const urls = entries.map((e) => e.req?.url).filter(Boolean);
    expect(urls).toEqual(expect.arrayContaining(['/api/admin/fulfillment/payment-settings', '/api/customer/orders/submit', '/api/payments/webhook/stripe']));
    expect(entries.some((e) => e.msg === 'unhandled error' && e.err)).toBe(true);
    const everything = [...logged, ...consoleLines].join('\n');
    for (const secret of SECRETS) expect(everything.includes(secret), `${secret} was written to the log`).toBe(false);
  });
});
