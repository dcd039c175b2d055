import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Link } from '@platform/routing';
import styled from 'styled-components';
import { cartApi, getDeviceId, notify, storefrontApi } from '@platform/api-client';
import { Button, Modal } from '@platform/ui';
import { ADDED_TO_CART_TOAST_MS, addedToCartMessage } from '@platform/domain';

/** Below this window height the panel would cover the page: a toast is shown instead (spec 1 §4). */
const MIN_PANEL_HEIGHT = 550;

let addedTitle: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => { listeners.add(l); return () => listeners.delete(l); };

/** The 5-second success toast of an add to cart (spec 1 §4, §9); a product tile's add shows it. */
export function toastAddedToCart(title: string): void {
  notify('success', addedToCartMessage(title), ADDED_TO_CART_TOAST_MS);
}

/**
 * After a successful add on the product page: the 'Added to Cart' side panel, or the success toast when the
 * store prefers it (legacyAddToCartToast) or the window is too low for a panel.
 */
export function announceAddedToCart(title: string, preferToast: boolean): void {
  if (preferToast || window.innerHeight < MIN_PANEL_HEIGHT) { toastAddedToCart(title); return; }
  addedTitle = title;
  emit();
}
const closePanel = () => { addedTitle = null; emit(); };

/** The 'Added to Cart' side panel: a modal dialog at the right edge, full height (the keyboard path of Modal). */
const Panel = styled(Modal)`
  margin: 0 0 0 auto; width: min(380px, 92vw); height: 100vh; max-height: 100vh; border-radius: 0; padding: 20px;
  box-shadow: -8px 0 24px rgba(0,0,0,.2);
  &[open] { display: grid; align-content: start; gap: 12px; }
  h2 { margin: 0; }
  .actions { display: grid; gap: 8px; }
  .actions a { text-align: center; }
`;

/**
 * The side panel itself, rendered once by the layout: the focus goes to Continue Shopping, stays inside the
 * panel, and goes back to the Add to Cart button when it closes (Escape, ×, Continue Shopping, the backdrop).
 * It closes when the cart becomes empty.
 */
export function CartSidePanel() {
  const title = useSyncExternalStore(subscribe, () => addedTitle, () => null);
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: cart } = cartApi.useCartParcelsQuery({ device_id: getDeviceId() }, { skip: title === null });
  // The cart read may still be the one from before the add: close only once it held items and is empty now.
  const sawItems = useRef(false);
  useEffect(() => { sawItems.current = false; }, [title]);
  useEffect(() => {
    if (!title || !cart) return;
    if (cart.item_count > 0) sawItems.current = true;
    else if (sawItems.current) closePanel();
  }, [title, cart]);
  const prefix = settings?.products.currencyPrefix ?? '$';
  return (
    <Panel open={title !== null} onClose={closePanel} labelledBy="added-to-cart-title">
      <h2 id="added-to-cart-title">Added to Cart</h2>
      <p>{title}</p>
      {cart ? (
        <section aria-label="Order summary">
          <div>{cart.item_count} {cart.item_count === 1 ? 'item' : 'items'} in your cart</div>
          <strong>Subtotal: {prefix}{cart.subtotal}</strong>
        </section>
      ) : null}
      <div className="actions">
        <Button as={Link} to="/cart" onClick={closePanel}>Checkout</Button>
        <Button type="button" $variant="secondary" data-autofocus onClick={closePanel}>Continue Shopping</Button>
      </div>
    </Panel>
  );
}
