import type { MenuItem, Registry } from '../registry/registry.ts';

/** The shell's own sidebar entries; the registry adds the areas' entries around them by `order`. */
const shellMenu: MenuItem[] = [
  { key: 'dashboard', label: 'Dashboard', icon: 'dashboard', order: 0, path: '/' },
  { key: 'maintenance', label: 'Maintenance', icon: 'maintenance', order: 40, path: '/maintenance' },
];

export function buildMenu(registry: Registry | null): MenuItem[] {
  const fromRemotes = registry?.remotes.flatMap((remote) => remote.menu) ?? [];
  return [...shellMenu, ...fromRemotes].sort((a, b) => a.order - b.order);
}

/** Whether a menu entry (or one of its children) is the current page. */
export function isActive(item: Pick<MenuItem, 'path' | 'children'>, pathname: string): boolean {
  if (item.path) return item.path === '/' ? pathname === '/' : pathname.startsWith(item.path);
  return (item.children ?? []).some((child) => pathname.startsWith(child.path));
}
