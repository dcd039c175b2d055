import { useState, type FormEvent } from 'react';
import { INVALID_EMAIL, isValidEmail, passwordProblems } from '@platform/domain';
import { getSession, identityApi, setSession } from '@platform/api-client';
import { Button, Field } from '@platform/ui';
import { useSaveFeedback } from './save-feedback';

/** The signed-in account's own name, e-mail and password forms: shoppers in My Account, admins in Your Account. */

/** The session carries the name (the admin header greets by it), so a saved name shows there at once. */
function keepNameInSession(first: string, last: string) {
  const session = getSession();
  if (session) setSession({ ...session, data: { ...session.data, customer: { ...session.data.customer, first_name: first.trim(), last_name: last.trim() } } });
}

export function NameForm({ first, last }: { first: string; last: string }) {
  const [save, { isLoading }] = identityApi.useUpdateNameMutation();
  const [firstName, setFirst] = useState(first);
  const [lastName, setLast] = useState(last);
  const { run, shown } = useSaveFeedback();
  return (
    <form onSubmit={(e) => { e.preventDefault(); void run(() => save({ first_name: firstName, last_name: lastName }).unwrap()).then((ok) => ok && keepNameInSession(firstName, lastName)); }} aria-label="Name">
      {shown}
      <Field>First name<input value={firstName} maxLength={50} autoComplete="given-name" onChange={(e) => setFirst(e.target.value)} /></Field>
      <Field>Last name<input value={lastName} maxLength={50} autoComplete="family-name" onChange={(e) => setLast(e.target.value)} /></Field>
      <Button type="submit" $variant="secondary" disabled={isLoading}>Save name</Button>
    </form>
  );
}

/** A new e-mail needs the current password (it is what signs in and receives reset codes). */
export function EmailForm({ current }: { current: string }) {
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

/** A new password, twice, and the current one; the account's other sessions end. */
export function PasswordForm() {
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
