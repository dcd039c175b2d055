import { Type } from 'typebox';
import type { Redis } from 'ioredis';
import { scoped } from '@platform/db';
import { DepartmentAlias } from '@platform/contracts';
import { ALIAS_ADDED, ALIAS_ALREADY_THERE, ALIAS_REMOVED, DEPARTMENT_NOT_FOUND, departmentAlias } from '@platform/domain';
import { AppError, errorAnswers, rejectFieldProblems, requirePermission, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { Department } from './models';
import { forgetTenantCache } from './tenant-cache';
import { announceAliasesChange } from './search/changes';

export { DEPARTMENT_NOT_FOUND };
export const ALIAS_NOT_FOUND = 'This alias is no longer on the department.';

interface StoredAlias { id: number; aliasId: number; name: string }
type AliasResources = { redis: Redis; queuePrefix: string };
interface AliasedDepartment { deptId: number; aliases?: StoredAlias[] }
const answerOf = (deptId: number, aliases: StoredAlias[]) => aliases.map((a) => ({ id: a.id, alias_id: a.aliasId, name: a.name, dept_id: deptId }));

// Departments are a small, bounded collection (hundreds a store): the owner's alias screens read them directly.
const storeDepartments = async (ctx: RequestContext) => (await Department.find(scoped(ctx)).lean()) as unknown as AliasedDepartment[];
async function oneDepartment(ctx: RequestContext, deptId: number): Promise<AliasedDepartment> {
  const doc = (await Department.findOne(scoped(ctx, { deptId })).lean()) as unknown as AliasedDepartment | null;
  if (!doc) throw new AppError('not_found', DEPARTMENT_NOT_FOUND);
  return doc;
}

/**
 * The next alias number of the store: one Redis sequence (atomic where FerretDB's updates are not), started past the
 * highest number the store's departments hold, so two owners adding at once never share one.
 */
async function nextAliasNumber(ctx: RequestContext, { redis, queuePrefix }: AliasResources, departments: AliasedDepartment[]): Promise<number> {
  const key = `${queuePrefix}:dept-alias-seq:${ctx.tenantId}`;
  const highest = Math.max(0, ...departments.flatMap((d) => (d.aliases ?? []).flatMap((a) => [a.id, a.aliasId])));
  await redis.set(key, String(highest), 'NX');
  const next = await redis.incr(key);
  if (next > highest) return next;
  // The sequence was behind the database (Redis lost, or aliases written elsewhere): move it past the highest.
  await redis.set(key, String(highest + 1));
  return highest + 1;
}

/** Saves a department's aliases; every API process's search index reloads the store's aliases (search/aliases.ts). */
async function keepAliases(ctx: RequestContext, resources: AliasResources, deptId: number, aliases: StoredAlias[]) {
  await Department.updateOne(scoped(ctx, { deptId }), { $set: { aliases } });
  forgetTenantCache(ctx, 'department-rows');
  await announceAliasesChange(resources, ctx.tenantId);
}

/**
 * add-alias: another name for a department. A name the store already uses elsewhere keeps its alias_id (one alias,
 * mapped to several departments); each mapping has its own id. The same name twice on one department is refused.
 */
export async function addDepartmentAlias(ctx: RequestContext, resources: AliasResources, input: { name: string; dept_id: number }) {
  const alias = departmentAlias(input.name);
  if ('problem' in alias) rejectFieldProblems({ name: alias.problem });
  const name = (alias as { name: string }).name;
  const department = await oneDepartment(ctx, input.dept_id);
  const current = department.aliases ?? [];
  if (current.some((a) => a.name.toLowerCase() === name.toLowerCase())) rejectFieldProblems({ name: ALIAS_ALREADY_THERE });
  const all = await storeDepartments(ctx);
  const known = all.flatMap((d) => d.aliases ?? []).find((a) => a.name.toLowerCase() === name.toLowerCase());
  const id = await nextAliasNumber(ctx, resources, all);
  const aliasId = known?.aliasId ?? await nextAliasNumber(ctx, resources, all);
  const aliases = [...current, { id, aliasId, name: known?.name ?? name }];
  await keepAliases(ctx, resources, input.dept_id, aliases);
  return { status: 'ok', message: ALIAS_ADDED, data: { alias_mapped_id: id, alias_id: aliasId, aliases: answerOf(input.dept_id, aliases) } };
}

/** remove-alias: takes one mapping (by its id) off the department. */
export async function removeDepartmentAlias(ctx: RequestContext, resources: AliasResources, input: { id: number; dept_id: number }) {
  const department = await oneDepartment(ctx, input.dept_id);
  const current = department.aliases ?? [];
  if (!current.some((a) => a.id === input.id)) throw new AppError('not_found', ALIAS_NOT_FOUND);
  const aliases = current.filter((a) => a.id !== input.id);
  await keepAliases(ctx, resources, input.dept_id, aliases);
  return { status: 'ok', message: ALIAS_REMOVED, data: { aliases: answerOf(input.dept_id, aliases) } };
}

/** prev-aliases: names the store already uses (each once, by alias_id), those containing `name`, less the department's own. */
export async function previousAliases(ctx: RequestContext, query: { name?: string; dept_id?: number }) {
  const departments = await storeDepartments(ctx);
  const own = new Set((departments.find((d) => d.deptId === query.dept_id)?.aliases ?? []).map((a) => a.aliasId));
  const needle = query.name?.trim().toLowerCase() ?? '';
  const byId = new Map<number, string>();
  for (const a of departments.flatMap((d) => d.aliases ?? [])) {
    if (!own.has(a.aliasId) && a.name.toLowerCase().includes(needle) && !byId.has(a.aliasId)) byId.set(a.aliasId, a.name);
  }
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

const tags = ['catalogue'];
const bearer = [{ bearer: [] }];
const Aliases = Type.Array(DepartmentAlias);

/** The owner's department aliases (spec 3 §7 Departments, v1/admin/department/*): edit_department_mapping. */
export const departmentAliasRoutes: ServicePlugin = async (app) => {
  const canMap = requirePermission('edit_department_mapping');
  app.get('/v1/admin/department/prev-aliases', {
    preHandler: canMap,
    schema: {
      tags, summary: 'Admin: alias names the store already uses (suggestions), those containing name, less those dept_id has', security: bearer,
      querystring: Type.Object({ name: Type.Optional(Type.String({ maxLength: 60 })), dept_id: Type.Optional(Type.Integer({ minimum: 1 })) }),
      response: { 200: Type.Object({ data: Type.Object({ data: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) }) }) },
    },
  }, async (request) => ({ data: { data: await previousAliases(request.ctx, request.query) } }));

  app.post('/v1/admin/department/add-alias', {
    preHandler: canMap,
    schema: {
      tags, summary: "Admin: another name for a department (at least 2 characters); the department's aliases after it", security: bearer,
      body: Type.Object({ name: Type.String({ maxLength: 200 }), dept_id: Type.Integer({ minimum: 1 }), type: Type.Optional(Type.Literal('department')) }, { additionalProperties: false }),
      response: {
        200: Type.Object({ status: Type.String(), message: Type.String(), data: Type.Object({ alias_mapped_id: Type.Integer(), alias_id: Type.Integer(), aliases: Aliases }) }),
        ...errorAnswers(404, 422),
      },
    },
  }, async (request) => addDepartmentAlias(request.ctx, app.resources, request.body));

  app.post('/v1/admin/department/remove-alias', {
    preHandler: canMap,
    schema: {
      tags, summary: "Admin: take an alias (its mapping id) off a department; the department's aliases after it", security: bearer,
      body: Type.Object({ id: Type.Integer({ minimum: 1 }), dept_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: Type.Object({ aliases: Aliases }) }), ...errorAnswers(404) },
    },
  }, async (request) => removeDepartmentAlias(request.ctx, app.resources, request.body));
};
