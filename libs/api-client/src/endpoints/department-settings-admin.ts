// The owner's department settings (v1/admin/department/department-settings, save-department-settings). A save marks the
// department in the cached Department Mapping tree, and the storefront's product reads go stale (hideProducts).
import type { DepartmentSetting, DepartmentWithAliases } from '@platform/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';
import { platformApi } from '../api';
import { storeContentAdminApi } from './store-content-admin';
import { unwrap } from './unwrap';

export interface DepartmentSettingsAnswer { dept_id: number; settings: DepartmentSetting[] }
type Saved = { status: string; message: string; data: DepartmentSettingsAnswer };
type Fulfilled<T> = { dispatch: (action: UnknownAction) => unknown; queryFulfilled: Promise<{ data: T }> };

/** The department's hide_products set in a cached tree (3 levels). */
function withHiddenProducts(nodes: DepartmentWithAliases[], deptId: number, hidden: boolean): void {
  const walk = (list: { dept_id: number; hide_products: boolean; children?: unknown[] }[]) => {
    for (const node of list) {
      if (node.dept_id === deptId) node.hide_products = hidden;
      walk((node.children ?? []) as never);
    }
  };
  walk(nodes as never);
}

export const departmentSettingsAdminApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** The department's settings, each with what it does and its value. */
    departmentSettings: build.query<DepartmentSettingsAnswer, number>({
      query: (dept_id) => ({ url: 'v1/admin/department/department-settings', params: { dept_id } }), transformResponse: unwrap,
    }),
    saveDepartmentSettings: build.mutation<Saved, { dept_id: number; settings: { key: 'hideProducts'; value: boolean }[] }>({
      query: (body) => ({ url: 'v1/admin/department/save-department-settings', method: 'POST', body }),
      async onQueryStarted({ dept_id }, { dispatch, queryFulfilled }: Fulfilled<Saved>) {
        const answer = await queryFulfilled.then(({ data }) => data, () => null);
        if (!answer) return;
        dispatch(departmentSettingsAdminApi.util.upsertQueryData('departmentSettings', dept_id, answer.data) as unknown as UnknownAction);
        const hidden = answer.data.settings.find((s) => s.key === 'hideProducts')?.value;
        if (typeof hidden === 'boolean') {
          dispatch(storeContentAdminApi.util.updateQueryData('departmentAliases', undefined, (tree) => withHiddenProducts(tree, dept_id, hidden)) as unknown as UnknownAction);
        }
        dispatch(platformApi.util.invalidateTags(['Products']) as unknown as UnknownAction);
      },
    }),
  }),
});
