import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors, shippingLabelsApi } from '@platform/api-client';
import { Button, ErrorNotice, Field, Loading } from '@platform/ui';
import { DetailPanel, Facts } from '../../layout/list-parts';

const MODE_WORDS = { test: 'Test key: labels are test labels, nothing is charged', production: 'Production key: labels are real and charged', unknown: 'Key of an unknown kind' } as const;

/** The connect form: the EasyPost API key (and a name for the account), checked with EasyPost before it is kept. */
function ConnectForm({ onDone, reconnect }: { onDone: (message: string) => void; reconnect: boolean }) {
  const [add, { isLoading }] = shippingLabelsApi.useAddCarrierMutation();
  const [apiKey, setApiKey] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!apiKey.trim()) { setProblem('Please paste the API key from your EasyPost dashboard.'); return; }
    try {
      const answer = await add({ carrier: 'easypost', credentials: { api_key: apiKey.trim() }, description: description.trim() }).unwrap();
      setApiKey('');
      onDone(answer.message);
    } catch (err) {
      setProblem(fieldErrors(err)['credentials.api_key'] ?? errorMessage(err, 'EasyPost could not be connected. Please try again.'));
    }
  };
  return (
    <form aria-label={reconnect ? 'Give EasyPost a new key' : 'Connect EasyPost'} onSubmit={(e) => void submit(e)}>
      <Field>EasyPost API key
        <input type="password" autoComplete="off" spellCheck={false} value={apiKey} maxLength={300} aria-invalid={Boolean(problem)} aria-describedby="easypost-key-help" onChange={(e) => setApiKey(e.target.value)} />
      </Field>
      <p id="easypost-key-help" style={{ marginTop: -8 }}><small>In your EasyPost dashboard under API Keys. A test key (EZTK…) buys test labels; a production key (EZAK…) real ones. The key is stored encrypted and never shown again.</small></p>
      <Field>Name (optional)<input value={description} maxLength={100} placeholder="Main account" onChange={(e) => setDescription(e.target.value)} /></Field>
      {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
      <Button type="submit" disabled={isLoading}>{isLoading ? 'Checking with EasyPost…' : reconnect ? 'Save the new key' : 'Connect EasyPost'}</Button>
    </form>
  );
}

/**
 * The store's shipping account (spec 3 carrier admin): EasyPost connected or not, its mode and key's last 4
 * characters, the carrier accounts inside it; the store owner connects, gives a new key or disconnects. Staff see
 * the account and are told who can change it.
 */
export function CarrierAccount() {
  const { data: options } = shippingLabelsApi.useLabelCarrierOptionsQuery();
  const owner = Boolean(options?.find((o) => o.id === 'easypost')?.can_change);
  const { data: carriers, isLoading, isError, refetch } = shippingLabelsApi.useConnectedCarriersQuery();
  const connected = carriers?.find((c) => c.id === 'easypost') ?? null;
  const { data: info, isError: infoFailed } = shippingLabelsApi.useCarrierInfoQuery('easypost', { skip: !connected });
  const [remove, { isLoading: removing }] = shippingLabelsApi.useDeleteCarrierMutation();
  const [changing, setChanging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const done = (message: string) => { setSaid(message); setChanging(false); };

  const disconnect = async () => {
    if (!window.confirm('Disconnect EasyPost? Its key is forgotten: no more labels can be bought and checkout quotes your own shipping rates. Labels bought stay listed and printable.')) return;
    setProblem(null);
    setSaid(null);
    try {
      setSaid((await remove({ carrier_id: 'easypost' }).unwrap()).message);
    } catch (err) {
      setProblem(errorMessage(err, 'EasyPost could not be disconnected. Please try again.'));
    }
  };

  return (
    <DetailPanel as="section" aria-labelledby="carrier-title">
      <h2 id="carrier-title">Shipping account</h2>
      {isLoading ? <Loading label="Loading the shipping account…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the shipping account.</ErrorNotice> : null}
      {said ? <p role="status">{said}</p> : null}
      {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
      {carriers && connected ? (
        <>
          <Facts>
            <dt>Carrier</dt><dd>EasyPost{connected.description ? ` (${connected.description})` : ''}</dd>
            <dt>Key</dt><dd>••••{connected.key_last4} · {MODE_WORDS[connected.mode]}</dd>
            {connected.connected_at ? <><dt>Connected</dt><dd>{new Date(connected.connected_at).toLocaleString()}{connected.connected_by ? ` by ${connected.connected_by}` : ''}</dd></> : null}
            <dt>Carriers</dt>
            <dd>{info ? (info.accounts.length ? info.accounts.map((a) => a.name + (a.description && a.description !== `${a.name} account` ? ` (${a.description})` : '')).join(', ') : 'None: add carriers in your EasyPost dashboard.')
              : infoFailed ? 'EasyPost did not answer; try again later.' : 'Asking EasyPost…'}</dd>
          </Facts>
          {owner ? (
            changing ? <div style={{ marginTop: 16 }}><ConnectForm reconnect onDone={done} /><Button type="button" $variant="link" onClick={() => setChanging(false)}>Keep the current key</Button></div> : (
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 16 }}>
                <Button type="button" $variant="secondary" onClick={() => setChanging(true)}>Give a new key</Button>
                <Button type="button" $variant="secondary" disabled={removing} onClick={() => void disconnect()}>Disconnect</Button>
              </div>
            )
          ) : <p>Only the store owner can change the shipping account.</p>}
        </>
      ) : null}
      {carriers && !connected ? (
        owner ? (
          <>
            <p>Connect your EasyPost account to buy and print shipping labels for USPS, UPS, FedEx and the other carriers in it. Checkout then quotes its live rates too.</p>
            <ConnectForm reconnect={false} onDone={done} />
          </>
        ) : <p>No shipping account is connected yet. Ask the store owner to connect EasyPost here to buy labels.</p>
      ) : null}
    </DetailPanel>
  );
}
