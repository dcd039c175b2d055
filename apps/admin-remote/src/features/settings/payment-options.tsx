import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { PaymentSettingsAdmin, PaymentSettingsUpdate } from '@platform/contracts';
import {
  CARD_PROVIDER_NAMES, EMPTY_STRIPE_FORM, formatCents, largeFirstOrderProblem, ONLY_STORE_OWNER_PAYMENTS, OTHER_CARD_PROVIDERS, paymentSettingsProblems, PROVIDER_SETTINGS,
  toCents, type OtherCardProvider, type ProviderSettingsForm, type StripeSettingsForm,
} from '@platform/domain';
import { adminSettingsApi } from '@platform/api-client';
import { Card, Container, ErrorNotice, Field, PageTitle } from '@platform/ui';
import { LoadState, SaveBar } from './checked-save';
import { useSettingsForm } from './use-settings-form';

const Form = styled.form`
  display: grid; gap: 20px; max-width: 760px;
  fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
  legend { font-weight: 600; margin-bottom: 8px; }
  .check { display: flex; gap: 8px; align-items: center; margin: 6px 0; font-weight: 400; }
  .help { margin: -8px 0 14px; font-weight: 400; color: ${(p) => p.theme.colors.muted}; }
  .problem { margin: -8px 0 14px; font-weight: 400; color: ${(p) => p.theme.colors.danger}; }
  .warning { margin: 0 0 14px; padding: 10px 12px; font-weight: 400; color: ${(p) => p.theme.colors.danger}; background: #fdecea; border: 1px solid ${(p) => p.theme.colors.danger}; border-radius: ${(p) => p.theme.radius}; }
  label input { min-width: 0; width: 100%; box-sizing: border-box; }
  .check input { width: auto; }
`;

type Provider = 'stripe' | OtherCardProvider | null;
interface FormState { provider: Provider; stripe: StripeSettingsForm; others: Record<OtherCardProvider, ProviderSettingsForm>; chargeAccount: boolean; largeFirstOrder: string }

/** The dollars typed for the large first order threshold as cents ('$1,250' → 125000); NaN when it is not an amount. */
function dollarsToCents(text: string): number {
  try { return toCents(text.replace(/[$,\s]/g, '')); } catch { return Number.NaN; }
}

/** A provider's form from the owner's view: its public fields and switches; secrets start empty (never shown). */
function otherFormOf(provider: OtherCardProvider, view: Record<string, string | boolean>): ProviderSettingsForm {
  const spec = PROVIDER_SETTINGS[provider];
  return Object.fromEntries([
    ...spec.fields.map((f) => [f.key, f.secret ? '' : String(view[f.key] ?? '')]),
    ...spec.switches.map((t) => [t.key, view[t.key] === true]),
  ]);
}

function fromSettings(s: PaymentSettingsAdmin): FormState {
  const { publishable_key, is_live, account_id, disable_save_card } = s.stripe;
  return {
    provider: s.payment_provider,
    chargeAccount: s.payment_charge_account,
    largeFirstOrder: formatCents(s.large_first_order_cents),
    stripe: { ...EMPTY_STRIPE_FORM, publishable_key, is_live, account_id, disable_save_card },
    others: Object.fromEntries(OTHER_CARD_PROVIDERS.map((p) => [p, otherFormOf(p, (s[p] ?? {}) as unknown as Record<string, string | boolean>)])) as FormState['others'],
  };
}

/** The request: the chosen provider's fields only; an empty secret is left out (the stored one is kept). */
function requestOf(form: FormState): PaymentSettingsUpdate {
  if (form.provider === null) return { payment_provider: null };
  if (form.provider !== 'stripe') {
    const other = form.others[form.provider];
    const section = Object.fromEntries(Object.entries(other)
      .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
      .filter(([key, value]) => value !== '' || !PROVIDER_SETTINGS[form.provider as OtherCardProvider].fields.some((f) => f.key === key && f.secret)));
    return { payment_provider: form.provider, [form.provider]: section } as PaymentSettingsUpdate;
  }
  const { publishable_key, secret_key, webhook_secret, is_live, account_id, disable_save_card } = form.stripe;
  return {
    payment_provider: 'stripe',
    stripe: {
      publishable_key: publishable_key.trim(), is_live, account_id: account_id.trim(), disable_save_card,
      ...(secret_key.trim() ? { secret_key: secret_key.trim() } : {}), ...(webhook_secret.trim() ? { webhook_secret: webhook_secret.trim() } : {}),
    },
  };
}

/** Which secrets are stored, as the shared rules take them ('adyen.api_key'). */
function storedSecretsOf(s: PaymentSettingsAdmin): Record<string, boolean> {
  return Object.fromEntries(OTHER_CARD_PROVIDERS.flatMap((p) => PROVIDER_SETTINGS[p].fields.filter((f) => f.secret)
    .map((f) => [`${p}.${f.key}`, ((s[p] ?? {}) as unknown as Record<string, unknown>)[`${f.key}_set`] === true])));
}

const isForbidden = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 403;

/**
 * How shoppers pay (spec 3 §7 payment settings, §9 payment providers): at the store only, or cards through one
 * provider (Stripe, Adyen, Authorize.Net, Plug'n Pay, Fiserv) with its keys. Only the store owner may change it; a
 * sub-account is told so. Secrets are written only: a stored one reads 'Saved (hidden)' and an empty field keeps
 * it. onSaved runs after a save (the wizard moves on).
 */
export function PaymentOptionsForm({ submitLabel = 'Save', onSaved, actions }: { submitLabel?: string; onSaved?: () => void; actions?: ReactNode }) {
  const payment = useSettingsForm(adminSettingsApi.usePaymentSettingsAdminQuery(), adminSettingsApi.useSavePaymentSettingsMutation(), {
    from: fromSettings,
    check: (form, settings) => {
      const chosen = form.provider;
      const problems = paymentSettingsProblems({
        payment_provider: chosen, stripe: chosen === 'stripe' ? form.stripe : null,
        ...(chosen && chosen !== 'stripe' ? { [chosen]: form.others[chosen] } : {}),
      }, { secret_key_set: settings.stripe.secret_key_set, stored: storedSecretsOf(settings) });
      const largeFirstOrderCents = dollarsToCents(form.largeFirstOrder);
      const thresholdProblem = largeFirstOrderProblem(largeFirstOrderCents);
      if (thresholdProblem) problems.large_first_order_cents = thresholdProblem;
      // 'Charge to account' and the fraud checks' threshold are sent only when the owner changed them.
      const body = {
        ...requestOf(form), ...(form.chargeAccount !== settings.payment_charge_account ? { payment_charge_account: form.chargeAccount } : {}),
        ...(largeFirstOrderCents !== settings.large_first_order_cents ? { large_first_order_cents: largeFirstOrderCents } : {}),
      };
      return { body, problems };
    },
    fallback: 'The payment settings could not be saved. Please try again.',
    onSaved,
  });
  const { data: settings, form, change, edit, problem, described } = payment;

  if (payment.isError && isForbidden(payment.error)) return <><ErrorNotice>{ONLY_STORE_OWNER_PAYMENTS}</ErrorNotice>{actions ? <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 16 }}>{actions}</div> : null}</>;
  if (payment.isLoading || payment.isError) return <LoadState load={payment} loading="Loading the payment settings…" failed="We could not load the payment settings." />;
  if (!form || !settings) return null;

  const setStripe = (patch: Partial<StripeSettingsForm>) => edit((f) => ({ ...f, stripe: { ...f.stripe, ...patch } }));
  // A field's help and its problem both describe it.
  const describedWith = (key: string, help?: string) => {
    const own = described(key) as { 'aria-describedby'?: string };
    const ids = [own['aria-describedby'], help].filter(Boolean).join(' ');
    return { ...own, ...(ids ? { 'aria-describedby': ids } : {}) };
  };
  const setOther = (provider: OtherCardProvider, patch: ProviderSettingsForm) => edit((f) => ({ ...f, others: { ...f.others, [provider]: { ...f.others[provider], ...patch } } }));
  const otherSection = (provider: OtherCardProvider) => {
    const spec = PROVIDER_SETTINGS[provider];
    const values = form.others[provider];
    const view = (settings[provider] ?? {}) as unknown as Record<string, unknown>;
    return (
      <Card><fieldset>
        <legend>{CARD_PROVIDER_NAMES[provider]}</legend>
        <p className="help" style={{ marginTop: 0 }}>{spec.intro}</p>
        {spec.fields.map((field) => {
          const key = `${provider}.${field.key}`;
          const isSet = field.secret ? view[`${field.key}_set`] === true : false;
          return (
            <div key={key}>
              <Field>{field.label}
                <input type={field.secret ? 'password' : 'text'} autoComplete={field.secret ? 'new-password' : 'off'} spellCheck={false} maxLength={1024}
                  placeholder={field.placeholder ?? ''} value={String(values[field.key] ?? '')}
                  {...(field.secret ? describedWith(key, `${provider}-${field.key}-help`) : described(key))}
                  onChange={(e) => setOther(provider, { [field.key]: e.target.value })} />
              </Field>
              {field.secret ? <p className="help" id={`${provider}-${field.key}-help`}>{isSet ? 'Saved (hidden). Leave empty to keep it.' : 'Not saved yet.'}</p> : null}
              {problem(key)}
            </div>
          );
        })}
        {spec.switches.map((toggle) => (
          <div key={toggle.key}>
            <label className="check"><input type="checkbox" checked={values[toggle.key] === true} {...described(`${provider}.${toggle.key}`)} onChange={(e) => setOther(provider, { [toggle.key]: e.target.checked })} /> {toggle.label}</label>
            {problem(`${provider}.${toggle.key}`)}
          </div>
        ))}
      </fieldset></Card>
    );
  };
  const secretField = (key: 'secret_key' | 'webhook_secret', label: string, isSet: boolean, example: string) => (
    <>
      <Field>{label}
        <input type="password" autoComplete="new-password" spellCheck={false} maxLength={255} value={form.stripe[key]}
          placeholder={isSet ? '' : example} {...describedWith(`stripe.${key}`, `stripe-${key}-help`)} onChange={(e) => setStripe({ [key]: e.target.value })} />
      </Field>
      <p className="help" id={`stripe-${key}-help`}>{isSet ? 'Saved (hidden). Leave empty to keep it.' : 'Not saved yet.'}</p>
      {problem(`stripe.${key}`)}
    </>
  );

  return (
    <Form onSubmit={payment.onSubmit} noValidate aria-label="Payment options">
      <Card><fieldset>
        <legend>How shoppers pay</legend>
        <p className="help" style={{ marginTop: 0 }} data-testid="active-provider">
          Now: {settings.payment_provider ? `cards through ${CARD_PROVIDER_NAMES[settings.payment_provider]}` : 'payment at the store only'}.
        </p>
        {/* As saved: the provider lacks a setting, so shoppers are offered no cards (libs/domain cardSetupMissing, on the server). */}
        {settings.card_setup_missing ? <p className="warning" role="status" data-testid="card-setup-warning">{settings.card_setup_missing.message}</p> : null}
        <label className="check"><input type="radio" name="payment-provider" checked={form.provider === null} {...described('payment_provider')} onChange={() => change({ provider: null })} /> Pay at the store only</label>
        {(['stripe', ...OTHER_CARD_PROVIDERS] as const).map((provider) => (
          <label className="check" key={provider}>
            <input type="radio" name="payment-provider" checked={form.provider === provider} onChange={() => change({ provider })} /> Cards through {CARD_PROVIDER_NAMES[provider]}
          </label>
        ))}
        {problem('payment_provider')}
      </fieldset></Card>
      <Card><fieldset>
        <legend>Charge accounts</legend>
        <label className="check">
          <input type="checkbox" checked={form.chargeAccount} aria-describedby="charge-account-help" onChange={(e) => change({ chargeAccount: e.target.checked })} />
          Customers on an AR account may charge their orders to it at checkout
        </label>
        <p className="help" id="charge-account-help">
          A signed-in customer you put on an active account (Settings › AR Accounts) sees &lsquo;Charge to account&rsquo; when they pay, up to the account&apos;s credit limit.
        </p>
      </fieldset></Card>
      <Card><fieldset>
        <legend>Fraud checks</legend>
        <Field>Check a customer&apos;s first order from ($)
          <input inputMode="decimal" autoComplete="off" maxLength={16} value={form.largeFirstOrder} {...describedWith('large_first_order_cents', 'large-first-order-help')}
            onChange={(e) => change({ largeFirstOrder: e.target.value })} />
        </Field>
        <p className="help" id="large-first-order-help">
          A new customer&apos;s first order of this total or more shows &lsquo;This order needs a look before it ships&rsquo; on its Check this order panel ($500.00 unless you change it).
        </p>
        {problem('large_first_order_cents')}
      </fieldset></Card>
      {form.provider === 'stripe' ? (
        <Card><fieldset>
          <legend>Stripe</legend>
          <p className="help" style={{ marginTop: 0 }}>Copy the keys from the Developers page of your Stripe dashboard. Test keys take Stripe&apos;s test cards only.</p>
          <Field>Publishable key
            <input spellCheck={false} autoComplete="off" maxLength={255} placeholder="pk_test_…" value={form.stripe.publishable_key} {...described('stripe.publishable_key')} onChange={(e) => setStripe({ publishable_key: e.target.value })} />
          </Field>
          {problem('stripe.publishable_key')}
          {secretField('secret_key', 'Secret key', settings.stripe.secret_key_set, 'sk_test_…')}
          {secretField('webhook_secret', 'Webhook signing secret (optional)', settings.stripe.webhook_secret_set, 'whsec_…')}
          <Field>Stripe account id (optional)
            <input spellCheck={false} autoComplete="off" maxLength={255} placeholder="acct_…" value={form.stripe.account_id} {...described('stripe.account_id')} onChange={(e) => setStripe({ account_id: e.target.value })} />
          </Field>
          {problem('stripe.account_id')}
          <label className="check"><input type="checkbox" checked={form.stripe.is_live} onChange={(e) => setStripe({ is_live: e.target.checked })} /> Live mode (real cards are charged)</label>
          <label className="check"><input type="checkbox" checked={form.stripe.disable_save_card} onChange={(e) => setStripe({ disable_save_card: e.target.checked })} /> Disable saving cards</label>
        </fieldset></Card>
      ) : null}
      {form.provider && form.provider !== 'stripe' ? otherSection(form.provider) : null}
      <SaveBar failure={payment.failure} saving={payment.saving} label={submitLabel} actions={actions} />
    </Form>
  );
}

/** Settings › Payment Options: the same form outside the wizard. */
export const PaymentOptionsPage = () => (
  <Container><PageTitle>Payment Options</PageTitle><PaymentOptionsForm /></Container>
);
