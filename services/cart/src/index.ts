export { cartRoutes as cartService } from './routes';
export { CartStore, type StoredCart, type CartLine, type ShopperIdentity } from './cart-store';
export { Coupon, CouponUse, recordCouponUse, forgetTenantCoupons, findCoupon } from './coupons';
export { forgetClosedAccount, SavedCart } from './saved-carts';
// For checkout (services/orders): the cart as priced now, whose it is, and the lock helper.
export { cartParcels, setLineQuantity, shopperIdentity, type CartIo } from './service';
export { withRedisLock } from './cart-lock';
// For checkout's address check (services/orders): the store's EasyPost account verifies a shipping address.
export { EasyPostCarrier, type AddressVerification } from './carriers';
// For the carriers admin and shipping labels (services/orders shipping-labels): the label adapter.
export { EasyPostLabels, LabelCarrierError, type LabelCarrier, type LabelAddress, type LabelParcel, type LabelRate, type BoughtLabel, type LabelRefundStatus, type LabelCarrierAccount } from './label-carriers';
