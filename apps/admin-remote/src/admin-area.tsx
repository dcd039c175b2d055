import type { ComponentType } from 'react';
import { matchPath, Navigate, useLocation } from '@platform/routing';
import { rememberRedirect, useSession } from '@platform/api-client';
import { AdminLayout } from './features/layout/admin-layout';
import { OutstandingOrdersPage } from './features/orders/outstanding-orders-page';

const REDIRECTS: Record<string, string> = { '/admin': '/admin/orders', '/admin/orders': '/admin/orders/list' };
const PAGES: { path: string; Page: ComponentType }[] = [
  { path: '/admin/orders/list/:type?', Page: OutstandingOrdersPage },
];

/** Everything under /admin. Visitors who are not admins go to /login, with the page remembered. */
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
  return <AdminLayout><match.Page /></AdminLayout>;
}
