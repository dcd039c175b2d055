import { Worker, type ConnectionOptions } from 'bullmq';
import { QUEUE_NAMES, type ProductViewJob } from '@platform/queue';
import { foldProductView } from '@platform/catalogue';

export interface RunningWorkers {
  workers: Worker[];
  close(): Promise<void>;
}

/** Starts every queue's worker. close() lets running jobs finish, then disconnects. */
export function startWorkers(connection: ConnectionOptions, options: { prefix?: string } = {}): RunningWorkers {
  const prefix = options.prefix ?? 'bull';
  const workers = [
    // One job at a time: FerretDB v1 loses concurrent $inc updates (docs/ARCHITECTURE.md, "Atomicity").
    new Worker<ProductViewJob>(QUEUE_NAMES.productViews, foldProductView, { connection, prefix, concurrency: 1 }),
  ];
  for (const worker of workers) {
    worker.on('failed', (job, err) => console.error(`[worker] ${worker.name} job ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`));
  }
  return { workers, async close() { await Promise.all(workers.map((w) => w.close())); } };
}
