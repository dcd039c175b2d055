import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { PaymentSettingsAdmin, PaymentSettingsUpdate } from '@platform/contracts';
import { EMPTY_STRIPE_FORM, ONLY_STORE_OWNER_PAYMENTS, paymentSettingsProblems, type StripeSettingsForm } from '@platform/domain';
import { adminSettingsApi, notify } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Field, Loading, PageTitle } from '@platform/ui';
import { SaveBar, useCheckedSave } from './checked-save';

const Form = styled.form`
  display: grid; gap: 20px; max-width: 760px;
  fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
  legend { font-weight: 600; margin-bottom: 8px; }
  .check { display: flex; gap: 8px; align-items: center; margin: 6px 0; font-weight: 400; }
  .help { margin: -8px 0 14px; font-weight: 400; color: ${(p) => p.theme.colors.muted}; }
  .problem { margin: -8px 0 14px; font-weight: 400; color: ${(p) => p.theme.colors.danger}; }
  label input { min-width: 0; width: 100%; box-sizing: border-box; }
  .check input { width: auto; }
`;

type Provider = 'stripe' | null;
interface FormState { provider: Provider; stripe: StripeSettingsForm }

function fromSettings(s: PaymentSettingsAdmin): FormState {
  const { publishable_key, is_live, account_id, disable_save_card } = s.stripe;
  return { provider: s.payment_provider === 'stripe' ? 'stripe' : null, stripe: { ...EMPTY_STRIPE_FORM, publishable_key, is_live, account_id, disable_save_card } };
}

/** The request: Stripe's fields only when Stripe is chosen; an empty secret is left out (the stored one is kept). */
function requestOf(form: FormState): PaymentSettingsUpdate {
  if (form.provider !== 'stripe') return { payment_provider: null };
  const { publishable_key, secret_key, webhook_secret, is_live, account_id, disable_save_card } = form.stripe;
  return {
    payment_provider: 'stripe',
    stripe: {
      publishable_key: publishable_key.trim(), is_live, account_id: account_id.trim(), disable_save_card,
      ...(secret_key.trim() ? { secret_key: secret_key.trim() } : {}), ...(webhook_secret.trim() ? { webhook_secret: webhook_secret.trim() } : {}),
    },
  };
}

const isForbidden = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 403;

/**
 * How shoppers pay (spec 3 §7 payment settings): at the store only, or cards through Stripe with its keys. Only the
 * store owner may change it; a sub-account is told so. Secrets are never shown: a stored one reads 'Saved (hidden)'
 * and an empty field keeps it. onSaved runs after a save (the wizard moves on).
 */
export function PaymentOptionsForm({ submitLabel = 'Save', onSaved, actions }: { submitLabel?: string; onSaved?: () => void; actions?: ReactNode }) {
  const { data: settings, isLoading, isError, error, refetch } = adminSettingsApi.usePaymentSettingsAdminQuery();
  const [save, { isLoading: saving }] = adminSettingsApi.useSavePaymentSettingsMutation();
  const [form, setForm] = useState<FormState | null>(null);
  const { checkAndSave, failure, problem, described } = useCheckedSave();
  useEffect(() => { if (settings && form === null) setForm(fromSettings(settings)); }, [settings, form]);

  if (isLoading) return <Loading label="Loading the payment settings…" />;
  if (isError && isForbidden(error)) return <><ErrorNotice>{ONLY_STORE_OWNER_PAYMENTS}</ErrorNotice>{actions ? <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 16 }}>{actions}</div> : null}</>;
  if (isError) return <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the payment settings.</ErrorNotice>;
  if (!form || !settings) return null;

  const setStripe = (patch: Partial<StripeSettingsForm>) => setForm((f) => f && { ...f, stripe: { ...f.stripe, ...patch } });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = paymentSettingsProblems({ payment_provider: form.provider, stripe: form.provider === 'stripe' ? form.stripe : null }, { secret_key_set: settings.stripe.secret_key_set });
    const answer = await checkAndSave(event.currentTarget, found, () => save(requestOf(form)).unwrap(), 'The payment settings could not be saved. Please try again.');
    if (!answer) return;
    setForm(fromSettings(answer.data));
    notify('success', answer.message);
    onSaved?.();
  };
  // A field's help and its problem both describe it.
  const describedWith = (key: string, help?: string) => {
    const own = described(key) as { 'aria-describedby'?: string };
    const ids = [own['aria-describedby'], help].filter(Boolean).join(' ');
    return { ...own, ...(ids ? { 'aria-describedby': ids } : {}) };
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
    <Form onSubmit={(e) => void submit(e)} noValidate aria-label="Payment options">
      <Card><fieldset>
        <legend>How shoppers pay</legend>
        <label className="check"><input type="radio" name="payment-provider" checked={form.provider === null} {...described('payment_provider')} onChange={() => setForm({ ...form, provider: null })} /> Pay at the store only</label>
        <label className="check"><input type="radio" name="payment-provider" checked={form.provider === 'stripe'} onChange={() => setForm({ ...form, provider: 'stripe' })} /> Cards through Stripe</label>
        {problem('payment_provider')}
        {settings.payment_provider && settings.payment_provider !== 'stripe'
          ? <p className="help" style={{ marginTop: 8 }}>Your store&apos;s current card provider cannot be set up here yet. Choose one of these to change it.</p> : null}
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
      <SaveBar failure={failure} saving={saving} label={submitLabel} actions={actions} />
    </Form>
  );
}

/** Settings › Payment Options: the same form outside the wizard. */
export const PaymentOptionsPage = () => (
  <Container><PageTitle>Payment Options</PageTitle><PaymentOptionsForm /></Container>
);
