import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { formatPhone, INVALID_EMAIL, INVALID_PHONE, isValidEmail, lastUsedText, MISSING_CODE, normalizePhone, passwordProblems, phoneInputDigits, PHONE_INPUT_MAX_LENGTH, shortDate } from '@platform/domain';
import { getSession, identityApi, setSession } from '@platform/api-client';
import { Button, ErrorNotice, Field, Loading } from '@platform/ui';
import { useSaveFeedback } from './save-feedback';

// The signed-in account's own details and sessions: shoppers use them in My Account, admins in Your Account.

/** The session carries the name (the admin header greets by it), so a saved name shows there at once. */
function keepNameInSession(first: string, last: string) {
  const session = getSession();
  if (session) setSession({ ...session, data: { ...session.data, customer: { ...session.data.customer, first_name: first.trim(), last_name: last.trim() } } });
}

/** First and last name. */
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

const Links = styled.div`display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center;`;
const DeviceList = styled.ul`
  list-style: none; padding: 0; margin: 0 0 12px; display: grid; gap: 8px;
  li { display: flex; justify-content: space-between; align-items: center; gap: 12px; padding: 8px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
  li button { white-space: nowrap; flex-shrink: 0; }
`;

/**
 * A new mobile number, confirmed by the code texted to it: the number signs in by code and gets the order
 * texts, so a typo or someone else's number must not take its place.
 */
export function PhoneForm({ current }: { current: string }) {
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

/**
 * Where the account is signed in: this device, then the others by last use, each named by its browser, with
 * Sign out for one or for all of them (a phone lost, a shared computer).
 */
export function SignedInDevices() {
  const { data: sessions, isLoading, isError, refetch } = identityApi.useSignedInSessionsQuery();
  const [logoutOthers, { isLoading: endingAll }] = identityApi.useLogoutOthersMutation();
  const [endSession, { isLoading: ending }] = identityApi.useEndSessionMutation();
  const { run, shown } = useSaveFeedback();
  const now = new Date();
  const others = sessions?.filter((s) => !s.current) ?? [];
  return (
    <>
      {shown}
      {isLoading ? <Loading label="Loading where you are signed in…" /> : null}
      {isError ? <ErrorNotice action={<button type="button" onClick={() => void refetch()}>Try again</button>}>We could not load where you are signed in.</ErrorNotice> : null}
      {sessions ? (
        <DeviceList aria-label="Signed-in devices">
          {sessions.map((s) => {
            const used = s.current ? 'This device' : lastUsedText(new Date(s.last_used_at), now);
            return (
              <li key={s.id}>
                <span><strong>{s.device}</strong><br /><small>{used} · signed in {shortDate(new Date(s.signed_in_at))}</small></span>
                {s.current ? null : (
                  <Button type="button" $variant="link" disabled={ending || endingAll} aria-label={`Sign out on ${s.device}, ${used.toLowerCase()}`}
                    onClick={() => void run(() => endSession({ id: s.id }).unwrap())}>Sign out</Button>
                )}
              </li>
            );
          })}
        </DeviceList>
      ) : null}
      {sessions && !others.length ? <p>You are not signed in anywhere else.</p> : null}
      {others.length ? <Button type="button" $variant="secondary" disabled={endingAll || ending} onClick={() => void run(() => logoutOthers().unwrap())}>Sign out on other devices</Button> : null}
    </>
  );
}
