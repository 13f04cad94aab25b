import { type Permission, rolesGrant } from '../contract/permissions.ts';
import { useHost } from './context.tsx';

/** Whether the signed-in admin's roles grant `permission`: remotes hide what the API would refuse. */
export function useCan(permission: Permission): boolean {
  const { admin } = useHost();
  return rolesGrant(admin?.roles ?? [], permission);
}
