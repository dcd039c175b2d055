import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate } from '@platform/routing';
import styled from 'styled-components';
import { INVALID_EMAIL, isValidEmail, passwordProblems } from '@platform/domain';
import { errorMessage, identityApi, notify, rememberRedirect, useSession } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Field, Loading, PageTitle } from '@platform/ui';

const Sections = styled.div`display: grid; gap: 16px; max-width: 640px;`;
const Codes = styled.ol`columns: 2; font-family: monospace; font-size: 1.05rem;`;

/** A section that saves one thing, with its own message. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return <Card as="section" aria-label={title}><h2 style={{ marginTop: 0 }}>{title}</h2>{children}</Card>;
}

function useSaver() {
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const run = async (work: () => Promise<{ message: string }>) => {
    setMessage(null);
    try { const answer = await work(); notify('success', answer.message, 3000); setMessage({ kind: 'ok', text: answer.message }); return true; } catch (error) { setMessage({ kind: 'error', text: errorMessage(error) }); return false; }
  };
  const shown = message ? (message.kind === 'error' ? <ErrorNotice>{message.text}</ErrorNotice> : <p role="status">{message.text}</p>) : null;
  return { run, shown, fail: (text: string) => setMessage({ kind: 'error', text }) };
}

function NameForm({ first, last }: { first: string; last: string }) {
  const [save, { isLoading }] = identityApi.useUpdateNameMutation();
  const [firstName, setFirst] = useState(first);
  const [lastName, setLast] = useState(last);
  const { run, shown } = useSaver();
  return (
    <form onSubmit={(e) => { e.preventDefault(); void run(() => save({ first_name: firstName, last_name: lastName }).unwrap()); }} aria-label="Name">
      {shown}
      <Field>First name<input value={firstName} maxLength={50} autoComplete="given-name" onChange={(e) => setFirst(e.target.value)} /></Field>
      <Field>Last name<input value={lastName} maxLength={50} autoComplete="family-name" onChange={(e) => setLast(e.target.value)} /></Field>
      <Button type="submit" $variant="secondary" disabled={isLoading}>Save name</Button>
    </form>
  );
}

function EmailForm({ current }: { current: string }) {
  const [save, { isLoading }] = identityApi.useUpdateEmailMutation();
  const [email, setEmail] = useState(current);
  const [password, setPassword] = useState('');
  const { run, shown, fail } = useSaver();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isValidEmail(email)) { fail(INVALID_EMAIL); return; }
    void run(() => save({ email, password }).unwrap()).then((ok) => ok && setPassword(''));
  };
  return (
    <form onSubmit={submit} aria-label="E-mail" noValidate>
      {shown}
      <Field>E-mail<input type="email" value={email} autoComplete="email" onChange={(e) => setEmail(e.target.value)} /></Field>
      <Field>Current password<input type="password" value={password} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} /></Field>
      <Button type="submit" $variant="secondary" disabled={isLoading || !password}>Change e-mail</Button>
    </form>
  );
}

function PasswordForm() {
  const [save, { isLoading }] = identityApi.useUpdatePasswordMutation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { run, shown, fail } = useSaver();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = passwordProblems(password, confirmation);
    if (problems.password || problems.c_password) { fail(problems.password ?? problems.c_password!); return; }
    void run(() => save({ current_password: current, password, password_confirmation: confirmation }).unwrap()).then((ok) => { if (ok) { setCurrent(''); setPassword(''); setConfirmation(''); } });
  };
  return (
    <form onSubmit={submit} aria-label="Password" noValidate>
      {shown}
      <Field>Current password<input type="password" value={current} autoComplete="current-password" onChange={(e) => setCurrent(e.target.value)} /></Field>
      <Field>New password<input type="password" value={password} autoComplete="new-password" onChange={(e) => setPassword(e.target.value)} /></Field>
      <Field>Confirm new password<input type="password" value={confirmation} autoComplete="new-password" onChange={(e) => setConfirmation(e.target.value)} /></Field>
      <Button type="submit" $variant="secondary" disabled={isLoading || !current}>Change password</Button>
    </form>
  );
}

/** Two-step sign-in: add the secret to an authenticator app, confirm with its code, keep the backup codes. */
function TwoStep() {
  const { data: status } = identityApi.useMfaStatusQuery();
  const [setup, { data: pending, reset: forgetPending }] = identityApi.useSetupMfaMutation();
  const [complete, { isLoading: confirming }] = identityApi.useCompleteMfaMutation();
  const [disable] = identityApi.useDisableMfaMutation();
  const [code, setCode] = useState('');
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const { run, shown } = useSaver();
  if (!status) return <Loading label="Loading…" />;
  if (backupCodes) {
    return (
      <div>
        <p role="status">Two-step sign-in is on. Keep these backup codes somewhere safe: each works once if you lose your phone.</p>
        <Codes aria-label="Backup codes">{backupCodes.map((c) => <li key={c}>{c}</li>)}</Codes>
        <Button type="button" $variant="secondary" onClick={() => setBackupCodes(null)}>I have saved them</Button>
      </div>
    );
  }
  if (status.enabled) {
    return (
      <div>
        {shown}
        <p>Two-step sign-in is on. {status.backup_codes_left} backup code{status.backup_codes_left === 1 ? '' : 's'} left.</p>
        <Button type="button" $variant="secondary" onClick={() => { if (window.confirm('Turn two-step sign-in off?')) void run(() => disable().unwrap()); }}>Turn off</Button>
      </div>
    );
  }
  if (!pending) {
    return (
      <div>
        {shown}
        <p>Ask for a code from an authenticator app each time you sign in with your password.</p>
        <Button type="button" $variant="secondary" onClick={() => void setup()}>Set up two-step sign-in</Button>
      </div>
    );
  }
  return (
    <form aria-label="Confirm authenticator" onSubmit={(e) => { e.preventDefault(); void complete({ code }).unwrap().then((a) => { setBackupCodes(a.backup_codes); forgetPending(); setCode(''); }, (error) => run(() => Promise.reject(error))); }}>
      {shown}
      <p>Add this key to your authenticator app (or open the link on your phone), then enter the 6-digit code it shows.</p>
      <p><strong>Key:</strong> <code data-testid="mfa-secret">{pending.secret}</code> · <a href={pending.otpauth_url}>Open in authenticator app</a></p>
      <Field>Code from the app<input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} /></Field>
      <Button type="submit" disabled={confirming || code.length !== 6}>Turn on</Button>
    </form>
  );
}

/** Saved cards: the provider's references, shown by brand, last digits and expiry; removing asks first. */
function SavedCards() {
  const { data: cards, isLoading, isError } = identityApi.useSavedCardsQuery();
  const [remove, { isLoading: removing }] = identityApi.useDeleteSavedCardMutation();
  const { run, shown } = useSaver();
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

/** /account (My Account): name, e-mail, password, marketing e-mails, saved cards and two-step sign-in. Customers only. */
export function AccountPage() {
  const user = useSession();
  const { data: me, isLoading, isError, refetch } = identityApi.useCustomerDetailsQuery(undefined, { skip: !user || user.is_admin });
  const [setMarketing, { isLoading: switching }] = identityApi.useSetMarketingMutation();
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
          <Section title="Password"><PasswordForm /></Section>
          <Section title="Marketing e-mails">
            <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <input type="checkbox" role="switch" checked={me.receive_marketing} disabled={switching}
                onChange={(e) => void setMarketing({ receive_marketing: e.target.checked ? 1 : 0 }).unwrap().then((a) => notify('success', a.message, 3000), (error) => notify('error', errorMessage(error), 5000))} />
              E-mail me offers and news
            </label>
          </Section>
          <Section title="Saved cards"><SavedCards /></Section>
          <Section title="Two-step sign-in"><TwoStep /></Section>
          <p><Link to="/savedcarts">Saved carts</Link></p>
        </Sections>
      ) : null}
    </Container>
  );
}
