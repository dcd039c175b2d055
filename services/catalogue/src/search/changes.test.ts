import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { searchChangesChannel } from '@platform/queue';
import { announceStockChange } from './changes';

const queuePrefix = `t-stock-news-${process.pid}`;
let redis: Redis;
let listener: Redis;
const heard: { tenantId: string; productIds: number[]; stock?: boolean }[] = [];

beforeAll(async () => {
  redis = new Redis(process.env.REDIS_URL!);
  listener = new Redis(process.env.REDIS_URL!);
  listener.on('message', (_channel, message) => heard.push(JSON.parse(message) as (typeof heard)[number]));
  await listener.subscribe(searchChangesChannel(queuePrefix));
});
afterAll(() => { redis.disconnect(); listener.disconnect(); });

const until = async (done: () => boolean) => { for (let i = 0; i < 500 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20)); };

describe('stock announcements', () => {
  it("tells the API processes of every checkout's products, those made while one is sent together in the next message, each store on its own", async () => {
    heard.length = 0;
    const resources = { redis, queuePrefix };
    // Five checkouts of one store and one of another answer at the same time.
    await Promise.all([
      announceStockChange(resources, 'store-a', [1, 2]),
      announceStockChange(resources, 'store-a', [2, 3]),
      announceStockChange(resources, 'store-a', [4]),
      announceStockChange(resources, 'store-b', [1]),
      announceStockChange(resources, 'store-a', [5, 6]),
      announceStockChange(resources, 'store-a', []),
      announceStockChange(resources, 'store-a', [7]),
    ]);
    const of = (tenantId: string) => heard.filter((m) => m.tenantId === tenantId);
    // Every message heard (store-b's goes last now that announcements run one at a time), none left for the next test.
    await until(() => of('store-a').flatMap((m) => m.productIds).length >= 8 && of('store-b').length >= 1);
    // The first alone, the four made while it was sent together (a product once a message).
    expect(of('store-a').map((m) => m.productIds)).toEqual([[1, 2], [2, 3, 4, 5, 6, 7]]);
    expect(of('store-b')).toEqual([{ tenantId: 'store-b', productIds: [1], stock: true }]);
    expect(heard.every((m) => m.stock)).toBe(true);
    // Later announcements go out as before.
    heard.length = 0;
    await announceStockChange(resources, 'store-a', [9]);
    await until(() => heard.length >= 1);
    expect(heard).toEqual([{ tenantId: 'store-a', productIds: [9], stock: true }]);
  });

  it('fails the announcements whose message could not be sent, and sends later ones', async () => {
    const broken = new Redis(process.env.REDIS_URL!, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const resources = { redis: broken, queuePrefix };
    await expect(Promise.all([announceStockChange(resources, 'store-c', [1]), announceStockChange(resources, 'store-c', [2])])).rejects.toThrow();
    heard.length = 0;
    await announceStockChange({ redis, queuePrefix }, 'store-c', [3]);
    await until(() => heard.length >= 1);
    expect(heard).toEqual([{ tenantId: 'store-c', productIds: [3], stock: true }]);
    broken.disconnect();
  });
});
