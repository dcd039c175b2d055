import type { NotificationJob, PlatformQueues } from '@platform/queue';

/** The job name (and kind) of an order's messages queued together. */
export const ORDER_MESSAGES_JOB = 'order-placed';

/**
 * Queues an order's e-mails and texts (its confirmation, text, the store's e-mails and texts; or a change's e-mail
 * and text) as one notifications job named `name`: each job costs ~45 Redis commands and the worker's job moves, so
 * four jobs an order were most of the queue work a checkout caused. The worker still sends and retries each message
 * on its own (deliverNotifications). A single message goes as a job of its own, as every other message does.
 */
export async function queueOrderMessages(queues: Pick<PlatformQueues, 'notifications'>, tenantId: string, messages: NotificationJob[], name = ORDER_MESSAGES_JOB): Promise<void> {
  if (!messages.length) return;
  if (messages.length === 1) {
    await queues.notifications.add(messages[0].kind, messages[0]);
    return;
  }
  await queues.notifications.add(name, { tenantId, kind: name, messages });
}
