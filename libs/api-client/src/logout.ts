import { useCallback } from 'react';
import { useNavigate } from '@platform/routing';
import { identityApi } from './endpoints';
import { errorMessage, platformApi } from './api';
import { clearSession, getSession } from './session';
import { notify } from './toasts';
import { showAlert } from './alerts';
import { LOGOUT_ERROR_TITLE, LOGOUT_UNKNOWN_ERROR, SIGNED_OUT } from '@platform/domain';
import { useDispatch } from 'react-redux';

/** Forgets the session in this browser, drops what was fetched with it, and goes home. */
function useLeaveSession(): () => void {
  const navigate = useNavigate();
  const dispatch = useDispatch();
  return useCallback(() => {
    clearSession();
    dispatch(platformApi.util.resetApiState());
    navigate('/');
  }, [navigate, dispatch]);
}

/** Logout as spec 1 §4: clear the session and go home whatever the server says; a 3-second toast, or the failure in a dialog. */
export function useLogout(): () => Promise<void> {
  const leave = useLeaveSession();
  const [logout] = identityApi.useLogoutMutation();
  return useCallback(async () => {
    const token = getSession()?.access_token;
    const result = token ? await logout({ access_token: token }) : { data: { status: 'success', message: '' } };
    leave();
    // Spec 1 §8: a failure is the store's message (else the spec's words for a network failure) in an error dialog.
    if ('error' in result && result.error) showAlert({ kind: 'error', title: LOGOUT_ERROR_TITLE, message: errorMessage(result.error, LOGOUT_UNKNOWN_ERROR) });
    else if (result.data?.status === 'success') notify('success', SIGNED_OUT, 3000);
    else showAlert({ kind: 'error', title: LOGOUT_ERROR_TITLE, message: result.data?.message || LOGOUT_UNKNOWN_ERROR });
  }, [logout, leave]);
}

/** Deletes the signed-in shopper's account (password again); on success the browser leaves the session and goes home. */
export function useDeleteAccount(): [(password: string) => Promise<void>, { isLoading: boolean }] {
  const leave = useLeaveSession();
  const [remove, { isLoading }] = identityApi.useDeleteAccountMutation();
  const run = useCallback(async (password: string) => {
    const answer = await remove({ password }).unwrap();
    leave();
    notify('success', answer.message, 5000);
  }, [remove, leave]);
  return [run, { isLoading }];
}
