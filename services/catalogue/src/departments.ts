import { scoped } from '@platform/db';
import { departmentSlug } from '@platform/domain';
import type { Static } from 'typebox';
import type { Department as DepartmentItem, DepartmentTree } from '@platform/contracts';
import type { RequestContext } from '@platform/server-kit';
import { Department } from './models';

export const MAX_DEPARTMENT_DEPTH = 3;

interface DepartmentDoc { deptId: number; name: string; parentId: number | null; imageUrl: string | null; hideProducts: boolean; highlighted?: boolean; level: number; sortOrder: number }

function toItem(doc: DepartmentDoc): DepartmentItem {
  return {
    dept_id: doc.deptId,
    dept_name: doc.name,
    name: doc.name,
    slug: departmentSlug(doc.name, doc.deptId),
    image_url: doc.imageUrl ?? null,
    parent: doc.parentId ?? null,
    hide_products: Boolean(doc.hideProducts),
    highlighted: Boolean(doc.highlighted),
  };
}

/** One level of departments: the top level, or the children of dept_id. Hidden ones are left out. */
export async function listDepartments(ctx: RequestContext, query: { page: number; limit: number; dept_id?: number }) {
  const filter = scoped(ctx, { parentId: query.dept_id ?? null, hidden: { $ne: true } });
  const [total, docs] = await Promise.all([
    Department.countDocuments(filter),
    Department.find(filter).sort({ sortOrder: 1, name: 1 }).skip((query.page - 1) * query.limit).limit(query.limit).lean(),
  ]);
  return { data: (docs as unknown as DepartmentDoc[]).map(toItem), total, current_page: query.page, last_page: Math.max(1, Math.ceil(total / query.limit)) };
}

/** The visible department tree, at most `depth` levels (never more than 3). */
export async function departmentTree(ctx: RequestContext, depth: number): Promise<Static<typeof DepartmentTree>[]> {
  const levels = Math.min(Math.max(depth, 1), MAX_DEPARTMENT_DEPTH);
  const docs = (await Department.find(scoped(ctx, { hidden: { $ne: true }, level: { $lte: levels } })).sort({ sortOrder: 1, name: 1 }).lean()) as unknown as DepartmentDoc[];
  const byParent = new Map<number | null, DepartmentDoc[]>();
  for (const doc of docs) byParent.set(doc.parentId ?? null, [...(byParent.get(doc.parentId ?? null) ?? []), doc]);
  const build = (parent: number | null): DepartmentItem[] =>
    (byParent.get(parent) ?? []).map((doc) => ({ ...toItem(doc), children: build(doc.deptId) }));
  return build(null) as Static<typeof DepartmentTree>[];
}
