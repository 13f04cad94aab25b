import { DownOutlined, KeyOutlined, LogoutOutlined, SafetyOutlined } from '@ant-design/icons';
import { formatCount } from '@backoffice/shared/format';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/store.ts';
import { roleLabel } from '../features/admins/roles.ts';
import { useQueueCount } from '../live/badges.ts';
import type { MenuItem } from '../registry/registry.ts';
import { AppearanceSwitches } from './AppearanceSwitches.tsx';
import { MenuIcon } from './icons.tsx';
import { isActive } from './menu.ts';

/** The signed-in admin's own 2FA settings (docs/screens.md#sign-in: optional two-factor authentication). */
const TWO_FACTOR_PATH = '/account/two-factor';
/** The signed-in admin's password and sessions (docs/architecture.md#console-behaviour). */
const SECURITY_PATH = '/account/security';

/** Who is signed in, with their roles (docs/architecture.md#console-behaviour). */
function SignedInAdmin({ collapsed }: { collapsed: boolean }) {
  const user = useAuth((state) => state.user);
  if (!user || collapsed) return null;
  return (
    <div className="shell-sidebar__admin">
      <strong>{user.name || user.email}</strong>
      <span>{(user.roles ?? []).map(roleLabel).join(', ') || 'No roles'}</span>
    </div>
  );
}

function Logo({ compact }: { compact: boolean }) {
  return (
    // Named by its visible text (WCAG 2.5.3); collapsed, only the image shows and names it.
    <Link to="/" className="shell-sidebar__logo" aria-label={compact ? 'Back Office home' : undefined}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      {!compact && (
        <span>
          Back Office
          <small>Gaming Platform</small>
        </span>
      )}
    </Link>
  );
}

/**
 * An entry's text and how many items wait in its queue (live/badges.ts), the count hidden at 0. The
 * count is part of the link's name ("Pending, 34 waiting"): the comma and "waiting" are for screen
 * readers only (layout.css says why the comma is hidden another way).
 */
function LabelAndCount({
  item,
  text,
  className,
  showCount = true,
}: {
  item: Pick<MenuItem, 'path' | 'children'>;
  text: string;
  className?: string;
  showCount?: boolean;
}) {
  const queued = useQueueCount(item);
  const count = showCount ? queued : 0;
  return (
    <>
      <span className={className}>
        {text}
        {count > 0 && <span className="shell-nav__name-comma">,</span>}
      </span>
      {count > 0 && (
        <span className="shell-nav__badge">
          {formatCount(count)}
          <span className="bo-sr-only"> waiting</span>
        </span>
      )}
    </>
  );
}

function Submenu({ item, pathname, collapsed }: { item: MenuItem; pathname: string; collapsed: boolean }) {
  const active = isActive(item, pathname);
  const [open, setOpen] = useState(active);
  const expanded = open || (collapsed && active);
  return (
    <li className={`shell-nav__group${active ? ' shell-is-active' : ''}`}>
      <button
        type="button"
        className="shell-nav__item"
        aria-expanded={expanded}
        title={collapsed ? item.label : undefined}
        onClick={() => setOpen(!open)}
      >
        <MenuIcon name={item.icon} />
        {/* Folded, the group tells what waits in its entries. */}
        <LabelAndCount item={item} text={item.label} className="shell-nav__label" showCount={!expanded} />
        <DownOutlined className={`shell-nav__caret${expanded ? ' shell-is-open' : ''}`} />
      </button>
      {expanded && (
        <ul className="shell-nav__children">
          {item.children?.map((child) => (
            <li key={child.path}>
              <Link
                to={child.path}
                className={`shell-nav__child${pathname.startsWith(child.path) ? ' shell-is-current' : ''}`}
                aria-current={pathname.startsWith(child.path) ? 'page' : undefined}
                title={collapsed ? `${item.label}: ${child.label}` : undefined}
              >
                <LabelAndCount item={child} text={collapsed ? child.label.slice(0, 1) : child.label} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function Sidebar({
  menu,
  collapsed,
  onToggleCollapsed,
  onSignOut,
}: {
  menu: MenuItem[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onSignOut: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <nav className="shell-sidebar__inner" aria-label="Main">
      <div className="shell-sidebar__head">
        <Logo compact={collapsed} />
        <button
          type="button"
          className="shell-sidebar__collapse"
          onClick={onToggleCollapsed}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        >
          <span aria-hidden>{collapsed ? '»' : '«'}</span>
        </button>
      </div>
      <ul className="shell-nav">
        {menu.map((item) =>
          item.children ? (
            <Submenu key={item.key} item={item} pathname={pathname} collapsed={collapsed} />
          ) : (
            <li key={item.key}>
              <Link
                to={item.path ?? '/'}
                className={`shell-nav__item${isActive(item, pathname) ? ' shell-is-current' : ''}`}
                aria-current={isActive(item, pathname) ? 'page' : undefined}
                title={collapsed ? item.label : undefined}
              >
                <MenuIcon name={item.icon} />
                <LabelAndCount item={item} text={item.label} className="shell-nav__label" />
              </Link>
            </li>
          ),
        )}
      </ul>
      <SignedInAdmin collapsed={collapsed} />
      <Link
        to={SECURITY_PATH}
        className={`shell-nav__item shell-sidebar__account${pathname === SECURITY_PATH ? ' shell-is-current' : ''}`}
        aria-current={pathname === SECURITY_PATH ? 'page' : undefined}
        title={collapsed ? 'Password and sessions' : undefined}
      >
        <span className="shell-menu-icon" aria-hidden>
          <KeyOutlined />
        </span>
        <span className="shell-nav__label">Password and sessions</span>
      </Link>
      <Link
        to={TWO_FACTOR_PATH}
        className={`shell-nav__item${pathname === TWO_FACTOR_PATH ? ' shell-is-current' : ''}`}
        aria-current={pathname === TWO_FACTOR_PATH ? 'page' : undefined}
        title={collapsed ? 'Two-factor authentication' : undefined}
      >
        <span className="shell-menu-icon" aria-hidden>
          <SafetyOutlined />
        </span>
        <span className="shell-nav__label">Two-factor authentication</span>
      </Link>
      <AppearanceSwitches collapsed={collapsed} />
      <button
        type="button"
        className="shell-nav__item shell-sidebar__signout"
        onClick={onSignOut}
        title="Sign Out"
      >
        <span className="shell-menu-icon" aria-hidden>
          <LogoutOutlined />
        </span>
        <span className="shell-nav__label">Sign Out</span>
      </button>
    </nav>
  );
}
