import { useSyncExternalStore } from 'react';
import type { CheckoutStep, ContactInput } from '@platform/domain';

/** Spec 2 §3 browser storage: the checkout step (this tab), and member info kept as typed (local storage, no passwords). */
const STEP_KEY = 'cartStep';
const MEMBER_KEY = 'memberInfo';
/** The contact details and note sent on to the Payment step (this tab only). */
const ORDER_CONTACT_KEY = 'checkoutContact';

export interface OrderContact extends ContactInput { note: string }

const listeners = new Set<() => void>();

export function readCheckoutStep(): CheckoutStep {
  const step = Number(sessionStorage.getItem(STEP_KEY));
  return step === 2 || step === 3 ? step : 1;
}

/** Moves the checkout to a step; every mounted cart page follows (a sign-in on the way remounts the page). */
export function setCheckoutStep(step: CheckoutStep): void {
  sessionStorage.setItem(STEP_KEY, String(step));
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => { listeners.add(listener); return () => { listeners.delete(listener); }; };

/** The checkout step, kept across reloads and a sign-in on the way (a sign-in from the cart returns at step 2). */
export function useCheckoutStep(): CheckoutStep {
  return useSyncExternalStore(subscribe, readCheckoutStep);
}

export function readOrderContact(): OrderContact | null {
  try { return JSON.parse(sessionStorage.getItem(ORDER_CONTACT_KEY) ?? 'null') as OrderContact | null; } catch { return null; }
}
export const keepOrderContact = (contact: OrderContact) => sessionStorage.setItem(ORDER_CONTACT_KEY, JSON.stringify(contact));

/** A guest's details as last typed (shared with registration). */
export function readMemberInfo(): Partial<ContactInput> {
  try { return JSON.parse(localStorage.getItem(MEMBER_KEY) ?? '{}') as Partial<ContactInput>; } catch { return {}; }
}
export function keepMemberInfo(contact: ContactInput): void {
  localStorage.setItem(MEMBER_KEY, JSON.stringify({ ...readMemberInfo(), ...contact }));
}
