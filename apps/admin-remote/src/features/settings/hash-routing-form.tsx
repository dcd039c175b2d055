import type { StoreSettings } from '@platform/contracts';
import { HASH_ROUTING_HOSTS_MAX, hashRoutingHostsProblems, normalizeHostName } from '@platform/domain';
import { storefrontApi, storeContentAdminApi } from '@platform/api-client';
import { Card, Field } from '@platform/ui';
import { LoadState, SaveBar } from './checked-save';
import { useSettingsForm } from './use-settings-form';
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
  const hostsForm = useSettingsForm(storefrontApi.useSettingsQuery(), storeContentAdminApi.useSaveHashRoutingHostsMutation(), {
    from: (settings: StoreSettings) => settings.hashRoutingHosts.join('\n'),
    check: (text) => { const hosts = hostsIn(text); return { body: { hashRoutingHosts: hosts }, problems: hashRoutingHostsProblems(hosts) }; },
    fallback: 'The hash routing hosts could not be saved. Please try again.',
  });
  const { form: text, edit, problem, described } = hostsForm;

  if (hostsForm.isLoading || hostsForm.isError) return <Card><LoadState load={hostsForm} loading="Loading the hash routing hosts…" failed="We could not load the hash routing hosts." /></Card>;
  if (text === null) return null;
  const hosts = hostsIn(text);
  const here = window.location.hostname.toLowerCase();
  const listsThisHost = hosts.some((host) => normalizeHostName(host) === here);
  const invalid = described(FIELD) as { 'aria-invalid'?: boolean; 'aria-describedby'?: string };

  return (
    <SettingsForm onSubmit={hostsForm.onSubmit} noValidate aria-label="Hash routing">
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
            onChange={(e) => edit(() => e.target.value)} />
        </Field>
        <p className="help" aria-live="polite">
          {hosts.length ? `${hosts.length} of at most ${HASH_ROUTING_HOSTS_MAX} hosts.` : 'None listed: the store uses # addresses only inside another site\u2019s frame.'}
          {listsThisHost ? ` You are on ${here}: once saved, the pages you open here use # addresses.` : ''}
        </p>
        {problem(FIELD)}
      </Card>
      <SaveBar failure={hostsForm.failure} saving={hostsForm.saving} label="Save hash routing" saved={hostsForm.saved} />
    </SettingsForm>
  );
}
