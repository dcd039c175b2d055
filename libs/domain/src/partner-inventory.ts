/**
 * Partner businesses (spec 1 §7 GET partner-business-product-inventory/{sku}; the spec names the path only, the design is
 * ours: docs/PARTNER-INVENTORY.md). Two stores on the platform that work together (two co-op members in one town) may each
 * show the other's stock of a product. A store's data goes only where it agreed: both list each other.
 */

/** At most this many partners a store lists (each one's catalogue is read from memory on a request). */
export const MAX_PARTNER_BUSINESSES = 10;

/** The partner business ids as a store's profile keeps them (business.partner_business_ids): whole ids, each once, its own left out. */
export function partnerBusinessIdsOf(value: unknown, ownBusinessId: number): number[] {
  if (!Array.isArray(value)) return [];
  const ids = value.map((v) => (typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v) : v))
    .filter((v): v is number => Number.isSafeInteger(v) && (v as number) > 0 && v !== ownBusinessId);
  return [...new Set(ids)].slice(0, MAX_PARTNER_BUSINESSES);
}

/** Whether one store shows another's stock: both list each other as partners (a one-sided listing shows nothing). */
export function partnershipShown(own: { businessId: number; partners: readonly number[] }, other: { businessId: number; partners: readonly number[] }): boolean {
  return own.businessId !== other.businessId && own.partners.includes(other.businessId) && other.partners.includes(own.businessId);
}

export const PARTNER_NOT_FOUND = 'Store not found.';
export const PARTNER_PRODUCT_NOT_FOUND = 'Product not found';
/** The owner's partner list (admin/settings/partner-businesses): the owner's alone, as payment settings. */
export const ONLY_STORE_OWNER_PARTNERS = 'Only the store owner can choose partner businesses.';
export const PARTNERS_SAVED = 'Partner businesses saved. Each one shows once it lists your business too.';

export const PARTNER_ID_INVALID = 'Enter a business id: a whole number, e.g. 10234.';
export const PARTNER_ID_OWN = 'That is your own business id: enter the partner store\u2019s.';
export const partnerIdListed = (id: number) => `Business ${id} is listed already.`;
export const PARTNERS_FULL = `At most ${MAX_PARTNER_BUSINESSES} partner businesses: remove one first.`;

/**
 * What is wrong with a business id the owner adds to the partner list (the admin screen's check), null when it may be
 * added: the rule partnerBusinessIdsOf keeps on the server (a whole id, not its own, each once, at most ten).
 */
export function partnerBusinessIdProblem(typed: string, ownBusinessId: number, listed: readonly number[]): string | null {
  const text = typed.trim();
  const id = /^\d{1,12}$/.test(text) ? Number(text) : 0;
  if (!(id > 0)) return PARTNER_ID_INVALID;
  if (id === ownBusinessId) return PARTNER_ID_OWN;
  if (listed.includes(id)) return partnerIdListed(id);
  if (listed.length >= MAX_PARTNER_BUSINESSES) return PARTNERS_FULL;
  return partnerBusinessIdsOf([...listed, id], ownBusinessId).includes(id) ? null : PARTNER_ID_INVALID;
}
