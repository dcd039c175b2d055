import { useSyncExternalStore } from 'react';
import type { CheckoutStep } from '@platform/domain';

/** Spec 2 §3 browser storage key of the checkout step (session storage: this tab). */
const STEP_KEY = 'cartStep';
const listeners = new Set<() => void>();

export function readCheckoutStep(): CheckoutStep {
  const step = Number(sessionStorage.getItem(STEP_KEY));
  return step === 2 || step === 3 ? step : 1;
}

/**
 * Moves the checkout to a step. The shell (which hides its main navigation on desktop after step 1) and every
 * mounted cart page follow: this library is one shared instance for the shell and the remotes.
 */
export function setCheckoutStep(step: CheckoutStep): void {
  sessionStorage.setItem(STEP_KEY, String(step));
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => { listeners.add(listener); return () => { listeners.delete(listener); }; };

/** The checkout step, kept across reloads and a sign-in on the way (a sign-in from the cart returns at step 2). */
export function useCheckoutStep(): CheckoutStep {
  return useSyncExternalStore(subscribe, readCheckoutStep);
}
