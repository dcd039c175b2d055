import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import styled from 'styled-components';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';

/** What Place order asks of the card form: the provider's token for the card typed, or why there is none. */
export interface CardForm { tokenize(): Promise<{ token: string } | { error: string }> }

/** Stripe.js, loaded from Stripe only when a live card form is shown (tests put a stand-in here). */
export const stripeJs = { load: (publishableKey: string): Promise<Stripe | null> => loadStripe(publishableKey) };

export const CARD_FORM_NOT_LOADED = 'The card form could not load. Please check your connection and reload the page, or pay at the store.';
const CARD_INCOMPLETE = 'Please enter your card number, expiry date, CVC and ZIP code.';

const Frame = styled.div`
  display: grid; gap: 6px; margin: 4px 0 4px 24px; max-width: 420px;
  .card-box { border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; padding: 10px; min-height: 20px; background: #fff; }
  .card-box.focused { outline: 2px solid ${(p) => p.theme.colors.primary}; outline-offset: 1px; }
`;

/**
 * Stripe's own card fields (Stripe Elements' card element) inside the Payment step: the card is typed into
 * Stripe's frames and reaches us only as a PaymentMethod id (PCI SAQ A). Shown for stores that take live cards
 * through Stripe; the page's policy lets Stripe.js in for those stores alone.
 */
export const StripeCardField = forwardRef<CardForm, { publishableKey: string }>(function StripeCardField({ publishableKey }, ref) {
  const box = useRef<HTMLDivElement>(null);
  const stripe = useRef<Stripe | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  const complete = useRef(false);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    let gone = false;
    stripeJs.load(publishableKey).then((loaded) => {
      if (gone) return;
      if (!loaded || !box.current) { setState('failed'); return; }
      stripe.current = loaded;
      const element = loaded.elements().create('card', { style: { base: { fontSize: '16px' } } });
      element.on('change', (event) => { complete.current = event.complete; setFieldError(event.error?.message ?? null); });
      element.on('focus', () => setFocused(true));
      element.on('blur', () => setFocused(false));
      element.mount(box.current);
      card.current = element;
      setState('ready');
    }, () => { if (!gone) setState('failed'); });
    return () => { gone = true; card.current?.destroy(); card.current = null; };
  }, [publishableKey]);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      if (!stripe.current || !card.current) return { error: CARD_FORM_NOT_LOADED };
      if (!complete.current) return { error: fieldError ?? CARD_INCOMPLETE };
      const result = await stripe.current.createPaymentMethod({ type: 'card', card: card.current });
      return result.paymentMethod ? { token: result.paymentMethod.id } : { error: result.error?.message ?? CARD_INCOMPLETE };
    },
  }), [fieldError]);

  return (
    <Frame>
      <span id="card-form-label">Card details</span>
      {state === 'loading' ? <span role="status">Loading the secure card form…</span> : null}
      {state === 'failed' ? <span role="alert">{CARD_FORM_NOT_LOADED}</span> : null}
      <div ref={box} className={`card-box${focused ? ' focused' : ''}`} role="group" aria-labelledby="card-form-label" hidden={state === 'failed'} />
      {fieldError ? <span role="alert">{fieldError}</span> : null}
      <small>Your card is entered on Stripe&apos;s secure form: this store never sees its number.</small>
    </Frame>
  );
});
