import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from '@platform/routing';
import { beginSession, identityApi, rememberRedirect } from '@platform/api-client';
import { SigningIn } from '@platform/ui';

const TOKEN_LINK_INVALID = 'This sign-in link is not valid or has expired. Please sign in.';

/**
 * An admin link with an access-token query (spec 3 §2): signs in as that account for this tab only (a link
 * opened on a shared computer should not stay signed in), then shows the page without the token in the address.
 */
export function TokenSignIn({ token, path }: { token: string; path: string }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [signIn] = identityApi.useLoginByTokenMutation();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signIn(token).then((result) => {
      if ('error' in result) { rememberRedirect(path); setError(TOKEN_LINK_INVALID); return; }
      beginSession(result.data, false, dispatch);
      navigate(path, { replace: true });
    });
  }, [token, path, signIn, dispatch, navigate]);
  return <SigningIn error={error} action={<Link to="/login">Go to Sign In</Link>} />;
}
