import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { errorMessage, getDeviceId, identityApi, setSession, takeRedirect, useSession } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Field, PageTitle } from '@platform/ui';

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Sign in with e-mail and password. Admins land on admin orders, customers on their remembered page or the cart. */
export function LoginPage() {
  const user = useSession();
  const navigate = useNavigate();
  const [login, { isLoading }] = identityApi.useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(true);
  const [error, setError] = useState<string | null>(null);

  // Only someone already signed in when arriving is sent home; a fresh sign-in navigates below.
  const signedInOnArrival = useRef(Boolean(user));
  if (signedInOnArrival.current) return <Navigate to="/" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (email.length < 6 || !EMAIL_PATTERN.test(email)) { setError('Please enter a valid email address.'); return; }
    if (!password) { setError('Please enter your password.'); return; }
    const result = await login({ email, password, device_id: getDeviceId() });
    if ('error' in result) { setError(errorMessage(result.error, 'Unsuccessful login. Please try again.')); return; }
    const { is_admin, access_token, data } = result.data;
    setSession({ is_admin, access_token, loginKeep: keep, data });
    navigate(takeRedirect() ?? (is_admin ? '/admin/orders' : '/cart'), { replace: true });
  }

  return (
    <Container style={{ maxWidth: 460 }}>
      <PageTitle>Sign In</PageTitle>
      <Card>
        <form onSubmit={(e) => void submit(e)} noValidate>
          {error ? <ErrorNotice>{error}</ErrorNotice> : null}
          <Field>E-mail<input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required /></Field>
          <Field>Password<input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required /></Field>
          <label style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
            <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} /> Keep me signed in
          </label>
          <Button type="submit" disabled={isLoading}>{isLoading ? 'Signing in…' : 'Sign In'}</Button>
        </form>
      </Card>
    </Container>
  );
}
