import type { Cart } from '@platform/contracts';
import { ADD_TO_CART_ERROR_TITLE, ADD_TO_CART_UNREACHABLE, cartChangeEvent, toCents } from '@platform/domain';
import { showAlert } from './alerts';
import { recordEcommerce } from './analytics';
import { errorMessage } from './api';
import { cartApi } from './endpoints';
import { getDeviceId, useSession } from './session';

const lineOf = (cart: Cart | null | undefined, storeProductId: number) =>
  (cart?.parcels ?? []).flatMap((p) => p.items).find((i) => i.store_product_id === storeProductId) ?? null;

/**
 * The shopper's cart quantities and a setter, for add-to-cart controls anywhere (shell or remotes). Admins
 * do not fetch the cart (spec 1 §6). `setQuantity` answers null on success, else the store's message, which
 * it has also shown in the 'Add to Cart Error' dialog (spec 1 §8; the field errors of a refused request joined
 * by line breaks). A change is recorded as an add_to_cart or remove_from_cart event in US dollars.
 */
export function useCartQuantities() {
  const user = useSession();
  const deviceId = getDeviceId();
  const { data: cart } = cartApi.useCartParcelsQuery({ device_id: deviceId }, { skip: Boolean(user?.is_admin) });
  const [add, { isLoading: busy }] = cartApi.useAddToCartMutation();
  const quantityOf = (storeProductId: number) =>
    (cart?.parcels ?? []).flatMap((p) => p.items).filter((i) => i.store_product_id === storeProductId).reduce((n, i) => n + i.quantity, 0);
  const setQuantity = async (storeProductId: number, quantity: number): Promise<string | null> => {
    const before = quantityOf(storeProductId);
    const lineBefore = lineOf(cart, storeProductId);
    try {
      const answer = await add({ store_product_id: storeProductId, quantity, device_id: deviceId }).unwrap();
      const line = lineOf(answer, storeProductId) ?? lineBefore;
      if (line) recordEcommerce(cartChangeEvent({ sku: line.sku, title: line.title, brand: line.brand_name, unitCents: toCents(line.price) }, before, quantity));
      return null;
    } catch (error) {
      const errors = (error as { data?: { errors?: Record<string, string[]> } }).data?.errors;
      const message = errorMessage(error, errors ? Object.values(errors).flat().join('\n') : ADD_TO_CART_UNREACHABLE);
      showAlert({ kind: 'error', title: ADD_TO_CART_ERROR_TITLE, message });
      return message;
    }
  };
  return { cart, quantityOf, setQuantity, busy, isAdmin: Boolean(user?.is_admin) };
}
