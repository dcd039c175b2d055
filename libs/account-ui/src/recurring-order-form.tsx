import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { RecurringOrder, RecurringProductChoice, ShippingQuote } from '@platform/contracts';
import {
  cardEndingLabel, cardFormOf, deliveryAddressProblems, PAY_AT_STORE, payAtStoreLabel, payLaterProblem, RECURRING_FREQUENCIES, RECURRING_FREQUENCY_LABELS, RECURRING_KEEP_ONE_ITEM, RECURRING_CARD_NOT_OFFERED, RECURRING_NOTHING_CHANGED, wholeQuantityProblem,
  type RecurringFrequency,
} from '@platform/domain';
import { errorMessage, fieldErrors, identityApi, recurringOrdersApi, storefrontApi } from '@platform/api-client';
import { Button, ErrorNotice, Field, focusFirstInvalid, Loading } from '@platform/ui';

type AddressForm = { address: string; address2: string; city: string; state: string; zip: string };
type Line = RecurringOrder['items'][number];
/** A product the shopper (or store) adds in this form: its line, and the pack its quantity is a multiple of. */
type AddedLine = Pick<RecurringProductChoice, 'store_product_id' | 'title' | 'pack'>;

const Form = styled.form`
  margin-top: 16px; padding-top: 12px; border-top: 1px solid ${(p) => p.theme.colors.border};
  fieldset { border: 0; margin: 0 0 12px; padding: 0; min-width: 0; }
  legend { font-weight: 700; margin-bottom: 8px; padding: 0; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 0 12px; }
  .problem { color: ${(p) => p.theme.colors.danger}; font-size: 0.9rem; margin: -8px 0 12px; }
  .quotes label { display: flex; gap: 8px; align-items: baseline; padding: 6px 0; font-weight: 400; }
  .quotes .price { font-weight: 600; margin-left: auto; }
  .lines li { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; padding: 6px 0; border-top: 1px solid ${(p) => p.theme.colors.border}; }
  .lines li:first-child { border-top: 0; }
  .lines .title { flex: 1 1 200px; }
  .lines input { width: 90px; font: inherit; padding: 8px 10px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; }
  .lines .removed .title { text-decoration: line-through; color: ${(p) => p.theme.colors.muted}; }
  .lines .problem { flex: 1 1 100%; margin: 0; }
  .find { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; margin-top: 12px; }
  .find > label { flex: 1 1 220px; margin-bottom: 0; }
  .find input { width: 100%; }
  .choices li { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; padding: 6px 0; border-top: 1px solid ${(p) => p.theme.colors.border}; }
  .choices .title { flex: 1 1 200px; }
  .choices .note { color: ${(p) => p.theme.colors.muted}; }
  .choices .price { font-weight: 600; }
  .buttons { display: flex; flex-wrap: wrap; gap: 8px; }
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) {
    .row { grid-template-columns: 1fr; }
    .buttons > * { flex: 1 1 100%; }
  }
`;

const ADDRESS_FIELDS: { key: keyof AddressForm; label: string; autoComplete: string; maxLength: number; required: boolean }[] = [
  { key: 'address', label: 'Street address', autoComplete: 'address-line1', maxLength: 200, required: true },
  { key: 'address2', label: 'Apartment, suite (optional)', autoComplete: 'address-line2', maxLength: 200, required: false },
  { key: 'city', label: 'City', autoComplete: 'address-level2', maxLength: 100, required: true },
  { key: 'state', label: 'State', autoComplete: 'address-level1', maxLength: 50, required: true },
  { key: 'zip', label: 'Zip code', autoComplete: 'postal-code', maxLength: 10, required: true },
];

const addressOf = (order: RecurringOrder): AddressForm => ({
  address: order.address?.address ?? '', address2: order.address?.address2 ?? '', city: order.address?.city ?? '', state: order.address?.state ?? '', zip: order.address?.zip ?? '',
});
const sameAddress = (a: AddressForm, b: AddressForm) => ADDRESS_FIELDS.every(({ key }) => a[key].trim() === b[key].trim());
const quoteLabel = (q: ShippingQuote) => `${q.carrier} ${q.service}`;

/** Whose calls the form makes: the shopper's own (update-recurring-order) or the store's for its customer (admin/recurringorders/update). */
const CALLS = {
  customer: {
    useUpdate: recurringOrdersApi.useUpdateMyRecurringOrderMutation, useOptions: recurringOrdersApi.useRecurringShippingOptionsMutation,
    useProducts: recurringOrdersApi.useRecurringProductChoicesMutation,
  },
  store: {
    useUpdate: recurringOrdersApi.useUpdateStoreRecurringOrderMutation, useOptions: recurringOrdersApi.useStoreRecurringShippingOptionsMutation,
    useProducts: recurringOrdersApi.useStoreRecurringProductChoicesMutation,
  },
};
/** The fields a refusal is shown under in the form (the rest show at its top). */
const FIELD_KEYS = ['frequency', 'shipping_quote_id', 'items', 'card_source', 'payment_method', 'search', ...ADDRESS_FIELDS.map((f) => f.key), 'country'];

export interface RecurringOrderFormProps {
  order: RecurringOrder;
  /** Gets the answer's message once saved (or 'Nothing was changed.'). */
  onDone: (message: string) => void;
  onCancel: () => void;
  /** customer (the checkout remote's /recurring-orders) or store (the admin remote's Orders › Recurring); it does not change while shown. */
  by?: 'customer' | 'store';
  /** Asked once the form is checked, before the change is sent: false sends nothing and keeps the form. */
  confirmSave?: () => boolean;
}

/**
 * Edit a recurring order, the shopper's own (update-recurring-order) or the store's for its customer
 * (admin/recurringorders/update): how often, the address as at checkout (delivery and shipping), the shipping option
 * with its price loaded for the address (again for the lines as changed), each line's quantity or its removal, products
 * of the store found and added, and (the shopper only) how each order is paid: one of their saved cards or, picked up,
 * at the store. Only what changed is sent; a refusal is shown
 * under its field and nothing changes. onDone gets the store's answer.
 */
export function RecurringOrderForm({ order, onDone, onCancel, by = 'customer', confirmSave }: RecurringOrderFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const firstRef = useRef<HTMLSelectElement>(null);
  const calls = CALLS[by];
  const [update, { isLoading: saving }] = calls.useUpdate();
  const [loadOptions, { isLoading: quoting }] = calls.useOptions();
  const [findProducts, { isLoading: searching }] = calls.useProducts();
  // The shopper chooses how each order is paid: a saved card, or later (at the store, on delivery, by phone) where the rule allows.
  const { data: cards, isLoading: loadingCards, isError: cardsFailed } = identityApi.useSavedCardsQuery(undefined, { skip: by !== 'customer' });
  // While the store offers no cards (cards_offered false) only the card it is paid by stays; no other is offered.
  const { data: payments } = storefrontApi.usePaymentSettingsQuery(undefined, { skip: by !== 'customer' });
  const cardsOffered = !payments || Boolean(cardFormOf(payments)?.offered);
  const choosable = cardsOffered ? cards : cards?.filter((c) => c.source === order.card_source);
  // Paid at the store with no saved card (or a store that takes no cards): nothing to choose.
  const choosesPayment = by === 'customer' && !(choosable?.length === 0 && order.payment_method !== 'card');
  const paidBefore = order.payment_method === 'card' ? order.card_source ?? '' : PAY_AT_STORE;
  const [payment, setPayment] = useState(paidBefore);
  // Paid by card, the store takes cards online: a shipped one stays on a card (payLaterProblem); paid later already, it stays offered.
  // While the store offers no cards its runs are not charged, so a shipped one may go to paying by phone (as the server allows).
  const payLaterRefused = order.payment_method === 'card' ? payLaterProblem(order.order_type, { takesCardsOnline: cardsOffered }) : null;
  const offersPayAtStore = !payLaterRefused;
  const [added, setAdded] = useState<AddedLine[]>([]);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ search: string; choices: RecurringProductChoice[] } | null>(null);
  /** The added line whose quantity takes the keyboard next. */
  const [focusLine, setFocusLine] = useState<number | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const hasAddress = order.order_type !== 'pickup' && order.address !== null;
  const shipped = order.order_type === 'shipping';
  const [frequency, setFrequency] = useState<RecurringFrequency>(order.frequency);
  const [address, setAddress] = useState<AddressForm>(addressOf(order));
  const [quantities, setQuantities] = useState<Record<number, string>>(Object.fromEntries(order.items.map((i) => [i.store_product_id, String(i.quantity)])));
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  /** The options loaded for an address (quotedFor) and lines (quotedLines: '' for the order's own), and the one chosen. */
  const [options, setOptions] = useState<{ quotes: ShippingQuote[]; quotedFor: AddressForm; quotedLines: string; initial: string | null } | null>(null);
  /** Only the answer to the latest request for options is shown (lines change while one is on its way). */
  const quoteSeq = useRef(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const kept = order.items.filter((i) => !removed.has(i.store_product_id));
  const lineCount = kept.length + added.length;
  const current = options && sameAddress(options.quotedFor, address) ? options : null;

  /** The lines to quote shipping for, when they differ from the order's own and every quantity is a whole number; '' otherwise. */
  function changedLines(): string {
    const lines = [...kept, ...added].map((i) => ({ store_product_id: i.store_product_id, quantity: Number((quantities[i.store_product_id] ?? '').trim() || NaN) }));
    if (lines.some((l) => wholeQuantityProblem(l.quantity)) || !lines.some((l) => l.quantity > 0)) return '';
    const same = !added.length && lines.length === order.items.length && lines.every((l) => order.items.some((i) => i.store_product_id === l.store_product_id && i.quantity === l.quantity));
    return same ? '' : JSON.stringify(lines.filter((l) => l.quantity > 0));
  }

  async function showOptions(forAddress = address) {
    setProblems(({ shipping_quote_id: _, form: __, ...rest }) => rest);
    const local = deliveryAddressProblems(forAddress);
    if (Object.keys(local).length) { setProblems(local); focusFirstInvalid(formRef.current); return; }
    const lines = changedLines();
    const seq = ++quoteSeq.current;
    try {
      const answer = await loadOptions({ id: order.id, address: forAddress, ...(lines ? { items: JSON.parse(lines) as { store_product_id: number; quantity: number }[] } : {}) }).unwrap();
      if (seq !== quoteSeq.current) return;
      setOptions({ quotes: answer.quotes, quotedFor: forAddress, quotedLines: lines, initial: answer.selected_id });
      setChosen((was) => (was && answer.quotes.some((q) => q.id === was) ? was : answer.selected_id));
    } catch (error) {
      if (seq !== quoteSeq.current) return;
      const byField = fieldErrors(error);
      // A line's refusal (items.<n>.quantity) reads at the options: the form's own check shows it under the line on saving.
      const shown = Object.fromEntries(Object.entries(byField).map(([key, text]) => [key.startsWith('items.') ? 'shipping_quote_id' : key, text]));
      setProblems(Object.keys(shown).length ? shown : { shipping_quote_id: errorMessage(error, 'We could not load the shipping options.') });
    }
  }

  /** The options shown are quoted again for the lines as they are now (a product added or removed, a quantity changed). */
  function requote() {
    if (shipped && current && changedLines() !== current.quotedLines) void showOptions(current.quotedFor);
  }
  const linesShape = `${added.map((a) => a.store_product_id).join(',')}|${[...removed].join(',')}`;
  const shapeQuoted = useRef(linesShape);
  useEffect(() => {
    if (shapeQuoted.current === linesShape) return;
    shapeQuoted.current = linesShape;
    requote();
    // Only a line added or removed asks again; a quantity asks when its field is left.
  }, [linesShape]);

  useEffect(() => {
    firstRef.current?.focus();
    if (shipped && hasAddress) void showOptions(addressOf(order));
    // Loaded once when the form opens, for the address it has.
  }, []);

  useEffect(() => {
    if (focusLine === null) return;
    formRef.current?.querySelector<HTMLInputElement>(`input[name="line.${focusLine}"]`)?.focus();
    setFocusLine(null);
  }, [focusLine]);

  async function search() {
    const words = query.trim();
    setProblems(({ search: _, ...rest }) => rest);
    if (!words) { setProblems((was) => ({ ...was, search: 'Please type a product name or SKU to search for.' })); searchRef.current?.focus(); return; }
    try {
      setFound({ search: words, choices: await findProducts({ id: order.id, search: words }).unwrap() });
    } catch (error) {
      setFound(null);
      setProblems((was) => ({ ...was, search: errorMessage(error, 'We could not search the store\'s products. Please try again.') }));
    }
  }

  function addProduct(choice: RecurringProductChoice) {
    setAdded([...added, { store_product_id: choice.store_product_id, title: choice.title, pack: choice.pack }]);
    setQuantities({ ...quantities, [choice.store_product_id]: String(choice.pack) });
    setProblems(({ items: _, ...rest }) => rest);
    setFocusLine(choice.store_product_id);
  }

  function dropAdded(id: number) {
    setAdded(added.filter((a) => a.store_product_id !== id));
    setProblems(({ [`line.${id}`]: _, ...rest }) => rest);
    searchRef.current?.focus();
  }

  const changeAddress = (key: keyof AddressForm, value: string) => {
    setAddress({ ...address, [key]: value });
    setProblems(({ [key]: _, ...rest }) => rest);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const lines = [...kept, ...added].map((i) => ({ line: i, text: (quantities[i.store_product_id] ?? '').trim() }));
    for (const { line, text } of lines) {
      const problem = text === '' ? wholeQuantityProblem(NaN) : wholeQuantityProblem(Number(text));
      if (problem) found[`line.${line.store_product_id}`] = problem;
    }
    if (!lines.length || lines.every(({ text }) => Number(text) === 0)) found.items = RECURRING_KEEP_ONE_ITEM;
    const moved = hasAddress && !sameAddress(address, addressOf(order));
    if (moved) Object.assign(found, deliveryAddressProblems(address));
    if (shipped && moved && !current) found.shipping_quote_id = 'Please show the shipping options for the new address and choose one.';
    if (Object.keys(found).length) { setProblems(found); focusFirstInvalid(formRef.current); return; }

    const itemsChanged = removed.size > 0 || added.length > 0 || lines.some(({ line, text }) => 'quantity' in line && Number(text) !== line.quantity);
    const payload: Parameters<typeof update>[0] = { id: order.id };
    if (frequency !== order.frequency) payload.frequency = frequency;
    if (moved) payload.address = Object.fromEntries(ADDRESS_FIELDS.map(({ key }) => [key, address[key].trim()])) as AddressForm;
    if (shipped && current && chosen && (moved || chosen !== current.initial)) payload.shipping_quote_id = chosen;
    // An added product left at 0 is not added.
    if (itemsChanged) payload.items = lines.filter(({ line, text }) => 'quantity' in line || Number(text) > 0).map(({ line, text }) => ({ store_product_id: line.store_product_id, quantity: Number(text) }));
    if (choosesPayment && payment && payment !== paidBefore) {
      if (payment === PAY_AT_STORE) payload.payment_method = PAY_AT_STORE;
      else payload.card_source = payment;
    }
    if (Object.keys(payload).length === 1) { onDone(RECURRING_NOTHING_CHANGED); return; }
    if (confirmSave && !confirmSave()) return;
    setProblems({});
    try {
      onDone((await update(payload).unwrap()).message);
    } catch (error) {
      const byField = fieldErrors(error);
      // A line's refusal comes back by its place in the list sent (items.<n>.quantity): shown under that line.
      const shown = Object.fromEntries(Object.entries(byField).map(([key, text]) => {
        const line = /^items\.(\d+)\./.exec(key);
        return [line ? `line.${payload.items?.[Number(line[1])]?.store_product_id}` : key, text];
      }));
      if (Object.keys(shown).length) { setProblems(shown); focusFirstInvalid(formRef.current); } else setProblems({ form: errorMessage(error, 'We could not save your changes.') });
    }
  }

  const problem = (key: string) => (problems[key] ? <p className="problem" role="alert" id={`${order.id}-${key}-problem`}>{problems[key]}</p> : null);
  const otherProblems = Object.entries(problems).filter(([key]) => !FIELD_KEYS.includes(key) && !key.startsWith('line.'));
  const inOrder = (id: number) => order.items.some((i) => i.store_product_id === id) || added.some((a) => a.store_product_id === id);
  const quantityInput = (line: { store_product_id: number; title: string }, step = 1) => {
    const key = `line.${line.store_product_id}`;
    return (
      <input type="number" inputMode="numeric" min={0} max={9999} step={step} name={key} aria-label={`Quantity of ${line.title}`} value={quantities[line.store_product_id] ?? ''}
        aria-invalid={Boolean(problems[key])} aria-describedby={problems[key] ? `${order.id}-${key}-problem` : undefined}
        onChange={(e) => { setQuantities({ ...quantities, [line.store_product_id]: e.target.value }); setProblems(({ [key]: _, items: __, ...rest }) => rest); }}
        onBlur={requote} />
    );
  };

  return (
    <Form ref={formRef} onSubmit={(e) => void save(e)} noValidate aria-label="Edit recurring order"
      onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); onCancel(); } }}>
      {otherProblems.map(([key, text]) => <ErrorNotice key={key}>{text}</ErrorNotice>)}
      <Field>How often
        <select ref={firstRef} name="frequency" value={frequency} aria-invalid={Boolean(problems.frequency)} onChange={(e) => setFrequency(e.target.value as RecurringFrequency)}>
          {RECURRING_FREQUENCIES.map((f) => <option key={f} value={f}>{RECURRING_FREQUENCY_LABELS[f]}</option>)}
        </select>
      </Field>
      {problem('frequency')}
      {frequency !== order.frequency ? <p>The coming dates are counted again from {by === 'store' ? 'the' : 'your'} first order, {RECURRING_FREQUENCY_LABELS[frequency].toLowerCase()}.</p> : null}

      {hasAddress ? (
        <fieldset>
          <legend>{shipped ? 'Shipping address' : 'Delivery address'}</legend>
          {ADDRESS_FIELDS.map(({ key, label, autoComplete, maxLength, required }) => (
            <div key={key}>
              <Field>{label}
                <input name={key} autoComplete={autoComplete} maxLength={maxLength} value={address[key]} required={required}
                  inputMode={key === 'zip' ? 'numeric' : undefined} aria-invalid={Boolean(problems[key])} onChange={(e) => changeAddress(key, e.target.value)} />
              </Field>
              {problem(key)}
            </div>
          ))}
          {problem('country')}
        </fieldset>
      ) : null}

      {shipped && hasAddress ? (
        <fieldset className="quotes" aria-busy={quoting}>
          <legend>Shipping option</legend>
          <p>Each order is charged the rate of its own day; these are today&apos;s prices{current?.quotedLines ? ' for the items as changed below' : ''}.</p>
          {quoting ? <Loading label="Loading shipping options…" /> : null}
          {current && !quoting ? current.quotes.map((q) => (
            <label key={q.id}>
              <input type="radio" name={`shipping-${order.id}`} value={q.id} checked={chosen === q.id} onChange={() => { setChosen(q.id); setProblems(({ shipping_quote_id: _, ...rest }) => rest); }} />
              <span>{quoteLabel(q)}{q.delivery_days ? ` (${q.delivery_days})` : ''}</span>
              <span className="price">${q.total}</span>
            </label>
          )) : null}
          {!current && !quoting ? (
            <p>{options ? 'The address changed: show the options for the new address.' : 'Show the options for this address to choose one.'}</p>
          ) : null}
          {problem('shipping_quote_id')}
          {!current && !quoting ? <Button type="button" $variant="secondary" onClick={() => void showOptions()}>Show shipping options</Button> : null}
        </fieldset>
      ) : null}

      <fieldset>
        <legend>Items</legend>
        <ul className="lines" aria-label="Items to order">
          {order.items.map((line: Line) => {
            const gone = removed.has(line.store_product_id);
            const key = `line.${line.store_product_id}`;
            return (
              <li key={line.store_product_id} className={gone ? 'removed' : undefined}>
                <span className="title">{line.title}{line.special ? ' (special order)' : ''}{gone ? ' — removed' : ''}</span>
                {gone ? (
                  <Button type="button" $variant="secondary" aria-label={`Put back ${line.title}`}
                    onClick={() => setRemoved(new Set([...removed].filter((id) => id !== line.store_product_id)))}>Put back</Button>
                ) : (
                  <>
                    {quantityInput(line)}
                    <Button type="button" $variant="secondary" aria-label={`Remove ${line.title}`} disabled={lineCount === 1}
                      onClick={() => { setRemoved(new Set([...removed, line.store_product_id])); setProblems(({ [key]: _, ...rest }) => rest); }}>Remove</Button>
                  </>
                )}
                {problem(key)}
              </li>
            );
          })}
          {added.map((line) => (
            <li key={line.store_product_id} className="added">
              <span className="title">{line.title} (added)</span>
              {quantityInput(line, line.pack)}
              <Button type="button" $variant="secondary" aria-label={`Remove ${line.title}`} onClick={() => dropAdded(line.store_product_id)}>Remove</Button>
              {problem(`line.${line.store_product_id}`)}
            </li>
          ))}
        </ul>
        {lineCount === 1 ? <p>One item stays. To stop the orders, cancel the recurring order.</p> : null}
        {problem('items')}
        <div className="find">
          <Field>Add a product
            <input ref={searchRef} type="search" name="product-search" maxLength={100} value={query} placeholder="Name or SKU" autoComplete="off"
              aria-invalid={Boolean(problems.search)} aria-describedby={problems.search ? `${order.id}-search-problem` : undefined}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                // Enter searches (it does not save the form); Escape clears the words before it closes the form.
                if (e.key === 'Enter') { e.preventDefault(); void search(); }
                if (e.key === 'Escape' && query) { e.preventDefault(); e.stopPropagation(); setQuery(''); }
              }} />
          </Field>
          <Button type="button" $variant="secondary" disabled={searching} onClick={() => void search()}>Search</Button>
        </div>
        {problem('search')}
        <div aria-live="polite" aria-busy={searching}>
          {searching ? <Loading label="Searching the store's products…" /> : null}
          {found && !searching ? (found.choices.length ? (
            <ul className="choices" aria-label="Products found">
              {found.choices.map((choice) => (
                <li key={choice.store_product_id}>
                  <span className="title">{choice.title}</span>
                  {choice.price !== null ? <span className="price">${choice.price}</span> : null}
                  {choice.problem ? <span className="note">{choice.problem}</span>
                    : inOrder(choice.store_product_id) ? <span className="note">In this order</span>
                      : <Button type="button" $variant="secondary" aria-label={`Add ${choice.title}`} onClick={() => addProduct(choice)}>Add</Button>}
                </li>
              ))}
            </ul>
          ) : <p>No products of {by === 'store' ? 'the' : 'your'} store match &ldquo;{found.search}&rdquo;.</p>) : null}
        </div>
        {added.length ? <p>Each order is charged the price of its own day.</p> : null}
      </fieldset>

      {choosesPayment ? (
        <fieldset>
          <legend>Payment</legend>
          {loadingCards ? <Loading label="Loading your saved cards…" /> : null}
          {cardsFailed ? <p className="problem">We could not load your saved cards. You can still save the other changes.</p> : null}
          {cards || cardsFailed ? (
            <Field>How each order is paid
              <select name="payment" value={payment} aria-invalid={Boolean(problems.card_source || problems.payment_method)}
                onChange={(e) => { setPayment(e.target.value); setProblems(({ card_source: _, payment_method: __, ...rest }) => rest); }}>
                {offersPayAtStore ? <option value={PAY_AT_STORE}>{payAtStoreLabel(order.order_type)}</option> : null}
                {order.card_source && !cards?.some((c) => c.source === order.card_source) ? <option value={order.card_source}>{order.payment_label}{cards ? ' (no longer saved)' : ''}</option> : null}
                {(choosable ?? []).map((c) => <option key={c.source} value={c.source}>{cardEndingLabel(c.brand, c.last4)}</option>)}
              </select>
            </Field>
          ) : null}
          {problem('card_source')}
          {problem('payment_method')}
          {payLaterRefused ? <p>{payLaterRefused}</p> : null}
          {!cardsOffered && cards?.length ? <p>{RECURRING_CARD_NOT_OFFERED}</p> : null}
          {cardsOffered && cards && cards.length <= 1 ? <p>To use another card, tick &lsquo;Save this card&rsquo; when you next pay by card at checkout; it is then offered here.</p> : null}
        </fieldset>
      ) : null}
      {order.payment_method === 'card' && !choosesPayment ? (
        <p>Card: {order.payment_label}. Only the customer can change the card, under Recurring orders in their account.</p>
      ) : null}

      <div className="buttons">
        <Button type="submit" disabled={saving || quoting}>{saving ? 'Saving…' : 'Save changes'}</Button>
        <Button type="button" $variant="secondary" disabled={saving} onClick={onCancel}>Cancel</Button>
      </div>
    </Form>
  );
}
