import { useState } from 'react';
import type { ShippingLabel } from '@platform/contracts';
import { errorMessage, openLabelFile, shippingLabelsApi } from '@platform/api-client';
import { Button } from '@platform/ui';

/** A label that still ships its order: printable and refundable (a refund the carrier rejected may be asked again). */
export const labelShips = (label: ShippingLabel) => label.status === 'bought' || label.status === 'refund_rejected';

/**
 * Print (the kept PDF, in a new tab) and Refund (after a question; EasyPost refunds unused labels) for one label; for
 * a supplier's drop-ship, its packing slip and Cancel drop-ship (the supplier cancels it until it ships).
 * What happened, and problems, are said next to the buttons.
 */
export function LabelActions({ label }: { label: ShippingLabel }) {
  const [refund, { isLoading: refunding }] = shippingLabelsApi.useRefundLabelMutation();
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const name = `label ${label.tracking_code}`;
  const print = async () => {
    setProblem(null);
    setOpening(true);
    const refused = await openLabelFile(label.file_url, `label-${label.order_number}-${label.tracking_code}.pdf`);
    setOpening(false);
    if (refused) setProblem(refused);
  };
  // A supplier's drop-ship is not refunded but cancelled at the supplier, until it has shipped.
  const dropShip = label.provider !== 'easypost';
  const askRefund = async () => {
    const question = dropShip
      ? `Cancel the ${label.provider_name} drop-ship of order ${label.order_number} (${label.carrier} ${label.tracking_code})? ${label.provider_name} can cancel it until it has shipped.`
      : `Refund the ${label.carrier} label ${label.tracking_code} of order ${label.order_number}? Do not ship with it afterwards: EasyPost credits the postage once the carrier confirms it was not used.`;
    if (!window.confirm(question)) return;
    setProblem(null);
    setSaid(null);
    try {
      setSaid((await refund({ id: label.id }).unwrap()).message);
    } catch (err) {
      setProblem(errorMessage(err, dropShip ? 'The drop-ship could not be cancelled. Please try again.' : 'The refund could not be asked. Please try again.'));
    }
  };
  return (
    <div role="group" aria-label={`Actions for ${name}`} style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
      <Button type="button" $variant="secondary" disabled={opening} aria-label={`Print ${dropShip ? `the packing slip of ${name}` : name}`} onClick={() => void print()}>{opening ? 'Opening…' : dropShip ? 'Packing slip' : 'Print'}</Button>
      {labelShips(label) ? (
        <Button type="button" $variant="link" disabled={refunding} aria-label={`${dropShip ? 'Cancel drop-ship of' : 'Refund'} ${name}`} onClick={() => void askRefund()}>{dropShip ? 'Cancel drop-ship' : 'Refund'}</Button>
      ) : null}
      {said ? <p role="status" style={{ flexBasis: '100%', margin: 0 }}>{said}</p> : null}
      {problem ? <p role="alert" style={{ flexBasis: '100%', margin: 0 }}>{problem}</p> : null}
    </div>
  );
}
