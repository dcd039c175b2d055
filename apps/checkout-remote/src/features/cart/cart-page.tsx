import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from '@platform/routing';
import styled from 'styled-components';
import type { Cart } from '@platform/contracts';
import {
  buyingFromText, checkQuantity, showsCheckoutBar, toCents, DEFAULT_PRODUCT_IMAGE, enabledModes, forbiddenModeProblem, fulfilmentDisclaimer, itemModeNotes, promoCodeProblem, packSize, parseQuantityInput,
  PROMO_APPLIED_TITLE, restoreMode, stepQuantity, type FulfilmentMode,
} from '@platform/domain';
import { cartApi, errorMessage, getDeviceId, setCheckoutStep, showAlert, storefrontApi, useCartQuantities, useCheckoutStep, useSelectedStore } from '@platform/api-client';
import { ShippingOptions } from './shipping-options';
import { SaveCartControl } from './saved-carts-page';
import { Button, Card, Container, EmptyState, ErrorNotice, Loading, PageTitle } from '@platform/ui';
import { CheckoutBar } from '../checkout/checkout-bar';
import { InformationStep } from '../checkout/information-step';
import { PaymentStep } from '../checkout/payment-step';
import { OrderDone } from '../checkout/order-done';
import { OrderSummary } from '../checkout/order-summary';
import { PaymentReturn } from '../checkout/payment-return';

/** Remove Selected keeps its busy state this long after the last removal (spec 2, cart item selection). */
const REMOVE_BUSY_MS = 800;
const REMOVE_SELECTED_QUESTION = 'Are you sure you want to remove the selected products from your cart?';

type CartItem = Cart['parcels'][number]['items'][number];

const Line = styled.li`
  display: grid; grid-template-columns: auto 72px 1fr auto; gap: 12px; align-items: center; padding: 12px 0;
  border-bottom: 1px solid ${(p) => p.theme.colors.border}; list-style: none;
  img { width: 72px; height: 72px; object-fit: contain; }
  .qty { display: flex; gap: 6px; align-items: center; margin-top: 6px; }
  .qty input { width: 4.5em; font: inherit; padding: 4px; text-align: center; }
  .qty button { font: inherit; width: 30px; height: 30px; cursor: pointer; }
  .limit { font-size: 0.9rem; margin: 4px 0 0; color: ${(p) => p.theme.colors.muted}; }
  .problem { color: ${(p) => p.theme.colors.danger}; font-size: 0.9rem; margin: 4px 0 0; white-space: pre-line; }
  .notice { font-size: 0.9rem; margin: 4px 0 0; padding: 4px 8px; background: ${(p) => p.theme.colors.page}; border-left: 3px solid ${(p) => p.theme.colors.secondary}; }
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { grid-template-columns: auto 56px 1fr; .price { grid-column: 3; } img { width: 56px; height: 56px; } }
`;
const MODE_KEY = 'deliveryMode';
const MODE_LABELS: Record<FulfilmentMode, string> = { 0: 'Pickup', 1: 'Delivery', 2: 'Shipping' };
const ZIP_KEY = 'deliveryZip';

const Tabs = styled.div`
  display: flex; gap: 4px; margin-bottom: 12px;
  button { font: inherit; padding: 8px 16px; border: 1px solid ${(p) => p.theme.colors.border}; background: ${(p) => p.theme.colors.surface}; cursor: pointer; border-radius: 4px; }
  button[aria-selected='true'] { background: ${(p) => p.theme.colors.primary}; color: ${(p) => p.theme.colors.onPrimary}; border-color: ${(p) => p.theme.colors.primary}; }
`;
const ModeNote = styled.p`margin: 0 0 12px; padding: 8px 12px; border-radius: ${(p) => p.theme.radius}; background: ${(p) => p.theme.colors.page};`;
const ZipForm = styled.form`display: flex; gap: 8px; align-items: center; margin: 8px 0; input { width: 8em; font: inherit; padding: 6px; }`;

const Toolbar = styled.div`display: flex; gap: 16px; align-items: center; flex-wrap: wrap; margin-bottom: 8px;`;
const BuyingFrom = styled.p`margin: 0 0 12px; padding: 8px 12px; border-radius: ${(p) => p.theme.radius}; background: ${(p) => p.theme.colors.page}; border-left: 4px solid ${(p) => p.theme.colors.primary};`;

/** One cart line: quantity box (blank → 1, invalid → previous, steps by pack), rule messages, remove. */
function CartLine({ item, selected, onSelect, prefix }: { item: CartItem; selected: boolean; onSelect: (on: boolean) => void; prefix: string }) {
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const { setQuantity, busy } = useCartQuantities();
  const [removeLine] = cartApi.useRemoveCartItemMutation();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pack = packSize(item.extra, settings?.businessId ?? null);
  const change = async (next: number) => {
    setText(null);
    if (next === item.quantity) return;
    // Stock and price are checked again by the server; the cart line carries what the quick check needs.
    const verdict = checkQuantity({
      product: { price: item.price, promo_price: null, num_inventory: item.num_inventory, vendor_id: item.vendor_id, vendor_allows_special_order: true, extra: item.extra, settings: {} },
      quantity: next, businessId: settings?.businessId ?? null,
    });
    if (!verdict.ok) { setProblem(verdict.message); return; }
    setProblem(null);
    // A refusal by the store comes in the 'Add to Cart Error' dialog; the line keeps its quantity.
    await setQuantity(item.store_product_id, next);
  };
  const remove = async () => {
    try { await removeLine({ store_product_id: item.store_product_id, identity: getDeviceId() }).unwrap(); } catch (error) { setProblem(errorMessage(error)); }
  };
  return (
    <Line>
      <input type="checkbox" aria-label={`Select ${item.title}`} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
      <img src={item.image_url || DEFAULT_PRODUCT_IMAGE} alt="" />
      <div>
        <strong>{item.title}</strong>
        <div>{item.brand_name}</div>
        <div className="qty">
          <button type="button" aria-label={`Decrease quantity of ${item.title}`} disabled={busy} onClick={() => void change(stepQuantity(item.quantity, -1, pack))}>−</button>
          <input
            aria-label={`Quantity of ${item.title}`} inputMode="numeric" maxLength={4} value={text ?? String(item.quantity)}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => { if (text !== null) void change(parseQuantityInput(text, item.quantity, pack)); }}
            onKeyDown={(e: KeyboardEvent) => { if (e.key === 'Enter' && text !== null) { e.preventDefault(); void change(parseQuantityInput(text, item.quantity, pack)); } }}
          />
          <button type="button" aria-label={`Increase quantity of ${item.title}`} disabled={busy} onClick={() => void change(stepQuantity(item.quantity, 1, pack))}>+</button>
          <Button type="button" $variant="link" onClick={() => void remove()}>Remove</Button>
        </div>
        {business ? itemModeNotes(item, business).map((note) => <p key={note} className="limit">{note}</p>) : null}
        {item.notice ? <p className="notice" role="status">{item.notice}</p> : null}
        {problem ? <p className="problem" role="alert">{problem}</p> : null}
      </div>
      <div className="price">{prefix}{item.price}</div>
    </Line>
  );
}

/** Promo code box: 3+ characters, Redeem disabled while empty or submitting, the server's message either way. */
function PromoCode({ applied, problem }: { applied: string | null; problem: string | null }) {
  const { data: active } = cartApi.useActiveCouponsQuery();
  const [redeem, { isLoading }] = cartApi.useRedeemCouponMutation();
  const [remove] = cartApi.useRemoveCouponMutation();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  if (!active?.active && !applied) return null;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const tooShort = promoCodeProblem(code);
    if (tooShort) { setMessage({ kind: 'error', text: tooShort }); return; }
    try {
      const answer = await redeem({ coupon: code, device_id: getDeviceId() }).unwrap();
      // Spec 1 §8: the store's message as a success dialog, the field cleared.
      showAlert({ kind: 'success', title: PROMO_APPLIED_TITLE, message: answer.message });
      setMessage(answer.disclaimer ? { kind: 'info', text: answer.disclaimer } : null);
      setCode('');
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error) });
    }
  };
  return (
    <section aria-label="Promo code">
      {applied ? (
        <p>Promo code <strong>{applied}</strong> <Button type="button" $variant="link" onClick={() => void remove({ device_id: getDeviceId() })}>Remove</Button></p>
      ) : null}
      {problem ? <p role="status">{problem}</p> : null}
      <ZipForm onSubmit={(e) => void submit(e)}>
        <label htmlFor="promo-code">Promo code</label>
        <input id="promo-code" value={code} maxLength={50} onChange={(e) => { setCode(e.target.value); setMessage(null); }} />
        <Button type="submit" $variant="secondary" disabled={!code.trim() || isLoading}>Redeem</Button>
      </ZipForm>
      {message ? <p role={message.kind === 'error' ? 'alert' : 'note'}>{message.text}</p> : null}
    </section>
  );
}

/** /cart: the checkout (Cart, Information, Payment), Done for an order just placed (?order=), or the return from the card's bank (?payment=). */
export function CartPage() {
  const [params] = useSearchParams();
  const placed = params.get('order');
  const returning = params.get('payment');
  if (placed) return <OrderDone orderNumber={placed} />;
  // Adyen sends the shopper back with its redirectResult, which the server hands to Adyen to learn the outcome.
  return returning ? <PaymentReturn orderId={returning} redirectResult={params.get('redirectResult')} /> : <CartCheckout />;
}

const STEP_TITLES = { 1: 'Your Cart', 2: 'Information', 3: 'Payment', 4: 'Done' } as const;

/** Cart, step 1 of checkout: parcels with quantities, selection and Remove Selected, delivery mode, totals; then steps 2 and 3. */
function CartCheckout() {
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const [mode, setMode] = useState<number>(() => Number(localStorage.getItem(MODE_KEY) ?? 0));
  const [zip, setZip] = useState(() => localStorage.getItem(ZIP_KEY) ?? '');
  const [zipText, setZipText] = useState(zip);
  const { data: cart, isLoading, isError, refetch } = cartApi.useCartParcelsQuery({ device_id: getDeviceId(), order_type: mode, zip: mode === 1 && zip ? zip : undefined });
  // Only enabled modes show; the remembered one comes back while it is still enabled, else pickup.
  const modes = cart && business ? enabledModes(cart.checkout_types, business) : [];
  const activeMode = restoreMode(mode, modes);
  const blockedNotes = cart && business ? ([1, 2] as const)
    .filter((m) => (m === 1 ? business.delivery_enabled : business.shipping_enabled) && !modes.includes(m))
    .map((m) => forbiddenModeProblem(cart.parcels.flatMap((p) => p.items), m))
    .filter((note): note is string => note !== null) : [];
  const disclaimer = business ? fulfilmentDisclaimer(business, activeMode) : null;
  const chooseMode = (next: FulfilmentMode) => { setMode(next); localStorage.setItem(MODE_KEY, String(next)); };
  const saveZip = (event: React.FormEvent) => { event.preventDefault(); setZip(zipText.trim()); localStorage.setItem(ZIP_KEY, zipText.trim()); };
  const [removeLine] = cartApi.useRemoveCartItemMutation();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [removing, setRemoving] = useState(false);
  const prefix = settings?.products.currencyPrefix ?? '$';
  const storeId = useSelectedStore();
  const buyingFrom = business?.about_us.locations.find((l) => l.id === storeId);
  const items = cart?.parcels.flatMap((p) => p.items) ?? [];
  const chosen = items.filter((i) => selected.has(i.store_product_id));
  const allSelected = items.length > 0 && chosen.length === items.length;
  const toggle = (id: number, on: boolean) => setSelected((s) => { const next = new Set(s); if (on) next.add(id); else next.delete(id); return next; });
  const removeSelected = async () => {
    if (!window.confirm(REMOVE_SELECTED_QUESTION)) return;
    setRemoving(true);
    for (const item of chosen) {
      try { await removeLine({ store_product_id: item.store_product_id, identity: getDeviceId() }).unwrap(); } catch { /* the refreshed cart shows what is left */ }
    }
    setSelected(new Set());
    setTimeout(() => setRemoving(false), REMOVE_BUSY_MS);
  };
  const [checkoutProblem, setCheckoutProblem] = useState<string | null>(null);
  const chosenStep = useCheckoutStep();
  const withBar = Boolean(cart) && showsCheckoutBar('/cart', toCents(cart?.totals.total ?? '0'));
  // Information and Payment need a cart to check out; an emptied cart is back at step 1.
  const step = withBar ? chosenStep : 1;
  useEffect(() => { if (cart && !withBar && chosenStep > 1) setCheckoutStep(1); }, [cart, withBar, chosenStep]);
  const checkout = () => {
    if (activeMode === 2 && !cart?.totals.shipping_quote) { setCheckoutProblem('Please choose a shipping option.'); return; }
    setCheckoutProblem(null);
    setCheckoutStep(2);
  };
  if (cart && step > 1) {
    return (
      <Container>
        <CheckoutBar step={step} onStep={setCheckoutStep} />
        <PageTitle>{STEP_TITLES[step]}</PageTitle>
        {step === 2 ? <InformationStep mode={activeMode} onBack={() => setCheckoutStep(1)} /> : <PaymentStep cart={cart} mode={activeMode} prefix={prefix} onBack={() => setCheckoutStep(1)} />}
      </Container>
    );
  }
  return (
    <Container>
      {withBar ? <CheckoutBar step={1} onStep={setCheckoutStep} /> : null}
      <PageTitle>Your Cart</PageTitle>
      {settings?.buyingFromAlert && buyingFrom ? <BuyingFrom role="note">{buyingFromText(settings.buyingFromAlert.text, buyingFrom.name)}</BuyingFrom> : null}
      {isLoading ? <Loading label="Loading your cart…" /> : null}
      {isError ? <ErrorNotice action={<button onClick={() => void refetch()}>Try again</button>}>We could not load your cart.</ErrorNotice> : null}
      {cart && cart.item_count === 0 ? (
        <EmptyState title="Your cart is empty">
          Browse the store and add products for pickup, delivery or shipping. <Link to="/departments">Shop by department</Link>
        </EmptyState>
      ) : null}
      {cart && cart.item_count > 0 ? (
        <Card aria-busy={removing}>
          <Toolbar>
            <label><input type="checkbox" checked={allSelected} onChange={(e) => setSelected(e.target.checked ? new Set(items.map((i) => i.store_product_id)) : new Set())} /> Select all</label>
            {chosen.length > 0 ? <Button type="button" $variant="secondary" disabled={removing} onClick={() => void removeSelected()}>{removing ? 'Removing…' : 'Remove Selected'}</Button> : null}
            <SaveCartControl />
          </Toolbar>
          {cart.parcels.map((parcel) => (
            <section key={parcel.type} aria-label={parcel.type === 'special' ? 'Special Order' : 'Pickup'}>
              <h2>{parcel.type === 'special' ? 'Special Order' : 'Items'}</h2>
              {parcel.type === 'special' ? <p>Special order items usually arrive in {cart.totals.special_order_sla}.</p> : null}
              <ul style={{ padding: 0 }}>
                {parcel.items.map((item) => (
                  <CartLine key={item.store_product_id} item={item} prefix={prefix} selected={selected.has(item.store_product_id)} onSelect={(on) => toggle(item.store_product_id, on)} />
                ))}
              </ul>
            </section>
          ))}
          {modes.length > 1 ? (
            <Tabs role="tablist" aria-label="Delivery mode">
              {modes.map((m) => <button key={m} type="button" role="tab" aria-selected={activeMode === m} onClick={() => chooseMode(m)}>{MODE_LABELS[m]}</button>)}
            </Tabs>
          ) : null}
          {/* Why the store's delivery or shipping is not offered for this cart: the lines that forbid it. */}
          {blockedNotes.map((note) => <ModeNote key={note} role="note">{note}</ModeNote>)}
          {disclaimer ? <ModeNote role="note" data-testid="mode-disclaimer">{disclaimer}</ModeNote> : null}
          {activeMode === 1 && !settings?.cart.hideDeliveryZipcode ? (
            <ZipForm onSubmit={saveZip} aria-label="Delivery address">
              <label htmlFor="delivery-zip">Delivery zip code</label>
              <input id="delivery-zip" inputMode="numeric" maxLength={10} value={zipText} onChange={(e) => setZipText(e.target.value)} />
              <Button type="submit" $variant="secondary">Update</Button>
            </ZipForm>
          ) : null}
          {activeMode === 2 ? <ShippingOptions prefix={prefix} chosenId={cart.totals.shipping_quote?.id ?? null} cartVersion={`${cart.item_count}|${cart.subtotal}`} /> : null}
          <PromoCode applied={cart.totals.coupon} problem={cart.totals.coupon_message} />
          <OrderSummary totals={cart.totals} prefix={prefix} label="Order summary" totalTestId="cart-total" />
          {checkoutProblem ? <p role="alert" className="problem">{checkoutProblem}</p> : null}
          <div style={{ display: 'flex', justifyContent: 'flex-end' }}><Button type="button" onClick={checkout}>Checkout</Button></div>
        </Card>
      ) : null}
    </Container>
  );
}
