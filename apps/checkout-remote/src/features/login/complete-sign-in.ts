import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { LoginResponse } from '@platform/contracts';
import { adminLandingPath } from '@platform/domain';
import { adminSettingsApi, beginSession, readQuery, storefrontApi, takeRedirect } from '@platform/api-client';

/**
 * Keeps the session and answers where to go: a remembered page, else admins to their landing screen
 * (spec 2 §4: the setup wizard when the store has it and nobody has begun it, else by plan) and customers
 * to the cart. A wizard state that cannot be read leaves the plan's landing.
 */
export async function completeSignIn(answer: LoginResponse, keep: boolean, dispatch: Dispatch<UnknownAction>): Promise<string> {
  // Read before the session forgets the cache.
  const business = await readQuery(dispatch, storefrontApi.endpoints.businessDetails.initiate());
  beginSession(answer, keep, dispatch);
  const remembered = takeRedirect();
  if (remembered) return remembered;
  if (!answer.is_admin) return '/cart';
  let wizardToStart = false;
  if (business?.wizard_enabled) {
    const state = await readQuery(dispatch, adminSettingsApi.endpoints.wizardState.initiate(undefined, { forceRefetch: true }));
    wizardToStart = state ? !state.is_wizard_begin : false;
  }
  return adminLandingPath(business?.other_ecommerce_plan ?? '', wizardToStart);
}
