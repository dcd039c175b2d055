import type { Dispatch, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { BusinessDetails, LoginResponse } from '@platform/contracts';
import { platformApi } from './api';
import { storefrontApi } from './endpoints';
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

/**
 * The store's business details outside a component: the cached answer, else read and waited for (a sign-in
 * forgets the cache, and a quick click may come before the page read them again); undefined when unreadable.
 */
export async function readBusinessDetails(dispatch: Dispatch<UnknownAction>): Promise<BusinessDetails | undefined> {
  // The store's dispatch runs thunks (RTK Query's); the hook's type does not say so.
  const read = (dispatch as ThunkDispatch<unknown, unknown, UnknownAction>)(storefrontApi.endpoints.businessDetails.initiate());
  try {
    return await read.unwrap();
  } catch {
    return undefined;
  } finally {
    read.unsubscribe();
  }
}
