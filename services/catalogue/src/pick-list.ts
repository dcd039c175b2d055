import { scoped } from '@platform/db';
import type { RequestContext } from '@platform/server-kit';
import { Department } from './models';
import type { SearchIndexRegistry } from './search/registry';
import { cachedForTenant } from './tenant-cache';

/** Every department's name by id, hidden ones too (a pick list names the shelf, not what the storefront shows); kept a minute. */
const departmentNames = (ctx: RequestContext) => cachedForTenant(ctx, 'department-names', async () =>
  new Map(((await Department.find(scoped(ctx), { deptId: 1, name: 1 }).lean()) as unknown as { deptId: number; name: string }[]).map((d) => [d.deptId, d.name])));

/**
 * The department each product is shelved in for a pick list: the top department of its path in the catalogue, from
 * the in-memory search index (no database read per product). Products the index does not know are left out.
 */
export async function productDepartments(ctx: RequestContext, registry: SearchIndexRegistry, productIds: number[], locationId: number): Promise<Map<number, string>> {
  const [index, names] = await Promise.all([registry.get(ctx.tenantId), departmentNames(ctx)]);
  const found = new Map<number, string>();
  for (const productId of new Set(productIds)) {
    const top = index.product({ productId }, locationId)?.department_path[0];
    const name = top === undefined ? undefined : names.get(top);
    if (name) found.set(productId, name);
  }
  return found;
}
