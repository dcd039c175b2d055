import { Type } from 'typebox';
import { scoped } from '@platform/db';
import { DepartmentSetting } from '@platform/contracts';
import {
  DEPARTMENT_NOT_FOUND, DEPARTMENT_SETTING_FIELDS, DEPARTMENT_SETTING_TWICE, DEPARTMENT_SETTINGS_EMPTY, DEPARTMENT_SETTINGS_SAVED, type DepartmentSettingKey,
} from '@platform/domain';
import { AppError, errorAnswers, rejectFieldProblems, requirePermission, type PlatformResources, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { Department } from './models';
import { announceDepartmentsChange } from './search/changes';
import type { SearchIndexRegistry } from './search/registry';
import { forgetTenantCache } from './tenant-cache';

type Resources = Pick<PlatformResources, 'redis' | 'queuePrefix'>;
interface StoredSettings { deptId: number; hideProducts?: boolean }
/** Where each setting lives on the department's record. */
const STORED_AS: Record<DepartmentSettingKey, keyof StoredSettings> = { hideProducts: 'hideProducts' };

// Departments are a small, bounded collection (hundreds a store): the owner's screens read them directly.
async function oneDepartment(ctx: RequestContext, deptId: number): Promise<StoredSettings> {
  const doc = (await Department.findOne(scoped(ctx, { deptId }), { deptId: 1, hideProducts: 1 }).lean()) as unknown as StoredSettings | null;
  if (!doc) throw new AppError('not_found', DEPARTMENT_NOT_FOUND);
  return doc;
}
const settingsOf = (doc: StoredSettings): DepartmentSetting[] =>
  DEPARTMENT_SETTING_FIELDS.map((field) => ({ ...field, value: Boolean(doc[STORED_AS[field.key]]) }));

/** department-settings: the department's settings, each with what it does and its value. */
export async function departmentSettings(ctx: RequestContext, deptId: number) {
  return { dept_id: deptId, settings: settingsOf(await oneDepartment(ctx, deptId)) };
}

/**
 * save-department-settings: the settings sent, each once. hideProducts takes every product of the department (at
 * any level of its path) off the storefront: search, lists, suggestions, product pages (404) and carts. Each API
 * process's search index holds the store's hidden departments in memory (no read per request): this process applies
 * the change before answering, the others on the change announced, which also drops every process's copy of the
 * store's departments (the storefront's hide_products).
 */
export async function saveDepartmentSettings(
  ctx: RequestContext, resources: Resources, registry: SearchIndexRegistry | null, input: { dept_id: number; settings: { key: DepartmentSettingKey; value: boolean }[] },
) {
  if (!input.settings.length) rejectFieldProblems({ settings: DEPARTMENT_SETTINGS_EMPTY });
  if (new Set(input.settings.map((s) => s.key)).size !== input.settings.length) rejectFieldProblems({ settings: DEPARTMENT_SETTING_TWICE });
  await oneDepartment(ctx, input.dept_id);
  const set = Object.fromEntries(input.settings.map((s) => [STORED_AS[s.key], s.value]));
  const productsChanged = 'hideProducts' in set;
  await Department.updateOne(scoped(ctx, { deptId: input.dept_id }), { $set: set });
  forgetTenantCache(ctx, 'department-rows');
  await announceDepartmentsChange(resources, ctx.tenantId, productsChanged);
  if (productsChanged) await registry?.refreshHiddenDepartments(ctx.tenantId);
  return { status: 'success', message: DEPARTMENT_SETTINGS_SAVED, data: await departmentSettings(ctx, input.dept_id) };
}

const tags = ['catalogue'];
const bearer = [{ bearer: [] }];
const DeptId = Type.Integer({ minimum: 1 });
const Settings = Type.Object({ dept_id: Type.Integer(), settings: Type.Array(DepartmentSetting) });
const SettingInput = Type.Object({ key: Type.Literal('hideProducts'), value: Type.Boolean() }, { additionalProperties: false });

/** The owner's department settings (spec 3 §7 Departments, v1/admin/department/*): edit_department_mapping. */
export const departmentSettingsRoutes = (registry: SearchIndexRegistry | null = null): ServicePlugin => async (app) => {
  const canMap = requirePermission('edit_department_mapping');
  app.get('/v1/admin/department/department-settings', {
    preHandler: canMap,
    schema: {
      tags, summary: "Admin: a department's settings (key, type, editorName, description, value); hideProducts today", security: bearer,
      querystring: Type.Object({ dept_id: DeptId }),
      response: { 200: Type.Object({ data: Settings }), ...errorAnswers(404) },
    },
  }, async (request) => ({ data: await departmentSettings(request.ctx, request.query.dept_id) }));

  app.post('/v1/admin/department/save-department-settings', {
    preHandler: canMap,
    schema: {
      tags, summary: "Admin: save a department's settings; hideProducts takes its products (and those under it) off the storefront or puts them back", security: bearer,
      body: Type.Object({ dept_id: DeptId, settings: Type.Array(SettingInput, { maxItems: DEPARTMENT_SETTING_FIELDS.length }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: Settings }), ...errorAnswers(404, 422) },
    },
  }, async (request) => saveDepartmentSettings(request.ctx, app.resources, registry, request.body));
};
