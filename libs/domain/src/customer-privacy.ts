// A customer's personal data on request (spec 3 Customers: GDPR-style export and delete of one customer).

export const CUSTOMER_DATA_OWNER_ONLY = "Only the store owner can export or delete a customer's personal data.";

/** What an erased customer's orders show instead of their name, e-mail and phone. */
export const ERASED_CONTACT = { firstName: 'Deleted', lastName: 'customer', email: '', telephone: '' } as const;
export const ERASED_CUSTOMER_NAME = `${ERASED_CONTACT.firstName} ${ERASED_CONTACT.lastName}`;

/**
 * An erased customer's delivery or shipping address on their kept orders: the state and country stay (the store's
 * tax and sales reports need where it was sold to); the street, second line, city and zip go.
 */
export function erasedAddress<T extends { state?: string | null; country?: string | null }>(address: T | null | undefined) {
  if (!address) return null;
  return { address: '', address2: '', city: '', state: address.state ?? '', zip: '', ...(address.country !== undefined ? { country: address.country ?? '' } : {}) };
}

/** The question the owner answers before a customer's personal data is deleted. */
export const eraseCustomerQuestion = (name: string) =>
  `Delete ${name}'s personal data? Their account, saved cards, saved carts and marketing consent are removed and they can no longer sign in. Their orders stay for your records with the name, e-mail, phone and address removed. This cannot be undone.`;
