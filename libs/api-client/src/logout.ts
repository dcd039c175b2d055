import { useCallback } from 'react';
import { useNavigate } from '@platform/routing';
import { identityApi } from './endpoints';
import { platformApi } from './api';
import { clearSession, getSession } from './session';
import { notify } from './toasts';
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

/** Logout as spec 1 §4: clear the session and go home whatever the server says; toast the outcome. */
export function useLogout(): () => Promise<void> {
  const leave = useLeaveSession();
  const [logout] = identityApi.useLogoutMutation();
  return useCallback(async () => {
    const token = getSession()?.access_token;
    const result = token ? await logout({ access_token: token }) : { data: { status: 'success', message: '' } };
    leave();
    if ('data' in result && result.data?.status === 'success') notify('success', 'You have been signed out.', 3000);
    else if ('error' in result && (result.error as { status?: unknown }).status === 'FETCH_ERROR') notify('error', 'Unknown error while logging out', 5000);
    else if ('error' in result) notify('error', (result.error as { data?: { message?: string } }).data?.message ?? 'Unknown error while logging out', 5000);
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
