import type { ComponentType } from 'react';
import { matchPath, Navigate, useLocation } from '@platform/routing';
import { CartPage } from './features/cart/cart-page';
import { LoginPage } from './features/login/login-page';
import { SavedCartsPage } from './features/cart/saved-carts-page';
import { RegisterPage } from './features/login/register-page';
import { MagicLinkPage, ResetPasswordPage } from './features/login/reset-password-page';
import { AccountPage } from './features/account/account-page';
import { OrdersPage } from './features/account/orders-page';
import { RecurringOrdersPage } from './features/account/recurring-orders-page';

/** The checkout remote's pages by absolute path (the shell mounts this entry on each of them). */
const PAGES: { path: string; Page: ComponentType }[] = [
  { path: '/cart', Page: CartPage },
  { path: '/login', Page: LoginPage },
  { path: '/savedcarts', Page: SavedCartsPage },
  { path: '/register', Page: RegisterPage },
  { path: '/reset-password', Page: ResetPasswordPage },
  { path: '/magic-link-redirect', Page: MagicLinkPage },
  { path: '/account', Page: AccountPage },
  { path: '/orders', Page: OrdersPage },
  { path: '/recurring-orders', Page: RecurringOrdersPage },
  // The spec's /payment shows the account screen; /settings goes to /settings/account, which is the account too.
  { path: '/payment', Page: AccountPage },
  { path: '/settings/account', Page: AccountPage },
  { path: '/settings', Page: () => <Navigate to="/settings/account" replace /> },
];

export default function CheckoutArea() {
  const { pathname } = useLocation();
  const match = PAGES.find(({ path }) => matchPath({ path, end: true }, pathname));
  return match ? <match.Page /> : <Navigate to="/" replace />;
}
