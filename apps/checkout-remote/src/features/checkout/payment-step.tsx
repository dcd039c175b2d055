import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useNavigate } from '@platform/routing';
import type { Cart } from '@platform/contracts';
import {
  addressLine, arAccountOnHoldAtCheckout, cardFormOf, CHARGED_TO_ACCOUNT, chargeToAccountLabel, formatPhone, PAY_AT_STORE, payAtStoreLabel, payLaterOffered, RECURRING_FREQUENCIES, RECURRING_FREQUENCY_LABELS, runDayLabel, savedCardLabel, type FulfilmentMode, type RecurringFrequency,
} from '@platform/domain';
import { checkoutApi, errorMessage, getDeviceId, identityApi, recurringOrdersApi, setCheckoutStep, storefrontApi, useSelectedStore, useSession } from '@platform/api-client';
import { Button, Card, ErrorNotice } from '@platform/ui';
import { readOrderContact } from './checkout-state';
import { CARD_FORM_NOT_LOADED, type CardForm } from './stripe-card-field';
import { CardEntry } from './card-entry';
import { OrderSummary } from './order-summary';

const Review = styled.dl`
  margin: 0 0 16px;
  > div { display: grid; grid-template-columns: 9em 1fr; gap: 4px 16px; padding: 6px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
  dt { font-weight: 600; } dd { margin: 0; display: flex; justify-content: space-between; gap: 8px; align-items: baseline; }
  button { font: inherit; background: none; border: 0; padding: 0 4px; text-decoration: underline; cursor: pointer; color: inherit; }
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { > div { grid-template-columns: 1fr; } }
`;
const Lines = styled.ul`list-style: none; padding: 0; margin: 0 0 16px; li { display: flex; justify-content: space-between; gap: 12px; padding: 6px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }`;
const Methods = styled.fieldset`border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; padding: 8px 12px; margin: 0 0 16px; label { display: flex; gap: 8px; align-items: center; }`;
const H2 = styled.h2`font-size: 1.15rem; margin: 0 0 10px;`;
const SaveCard = styled.label`margin: 4px 0 4px 24px;`;
const Repeat = styled.fieldset`
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; padding: 8px 12px; margin: 0 0 16px;
  > label { display: flex; gap: 8px; align-items: center; } select { font: inherit; padding: 6px; margin-left: 8px; } p { margin: 6px 0 0; }
`;
const MethodNote = styled.p`margin: 0 0 6px 24px; color: ${(p) => p.theme.colors.muted};`;
const CardChoice = styled.fieldset`border: 0; padding: 0; margin: 4px 0 4px 24px; display: grid; gap: 6px; legend { padding: 0; margin-bottom: 4px; }`;

/** The card choice: one of the shopper's saved cards (its source), or a new card. */
const NEW_CARD = 'new';

/** payment_method of a card payment (the server's card-payment.ts). */
const PAY_BY_CARD = 'card';

/** One reviewed detail, with Edit where it can be changed (spec 2: review mode of the Contact Information form). */
function ReviewRow({ term, value, onEdit, editLabel }: { term: string; value: string; onEdit?: () => void; editLabel?: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd><span>{value}</span>{onEdit ? <button type="button" onClick={onEdit} aria-label={`Edit ${editLabel ?? term.toLowerCase()}`}>Edit</button> : null}</dd>
    </div>
  );
}

/**
 * Checkout step 3, Payment: the contact information in review mode (each with Edit, back to step 2), how the
 * order reaches the shopper, the lines and totals, how to pay, and Place order. The total shown is sent with
 * the order: if prices or fees changed meanwhile the server refuses it and the new cart shows.
 */
export function PaymentStep({ cart, mode, prefix, onBack }: { cart: Cart; mode: FulfilmentMode; prefix: string; onBack: () => void }) {
  const navigate = useNavigate();
  const device_id = getDeviceId();
  const contact = readOrderContact();
  const { data: preferences } = checkoutApi.useCartPreferencesQuery({ device_id }, { skip: mode === 0 });
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const storeId = useSelectedStore();
  const store = business?.about_us.locations.find((l) => l.id === storeId) ?? business?.about_us.locations[0];
  const [submitOrder, { isLoading }] = checkoutApi.useSubmitOrderMutation();
  const { data: payments } = storefrontApi.usePaymentSettingsQuery();
  // Cards through the store's provider: live, typed only into the provider's own fields or on its hosted payment page
  // (card-entry.tsx); in test mode the provider's test cards stand for them (no script from the provider).
  const storeCardForm = cardFormOf(payments);
  const cards = storeCardForm?.offered ? storeCardForm : null;
  const cardForm = useRef<CardForm>(null);
  const [method, setMethod] = useState<string>(PAY_AT_STORE);
  // A signed-in shopper pays with a saved card, or a new one they may keep for next time (unless the store does not save cards).
  const user = useSession();
  const customer = Boolean(user && !user.is_admin);
  const { data: savedCards } = identityApi.useSavedCardsQuery(undefined, { skip: !customer || !cards });
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const chosenCard = cardChoice ?? savedCards?.[0]?.source ?? NEW_CARD;
  const canSaveCard = customer && Boolean(cards?.saveCards);
  const [saveCard, setSaveCard] = useState(false);
  // Charge to account: a signed-in shopper on an AR account, where the store offers it (its limit is checked on placing).
  const { data: chargeAccount } = checkoutApi.useChargeAccountQuery(undefined, { skip: !customer || !payments?.payment_charge_account });
  const onAccount = chargeAccount?.status === 'active' ? chargeAccount : null;
  // Paying later (at the store, on delivery, by phone) where the rule allows it for this mode (payLaterProblem, as submit checks).
  const payLater = payLaterOffered(mode, { takesCardsOnline: Boolean(cards) });
  // The way chosen while it is offered, else the first way offered (a shipped order at a store taking cards: the card).
  const paying = (method === PAY_BY_CARD && cards) || (method === CHARGED_TO_ACCOUNT && onAccount) || (method === PAY_AT_STORE && payLater) ? method
    : payLater ? PAY_AT_STORE : cards ? PAY_BY_CARD : onAccount ? CHARGED_TO_ACCOUNT : PAY_AT_STORE;
  const byAccount = paying === CHARGED_TO_ACCOUNT;
  // 'Repeat this order' (signed-in shoppers, where the store offers it): placed again on each coming date; a shipped one at that day's rate.
  const canRepeat = customer && Boolean(business?.recurring_orders_enabled);
  const [repeat, setRepeat] = useState(false);
  const [frequency, setFrequency] = useState<RecurringFrequency>('weekly');
  const { data: repeatDates } = recurringOrdersApi.useRecurringDatesQuery({ frequency }, { skip: !canRepeat || !repeat });
  // A repeated order is paid by card or at the store: not offered with Charge to account.
  const repeatable = canRepeat && !byAccount;
  const repeating = repeatable && repeat;
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // One key per attempt: a double click or a retry of it places one order; after a refusal the next try is a new attempt.
  const attempt = useRef(newAttemptKey());
  // Payment is never reached without the Information step's details (a bookmark, another tab).
  useEffect(() => { if (!contact) setCheckoutStep(2); }, [contact]);
  if (!contact) return null;
  const edit = () => setCheckoutStep(2);
  const address = preferences?.address;
  const t = cart.totals;

  const place = async () => {
    setProblem(null);
    const newCard = paying === PAY_BY_CARD && cards && chosenCard === NEW_CARD;
    let cardToken = '';
    if (newCard) {
      // The card form gives the provider's token for the card (a test card's in test mode), or says what is missing.
      const typed = cardForm.current ? await cardForm.current.tokenize() : { error: CARD_FORM_NOT_LOADED };
      if ('error' in typed) { setProblem(typed.error); return; }
      cardToken = typed.token;
    }
    try {
      const answer = await submitOrder({
        device_id, order_type: mode, first_name: contact.first_name, last_name: contact.last_name, email: contact.email, telephone: contact.telephone,
        note: contact.note || undefined, expected_total: t.total, attempt: attempt.current,
        // A repeated order is paid by the same card each time: a new card is saved for it.
        ...(paying === PAY_BY_CARD && cards
          ? { payment_method: PAY_BY_CARD, ...(chosenCard === NEW_CARD ? { payment_token: cardToken, ...(canSaveCard && (saveCard || repeating) ? { save_card: true } : {}) } : { payment_token: chosenCard }) }
          : { payment_method: paying }),
        ...(repeating ? { recurring: { frequency } } : {}),
      }).unwrap();
      if (answer.confirm) {
        // The bank's own page, or the provider's payment page (its signed form posted there); either sends the
        // shopper back to /cart?payment=, which finishes the order.
        setLeaving(true);
        if (answer.confirm.form) postToPage(answer.confirm.form.action_url, answer.confirm.form.fields);
        else window.location.assign(answer.confirm.redirect_url);
        return;
      }
      setCheckoutStep(1);
      navigate(`/cart?order=${encodeURIComponent(answer.order.order_number)}`, { replace: true });
    } catch (error) {
      // Refused (the shopper changes something and tries again): a new attempt. Lost on the way or still being
      // placed: the same attempt again, which the server answers with the order if it was placed.
      const status = (error as { status?: unknown }).status;
      const stillPlacing = (error as { data?: { message?: string } }).data?.message?.includes('still being placed');
      if (typeof status === 'number' && status >= 400 && status < 500 && !stillPlacing) attempt.current = newAttemptKey();
      setProblem(errorMessage(error, 'Your order could not be placed. Please try again.'));
    }
  };

  return (
    <Card>
      {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
      <H2>Contact Information</H2>
      <Review aria-label="Contact information">
        <ReviewRow term="Name" value={`${contact.first_name} ${contact.last_name}`} onEdit={edit} />
        <ReviewRow term="E-mail" value={contact.email} onEdit={edit} />
        <ReviewRow term="Mobile number" value={formatPhone(contact.telephone)} onEdit={edit} />
        {mode === 0 && store ? <ReviewRow term="Pickup at" value={`${store.name}, ${store.address}, ${store.city}`} /> : null}
        {mode !== 0 && address ? (
          <ReviewRow term={mode === 1 ? 'Deliver to' : 'Ship to'} editLabel="address" onEdit={mode === 1 ? edit : onBack}
            value={addressLine(address)} />
        ) : null}
        {mode === 2 && t.shipping_quote ? <ReviewRow term="Shipping" value={`${t.shipping_quote.carrier} ${t.shipping_quote.service}`} /> : null}
        {contact.note ? <ReviewRow term="Note" value={contact.note} onEdit={edit} /> : null}
      </Review>
      <H2>Your order</H2>
      <Lines aria-label="Order lines">
        {cart.parcels.flatMap((parcel) => parcel.items.map((item) => (
          <li key={item.store_product_id}><span>{item.quantity} × {item.title}{parcel.type === 'special' ? ' (special order)' : ''}</span><span>{prefix}{item.price}</span></li>
        )))}
      </Lines>
      <OrderSummary totals={t} prefix={prefix} label="Order total" totalTestId="order-total" />
      <Methods>
        <legend>How you will pay</legend>
        {payLater ? <label><input type="radio" name="payment_method" value={PAY_AT_STORE} checked={paying === PAY_AT_STORE} onChange={() => setMethod(PAY_AT_STORE)} /> {payAtStoreLabel(mode)}</label> : null}
        {onAccount ? (
          <>
            <label><input type="radio" name="payment_method" value={CHARGED_TO_ACCOUNT} checked={byAccount} aria-describedby="charge-account-note" onChange={() => setMethod(CHARGED_TO_ACCOUNT)} /> {chargeToAccountLabel(onAccount)}</label>
            <MethodNote id="charge-account-note">{prefix}{onAccount.available} available on the account. The store bills the account; nothing is paid now.</MethodNote>
          </>
        ) : chargeAccount ? <MethodNote role="note">{arAccountOnHoldAtCheckout(chargeAccount)}</MethodNote> : null}
        {cards ? (
          <>
            <label><input type="radio" name="payment_method" value={PAY_BY_CARD} checked={paying === PAY_BY_CARD} onChange={() => setMethod(PAY_BY_CARD)} /> Pay now by card</label>
            {paying === PAY_BY_CARD && savedCards?.length ? (
              <CardChoice>
                <legend>Card</legend>
                {savedCards.map((card) => (
                  <label key={card.source}><input type="radio" name="card" value={card.source} checked={chosenCard === card.source} onChange={() => setCardChoice(card.source)} /> {savedCardLabel(card)}</label>
                ))}
                <label><input type="radio" name="card" value={NEW_CARD} checked={chosenCard === NEW_CARD} onChange={() => setCardChoice(NEW_CARD)} /> A new card</label>
              </CardChoice>
            ) : null}
            {paying === PAY_BY_CARD && chosenCard === NEW_CARD ? (
              <>
                <CardEntry ref={cardForm} form={cards} />
                {canSaveCard ? <SaveCard><input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} /> Save this card to my account for next time</SaveCard> : null}
              </>
            ) : null}
          </>
        ) : null}
      </Methods>
      {repeatable ? (
        <Repeat>
          <legend>Repeat this order</legend>
          <label>
            <input type="checkbox" checked={repeat} onChange={(e) => setRepeat(e.target.checked)} /> Place this order again for me
            <select aria-label="How often" value={frequency} disabled={!repeat} onChange={(e) => setFrequency(e.target.value as RecurringFrequency)}>
              {RECURRING_FREQUENCIES.map((f) => <option key={f} value={f}>{RECURRING_FREQUENCY_LABELS[f].toLowerCase()}</option>)}
            </select>
          </label>
          {repeat ? (
            <p aria-live="polite">
              {repeatDates ? `Next orders: ${repeatDates.dates.slice(0, 3).map((day) => runDayLabel(day)).join(', ')}. ` : ''}
              {mode === 2 ? 'Each one ships to this address at the shipping rate of its day. ' : ''}
              We e-mail you the day before each one; skip or cancel any time in Recurring orders.
              {paying === PAY_BY_CARD && cards && chosenCard === NEW_CARD ? ' Your card is saved to your account to pay for them.' : ''}
            </p>
          ) : null}
        </Repeat>
      ) : null}
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Button type="button" $variant="secondary" onClick={edit}>Back to information</Button>
        <Button type="button" disabled={isLoading || leaving} onClick={() => void place()}>
          {leaving ? (cards?.entry === 'page' && !cards.testMode ? `Taking you to ${cards.name}'s payment page…` : 'Taking you to your bank…') : isLoading ? 'Placing your order…' : `Place order · ${prefix}${t.total}`}
        </Button>
      </div>
    </Card>
  );
}

/** Sends the browser to a provider's payment page with its signed form (every field unchanged). */
function postToPage(action: string, fields: Record<string, string>) {
  const form = Object.assign(document.createElement('form'), { method: 'POST', action });
  for (const [name, value] of Object.entries(fields)) form.appendChild(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
  document.body.appendChild(form);
  form.submit();
}

/** A checkout attempt's key: random, in the characters the server accepts. */
function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
