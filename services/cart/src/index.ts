export { cartRoutes as cartService } from './routes';
export { Cart } from './models';
