import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from '@platform/routing';
import { beginSession, identityApi, rememberRedirect } from '@platform/api-client';
import { Card, Container, ErrorNotice, Loading, PageTitle } from '@platform/ui';

export const TOKEN_LINK_INVALID = 'This sign-in link is not valid or has expired. Please sign in.';

/**
 * An admin link with an access-token query (spec 3 §2): signs in as that account for this tab only (a link
 * opened on a shared computer should not stay signed in), then shows the page without the token in the address.
 */
export function TokenSignIn({ token, path }: { token: string; path: string }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [signIn] = identityApi.useLoginByTokenMutation();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signIn(token).then((result) => {
      if ('error' in result) { rememberRedirect(path); setFailed(true); return; }
      beginSession(result.data, false, dispatch);
      navigate(path, { replace: true });
    });
  }, [token, path, signIn, dispatch, navigate]);
  return (
    <Container style={{ maxWidth: 460 }}>
      <PageTitle>Signing you in</PageTitle>
      {failed ? <Card><ErrorNotice>{TOKEN_LINK_INVALID}</ErrorNotice><p><Link to="/login">Go to Sign In</Link></p></Card> : <Loading label="Signing you in…" />}
    </Container>
  );
}
