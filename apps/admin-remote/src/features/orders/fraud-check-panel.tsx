import { useId, useState } from 'react';
import { adminOrderPath, FRAUD_NOTE_TOO_LONG } from '@platform/domain';
import { errorMessage, fraudChecksApi } from '@platform/api-client';
import { Link } from '@platform/routing';
import { Button, ErrorNotice, Field } from '@platform/ui';

/**
 * 'Check this order' on Order Details / Prepare (admin check-fingerprint, verify-fraud-detection; docs/FRAUD-CHECKS.md):
 * the card as its provider told it, the signals that ask for a second look (other orders of the same card under
 * another name, failed bank checks, raised risk, billing postal code elsewhere, a large first order), and 'Mark as
 * verified' once staff looked (with a note; kept in the history with who and when).
 */
export function FraudCheckPanel({ orderId }: { orderId: string }) {
  const ids = useId();
  const { data, isLoading, isError } = fraudChecksApi.useOrderFraudCheckQuery(orderId);
  const [verify, { isLoading: saving }] = fraudChecksApi.useVerifyOrderFraudCheckMutation();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const check = data?.data;

  const submit = async () => {
    if (note.trim().length > 500) { setProblem(FRAUD_NOTE_TOO_LONG); return; }
    setProblem(null);
    try {
      const answer = await verify({ order_id: orderId, ...(note.trim() ? { note: note.trim() } : {}) }).unwrap();
      setSaid(answer.message);
      setOpen(false); setNote('');
    } catch (err) {
      setProblem(errorMessage(err, 'The order could not be marked as verified. Please try again.'));
    }
  };

  return (
    <section aria-labelledby={`${ids}-title`} style={{ marginTop: 20 }}>
      <h3 id={`${ids}-title`}>Check this order</h3>
      {isLoading ? <p>Checking the order…</p> : null}
      {isError ? <p>The order's checks could not be read. Please reload the page.</p> : null}
      {check ? (
        <>
          {check.card ? (
            <p>
              {check.card.brand ?? 'Card'}{check.card.last4 ? ` ending ${check.card.last4}` : ''} · security code {check.card.cvc_check} · billing address {check.card.address_check} · postal code {check.card.postal_code_check}
              {check.card.risk_level ? ` · risk ${check.card.risk_level}` : ''}
              {!check.card.fingerprint_known ? ' · the card provider gives no fingerprint: other orders of this card cannot be found' : ''}
            </p>
          ) : <p>Not paid by card: no card checks.</p>}
          {check.signals.length ? (
            <ul aria-label="Signals to look at">{check.signals.map((s) => <li key={s.code}>{s.message}</li>)}</ul>
          ) : <p>{data.message}</p>}
          {check.same_card.length ? (
            <details>
              <summary>Other orders with this card ({check.same_card.length})</summary>
              <ul aria-label="Other orders with this card">
                {check.same_card.map((o) => (
                  <li key={o.id}><Link to={adminOrderPath(o)}>Order {o.order_number}</Link>, {o.customer_name}{o.email ? ` <${o.email}>` : ''}, {new Date(o.placed_at).toLocaleDateString()}</li>
                ))}
              </ul>
            </details>
          ) : null}
          {check.verified ? (
            <p role="status">Verified{check.verified.by ? ` by ${check.verified.by}` : ''} on {new Date(check.verified.at).toLocaleString()}{check.verified.note ? `: ${check.verified.note}` : ''}</p>
          ) : null}
          {said && !check.verified ? <p role="status">{said}</p> : null}
          {check.level === 'review' && !check.verified && !open ? <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>Mark as verified</Button> : null}
          {open ? (
            <form aria-label="Mark as verified" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
              <Field>Note (optional: what you checked)<textarea rows={2} value={note} aria-invalid={Boolean(problem)} onChange={(e) => setNote(e.target.value)} /></Field>
              {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
              <Button type="submit" disabled={saving}>{saving ? 'Saving…' : 'Mark as verified'}</Button>{' '}
              <Button type="button" $variant="secondary" onClick={() => { setOpen(false); setProblem(null); }}>Close</Button>
            </form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
