import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Link } from '@platform/routing';
import styled from 'styled-components';
import { cartApi, getDeviceId, notify, storefrontApi } from '@platform/api-client';
import { Button } from '@platform/ui';

const ADDED_TOAST_MS = 5000;
/** Below this window height the panel would cover the page: a toast is shown instead (spec 1 §4). */
const MIN_PANEL_HEIGHT = 550;

let addedTitle: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => { listeners.add(l); return () => listeners.delete(l); };

/**
 * After a successful add: the 'Added to Cart' side panel, or the 5-second success toast when the store
 * prefers it (legacyAddToCartToast) or the window is too low for a panel.
 */
export function announceAddedToCart(title: string, preferToast: boolean): void {
  if (preferToast || window.innerHeight < MIN_PANEL_HEIGHT) { notify('success', `Added to Cart: ${title}`, ADDED_TOAST_MS); return; }
  addedTitle = title;
  emit();
}
const closePanel = () => { addedTitle = null; emit(); };

const Backdrop = styled.div`position: fixed; inset: 0; background: rgba(0,0,0,.35); z-index: 90;`;
const Panel = styled.aside`
  position: fixed; top: 0; right: 0; bottom: 0; width: min(380px, 92vw); z-index: 91; background: ${(p) => p.theme.colors.surface};
  box-shadow: -8px 0 24px rgba(0,0,0,.2); padding: 20px; display: grid; align-content: start; gap: 12px;
  h2 { margin: 0; }
  .actions { display: grid; gap: 8px; }
  .actions a { text-align: center; }
`;

/** The side panel itself, rendered once by the layout. It closes when the cart becomes empty. */
export function CartSidePanel() {
  const title = useSyncExternalStore(subscribe, () => addedTitle, () => null);
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: cart } = cartApi.useCartParcelsQuery({ device_id: getDeviceId() }, { skip: title === null });
  const closeButton = useRef<HTMLButtonElement>(null);
  // The cart read may still be the one from before the add: close only once it held items and is empty now.
  const sawItems = useRef(false);
  useEffect(() => { sawItems.current = false; if (title) closeButton.current?.focus(); }, [title]);
  useEffect(() => {
    if (!title || !cart) return;
    if (cart.item_count > 0) sawItems.current = true;
    else if (sawItems.current) closePanel();
  }, [title, cart]);
  if (!title) return null;
  const prefix = settings?.products.currencyPrefix ?? '$';
  return (
    <>
      <Backdrop onClick={closePanel} />
      <Panel role="dialog" aria-modal="true" aria-label="Added to Cart" onKeyDown={(e) => { if (e.key === 'Escape') closePanel(); }}>
        <h2>Added to Cart</h2>
        <p>{title}</p>
        {cart ? (
          <section aria-label="Order summary">
            <div>{cart.item_count} {cart.item_count === 1 ? 'item' : 'items'} in your cart</div>
            <strong>Subtotal: {prefix}{cart.subtotal}</strong>
          </section>
        ) : null}
        <div className="actions">
          <Button as={Link} to="/cart" onClick={closePanel}>Checkout</Button>
          <Button ref={closeButton} type="button" $variant="secondary" onClick={closePanel}>Continue Shopping</Button>
        </div>
      </Panel>
    </>
  );
}
