import { useEffect, useRef } from 'react';
import type { CustomerAccountSettings } from '@platform/contracts';
import { ACCOUNT_FIELD_DEFAULTS, ACCOUNT_FIELD_HELP_MAX, ACCOUNT_FIELD_LABEL_MAX, accountSettingsProblems } from '@platform/domain';
import { errorMessage } from '@platform/api-client';
import { Button, Card, ErrorNotice, Field, Loading } from '@platform/ui';
import { customersApi } from './customers-api';
import { SettingsForm } from '../settings/product-listings-page';
import { SaveBar } from '../settings/checked-save';
import { useSettingsForm } from '../settings/use-settings-form';
import { DetailPanel as Panel } from '../layout/list-parts';

const LABEL = 'account_field_info.label';
const HELP = 'account_field_info.help';

/**
 * The Customers area's account settings (POST admin/customers/accountSettings): whether the store's header offers
 * Sign In and Sign Up, whether the store texts shoppers, and the words of registration's optional account-number
 * field, previewed as shoppers read them. Staff without edit_user_inputs are told why by the server.
 */
export function AccountSettingsPanel({ onClose }: { onClose: () => void }) {
  const account = useSettingsForm(customersApi.useAccountSettingsQuery(), customersApi.useSaveAccountSettingsMutation(), {
    from: (data: CustomerAccountSettings) => data,
    check: (form) => ({ body: form, problems: accountSettingsProblems(form) }),
    fallback: 'The account settings could not be saved. Please try again.',
  });
  const { form, change, problem, described, isLoading, isError, error, refetch } = account;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened: the keyboard goes to it.
  useEffect(() => { heading.current?.focus(); }, []);
  const changeField = (patch: Partial<CustomerAccountSettings['account_field_info']>) => change({ account_field_info: { ...form!.account_field_info, ...patch } });

  // Refused (staff without the permission) says why, without Try again; other failures offer it.
  const refused = (error as { status?: number } | undefined)?.status === 403;
  const label = form?.account_field_info.label.trim() || ACCOUNT_FIELD_DEFAULTS.label;
  return (
    <Panel as="section" aria-labelledby="account-settings-title">
      <div className="head">
        <h2 id="account-settings-title" ref={heading} tabIndex={-1}>Customer account settings</h2>
        <Button type="button" $variant="secondary" onClick={onClose}>Close</Button>
      </div>
      {isLoading ? <Loading label="Loading the account settings…" /> : null}
      {isError ? (
        <ErrorNotice action={refused ? null : <Button onClick={() => void refetch()}>Try again</Button>}>
          {refused ? errorMessage(error) : 'We could not load the account settings.'}
        </ErrorNotice>
      ) : null}
      {form ? (
        <SettingsForm onSubmit={account.onSubmit} noValidate aria-label="Customer account settings">
          <Card>
            <h3>Signing up and signing in</h3>
            <label className="check">
              <input type="checkbox" name="show_registration" checked={!form.hide_registration} onChange={(e) => change({ hide_registration: !e.target.checked })} />
              Show Sign In and Sign Up in the store&rsquo;s header
            </label>
            <p className="help">
              {form.hide_registration
                ? 'The header shows neither. The sign-in and registration pages still open from their links, and signed-in customers keep My Account.'
                : 'Shoppers see Sign In and Sign Up at the top of every page.'}
            </p>
            <label className="check" style={{ marginTop: 16 }}>
              <input type="checkbox" name="sms_notifications_enabled" checked={form.sms_notifications_enabled} onChange={(e) => change({ sms_notifications_enabled: e.target.checked })} />
              Text shoppers: sign-in codes and order updates
            </label>
            <p className="help">
              {form.sms_notifications_enabled
                ? 'Shoppers can sign in with a code sent to their phone, and get texts about their orders unless they turn them off in My Account.'
                : 'Shoppers sign in with their e-mail and get no texts from the store; e-mails about their orders still go.'}
            </p>
          </Card>
          <Card>
            <h3>Account number on the registration form</h3>
            <p className="help">An optional field for shoppers who already have an account with your business (a contractor or charge account).</p>
            <Field>
              Label
              <input name={LABEL} value={form.account_field_info.label} maxLength={ACCOUNT_FIELD_LABEL_MAX} {...described(LABEL)} onChange={(e) => changeField({ label: e.target.value })} />
            </Field>
            {problem(LABEL)}
            <Field>
              Help under the field
              <textarea name={HELP} rows={3} value={form.account_field_info.help} maxLength={ACCOUNT_FIELD_HELP_MAX} {...described(HELP)} onChange={(e) => changeField({ help: e.target.value })} />
            </Field>
            <p className="help">Up to {ACCOUNT_FIELD_HELP_MAX} characters of plain words; leave it empty to show no help.</p>
            {problem(HELP)}
            <figure aria-label="What shoppers see" style={{ margin: '12px 0 0' }}>
              <figcaption className="help">What shoppers see:</figcaption>
              <p style={{ margin: '4px 0 0' }}><strong>{label} (optional)</strong></p>
              {form.account_field_info.help.trim() ? <p className="help">{form.account_field_info.help.trim()}</p> : null}
            </figure>
            <Button type="button" $variant="secondary" style={{ marginTop: 12 }} onClick={() => changeField({ ...ACCOUNT_FIELD_DEFAULTS })}>Use the standard words</Button>
          </Card>
          <SaveBar failure={account.failure} saving={account.saving} label="Save account settings" saved={account.saved} />
        </SettingsForm>
      ) : null}
    </Panel>
  );
}
