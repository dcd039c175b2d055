import type { ServicePlugin } from '@platform/server-kit';
import { ordersRoutes } from './routes';
import { checkoutStepRoutes } from './checkout-step-routes';
import { customerAdminRoutes } from './customer-admin';
import { shippingLabelRoutes } from './shipping-labels/routes';
import { reconciliationRoutes } from './reconciliation';
import { recountSalesFrom } from '@platform/catalogue';
import { soldOrders } from './placed';

/** The orders service: checkout, orders and their actions (routes.ts), the checkout's calls before the order (checkout-step-routes.ts), the admin's page of one customer (customer-admin.ts) and reconciliation (reconciliation.ts). */
export const ordersService: ServicePlugin = async (app, options) => {
  recountSalesFrom(soldOrders); // the orders are the record of the sales counts kept in Redis
  await ordersRoutes(app, options);
  await checkoutStepRoutes(app, options);
  await customerAdminRoutes(app, options);
  await shippingLabelRoutes(app, options);
  await reconciliationRoutes(app, options);
};
export { Order } from './models';
export { ArAccountModel } from './ar-accounts/models';
export { forgetClosedAccountArAccount } from './ar-accounts/service';
export { announceOrderPlaced, soldOrders } from './placed';
export { indexOrders, forgetOrderIndex } from './order-index';
export { recoverAbandonedCheckoutsOf } from './checkout';
export { RecurringOrder } from './recurring/recurring-orders';
export { ShippingLabel, ShippingLabelFile } from './shipping-labels/models';
export { OfflineOrder } from './offline-orders/models';
