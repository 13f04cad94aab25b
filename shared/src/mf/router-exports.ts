/**
 * The part of react-router(-dom) that the shell provides to remotes: components and hooks for routes
 * inside an area. The router itself (BrowserRouter, data routers) belongs to the shell.
 */
export const routerExports = [
  'Link',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Routes',
  'createSearchParams',
  'generatePath',
  'matchPath',
  'useHref',
  'useInRouterContext',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useOutletContext',
  'useParams',
  'useResolvedPath',
  'useRoutes',
  'useSearchParams',
] as const;
