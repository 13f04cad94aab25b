import { type Area, areas, type Permission, rolesGrant } from '@backoffice/shared/permissions';
import type { MenuItem, RemoteEntry } from '../registry/registry.ts';
import { useAuth } from './store.ts';

/** The area a remote serves: its registry `area`, else its name ('mf_support_users' -> 'support-users'). */
export function areaOf(remote: Pick<RemoteEntry, 'name'> & { area?: string }): Area | null {
  const area = remote.area ?? remote.name.replace(/^mf_/, '').replaceAll('_', '-');
  return (areas as readonly string[]).includes(area) ? (area as Area) : null;
}

/** Whether the signed-in admin's roles grant `permission` (the API checks it again on every call). */
export function useCanShell(permission: Permission): boolean {
  // The answer (a boolean) is selected, not the roles: a fresh [] when signed out would be a new
  // snapshot at every read and re-render without end.
  return useAuth((state) => rolesGrant(state.user?.roles ?? [], permission));
}

/** A shell page's permission, if it needs more than a session. */
export type Guarded = MenuItem & { permission?: Permission };

/** The sidebar entries the roles may open: an area's entries need read access to that area. */
export function visibleMenu(items: Guarded[], roles: readonly string[]): Guarded[] {
  return items.filter((item) => !item.permission || rolesGrant(roles, item.permission));
}
