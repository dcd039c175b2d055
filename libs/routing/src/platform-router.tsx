import { useRef, type ReactNode } from 'react';
import {
  createPath, parsePath, unstable_HistoryRouter as HistoryRouter, UNSAFE_createBrowserHistory, UNSAFE_createHashHistory, type HistoryRouterProps, type To,
} from 'react-router';
import { entryAddress, isAdminPath, routeOf, type RouterMode } from '@platform/domain';

type History = HistoryRouterProps['history'];

/** Loads `url` as a new page (a full page navigation), in place of the current entry when `replace`. */
export type PageLoader = (url: string, options: { replace: boolean }) => void;

const browserLoad: PageLoader = (url, { replace }) => (replace ? window.location.replace(url) : window.location.assign(url));

/**
 * A navigation's state (e.g. the e-mail the sign-in form hands to the reset page) kept in this tab across a
 * full page load, for the page that load opens.
 */
const CARRIED_STATE = 'platform.routing.carried-state';

function carryState(url: string, state: unknown): void {
  if (state === undefined || state === null) sessionStorage.removeItem(CARRIED_STATE);
  else sessionStorage.setItem(CARRIED_STATE, JSON.stringify({ url, state }));
}

/** Gives the opened page the state its navigation carried, in the form react-router keeps in history.state. */
function restoreCarriedState(): void {
  const raw = sessionStorage.getItem(CARRIED_STATE);
  if (!raw) return;
  sessionStorage.removeItem(CARRIED_STATE);
  try {
    const { url, state } = JSON.parse(raw) as { url: string; state: unknown };
    const route = routeOf(window.location);
    if (url === `${route.pathname}${route.search}`) window.history.replaceState({ usr: state, key: 'carried', idx: 0 }, '');
  } catch { /* a damaged entry is dropped */ }
}

/** Every push or replace to a page outside /admin loads that page anew; /admin pages move in place. */
function withFullPageLoads(history: History, loadPage: PageLoader): History {
  const loadAnew = (to: To, state: unknown, replace: boolean): boolean => {
    const path = typeof to === 'string' ? parsePath(to) : to;
    const pathname = path.pathname ?? history.location.pathname;
    if (isAdminPath(pathname)) return false;
    // The page's path: the server answers every storefront path with the shell, which turns it into its hash route.
    const url = createPath({ pathname, search: path.search ?? '' });
    carryState(url, state);
    loadPage(url, { replace });
    return true;
  };
  // The history's getters and other methods read its own closure, so the copy shares them.
  const wrapped: History = Object.create(history);
  wrapped.push = (to: To, state?: unknown) => { if (!loadAnew(to, state, false)) history.push(to, state); };
  wrapped.replace = (to: To, state?: unknown) => { if (!loadAnew(to, state, true)) history.replace(to, state); };
  return wrapped;
}

function openHistory(mode: RouterMode, fullPageLoads: boolean, loadPage: PageLoader): History {
  const entry = entryAddress(mode, window.location);
  if (entry !== null) window.history.replaceState(window.history.state, '', entry);
  restoreCarriedState();
  // What BrowserRouter and HashRouter build (v5Compat: listeners hear pushes too), opened here so it can be wrapped.
  const history = mode === 'hash' ? UNSAFE_createHashHistory({ v5Compat: true }) : UNSAFE_createBrowserHistory({ v5Compat: true });
  return fullPageLoads ? withFullPageLoads(history, loadPage) : history;
}

export interface PlatformRouterProps {
  /** 'history' (paths, the norm) or 'hash' (libs/domain routerMode). */
  mode: RouterMode;
  /** Embedded (spec 1 "Routing behaviour"): a move to any page outside /admin is a full page navigation. */
  fullPageLoads?: boolean;
  /** How a page is loaded anew; default the browser's location.assign / location.replace (tests watch it). */
  loadPage?: PageLoader;
  children?: ReactNode;
}

/**
 * The storefront's router, shared by the shell and the remotes it shows. Opened once: the address it starts at
 * is put in the mode's own form first (libs/domain entryAddress), so links from e-mails, payment returns and
 * one-time sign-in links, which are paths, open the same page in hash mode.
 */
export function PlatformRouter({ mode, fullPageLoads = false, loadPage = browserLoad, children }: PlatformRouterProps) {
  const history = useRef<History | null>(null);
  history.current ??= openHistory(mode, fullPageLoads, loadPage);
  return <HistoryRouter history={history.current}>{children}</HistoryRouter>;
}
