/**
 * Spec slug rule: lower-case, '/' becomes a space, '&' becomes 'and', anything but letters,
 * digits, underscore, space and hyphen is dropped, spaces become hyphens.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/\//g, ' ')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9_ -]/g, '')
    .trim()
    .replace(/ +/g, '-');
}

/** Department slug route part: name slug, a hyphen, then the dept_id (spec 1 §2). */
export function departmentSlug(name: string, deptId: number): string {
  return `${slugify(name)}-${deptId}`;
}

/** Reads the trailing id from a "{slug}-{id}" route part; null when there is none. */
export function idFromSlug(slugWithId: string): number | null {
  const match = /-(\d+)$/.exec(slugWithId) ?? /^(\d+)$/.exec(slugWithId);
  return match ? Number(match[1]) : null;
}

/** Brand route part (/b/{slug-id}): brand name slug, a hyphen, then the brand_id (spec 1 §2). */
export function brandSlug(name: string, brandId: number): string {
  return `${slugify(name)}-${brandId}`;
}

/** Title as it appears in SKU links (/p/{sku}/{title}): spaces and slashes become plus signs. */
export function titleForLink(title: string): string {
  return title.trim().replace(/[\s/]+/g, '+');
}
