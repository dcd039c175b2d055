import type { ContactInput } from '@platform/domain';

/** Spec 2 §3 browser storage: member info kept as typed (local storage, no passwords). */
const MEMBER_KEY = 'memberInfo';
/** The contact details and note sent on to the Payment step (this tab only). */
const ORDER_CONTACT_KEY = 'checkoutContact';

export interface OrderContact extends ContactInput { note: string }

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
