import { useId, useState, type FormEvent } from 'react';
import type { AdminOrder, LabelQuote } from '@platform/contracts';
import { addressLine, formatCents, FRAUD_CONFIRM_LABEL, insuranceFeeCents, insuranceProblem, parcelProblems, toCents, type ParcelForm } from '@platform/domain';
import { errorMessage, fieldErrors, fraudChecksApi, shippingLabelsApi } from '@platform/api-client';
import { Link } from '@platform/routing';
import { Button, ErrorNotice, Field, Loading } from '@platform/ui';
import { LabelActions, labelShips } from './label-actions';
import { SupplierShipping } from './supplier-shipping';

const row = { display: 'flex', flexWrap: 'wrap', gap: 10, alignItems: 'end' } as const;
const narrow = { width: '6.5em' } as const;
const OUTSTANDING = ['placed', 'taken', 'preparing', 'prepared'];
type ParcelDraft = Record<'weight_lb' | 'weight_oz' | 'length' | 'width' | 'height', string>;
const EMPTY: ParcelDraft = { weight_lb: '', weight_oz: '', length: '', width: '', height: '' };

/** The form's text as the parcel the API takes (empty fields left out). */
const parcelOf = (draft: ParcelDraft): ParcelForm => Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, Number(v)]));
/** Dollars typed by the staff ('249.99', '$40') as cents, or null. */
const centsOf = (text: string) => { try { return toCents(text.trim().replace(/^\$/, '')); } catch { return null; } };

/**
 * 'Check the address' before a label is bought (spec 3 carrier admin validateAddress): EasyPost says whether it finds
 * the order's address, written as the carrier writes it, or why not (then the staff calls the customer: the label goes
 * to the order's address as it is).
 */
function AddressCheck({ address }: { address: NonNullable<AdminOrder['address']> }) {
  const [check, { isLoading }] = shippingLabelsApi.useValidateShippingAddressMutation();
  const [said, setSaid] = useState<{ found: boolean; text: string } | null>(null);
  const run = async () => {
    setSaid(null);
    try {
      const answer = await check({ address: address.address, address2: address.address2, city: address.city, state: address.state, zip: address.zip }).unwrap();
      setSaid({ found: true, text: `EasyPost finds it as: ${addressLine(answer.data.address)}.` });
    } catch (err) {
      setSaid({ found: false, text: `${errorMessage(err, 'The address could not be checked. Please try again.')} Call the customer before buying a label.` });
    }
  };
  return (
    <>
      {' '}<Button type="button" $variant="link" disabled={isLoading} onClick={() => void run()}>{isLoading ? 'Checking…' : 'Check the address'}</Button>
      {said ? <span role={said.found ? 'status' : 'alert'} style={{ display: 'block' }}>{said.text}</span> : null}
    </>
  );
}

/**
 * Create label on a shipping order's Prepare screen (spec 3 carrier admin {id}/quotes, insurance-rate, {id}/buy): the
 * staff weighs and measures the parcel, gets the carriers' rates, picks one, may insure the contents (the fee shown
 * by EasyPost's rule), and buys it after a question; the label then shows here with Print. An order with a label shows it
 * with Print and Refund. Where the store connected a supplier's drop-ship, the order can be sent to it instead
 * (SupplierShipping). Where no shipping account is connected, says who connects it.
 */
export function CreateLabel({ order }: { order: AdminOrder }) {
  const ids = useId();
  const { data: carriers } = shippingLabelsApi.useConnectedCarriersQuery();
  const { data: labels, isLoading: loadingLabels } = shippingLabelsApi.useShippingLabelsQuery({ page: 1, order_id: order.id });
  const [getRates, { isLoading: quoting }] = shippingLabelsApi.useLabelQuotesMutation();
  const [buy, { isLoading: buying }] = shippingLabelsApi.useBuyLabelMutation();
  const { data: fraud } = fraudChecksApi.useOrderFraudCheckQuery(order.id);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ParcelDraft>(EMPTY);
  const [quote, setQuote] = useState<LabelQuote | null>(null);
  const [rateId, setRateId] = useState('');
  const [insure, setInsure] = useState(false);
  const [insured, setInsured] = useState(order.subtotal);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [said, setSaid] = useState<string | null>(null);

  const active = labels?.data.find(labelShips) ?? null;
  const canBuy = OUTSTANDING.includes(order.status) && !active;
  const connected = Boolean(carriers?.some((c) => c.id === 'easypost'));
  const suppliers = (carriers ?? []).filter((c) => c.id !== 'easypost');

  const rates = async (event: FormEvent) => {
    event.preventDefault();
    const parcel = parcelOf(draft);
    const found = parcelProblems(parcel);
    setProblems(found);
    setQuote(null);
    if (Object.keys(found).length) return;
    try {
      const answer = await getRates({ id: order.id, ...parcel }).unwrap();
      setQuote(answer);
      setRateId(answer.rates[0]?.id ?? '');
    } catch (err) {
      const byField = fieldErrors(err);
      setProblems(Object.keys(byField).length ? byField : { form: errorMessage(err, 'The rates could not be had. Please try again.') });
    }
  };

  const chosen = quote?.rates.find((r) => r.id === rateId) ?? null;
  const insuredCents = insure ? centsOf(insured) : null;
  const insuranceSaid = insure ? (insuredCents === null ? 'Give the value as dollars and cents, like 249.99.' : insuranceProblem(insuredCents)) : null;
  const totalCents = chosen ? toCents(chosen.rate) + (insure && insuredCents && !insuranceSaid ? insuranceFeeCents(insuredCents) : 0) : 0;

  const purchase = async () => {
    if (!chosen || insuranceSaid) return;
    // An order whose checks ask for a look, not verified yet: the staff confirms first (pickup is never held up).
    if (fraud?.data.needs_confirmation && !window.confirm(FRAUD_CONFIRM_LABEL)) return;
    const what = `${chosen.carrier} ${chosen.service} for $${formatCents(totalCents)}${insure ? ` (insured for $${formatCents(insuredCents!)})` : ''}`;
    if (!window.confirm(`Buy a ${what}? EasyPost charges the store's account.`)) return;
    setProblems({});
    try {
      const answer = await buy({ id: order.id, rate_id: chosen.id, ...(insure ? { insurance: formatCents(insuredCents!) } : {}) }).unwrap();
      setSaid(answer.message);
      setOpen(false); setQuote(null); setDraft(EMPTY); setInsure(false);
    } catch (err) {
      setProblems({ form: fieldErrors(err).rate_id ?? errorMessage(err, 'The label could not be bought. Please try again.') });
    }
  };

  const input = (key: keyof ParcelDraft, label: string, step = '0.1') => (
    <Field style={{ marginBottom: 0 }}>{label}
      <input type="number" inputMode="decimal" min={0} step={step} style={narrow} value={draft[key]} aria-invalid={Boolean(problems[key])}
        aria-describedby={problems[key] ? `${ids}-${key}` : undefined} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </Field>
  );

  return (
    <section aria-labelledby={`${ids}-title`} style={{ marginTop: 20 }}>
      <h3 id={`${ids}-title`}>Shipping label</h3>
      {loadingLabels ? <Loading label="Loading the order's labels…" /> : null}
      {active ? (
        <div>
          <p>{active.provider !== 'easypost' ? `Drop-ship by ${active.provider_name}: ` : ''}{active.carrier} {active.service} · tracking {active.tracking_url ? <a href={active.tracking_url} target="_blank" rel="noreferrer">{active.tracking_code}</a> : active.tracking_code} · ${active.total} · {active.status_label}</p>
          <LabelActions label={active} />
        </div>
      ) : null}
      {labels && labels.data.some((l) => !labelShips(l)) ? (
        <p><small>Refunded: {labels.data.filter((l) => !labelShips(l)).map((l) => `${l.carrier} ${l.tracking_code} (${l.status_label.toLowerCase()})`).join(', ')}</small></p>
      ) : null}
      {said ? <p role="status">{said}</p> : null}
      {problems.form && !open ? <ErrorNotice>{problems.form}</ErrorNotice> : null}
      {canBuy && carriers && !connected && !suppliers.length ? <p>No shipping account is connected. The store owner connects EasyPost or a supplier under <Link to="/admin/orders/shipping-labels">Orders › Shipping labels</Link>.</p> : null}
      {canBuy && connected && !open ? <Button type="button" onClick={() => { setOpen(true); setProblems({}); setSaid(null); }}>Create label</Button> : null}
      {canBuy && connected && open ? (
        <div>
          <form aria-label="Parcel" onSubmit={(e) => void rates(e)} noValidate>
            <p style={{ margin: '0 0 8px' }}>Ships to {order.address ? `${order.address.address}, ${order.address.city}, ${order.address.state} ${order.address.zip}` : '—'}{order.address ? <AddressCheck address={order.address} /> : null}</p>
            <div style={row}>
              {input('weight_lb', 'Weight (lb)')}
              {input('weight_oz', 'and oz')}
              {input('length', 'Length (in)')}
              {input('width', 'Width (in)')}
              {input('height', 'Height (in)')}
              <Button type="submit" disabled={quoting}>{quoting ? 'Getting rates…' : quote ? 'Get rates again' : 'Get rates'}</Button>
              <Button type="button" $variant="secondary" onClick={() => { setOpen(false); setQuote(null); setProblems({}); }}>Close</Button>
            </div>
            {(['weight_lb', 'length', 'width', 'height'] as const).map((key) => problems[key] ? <p key={key} id={`${ids}-${key}`} role="alert" style={{ margin: '6px 0 0' }}>{problems[key]}</p> : null)}
          </form>
          {problems.form ? <ErrorNotice>{problems.form}</ErrorNotice> : null}
          {quote ? (
            <form aria-label="Choose a rate" onSubmit={(e) => { e.preventDefault(); void purchase(); }} style={{ marginTop: 12 }}>
              <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
                <legend>Rates from {quote.from} ({quote.parcel.weight_oz} oz)</legend>
                {quote.rates.map((r) => (
                  <label key={r.id} style={{ display: 'block', padding: '6px 0' }}>
                    <input type="radio" name={`${ids}-rate`} value={r.id} checked={rateId === r.id} onChange={() => setRateId(r.id)} />{' '}
                    {r.carrier} {r.service} — ${r.rate}{r.delivery_days ? `, ${r.delivery_days} day${r.delivery_days === 1 ? '' : 's'}` : ''}
                  </label>
                ))}
              </fieldset>
              {quote.messages.length ? <p><small>{quote.messages.join(' ')}</small></p> : null}
              <label style={{ display: 'block', margin: '8px 0' }}>
                <input type="checkbox" checked={insure} onChange={(e) => setInsure(e.target.checked)} /> Insure the contents (1% of the value, at least $1.00)
              </label>
              {insure ? (
                <Field>Value to insure ($)
                  <input inputMode="decimal" style={{ width: '9em' }} value={insured} aria-invalid={Boolean(insuranceSaid)} onChange={(e) => setInsured(e.target.value)} />
                </Field>
              ) : null}
              {insure && insuranceSaid ? <p role="alert">{insuranceSaid}</p> : null}
              {insure && !insuranceSaid && insuredCents ? <p>Insurance: ${formatCents(insuranceFeeCents(insuredCents))}</p> : null}
              <Button type="submit" disabled={buying || !chosen || Boolean(insuranceSaid)}>{buying ? 'Buying…' : `Buy label · $${formatCents(totalCents)}`}</Button>
            </form>
          ) : null}
        </div>
      ) : null}
      {canBuy && suppliers.length && !open ? <SupplierShipping order={order} suppliers={suppliers} /> : null}
    </section>
  );
}
