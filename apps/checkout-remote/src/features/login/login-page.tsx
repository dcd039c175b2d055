import { useRef } from 'react';
import { useDispatch } from 'react-redux';
import { Navigate, useNavigate } from '@platform/routing';
import { SignInForm } from '@platform/account-ui';
import { useSession } from '@platform/api-client';
import { Card, Container, PageTitle } from '@platform/ui';
import { completeSignIn } from './complete-sign-in';

/** /login: the sign-in form; then the remembered page, an admin's landing screen, or the cart. */
export function LoginPage() {
  const user = useSession();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  // Only someone already signed in when arriving is sent home; a fresh sign-in navigates below.
  const signedInOnArrival = useRef(Boolean(user));
  if (signedInOnArrival.current) return <Navigate to="/" replace />;
  return (
    <Container style={{ maxWidth: 460 }}>
      <PageTitle>Sign In</PageTitle>
      <Card>
        <SignInForm onSignedIn={(answer, keep) => void completeSignIn(answer, keep, dispatch).then((to) => navigate(to, { replace: true }))} />
      </Card>
    </Container>
  );
}
