import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { OfflineOrder, OfflineOrderInput } from '@platform/contracts';
import { formatCents, OFFLINE_ORDER_TYPE_LABELS, offlineOrderProblems, OFFLINE_ORDER_TYPES, toCents, type OfflineOrderType } from '@platform/domain';
import { errorMessage, fieldErrors, offlineOrdersApi, storefrontApi, type OfflineProductHit } from '@platform/api-client';
import { Button, Card, ErrorNotice, Field, focusFirstInvalid } from '@platform/ui';

const Form = styled(Card).attrs({ as: 'form' })`
  margin-bottom: 20px;
  h2 { margin-top: 0; }
  fieldset { border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; padding: 12px 14px; margin: 0 0 16px; }
  legend { font-weight: 600; padding: 0 4px; }
  .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 0 12px; }
  .problem { margin: -8px 0 10px; color: ${(p) => p.theme.colors.danger}; }
  .choices { display: flex; flex-wrap: wrap; gap: 8px 20px; }
  .lines { list-style: none; margin: 0 0 12px; padding: 0; }
  .lines > li { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; padding: 8px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
  .lines .what { flex: 1 1 220px; }
  .lines input { width: 5.5em; }
  .hits { list-style: none; margin: 0 0 12px; padding: 0; }
  .hits > li { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; padding: 6px 0; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; }
`;

/** A line of the order being entered: a catalogue item (its store product at the location) or free text with a price. */
type Line = { key: number; store_product_id?: number; title: string; sku: string; price: string; quantity: string };
interface Values {
  location_id: number; order_type: OfflineOrderType; customer_name: string; telephone: string; email: string;
  address: { address: string; address2: string; city: string; state: string; zip: string }; paid: boolean; note: string;
}

const problemOf = (problems: Record<string, string>, key: string) => (problems[key] ? <p className="problem" role="alert" id={`problem-${key}`}>{problems[key]}</p> : null);
const described = (problems: Record<string, string>, key: string) => (problems[key] ? { 'aria-invalid': true, 'aria-describedby': `problem-${key}` } : {});
const money = (text: string) => (/^\d{1,7}(\.\d{1,2})?$/.test(text.trim()) ? toCents(text.trim()) : null);

/** What the screen sends: the lines as the API takes them (catalogue items by store product, free text with its price). */
function payload(values: Values, lines: Line[]): OfflineOrderInput {
  return {
    location_id: values.location_id, order_type: values.order_type, customer_name: values.customer_name, paid: values.paid,
    ...(values.telephone.trim() ? { telephone: values.telephone } : {}), ...(values.email.trim() ? { email: values.email } : {}),
    ...(values.note.trim() ? { note: values.note } : {}), ...(values.order_type === 'delivery' ? { address: values.address } : {}),
    items: lines.map((l) => ({
      quantity: Number(l.quantity),
      ...(l.store_product_id !== undefined ? { store_product_id: l.store_product_id } : { title: l.title, price: l.price }),
    })),
  };
}

/** Catalogue search for lines: items at the chosen location, each with its price and what is on the shelf. */
function CatalogueSearch({ locationId, onAdd }: { locationId: number; onAdd: (hit: OfflineProductHit) => void }) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const { data, isFetching, isError } = offlineOrdersApi.useOfflineProductsQuery({ location_id: locationId, search }, { skip: !search });
  return (
    <div>
      <div className="grid">
        <Field>Find an item<input type="search" value={draft} maxLength={100} placeholder="Name or SKU"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); setSearch(draft.trim()); } }} /></Field>
        <div style={{ alignSelf: 'end', marginBottom: 14 }}><Button type="button" $variant="secondary" onClick={() => setSearch(draft.trim())}>Search the catalogue</Button></div>
      </div>
      {isFetching ? <p aria-live="polite">Searching…</p> : null}
      {isError ? <p role="alert">The catalogue could not be searched. Please try again.</p> : null}
      {search && data && !isFetching ? (
        data.length ? (
          <ul className="hits" aria-label="Catalogue items">
            {data.map((hit) => (
              <li key={hit.store_product_id}>
                <span>{hit.title} <small>· SKU {hit.sku} · ${hit.price} · {hit.num_inventory > 0 ? `${hit.num_inventory} in stock` : 'Out of stock'}</small></span>
                <Button type="button" $variant="secondary" disabled={hit.num_inventory <= 0} aria-label={`Add ${hit.title}`} onClick={() => onAdd(hit)}>Add</Button>
              </li>
            ))}
          </ul>
        ) : <p>No items at this store match. Add it as a free-text line below.</p>
      ) : null}
    </div>
  );
}

/**
 * Entering an offline order: the store location, the customer (name and a phone or an e-mail), pickup or delivery
 * (with the address), the lines (catalogue items found by name or SKU, priced by the store and taken from its
 * stock; or free text with a price), paid or not, a note. Checked as the server checks it before sending.
 */
export function OfflineOrderForm({ onSaved, onCancel }: { onSaved: (order: OfflineOrder, message: string) => void; onCancel: () => void }) {
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const locations = business?.about_us.locations ?? [];
  const [values, setValues] = useState<Values>({
    location_id: locations[0]?.id ?? 1, order_type: 'pickup', customer_name: '', telephone: '', email: '',
    address: { address: '', address2: '', city: '', state: '', zip: '' }, paid: false, note: '',
  });
  const [lines, setLines] = useState<Line[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [free, setFree] = useState({ title: '', price: '' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [enter, { isLoading }] = offlineOrdersApi.useEnterOfflineOrderMutation();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setAddress = (key: keyof Values['address'], value: string) => setValues((v) => ({ ...v, address: { ...v.address, [key]: value } }));
  const addLine = (line: Omit<Line, 'key'>) => { setLines((ls) => [...ls, { ...line, key: nextKey }]); setNextKey((k) => k + 1); };
  const changeLocation = (id: number) => {
    set('location_id', id);
    setLines((ls) => ls.filter((l) => l.store_product_id === undefined)); // catalogue items belong to one location
  };
  const addFree = () => {
    const found: Record<string, string> = {};
    if (!free.title.trim()) found.free_title = 'Please describe the item.';
    if (money(free.price) === null) found.free_price = 'Please enter a price such as 12.50.';
    setProblems(found);
    if (Object.keys(found).length) return;
    addLine({ title: free.title.trim(), sku: '', price: formatCents(money(free.price)!), quantity: '1' });
    setFree({ title: '', price: '' });
  };
  const subtotal = lines.reduce((sum, l) => sum + (money(l.price) ?? 0) * (Number(l.quantity) || 0), 0);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = payload(values, lines);
    const found = offlineOrderProblems({ ...body, items: body.items.map((l) => ({ ...l, quantity: Number.isInteger(l.quantity) ? l.quantity : 0 })) });
    if (Object.keys(found).length) { setProblems(found); focusFirstInvalid(form); return; }
    try {
      const answer = await enter(body).unwrap();
      setProblems({});
      onSaved(answer.data, answer.message);
    } catch (error) {
      const fields = fieldErrors(error);
      setProblems(Object.keys(fields).length ? { ...fields, form: errorMessage(error) } : { form: errorMessage(error, 'The order could not be saved. Please try again.') });
      focusFirstInvalid(form);
    }
  };

  return (
    <Form onSubmit={(e: FormEvent<HTMLFormElement>) => void submit(e)} noValidate aria-labelledby="offline-form-title">
      <h2 id="offline-form-title">Enter an offline order</h2>
      <div className="grid">
        {locations.length > 1 ? (
          <Field>Store<select value={values.location_id} onChange={(e) => changeLocation(Number(e.target.value))}>
            {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </select></Field>
        ) : null}
        <fieldset>
          <legend>How the customer gets it</legend>
          <div className="choices">
            {OFFLINE_ORDER_TYPES.map((t) => (
              <label key={t}><input type="radio" name="order_type" checked={values.order_type === t} onChange={() => set('order_type', t)} /> {OFFLINE_ORDER_TYPE_LABELS[t]}</label>
            ))}
          </div>
        </fieldset>
      </div>
      {problemOf(problems, 'location_id')}
      <fieldset>
        <legend>Customer</legend>
        <div className="grid">
          <div>
            <Field>Name<input name="customer_name" autoComplete="off" value={values.customer_name} {...described(problems, 'customer_name')} onChange={(e) => set('customer_name', e.target.value)} /></Field>
            {problemOf(problems, 'customer_name')}
          </div>
          <div>
            <Field>Phone<input type="tel" name="telephone" autoComplete="off" value={values.telephone} {...described(problems, 'telephone')} onChange={(e) => set('telephone', e.target.value)} /></Field>
            {problemOf(problems, 'telephone')}
          </div>
          <div>
            <Field>E-mail<input type="email" name="email" autoComplete="off" value={values.email} {...described(problems, 'email')} onChange={(e) => set('email', e.target.value)} /></Field>
            {problemOf(problems, 'email')}
          </div>
        </div>
      </fieldset>
      {values.order_type === 'delivery' ? (
        <fieldset>
          <legend>Delivery address</legend>
          <div className="grid">
            {(['address', 'address2', 'city', 'state', 'zip'] as const).map((key) => (
              <div key={key}>
                <Field>{{ address: 'Street address', address2: 'Apartment, suite (optional)', city: 'City', state: 'State', zip: 'Zip code' }[key]}
                  <input value={values.address[key]} {...described(problems, key)} onChange={(e) => setAddress(key, e.target.value)} /></Field>
                {problemOf(problems, key)}
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
      <fieldset>
        <legend>Items</legend>
        {lines.length ? (
          <ul className="lines" aria-label="Order lines">
            {lines.map((l, i) => (
              <li key={l.key}>
                <span className="what">{l.title}{l.sku ? <small> · SKU {l.sku}</small> : <small> · free text</small>}{` · $${l.price} each`}</span>
                <label>Quantity <input type="number" min={1} max={9999} value={l.quantity} {...described(problems, `items.${i}.quantity`)}
                  onChange={(e) => setLines((ls) => ls.map((x) => (x.key === l.key ? { ...x, quantity: e.target.value } : x)))} /></label>
                <Button type="button" $variant="secondary" aria-label={`Remove ${l.title}`} onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}>Remove</Button>
                {problemOf(problems, `items.${i}.quantity`)}{problemOf(problems, `items.${i}.store_product_id`)}{problemOf(problems, `items.${i}.price`)}
              </li>
            ))}
          </ul>
        ) : <p>No items yet: find them in the catalogue or add a free-text line.</p>}
        {problemOf(problems, 'items')}
        <CatalogueSearch locationId={values.location_id} onAdd={(hit) => addLine({ store_product_id: hit.store_product_id, title: hit.title, sku: hit.sku, price: hit.price, quantity: '1' })} />
        <div className="grid">
          <div>
            <Field>Free-text item<input value={free.title} maxLength={200} placeholder="Key cutting" {...described(problems, 'free_title')} onChange={(e) => setFree({ ...free, title: e.target.value })} /></Field>
            {problemOf(problems, 'free_title')}
          </div>
          <div>
            <Field>Price<input inputMode="decimal" value={free.price} placeholder="3.50" {...described(problems, 'free_price')} onChange={(e) => setFree({ ...free, price: e.target.value })} /></Field>
            {problemOf(problems, 'free_price')}
          </div>
          <div style={{ alignSelf: 'end', marginBottom: 14 }}><Button type="button" $variant="secondary" onClick={addFree}>Add free-text item</Button></div>
        </div>
        <p><strong>Subtotal ${formatCents(subtotal)}</strong> <small>(the store's tax is added when it is saved)</small></p>
      </fieldset>
      <label><input type="checkbox" checked={values.paid} onChange={(e) => set('paid', e.target.checked)} /> Paid</label>
      <Field style={{ marginTop: 12 }}>Note (optional)<textarea rows={2} maxLength={1000} value={values.note} onChange={(e) => set('note', e.target.value)} /></Field>
      {problems.form ? <ErrorNotice>{problems.form}</ErrorNotice> : null}
      <div className="actions">
        <Button type="submit" disabled={isLoading}>{isLoading ? 'Saving…' : 'Save offline order'}</Button>
        <Button type="button" $variant="secondary" onClick={onCancel}>Cancel</Button>
      </div>
    </Form>
  );
}
