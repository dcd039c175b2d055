import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { LoginResponse } from '@platform/contracts';
import { adminLandingPath } from '@platform/domain';
import { platformApi, setSession, takeRedirect } from '@platform/api-client';


/**
 * Keeps the session ('Keep me signed in': local storage, else this tab only), forgets everything fetched as
 * a guest, and answers where to go: a remembered page, else admins to their landing screen for the store's
 * plan (spec 2 §4) and customers to the cart.
 */
export function completeSignIn(answer: LoginResponse, keep: boolean, dispatch: Dispatch<UnknownAction>, plan: string): string {
  const { is_admin, access_token, data } = answer;
  setSession({ is_admin, access_token, loginKeep: keep, data });
  dispatch(platformApi.util.resetApiState());
  return takeRedirect() ?? (is_admin ? adminLandingPath(plan) : '/cart');
}
