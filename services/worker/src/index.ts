import { Queue, Worker, type Job, type Processor } from 'bullmq';
import { inBackground, Tenant } from '@platform/db';
import type { Redis } from 'ioredis';
import { createQueues, QUEUE_NAMES, type AccountClosedJob, type CatalogueChangeJob, type EmailCampaignJob, type NotificationsQueueJob, type OrderPlacedJob, type ProductViewJob, type SearchEventJob, type StockReconcileJob } from '@platform/queue';
import { applyCatalogueChange, recountSalesFrom, ensureStockWatchLists, stockWatchersAfterReconcile, foldOrderPlaced, forgetClosedAccountAsks, forgetClosedAccountPings, foldProductView, foldSearchEvent, reconcileStockJob } from '@platform/catalogue';
import { CartStore, forgetClosedAccount, recordCouponUse } from '@platform/cart';
import { forgetEndedSessions, forgetNewsletterSignUp, forgetUnsubscribeLinks } from '@platform/identity';
import { forgetClosedAccountArAccount, recoverAbandonedCheckoutsOf, soldOrders } from '@platform/orders';
import { sendEmailCampaign } from './email-campaigns';
import { deliverNotifications } from '@platform/notifications';
import { sendWizardReminders } from './wizard-reminders';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every job runs as background work (docs/DATA-ACCESS.md rule 5): a job may query a growing collection by
 * other fields than _id (a clean-up, a campaign's recipients, a rebuild); the query guard lets it.
 */
export function asBackgroundJob<T>(queueName: string, handler: Processor<T>): Processor<T> {
  return (job: Job<T>, token?: string, signal?: AbortSignal) => inBackground(`job ${queueName}`, () => Promise.resolve(handler(job, token, signal)));
}

/** A worker of one queue whose every job runs inside `inBackground`: the one place workers are made. */
function backgroundWorker<T>(queueName: string, handler: Processor<T>, options: ConstructorParameters<typeof Worker<T>>[2]): Worker<T> {
  return new Worker<T>(queueName, asBackgroundJob(queueName, handler), options);
}

export interface RunningWorkers {
  workers: Worker[];
  close(): Promise<void>;
}

/**
 * Starts every queue's worker, and schedules the daily setup wizard reminders and clean-up of ended sessions
 * (one schedule each however many workers run). close() lets running jobs finish, then disconnects. publicUrl: the platform's address, for
 * links to stores without a domain of their own.
 */
export function startWorkers(redis: Redis, options: { prefix?: string; publicUrl?: string } = {}): RunningWorkers {
  const prefix = options.prefix ?? 'bull';
  recountSalesFrom(soldOrders); // the sales counts are counted again from the orders when Redis lost them
  const publicUrl = options.publicUrl ?? process.env.PUBLIC_URL ?? 'http://localhost:8080';
  const connection = redis.duplicate();
  const publisher = redis.duplicate();
  const producers = createQueues(connection, prefix);
  const reminders = new Queue(QUEUE_NAMES.wizardReminders, { connection, prefix });
  const cleanUps = new Queue(QUEUE_NAMES.endedSessions, { connection, prefix });
  const scheduled = Promise.all([
    reminders.upsertJobScheduler('daily', { every: DAY_MS }, { name: 'send' })
      .catch((err: Error) => console.error(`[worker] could not schedule the setup wizard reminders: ${err.message}`)),
    cleanUps.upsertJobScheduler('daily', { every: DAY_MS }, { name: 'clean-up' })
      .catch((err: Error) => console.error(`[worker] could not schedule the clean-up of ended sessions: ${err.message}`)),
    // Every stock count Redis holds, against the database: catches what a Redis restart lost.
    producers.stockReconcile.upsertJobScheduler('every-10-minutes', { every: 10 * 60_000 }, { name: 'all', data: {} })
      .catch((err: Error) => console.error(`[worker] could not schedule the stock reconcile: ${err.message}`)),
    // And once now: after a Redis restart, counts missing from Redis read the stock journal until that run has folded it.
    producers.stockReconcile.add('all', {}, { deduplication: { id: 'stock-reconcile-at-start' } })
      .catch((err: Error) => console.error(`[worker] could not queue the stock reconcile: ${err.message}`)),
  ]);
  const foldSales = foldOrderPlaced(publisher, prefix);
  const reconcileStock = reconcileStockJob(publisher, prefix);
  const forgetCarts = forgetClosedAccount(new CartStore(connection, prefix));
  const workers = [
    // Counted in Redis atomically and written by _id with the count Redis holds (catalogue tracking.ts): exact at any
    // concurrency and with several worker processes (docs/ARCHITECTURE.md, "Atomicity").
    backgroundWorker<ProductViewJob>(QUEUE_NAMES.productViews, foldProductView(publisher, prefix), { connection, prefix, concurrency: 8 }),
    backgroundWorker<SearchEventJob>(QUEUE_NAMES.searchEvents, foldSearchEvent(publisher, prefix), { connection, prefix, concurrency: 8 }),
    backgroundWorker<OrderPlacedJob>(QUEUE_NAMES.ordersPlaced, async (job) => { await foldSales(job); await recordCouponUse(job); }, { connection, prefix, concurrency: 4 }),
    // 8 at once: the local outbox writes the messages delivered together (a job's several, other jobs') in one insert (libs/notifications keep).
    backgroundWorker<NotificationsQueueJob>(QUEUE_NAMES.notifications, deliverNotifications(), { connection, prefix, concurrency: 8 }),
    backgroundWorker<CatalogueChangeJob>(QUEUE_NAMES.catalogueChanges, applyCatalogueChange(publisher, prefix, producers), { connection, prefix, concurrency: 4 }),
    // A closed or erased account: each service forgets what it keeps (saved carts and the open cart, back-in-stock asks, in-store pings, unsubscribe links, its place on an AR account).
    backgroundWorker<AccountClosedJob>(QUEUE_NAMES.accountsClosed, async (job) => {
      await forgetCarts(job);
      await forgetClosedAccountArAccount({ resources: { redis: publisher, queuePrefix: prefix } })(job);
      await forgetClosedAccountAsks({ redis: publisher, queuePrefix: prefix })(job);
      await forgetClosedAccountPings({ redis: publisher, queuePrefix: prefix })(job);
      await forgetUnsubscribeLinks(job);
      await forgetNewsletterSignUp({ redis: publisher, prefix }, job);
    }, { connection, prefix, concurrency: 1 }),
    backgroundWorker(QUEUE_NAMES.wizardReminders, async () => { await sendWizardReminders(producers, publicUrl); }, { connection, prefix, concurrency: 1 }),
    backgroundWorker(QUEUE_NAMES.endedSessions, async () => { await forgetEndedSessions(); }, { connection, prefix, concurrency: 1 }),
    // Checkouts that stopped between taking stock and saving their order give it back, then Redis and the database agree.
    backgroundWorker<StockReconcileJob>(QUEUE_NAMES.stockReconcile, async (job) => {
      const recovered = await recoverAbandonedCheckoutsOf({ resources: { redis: publisher, queuePrefix: prefix, queues: producers } }, job.data.tenantId);
      const reconciled = await reconcileStock(job);
      // Back-in-stock asks and in-store pings a lost Redis forgot are listed again from the database (once per store).
      const tenantIds = job.data.tenantId ? [job.data.tenantId] : ((await Tenant.find({ active: true }, { _id: 1 }).lean()) as { _id: unknown }[]).map((t) => String(t._id));
      for (const tenantId of tenantIds) await ensureStockWatchLists({ redis: publisher, queuePrefix: prefix }, tenantId);
      // Counts the database had higher (an import): shoppers waiting for them to be back are told.
      await stockWatchersAfterReconcile({ redis: publisher, queuePrefix: prefix, queues: producers }, reconciled.differences);
      return { ...reconciled, recovered };
    }, { connection, prefix, concurrency: 1 }),
    backgroundWorker<EmailCampaignJob>(QUEUE_NAMES.emailCampaigns, async (job) => { await sendEmailCampaign(producers, job.data, publicUrl); }, { connection, prefix, concurrency: 1 }),
  ];
  for (const worker of workers) {
    worker.on('failed', (job, err) => console.error(`[worker] ${worker.name} job ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`));
  }
  return {
    workers,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await scheduled;
      await reminders.close();
      await cleanUps.close();
      await producers.close();
      connection.disconnect();
      publisher.disconnect();
    },
  };
}
