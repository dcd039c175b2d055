import type { ComponentType } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router';
import { CartPage } from './features/cart/cart-page';
import { LoginPage } from './features/login/login-page';
import { SavedCartsPage } from './features/cart/saved-carts-page';

/** The checkout remote's pages by absolute path (the shell mounts this entry on each of them). */
const PAGES: { path: string; Page: ComponentType }[] = [
  { path: '/cart', Page: CartPage },
  { path: '/login', Page: LoginPage },
  { path: '/savedcarts', Page: SavedCartsPage },
];

export default function CheckoutArea() {
  const { pathname } = useLocation();
  const match = PAGES.find(({ path }) => matchPath({ path, end: true }, pathname));
  return match ? <match.Page /> : <Navigate to="/" replace />;
}
