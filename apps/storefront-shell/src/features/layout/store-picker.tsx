import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { useLocation } from '@platform/routing';
import {
  cartApi, closeStoreQuestion, getDeviceId, identityApi, platformApi, preselectStore, setSelectedStore, storeNamedInUrl, storefrontApi, useSelectedStore, useSession,
  useStoreQuestionOpen,
} from '@platform/api-client';
import { Button } from '@platform/ui';
// The selector brings the map library: loaded when a shopper opens it, not with the first page.
const StoreSelectorDialog = lazy(() => import('./store-selector').then((m) => ({ default: m.StoreSelectorDialog })));

const StoreLabel = styled.span`
  margin-right: 6px;
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { display: none; }
`;
const StoreButton = styled.button`
  font: inherit; padding: 6px 10px; border-radius: 4px; border: 1px solid ${(p) => p.theme.colors.border}; background: ${(p) => p.theme.colors.surface};
  cursor: pointer; color: inherit;
`;
const Dialog = styled.div`
  position: fixed; inset: 0; z-index: 95; background: rgba(0,0,0,.4); display: grid; place-items: center;
  > div { background: ${(p) => p.theme.colors.surface}; border-radius: ${(p) => p.theme.radius}; padding: 20px; width: min(420px, 92vw); display: grid; gap: 12px; }
  h2 { margin: 0; }
  .actions { display: flex; gap: 8px; justify-content: flex-end; }
`;

/** Pages a first visit may come to from an e-mail or for a task, where the store question would be in the way (asked on the next page). */
const QUIET_PATHS = /^\/(login|register|reset-password|magic-link-redirect|admin|unsubscribe|wizard-unsubscribe|landing-page-auto-update-opt-out)/;

/** Spec 1 §4: the empty-cart flag the storefront keeps after a store switch emptied the cart. */
const EMPTY_CART_FLAG = 'emptyCart';

/** 'Switch Store?': switching loses the cart; confirming empties it (a failure there is ignored) and reloads. */
function SwitchStoreDialog({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => { cancel.current?.focus(); }, []);
  return (
    <Dialog onKeyDown={(e) => { if (e.key === 'Escape') onCancel(); }}>
      <div role="alertdialog" aria-modal="true" aria-labelledby="switch-store-title" aria-describedby="switch-store-text">
        <h2 id="switch-store-title">Switch Store?</h2>
        <p id="switch-store-text">Your cart holds products from this store. Switching stores empties your cart.</p>
        <div className="actions">
          <Button ref={cancel} type="button" $variant="secondary" onClick={onCancel}>Cancel</Button>
          <Button type="button" onClick={onConfirm}>Switch Store</Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * The selected store location drives prices and stock (Store-Id header). One location is selected
 * automatically. With several, a first visit is asked which store (the selector opens by itself; the first
 * location stands in meanwhile, and stays if the shopper closes the question); the choice is kept and can be
 * changed here. Staff are not asked: they pick from the header.
 */
export function StorePicker() {
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const selected = useSelectedStore();
  const dispatch = useDispatch();
  const locations = business?.about_us.locations ?? [];
  const known = locations.some((l) => l.id === selected);
  const user = useSession();
  const { data: cart } = cartApi.useCartParcelsQuery({ device_id: getDeviceId() }, { skip: Boolean(user?.is_admin) || locations.length <= 1 });
  const [emptyCart] = cartApi.useLazyEmptyCartQuery();
  const [pending, setPending] = useState<number | null>(null);
  const [selecting, setSelecting] = useState(false);
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { pathname, search } = useLocation();
  const asking = useStoreQuestionOpen() && locations.length > 1 && !user?.is_admin && !QUIET_PATHS.test(pathname);
  const [saveOnAccount] = identityApi.useSaveCustomerStoreMutation();
  // A signed-in customer's choice is kept on the account too (spec 2 §4); a failure there changes nothing here.
  const remember = async (storeId: number) => {
    setSelectedStore(storeId);
    if (user && !user.is_admin) await saveOnAccount({ store: storeId }).unwrap().catch(() => undefined);
  };

  const choose = (storeId: number) => {
    // Admins always reload; a shopper with a cart is asked first, since the cart belongs to one store.
    if (user?.is_admin) { setSelectedStore(storeId); window.location.reload(); return; }
    if (cart && cart.item_count > 0) { setPending(storeId); return; }
    void remember(storeId);
    dispatch(platformApi.util.invalidateTags(['Products', 'Cart']));
  };
  const confirmSwitch = async () => {
    if (pending === null) return;
    try { await emptyCart({ device_id: getDeviceId() }).unwrap(); } catch { /* spec 1 §4: a failed empty-cart is ignored */ }
    localStorage.setItem(EMPTY_CART_FLAG, '1');
    await remember(pending);
    window.location.reload();
  };

  // ?store=, ?storeid= or ?selectedStore= (digits) pick a store directly (spec 1 §2).
  const [queryStore] = useState(() => storeNamedInUrl(search));
  const queryHandled = useRef(false);
  useEffect(() => {
    if (!locations.length) return;
    const wanted = queryStore !== null && locations.some((l) => l.id === queryStore) ? queryStore : null;
    // Nothing chosen yet: the store the link names, else the first location.
    if (!known) {
      queryHandled.current = true;
      if (wanted !== null) void remember(wanted);
      else preselectStore(locations.map((l) => l.id), '');
      dispatch(platformApi.util.invalidateTags(['Products', 'Cart']));
      return;
    }
    // Another store was chosen before: the link switches to its store (asking first when the cart has products).
    const cartKnown = Boolean(user?.is_admin) || locations.length <= 1 || cart !== undefined;
    if (!queryHandled.current && wanted !== null && cartKnown) {
      queryHandled.current = true;
      if (wanted !== selected) choose(wanted);
    }
  }, [locations, known, cart, user, selected, queryStore, dispatch]);

  if (locations.length <= 1) return locations[0] ? <span aria-label="Your store">{locations[0].name}</span> : null;
  const current = locations.find((l) => l.id === selected);
  return (
    <>
      <StoreButton type="button" aria-haspopup="dialog" aria-label={`Your store: ${current?.name ?? 'choose a store'}. Change store`} onClick={() => setSelecting(true)}>
        <StoreLabel>Your store:</StoreLabel><strong>{current?.name ?? 'Choose a store'}</strong>
      </StoreButton>
      {selecting || asking ? (
        <Suspense fallback={null}><StoreSelectorDialog selected={known ? selected : null} tileUrl={settings?.mapTileUrl ?? null} firstVisit={asking}
          onClose={() => { setSelecting(false); if (asking) closeStoreQuestion(); }}
          onSelect={async (storeId) => {
            setSelecting(false);
            if (asking) closeStoreQuestion();
            if (storeId !== selected) choose(storeId);
            else if (asking) await remember(storeId); // the store standing in, now chosen: kept (and on the account)
          }} /></Suspense>
      ) : null}
      {pending !== null ? <SwitchStoreDialog onConfirm={() => void confirmSwitch()} onCancel={() => setPending(null)} /> : null}
    </>
  );
}
