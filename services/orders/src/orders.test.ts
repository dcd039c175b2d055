import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { announceOrderPlaced, ordersService, Order } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
let customerToken: string;
let emptyAdminToken: string;

beforeAll(async () => {
  harness = await createTestApp([ordersService], 'orders');
  const a = await createTenant('ord-a');
  const b = await createTenant('ord-b');
  const empty = await createTenant('ord-empty');
  const order = (tenantId: string, orderNumber: string, status: string, day: number) => ({
    tenantId, orderNumber, status, locationId: 1, customerName: `Customer ${orderNumber}`, totalCents: 1050 * day, placedAt: new Date(Date.UTC(2026, 10, day)),
  });
  await Order.insertMany([order(a.id, 'A-1', 'placed', 1), order(a.id, 'A-2', 'completed', 2), order(a.id, 'A-3', 'preparing', 3), order(b.id, 'B-1', 'placed', 4)]);
  adminToken = await issueToken(a.id, { isAdmin: true });
  customerToken = await issueToken(a.id, { isAdmin: false });
  emptyAdminToken = await issueToken(empty.id, { isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

const get = (headers: Record<string, string>) => harness.app.inject({ url: '/api/admin/orders/outstanding', headers: { 'business-slug': 'ord-a', ...headers } });

describe('GET /api/admin/orders/outstanding', () => {
  it('lists the tenant\'s outstanding orders, newest first, with totals in 2 decimals', async () => {
    const res = await get({ authorization: `Bearer ${adminToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(res.json().data.map((o: { order_number: string; total: string }) => [o.order_number, o.total])).toEqual([['A-3', '31.50'], ['A-1', '10.50']]);
  });

  it('is empty for a store without orders', async () => {
    const res = await harness.app.inject({ url: '/api/admin/orders/outstanding', headers: { 'business-slug': 'ord-empty', authorization: `Bearer ${emptyAdminToken}` } });
    expect(res.json()).toEqual({ data: [], total: 0, current_page: 1, last_page: 1 });
  });

  it('asks a guest to sign in and refuses a customer', async () => {
    const guest = await get({});
    expect(guest.statusCode).toBe(401);
    const customer = await get({ authorization: `Bearer ${customerToken}` });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({ status: 403, message: 'This action is for store admins only.' });
  });
});

describe('announceOrderPlaced', () => {
  it('queues one orders-placed job per order with its lines, and none for an order without lines', async () => {
    const queue = harness.resources.queues.ordersPlaced;
    const order = { orderNumber: 'Q-1', placedAt: new Date(Date.UTC(2026, 10, 5)), items: [{ sku: 'S1', quantity: 2 }], customerSlug: 'jane', coupon: 'SAVE10' };
    await announceOrderPlaced(harness.resources.queues, 'tenant-q', order);
    await announceOrderPlaced(harness.resources.queues, 'tenant-q', order);
    await announceOrderPlaced(harness.resources.queues, 'tenant-q', { ...order, orderNumber: 'Q-2', items: [] });
    const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(jobs.map((j) => j.data)).toEqual([{ tenantId: 'tenant-q', orderNumber: 'Q-1', placedAt: '2026-11-05T00:00:00.000Z', items: [{ sku: 'S1', quantity: 2 }], customerSlug: 'jane', coupon: 'SAVE10' }]);
  });
});
