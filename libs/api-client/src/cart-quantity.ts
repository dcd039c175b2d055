import { errorMessage } from './api';
import { cartApi } from './endpoints';
import { getDeviceId, useSession } from './session';

/**
 * The shopper's cart quantities and a setter, for add-to-cart controls anywhere (shell or remotes). Admins
 * do not fetch the cart (spec 1 §6). `setQuantity` answers null on success, else the server's message.
 */
export function useCartQuantities() {
  const user = useSession();
  const deviceId = getDeviceId();
  const { data: cart } = cartApi.useCartParcelsQuery({ device_id: deviceId }, { skip: Boolean(user?.is_admin) });
  const [add, { isLoading: busy }] = cartApi.useAddToCartMutation();
  const quantityOf = (storeProductId: number) =>
    (cart?.parcels ?? []).flatMap((p) => p.items).filter((i) => i.store_product_id === storeProductId).reduce((n, i) => n + i.quantity, 0);
  const setQuantity = async (storeProductId: number, quantity: number): Promise<string | null> => {
    try {
      await add({ store_product_id: storeProductId, quantity, device_id: deviceId }).unwrap();
      return null;
    } catch (error) {
      const errors = (error as { data?: { errors?: Record<string, string[]> } }).data?.errors;
      return errorMessage(error, errors ? Object.values(errors).flat().join('\n') : 'Error');
    }
  };
  return { cart, quantityOf, setQuantity, busy, isAdmin: Boolean(user?.is_admin) };
}
