export { cartRoutes as cartService } from './routes';
export { CartStore, type StoredCart, type CartLine, type ShopperIdentity } from './cart-store';
export { Coupon, CouponUse, recordCouponUse, forgetTenantCoupons, findCoupon } from './coupons';
export { forgetClosedAccount, SavedCart } from './saved-carts';
// For checkout (services/orders): the cart as priced now, whose it is, and the lock helper.
export { cartParcels, pricedCart, setLineQuantity, shopperIdentity, type CartCents, type CartIo } from './service';
// For a recurring shipping order's run and its change of address (services/orders): its parcel quoted again, shown as shipping-quotes shows it.
export { NO_SHIPPING_OPTIONS, shippingOptions } from './shipping';
export { quoteView } from './carriers';
export type { CartAddress, CartShipping } from './cart-store';
export { withRedisLock } from './cart-lock';
// For checkout's address check (services/orders): the store's EasyPost account verifies a shipping address.
export { EasyPostCarrier, type AddressVerification } from './carriers';
// For the carriers admin and shipping labels (services/orders shipping-labels): the label adapter.
export {
  EasyPostLabels, LabelCarrierError, type LabelCarrier, type LabelAddress, type LabelParcel, type LabelRate, type BoughtLabel, type LabelRefundStatus, type LabelCarrierAccount,
  type DropShipCarrier, type LabelLine, type LabelQuote, type LabelQuoteLine, type LabelService,
} from './label-carriers';
// The suppliers' drop-ship services behind the same interface (spec 3 supplier shipping: doitbest, emery).
export { DoItBestDropShip, dropShipCarrier, dropShipOffered, EmeryDropShip, type DropShipCredentials } from './drop-ship-carriers';
