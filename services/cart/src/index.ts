export { cartRoutes as cartService } from './routes';
export { CartStore, type StoredCart, type CartLine, type ShopperIdentity } from './cart-store';
export { Coupon, CouponUse, recordCouponUse, forgetTenantCoupons } from './coupons';
export { forgetClosedAccount, SavedCart } from './saved-carts';
