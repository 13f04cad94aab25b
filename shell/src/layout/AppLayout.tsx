import { CloseOutlined, MenuOutlined } from '@ant-design/icons';
import { HostProvider } from '@backoffice/shared/host';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useHostContext } from '../app/host.ts';
import { useCurrentAdmin } from '../auth/current-admin.ts';
import { SessionExpiryWarning } from '../auth/SessionExpiryWarning.tsx';
import { useAuth } from '../auth/store.ts';
import ConsoleUpdates from '../components/ConsoleUpdates.tsx';
import { preloadAreasMs } from '../config.ts';
import { preloadAreas } from '../federation/preload.ts';
import { useLiveConnection } from '../live/useLiveConnection.ts';
import { useRegistry } from '../registry/store.ts';
import { ThemeProvider } from '../theme/ThemeProvider.tsx';
import { returnFocusAfterDialogs } from './dialog-focus.ts';
import { watchScrollers } from './keyboard-scrollers.ts';
import { buildMenu } from './menu.ts';
import { Sidebar } from './Sidebar.tsx';
// The kit's styles (page header, list page) for every signed-in page, the shell's own included.
import '@backoffice/shared/ui/ui.css';
import './layout.css';

// antd's Modal is downloaded when Sign Out is first clicked, not with every page (see build/antd-chunks.ts).
const SignOutDialog = lazy(() => import('./SignOutDialog.tsx').then((m) => ({ default: m.SignOutDialog })));

const EXPANDED_KEY = 'sidebar_expanded';
const NO_ROLES: string[] = [];

function readExpanded(): boolean {
  return localStorage.getItem(EXPANDED_KEY) !== 'false';
}

/** Sidebar (collapsible, remembered), mobile top bar and the page. Shown only when signed in. */
export default function AppLayout() {
  const { pathname } = useLocation();
  const registry = useRegistry((state) => state.registry);
  const roles = useAuth((state) => state.user?.roles) ?? NO_ROLES;
  useCurrentAdmin();
  useLiveConnection();
  const host = useHostContext();
  const loadRegistry = useRegistry((state) => state.load);
  const [expanded, setExpanded] = useState(readExpanded);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  // Mounted from the first Sign Out on, so that closing it animates.
  const [signOutAsked, setSignOutAsked] = useState(false);

  useEffect(() => {
    void loadRegistry();
  }, [loadRegistry]);
  useEffect(
    () =>
      preloadAreas(
        () => useRegistry.getState().registry,
        () => useAuth.getState().user?.roles ?? NO_ROLES,
        preloadAreasMs,
      ),
    [],
  );
  useEffect(() => watchScrollers(), []);
  useEffect(() => returnFocusAfterDialogs(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on every navigation
  useEffect(() => setMobileOpen(false), [pathname]);

  const toggleExpanded = () => {
    localStorage.setItem(EXPANDED_KEY, String(!expanded));
    setExpanded(!expanded);
  };

  // The admin's antd theme for every signed-in page and area (the sign-in page ships no antd).
  return (
    <ThemeProvider>
      <div className={`shell-app${expanded ? '' : ' shell-app--collapsed'}`}>
        <ConsoleUpdates />
        <header className="shell-topbar">
          <button
            type="button"
            className="shell-topbar__menu"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(!mobileOpen)}
          >
            {mobileOpen ? <CloseOutlined /> : <MenuOutlined />}
          </button>
          <Link to="/" className="shell-topbar__brand">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Back Office
          </Link>
        </header>
        <aside className={`shell-sidebar${mobileOpen ? ' shell-is-open' : ''}`}>
          <Sidebar
            menu={buildMenu(registry, roles)}
            collapsed={!expanded}
            onToggleCollapsed={toggleExpanded}
            onSignOut={() => {
              setSignOutAsked(true);
              setSigningOut(true);
            }}
          />
        </aside>
        {mobileOpen && (
          <div className="shell-sidebar-backdrop" onClick={() => setMobileOpen(false)} aria-hidden />
        )}
        <main className="shell-page">
          {/* The shell's own pages use the shared list and dialog parts, which read the host like a remote. */}
          <HostProvider host={host}>
            <Outlet />
          </HostProvider>
        </main>
        <SessionExpiryWarning />
        {signOutAsked && (
          <Suspense fallback={null}>
            <SignOutDialog open={signingOut} onClose={() => setSigningOut(false)} />
          </Suspense>
        )}
      </div>
    </ThemeProvider>
  );
}
