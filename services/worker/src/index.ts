import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAMES, type CatalogueChangeJob, type NotificationJob, type OrderPlacedJob, type ProductViewJob, type SearchEventJob } from '@platform/queue';
import { applyCatalogueChange, foldOrderPlaced, foldProductView, foldSearchEvent } from '@platform/catalogue';
import { recordCouponUse } from '@platform/cart';
import { deliverNotifications } from '@platform/notifications';

export interface RunningWorkers {
  workers: Worker[];
  close(): Promise<void>;
}

/** Starts every queue's worker. close() lets running jobs finish, then disconnects. */
export function startWorkers(redis: Redis, options: { prefix?: string } = {}): RunningWorkers {
  const prefix = options.prefix ?? 'bull';
  const connection = redis.duplicate();
  const publisher = redis.duplicate();
  const workers = [
    // One job at a time: FerretDB v1 loses concurrent $inc updates (docs/ARCHITECTURE.md, "Atomicity").
    new Worker<ProductViewJob>(QUEUE_NAMES.productViews, foldProductView(publisher, prefix), { connection, prefix, concurrency: 1 }),
    new Worker<SearchEventJob>(QUEUE_NAMES.searchEvents, foldSearchEvent, { connection, prefix, concurrency: 1 }),
    new Worker<OrderPlacedJob>(QUEUE_NAMES.ordersPlaced, async (job) => { await foldOrderPlaced(job); await recordCouponUse(job); }, { connection, prefix, concurrency: 1 }),
    new Worker<NotificationJob>(QUEUE_NAMES.notifications, deliverNotifications(), { connection, prefix, concurrency: 4 }),
    new Worker<CatalogueChangeJob>(QUEUE_NAMES.catalogueChanges, applyCatalogueChange(publisher, prefix), { connection, prefix, concurrency: 4 }),
  ];
  for (const worker of workers) {
    worker.on('failed', (job, err) => console.error(`[worker] ${worker.name} job ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`));
  }
  return {
    workers,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      connection.disconnect();
      publisher.disconnect();
    },
  };
}
