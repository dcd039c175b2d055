import type { ComponentType } from 'react';
import { matchPath, Navigate, useLocation } from '@platform/routing';
import type { Permission } from '@platform/domain';
import { rememberRedirect, useSession } from '@platform/api-client';
import { AdminLayout } from './features/layout/admin-layout';
import { NoPermission } from './features/layout/no-permission';
import { OutstandingOrdersPage } from './features/orders/outstanding-orders-page';
import { SearchSynonymsPage } from './features/settings/search-synonyms-page';

const REDIRECTS: Record<string, string> = { '/admin': '/admin/orders', '/admin/orders': '/admin/orders/list' };
/** Each screen with the permission it needs (none: any admin); the server checks the same on its calls. */
const PAGES: { path: string; Page: ComponentType; permission?: Permission }[] = [
  { path: '/admin/orders/list/:type?', Page: OutstandingOrdersPage },
  { path: '/admin/settings/search-synonyms', Page: SearchSynonymsPage, permission: 'edit_products' },
];

/**
 * Everything under /admin. Visitors who are not admins go to /login, with the page remembered; an admin
 * without a screen's permission (a sub-account) sees why instead of the screen.
 */
export default function AdminArea() {
  const { pathname, search } = useLocation();
  const user = useSession();
  if (!user?.is_admin) {
    rememberRedirect(pathname + search);
    return <Navigate to="/login" replace />;
  }
  const redirect = REDIRECTS[pathname.replace(/\/$/, '')];
  if (redirect) return <Navigate to={redirect} replace />;
  const match = PAGES.find(({ path }) => matchPath({ path, end: true }, pathname));
  if (!match) return <Navigate to="/admin/orders" replace />;
  const { Page, permission } = match;
  const denied = permission !== undefined && !user.data.customer.permissions.includes(permission);
  return <AdminLayout>{denied ? <NoPermission permission={permission} /> : <Page />}</AdminLayout>;
}
