import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { AccessToken, connectMongo, disconnectMongo, inBackground, keyedId, Location, mongoose, Tenant } from '@platform/db';
import { Customer, EmailCampaign, NewsletterSubscriber } from '@platform/identity';
import { OutboxMessage } from '@platform/notifications';
import { closedAccountEmailHash, createQueues, createRedis, DEFAULT_JOB_OPTIONS, QUEUE_NAMES, type ProductViewJob } from '@platform/queue';
import { BackInStockAsk, InStorePing, mostBoughtWith, mostSold, ProductStat } from '@platform/catalogue';
import { CartStore, CouponUse, SavedCart } from '@platform/cart';
import { announceOrderPlaced, ArAccountModel, Order } from '@platform/orders';
import { startWorkers, type RunningWorkers } from './index';

const prefix = `t-worker-${process.pid}`;
let redis: ReturnType<typeof createRedis>;
let queue: Queue<ProductViewJob>;
let running: RunningWorkers;
/** The tests check what jobs wrote by other fields than _id: development reads, inBackground (docs/DATA-ACCESS.md). */
const read = <T>(work: () => PromiseLike<T>) => inBackground('test: check what the jobs wrote', work);

beforeAll(async () => {
  await connectMongo(process.env.MONGODB_URI!, `test_worker_${process.pid}`);
  redis = createRedis(process.env.REDIS_URL!);
  queue = new Queue<ProductViewJob>(QUEUE_NAMES.productViews, { connection: redis, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  running = startWorkers(redis, { prefix });
});
afterAll(async () => {
  await running?.close();
  await queue?.obliterate({ force: true });
  await queue?.close();
  redis?.disconnect();
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

describe('orders-placed worker', () => {
  it("counts the order's sales and records the customer's use of its promo code once, however often it is announced", async () => {
    const queues = createQueues(redis, prefix);
    try {
      const order = { orderNumber: 'W-1', placedAt: new Date(), items: [{ sku: 'S-9', quantity: 2 }], customerSlug: 'jane-doe', coupon: 'welcome15' };
      await announceOrderPlaced(queues, 'w-tenant', order);
      await announceOrderPlaced(queues, 'w-tenant', order);
      await expect.poll(async () => read(() => CouponUse.countDocuments({ tenantId: 'w-tenant', customerSlug: 'jane-doe', code: 'WELCOME15' })), { timeout: 10000 }).toBe(1);
      const today = new Date().toISOString().slice(0, 10);
      expect(await mostSold({ redis, prefix }, 'w-tenant', today, 10)).toEqual([{ sku: 'S-9', sold: 2 }]);
    } finally {
      await queues.ordersPlaced.obliterate({ force: true });
      await queues.close();
    }
  });

  it('counts sales exactly with two worker processes folding the same store at once', async () => {
    // A second worker process as it would run: its own Redis connections, every worker of the platform.
    const secondRedis = createRedis(process.env.REDIS_URL!);
    const second = startWorkers(secondRedis, { prefix });
    const queues = createQueues(redis, prefix);
    const tenantId = 'w-two-workers';
    const skus = ['NAIL', 'SCREW', 'BOLT', 'WASHER', 'NUT'];
    const expected = new Map<string, number>();
    const orders = Array.from({ length: 120 }, (_, n) => {
      const items = skus.filter((_, k) => (n + k) % 3 !== 0).map((sku, k) => ({ sku, quantity: 1 + ((n * 7 + k) % 5) }));
      for (const item of items) expected.set(item.sku, (expected.get(item.sku) ?? 0) + item.quantity);
      return { orderNumber: `TW-${n}`, placedAt: new Date(), items };
    });
    try {
      // Each announced twice, as a retried checkout might: counted once.
      await Promise.all([...orders, ...orders].map((order) => announceOrderPlaced(queues, tenantId, order)));
      await expect.poll(async () => queues.ordersPlaced.getJobCounts('wait', 'active', 'delayed'), { timeout: 30000, interval: 100 }).toEqual({ wait: 0, active: 0, delayed: 0 });
      const today = new Date().toISOString().slice(0, 10);
      const want = [...expected].map(([sku, sold]) => ({ sku, sold })).sort((a, b) => b.sold - a.sold || a.sku.localeCompare(b.sku));
      const got = (await mostSold({ redis, prefix }, tenantId, today, 10)).sort((a, b) => b.sold - a.sold || a.sku.localeCompare(b.sku));
      expect(got).toEqual(want);
      expect(await queues.ordersPlaced.getFailedCount()).toBe(0);
    } finally {
      await second.close();
      secondRedis.disconnect();
      await queues.ordersPlaced.obliterate({ force: true });
      await queues.close();
    }
  });

  it('counts the sales again from the orders when Redis lost them, an order whose job was still waiting once, cancelled orders not at all', async () => {
    const queues = createQueues(redis, prefix);
    const store = { redis, prefix };
    const tenantId = 'w-recount';
    const line = (sku: string, quantity: number) => ({ productId: 1, storeProductId: 1, sku, title: sku, quantity, priceCents: 100 });
    const order = (orderNumber: string, status: string, items: ReturnType<typeof line>[]) => ({ tenantId, orderNumber, status, locationId: 1, customerName: 'Jo Buyer', totalCents: 100, placedAt: new Date(), items });
    try {
      await Order.create([
        order('R-1', 'completed', [line('NAIL', 3), line('HAMMER', 1)]),
        order('R-2', 'placed', [line('NAIL', 2)]),
        order('R-3', 'cancelled', [line('NAIL', 50), line('SAW', 1)]),
        order('R-4', 'awaiting_payment', [line('SAW', 7)]),
      ]);
      // Redis holds none of this store's counts (lost, or never had them): the first read counts them from the orders.
      const today = new Date().toISOString().slice(0, 10);
      expect(await mostSold(store, tenantId, today, 10)).toEqual([{ sku: 'NAIL', sold: 5 }, { sku: 'HAMMER', sold: 1 }]);
      expect(await mostBoughtWith(store, tenantId, 'HAMMER', 10)).toEqual([{ sku: 'NAIL', orders: 1 }]);
      // R-2's orders-placed job was still waiting when Redis lost its counts: counted by the recount, it adds nothing.
      await announceOrderPlaced(queues, tenantId, { orderNumber: 'R-2', placedAt: new Date(), items: [{ sku: 'NAIL', quantity: 2 }] });
      await expect.poll(() => queues.ordersPlaced.getCompletedCount(), { timeout: 10000 }).toBe(1);
      expect(await mostSold(store, tenantId, today, 10)).toEqual([{ sku: 'NAIL', sold: 5 }, { sku: 'HAMMER', sold: 1 }]);
      // A new order counts on top.
      await Order.create(order('R-5', 'placed', [line('SAW', 1), line('NAIL', 1)]));
      await announceOrderPlaced(queues, tenantId, { orderNumber: 'R-5', placedAt: new Date(), items: [{ sku: 'SAW', quantity: 1 }, { sku: 'NAIL', quantity: 1 }] });
      await expect.poll(() => queues.ordersPlaced.getCompletedCount(), { timeout: 10000 }).toBe(2);
      expect(await mostSold(store, tenantId, today, 10)).toEqual([{ sku: 'NAIL', sold: 6 }, { sku: 'HAMMER', sold: 1 }, { sku: 'SAW', sold: 1 }]);
      expect(await mostBoughtWith(store, tenantId, 'NAIL', 10)).toEqual([{ sku: 'HAMMER', orders: 1 }, { sku: 'SAW', orders: 1 }]);
    } finally {
      await queues.ordersPlaced.obliterate({ force: true });
      await queues.close();
    }
  });
});

describe('accounts-closed worker', () => {
  it("forgets a closed account's saved carts, open cart, back-in-stock asks, in-store pings (signed in or with its e-mail) and newsletter sign-up, and takes it off its AR account; no one else's", async () => {
    const queues = createQueues(redis, prefix);
    const carts = new CartStore(redis, prefix);
    try {
      const saved = (customerSlug: string, savedCartId: string) => ({ tenantId: 'w-tenant', customerSlug, savedCartId, name: 'Deck', locationId: 1, items: [{ storeProductId: 7, quantity: 1, special: false }], createdAt: new Date() });
      await SavedCart.create([saved('gone-1', 'a1'), saved('gone-1', 'a2'), saved('stays-2', 'b1')]);
      for (const customerSlug of ['gone-1', 'stays-2']) await carts.put('w-tenant', { customerSlug, deviceId: null }, { locationId: 1, items: [{ storeProductId: 7, quantity: 2, special: false }] });
      const ask = (n: number, email: string, customerSlug: string | null) => ({ _id: `w-tenant:ask:${n}`, tenantId: 'w-tenant', storeProductId: 7, productId: 7, locationId: 1, email, customerSlug, link: 'https://w.test/p/7' });
      await BackInStockAsk.create([ask(1, 'gone@w.test', 'gone-1'), ask(2, 'Gone@W.test', null), ask(3, 'stays@w.test', 'stays-2')]);
      const ping = (n: number, who: string, email: string | null, customerSlug: string | null) => ({
        _id: `w-tenant:in-store-ping:7:${who}`, tenantId: 'w-tenant', storeProductId: 7, productId: 7, locationId: 1, who, customerSlug, name: `Pinger ${n}`, email, phone: null,
        link: 'https://w.test/p/7', status: 'open', pingedAt: new Date(),
      });
      await InStorePing.create([ping(1, 'c:c-1', 'gone@w.test', 'gone-1'), ping(2, 'd:GoneDevice', 'GONE@w.test', null), ping(3, 'd:StayDevice', 'stays@w.test', null)]);
      const signUp = (email: string) => ({ _id: keyedId('w-tenant', 'newsletter', closedAccountEmailHash(email)), tenantId: 'w-tenant', email, consentText: 'Yes, e-mail me.', consentAt: new Date(), createdAt: new Date() });
      await NewsletterSubscriber.create([signUp('gone@w.test'), signUp('stays@w.test')]);
      const onAccount = (id: string) => ({ id, name: id, email: `${id}@w.test`, at: new Date(), by: 'owner' });
      const ar = await ArAccountModel.create({ tenantId: 'w-tenant', number: 'W-1', name: 'W Trades', creditLimitCents: 50000, customers: [onAccount('gone-1'), onAccount('stays-2')], customerCount: 2 });
      const arIndex = `${prefix}:ar-customers:w-tenant`;
      await redis.hset(arIndex, 'gone-1', String(ar._id), 'stays-2', String(ar._id));
      await queues.accountsClosed.add('closed', { tenantId: 'w-tenant', customerSlug: 'gone-1', customerId: 'c-1', emailHash: closedAccountEmailHash('gone@w.test') });
      await expect.poll(async () => read(() => SavedCart.countDocuments({ tenantId: 'w-tenant', customerSlug: 'gone-1' })), { timeout: 10000 }).toBe(0);
      await expect.poll(async () => carts.get('w-tenant', { customerSlug: 'gone-1', deviceId: null }), { timeout: 10000 }).toBeNull();
      expect(await read(() => SavedCart.countDocuments({ tenantId: 'w-tenant', customerSlug: 'stays-2' }))).toBe(1);
      expect((await carts.get('w-tenant', { customerSlug: 'stays-2', deviceId: null }))?.items).toHaveLength(1);
      await expect.poll(async () => (await read(() => BackInStockAsk.find({ tenantId: 'w-tenant' }).lean()) as unknown as { email: string }[]).map((a) => a.email), { timeout: 10000 }).toEqual(['stays@w.test']);
      await expect.poll(async () => (await read(() => InStorePing.find({ tenantId: 'w-tenant' }).lean()) as unknown as { name: string }[]).map((p) => p.name), { timeout: 10000 }).toEqual(['Pinger 3']);
      await expect.poll(async () => (await read(() => NewsletterSubscriber.find({ tenantId: 'w-tenant' }).lean()) as unknown as { email: string }[]).map((n) => n.email), { timeout: 10000 }).toEqual(['stays@w.test']);
      await expect.poll(async () => (await read(() => ArAccountModel.findOne({ tenantId: 'w-tenant', _id: ar._id }).lean()) as unknown as { customers: { id: string }[] }).customers.map((c) => c.id), { timeout: 10000 }).toEqual(['stays-2']);
      expect(await redis.hgetall(arIndex)).toEqual({ 'stays-2': String(ar._id) });
    } finally {
      await queues.accountsClosed.obliterate({ force: true });
      await queues.close();
    }
  });
});

describe('product-views worker', () => {
  it('folds queued views into per-product counts, also when first views of a product arrive together', async () => {
    const views = Array.from({ length: 8 }, (_, i) => ({ name: 'view', data: { tenantId: 'w-tenant', sku: 'S-1', deviceId: i % 2 ? 'AbCdE12345' : null, viewedAt: new Date().toISOString() } }));
    await queue.addBulk(views);
    await expect.poll(async () => (await read(() => ProductStat.findOne({ tenantId: 'w-tenant', sku: 'S-1' }).lean()) as { views?: number } | null)?.views, { timeout: 10000 }).toBe(8);
    expect(await queue.getFailedCount()).toBe(0);
  });

  it('retries a failing job with backoff and keeps it for inspection when it keeps failing', async () => {
    // A job without a tenant fails in the data layer's tenant guard on every attempt.
    const job = await queue.add('view', { tenantId: '', sku: 'S-2', deviceId: null, viewedAt: new Date().toISOString() }, { attempts: 2, backoff: { type: 'fixed', delay: 100 }, removeOnFail: false });
    await expect.poll(async () => (await queue.getJob(job.id!))?.failedReason ?? '', { timeout: 10000 }).toMatch(/tenant/);
    await expect.poll(async () => (await queue.getJob(job.id!))?.attemptsMade, { timeout: 10000 }).toBe(2);
    expect(await queue.getJobState(job.id!)).toBe('failed');
  });

  it('schedules the setup wizard reminders once a day', async () => {
    const reminders = new Queue(QUEUE_NAMES.wizardReminders, { connection: redis, prefix });
    try {
      await expect.poll(async () => (await reminders.getJobSchedulers()).map((s) => [s.key, s.every]), { timeout: 10000 }).toEqual([['daily', 24 * 60 * 60 * 1000]]);
    } finally {
      await reminders.close();
    }
  });

  it('cleans up ended sessions once a day: one ended over 30 days ago goes, live and recently ended ones stay', async () => {
    const cleanUps = new Queue(QUEUE_NAMES.endedSessions, { connection: redis, prefix });
    try {
      await expect.poll(async () => (await cleanUps.getJobSchedulers()).map((s) => [s.key, s.every]), { timeout: 10000 }).toEqual([['daily', 24 * 60 * 60 * 1000]]);
      const store = await Tenant.create({ slug: `w-clean-${process.pid}`, name: 'Clean Store', businessId: 77 });
      const days = (n: number) => new Date(Date.now() + n * 86_400_000);
      const session = (tokenHash: string, expiresAt: Date, revokedAt: Date | null = null) =>
        AccessToken.create({ tenantId: store.id, tokenHash, customerId: 'c1', customerSlug: 'kim', expiresAt, revokedAt });
      await session(`expired-long-ago-${process.pid}`, days(-40));
      await session(`ended-long-ago-${process.pid}`, days(20), days(-31));
      await session(`live-${process.pid}`, days(20));
      await session(`ended-lately-${process.pid}`, days(20), days(-5));
      await cleanUps.add('clean-up', {});
      await expect.poll(async () => read(() => AccessToken.countDocuments({ tenantId: store.id })), { timeout: 10000 }).toBe(2);
      expect((await read(() => AccessToken.find({ tenantId: store.id }).lean()) as { tokenHash: string }[]).map((t) => t.tokenHash).sort()).toEqual([`ended-lately-${process.pid}`, `live-${process.pid}`]);
    } finally {
      await cleanUps.close();
    }
  });

  it("writes an e-mail campaign to the store's customers who agreed, with the store's address and postal address", async () => {
    const queues = createQueues(redis, prefix);
    try {
      const store = await Tenant.create({ slug: `w-mail-${process.pid}`, name: 'Mail Store', businessId: 78 });
      await Location.create({ tenantId: store.id, locationId: 1, name: 'Main', address: '12 Main St', city: 'Portland', state: 'OR', zip: '97201' });
      await Customer.create({ tenantId: store.id, slug: 'kim', email: 'kim@w-mail.test', passwordHash: 'x', receiveMarketing: true });
      await Customer.create({ tenantId: store.id, slug: 'lee', email: 'lee@w-mail.test', passwordHash: 'x', receiveMarketing: false });
      const campaign = await EmailCampaign.create({ tenantId: store.id, subject: 'Spring sale', body: 'Mulch is 20% off.', status: 'sending' });
      await queues.emailCampaigns.add('send', { tenantId: store.id, campaignId: String(campaign._id) });
      await expect.poll(async () => (await read(() => EmailCampaign.findOne({ tenantId: store.id }).lean()) as { status: string }).status, { timeout: 10000 }).toBe('sent');
      await expect.poll(async () => read(() => OutboxMessage.countDocuments({ tenantId: store.id, kind: 'campaign' })), { timeout: 10000 }).toBe(1);
      const [mail] = await read(() => OutboxMessage.find({ tenantId: store.id, kind: 'campaign' }).lean()) as { to: string; text: string }[];
      expect(mail.to).toBe('kim@w-mail.test');
      expect(mail.text).toMatch(new RegExp(`http://w-mail-${process.pid}\\.localhost:8080/unsubscribe\\?token=[\\w-]{32}`));
      expect(mail.text).toContain('Mail Store, 12 Main St, Portland, OR 97201');
    } finally {
      await queues.emailCampaigns.obliterate({ force: true });
      await queues.close();
    }
  });

  it('closes cleanly, letting the running job finish', async () => {
    const extra = startWorkers(redis, { prefix });
    await expect(extra.close()).resolves.toBeUndefined();
    expect(extra.workers.every((w) => !w.isRunning())).toBe(true);
  });
});
