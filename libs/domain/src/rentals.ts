import { INVALID_EMAIL, INVALID_PHONE, isValidEmail, normalizePhone } from './identity';

export const RENTAL_REQUEST_SENT = 'Thank you! Your rental request was sent to the store. They will contact you to confirm it.';

export interface RentalRequestInput {
  first_name: string; last_name: string; email: string; phone: string;
  rental_id?: number | null; item?: string; start_date: string; end_date: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The rental request form's rules, as field → message; empty when the request can be sent. `today` is YYYY-MM-DD at the store. */
export function rentalRequestProblems(input: RentalRequestInput, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!input.first_name.trim()) problems.first_name = 'Please enter your first name.';
  if (!input.last_name.trim()) problems.last_name = 'Please enter your last name.';
  if (!isValidEmail(input.email)) problems.email = INVALID_EMAIL;
  if (!normalizePhone(input.phone)) problems.phone = INVALID_PHONE;
  if (!input.rental_id && !input.item?.trim()) problems.item = 'Please tell us what you would like to rent.';
  if (!isDate(input.start_date) || input.start_date < today) problems.start_date = 'Please choose a start date from today on.';
  if (!isDate(input.end_date)) problems.end_date = 'Please choose a return date.';
  else if (isDate(input.start_date) && input.end_date < input.start_date) problems.end_date = 'The return date cannot be before the start date.';
  return problems;
}

/** Days a rental runs, counting the start and return days (a same-day rental is one day). */
export function rentalDays(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/** What a rental of `days` days costs at day and week rates (cents): whole weeks, then days, never more than one more week. */
export function rentalEstimateCents(rates: { dayCents: number; weekCents: number | null }, days: number): number {
  if (days <= 0) return 0;
  if (!rates.weekCents) return days * rates.dayCents;
  const weeks = Math.floor(days / 7);
  return Math.min(weeks * rates.weekCents + (days % 7) * rates.dayCents, (weeks + 1) * rates.weekCents);
}
