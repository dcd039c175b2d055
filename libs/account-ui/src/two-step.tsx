import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage, identityApi } from '@platform/api-client';
import { Button, Field, Loading } from '@platform/ui';
import { PasswordPrompt } from './password-prompt';
import { useSaveFeedback } from './save-feedback';

const Codes = styled.ol`columns: 2; font-family: monospace; font-size: 1.05rem;`;

/**
 * Two-step sign-in (spec 2 MFA) for the signed-in account, shopper or admin: set up with an authenticator app
 * (key and otpauth link, confirmed by a code), the 10 single-use backup codes shown once, or turned off.
 */
export function TwoStepSettings() {
  const { data: status } = identityApi.useMfaStatusQuery();
  const [setup, { data: pending, reset: forgetPending }] = identityApi.useSetupMfaMutation();
  const [complete, { isLoading: confirming }] = identityApi.useCompleteMfaMutation();
  const [disable] = identityApi.useDisableMfaMutation();
  const [verify] = identityApi.useVerifyPasswordMutation();
  const [code, setCode] = useState('');
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [askingPassword, setAskingPassword] = useState(false);
  const { run, shown, fail } = useSaveFeedback();
  if (!status) return <Loading label="Loading…" />;
  if (askingPassword) {
    const turnOn = !status.enabled;
    return (
      // The password again first (verify-password): someone at an unattended, signed-in computer could
      // otherwise lock the owner out with their own authenticator, or take it away.
      <PasswordPrompt label="Confirm your password" intro={`Enter your password to ${turnOn ? 'set up two-step sign-in' : 'turn two-step sign-in off'}.`} submitLabel="Continue"
        onCancel={() => setAskingPassword(false)}
        onSubmit={async (password) => {
          await verify({ password }).unwrap();
          setAskingPassword(false);
          if (turnOn) void setup().unwrap().catch((error: unknown) => fail(errorMessage(error)));
          else void run(() => disable().unwrap());
        }} />
    );
  }
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
        <Button type="button" $variant="secondary" onClick={() => setAskingPassword(true)}>Turn off</Button>
      </div>
    );
  }
  if (!pending) {
    return (
      <div>
        {shown}
        <p>Ask for a code from an authenticator app each time you sign in with your password.</p>
        <Button type="button" $variant="secondary" onClick={() => setAskingPassword(true)}>Set up two-step sign-in</Button>
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
