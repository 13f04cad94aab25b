import { federationShared } from '@backoffice/shared/mf';
import { describe, expect, it } from 'vitest';
import shipped from '../public/remotes.json';
import { titleFor } from '../src/app/titles.ts';
import { providedModules } from '../src/federation/provided.ts';
import { packageOf } from '../src/federation/runtime.ts';
import { buildMenu, isActive } from '../src/layout/menu.ts';
import { findRemote } from '../src/registry/match.ts';
import { parseRegistry } from '../src/registry/registry.ts';

const registry = parseRegistry({
  remotes: [
    {
      name: 'mf_mines',
      entry: 'http://localhost:3005/mf-manifest.json',
      routes: [{ path: '/mines/dashboard', title: 'Mines Dashboard' }],
      menu: [
        {
          key: 'mines',
          label: 'Mines',
          icon: 'mines',
          order: 60,
          children: [
            { label: 'Dashboard', path: '/mines/dashboard' },
            { label: 'New Game', path: '/mines/new', access: 'write' },
          ],
        },
      ],
    },
    {
      name: 'mf_users',
      entry: 'http://localhost:3004/mf-manifest.json',
      routes: [
        { path: '/users', title: 'Users' },
        { path: '/users/:id', title: 'User' },
      ],
      menu: [{ key: 'users', label: 'Users', icon: 'users', order: 10, path: '/users' }],
    },
  ],
});

describe('the runtime registry', () => {
  it('parses the registry the shell ships', () => {
    expect(() => parseRegistry(shipped)).not.toThrow();
  });

  it('rejects an entry without routes or with a bad name, naming the field', () => {
    expect(() =>
      parseRegistry({ remotes: [{ name: 'x', entry: 'u', routes: [{ path: 'a', title: 'A' }] }] }),
    ).toThrow('remotes[0].routes[0].path must match');
    expect(() =>
      parseRegistry({
        remotes: [
          { name: 'x', entry: 'u', routes: [{ path: '/a', title: 'A' }], menu: [{ key: 'k', label: 'L' }] },
        ],
      }),
    ).toThrow('remotes[0].menu[0].order must be a number');
    expect(() => parseRegistry({ remotes: [{ name: 'x', entry: 'u', routes: [] }] })).toThrow();
    const withLink = (access: string) => ({
      remotes: [
        {
          name: 'x',
          entry: 'u',
          routes: [{ path: '/a', title: 'A' }],
          menu: [{ key: 'k', label: 'L', order: 1, children: [{ label: 'C', path: '/a', access }] }],
        },
      ],
    });
    expect(() => parseRegistry(withLink('admin'))).toThrow(
      'remotes[0].menu[0].children[0].access must match',
    );
    expect(() =>
      parseRegistry({
        remotes: [{ name: 'bad-name', entry: 'u', routes: [{ path: '/a', title: 'A' }] }],
      }),
    ).toThrow();
  });

  it('finds the remote that owns a path, with parameters, and nothing for unknown paths', () => {
    expect(findRemote(registry, '/mines/dashboard')?.remote.name).toBe('mf_mines');
    expect(findRemote(registry, '/users/42')).toMatchObject({ remote: { name: 'mf_users' }, title: 'User' });
    expect(findRemote(registry, '/mines/unknown')).toBeNull();
    expect(findRemote(registry, '/nowhere')).toBeNull();
  });

  it('orders the sidebar: shell entries and the areas by their order', () => {
    expect(buildMenu(registry, ['superadmin']).map((item) => item.label)).toEqual([
      'Dashboard',
      'Users',
      'Maintenance',
      'Mines',
      'Audit Log',
      'Admins',
      'Settings',
    ]);
    expect(buildMenu(null, ['superadmin']).map((item) => item.label)).toEqual([
      'Dashboard',
      'Maintenance',
      'Audit Log',
      'Admins',
      'Settings',
    ]);
  });

  it('shows an admin only the areas their roles open (issue 13)', () => {
    const areas = {
      remotes: registry.remotes.map((remote) => ({
        ...remote,
        area: remote.name === 'mf_users' ? 'support-users' : 'mines',
      })),
    };
    expect(buildMenu(areas, ['mines']).map((item) => item.label)).toEqual([
      'Dashboard',
      'Maintenance',
      'Mines',
    ]);
    expect(buildMenu(areas, ['auditor']).map((item) => item.label)).toEqual([
      'Dashboard',
      'Users',
      'Maintenance',
      'Mines',
      'Audit Log',
    ]);
    expect(buildMenu(areas, []).map((item) => item.label)).toEqual(['Dashboard', 'Maintenance']);
    // A page that only changes things is listed for the area's role, not for a reader.
    const mines = (roles: string[]) =>
      buildMenu(areas, roles)
        .find((item) => item.key === 'mines')
        ?.children?.map((child) => child.label);
    expect(mines(['mines'])).toEqual(['Dashboard', 'New Game']);
    expect(mines(['auditor'])).toEqual(['Dashboard']);
  });

  it('marks the current entry', () => {
    expect(isActive({ path: '/' }, '/')).toBe(true);
    expect(isActive({ path: '/' }, '/users')).toBe(false);
    expect(
      isActive({ children: [{ label: 'Dashboard', path: '/mines/dashboard' }] }, '/mines/dashboard'),
    ).toBe(true);
  });

  it('titles the tab from shell pages and registry routes', () => {
    expect(titleFor('/', registry)).toBe('Dashboard | Back Office');
    expect(titleFor('/users/7', registry)).toBe('User | Back Office');
    expect(titleFor('/users/7', null)).toBe('Back Office');
  });
});

describe('modules the shell provides to remotes', () => {
  it('are exactly the one shared config, so no remote falls back to its own copy', () => {
    expect(Object.keys(providedModules).sort()).toEqual(Object.keys(federationShared()).sort());
  });

  it('are versioned by their package', () => {
    expect(packageOf('antd/es/table')).toBe('antd');
    expect(packageOf('react/jsx-runtime')).toBe('react');
    expect(packageOf('@backoffice/shared/host')).toBe('@backoffice/shared');
  });
});
