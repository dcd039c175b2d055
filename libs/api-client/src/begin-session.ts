import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { LoginResponse } from '@platform/contracts';
import { platformApi } from './api';
import { setSession } from './session';

/**
 * Keeps a sign-in's session ('Keep me signed in': local storage, else this tab only) and forgets everything
 * fetched before it (a guest's or another account's answers).
 */
export function beginSession(answer: LoginResponse, keep: boolean, dispatch: Dispatch<UnknownAction>): void {
  const { is_admin, access_token, data } = answer;
  setSession({ is_admin, access_token, loginKeep: keep, data });
  dispatch(platformApi.util.resetApiState());
}
