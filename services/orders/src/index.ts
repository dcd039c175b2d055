export { ordersRoutes as ordersService } from './routes';
export { Order } from './models';
export { announceOrderPlaced } from './placed';
export { indexOrders, forgetOrderIndex } from './order-index';
export { recoverAbandonedCheckoutsOf } from './checkout';
