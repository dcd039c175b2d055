import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { shippingAddressProblem } from '@platform/domain';
import { cartApi, errorMessage, getDeviceId, type ShippingAddress } from '@platform/api-client';
import { Button } from '@platform/ui';

const EMPTY: ShippingAddress = { address: '', address2: '', city: '', state: '', zip: '', country: 'US' };

const Form = styled.form`
  display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px 12px; margin: 8px 0 12px; max-width: 640px;
  label { display: flex; flex-direction: column; font-size: 0.9rem; gap: 2px; }
  input { font: inherit; padding: 6px; }
  .wide { grid-column: span 2; }
  .actions { grid-column: 1 / -1; display: flex; gap: 12px; align-items: center; }
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { grid-template-columns: 1fr 1fr; .wide { grid-column: 1 / -1; } }
`;
const Options = styled.fieldset`
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; margin: 0 0 12px; padding: 8px 12px; max-width: 640px;
  label { display: flex; gap: 8px; align-items: center; padding: 6px 0; cursor: pointer; }
  .price { margin-left: auto; font-weight: 600; }
`;

/**
 * Shipping (delivery mode 2): the street address, the store's shipping options for it, and the choice.
 * After the cart changes the options are asked for again with the same address (spec: shipping quotes are
 * refetched after cart changes); a choice of the same carrier and service stays chosen.
 */
export function ShippingOptions({ prefix, chosenId, cartVersion }: { prefix: string; chosenId: string | null; cartVersion: string }) {
  const device_id = getDeviceId();
  const { data: state } = cartApi.useShippingQuoteQuery({ device_id });
  const [requestQuotes, { isLoading: quoting }] = cartApi.useShippingQuotesMutation();
  const [selectQuote, { isLoading: selecting }] = cartApi.useSelectShippingQuoteMutation();
  const [form, setForm] = useState<ShippingAddress | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // The option being chosen shows as chosen at once, while the cart is re-totalled.
  const [picking, setPicking] = useState<string | null>(null);
  const pick = async (quote_id: string) => {
    setPicking(quote_id);
    try { await selectQuote({ quote_id, device_id }).unwrap(); } catch (error) { setMessage(errorMessage(error)); setPicking(null); }
  };
  useEffect(() => { if (picking && chosenId === picking) setPicking(null); }, [picking, chosenId]);
  const address = form ?? state?.address ?? EMPTY;
  const set = (field: keyof ShippingAddress) => (event: React.ChangeEvent<HTMLInputElement>) => { setForm({ ...address, [field]: event.target.value }); setMessage(null); };

  const quote = async (customerAddress: ShippingAddress) => {
    try {
      const answer = await requestQuotes({ customerAddress, device_id }).unwrap();
      setMessage(answer.message);
      setForm(null);
    } catch (error) {
      setMessage(errorMessage(error));
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = shippingAddressProblem(address);
    if (problem) { setMessage(problem); return; }
    void quote(address);
  };

  // Quote again, once per cart version, when the cart changed since the last quotes.
  const requoted = useRef<string | null>(null);
  useEffect(() => {
    if (!state?.stale || !state.address || quoting || requoted.current === cartVersion) return;
    requoted.current = cartVersion;
    void quote(state.address);
  }, [state?.stale, state?.address, cartVersion, quoting]);

  return (
    <section aria-label="Shipping">
      <Form onSubmit={submit} aria-label="Shipping address" noValidate>
        <label className="wide">Street address<input autoComplete="address-line1" value={address.address} maxLength={200} onChange={set('address')} /></label>
        <label className="wide">Apartment, suite (optional)<input autoComplete="address-line2" value={address.address2} maxLength={200} onChange={set('address2')} /></label>
        <label className="wide">City<input autoComplete="address-level2" value={address.city} maxLength={100} onChange={set('city')} /></label>
        <label>State<input autoComplete="address-level1" value={address.state} maxLength={50} onChange={set('state')} /></label>
        <label>Zip code<input autoComplete="postal-code" inputMode="numeric" value={address.zip} maxLength={10} onChange={set('zip')} /></label>
        <div className="actions">
          <Button type="submit" $variant="secondary" disabled={quoting}>{quoting ? 'Getting quotes…' : 'Get shipping quotes'}</Button>
          {message ? <span role="alert">{message}</span> : null}
        </div>
      </Form>
      {state && state.quotes.length > 0 ? (
        <Options aria-busy={selecting}>
          <legend>Shipping options</legend>
          {state.quotes.map((q) => (
            <label key={q.id}>
              <input type="radio" name="shipping-quote" value={q.id} checked={(picking ?? chosenId) === q.id} disabled={selecting} onChange={() => void pick(q.id)} />
              <span>{q.carrier} {q.service}{q.delivery_days ? ` (${q.delivery_days})` : ''}</span>
              <span className="price">{q.total === '0.00' ? 'FREE' : `${prefix}${q.total}`}</span>
            </label>
          ))}
        </Options>
      ) : null}
    </section>
  );
}
