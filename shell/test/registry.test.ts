import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { federationShared, packageOf } from '@backoffice/shared/mf';
import { describe, expect, it } from 'vitest';
import { titleFor } from '../src/app/titles.ts';
import { providedModules } from '../src/federation/provided.ts';
import { buildMenu, isActive } from '../src/layout/menu.ts';
import { findRemote } from '../src/registry/match.ts';
import { parseRegistry, registryFor } from '../src/registry/registry.ts';

/** A live remote as the API lists it (shared/src/contract/releases.ts). */
const live = (name: string, area: string) => ({
  name,
  area,
  version: '1.0.0',
  commit: 'abc123',
  entry: `/remotes/${name}/1.0.0/mf-manifest.json`,
  previous: null,
});

const registry = parseRegistry({
  revision: 'r1',
  shell: null,
  remotes: [
    {
      ...live('mf_mines', 'mines'),
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
      ...live('mf_support_users', 'support-users'),
      routes: [
        { path: '/users', title: 'Users' },
        { path: '/users/:id', title: 'User' },
      ],
      menu: [{ key: 'users', label: 'Users', icon: 'users', order: 10, path: '/users' }],
    },
  ],
});

describe('the runtime registry', () => {
  it("parses the API's registry: versions, the previous version, the shell", () => {
    const parsed = parseRegistry({
      revision: 'r2',
      shell: { version: '2.1.0', commit: null },
      remotes: [
        {
          ...live('mf_mines', 'mines'),
          previous: {
            version: '0.9.0',
            entry: '/remotes/mf-mines/0.9.0/mf-manifest.json',
            integrity: { 'mf-manifest.json': 'sha256-AAAA' },
          },
          routes: [{ path: '/mines/dashboard', title: 'Mines Dashboard' }],
          menu: [],
        },
      ],
    });
    expect(parsed).toEqual({
      revision: 'r2',
      shell: { version: '2.1.0', commit: null, previous: null },
      remotes: [
        {
          name: 'mf_mines',
          area: 'mines',
          version: '1.0.0',
          commit: 'abc123',
          entry: '/remotes/mf_mines/1.0.0/mf-manifest.json',
          // A registry older than integrity checks: nothing to check.
          integrity: {},
          previous: {
            version: '0.9.0',
            entry: '/remotes/mf-mines/0.9.0/mf-manifest.json',
            integrity: { 'mf-manifest.json': 'sha256-AAAA' },
          },
          cohort: null,
          routes: [{ path: '/mines/dashboard', title: 'Mines Dashboard' }],
          menu: [],
        },
      ],
    });
  });

  it('gives the admins of a cohort its version, falling back to the live one; everyone else the live one', () => {
    const cohortOf = (rule: object) =>
      parseRegistry({
        revision: 'r3',
        shell: null,
        remotes: [
          {
            ...live('mf_mines', 'mines'),
            routes: [{ path: '/mines/dashboard', title: 'Mines Dashboard' }],
            cohort: {
              version: '1.1.0',
              entry: '/remotes/mf-mines/1.1.0/mf-manifest.json',
              integrity: { 'mf-manifest.json': 'sha256-BBBB' },
              commit: 'def456',
              rule,
              routes: [
                { path: '/mines/dashboard', title: 'Mines Dashboard' },
                { path: '/mines/games', title: 'Mines Games' },
              ],
              menu: [],
            },
          },
        ],
      });
    const ops = registryFor(cohortOf({ kind: 'ops' }), { id: 7, roles: ['ops'] }).remotes[0]!;
    expect(ops).toMatchObject({
      version: '1.1.0',
      entry: '/remotes/mf-mines/1.1.0/mf-manifest.json',
      integrity: { 'mf-manifest.json': 'sha256-BBBB' },
      commit: 'def456',
      previous: { version: '1.0.0', entry: '/remotes/mf_mines/1.0.0/mf-manifest.json' },
    });
    expect(ops.routes.map((route) => route.path)).toEqual(['/mines/dashboard', '/mines/games']);
    const finance = registryFor(cohortOf({ kind: 'ops' }), { id: 7, roles: ['finance'] }).remotes[0]!;
    expect(finance.version).toBe('1.0.0');
    expect(
      registryFor(cohortOf({ kind: 'role', role: 'finance' }), { id: 7, roles: ['finance'] }).remotes[0]!
        .version,
    ).toBe('1.1.0');
    expect(() => cohortOf({ kind: 'everyone' })).toThrow('remotes[0].cohort.rule');
  });

  it('parses each area.json of the workspace, as the dev registry serves them', () => {
    const root = join(fileURLToPath(import.meta.url), '../../..');
    const dirs = readdirSync(root).filter((dir) => dir.startsWith('mf-'));
    expect(dirs.length).toBeGreaterThan(0);
    for (const dir of dirs) {
      const area = JSON.parse(readFileSync(join(root, dir, 'area.json'), 'utf8'));
      const remote = { ...live(dir.replaceAll('-', '_'), dir.slice(3)), ...area };
      expect(() => parseRegistry({ revision: 'dev', shell: null, remotes: [remote] }), dir).not.toThrow();
    }
  });

  it('leaves out a remote of an area missing from areas.json, or under another name: it stays closed', () => {
    const registry = (...remotes: object[]) => ({ revision: 'r', shell: null, remotes });
    const mines = { ...live('mf_mines', 'mines'), routes: [{ path: '/mines', title: 'Mines' }] };
    const casino = {
      ...mines,
      name: 'mf_casino',
      area: 'casino',
      routes: [{ path: '/casino', title: 'Casino' }],
    };
    const impostor = { ...mines, name: 'mf_casino' };
    const parsed = parseRegistry(registry(mines, casino, impostor));
    expect(parsed.remotes.map((remote) => [remote.name, remote.area])).toEqual([['mf_mines', 'mines']]);
    expect(() => parseRegistry(registry({ ...casino, area: 42 }))).toThrow('remotes[0].area');
  });

  it('rejects an invalid registry, naming the field', () => {
    const withRemote = (remote: object) => ({
      revision: 'r',
      shell: null,
      remotes: [{ ...live('x', 'mines'), routes: [{ path: '/a', title: 'A' }], ...remote }],
    });
    expect(() => parseRegistry(withRemote({ routes: [{ path: 'a', title: 'A' }] }))).toThrow(
      'remotes[0].routes[0].path must match',
    );
    expect(() => parseRegistry(withRemote({ menu: [{ key: 'k', label: 'L' }] }))).toThrow(
      'remotes[0].menu[0].order must be a number',
    );
    expect(() => parseRegistry(withRemote({ routes: [] }))).toThrow('remotes[0].routes must not be empty');
    expect(() =>
      parseRegistry(
        withRemote({
          menu: [{ key: 'k', label: 'L', order: 1, children: [{ label: 'C', path: '/a', access: 'admin' }] }],
        }),
      ),
    ).toThrow('remotes[0].menu[0].children[0].access must match');
    expect(() => parseRegistry(withRemote({ name: 'bad-name' }))).toThrow('remotes[0].name must match');
    expect(() => parseRegistry(withRemote({ version: undefined }))).toThrow('remotes[0].version');
    expect(() => parseRegistry(withRemote({ previous: { version: '1' } }))).toThrow(
      'remotes[0].previous.entry',
    );
    expect(() => parseRegistry({ ...withRemote({}), revision: undefined })).toThrow('revision');
    expect(() => parseRegistry({ ...withRemote({}), shell: { commit: null } })).toThrow('shell.version');
  });

  it('finds the remote that owns a path, with parameters, and nothing for unknown paths', () => {
    expect(findRemote(registry, '/mines/dashboard')?.remote.name).toBe('mf_mines');
    expect(findRemote(registry, '/users/42')).toMatchObject({
      remote: { name: 'mf_support_users' },
      title: 'User',
    });
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
      'Releases',
      'Admins',
      'Settings',
    ]);
    expect(buildMenu(null, ['superadmin']).map((item) => item.label)).toEqual([
      'Dashboard',
      'Maintenance',
      'Audit Log',
      'Releases',
      'Admins',
      'Settings',
    ]);
  });

  it('shows an admin only the areas their roles open (issue 13)', () => {
    expect(buildMenu(registry, ['mines']).map((item) => item.label)).toEqual([
      'Dashboard',
      'Maintenance',
      'Mines',
    ]);
    expect(buildMenu(registry, ['auditor']).map((item) => item.label)).toEqual([
      'Dashboard',
      'Users',
      'Maintenance',
      'Mines',
      'Audit Log',
    ]);
    expect(buildMenu(registry, []).map((item) => item.label)).toEqual(['Dashboard', 'Maintenance']);
    // A page that only changes things is listed for the area's role, not for a reader.
    const mines = (roles: string[]) =>
      buildMenu(registry, roles)
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
