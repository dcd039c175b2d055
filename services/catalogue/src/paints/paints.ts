import type { PaintCollection, PaintColor, PaintFamily } from '@platform/contracts';
import { PAINT_FAMILIES, paintFamilyFor, slugify } from '@platform/domain';
import { AppError, type RequestContext } from '@platform/server-kit';
import { listDepartments } from '../departments';
import { listProducts, type Sort } from '../products';
import type { SearchIndexRegistry } from '../search/registry';
import type { PaintColourSource } from './colour-source';
import { localPaintColours } from './local-colours';

let source: PaintColourSource = localPaintColours;
const paintColourSource = (): PaintColourSource => source;

/** For a deployment wiring the brand's colour host (and for tests of that adapter). */
export function usePaintColourSource(next: PaintColourSource): void {
  source = next;
}

/** Colour and paint-product screens exist only in the paint-brand variant (spec 1 §1). */
export function requirePaintStore(ctx: RequestContext): void {
  if (ctx.tenant.variant !== 'paint-brand') throw new AppError('not_found', 'This store does not offer paint colours.');
}

export async function paintFamilies(): Promise<PaintFamily[]> {
  const colours = await paintColourSource().colours();
  return PAINT_FAMILIES.map((f) => ({ code: f.code, name: f.name, slug: slugify(f.name), hex: f.hex, count: colours.filter((c) => c.family === f.code).length }));
}

export async function paintCollections(): Promise<PaintCollection[]> {
  const source = paintColourSource();
  const [colours, collections] = await Promise.all([source.colours(), source.collections()]);
  return collections.map((collection) => {
    const members = colours.filter((c) => c.collection === collection.slug);
    // The middle colour of the collection stands for it on its card.
    return { ...collection, hex: members[Math.floor(members.length / 2)]?.hex ?? '#FFFFFF', count: members.length };
  });
}

export interface ColourQuery { family?: string; collection?: string; search?: string; page: number; limit: number }

/** Colours of one family or collection, or matching a name or code, lightest first within a family. */
export async function paintColours(query: ColourQuery): Promise<{ data: PaintColor[]; total: number; current_page: number; last_page: number }> {
  const source = paintColourSource();
  let colours: readonly PaintColor[] = await source.colours();
  if (query.family !== undefined) {
    const family = paintFamilyFor(query.family);
    if (!family) throw new AppError('not_found', 'This colour family was not found.');
    colours = colours.filter((c) => c.family === family.code);
  }
  if (query.collection !== undefined) {
    if (!(await source.collections()).some((c) => c.slug === query.collection)) throw new AppError('not_found', 'This colour collection was not found.');
    colours = colours.filter((c) => c.collection === query.collection);
  }
  const search = query.search?.trim().toLowerCase();
  if (search) colours = colours.filter((c) => c.name.toLowerCase().includes(search) || c.code.toLowerCase().includes(search));
  const start = (query.page - 1) * query.limit;
  return { data: colours.slice(start, start + query.limit), total: colours.length, current_page: query.page, last_page: Math.max(1, Math.ceil(colours.length / query.limit)) };
}

/**
 * Paint products: the store's top-level departments are its paint categories (/paint-products/{slug});
 * without a category, every product of the store.
 */
export async function paintProducts(ctx: RequestContext, registry: SearchIndexRegistry, query: { category?: string; page: number; limit: number; sort: Sort }) {
  const categories = (await listDepartments(ctx, { page: 1, limit: 100 })).data.map((d) => ({ dept_id: d.dept_id, name: d.name, slug: d.slug }));
  const category = query.category === undefined ? null : categories.find((c) => c.slug === query.category || slugify(c.name) === query.category);
  if (category === undefined) throw new AppError('not_found', 'This paint category was not found.');
  const result = await listProducts(ctx, registry, { dept_id: category?.dept_id, page: query.page, limit: query.limit, sort: query.sort, in_stock_only: 0 });
  return { categories, category, products: result.products };
}
