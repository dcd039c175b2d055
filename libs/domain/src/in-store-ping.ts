import { INVALID_EMAIL, INVALID_PHONE, isValidEmail, normalizePhone } from './identity';

/**
 * In-store ping ('Ask the store to check', issue 29): a shopper asks the chosen store to look for an item shown
 * out of stock there. The words both the product page and the API use.
 */
export const PING_NAME_NEEDED = 'Please enter your name so the store knows who is asking.';
export const PING_CONTACT_NEEDED = 'Please enter a phone number or an e-mail so the store can reach you.';
export const PING_GUEST_DETAILS_NEEDED = 'Please sign in, or give your name and a phone number or e-mail so the store can reach you.';
export const PING_NOT_FOR_STAFF = 'Store staff cannot ask their own store to check an item.';
export const PING_NO_DEVICE = 'This browser could not be recognised. Please reload the page and try again.';
export const PING_CANCELLED = 'Your request was cancelled.';

/** The confirmation a shopper reads after asking. */
export const pingSavedMessage = (storeName: string) =>
  `We asked ${storeName || 'the store'} to check for this item. We'll let you know once when it's in stock there.`;

/** A guest's details as typed: a name, and a phone number or an e-mail (or both). */
export interface PingContactInput { name?: string; phone?: string; email?: string }
/** The same details cleaned: phone as 10 digits, e-mail lower-cased; null for what was not given. */
export interface PingContact { name: string; phone: string | null; email: string | null }

/** What is wrong with a guest's details, by field; empty when the store can reach them. */
export function pingContactProblems(input: PingContactInput): Record<string, string> {
  const problems: Record<string, string> = {};
  const phone = input.phone?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  if (!input.name?.trim()) problems.name = PING_NAME_NEEDED;
  if (phone && !normalizePhone(phone)) problems.phone = INVALID_PHONE;
  if (email && !isValidEmail(email.toLowerCase())) problems.email = INVALID_EMAIL;
  if (!phone && !email) problems.phone = PING_CONTACT_NEEDED;
  return problems;
}

/** A guest's details cleaned for storing (call after pingContactProblems found none). */
export function pingContact(input: PingContactInput): PingContact {
  const phone = input.phone?.trim() ? normalizePhone(input.phone) : null;
  const email = input.email?.trim() ? input.email.trim().toLowerCase() : null;
  return { name: (input.name ?? '').trim().replace(/\s+/g, ' ').slice(0, 100), phone, email };
}
