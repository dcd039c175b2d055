import { INVALID_EMAIL, INVALID_PHONE, isValidEmail, normalizePhone } from './identity';

/** The cooperative's rewards programme (spec 1 §7 truevalue/rewards-signup and rewards-lookup). */
export const REWARDS_ALREADY_MEMBER = 'You are already a rewards member. Look up your rewards instead.';
export const REWARDS_NOT_OFFERED = 'This store does not offer a rewards programme.';
export const rewardsNotFound = (field: 'phone' | 'email') => `We could not find a rewards membership for that ${field === 'phone' ? 'phone number' : 'e-mail address'}.`;
export const rewardsWelcome = (firstName: string, memberNumber: string) => `Welcome to Rewards, ${firstName}! Your member number is ${memberNumber}.`;

export interface RewardsSignupInput { first_name: string; last_name: string; email: string; phone: string; zip: string }

/** Sign-up rules as field → message; empty when the member can be enrolled. */
export function rewardsSignupProblems(input: RewardsSignupInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!input.first_name.trim()) problems.first_name = 'Please enter your first name.';
  if (!input.last_name.trim()) problems.last_name = 'Please enter your last name.';
  if (!isValidEmail(input.email)) problems.email = INVALID_EMAIL;
  if (!normalizePhone(input.phone)) problems.phone = INVALID_PHONE;
  if (!/^\d{5}$/.test(input.zip.trim())) problems.zip = 'Please enter a 5-digit ZIP code.';
  return problems;
}

/** A member number as shown after a lookup: only its last 4 digits. */
export const maskMemberNumber = (memberNumber: string) => `${'•'.repeat(Math.max(0, memberNumber.length - 4))}${memberNumber.slice(-4)}`;
