import { useCallback } from 'react';
import { useNavigate } from '@platform/routing';
import { identityApi } from './endpoints';
import { platformApi } from './api';
import { clearSession, getSession } from './session';
import { notify } from './toasts';
import { useDispatch } from 'react-redux';

/** Logout as spec 1 §4: clear the session and go home whatever the server says; toast the outcome. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [logout] = identityApi.useLogoutMutation();
  return useCallback(async () => {
    const token = getSession()?.access_token;
    const result = token ? await logout({ access_token: token }) : { data: { status: 'success', message: '' } };
    clearSession();
    dispatch(platformApi.util.resetApiState());
    navigate('/');
    if ('data' in result && result.data?.status === 'success') notify('success', 'You have been signed out.', 3000);
    else if ('error' in result && (result.error as { status?: unknown }).status === 'FETCH_ERROR') notify('error', 'Unknown error while logging out', 5000);
    else if ('error' in result) notify('error', (result.error as { data?: { message?: string } }).data?.message ?? 'Unknown error while logging out', 5000);
  }, [logout, navigate, dispatch]);
}
