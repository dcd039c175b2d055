import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'bullmq';
import { connectMongo, disconnectMongo, mongoose, Tenant } from '@platform/db';
import { createQueues, createRedis, QUEUE_NAMES, type NotificationJob } from '@platform/queue';
import { deliverNotifications, OutboxMessage } from './index';

const prefix = `t-notify-${process.pid}`;
let redis: ReturnType<typeof createRedis>;
let queues: ReturnType<typeof createQueues>;
let worker: Worker<NotificationJob>;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.TWILIO_ACCOUNT_SID;
  await connectMongo(process.env.MONGODB_URI!, `test_notify_${process.pid}`);
  redis = createRedis(process.env.REDIS_URL!);
  queues = createQueues(redis, prefix);
  worker = new Worker<NotificationJob>(QUEUE_NAMES.notifications, deliverNotifications(), { connection: redis.duplicate(), prefix });
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
    await expect.poll(() => OutboxMessage.countDocuments({ tenantId: 'n-tenant' }), { timeout: 10000 }).toBe(2);
    const email = await OutboxMessage.findOne({ tenantId: 'n-tenant', channel: 'email' }).lean() as { to: string; raw: string; kind: string };
    expect(email).toMatchObject({ to: 'jane@example.test', kind: 'magic-link' });
    expect(email.raw).toContain('Subject: Your sign-in link');
    expect(email.raw).toContain('To: jane@example.test');
    expect(await OutboxMessage.findOne({ tenantId: 'n-tenant', channel: 'sms' }).lean()).toMatchObject({ to: '5035550142', text: 'Your code is 0420' });
  });

  it("sends e-mails from the store by name, at the platform's sending address", async () => {
    const store = await Tenant.create({ slug: `n-store-${process.pid}`, name: 'Riverside Hardware & Garden', businessId: 901 });
    await queues.notifications.add('email', { tenantId: store.id, channel: 'email', to: 'kim@example.test', subject: 'Your password was changed', text: 'It was changed.', kind: 'security-notice' });
    await expect.poll(() => OutboxMessage.countDocuments({ tenantId: store.id }), { timeout: 10000 }).toBe(1);
    const email = await OutboxMessage.findOne({ tenantId: store.id }).lean() as { raw: string };
    expect(email.raw).toContain('From: "Riverside Hardware & Garden" <no-reply@localhost>');
  });
});
