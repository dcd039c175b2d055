import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from '@platform/routing';
import { beginSession, identityApi, notify, rememberRedirect } from '@platform/api-client';
import { SigningIn } from '@platform/ui';

const TOKEN_LINK_INVALID = 'This sign-in link is not valid or has expired. Please sign in.';

/**
 * An admin link with an access-token query (spec 3 §2): signs in as that account for this tab only (a link
 * opened on a shared computer should not stay signed in), then shows the page without the token in the address.
 * A token that fails, or is not an admin's, sends the person home (spec 3 §6), saying why; signing in from
 * there returns to the page.
 */
export function TokenSignIn({ token, path }: { token: string; path: string }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [signIn] = identityApi.useLoginByTokenMutation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signIn(token).then((result) => {
      if ('error' in result || !result.data.is_admin) {
        rememberRedirect(path);
        notify('error', TOKEN_LINK_INVALID, 6000);
        navigate('/', { replace: true });
        return;
      }
      beginSession(result.data, false, dispatch);
      navigate(path, { replace: true });
    });
  }, [token, path, signIn, dispatch, navigate]);
  return <SigningIn error={null} action={null} />;
}
