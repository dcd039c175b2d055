import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { LoginResponse } from '@platform/contracts';
import { adminLandingPath } from '@platform/domain';
import { beginSession, takeRedirect } from '@platform/api-client';

/**
 * Keeps the session and answers where to go: a remembered page, else admins to their landing screen for the
 * store's plan (spec 2 §4) and customers to the cart.
 */
export function completeSignIn(answer: LoginResponse, keep: boolean, dispatch: Dispatch<UnknownAction>, plan: string): string {
  beginSession(answer, keep, dispatch);
  return takeRedirect() ?? (answer.is_admin ? adminLandingPath(plan) : '/cart');
}
