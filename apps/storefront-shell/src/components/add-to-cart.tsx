import { useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { ProductItem } from '@platform/contracts';
import { checkQuantity, orderingState, packSize, parseQuantityInput, stepQuantity, storeSpecialOrderFlags } from '@platform/domain';
import { Button } from '@platform/ui';
import { announceAddedToCart, toastAddedToCart } from './cart-panel';
import { useShopFacts } from './shop-facts';

const Row = styled.div`
  display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 8px 0;
  input { width: 4.5em; font: inherit; padding: 6px; text-align: center; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; }
  .step { font: inherit; width: 32px; height: 32px; border: 1px solid ${(p) => p.theme.colors.border}; background: ${(p) => p.theme.colors.surface}; border-radius: 4px; cursor: pointer; }
`;
const Problem = styled.p`color: ${(p) => p.theme.colors.danger}; margin: 4px 0; white-space: pre-line; font-size: 0.9rem;`;

/** The rules the controls check before asking the server, which checks them again. */
function useQuantityRules(product: ProductItem) {
  const { settings, business } = useShopFacts();
  const businessId = settings?.businessId ?? null;
  const store = storeSpecialOrderFlags(business, settings);
  return {
    pack: packSize(product.extra, businessId),
    orderable: orderingState(product, store).allowed,
    check: (quantity: number, isAdmin: boolean, panel = false) => checkQuantity({ product, quantity, businessId, isAdmin, store, panel }),
  };
}

/** Quantity box with minus/plus by pack size: blank becomes one pack, invalid restores the previous value. */
function QuantityBox({ value, pack, label, onChange }: { value: number; pack: number; label: string; onChange: (next: number) => void }) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => { if (text !== null) { onChange(parseQuantityInput(text, value, pack)); setText(null); } };
  return (
    <>
      <button type="button" className="step" aria-label={`Decrease ${label}`} onClick={() => onChange(stepQuantity(value, -1, pack))}>−</button>
      <input
        aria-label={label} inputMode="numeric" maxLength={4} value={text ?? String(value)}
        onChange={(e) => setText(e.target.value)} onBlur={commit}
        onKeyDown={(e: KeyboardEvent) => { if (e.key === 'Enter') { e.preventDefault(); commit(); } }}
      />
      <button type="button" className="step" aria-label={`Increase ${label}`} onClick={() => onChange(stepQuantity(value, 1, pack))}>+</button>
    </>
  );
}

/**
 * Product page: choose a quantity and add it to what the cart already holds. The quantity rules show under
 * the box before asking; a refusal by the store comes in the 'Add to Cart Error' dialog (useCartQuantities).
 */
export function AddToCartPanel({ product }: { product: ProductItem }) {
  const { settings, cart: { quantityOf, setQuantity, busy, isAdmin } } = useShopFacts();
  const rules = useQuantityRules(product);
  const [quantity, setQty] = useState(rules.pack);
  if (!rules.orderable) return null;
  const inCart = quantityOf(product.store_product_id);
  const verdict = rules.check(inCart + quantity, isAdmin);
  const add = async () => {
    if (!(await setQuantity(product.store_product_id, inCart + quantity))) announceAddedToCart(product.title, Boolean(settings?.legacyAddToCartToast));
  };
  return (
    <section aria-label="Add to cart">
      <Row>
        <QuantityBox value={quantity} pack={rules.pack} label="Quantity" onChange={setQty} />
        <Button type="button" disabled={busy || quantity === 0 || !verdict.ok} onClick={() => void add()}>Add to Cart</Button>
      </Row>
      {inCart > 0 ? <p>In your cart: {inCart}</p> : null}
      {!verdict.ok && quantity > 0 ? <Problem role="alert">{verdict.message}</Problem> : null}
    </section>
  );
}

/**
 * Product tile: Add puts one unit (or one pack) in the cart, shows the 5-second 'Added to Cart' toast and opens
 * the quantity overlay; the overlay sets the cart quantity directly (a rise toasts again), and 0 removes the
 * line and closes it. A quantity the rules refuse is named under it; a refusal by the store comes in the
 * 'Add to Cart Error' dialog and the previous quantity stays.
 */
export function TileCartControl({ product }: { product: ProductItem }) {
  const { quantityOf, setQuantity, busy, isAdmin } = useShopFacts().cart;
  const rules = useQuantityRules(product);
  const [problem, setProblem] = useState<string | null>(null);
  if (!rules.orderable) return null;
  const inCart = quantityOf(product.store_product_id);
  const change = async (next: number) => {
    const verdict = rules.check(next, isAdmin, true);
    setProblem(verdict.ok ? null : verdict.message);
    if (!verdict.ok) return;
    const refused = await setQuantity(product.store_product_id, next);
    if (!refused && next > inCart) toastAddedToCart(product.title);
  };
  return (
    <div>
      {inCart === 0 ? (
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => void change(rules.pack)} aria-label={`Add ${product.title} to cart`}>Add</Button>
      ) : (
        <Row role="group" aria-label={`${product.title} in cart`}>
          <QuantityBox value={inCart} pack={rules.pack} label={`Quantity of ${product.title}`} onChange={(q) => void change(q)} />
        </Row>
      )}
      {problem ? <Problem role="alert">{problem}</Problem> : null}
    </div>
  );
}
