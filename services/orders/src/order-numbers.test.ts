import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { backgroundContext, resolvedTenant, type RequestContext } from '@platform/server-kit';
import { inBackground, mongoose, Tenant } from '@platform/db';
import { Order, ordersService } from './index';
import { saveNumberedOrder } from './order-numbers';
import type { OrderIndexStore } from './order-index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let ctx: RequestContext;
let store: OrderIndexStore;
const fields = () => ({ status: 'placed', locationId: 1, totalCents: 1200, placedAt: new Date(), items: [] });
const save = () => saveNumberedOrder<{ orderNumber: string; sequence: number }>(ctx, store, new mongoose.Types.ObjectId(), fields());
/** An order saved by something else than this checkout (another process, an import): the order lists in Redis do not hold it. */
const writtenElsewhere = (orderNumber: number, withSequence: boolean) =>
  Order.create({ tenantId, orderNumber: String(orderNumber), ...(withSequence ? { sequence: orderNumber } : {}), status: 'completed', locationId: 1, totalCents: 100, placedAt: new Date() });

beforeAll(async () => {
  harness = await createTestApp([ordersService], 'order-numbers');
  tenantId = (await createTenant('numbers-a')).id;
  ctx = backgroundContext(resolvedTenant((await inBackground('test reads the store', () => Tenant.findOne({ _id: tenantId }).lean())) as never));
  store = { redis: harness.resources.redis, prefix: harness.resources.queuePrefix };
});
afterAll(async () => { await harness?.close(); });

describe('order numbers', () => {
  it('saves the order under a free number when the next eight are taken by orders the lists do not hold: the database is asked for its highest once', async () => {
    const n = Number((await save()).orderNumber);
    // Eight in a row, some with a checkout sequence (another process's checkout), some a bare number (an import).
    for (let k = 1; k <= 8; k += 1) await writtenElsewhere(n + k, k % 2 === 0);
    const saved = await save();
    expect([saved.orderNumber, saved.sequence]).toEqual([String(n + 9), n + 9]);
    // The sequence stays past them: the next order takes the next number at once.
    expect((await save()).orderNumber).toBe(String(n + 10));
    const numbers = ((await inBackground('test reads the orders', () => Order.find({ tenantId }, { orderNumber: 1 }).lean())) as unknown as { orderNumber: string }[]).map((o) => o.orderNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('a refusal that is not a taken number stands: an order saved already under its _id is not numbered again', async () => {
    const id = new mongoose.Types.ObjectId();
    await saveNumberedOrder(ctx, store, id, fields());
    await expect(saveNumberedOrder(ctx, store, id, fields())).rejects.toMatchObject({ code: 11000 });
  });
});
