import type { RequestContext } from '@platform/server-kit';
import { departmentNamesById } from './departments';
import type { SearchIndexRegistry } from './search/registry';

/**
 * The department each product is shelved in for a pick list: the top department of its path in the catalogue, from
 * the in-memory search index (no database read per product). Products the index does not know are left out.
 */
export async function productDepartments(ctx: RequestContext, registry: SearchIndexRegistry, productIds: number[], locationId: number): Promise<Map<number, string>> {
  const [index, names] = await Promise.all([registry.get(ctx.tenantId), departmentNamesById(ctx)]);
  const found = new Map<number, string>();
  for (const productId of new Set(productIds)) {
    const top = index.product({ productId }, locationId)?.department_path[0];
    const name = top === undefined ? undefined : names.get(top);
    if (name) found.set(productId, name);
  }
  return found;
}
