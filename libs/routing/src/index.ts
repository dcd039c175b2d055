// The parts of react-router the apps use, and the only way they reach it. Module Federation shares this
// module once (one router context for shell and remotes) and can only share a module whole: sharing
// react-router itself put all of it (data routers, server rendering, cookies) into every first load,
// where sharing this list lets webpack drop the rest (about 61 KB compressed down to 14).
export {
  BrowserRouter,
  HashRouter,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
// The storefront's router: history or hash mode, full page loads when embedded (libs/domain routing.ts).
export { PlatformRouter, type PageLoader, type PlatformRouterProps } from './platform-router';
