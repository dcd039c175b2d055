/**
 * The owner's department settings (spec 3 §3 Department setting field: key, type, editorName, description;
 * v1/admin/department/department-settings and save-department-settings). Only the settings the platform applies are
 * offered: hideProducts today (the text settings of spec 3 §5 come when the storefront shows them).
 */
export type DepartmentSettingType = 'bool' | 'int' | 'text';
export interface DepartmentSettingField { key: string; type: DepartmentSettingType; editorName: string; description: string }

export const DEPARTMENT_SETTING_FIELDS = [
  {
    key: 'hideProducts', type: 'bool', editorName: 'Hide products',
    description: 'Take every product of this department, and of the departments under it, off the storefront: search, lists, suggestions and product pages, and carts can no longer hold them, until you untick it.',
  },
] as const satisfies readonly DepartmentSettingField[];
export type DepartmentSettingKey = (typeof DEPARTMENT_SETTING_FIELDS)[number]['key'];

export const DEPARTMENT_NOT_FOUND = 'Department not found.';
export const DEPARTMENT_SETTINGS_SAVED = 'Department settings saved.';
export const DEPARTMENT_SETTINGS_EMPTY = 'Send at least one setting to save.';
export const DEPARTMENT_SETTING_TWICE = 'Send each setting once.';
export const DEPARTMENT_PRODUCTS_SAVE_FAILED = (name: string, sell: boolean) =>
  `We could not ${sell ? 'put back' : 'take off'} the products of ${name}. Please try again.`;
export const HIDE_DEPARTMENT_PRODUCTS_QUESTION = (name: string) =>
  `Take every ${name} product off the storefront, with those of the departments under it? Shoppers will not find them in search, lists or by their page, and cannot add them to a cart, until you put them back.`;
