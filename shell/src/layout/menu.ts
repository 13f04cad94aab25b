import { rolesGrant } from '@backoffice/shared/permissions';
import { areaOf, type Guarded, visibleMenu } from '../auth/access.ts';
import type { MenuItem, Registry } from '../registry/registry.ts';

/** The shell's own sidebar entries; the registry adds the areas' entries around them by `order`. */
const shellMenu: Guarded[] = [
  { key: 'dashboard', label: 'Dashboard', icon: 'dashboard', order: 0, path: '/' },
  { key: 'maintenance', label: 'Maintenance', icon: 'maintenance', order: 40, path: '/maintenance' },
  { key: 'audit', label: 'Audit Log', icon: 'audit', order: 90, path: '/audit', permission: 'audit:read' },
  {
    key: 'releases',
    label: 'Releases',
    icon: 'releases',
    order: 92,
    path: '/releases',
    permission: 'releases:manage',
  },
  { key: 'admins', label: 'Admins', icon: 'admins', order: 95, path: '/admins', permission: 'admins:manage' },
  {
    key: 'settings',
    label: 'Settings',
    icon: 'settings',
    order: 96,
    path: '/settings',
    permission: 'admins:manage',
  },
];

/** The sidebar of an admin with `roles`: the shell's pages and the areas they may open. */
export function buildMenu(registry: Registry | null, roles: readonly string[]): MenuItem[] {
  const fromRemotes: Guarded[] =
    registry?.remotes.flatMap((remote) => {
      const area = areaOf(remote);
      const canWrite = !area || rolesGrant(roles, `${area}:write`);
      return remote.menu.map((item) => ({
        ...item,
        ...(item.children ? { children: item.children.filter((c) => canWrite || c.access !== 'write') } : {}),
        ...(area ? { permission: `${area}:read` as const } : {}),
      }));
    }) ?? [];
  return visibleMenu([...shellMenu, ...fromRemotes], roles).sort((a, b) => a.order - b.order);
}

/** Whether a menu entry (or one of its children) is the current page. */
export function isActive(item: Pick<MenuItem, 'path' | 'children'>, pathname: string): boolean {
  if (item.path) return item.path === '/' ? pathname === '/' : pathname.startsWith(item.path);
  return (item.children ?? []).some((child) => pathname.startsWith(child.path));
}
