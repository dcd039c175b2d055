import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { Navigate, useLocation, useNavigate } from '@platform/routing';
import { SignInForm } from '@platform/account-ui';
import { useSession } from '@platform/api-client';
import { Card, Container, Loading, PageTitle } from '@platform/ui';
import { completeSignIn } from './complete-sign-in';

/**
 * The visit (history entry) where the form was last shown signed out. A sign-in forgets every cached answer, so
 * the store shows its loading screen and this page comes back, signed in, at the same visit: that is the
 * sign-in's own landing on the way, not someone arriving signed in.
 */
let formShownAt: string | null = null;

/** /login: the sign-in form; then the remembered page, an admin's landing screen, or the cart. */
export function LoginPage() {
  const user = useSession();
  const { key } = useLocation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  useEffect(() => { if (!user) formShownAt = key; }, [user, key]);
  if (user) return key === formShownAt ? <Loading label="Signing in…" /> : <Navigate to="/" replace />;
  return (
    <Container style={{ maxWidth: 460 }}>
      <PageTitle>Sign In</PageTitle>
      <Card>
        <SignInForm onSignedIn={(answer, keep) => void completeSignIn(answer, keep, dispatch).then((to) => navigate(to, { replace: true }))} />
      </Card>
    </Container>
  );
}
