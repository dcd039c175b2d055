import { createHash } from 'node:crypto';
import { Queue, type ConnectionOptions, type JobsOptions, type RepeatStrategy } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { nextRun, parseRecurringPattern, REMINDER_BEFORE_MS } from '@platform/domain';

/** Queue names (kebab-case). One place, so producers and workers agree. */
export const QUEUE_NAMES = {
  productViews: 'product-views',
  catalogueChanges: 'catalogue-changes',
  searchEvents: 'search-events',
  ordersPlaced: 'orders-placed',
  notifications: 'notifications',
  /** A customer closed their account: each service forgets what it keeps for them. */
  accountsClosed: 'accounts-closed',
  /** A daily run that e-mails owners whose setup wizard still asks something of them. */
  wizardReminders: 'setup-wizard-reminders',
  /** A daily run that deletes sessions and sign-in codes that ended a while ago. */
  endedSessions: 'ended-sessions-cleanup',
  /** A store's e-mail campaign to send to its customers who agreed to marketing e-mails. */
  emailCampaigns: 'email-campaigns',
  /** Stock counts changed in Redis: the database's copy is checked and put right (tenant), or all tenants' (scheduled). */
  stockReconcile: 'stock-reconcile',
  /** Each recurring order's runs ('run') and the e-mails the day before ('remind'): one job scheduler each. */
  recurringOrders: 'recurring-orders',
} as const;

/** Pub/sub channel (under the queue prefix) on which every API process hears catalogue changes. */
export const searchChangesChannel = (prefix: string) => `${prefix}:search-index-changes`;

/** Products of one tenant whose text, price, stock or visibility changed (an API write or an import). */
export interface CatalogueChangeJob {
  tenantId: string;
  productIds: number[];
}

/** A storefront product view to fold into per-product counts. Carries ids and the tenant only. */
export interface ProductViewJob {
  tenantId: string;
  sku: string;
  deviceId: string | null;
  viewedAt: string;
}

/** A storefront search, or a click on one of its results, to fold into per-term counts. */
export interface SearchEventJob {
  tenantId: string;
  kind: 'search' | 'click';
  term: string;
  /** For clicks: the product clicked and its position in the results. */
  productId?: number;
  position?: number;
  at: string;
}

/** A placed order's lines, for sales counts (top selling) and bought-together pairs. */
export interface OrderPlacedJob {
  tenantId: string;
  orderNumber: string;
  placedAt: string;
  items: { sku: string; quantity: number }[];
  /** The customer who placed it (null for guests) and the promo code it used, for once-per-customer codes. */
  customerSlug?: string | null;
  coupon?: string | null;
}

/** The orders-placed job of an order: one per order, however often it is announced (and how a recount knows it counted it). */
export const orderPlacedJobId = (tenantId: string, orderNumber: string) => `${tenantId}-${orderNumber}`;

/** A customer account that was closed (its slug is never given to anyone else). */
export interface AccountClosedJob {
  tenantId: string;
  customerSlug: string;
  /** The account's `_id`, and its e-mail only as `closedAccountEmailHash` (jobs are kept a while in Redis). */
  customerId?: string;
  emailHash?: string;
}

/** How an accounts-closed job names the account's e-mail: SHA-256 of it trimmed and lower-cased. */
export const closedAccountEmailHash = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** An e-mail or a text message to a shopper (sign-in codes, links) or to the store (rental requests); the worker hands it to the channel's adapter. */
export interface NotificationJob {
  tenantId: string;
  channel: 'email' | 'sms';
  /** An e-mail address, or a 10-digit US phone number. */
  to: string;
  subject: string;
  text: string;
  /** What it is, for the outbox and logs: otp, magic-link, reset, rental-request, ... */
  kind: string;
  /** E-mail only: where a reply goes (the shopper, for messages to the store). */
  replyTo?: string;
  /** E-mail only: extra headers (a campaign's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/**
 * Several messages in one job (an order's confirmation, text and the store's e-mails and texts): one job's queue work
 * (~45 Redis commands, the worker's job moves) instead of one per message. The worker delivers each message on its
 * own; a retry sends again only those that failed (deliverNotifications).
 */
export interface NotificationBatchJob {
  tenantId: string;
  /** What the messages are about, for logs: 'order-placed'. */
  kind: string;
  messages: NotificationJob[];
}

/** What the notifications queue carries: one message, or several (NotificationBatchJob). */
export type NotificationsQueueJob = NotificationJob | NotificationBatchJob;

/** The messages a notifications job carries, one or several. */
export const messagesOf = (job: NotificationsQueueJob): NotificationJob[] => ('messages' in job ? job.messages : [job]);

/** An e-mail campaign a store sent: the worker writes it to each customer who agreed to marketing e-mails. */
export interface EmailCampaignJob {
  tenantId: string;
  campaignId: string;
}

/** A tenant's changed stock counts to check against the database; without a tenant, every count of every tenant. */
export interface StockReconcileJob {
  tenantId?: string;
}

/** A recurring order's run to place, or its reminder to send; the run's day is read from the scheduler's time. */
export interface RecurringOrderJob {
  tenantId: string;
  recurringOrderId: string;
}

/**
 * When a recurring order's next job is due: its pattern holds the frequency and the day of its first order
 * (recurringPattern), and a reminder comes REMINDER_BEFORE_MS before its run. The queue and its worker both use it.
 */
export const recurringRepeatStrategy: RepeatStrategy = (millis, opts, name) => {
  const recurring = opts.pattern ? parseRecurringPattern(opts.pattern) : null;
  if (!recurring) return undefined;
  return nextRun(recurring.frequency, recurring.anchorDay, millis, name === 'remind' ? -REMINDER_BEFORE_MS : 0).atMs;
};

/** Retries with exponential backoff; failed jobs are kept for inspection. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { count: 1000 },
  removeOnFail: false,
};

/** Every key matching a pattern, by SCAN (Redis is never blocked as by a long KEYS): for rebuilding a store's lists. */
export async function scanKeys(redis: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/**
 * ioredis connection as BullMQ wants it (no per-request retry limit), for our own commands and the queues' producers:
 * the commands of one event-loop turn go in one write (autopipelining; writing each alone cost the gateway ~13% of
 * its CPU at 50 orders a second). Its duplicates (BullMQ workers, subscribers) send each command at once: autopipelining
 * on workers' connections was reported to break BullMQ's job moves (taskforcesh/bullmq#457).
 */
export function createRedis(url: string): Redis {
  // While Redis loads its append-only file it answers LOADING: ioredis holds our commands until its ready check
  // (INFO) says loading is over, checking again each second at most rather than after Redis's own estimate.
  const redis = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, maxLoadingRetryTime: 1000, lazyConnect: false, enableAutoPipelining: true });
  const duplicate = redis.duplicate.bind(redis);
  redis.duplicate = ((override?: RedisOptions) => duplicate({ enableAutoPipelining: false, ...override })) as Redis['duplicate'];
  return redis;
}

/** How long start-up waits for Redis to load its data or to come up (REDIS_READY_TIMEOUT_MS overrides it). */
export const REDIS_READY_TIMEOUT_MS = 5 * 60_000;

/** Loading progress from `INFO persistence`, or null when Redis is not loading. */
function loadingProgress(info: string): string | null {
  const fields = new Map(info.split('\r\n').map((line): [string, string | undefined] => [line.split(':')[0], line.split(':')[1]]));
  if (fields.get('loading') !== '1') return null;
  return `${fields.get('loading_loaded_perc') ?? '?'}% loaded, about ${fields.get('loading_eta_seconds') ?? '?'} s left`;
}

/**
 * Resolves once the connection is ready (connected, and Redis has finished loading its data), logging while it
 * waits; rejects with a clear message after `timeoutMs`. Start-up awaits this before the services register, so
 * a Redis still loading a big append-only file (LOADING for seconds) delays start-up instead of the services'
 * first commands waiting out Fastify's plugin timeout (10 s) and stopping it.
 */
export function redisReady(redis: Redis, options: { timeoutMs?: number; log?: (message: string) => void } = {}): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  const timeoutMs = options.timeoutMs ?? REDIS_READY_TIMEOUT_MS;
  const log = options.log ?? ((message: string) => console.warn(message));
  const where = `${redis.options.host}:${redis.options.port}`;
  let state = 'not reachable';
  let lastError = '';
  return new Promise<void>((resolve, reject) => {
    // Once connected, INFO (which Redis answers while loading) says how far the loading is.
    const probe = () => {
      if (redis.status !== 'connect') return;
      redis.info('persistence').then((info) => {
        const progress = loadingProgress(info);
        if (!progress || redis.status === 'ready') return;
        state = `still loading its data, ${progress}`;
        log(`waiting for Redis to load its data (${where}: ${progress})`);
      }).catch(() => undefined);
    };
    const onConnect = () => { state = 'connected, not ready'; probe(); };
    const onError = (err: Error) => {
      if (err.message === lastError) return;
      lastError = err.message;
      state = `not reachable: ${err.message}`;
      log(`waiting for Redis at ${where}: ${err.message}`);
    };
    const every = setInterval(probe, 5000);
    const timer = setTimeout(() => {
      done();
      reject(new Error(`Redis at ${where} was not ready after ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`} (${state}); start-up stopped. `
        + 'Loading a big append-only file can take minutes: raise REDIS_READY_TIMEOUT_MS (milliseconds) if so.'));
    }, timeoutMs);
    const onReady = () => { done(); resolve(); };
    function done() {
      clearInterval(every);
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('connect', onConnect);
      redis.off('error', onError);
    }
    redis.on('ready', onReady);
    redis.on('connect', onConnect);
    redis.on('error', onError);
    probe();
  });
}

export interface PlatformQueues {
  productViews: Queue<ProductViewJob>;
  catalogueChanges: Queue<CatalogueChangeJob>;
  searchEvents: Queue<SearchEventJob>;
  ordersPlaced: Queue<OrderPlacedJob>;
  notifications: Queue<NotificationsQueueJob>;
  accountsClosed: Queue<AccountClosedJob>;
  emailCampaigns: Queue<EmailCampaignJob>;
  stockReconcile: Queue<StockReconcileJob>;
  recurringOrders: Queue<RecurringOrderJob>;
  close(): Promise<void>;
}

/** Producer-side queues. `prefix` isolates test runs sharing one Redis. */
export function createQueues(connection: ConnectionOptions, prefix = 'bull'): PlatformQueues {
  const productViews = new Queue<ProductViewJob>(QUEUE_NAMES.productViews, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  const catalogueChanges = new Queue<CatalogueChangeJob>(QUEUE_NAMES.catalogueChanges, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  const searchEvents = new Queue<SearchEventJob>(QUEUE_NAMES.searchEvents, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  const ordersPlaced = new Queue<OrderPlacedJob>(QUEUE_NAMES.ordersPlaced, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  const notifications = new Queue<NotificationsQueueJob>(QUEUE_NAMES.notifications, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  const accountsClosed = new Queue<AccountClosedJob>(QUEUE_NAMES.accountsClosed, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  const emailCampaigns = new Queue<EmailCampaignJob>(QUEUE_NAMES.emailCampaigns, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  const stockReconcile = new Queue<StockReconcileJob>(QUEUE_NAMES.stockReconcile, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  const recurringOrders = new Queue<RecurringOrderJob>(QUEUE_NAMES.recurringOrders, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS, settings: { repeatStrategy: recurringRepeatStrategy } });
  return {
    productViews,
    catalogueChanges,
    searchEvents,
    ordersPlaced,
    notifications,
    accountsClosed,
    emailCampaigns,
    stockReconcile,
    recurringOrders,
    async close() {
      await Promise.all([productViews, catalogueChanges, searchEvents, ordersPlaced, notifications, accountsClosed, emailCampaigns, stockReconcile, recurringOrders].map((queue) => queue.close()));
    },
  };
}
export { runScript } from './scripts';
