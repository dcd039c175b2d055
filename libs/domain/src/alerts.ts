/** Store setting buyingFromAlert: tells the shopper which of the store's locations the order goes to. */
export const DEFAULT_BUYING_FROM_TEXT = 'You are buying from {store}.';

/** The alert's wording with the selected location's name in place of {store} (the default wording when blank). */
export function buyingFromText(template: string, storeName: string): string {
  const text = template.trim() || DEFAULT_BUYING_FROM_TEXT;
  return text.includes('{store}') ? text.split('{store}').join(storeName) : `${text} ${storeName}`;
}
