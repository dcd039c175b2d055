import { useState, type FormEvent } from 'react';
import type { ConnectedCarrier, LabelCarrierOption } from '@platform/contracts';
import { errorMessage, fieldErrors, shippingLabelsApi } from '@platform/api-client';
import { Button, ErrorNotice, Field, Loading } from '@platform/ui';
import { DetailPanel, Facts } from '../../layout/list-parts';

type Supplier = 'doitbest' | 'emery';

/** The connect form of one supplier: its number and API key (the fields getAvailableCarriers names), checked with the supplier first. */
function SupplierConnectForm({ option, onDone }: { option: LabelCarrierOption; onDone: (message: string) => void }) {
  const [add, { isLoading }] = shippingLabelsApi.useAddCarrierMutation();
  const [accountNumber, setAccountNumber] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const numberField = option.fields.find((f) => f.key === 'account_number');
  const keyField = option.fields.find((f) => f.key === 'api_key');
  const ids = { number: `${option.id}-number`, key: `${option.id}-key` };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!accountNumber.trim()) missing['credentials.account_number'] = `Please give the store's ${numberField?.label.toLowerCase() ?? 'account number'}.`;
    if (!apiKey.trim()) missing['credentials.api_key'] = 'Please give the API key.';
    setProblems(missing);
    if (Object.keys(missing).length) return;
    try {
      const answer = await add({ carrier: option.id, credentials: { account_number: accountNumber.trim(), api_key: apiKey.trim() } }).unwrap();
      setApiKey('');
      onDone(answer.message);
    } catch (err) {
      const byField = fieldErrors(err);
      setProblems(Object.keys(byField).length ? byField : { form: errorMessage(err, `${option.name} could not be connected. Please try again.`) });
    }
  };
  return (
    <form aria-label={`Connect ${option.name}`} onSubmit={(e) => void submit(e)} noValidate>
      <Field>{numberField?.label ?? 'Account number'}
        <input value={accountNumber} maxLength={40} autoComplete="off" aria-invalid={Boolean(problems['credentials.account_number'])}
          aria-describedby={problems['credentials.account_number'] ? ids.number : undefined} onChange={(e) => setAccountNumber(e.target.value)} />
      </Field>
      {problems['credentials.account_number'] ? <p id={ids.number} role="alert" style={{ marginTop: -8 }}>{problems['credentials.account_number']}</p> : null}
      <Field>{keyField?.label ?? 'API key'}
        <input type="password" autoComplete="off" spellCheck={false} value={apiKey} maxLength={300} aria-invalid={Boolean(problems['credentials.api_key'])}
          aria-describedby={problems['credentials.api_key'] ? ids.key : undefined} onChange={(e) => setApiKey(e.target.value)} />
      </Field>
      {problems['credentials.api_key'] ? <p id={ids.key} role="alert" style={{ marginTop: -8 }}>{problems['credentials.api_key']}</p> : null}
      <p style={{ marginTop: -4 }}><small>{keyField?.help} The key is stored encrypted and never shown again.</small></p>
      {problems.form ? <ErrorNotice>{problems.form}</ErrorNotice> : null}
      <Button type="submit" disabled={isLoading}>{isLoading ? `Checking with ${option.name.replace(/ drop-ship$/, '')}…` : `Connect ${option.name}`}</Button>
    </form>
  );
}

/** One supplier: connected (its number, key's last 4, warehouses) with Disconnect for the owner, or its connect form. */
function SupplierAccount({ option, connected, owner }: { option: LabelCarrierOption; connected: ConnectedCarrier | null; owner: boolean }) {
  const supplier = option.id as Supplier;
  const { data: info, isError: infoFailed } = shippingLabelsApi.useCarrierInfoQuery(supplier, { skip: !connected });
  const [remove, { isLoading: removing }] = shippingLabelsApi.useDeleteCarrierMutation();
  const [said, setSaid] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const disconnect = async () => {
    if (!window.confirm(`Disconnect ${option.name}? Its key is forgotten: no more orders can be sent to it. Orders sent already keep their tracking and packing slips.`)) return;
    setSaid(null);
    setProblem(null);
    try {
      setSaid((await remove({ carrier_id: supplier }).unwrap()).message);
    } catch (err) {
      setProblem(errorMessage(err, `${option.name} could not be disconnected. Please try again.`));
    }
  };
  const where = supplier === 'doitbest' ? 'RSCs' : 'Warehouse';
  return (
    <section aria-labelledby={`${supplier}-title`} style={{ marginTop: 16 }}>
      <h3 id={`${supplier}-title`}>{option.name}</h3>
      <p><small>{option.description}</small></p>
      {said ? <p role="status">{said}</p> : null}
      {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
      {connected ? (
        <>
          <Facts>
            <dt>{option.fields.find((f) => f.key === 'account_number')?.label ?? 'Account'}</dt><dd>{connected.account_number}</dd>
            <dt>Key</dt><dd>••••{connected.key_last4}</dd>
            {connected.connected_at ? <><dt>Connected</dt><dd>{new Date(connected.connected_at).toLocaleString()}{connected.connected_by ? ` by ${connected.connected_by}` : ''}</dd></> : null}
            <dt>{where}</dt>
            <dd>{info ? (info.accounts.length ? info.accounts.map((a) => `${a.name} (${a.id})`).join(', ') : 'None offered to this account.')
              : infoFailed ? `${option.name.replace(/ drop-ship$/, '')} did not answer; try again later.` : 'Asking the supplier…'}</dd>
          </Facts>
          {owner ? <Button type="button" $variant="secondary" style={{ marginTop: 12 }} disabled={removing} onClick={() => void disconnect()}>Disconnect</Button> : null}
        </>
      ) : owner ? <SupplierConnectForm option={option} onDone={setSaid} /> : <p>Not connected. Ask the store owner to connect it here to send shipping orders to {option.name.replace(/ drop-ship$/, '')}.</p>}
    </section>
  );
}

/**
 * The suppliers' drop-ship accounts (spec 3 supplier shipping: Do it Best, Emery) on Orders › Shipping labels: each
 * supplier the platform offers, connected or not; the store owner connects (number and API key, checked with the
 * supplier) or disconnects; staff see them. Nothing shows where the platform offers no supplier.
 */
export function SupplierAccounts() {
  const { data: options, isLoading, isError, refetch } = shippingLabelsApi.useLabelCarrierOptionsQuery();
  const { data: carriers, isLoading: loadingCarriers } = shippingLabelsApi.useConnectedCarriersQuery();
  const suppliers = (options ?? []).filter((o) => o.id !== 'easypost');
  if (options && !suppliers.length) return null;
  return (
    <DetailPanel as="section" aria-labelledby="suppliers-title">
      <h2 id="suppliers-title">Supplier drop-ship</h2>
      <p>Send a shipping order to your supplier: it packs the items from its warehouse and ships them to the customer. The tracking number goes on the order as a label's does.</p>
      {isLoading || loadingCarriers ? <Loading label="Loading the supplier accounts…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the supplier accounts.</ErrorNotice> : null}
      {carriers ? suppliers.map((option) => (
        <SupplierAccount key={option.id} option={option} connected={carriers.find((c) => c.id === option.id) ?? null} owner={option.can_change} />
      )) : null}
    </DetailPanel>
  );
}
