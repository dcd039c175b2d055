import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'bullmq';
import { connectMongo, disconnectMongo, inBackground, mongoose, Tenant } from '@platform/db';
import { createQueues, createRedis, messagesOf, QUEUE_NAMES, type NotificationJob, type NotificationsQueueJob } from '@platform/queue';
import { deliverNotifications, emailHtml, OutboxMessage } from './index';

const prefix = `t-notify-${process.pid}`;
let redis: ReturnType<typeof createRedis>;
let queues: ReturnType<typeof createQueues>;
let worker: Worker<NotificationsQueueJob>;
/** Tests read the outbox (a growing collection) by other fields than _id: development work, inBackground. */
const read = <T>(work: () => PromiseLike<T>) => inBackground('test: read the outbox', work);

beforeAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.TWILIO_ACCOUNT_SID;
  await connectMongo(process.env.MONGODB_URI!, `test_notify_${process.pid}`);
  redis = createRedis(process.env.REDIS_URL!);
  queues = createQueues(redis, prefix);
  worker = new Worker<NotificationsQueueJob>(QUEUE_NAMES.notifications, deliverNotifications(), { connection: redis.duplicate(), prefix });
});
afterAll(async () => {
  await worker?.close();
  await queues?.notifications.obliterate({ force: true });
  await queues?.close();
  redis?.disconnect();
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

describe('notifications through the queue, local outbox default', () => {
  it('composes e-mails with nodemailer and keeps them, with texts, in the outbox of their tenant', async () => {
    await queues.notifications.add('email', { tenantId: 'n-tenant', channel: 'email', to: 'jane@example.test', subject: 'Your sign-in link', text: 'Open https://shop.test/x', kind: 'magic-link' });
    await queues.notifications.add('sms', { tenantId: 'n-tenant', channel: 'sms', to: '5035550142', subject: '', text: 'Your code is 0420', kind: 'otp' });
    await expect.poll(() => read(() => OutboxMessage.countDocuments({ tenantId: 'n-tenant' })), { timeout: 10000 }).toBe(2);
    const email = await read(() => OutboxMessage.findOne({ tenantId: 'n-tenant', channel: 'email' }).lean()) as { to: string; raw: string; kind: string };
    expect(email).toMatchObject({ to: 'jane@example.test', kind: 'magic-link' });
    expect(email.raw).toContain('Subject: Your sign-in link');
    expect(email.raw).toContain('To: jane@example.test');
    expect(await read(() => OutboxMessage.findOne({ tenantId: 'n-tenant', channel: 'sms' }).lean())).toMatchObject({ to: '5035550142', text: 'Your code is 0420' });
  });

  it("keeps each of an order's messages delivered together once; one the outbox refuses fails its own job only", async () => {
    const tenantId = 'n-batch';
    const message = (to: string, text: string, channel: 'email' | 'sms' = 'email') => ({
      name: 'new-order', data: { tenantId, channel, to, subject: channel === 'email' ? 'New order 1001' : '', text, kind: 'new-order' }, opts: { attempts: 1 },
    });
    // Four at once, as checkout queues an order's e-mails and text: the worker delivers them side by side.
    const jobs = await queues.notifications.addBulk([
      message('shopper@example.test', 'Thank you for your order 1001.'), message('owner@example.test', 'Order 1001 was placed.'),
      message('5035550143', '', 'sms'), message('staff@example.test', 'Order 1001 was placed.'),
    ]);
    await expect.poll(() => jobs[2].getState(), { timeout: 10000 }).toBe('failed');
    await expect.poll(() => read(() => OutboxMessage.countDocuments({ tenantId })), { timeout: 10000 }).toBe(3);
    for (const job of [jobs[0], jobs[1], jobs[3]]) await expect.poll(() => job.getState(), { timeout: 10000 }).toBe('completed');
    const kept = await read(() => OutboxMessage.find({ tenantId }).lean()) as unknown as Array<{ to: string; text: string; raw: string }>;
    expect(kept.map((m) => m.to).sort()).toEqual(['owner@example.test', 'shopper@example.test', 'staff@example.test']);
    expect(kept.find((m) => m.to === 'shopper@example.test')!.raw).toContain('Subject: New order 1001');
    expect((await queues.notifications.getJob(jobs[2].id!))!.failedReason).toMatch(/text.*required/i);
  });

  it("delivers the messages of one job (an order's) each once; a job that fails for good holds only the one refused", async () => {
    const tenantId = 'n-one-job';
    const message = (to: string, text: string, channel: 'email' | 'sms' = 'email'): NotificationJob => ({ tenantId, channel, to, subject: channel === 'email' ? 'New order 1002' : '', text, kind: 'new-order' });
    const job = await queues.notifications.add('order-placed', {
      tenantId, kind: 'order-placed', messages: [message('shopper@example.test', 'Thank you for your order 1002.'), message('5035550145', '', 'sms'), message('owner@example.test', 'Order 1002 was placed.')],
    }, { attempts: 1 });
    await expect.poll(() => job.getState(), { timeout: 10000 }).toBe('failed');
    const kept = await read(() => OutboxMessage.find({ tenantId }).lean()) as unknown as Array<{ to: string }>;
    expect(kept.map((m) => m.to).sort()).toEqual(['owner@example.test', 'shopper@example.test']);
    const failed = (await queues.notifications.getJob(job.id!))!;
    expect(messagesOf(failed.data)).toEqual([message('5035550145', '', 'sms')]);
    expect(failed.failedReason).toMatch(/1 of 3 messages not sent \(new-order\).*text.*required/i);
  });

  it('retries only the messages of a job that failed, each sent once', async () => {
    const retryPrefix = `${prefix}-retry`;
    const sent: string[] = [];
    let smsDown = true;
    const adapters = {
      email: { send: async (m: NotificationJob) => { sent.push(m.to); } },
      sms: { send: async (m: NotificationJob) => { if (smsDown) { smsDown = false; throw new Error('SMS gateway down'); } sent.push(m.to); } },
    };
    const retryQueues = createQueues(redis, retryPrefix);
    const retryWorker = new Worker<NotificationsQueueJob>(QUEUE_NAMES.notifications, deliverNotifications(adapters), { connection: redis.duplicate(), prefix: retryPrefix });
    try {
      const message = (to: string, channel: 'email' | 'sms'): NotificationJob => ({ tenantId: 'n-retry', channel, to, subject: '', text: 'Order 1003 was placed.', kind: 'new-order' });
      const job = await retryQueues.notifications.add('order-placed', {
        tenantId: 'n-retry', kind: 'order-placed', messages: [message('shopper@example.test', 'email'), message('5035550146', 'sms'), message('owner@example.test', 'email')],
      }, { attempts: 3, backoff: { type: 'fixed', delay: 10 } });
      await expect.poll(() => job.getState(), { timeout: 10000 }).toBe('completed');
      expect(sent.sort()).toEqual(['5035550146', 'owner@example.test', 'shopper@example.test']);
      expect((await retryQueues.notifications.getJob(job.id!))!.attemptsMade).toBe(2);
    } finally {
      await retryWorker.close();
      await retryQueues.notifications.obliterate({ force: true });
      await retryQueues.close();
    }
  });

  it("sends e-mails from the store by name, at the platform's sending address", async () => {
    const store = await Tenant.create({ slug: `n-store-${process.pid}`, name: 'Riverside Hardware & Garden', businessId: 901 });
    await queues.notifications.add('email', { tenantId: store.id, channel: 'email', to: 'kim@example.test', subject: 'Your password was changed', text: 'It was changed.', kind: 'security-notice' });
    await expect.poll(() => read(() => OutboxMessage.countDocuments({ tenantId: store.id })), { timeout: 10000 }).toBe(1);
    const email = await read(() => OutboxMessage.findOne({ tenantId: store.id }).lean()) as { raw: string };
    expect(email.raw).toContain('From: "Riverside Hardware & Garden" <no-reply@localhost>');
    // A plain text part and an HTML part with the store's name on top.
    expect(email.raw).toContain('Content-Type: text/plain');
    expect(email.raw).toContain('Content-Type: text/html');
    expect(email.raw.replace(/=\r?\n/g, '')).toContain('Riverside Hardware &amp; Garden'); // quoted-printable lines joined
  });
});

describe('the HTML part of an e-mail', () => {
  it('shows a link on its own line as a button, other addresses as links, and escapes everything', () => {
    const html = emailHtml('Tom & Jo <Hardware>', 'Your sign-in link', 'Open this link to sign in:\n\nhttps://shop.test/magic?email=a%40b.test&token=x1\n\nQuestions? See https://shop.test/help or reply.\nThanks <3');
    expect(html).toContain('Tom &amp; Jo &lt;Hardware&gt;');
    expect(html).toContain('<a href="https://shop.test/magic?email=a%40b.test&amp;token=x1" style="background:#1f2937');
    expect(html).toContain('>Open the link</a>');
    expect(html).toContain('<a href="https://shop.test/help" style="color:#1a56db">https://shop.test/help</a> or reply.<br>Thanks &lt;3');
    expect(html).not.toContain('<3');
    expect(html).toContain('<title>Your sign-in link</title>');
  });
});
