import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate } from '@platform/routing';
import styled from 'styled-components';
import { INVALID_EMAIL, isValidEmail, passwordProblems } from '@platform/domain';
import { errorMessage, identityApi, notify, rememberRedirect, useSession } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Field, Loading, PageTitle } from '@platform/ui';
import { TwoStepSettings, useSaveFeedback } from '@platform/account-ui';

const Sections = styled.div`display: grid; gap: 16px; max-width: 640px;`;

/** A section that saves one thing, with its own message. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return <Card as="section" aria-label={title}><h2 style={{ marginTop: 0 }}>{title}</h2>{children}</Card>;
}

function NameForm({ first, last }: { first: string; last: string }) {
  const [save, { isLoading }] = identityApi.useUpdateNameMutation();
  const [firstName, setFirst] = useState(first);
  const [lastName, setLast] = useState(last);
  const { run, shown } = useSaveFeedback();
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
  const { run, shown, fail } = useSaveFeedback();
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
  const { run, shown, fail } = useSaveFeedback();
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
          <Section title="Two-step sign-in"><TwoStepSettings /></Section>
          <p><Link to="/savedcarts">Saved carts</Link></p>
        </Sections>
      ) : null}
    </Container>
  );
}
