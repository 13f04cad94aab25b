/**
 * The runtime registry (public/remotes.json, replaceable at deploy time): which remotes exist, where
 * their manifests live, which paths they own and what they add to the sidebar. Adding, repointing or
 * rolling back an area is an edit of this file, never a shell change.
 *
 * Checked by hand rather than with zod: the registry is read on every signed-in page, and zod would
 * add ~20 KB gzip to each of them.
 */
export interface MenuLink {
  label: string;
  path: string;
  /** 'write': a page that only changes things (e.g. Create Lottery), listed for the area's write role. */
  access?: 'write';
}

export interface MenuItem {
  key: string;
  label: string;
  icon?: string;
  /** Position in the sidebar; the shell's own entries use 0 (Dashboard) and 40 (Maintenance). */
  order: number;
  path?: string;
  children?: MenuLink[];
}

export interface RemoteEntry {
  /** The remote's federation name, e.g. 'mf_mines'; it exposes './app'. */
  name: string;
  /** The area whose role opens it (issue 13); by default its name without 'mf_' ('support_users' -> 'support-users'). */
  area?: string;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
  routes: { path: string; title: string }[];
  menu: MenuItem[];
}

export interface Registry {
  remotes: RemoteEntry[];
}

class RegistryError extends Error {
  constructor(where: string, what: string) {
    super(`Invalid area registry: ${where} ${what}`);
  }
}

type Json = Record<string, unknown>;

function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RegistryError(where, 'must be an object');
  return value as Json;
}

function array(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new RegistryError(where, 'must be a list');
  return value;
}

function text(value: unknown, where: string, pattern?: RegExp): string {
  if (typeof value !== 'string' || value === '') throw new RegistryError(where, 'must be a non-empty text');
  if (pattern && !pattern.test(value)) throw new RegistryError(where, `must match ${pattern}`);
  return value;
}

const PATH = /^\//;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function menuLink(value: unknown, where: string): MenuLink {
  const link = object(value, where);
  return {
    label: text(link.label, `${where}.label`),
    path: text(link.path, `${where}.path`, PATH),
    ...(link.access === undefined
      ? {}
      : { access: text(link.access, `${where}.access`, /^write$/) as 'write' }),
  };
}

function menuItem(value: unknown, where: string): MenuItem {
  const item = object(value, where);
  if (typeof item.order !== 'number') throw new RegistryError(`${where}.order`, 'must be a number');
  return {
    key: text(item.key, `${where}.key`),
    label: text(item.label, `${where}.label`),
    order: item.order,
    ...(item.icon === undefined ? {} : { icon: text(item.icon, `${where}.icon`) }),
    ...(item.path === undefined ? {} : { path: text(item.path, `${where}.path`, PATH) }),
    ...(item.children === undefined
      ? {}
      : {
          children: array(item.children, `${where}.children`).map((child, i) =>
            menuLink(child, `${where}.children[${i}]`),
          ),
        }),
  };
}

function remoteEntry(value: unknown, where: string): RemoteEntry {
  const remote = object(value, where);
  const routes = array(remote.routes, `${where}.routes`).map((value, i) => {
    const route = object(value, `${where}.routes[${i}]`);
    return {
      path: text(route.path, `${where}.routes[${i}].path`, PATH),
      title: text(route.title, `${where}.routes[${i}].title`),
    };
  });
  if (routes.length === 0) throw new RegistryError(`${where}.routes`, 'must not be empty');
  return {
    name: text(remote.name, `${where}.name`, NAME),
    ...(remote.area === undefined ? {} : { area: text(remote.area, `${where}.area`) }),
    entry: text(remote.entry, `${where}.entry`),
    routes,
    menu: array(remote.menu ?? [], `${where}.menu`).map((item, i) => menuItem(item, `${where}.menu[${i}]`)),
  };
}

/** The registry, checked; throws an Error naming the first invalid field. */
export function parseRegistry(value: unknown): Registry {
  const registry = object(value, 'the file');
  return {
    remotes: array(registry.remotes, 'remotes').map((remote, i) => remoteEntry(remote, `remotes[${i}]`)),
  };
}

export async function fetchRegistry(url = '/remotes.json'): Promise<Registry> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The area registry could not be loaded (HTTP ${response.status})`);
  return parseRegistry(await response.json());
}
