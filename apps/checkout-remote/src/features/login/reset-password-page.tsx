import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '@platform/routing';
import { passwordProblems, resetCodeSentMessage } from '@platform/domain';
import { errorMessage, fieldErrors, getDeviceId, identityApi, notify } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Field, PageTitle, SigningIn } from '@platform/ui';
import { linkError } from '@platform/account-ui';
import { completeSignIn } from './complete-sign-in';

/**
 * Forgotten password (spec 2: reachable only from the sign-in form on /login or /cart): its Forgot password?
 * has sent a 6-digit code to the address it found; the code and the new password twice set it, the old
 * sessions end and the shopper signs in again. A code that did not come can be sent again from here.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state ?? {}) as { from?: string; email?: string };
  const [forget, { isLoading: sending }] = identityApi.useForgetPasswordMutation();
  const [reset, { isLoading: saving }] = identityApi.useResetPasswordMutation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  if ((from.from !== '/login' && from.from !== '/cart') || !from.email) return <Navigate to="/login" replace />;
  const email = from.email;

  async function sendAgain() {
    setError(null);
    const result = await forget({ email });
    if ('error' in result) { setError(linkError(result.error)); return; }
    notify('success', resetCodeSentMessage(email), 5000);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problems = passwordProblems(password, confirmation);
    if (!/^\d{6}$/.test(code.trim())) { setError('Please enter the 6-digit code from the e-mail.'); return; }
    if (problems.password || problems.c_password) { setError(problems.password ?? problems.c_password!); return; }
    const result = await reset({ email, code: code.trim(), password, password_confirmation: confirmation });
    if ('error' in result) { setError(fieldErrors(result.error).password_confirmation ?? errorMessage(result.error)); return; }
    notify('success', result.data.message, 5000);
    navigate('/login', { replace: true });
  }

  return (
    <Container style={{ maxWidth: 460 }}>
      <PageTitle>Reset Password</PageTitle>
      <Card>
        {error ? <ErrorNotice>{error}</ErrorNotice> : null}
        <form onSubmit={(e) => void save(e)} noValidate aria-label="Choose a new password">
          <p role="status">{resetCodeSentMessage(email)}</p>
          {/* Lets a password manager save the new password for this account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <Field>Reset code<input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} autoFocus /></Field>
          <Field>New password<input type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} /></Field>
          <Field>Confirm new password<input type="password" name="password_confirmation" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} /></Field>
          <Button type="submit" disabled={saving}>{saving ? 'Saving…' : 'Set new password'}</Button>
        </form>
        <p><Button type="button" $variant="link" disabled={sending} onClick={() => void sendAgain()}>Send a new code</Button></p>
        <p><Link to="/login">Back to Sign In</Link></p>
      </Card>
    </Container>
  );
}

/** The visit (history entry) whose link was used: the page comes back at it when the sign-in forgets the cache. */
let linkUsedAt: string | null = null;

/** /magic-link-redirect?email&token: signs in with the e-mailed one-time link, once. */
const INCOMPLETE_LINK = 'This sign-in link is incomplete. Please open the whole link from the e-mail, or ask for a new one.';

export function MagicLinkPage() {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [signInWithLink] = identityApi.useUseMagicLinkMutation();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (linkUsedAt === key) return;
    linkUsedAt = key;
    const email = params.get('email') ?? '';
    const token = params.get('token') ?? '';
    // A link cut short by a mail client: nothing to try.
    if (!email || !token) { setError(INCOMPLETE_LINK); return; }
    void signInWithLink({ email, magicLinkToken: token, device_id: getDeviceId() }).then((result) => {
      if ('error' in result) { setError(errorMessage(result.error)); return; }
      if (result.data.mfa) { setError('This account uses two-step sign-in: please sign in with your password and authenticator code.'); return; }
      void completeSignIn(result.data, true, dispatch).then((to) => navigate(to, { replace: true }));
    });
  }, [key, params, signInWithLink, navigate, dispatch]);
  return <SigningIn error={error} action={<Link to="/login">Go to Sign In</Link>} />;
}
