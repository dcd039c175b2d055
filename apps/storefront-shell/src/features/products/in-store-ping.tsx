import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { errorMessage, fieldErrors, inStorePingApi, useSelectedStore, useSession, type ProductDetail } from '@platform/api-client';
import type { InStorePingState } from '@platform/contracts';
import { formatPhone, PHONE_INPUT_MAX_LENGTH, phoneInputDigits, pingContactProblems } from '@platform/domain';
import { Button, focusFirstInvalid } from '@platform/ui';
import { useStockLabel } from '../../components/product-bits';

const Box = styled.section`
  margin: 12px 0; padding: 12px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius};
  h2 { font-size: 1rem; margin: 0 0 4px; }
  p { margin: 0 0 8px; }
  form { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; }
  label { display: flex; flex-direction: column; gap: 4px; font-weight: 600; flex: 1 1 180px; }
  input { padding: 6px 8px; font: inherit; font-weight: 400; }
  .error { color: ${(p) => p.theme.colors.danger}; font-weight: 400; margin: 0; }
  .actions { flex-basis: 100%; display: flex; gap: 8px; }
  @media (max-width: ${(p) => p.theme.breakpoints.md}px) { label { flex-basis: 100%; } }
`;

type Fields = { name: string; phone: string; email: string };
const EMPTY: Fields = { name: '', phone: '', email: '' };

/**
 * 'Ask the store to check' (in-store ping, issue 29) for an item shown out of stock at the chosen store: a signed-in
 * shopper asks with one click; a guest gives a name and a phone number or e-mail. Once asked, the button reads
 * 'Store asked — Cancel'. The store checks the shelf; the shopper hears once when it is in stock there.
 */
export function InStorePing({ productId }: { productId: number }) {
  const user = useSession();
  const store = useSelectedStore();
  const args = { product_id: productId, customer_id: user?.data.customer.slug, store };
  const status = inStorePingApi.useInStorePingStatusQuery(args, { skip: Boolean(user?.is_admin) });
  const [save, saving] = inStorePingApi.useSaveInStorePingMutation();
  const [saveAsGuest, savingAsGuest] = inStorePingApi.useInStorePingNonCustomerInfoMutation();
  const [cancel, cancelling] = inStorePingApi.useCancelInStorePingMutation();
  const [state, setState] = useState<InStorePingState | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [problems, setProblems] = useState<Partial<Fields>>({});
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  if (user?.is_admin) return null;

  const pinged = (state ?? status.data)?.pinged ?? false;
  const busy = saving.isLoading || savingAsGuest.isLoading || cancelling.isLoading;

  const ask = async (guest?: Fields) => {
    setFailure(null);
    try {
      const answer = guest
        ? await saveAsGuest({ product_id: productId, name: guest.name.trim(), ...(guest.phone.trim() ? { phone: guest.phone } : {}), ...(guest.email.trim() ? { email: guest.email.trim() } : {}) }).unwrap()
        : await save({ product_id: productId }).unwrap();
      setState(answer.data);
      setNote(answer.message);
      setOpen(false);
    } catch (error) {
      const byField = fieldErrors(error) as Partial<Fields>;
      if (guest && (byField.name || byField.phone || byField.email)) {
        setProblems(byField);
        focusFirstInvalid(form.current);
      } else setFailure(errorMessage(error, 'We could not send your request to the store. Please try again.'));
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = pingContactProblems(fields);
    setProblems(found);
    if (Object.keys(found).length) {
      focusFirstInvalid(form.current);
      return;
    }
    void ask(fields);
  };
  const withdraw = async () => {
    setFailure(null);
    try {
      const answer = await cancel({ product_id: productId }).unwrap();
      setState(answer.data);
      setNote(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, 'We could not cancel your request. Please try again.'));
    }
  };
  const field = (key: keyof Fields, label: string, input: React.InputHTMLAttributes<HTMLInputElement>) => (
    <label htmlFor={`${id}-${key}`}>
      {label}
      <input
        id={`${id}-${key}`} value={fields[key]} {...input}
        onChange={(e) => setFields({ ...fields, [key]: key === 'phone' ? formatPhone(phoneInputDigits(e.target.value)) : e.target.value })}
        aria-invalid={problems[key] ? true : undefined} aria-describedby={problems[key] ? `${id}-${key}-error` : undefined}
      />
      {problems[key] ? <span className="error" id={`${id}-${key}-error`}>{problems[key]}</span> : null}
    </label>
  );

  return (
    <Box aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Not sure it&apos;s really out?</h2>
      {failure ? <p className="error" role="alert">{failure}</p> : null}
      {note ? <p role="status">{note}</p> : null}
      {status.isLoading ? <p>Checking…</p> : pinged ? (
        <Button type="button" onClick={() => void withdraw()} disabled={busy}>{cancelling.isLoading ? 'Cancelling…' : 'Store asked — Cancel'}</Button>
      ) : open ? (
        <form ref={form} noValidate onSubmit={submit} aria-label="Ask the store to check">
          {field('name', 'Your name', { autoComplete: 'name', maxLength: 100 })}
          {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: PHONE_INPUT_MAX_LENGTH })}
          {field('email', 'or e-mail', { type: 'email', autoComplete: 'email', maxLength: 254 })}
          <div className="actions">
            <Button type="submit" disabled={busy}>{savingAsGuest.isLoading ? 'Sending…' : 'Send to the store'}</Button>
            <Button type="button" onClick={() => { setOpen(false); setProblems({}); }}>Not now</Button>
          </div>
        </form>
      ) : (
        <Button type="button" onClick={() => (user ? void ask() : setOpen(true))} disabled={busy}>{saving.isLoading ? 'Asking…' : 'Ask the store to check'}</Button>
      )}
      {!pinged && !note ? <p style={{ marginTop: 8 }}>Staff check the shelf, and we let you know once when it&apos;s in stock at this store.</p> : null}
    </Box>
  );
}

/** The product page's part: offered where the item shows Out of Stock or On Order at the chosen store. */
export function InStorePingOffer({ product }: { product: ProductDetail }) {
  const label = useStockLabel(product);
  const store = useSelectedStore();
  const user = useSession();
  if (label.state !== 'out-of-stock' && label.state !== 'on-order') return null;
  // Another store or another shopper starts from that one's own answer.
  return <InStorePing key={`${store}:${user?.data.customer.slug ?? ''}`} productId={product.id} />;
}
