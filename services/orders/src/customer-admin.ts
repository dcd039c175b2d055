import { Type } from 'typebox';
import { AdminCustomerDetails, PageNumber } from '@platform/contracts';
import { formatCents } from '@platform/domain';
import { shopperForAdmin } from '@platform/identity';
import { errorAnswers, requireAdmin, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { customerAddresses, orderKeys, orderPage, type OrderIndexStore } from './order-index';
import { customerPrivacyRoutes } from './customer-privacy';

/**
 * One shopper for the admin's Customers area: identity's details, consent and saved cards (brand and last 4), and
 * their orders from the orders' Redis list of that customer (My Orders' own list) with the addresses those were sent
 * to (Redis too: an account keeps no addresses of its own). Here in orders, which already uses identity: identity
 * using orders would make the two depend on each other.
 */
export async function adminCustomer(ctx: RequestContext, s: OrderIndexStore, slug: string, q: { page: number; limit: number }): Promise<AdminCustomerDetails> {
  const shopper = await shopperForAdmin(ctx, slug);
  const [{ rows, total }, addresses] = await Promise.all([
    orderPage(s, ctx.tenantId, orderKeys.customer(s, ctx.tenantId, shopper.customer.id), q.page, q.limit),
    customerAddresses(s, ctx.tenantId, shopper.customer.id),
  ]);
  return {
    ...shopper,
    addresses,
    orders: {
      data: rows.map((o) => ({
        id: o.id, order_number: o.order_number, status: o.status, order_type: o.order_type, placed_at: o.placed_at, item_count: o.item_count, total: formatCents(o.total_cents),
      })),
      total, current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.limit)),
    },
  };
}

/**
 * POST admin/customer/{id} (spec 3 §7 Customers): any admin; another store's customer, an admin or staff account is
 * not found. Beside it, the owner's export and delete of one customer's personal data (customer-privacy.ts).
 */
export const customerAdminRoutes: ServicePlugin = async (app, options) => {
  const store: OrderIndexStore = { redis: app.resources.redis, prefix: app.resources.queuePrefix };
  app.post('/admin/customer/:id', {
    preHandler: requireAdmin,
    schema: {
      tags: ['customers'], security: [{ bearer: [] }],
      summary: "One shopper (id: the account's slug): details, marketing and text consent, their orders (newest first, 10 a page), the addresses of those orders and saved cards as brand and last 4 only",
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
      // No body (the spec's call sends none); the orders' page in the query.
      querystring: Type.Object({ page: PageNumber, limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }) }),
      response: { 200: AdminCustomerDetails, ...errorAnswers(401, 403, 404) },
    },
  }, async (request) => adminCustomer(request.ctx, store, request.params.id, request.query));
  await customerPrivacyRoutes(app, options);
};
