export { ordersRoutes as ordersService } from './routes';
export { Order } from './models';
export { announceOrderPlaced } from './placed';
