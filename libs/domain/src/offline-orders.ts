// Offline orders (spec 3 /admin/offline-orders): orders taken by phone or at the counter, entered by staff.
import { deliveryAddressProblems } from './checkout';
import { INVALID_EMAIL, INVALID_PHONE, isValidEmail, normalizePhone } from './identity';
import { toCents } from './money';

export const OFFLINE_ORDER_TYPES = ['pickup', 'delivery'] as const;
export type OfflineOrderType = (typeof OFFLINE_ORDER_TYPES)[number];
export const OFFLINE_ORDER_TYPE_LABELS: Record<OfflineOrderType, string> = { pickup: 'Pickup / at the counter', delivery: 'Delivery' };

/** The most lines one offline order takes. */
export const MAX_OFFLINE_LINES = 50;

export const OFFLINE_NAME_NEEDED = "Please enter the customer's name.";
export const OFFLINE_CONTACT_NEEDED = 'Please give a phone number or an e-mail address for the customer.';
export const OFFLINE_LINES_NEEDED = 'Please add at least one item.';
export const OFFLINE_TOO_MANY_LINES = `An offline order takes at most ${MAX_OFFLINE_LINES} items.`;
export const OFFLINE_LINE_TITLE_NEEDED = 'Please describe the item.';
export const OFFLINE_LINE_PRICE_NEEDED = 'Please enter a price such as 12.50.';
export const OFFLINE_LINE_QUANTITY = 'Please enter a quantity from 1 to 9999.';
export const OFFLINE_LOCATION_UNKNOWN = "This location is not one of the store's.";
export const OFFLINE_NOT_SOLD_THERE = 'This item is not sold at the chosen location.';
export const OFFLINE_RATING_RANGE = 'Please choose from 1 to 5 stars.';

/** One line as staff enter it: an item of the catalogue (by its store product), or free text with its price. */
export interface OfflineLineInput { store_product_id?: number; title?: string; price?: string; quantity: number }
export interface OfflineOrderInput {
  location_id: number; order_type: OfflineOrderType; customer_name: string; telephone?: string; email?: string;
  address?: { address?: string; address2?: string; city?: string; state?: string; zip?: string };
  items: OfflineLineInput[]; paid: boolean; note?: string;
}

const isMoney = (text: string | undefined) => {
  if (!text || !/^\d{1,7}(\.\d{1,2})?$/.test(text.trim())) return false;
  return toCents(text.trim()) >= 0;
};

/**
 * What is wrong with an offline order as entered, by field (`items.2.price`, `zip`, ...): the form shows the same
 * words the service refuses with. Empty when it may be saved (the service then checks the catalogue and stock).
 */
export function offlineOrderProblems(input: OfflineOrderInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!input.customer_name.trim()) problems.customer_name = OFFLINE_NAME_NEEDED;
  const phone = input.telephone?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  if (phone && !normalizePhone(phone)) problems.telephone = INVALID_PHONE;
  if (email && !isValidEmail(email)) problems.email = INVALID_EMAIL;
  if (!phone && !email) problems.telephone = OFFLINE_CONTACT_NEEDED;
  if (input.order_type === 'delivery') {
    const a = input.address ?? {};
    Object.assign(problems, deliveryAddressProblems({ address: a.address ?? '', address2: a.address2 ?? '', city: a.city ?? '', state: a.state ?? '', zip: a.zip ?? '' }));
  }
  if (!input.items.length) problems.items = OFFLINE_LINES_NEEDED;
  if (input.items.length > MAX_OFFLINE_LINES) problems.items = OFFLINE_TOO_MANY_LINES;
  input.items.forEach((line, i) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 9999) problems[`items.${i}.quantity`] = OFFLINE_LINE_QUANTITY;
    if (line.store_product_id !== undefined) return;
    if (!line.title?.trim()) problems[`items.${i}.title`] = OFFLINE_LINE_TITLE_NEEDED;
    if (!isMoney(line.price)) problems[`items.${i}.price`] = OFFLINE_LINE_PRICE_NEEDED;
  });
  return problems;
}

/** The words a star rating of a back-office page reads as. */
export const PAGE_RATING_LABELS: Record<number, string> = { 1: 'Not useful', 2: 'Hardly useful', 3: 'Useful', 4: 'Very useful', 5: 'Exactly what we need' };
