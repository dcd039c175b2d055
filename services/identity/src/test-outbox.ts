import { expect } from 'vitest';
import { Worker } from 'bullmq';
import { inBackground } from '@platform/db';
import { deliverNotifications, OutboxMessage } from '@platform/notifications';
import { QUEUE_NAMES, type NotificationJob } from '@platform/queue';
import type { createTestApp } from '@platform/server-kit/testing';

/**
 * For service tests: the real notifications worker delivering into the local outbox (no SMTP or SMS account
 * set), and a wait for a message to arrive there.
 */
export function startOutbox(harness: Awaited<ReturnType<typeof createTestApp>>): Worker<NotificationJob> {
  delete process.env.SMTP_URL;
  delete process.env.TWILIO_ACCOUNT_SID;
  return new Worker<NotificationJob>(QUEUE_NAMES.notifications, deliverNotifications(), { connection: harness.resources.redis.duplicate(), prefix: harness.resources.queuePrefix });
}

/** The newest message of a tenant to an address or phone after a moment (optionally with this subject), once delivered. */
export async function delivered(tenantId: string, to: string, after: Date, subject?: string): Promise<{ text: string; subject: string }> {
  let found: { text: string; subject: string } | null = null;
  await expect.poll(async () => {
    // A test reading the outbox by address is development work, not a request: inBackground (docs/DATA-ACCESS.md).
    found = (await inBackground('test: read the outbox', () => OutboxMessage.findOne({ tenantId, to, createdAt: { $gte: after }, ...(subject ? { subject } : {}) }).sort({ createdAt: -1 }).lean())) as typeof found;
    return found !== null;
  }, { timeout: 10000 }).toBe(true);
  return found!;
}
