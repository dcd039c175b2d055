import { scoped } from '@platform/db';
import { departmentSlug } from '@platform/domain';
import type { Static } from 'typebox';
import type { Department as DepartmentItem, DepartmentTree, DepartmentWithAliases } from '@platform/contracts';
import type { RequestContext } from '@platform/server-kit';
import { Department } from './models';
import { cachedForTenant } from './tenant-cache';

export const MAX_DEPARTMENT_DEPTH = 3;

interface DepartmentDoc {
  deptId: number; name: string; parentId: number | null; imageUrl: string | null; hidden?: boolean; hideProducts: boolean; highlighted?: boolean;
  level: number; sortOrder: number; aliases?: { id: number; aliasId: number; name: string }[];
}
type AliasNode = Static<typeof DepartmentWithAliases>;

/**
 * Every department of the store (hidden ones too), in menu order, kept in memory a minute per tenant and
 * process: a store has hundreds, and every department call is answered from this copy, not the database.
 */
const allDepartments = (ctx: RequestContext) => cachedForTenant(ctx, 'department-rows', async () => {
  const docs = (await Department.find(scoped(ctx)).lean()) as unknown as DepartmentDoc[];
  return docs.sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.name.localeCompare(b.name));
});

/** Every department's name by id, hidden ones too (a pick list names the shelf, not what the storefront shows). */
export async function departmentNamesById(ctx: RequestContext): Promise<Map<number, string>> {
  return new Map((await allDepartments(ctx)).map((d) => [d.deptId, d.name]));
}

/** The visible departments (hidden ones left out) by id, for facets and suggestions. */
export async function visibleDepartmentsById(ctx: RequestContext): Promise<Map<number, DepartmentDoc>> {
  return new Map((await allDepartments(ctx)).filter((d) => !d.hidden).map((d) => [d.deptId, d]));
}

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

/** Children lists by parent id (null: the top level), in menu order. */
function byParent(docs: DepartmentDoc[]) {
  const children = new Map<number | null, DepartmentDoc[]>();
  for (const doc of docs) children.set(doc.parentId ?? null, [...(children.get(doc.parentId ?? null) ?? []), doc]);
  return children;
}

/** One level of departments: the top level, or the children of dept_id. Hidden ones are left out. */
export async function listDepartments(ctx: RequestContext, query: { page: number; limit: number; dept_id?: number }) {
  const level = (await allDepartments(ctx)).filter((d) => !d.hidden && (d.parentId ?? null) === (query.dept_id ?? null));
  const start = (query.page - 1) * query.limit;
  return {
    data: level.slice(start, start + query.limit).map(toItem), total: level.length,
    current_page: query.page, last_page: Math.max(1, Math.ceil(level.length / query.limit)),
  };
}

/** The visible department tree, at most `depth` levels (never more than 3). */
export async function departmentTree(ctx: RequestContext, depth: number): Promise<Static<typeof DepartmentTree>[]> {
  const levels = Math.min(Math.max(depth, 1), MAX_DEPARTMENT_DEPTH);
  const children = byParent((await allDepartments(ctx)).filter((d) => !d.hidden && d.level <= levels));
  const build = (parent: number | null): DepartmentItem[] =>
    (children.get(parent) ?? []).map((doc) => ({ ...toItem(doc), children: build(doc.deptId) }));
  return build(null) as Static<typeof DepartmentTree>[];
}

/**
 * get-all-departments: every visible department of every level (up to 3) in one flat list, parents before their
 * children, each with its level. `pregenerated` asks for the same departments already nested (the menu's tree).
 */
export async function allDepartmentsList(ctx: RequestContext, pregenerated: boolean) {
  if (pregenerated) return { data: await departmentTree(ctx, MAX_DEPARTMENT_DEPTH), pregenerated: true as const };
  const children = byParent((await allDepartments(ctx)).filter((d) => !d.hidden && d.level <= MAX_DEPARTMENT_DEPTH));
  const flat: (DepartmentItem & { level: number })[] = [];
  const walk = (parent: number | null, level: number) => {
    for (const doc of children.get(parent) ?? []) { flat.push({ ...toItem(doc), level }); walk(doc.deptId, level + 1); }
  };
  walk(null, 1);
  return { data: flat, pregenerated: false as const };
}

/**
 * get-department-hierarchy-with-alias: the tree (3 levels) with each department's aliases and hidden flag;
 * hidden departments (and what is under them) only when `showHidden` (staff, checked by the route).
 */
export async function departmentHierarchyWithAliases(ctx: RequestContext, showHidden: boolean): Promise<AliasNode[]> {
  const children = byParent((await allDepartments(ctx)).filter((d) => (showHidden || !d.hidden) && d.level <= MAX_DEPARTMENT_DEPTH));
  type Node = Omit<AliasNode, 'children'> & { children: Node[] };
  const build = (parent: number | null): Node[] => (children.get(parent) ?? []).map((doc) => ({
    ...toItem(doc), level: doc.level, hidden: Boolean(doc.hidden),
    aliases: (doc.aliases ?? []).map((a) => ({ id: a.id, alias_id: a.aliasId, name: a.name, dept_id: doc.deptId })),
    children: build(doc.deptId),
  }));
  return build(null) as AliasNode[];
}
