import { useId, useState, type FormEvent } from 'react';
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
  const [prepare, { isLoading: preparing }] = shippingLabelsApi.usePrepareDropShipMutation();
  const [send, { isLoading: sending }] = shippingLabelsApi.useSendDropShipMutation();
  const chosen = suppliers.find((s) => s.id === supplier) ?? suppliers[0];
  const name = supplierName(chosen);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaid(null);
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

  const rate = quote?.rates.find((r) => r.id === service) ?? null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!quote || !rate) return;
    if (!window.confirm(`Send order ${order.order_number} to ${name}${quote.supplier === 'doitbest' ? ` (${quote.rsc} RSC)` : ''} by ${rate.carrier} ${rate.service}? ${name} ships the items and bills the store $${rate.rate} freight.`)) return;
    setProblem(null);
    try {
      const answer = await send({ id: order.id, supplier, ...(supplier === 'doitbest' ? { rsc: quote.rsc } : {}), shipping_service: rate.id }).unwrap();
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
      <form aria-label="Ask the supplier" onSubmit={(e) => void check(e)} noValidate style={{ display: 'flex', flexWrap: 'wrap', gap: 10, alignItems: 'end' }}>
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
        <form aria-label={`Send to ${name}`} onSubmit={(e) => void submit(e)} style={{ marginTop: 12 }}>
          <ListTable aria-label={`What ${name} can send`}>
            <thead><tr><th>Item</th><th>Needed</th><th>At {quote.supplier === 'doitbest' ? `the ${quote.rsc} RSC` : `${name}'s warehouse`}</th><th className="wide">Cost each</th></tr></thead>
            <tbody>
              {quote.lines.map((l) => (
                <tr key={l.sku}><td>{l.title}<small>{l.sku}</small></td><td>{l.quantity}</td><td>{l.available < l.quantity ? <strong>{l.available} (short)</strong> : l.available}</td><td className="wide">{l.unit_cost ? `$${l.unit_cost}` : '—'}</td></tr>
              ))}
            </tbody>
          </ListTable>
          {quote.problem ? <ErrorNotice>{quote.problem}</ErrorNotice> : null}
          {quote.can_send ? (
            <>
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
              <Button type="submit" disabled={sending || !rate}>{sending ? `Sending to ${name}…` : `Send to ${name}${rate ? ` · $${rate.rate}` : ''}`}</Button>
            </>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
