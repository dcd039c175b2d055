import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate } from '@platform/routing';
import styled from 'styled-components';
import { formatPhone, INVALID_PHONE, MISSING_CODE, normalizePhone, phoneInputDigits, PHONE_INPUT_MAX_LENGTH } from '@platform/domain';
import { errorMessage, identityApi, notify, rememberRedirect, storefrontApi, useSession } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Field, Loading, PageTitle } from '@platform/ui';
import { EmailForm, NameForm, PasswordForm, TwoStepSettings, useSaveFeedback } from '@platform/account-ui';

const Sections = styled.div`display: grid; gap: 16px; max-width: 640px;`;

/** A section that saves one thing, with its own message. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return <Card as="section" aria-label={title}><h2 style={{ marginTop: 0 }}>{title}</h2>{children}</Card>;
}

const Links = styled.div`display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center;`;

/**
 * A new mobile number, confirmed by the code texted to it: the number signs in by code and gets the order
 * texts, so a typo or someone else's number must not take its place.
 */
function PhoneForm({ current }: { current: string }) {
  const [send, { isLoading: sending }] = identityApi.useSendPhoneCodeMutation();
  const [save, { isLoading: saving }] = identityApi.useUpdatePhoneMutation();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const { run, shown, fail } = useSaveFeedback();
  const sendCode = (digits: string) => run(() => send({ telephone: digits }).unwrap()).then((ok) => { if (ok) { setSentTo(digits); setCode(''); } });
  const requestCode = (e: FormEvent) => {
    e.preventDefault();
    const digits = normalizePhone(phone);
    if (!digits) { fail(INVALID_PHONE); return; }
    void sendCode(digits);
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return;
    if (!code.trim()) { fail(MISSING_CODE); return; }
    void run(() => save({ telephone: sentTo, code }).unwrap()).then((ok) => { if (ok) { setSentTo(null); setPhone(''); setCode(''); } });
  };
  return (
    <>
      <p>{current ? <>Your mobile number: <strong>{formatPhone(current)}</strong></> : 'No mobile number on your account yet.'}</p>
      {sentTo ? (
        <form onSubmit={confirm} aria-label="Confirm mobile number" noValidate>
          {shown}
          <p>Enter the code from the text message to confirm the new number.</p>
          <Field>Verification code<input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={4} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} autoFocus /></Field>
          <Links>
            <Button type="submit" $variant="secondary" disabled={saving}>{saving ? 'Checking…' : 'Confirm new number'}</Button>
            <Button type="button" $variant="link" disabled={sending} onClick={() => void sendCode(sentTo)}>Send a new code</Button>
            <Button type="button" $variant="link" onClick={() => { setSentTo(null); setCode(''); }}>Use another number</Button>
          </Links>
        </form>
      ) : (
        <form onSubmit={requestCode} aria-label="Mobile number" noValidate>
          {shown}
          <Field>New mobile number
            <input type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={PHONE_INPUT_MAX_LENGTH} value={formatPhone(phone)} onChange={(e) => setPhone(phoneInputDigits(e.target.value))} />
          </Field>
          <Button type="submit" $variant="secondary" disabled={sending || !phone}>{sending ? 'Sending…' : 'Text me a code'}</Button>
        </form>
      )}
    </>
  );
}

/** Saved cards: the provider's references, shown by brand, last digits and expiry; removing asks first. */
function SavedCards() {
  const { data: cards, isLoading, isError } = identityApi.useSavedCardsQuery();
  const [remove, { isLoading: removing }] = identityApi.useDeleteSavedCardMutation();
  const { run, shown } = useSaveFeedback();
  if (isLoading) return <Loading label="Loading your cards…" />;
  if (isError) return <ErrorNotice>We could not load your saved cards.</ErrorNotice>;
  if (!cards?.length) return <p>No saved cards. Cards you choose to save when you pay appear here.</p>;
  return (
    <div>
      {shown}
      <ul aria-label="Saved cards" style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 8 }}>
        {cards.map((c) => (
          <li key={c.source} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <span>{c.brand} ending in {c.last4}, expires {String(c.exp_month).padStart(2, '0')}/{String(c.exp_year).slice(-2)}</span>
            <Button type="button" $variant="link" disabled={removing} aria-label={`Remove ${c.brand} ending in ${c.last4}`}
              onClick={() => { if (window.confirm('Remove this card?')) void run(() => remove({ source: c.source }).unwrap()); }}>Remove</Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /account (My Account): name, e-mail, mobile number and order texts, password, marketing e-mails, saved cards and two-step sign-in. Customers only. */
export function AccountPage() {
  const user = useSession();
  const { data: me, isLoading, isError, refetch } = identityApi.useCustomerDetailsQuery(undefined, { skip: !user || user.is_admin });
  const [setMarketing, { isLoading: switching }] = identityApi.useSetMarketingMutation();
  const [setSms, { isLoading: switchingSms }] = identityApi.useSetSmsMutation();
  const { data: settings } = storefrontApi.useSettingsQuery();
  if (!user) { rememberRedirect('/account'); return <Navigate to="/login" replace />; }
  if (user.is_admin) return <Navigate to="/admin/orders" replace />;
  return (
    <Container>
      <PageTitle>My Account</PageTitle>
      {isLoading ? <Loading label="Loading your account…" /> : null}
      {isError ? <ErrorNotice action={<button onClick={() => void refetch()}>Try again</button>}>We could not load your account.</ErrorNotice> : null}
      {me ? (
        <Sections>
          <Section title="Name"><NameForm first={me.first_name} last={me.last_name} /></Section>
          <Section title="E-mail"><EmailForm current={me.email} /></Section>
          <Section title="Mobile number">
            <PhoneForm current={me.telephone} />
            {settings?.sms_notifications_enabled ?? true ? (
              <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 16 }}>
                <input type="checkbox" role="switch" checked={me.receive_sms} disabled={switchingSms}
                  onChange={(e) => void setSms({ receive_sms: e.target.checked ? 1 : 0 }).unwrap().then((a) => notify('success', a.message, 3000), (error) => notify('error', errorMessage(error), 5000))} />
                Text me about my orders
              </label>
            ) : null}
          </Section>
          <Section title="Password"><PasswordForm /></Section>
          <Section title="Marketing e-mails">
            <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <input type="checkbox" role="switch" checked={me.receive_marketing} disabled={switching}
                onChange={(e) => void setMarketing({ receive_marketing: e.target.checked ? 1 : 0 }).unwrap().then((a) => notify('success', a.message, 3000), (error) => notify('error', errorMessage(error), 5000))} />
              E-mail me offers and news
            </label>
          </Section>
          <Section title="Saved cards"><SavedCards /></Section>
          <Section title="Two-step sign-in"><TwoStepSettings /></Section>
          <p><Link to="/savedcarts">Saved carts</Link></p>
        </Sections>
      ) : null}
    </Container>
  );
}
