import { describe, expect, it } from 'vitest';
import { type Permission, releaseDirOf, remoteNameOf, rolesGrant } from '../src/contract/index.ts';
import { areaManifest, areas, findArea, governanceRoles } from '../src/contract/permissions.ts';

describe('the area manifest (areas.json)', () => {
  it('gives each area its federation name, folder and role', () => {
    expect(areas).toEqual(areaManifest.map((area) => area.id));
    expect(findArea('support-users')).toMatchObject({ name: 'mf_support_users', dir: 'mf-support-users' });
    expect(findArea('mf_mines')?.id).toBe('mines');
    expect(remoteNameOf('support-users')).toBe('mf_support_users');
    expect(releaseDirOf('mines')).toBe('mf-mines');
    expect(releaseDirOf('shell')).toBe('shell');
    expect(governanceRoles).toEqual([
      'superadmin',
      ...areaManifest.map((area) => area.role),
      'auditor',
      'ops',
    ]);
  });

  it('opens each area to its role, to the auditor and ops for reading and to superadmin', () => {
    for (const { id, role } of areaManifest) {
      expect(rolesGrant([role], `${id}:write`)).toBe(true);
      expect(rolesGrant(['auditor'], `${id}:read`)).toBe(true);
      expect(rolesGrant(['auditor'], `${id}:write`)).toBe(false);
      expect(rolesGrant(['superadmin'], `${id}:write`)).toBe(true);
      // Ops previews a version with real data, and changes nothing outside the releases.
      expect(rolesGrant(['ops'], `${id}:read`)).toBe(true);
      expect(rolesGrant(['ops'], `${id}:write`)).toBe(false);
    }
  });

  it('keeps an area missing from the manifest closed to every role, superadmin included', () => {
    const casino = 'casino:read' as Permission;
    expect(findArea('casino')).toBeUndefined();
    for (const roles of [['superadmin'], ['auditor'], ['casino'], ['superadmin', 'casino']])
      expect(rolesGrant(roles, casino)).toBe(false);
    // A federation name is no area id, and only read and write are accesses.
    expect(rolesGrant(['superadmin'], 'mf_mines:read' as Permission)).toBe(false);
    expect(rolesGrant(['superadmin'], 'mines:delete' as Permission)).toBe(false);
  });
});
