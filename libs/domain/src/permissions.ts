/** Admin permission strings kept on an account (spec 3 §6), as the spec spells them. */
export const PERMISSIONS = [
  'view_emails', 'edit_landing_page', 'edit_brands_settings', 'edit_department_mapping', 'edit_products', 'manage_featured_products',
  'edit_about_us', 'edit_locations', 'edit_user_inputs', 'manage_social_media', 'manage_conersion_pixel', 'manage_ar_accounts',
  'new_order_emails', 'new_order_texts', 'rental_emails', 'manage_header_and_footer', 'manage_custom_pages', 'manage_sub_accounts',
  'manage_rental_categories', 'manage_ai_widgets', 'manage_custom_domain', 'manage_gift_registries', 'view_offline_orders',
] as const;
/** Granted only where the plan or the business allows them. */
export const LIMITED_PERMISSIONS = ['manage_gmc_page', 'consultation_report', 'manage_discrepancy_report'] as const;
export type Permission = (typeof PERMISSIONS)[number] | (typeof LIMITED_PERMISSIONS)[number];

/** The basic plans (spec 3 §3, §6): they grant every permission the business may have, whatever the account holds. */
const BASIC_PLANS = new Set(['LEB', 'E2P']);
export const isBasicPlan = (plan: string) => BASIC_PLANS.has(plan);

/**
 * Where an admin lands after signing in (spec 2 §4): the setup wizard's welcome when the store has it turned
 * on and nobody has begun it, else the store information screen on a basic plan, else the orders.
 */
export function adminLandingPath(plan: string, wizardToStart = false): string {
  if (wizardToStart) return '/admin/wizard/intro';
  return isBasicPlan(plan) ? '/admin/settings/about-us' : '/admin/orders';
}

/** What a business may use: its plan, and the platform's allow-lists (flags on the tenant). */
export interface BusinessAccess { plan: string; features: { gmc?: boolean; rentals?: boolean; giftRegistries?: boolean } }

/** The permissions this business can grant at all. */
export function grantablePermissions(business: BusinessAccess): Permission[] {
  return [...PERMISSIONS, ...LIMITED_PERMISSIONS].filter((p) => {
    if (p === 'manage_gmc_page') return Boolean(business.features.gmc);
    if (p === 'consultation_report' || p === 'manage_discrepancy_report') return business.plan === 'E2P';
    if (p === 'manage_rental_categories') return Boolean(business.features.rentals);
    if (p === 'manage_gift_registries') return Boolean(business.features.giftRegistries);
    return true;
  });
}

/**
 * What an admin may do: the store owner (an admin who is not a sub-account) and anyone on LEB or E2P get
 * every grantable permission; a sub-account gets its own permissions within what the business can grant.
 * Customers have none.
 */
export function effectivePermissions(account: { isAdmin: boolean; isSubAccount: boolean; permissions: readonly string[] }, business: BusinessAccess): Permission[] {
  if (!account.isAdmin) return [];
  const grantable = grantablePermissions(business);
  if (!account.isSubAccount || isBasicPlan(business.plan)) return grantable;
  return grantable.filter((p) => account.permissions.includes(p));
}

export const NO_PERMISSION = 'You do not have permission to do this. Ask the store owner for access.';

/** Where the words of a permission string do not read as they should (the strings themselves are the spec's). */
const PERMISSION_LABELS: Partial<Record<Permission, string>> = {
  manage_conersion_pixel: 'Manage conversion pixel', manage_ar_accounts: 'Manage AR accounts', manage_ai_widgets: 'Manage AI widgets',
  manage_sub_accounts: 'Manage sub-accounts', manage_gmc_page: 'Manage Google Merchant Center page',
};

/** A permission as people read it: 'edit_products' is 'Edit products'. */
export function permissionLabel(permission: Permission): string {
  const words = PERMISSION_LABELS[permission] ?? permission.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The permission each admin screen needs, by its path (screens not listed: any admin). The admin area and
 * the storefront's admin menu read it; the screen's API routes check the same permission on the server.
 */
const SCREEN_PERMISSIONS: Record<string, Permission> = {
  '/admin/settings/about-us': 'edit_about_us',
  // Fulfilment, special orders and tax are how each store location sells.
  '/admin/settings/fulfillment-options': 'edit_locations',
  '/admin/settings/special-order-items': 'edit_locations',
  // Every wizard step built so far is one of those selling options.
  '/admin/wizard/section': 'edit_locations',
  '/admin/settings/search-synonyms': 'edit_products',
  '/admin/settings/sub-accounts': 'manage_sub_accounts',
  '/admin/settings/widgets': 'edit_landing_page',
  // The home banner is part of the home (landing) page.
  '/admin/settings/top-banner': 'edit_landing_page',
  // Coupons fill the home page's Coupons & Highlights slider.
  '/admin/settings/coupons': 'edit_landing_page',
  // Listing order and stock wording are part of how products show.
  '/admin/settings/product-listings': 'edit_products',
  '/admin/settings/department-mapping': 'edit_department_mapping',
  '/admin/settings/brands-settings': 'edit_brands_settings',
  '/admin/settings/social-media-accounts': 'manage_social_media',
  '/admin/emails': 'view_emails',
  '/admin/featured': 'manage_featured_products',
  '/admin/settings/ar-accounts': 'manage_ar_accounts',
  '/admin/offline-orders': 'view_offline_orders',
};
/** The permission of a screen, or of the screen it sits under (sub-accounts/new needs what sub-accounts needs). */
export function adminScreenPermission(path: string): Permission | null {
  // A link into a screen may carry a query or hash (which card to open): the screen is the path alone.
  const clean = path.replace(/[?#].*$/, '').replace(/\/$/, '');
  const screen = Object.keys(SCREEN_PERMISSIONS).find((p) => clean === p || clean.startsWith(`${p}/`));
  return screen ? SCREEN_PERMISSIONS[screen] : null;
}

/**
 * The back office's settings screens by name, in the order menus list them: the storefront's admin menu and the
 * admin area's settings menu both read this list.
 */
export const ADMIN_SETTINGS_SCREENS: readonly { label: string; to: string }[] = [
  { label: 'About Us', to: '/admin/settings/about-us' },
  { label: 'Fulfillment Options', to: '/admin/settings/fulfillment-options' },
  // The owner's alone (OWNER_ONLY_SCREENS): a sub-account who opens it by its address is told so.
  { label: 'Payment Options', to: '/admin/settings/payment-options' },
  // The owner's too, told the same way (docs/PARTNER-INVENTORY.md).
  { label: 'Partner Stores', to: '/admin/settings/partner-stores' },
  { label: 'Special Order Items', to: '/admin/settings/special-order-items' },
  { label: 'Home Page Sections', to: '/admin/settings/widgets' },
  { label: 'Top Banner', to: '/admin/settings/top-banner' },
  { label: 'Coupons', to: '/admin/settings/coupons' },
  { label: 'Product Listings', to: '/admin/settings/product-listings' },
  { label: 'Department Mapping', to: '/admin/settings/department-mapping' },
  { label: 'Brand Settings', to: '/admin/settings/brands-settings' },
  { label: 'Search Synonyms', to: '/admin/settings/search-synonyms' },
  { label: 'Social Media Accounts', to: '/admin/settings/social-media-accounts' },
  { label: 'Sub-accounts', to: '/admin/settings/sub-accounts' },
  { label: 'AR Accounts', to: '/admin/settings/ar-accounts' },
  { label: 'Two-Step Sign-In', to: '/admin/settings/mfa' },
];

/**
 * Screens whose API only the store owner may use (the server's requireStoreOwner): payment and partner stores.
 * No permission opens them to a sub-account.
 */
const OWNER_ONLY_SCREENS = ['/admin/settings/payment-options', '/admin/settings/partner-stores'];
export const isOwnerOnlyScreen = (path: string) => {
  const clean = path.replace(/[?#].*$/, '').replace(/\/$/, '');
  return OWNER_ONLY_SCREENS.some((p) => clean === p || clean.startsWith(`${p}/`));
};

/**
 * The screens of a list that these permissions open (a screen needing none is everyone's); a sub-account
 * (the login answer's is_sub_account) is not offered the owner's screens.
 */
export function screensOpenTo<T extends { to: string }>(screens: readonly T[], permissions: readonly string[], isSubAccount = false): T[] {
  return screens.filter((screen) => {
    if (isSubAccount && isOwnerOnlyScreen(screen.to)) return false;
    const needs = adminScreenPermission(screen.to);
    return needs === null || permissions.includes(needs);
  });
}

export const GIVE_ONLY_OWN_PERMISSIONS = 'You can only give permissions you have yourself.';

/**
 * A sub-account's permissions after a manager's change (no one hands out more than they hold): what was asked
 * for, which must be among the manager's own, plus what the account has that the manager cannot see or give.
 * Null when something asked for is not the manager's to give.
 */
export function permissionsAfterChange(asked: readonly string[], managerHas: readonly string[], current: readonly string[] = []): string[] | null {
  if (asked.some((p) => !managerHas.includes(p))) return null;
  return [...new Set([...asked, ...current.filter((p) => !managerHas.includes(p))])];
}
