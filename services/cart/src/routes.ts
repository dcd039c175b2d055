import { Type } from 'typebox';
import { Cart } from '@platform/contracts';
import type { ServicePlugin } from '@platform/server-kit';
import { cartParcels, shopperIdentity } from './service';

export const cartRoutes: ServicePlugin = async (app) => {
  app.get('/cart-parcels', {
    schema: {
      tags: ['cart'], summary: "The shopper's cart: parcels, checkout types, subtotal. Guests by device_id, customers by token",
      querystring: Type.Object({ device_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{10}$' })), customer_slug: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: { 200: Type.Object({ data: Cart }) },
    },
  }, async (request) => ({ data: await cartParcels(request.ctx, shopperIdentity(request.ctx, request.query)) }));
};
