import { useEffect, useState, type FormEvent } from 'react';
import { HASH_ROUTING_HOSTS_MAX, hashRoutingHostsProblems, normalizeHostName } from '@platform/domain';
import { notify, storefrontApi, storeContentAdminApi } from '@platform/api-client';
import { Button, Card, ErrorNotice, Field, Loading } from '@platform/ui';
import { SaveBar, useCheckedSave } from './checked-save';
import { SettingsForm } from './product-listings-page';

const FIELD = 'hashRoutingHosts';
const HELP_ID = 'hashRoutingHosts-help';
/** The hosts typed, one a line (blank lines left out). */
const hostsIn = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/**
 * About Us › Hash routing: the hosts where the storefront routes by hash (spec 1 "Routing behaviour": hash mode
 * on one particular hosted domain; libs/domain routing.ts). A page opened on one of them afterwards shows its
 * addresses as /#/cart; inside another site's frame the store does that without being told.
 */
export function HashRoutingForm() {
  const { data: settings, isLoading, isError, refetch } = storefrontApi.useSettingsQuery();
  const [save, { isLoading: saving }] = storeContentAdminApi.useSaveHashRoutingHostsMutation();
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { checkAndSave, failure, problem, described } = useCheckedSave();
  useEffect(() => { if (settings && text === null) setText(settings.hashRoutingHosts.join('\n')); }, [settings, text]);

  if (isLoading) return <Card><Loading label="Loading the hash routing hosts…" /></Card>;
  if (isError) return <Card><ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the hash routing hosts.</ErrorNotice></Card>;
  if (text === null) return null;
  const hosts = hostsIn(text);
  const here = window.location.hostname.toLowerCase();
  const listsThisHost = hosts.some((host) => normalizeHostName(host) === here);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await checkAndSave(event.currentTarget, hashRoutingHostsProblems(hosts), () => save({ hashRoutingHosts: hosts }).unwrap(),
      'The hash routing hosts could not be saved. Please try again.');
    if (!answer) return;
    setText(answer.data.hashRoutingHosts.join('\n'));
    setSaved(answer.message);
    notify('success', answer.message);
  };
  const invalid = described(FIELD) as { 'aria-invalid'?: boolean; 'aria-describedby'?: string };

  return (
    <SettingsForm onSubmit={(e) => void submit(e)} noValidate aria-label="Hash routing">
      <Card>
        <h2>Hash routing</h2>
        <p className="help" id={HELP_ID}>
          The store&rsquo;s addresses name the page in the path (shop.example.com/cart). On the hosts listed here they name it after
          a # instead (shop.example.com/#/cart), so every page opens from the host&rsquo;s front page: list a host that serves only the
          store&rsquo;s front page. Inside another site&rsquo;s frame the store does this by itself. One host name a line, without
          https://, a port or a path. Search engines do not read what follows the #, so leave the store&rsquo;s main address out.
        </p>
        <Field style={{ marginTop: 12 }}>
          Hosts that use # addresses
          <textarea name={FIELD} rows={3} spellCheck={false} autoCapitalize="none" autoComplete="off" placeholder="shop.example.com" value={text}
            {...invalid} aria-describedby={[invalid['aria-describedby'], HELP_ID].filter(Boolean).join(' ')}
            onChange={(e) => { setSaved(null); setText(e.target.value); }} />
        </Field>
        <p className="help" aria-live="polite">
          {hosts.length ? `${hosts.length} of at most ${HASH_ROUTING_HOSTS_MAX} hosts.` : 'None listed: the store uses # addresses only inside another site\u2019s frame.'}
          {listsThisHost ? ` You are on ${here}: once saved, the pages you open here use # addresses.` : ''}
        </p>
        {problem(FIELD)}
      </Card>
      <SaveBar failure={failure} saving={saving} label="Save hash routing" actions={saved ? <span role="status">{saved}</span> : null} />
    </SettingsForm>
  );
}
