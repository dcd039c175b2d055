import { Type } from 'typebox';
import { FraudCheckAnswer } from '@platform/contracts';
import { errorAnswers, requireAdmin, type ServicePlugin } from '@platform/server-kit';
import { redisStore, type CheckoutIo } from '../checkout';
import { buildCardIndexes } from './card-index';
import { checkOrder, verifyOrder } from './checks';

const tags = ['orders'];
const security = [{ bearer: [] }];
const OrderId = Type.String({ minLength: 1, maxLength: 40, description: "The order's id (admin order lists' id)" });

/**
 * Fraud checks of an order (spec 3 §7 Orders: admin/check-fingerprint, admin/verify-fraud-detection; docs/FRAUD-CHECKS.md).
 * Any admin of the store, as for the other order actions; staff bound to a location only for its orders.
 */
export const fraudCheckRoutes = (io: CheckoutIo): ServicePlugin => async (app) => {
  // Built in the background at start where Redis lost it, so no one waits on the rebuild's scan (the first check still would).
  void buildCardIndexes(redisStore(io)).catch((err) => app.log.error({ err }, 'card orders index could not be built'));
  app.post('/admin/check-fingerprint', {
    preHandler: requireAdmin,
    schema: {
      tags, security,
      summary: "An order's fraud signals: the store's other orders paid with the same card (by the card provider's fingerprint) under another name or e-mail, the bank's failed CVC / address / postal code checks, the provider's raised risk level, a billing postal code other than the delivery's, a large first order; level review when any, and whether staff verified them. 404: not an order of this store",
      body: Type.Object({ order_id: OrderId }),
      response: { 200: FraudCheckAnswer },
    },
  }, async (request) => checkOrder(request.ctx, io, request.body.order_id));

  app.post('/admin/verify-fraud-detection', {
    preHandler: requireAdmin,
    schema: {
      tags, security,
      summary: "Staff looked at the order's fraud signals and accept them: kept on the order and in its history with who and when (and the note); a second call changes nothing and says it was verified already. 404: not an order of this store; 409: someone else is changing the order at this moment",
      body: Type.Object({ order_id: OrderId, note: Type.Optional(Type.String({ maxLength: 500, description: 'Why the order is accepted (ID seen at pickup, customer called back ...)' })) }),
      response: { 200: FraudCheckAnswer, ...errorAnswers(409) },
    },
  }, async (request) => verifyOrder(request.ctx, io, request.body.order_id, request.body.note?.trim() ?? ''));
};
