import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@platform/routing';
import styled from 'styled-components';
import type { LoginResponse } from '@platform/contracts';
import { UNSUCCESSFUL_LOGIN, formatPhone, phoneInputDigits, PHONE_INPUT_MAX_LENGTH, INVALID_EMAIL, INVALID_PHONE, INVALID_RESET_EMAIL, isValidEmail, MISSING_CODE, normalizePhone, oneTimeLinkSentMessage, resetCodeSentMessage } from '@platform/domain';
import { errorMessage, getDeviceId, identityApi, notify, storefrontApi } from '@platform/api-client';
import { Button, ErrorNotice, Field } from '@platform/ui';

const Links = styled.div`display: flex; flex-wrap: wrap; gap: 8px 16px; margin-top: 16px; align-items: center;`;
const Or = styled.p`text-align: center; margin: 4px 0 12px; color: ${(p) => p.theme.colors.muted};`;

/** Spec 2 §5: a 422 on a reset code or a one-time link reads 'Please provide a valid email address.'; others the server's words. */
export const linkError = (error: unknown) => ((error as { status?: unknown }).status === 422 ? INVALID_RESET_EMAIL : errorMessage(error));

type Step = { kind: 'who' } | { kind: 'code'; phone: string } | { kind: 'password'; email: string } | { kind: 'mfa'; token: string };

/**
 * The sign-in form (spec 2 "Login form"): 1. mobile number or e-mail (typing one disables the other); an
 * unknown one goes to registration with the value filled, or in the simple layout (the setup wizard's admin
 * sign-in) is named as unknown; 2. the texted code or the password, with 'Keep me signed in'; 3. the
 * authenticator code, with 'Can't sign in?' revealing a backup code, then the store's contact details.
 * onSignedIn gets the answer once no step is left; where to go then is the caller's.
 */
export function SignInForm({ simple = false, onSignedIn }: { simple?: boolean; onSignedIn: (answer: LoginResponse, keep: boolean) => void }) {
  const navigate = useNavigate();
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const [checkAccount, { isLoading: checking }] = identityApi.useAccountExistsMutation();
  const [sendOtp, { isLoading: sending }] = identityApi.useSendOtpMutation();
  const [login, { isLoading: signingIn }] = identityApi.useLoginMutation();
  const [sendLink, { isLoading: linking }] = identityApi.useSendMagicLinkMutation();
  const [forget, { isLoading: forgetting }] = identityApi.useForgetPasswordMutation();
  const [submitMfa, { isLoading: verifying }] = identityApi.useSubmitMfaMutation();
  const [step, setStep] = useState<Step>({ kind: 'who' });
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [secret, setSecret] = useState('');
  const [keep, setKeep] = useState(true);
  const [backup, setBackup] = useState(false);
  const [showContact, setShowContact] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const smsEnabled = settings?.sms_notifications_enabled ?? true;

  const finish = (answer: LoginResponse) => {
    if (answer.mfa && answer.token) { setStep({ kind: 'mfa', token: answer.token }); setSecret(''); setError(null); return; }
    onSignedIn(answer, keep);
  };
  const unknown = (state: { telephone: string } | { email: string }) => {
    if (simple) setError(UNSUCCESSFUL_LOGIN);
    else navigate('/register', { state });
  };

  async function next(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (phone) {
      const digits = normalizePhone(phone);
      if (!digits) { setError(INVALID_PHONE); return; }
      const found = await checkAccount({ telephone: digits });
      if ('error' in found) { setError(errorMessage(found.error)); return; }
      if (!found.data.exists) { unknown({ telephone: digits }); return; }
      const sent = await sendOtp({ telephone: digits });
      if ('error' in sent) { setError(errorMessage(sent.error)); return; }
      setNotice(sent.data.message);
      setStep({ kind: 'code', phone: digits });
      return;
    }
    if (!isValidEmail(email)) { setError(INVALID_EMAIL); return; }
    const found = await checkAccount({ email: email.trim() });
    if ('error' in found) { setError(errorMessage(found.error)); return; }
    if (!found.data.exists) { unknown({ email: email.trim() }); return; }
    setStep({ kind: 'password', email: email.trim() });
  }

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (step.kind === 'code' && !secret.trim()) { setError(MISSING_CODE); return; }
    if (step.kind === 'password' && !secret) { setError('Please enter your password.'); return; }
    const result = step.kind === 'code'
      ? await login({ phone: step.phone, code: secret.trim(), remember: keep, device_id: getDeviceId() })
      : await login({ email: (step as { email: string }).email, password: secret, remember: keep, device_id: getDeviceId() });
    if ('error' in result) { setError(errorMessage(result.error, UNSUCCESSFUL_LOGIN)); return; }
    finish(result.data);
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (step.kind !== 'mfa') return;
    setError(null);
    const result = await submitMfa({ code: secret.trim(), token: step.token, is_backup: backup ? 1 : 0 });
    if ('error' in result) {
      setError(errorMessage(result.error));
      if (backup) setShowContact(true);
      return;
    }
    finish(result.data);
  }

  async function emailLink() {
    setError(null);
    const target = step.kind === 'password' ? step.email : email.trim();
    if (!isValidEmail(target)) { setError(INVALID_EMAIL); return; }
    const sent = await sendLink({ email: target });
    if ('error' in sent) { setError(linkError(sent.error)); return; }
    setNotice(oneTimeLinkSentMessage(target));
  }

  /** Forgot password? sends the code to the address just found and opens the page that takes it (spec 2 §8). */
  async function forgotPassword() {
    if (step.kind !== 'password') return;
    setError(null);
    const sent = await forget({ email: step.email });
    if ('error' in sent) { setError(linkError(sent.error)); return; }
    notify('success', resetCodeSentMessage(step.email), 5000);
    navigate('/reset-password', { state: { from: '/login', email: step.email } });
  }

  const keepBox = (
    <label style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
      <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} /> Keep me signed in
    </label>
  );
  return (
    <>
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      {notice ? <p role="status">{notice}</p> : null}
      {step.kind === 'who' ? (
        <form onSubmit={(e) => void next(e)} noValidate aria-label="Sign in">
          {smsEnabled ? (
            <>
              <Field>Mobile number
                <input type="tel" name="telephone" inputMode="numeric" autoComplete="tel-national" maxLength={PHONE_INPUT_MAX_LENGTH} value={formatPhone(phone)} disabled={Boolean(email)}
                  onChange={(e) => setPhone(phoneInputDigits(e.target.value))} />
              </Field>
              <Or>or</Or>
            </>
          ) : null}
          <Field>E-mail<input type="email" name="email" autoComplete="email" value={email} disabled={Boolean(phone)} onChange={(e) => setEmail(e.target.value)} /></Field>
          <Button type="submit" disabled={checking || sending || (!phone && !email)}>{checking || sending ? 'Checking…' : 'Next'}</Button>
          {simple ? null : <Links><span>New here?</span> <Link to="/register">Create an account</Link></Links>}
        </form>
      ) : null}
      {step.kind === 'code' || step.kind === 'password' ? (
        <form onSubmit={(e) => void signIn(e)} noValidate aria-label="Sign in">
          {step.kind === 'code' ? (
            <Field>Verification code<input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={4} value={secret} onChange={(e) => setSecret(e.target.value.replace(/\D/g, ''))} autoFocus /></Field>
          ) : (
            <>
              {/* Which account this password is for; the hidden copy lets password managers pair the two. */}
              <p>Signing in as <strong>{step.email}</strong></p>
              <input type="email" name="username" autoComplete="username" value={step.email} readOnly hidden />
              <Field>Password<input type="password" name="password" autoComplete="current-password" value={secret} onChange={(e) => setSecret(e.target.value)} autoFocus /></Field>
            </>
          )}
          {keepBox}
          <Button type="submit" disabled={signingIn}>{signingIn ? 'Signing in…' : 'Sign In'}</Button>
          <Links>
            {step.kind === 'code' ? (
              <Button type="button" $variant="link" disabled={sending} onClick={() => void sendOtp({ telephone: step.phone }).unwrap().then((a) => setNotice(a.message), (e) => setError(errorMessage(e)))}>Send a new code</Button>
            ) : (
              <>
                <Button type="button" $variant="link" disabled={forgetting} onClick={() => void forgotPassword()}>Forgot password?</Button>
                <Button type="button" $variant="link" disabled={linking} onClick={() => void emailLink()}>E-mail me a sign-in link</Button>
              </>
            )}
            <Button type="button" $variant="link" onClick={() => { setStep({ kind: 'who' }); setSecret(''); setNotice(null); setError(null); }}>Use another {step.kind === 'code' ? 'number' : 'e-mail'}</Button>
          </Links>
        </form>
      ) : null}
      {step.kind === 'mfa' ? (
        <form onSubmit={(e) => void verify(e)} noValidate aria-label="Two-step sign-in">
          {backup ? (
            <Field>Backup code<input name="backup-code" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} autoFocus /></Field>
          ) : (
            <Field>Authenticator code<input name="mfa-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={secret} onChange={(e) => setSecret(e.target.value.replace(/\D/g, ''))} autoFocus /></Field>
          )}
          <Button type="submit" disabled={verifying || !secret.trim()}>{verifying ? 'Checking…' : 'Sign In'}</Button>
          <Links>
            {!backup ? <Button type="button" $variant="link" onClick={() => { setBackup(true); setSecret(''); setError(null); }}>Can't sign in?</Button> : null}
          </Links>
          {showContact ? (
            <p role="note">Still can't sign in? Contact the store{business?.contact_email ? <> at <a href={`mailto:${business.contact_email}`}>{business.contact_email}</a></> : null}
              {business?.about_us.locations[0]?.phone ? <> or call {business.about_us.locations[0].phone}</> : null}.</p>
          ) : null}
        </form>
      ) : null}
    </>
  );
}
