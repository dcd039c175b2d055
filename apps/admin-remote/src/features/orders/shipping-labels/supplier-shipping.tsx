import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AdminOrder, ConnectedCarrier, DropShipQuote } from '@platform/contracts';
import { errorMessage, fieldErrors, shippingLabelsApi } from '@platform/api-client';
import { Button, ErrorNotice, Field, Loading } from '@platform/ui';
import { ListTable } from '../../layout/list-parts';

type Supplier = 'doitbest' | 'emery';
const supplierName = (c: ConnectedCarrier) => c.name.replace(/ drop-ship$/, '');

/** Do it Best's RSC choice: the member's RSCs, asked of Do it Best. */
function RscSelect({ value, onChange, describedBy }: { value: string; onChange: (rsc: string) => void; describedBy?: string }) {
  const { data: rscs, isLoading, isError, error, refetch } = shippingLabelsApi.useRscOptionsQuery();
  if (isLoading) return <Loading label="Loading Do it Best's RSCs…" />;
  if (isError) return <ErrorNotice action={<Button type="button" onClick={() => void refetch()}>Try again</Button>}>{errorMessage(error, "We could not load Do it Best's RSCs.")}</ErrorNotice>;
  return (
    <Field style={{ marginBottom: 0 }}>Ship from (RSC)
      <select value={value} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose an RSC</option>
        {(rscs ?? []).map((r) => <option key={r.id} value={r.id}>{r.name} ({r.id})</option>)}
      </select>
    </Field>
  );
}

type QuoteLine = DropShipQuote['lines'][number];

/**
 * The supplier's item number of one line (what it was asked for: the number kept for the product, else our SKU),
 * with Change: a number typed is kept for the product ({id}/{supplier}/item-number) and asked for on every later
 * drop-ship; emptied, the SKU is asked for again. Escape or Cancel puts it back.
 */
function SupplierItemCell({ orderId, supplier, name, line, onSaved, focus, onFocused }: {
  orderId: string; supplier: Supplier; name: string; line: QuoteLine; onSaved: (message: string, sku: string) => void; focus: boolean; onFocused: () => void;
}) {
  const ids = useId();
  const change = useRef<HTMLButtonElement | null>(null);
  const box = useRef<HTMLInputElement | null>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { isLoading: saving }] = shippingLabelsApi.useSetSupplierItemNumberMutation();
  // Back on Change: once the order is checked again after a save (focus), or when the edit is put back (refocus).
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!(focus || refocus) || editing) return;
    change.current?.focus();
    setRefocus(false);
    if (focus) onFocused();
  }, [focus, refocus, editing, onFocused]);
  useEffect(() => { if (editing) box.current?.focus(); }, [editing]);
  const open = () => { setDraft(line.item_mapped ? line.item_number : ''); setProblem(null); setEditing(true); };
  const close = () => { setEditing(false); setRefocus(true); };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const answer = await save({ id: orderId, supplier, sku: line.sku, item_number: draft.trim() }).unwrap();
      setEditing(false);
      onSaved(answer.message, line.sku);
    } catch (err) {
      setProblem(fieldErrors(err).item_number ?? errorMessage(err, 'The item number could not be kept. Please try again.'));
    }
  };
  if (!editing) {
    return (
      <>
        {line.item_number}{line.item_mapped ? null : <small>our SKU</small>}
        <Button type="button" $variant="secondary" ref={change} aria-label={`Change ${name}'s item number for ${line.title}`} onClick={open}>Change</Button>
      </>
    );
  }
  return (
    <form aria-label={`${name} item number for ${line.title}`} onSubmit={(e) => void submit(e)} noValidate
      onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); close(); } }}>
      <Field style={{ marginBottom: 4 }}>{name} item number
        <input ref={box} value={draft} maxLength={40} autoComplete="off" placeholder={line.sku} aria-describedby={`${ids}-help${problem ? ` ${ids}-problem` : ''}`}
          aria-invalid={problem ? true : undefined} onChange={(e) => setDraft(e.target.value)} />
      </Field>
      <small id={`${ids}-help`}>Kept for this product: later orders ask {name} for it too. Leave it empty to ask by our SKU ({line.sku}).</small>
      {problem ? <p id={`${ids}-problem`} role="alert" style={{ margin: '4px 0' }}><strong>{problem}</strong></p> : null}
      <span style={{ display: 'flex', gap: 6, marginTop: 6 }}>
        <Button type="submit" disabled={saving}>{saving ? 'Saving…' : 'Save'}</Button>
        <Button type="button" $variant="secondary" onClick={close}>Cancel</Button>
      </span>
    </form>
  );
}

/**
 * Ship from a supplier, on a shipping order's Prepare screen (spec 3 supplier shipping: {id}/doitbest/prepare and
 * /send, rscOptions; {id}/emery/prepare and /send): the staff choose the supplier (and Do it Best's RSC), check what
 * it can send and each service's freight, choose a service and send it after a question. The order's tracking then
 * shows with the labels above it. Shown where the store connected a supplier and the order still needs shipping.
 */
export function SupplierShipping({ order, suppliers }: { order: AdminOrder; suppliers: ConnectedCarrier[] }) {
  const ids = useId();
  const [supplier, setSupplier] = useState<Supplier>(suppliers[0].id as Supplier);
  const [rsc, setRsc] = useState('');
  const [quote, setQuote] = useState<DropShipQuote | null>(null);
  const [service, setService] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [returnStock, setReturnStock] = useState(false);
  // After an item number is kept, the keyboard goes back to that line's Change once the order is checked again.
  const [focusLine, setFocusLine] = useState<string | null>(null);
  const [prepare, { isLoading: preparing }] = shippingLabelsApi.usePrepareDropShipMutation();
  const [send, { isLoading: sending }] = shippingLabelsApi.useSendDropShipMutation();
  const chosen = suppliers.find((s) => s.id === supplier) ?? suppliers[0];
  const name = supplierName(chosen);

  const focused = useCallback(() => setFocusLine(null), []);

  /** Asks the supplier what it can send of the order (prepare); `keepSaid` keeps the status line (an item number just kept). */
  const ask = async (keepSaid = false) => {
    setProblem(null);
    if (!keepSaid) setSaid(null);
    setQuote(null);
    if (supplier === 'doitbest' && !rsc) { setProblem('Choose the RSC to ship from.'); return; }
    try {
      const answer = await prepare({ id: order.id, supplier, ...(supplier === 'doitbest' ? { rsc } : {}) }).unwrap();
      setQuote(answer);
      setService(answer.rates[0]?.id ?? '');
    } catch (err) {
      setProblem(fieldErrors(err).rsc ?? errorMessage(err, `${name} could not be asked. Please try again.`));
    }
  };
  const check = (event: FormEvent) => { event.preventDefault(); void ask(); };
  const itemKept = (message: string, sku: string) => { setSaid(message); setFocusLine(sku); void ask(true); };

  const rate = quote?.rates.find((r) => r.id === service) ?? null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!quote || !rate) return;
    const back = returnStock ? ` The shelf units go back to ${order.store.name}'s stock.` : '';
    if (!window.confirm(`Send order ${order.order_number} to ${name}${quote.supplier === 'doitbest' ? ` (${quote.rsc} RSC)` : ''} by ${rate.carrier} ${rate.service}? ${name} ships the items and bills the store $${rate.rate} freight.${back}`)) return;
    setProblem(null);
    try {
      const answer = await send({
        id: order.id, supplier, ...(supplier === 'doitbest' ? { rsc: quote.rsc } : {}), shipping_service: rate.id, ...(returnStock ? { return_stock: true } : {}),
      }).unwrap();
      setSaid(answer.message);
      setQuote(null);
    } catch (err) {
      const byField = fieldErrors(err);
      setProblem(byField.shipping_service ?? byField.rsc ?? errorMessage(err, `The order could not be sent to ${name}. Please try again.`));
    }
  };

  return (
    <section aria-labelledby={`${ids}-title`} style={{ marginTop: 20 }}>
      <h3 id={`${ids}-title`}>Ship from a supplier</h3>
      {said ? <p role="status">{said}</p> : null}
      <form aria-label="Ask the supplier" onSubmit={check} noValidate style={{ display: 'flex', flexWrap: 'wrap', gap: 10, alignItems: 'end' }}>
        {suppliers.length > 1 ? (
          <Field style={{ marginBottom: 0 }}>Supplier
            <select value={supplier} onChange={(e) => { setSupplier(e.target.value as Supplier); setQuote(null); setProblem(null); }}>
              {suppliers.map((s) => <option key={s.id} value={s.id}>{supplierName(s)}</option>)}
            </select>
          </Field>
        ) : <p style={{ margin: 0 }}>{name}</p>}
        {supplier === 'doitbest' ? <RscSelect value={rsc} onChange={(next) => { setRsc(next); setQuote(null); }} describedBy={problem ? `${ids}-problem` : undefined} /> : null}
        <Button type="submit" disabled={preparing}>{preparing ? `Asking ${name}…` : quote ? 'Check again' : `Check with ${name}`}</Button>
      </form>
      {problem ? <div id={`${ids}-problem`}><ErrorNotice>{problem}</ErrorNotice></div> : null}
      {quote ? (
        <div style={{ marginTop: 12 }}>
          <ListTable aria-label={`What ${name} can send`}>
            <thead><tr><th>Item</th><th>{name} item</th><th>Needed</th><th>At {quote.supplier === 'doitbest' ? `the ${quote.rsc} RSC` : `${name}'s warehouse`}</th><th className="wide">Cost each</th></tr></thead>
            <tbody>
              {quote.lines.map((l) => (
                <tr key={l.sku}>
                  <td>{l.title}<small>{l.sku}</small></td>
                  <td><SupplierItemCell orderId={order.id} supplier={quote.supplier} name={name} line={l} onSaved={itemKept} focus={focusLine === l.sku} onFocused={focused} /></td>
                  <td>{l.quantity}</td><td>{l.available < l.quantity ? <strong>{l.available} (short)</strong> : l.available}</td><td className="wide">{l.unit_cost ? `$${l.unit_cost}` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </ListTable>
          {quote.problem ? <ErrorNotice>{quote.problem}</ErrorNotice> : null}
          {quote.can_send ? (
            <form aria-label={`Send to ${name}`} onSubmit={(e) => void submit(e)}>
              <fieldset style={{ border: 'none', padding: 0, margin: '12px 0 0' }}>
                <legend>Shipping service, to {quote.to}</legend>
                {quote.rates.map((r) => (
                  <label key={r.id} style={{ display: 'block', padding: '6px 0' }}>
                    <input type="radio" name={`${ids}-service`} value={r.id} checked={service === r.id} onChange={() => setService(r.id)} />{' '}
                    {r.carrier} {r.service} — ${r.rate} freight{r.delivery_days ? `, ${r.delivery_days} day${r.delivery_days === 1 ? '' : 's'}` : ''}
                  </label>
                ))}
              </fieldset>
              {quote.messages.length ? <p><small>{quote.messages.join(' ')}</small></p> : null}
              <label style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 40, marginTop: 8 }}>
                <input type="checkbox" checked={returnStock} aria-describedby={`${ids}-return-help`} onChange={(e) => setReturnStock(e.target.checked)} />
                Give the shelf units back to stock
              </label>
              <p id={`${ids}-return-help`} style={{ margin: '0 0 12px' }}>
                <small>The order took its units off {order.store.name}&apos;s stock at checkout. Tick this when they are still on your shelf: {name} ships from its own warehouse. They go back once; cancelling the drop-ship later does not take them again.</small>
              </p>
              <Button type="submit" disabled={sending || !rate}>{sending ? `Sending to ${name}…` : `Send to ${name}${rate ? ` · $${rate.rate}` : ''}`}</Button>
            </form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
