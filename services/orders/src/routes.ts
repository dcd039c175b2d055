import { Type } from 'typebox';
import { OrderSummary } from '@platform/contracts';
import { requireAdmin, type ServicePlugin } from '@platform/server-kit';
import { outstandingOrders } from './service';

export const ordersRoutes: ServicePlugin = async (app) => {
  app.get('/admin/orders/outstanding', {
    preHandler: requireAdmin,
    schema: {
      tags: ['orders'], summary: 'Outstanding orders for the admin orders list', security: [{ bearer: [] }],
      querystring: Type.Object({
        page: Type.Integer({ minimum: 1, default: 1 }),
        limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        location_id: Type.Optional(Type.Integer({ minimum: 1 })),
      }),
      response: { 200: Type.Object({ data: Type.Array(OrderSummary), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer() }) },
    },
  }, async (request) => outstandingOrders(request.ctx, request.query));
};
