import { describe, expect, it } from 'vitest';
import { ADMIN_SETTINGS_SCREENS, adminLandingPath, adminScreenPermission, isOwnerOnlyScreen, screensOpenTo, effectivePermissions, permissionsAfterChange, grantablePermissions, LIMITED_PERMISSIONS, permissionLabel, PERMISSIONS } from './index';

const standard = { plan: 'standard', features: {} };
const sub = (permissions: string[]) => ({ isAdmin: true, isSubAccount: true, permissions });

describe('admin permissions', () => {
  it('names the permission an admin screen needs, none for screens any admin opens', () => {
    expect(adminScreenPermission('/admin/settings/search-synonyms')).toBe('edit_products');
    expect(adminScreenPermission('/admin/settings/search-synonyms/')).toBe('edit_products');
    expect(adminScreenPermission('/admin/settings/about-us')).toBe('edit_about_us');
    expect(adminScreenPermission('/admin/settings/widgets')).toBe('edit_landing_page');
    // A link to one card of a screen: its query and hash do not open it to everyone.
    expect(adminScreenPermission('/admin/settings/widgets?section=3&card=2')).toBe('edit_landing_page');
    expect(adminScreenPermission('/admin/settings/widgets#card-2')).toBe('edit_landing_page');
    expect(adminScreenPermission('/admin/settings/sub-accounts/edit/pat-1')).toBe('manage_sub_accounts');
    expect(adminScreenPermission('/admin/settings/sub-accountsx')).toBeNull();
    expect(adminScreenPermission('/admin/orders/list')).toBeNull();
  });

  it('lands an admin on the store information on a basic plan (LEB, E2P), else on the orders', () => {
    expect(adminLandingPath('LEB')).toBe('/admin/settings/about-us');
    expect(adminLandingPath('E2P')).toBe('/admin/settings/about-us');
    expect(adminLandingPath('E1P')).toBe('/admin/orders');
    expect(adminLandingPath('standard')).toBe('/admin/orders');
  });

  it('lets a manager give only permissions it holds, keeping what it cannot see', () => {
    expect(permissionsAfterChange(['edit_products'], ['edit_products', 'view_emails'])).toEqual(['edit_products']);
    expect(permissionsAfterChange(['edit_products', 'manage_sub_accounts'], ['edit_products'])).toBeNull();
    expect(permissionsAfterChange([], ['edit_products'], ['edit_products', 'view_emails'])).toEqual(['view_emails']);
  });

  it('reads a permission as words', () => {
    expect(permissionLabel('edit_products')).toBe('Edit products');
    expect(permissionLabel('consultation_report')).toBe('Consultation report');
    // The spec's strings keep their spelling; what people read is spelled out.
    expect(permissionLabel('manage_conersion_pixel')).toBe('Manage conversion pixel');
    expect(permissionLabel('manage_ar_accounts')).toBe('Manage AR accounts');
    expect(permissionLabel('manage_gmc_page')).toBe('Manage Google Merchant Center page');
  });

  it('has the 23 strings of the spec and 3 limited ones', () => {
    expect(PERMISSIONS).toHaveLength(23);
    expect(LIMITED_PERMISSIONS).toEqual(['manage_gmc_page', 'consultation_report', 'manage_discrepancy_report']);
  });

  it('gives a sub-account its own permissions, within what the business may grant', () => {
    expect(effectivePermissions(sub(['edit_products', 'manage_gift_registries', 'consultation_report']), standard)).toEqual(['edit_products']);
    expect(effectivePermissions(sub(['manage_gift_registries']), { plan: 'standard', features: { giftRegistries: true } })).toEqual(['manage_gift_registries']);
    expect(effectivePermissions({ isAdmin: false, isSubAccount: false, permissions: ['edit_products'] }, standard)).toEqual([]);
  });

  it('gives the store owner, and everyone on LEB and E2P, everything the business may grant', () => {
    const owner = effectivePermissions({ isAdmin: true, isSubAccount: false, permissions: [] }, standard);
    expect(owner).toHaveLength(21); // 23 less rentals and gift registries (not allowed for this business)
    expect(owner).not.toContain('consultation_report');
    expect(effectivePermissions(sub([]), { plan: 'LEB', features: {} })).toEqual(owner);
    const e2p = effectivePermissions(sub([]), { plan: 'E2P', features: { gmc: true, rentals: true, giftRegistries: true } });
    expect(e2p).toHaveLength(26);
    expect(grantablePermissions({ plan: 'E2P', features: {} })).toContain('manage_discrepancy_report');
  });
});

describe('settings screens in the menus', () => {
  it('lists each screen an account may open: those needing no permission for everyone, the rest by permission', () => {
    const labels = (permissions: string[]) => screensOpenTo(ADMIN_SETTINGS_SCREENS, permissions).map((s) => s.label);
    expect(labels([...PERMISSIONS])).toEqual(ADMIN_SETTINGS_SCREENS.map((s) => s.label));
    expect(labels(['edit_department_mapping'])).toEqual(['Payment Options', 'Partner Stores', 'Department Mapping', 'Two-Step Sign-In']);
    expect(labels([])).toEqual(['Payment Options', 'Partner Stores', 'Two-Step Sign-In']);
  });

  it("leaves the owner's screens (payment, partner stores) out for a sub-account, whatever it holds", () => {
    const labels = (isSubAccount: boolean) => screensOpenTo(ADMIN_SETTINGS_SCREENS, [...PERMISSIONS], isSubAccount).map((s) => s.label);
    expect(labels(true)).toEqual(ADMIN_SETTINGS_SCREENS.map((s) => s.label).filter((l) => l !== 'Payment Options' && l !== 'Partner Stores'));
    expect(labels(false)).toContain('Partner Stores');
    expect(isOwnerOnlyScreen('/admin/settings/partner-stores/')).toBe(true);
    expect(isOwnerOnlyScreen('/admin/settings/sub-accounts')).toBe(false);
  });
});
