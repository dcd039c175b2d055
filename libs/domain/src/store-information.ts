import { formatPhone, INVALID_EMAIL, INVALID_PHONE, isValidEmail, normalizePhone } from './identity';
import { WEEK_DAYS, type WeekHours } from './hours';

/** What the admin 'About us' screen edits: the store's contact e-mail and each location's phone and week. */
export interface StoreInformation {
  contact_email: string;
  locations: { id: number; phone: string; hours: WeekHours }[];
}

export const INVALID_TIME = 'Enter the time as HH:MM (24-hour), e.g. 08:00 or 17:30.';
export const CLOSES_BEFORE_OPENING = 'The closing time must be after the opening time.';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Field problems keyed as the API names them (contact_email, locations.0.phone, locations.0.hours.sun):
 * the contact e-mail may be empty (the store shows none), a phone is a US number, and an open day needs
 * opening and closing times with the close after the open. A closed day's times are not checked.
 */
export function storeInformationProblems(info: StoreInformation): Record<string, string> {
  const problems: Record<string, string> = {};
  if (info.contact_email.trim() && !isValidEmail(info.contact_email)) problems.contact_email = INVALID_EMAIL;
  info.locations.forEach((location, index) => {
    if (!normalizePhone(location.phone)) problems[`locations.${index}.phone`] = INVALID_PHONE;
    for (const day of WEEK_DAYS) {
      const h = location.hours[day];
      if (!h || h.closed) continue;
      if (!TIME.test(h.open) || !TIME.test(h.close)) problems[`locations.${index}.hours.${day}`] = INVALID_TIME;
      else if (h.close <= h.open) problems[`locations.${index}.hours.${day}`] = CLOSES_BEFORE_OPENING;
    }
  });
  return problems;
}

/** The information as stored: e-mail trimmed, phones as (xxx) xxx-xxxx, every day present. */
export function normalizeStoreInformation(info: StoreInformation): StoreInformation {
  return {
    contact_email: info.contact_email.trim(),
    locations: info.locations.map((l) => ({
      id: l.id,
      phone: formatPhone(normalizePhone(l.phone) ?? l.phone),
      hours: Object.fromEntries(WEEK_DAYS.map((day) => {
        const h = l.hours[day];
        return [day, h && !h.closed ? { open: h.open, close: h.close, closed: false } : { open: h?.open ?? '', close: h?.close ?? '', closed: true }];
      })),
    })),
  };
}
