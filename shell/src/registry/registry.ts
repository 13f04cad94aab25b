import type { ConsoleRegistry, RegistryRemote } from '@backoffice/shared/contract';
import { type CohortRule, inCohort } from '@backoffice/shared/contract/cohorts';
import * as endpoints from '@backoffice/shared/endpoints';
import { findArea, type GovernanceRole } from '@backoffice/shared/permissions';
import { runtimeConfig } from '../config.ts';

/**
 * The runtime registry (docs/operations.md#releases): the live version of the shell and of each area, kept by
 * the API (`GET /console/registry`, which the console's server also inlines into index.html). For each area:
 * where its live build's mf-manifest.json is and the integrity of its first files, the version before it
 * (loaded when the live one fails), a version live for a cohort of admins, which paths it owns and what it
 * adds to the sidebar. Deploying or rolling back an area changes the API's answer, never the shell.
 *
 * Checked by hand rather than with the contract's zod schema: the registry is read on every signed-in
 * page, and zod would add ~20 KB gzip to each of them. Only the contract's types are imported.
 */
export type Registry = ConsoleRegistry;
export type RemoteEntry = RegistryRemote;
export type MenuItem = RemoteEntry['menu'][number];
export type MenuLink = NonNullable<MenuItem['children']>[number];

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

function textOrNull(value: unknown, where: string): string | null {
  return value === null || value === undefined ? null : text(value, where);
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

function area(value: unknown, where: string): RemoteEntry['area'] {
  return text(value, where) as RemoteEntry['area'];
}

/**
 * Whether a remote is an area of the manifest (areas.json) under that area's federation name. Any other
 * is closed: the shell leaves it out, so it gets no route, no sidebar entry and is never loaded.
 */
function inManifest(remote: RemoteEntry): boolean {
  const entry = findArea(remote.area);
  return entry?.id === remote.area && entry.name === remote.name;
}

/** File -> 'sha256-...' (absent from a registry older than integrity checks: nothing to check then). */
function integrity(value: unknown, where: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  return Object.fromEntries(
    Object.entries(object(value, where)).map(([file, hash]) => [file, text(hash, `${where}.${file}`, SRI)]),
  );
}

const SRI = /^sha(256|384|512)-[A-Za-z0-9+/]+=*$/;

function build(value: unknown, where: string) {
  const version = object(value, where);
  return {
    version: text(version.version, `${where}.version`),
    entry: text(version.entry, `${where}.entry`),
    integrity: integrity(version.integrity, `${where}.integrity`),
  };
}

function routesAndMenu(value: Json, where: string) {
  const routes = array(value.routes, `${where}.routes`).map((route, i) => {
    const checked = object(route, `${where}.routes[${i}]`);
    return {
      path: text(checked.path, `${where}.routes[${i}].path`, PATH),
      title: text(checked.title, `${where}.routes[${i}].title`),
    };
  });
  if (routes.length === 0) throw new RegistryError(`${where}.routes`, 'must not be empty');
  const menu = array(value.menu ?? [], `${where}.menu`).map((item, i) =>
    menuItem(item, `${where}.menu[${i}]`),
  );
  return { routes, menu };
}

function cohortRule(value: unknown, where: string): CohortRule {
  const rule = object(value, where);
  if (rule.kind === 'ops') return { kind: 'ops' };
  if (rule.kind === 'role') return { kind: 'role', role: text(rule.role, `${where}.role`) as GovernanceRole };
  if (rule.kind === 'percent' && typeof rule.percent === 'number')
    return { kind: 'percent', percent: rule.percent };
  throw new RegistryError(where, 'must be a cohort (ops, role or percent)');
}

function cohort(value: unknown, where: string): RemoteEntry['cohort'] {
  if (value === null || value === undefined) return null;
  const checked = object(value, where);
  return {
    ...build(checked, where),
    commit: textOrNull(checked.commit, `${where}.commit`),
    rule: cohortRule(checked.rule, `${where}.rule`),
    ...routesAndMenu(checked, where),
  };
}

function remoteEntry(value: unknown, where: string): RemoteEntry {
  const remote = object(value, where);
  return {
    name: text(remote.name, `${where}.name`, NAME),
    area: area(remote.area, `${where}.area`),
    ...build(remote, where),
    commit: textOrNull(remote.commit, `${where}.commit`),
    previous:
      remote.previous === null || remote.previous === undefined
        ? null
        : build(remote.previous, `${where}.previous`),
    cohort: cohort(remote.cohort, `${where}.cohort`),
    ...routesAndMenu(remote, where),
  };
}

/**
 * The registry as `admin` sees it: an area with a version live for a cohort the admin belongs to has
 * that version (its routes and menu too), falling back to the live one, which becomes its previous.
 * The same answer for the same admin on every page and replica (inCohort is a pure rule).
 */
export function registryFor(
  registry: Registry,
  admin: { id: number; roles: readonly string[] } | null,
): Registry {
  if (!admin || registry.remotes.every((remote) => !remote.cohort)) return registry;
  return {
    ...registry,
    remotes: registry.remotes.map((remote) => {
      const { cohort } = remote;
      if (!cohort || !inCohort(cohort.rule, admin, remote.area)) return remote;
      return {
        ...remote,
        version: cohort.version,
        entry: cohort.entry,
        integrity: cohort.integrity,
        commit: cohort.commit,
        routes: cohort.routes,
        menu: cohort.menu,
        previous: { version: remote.version, entry: remote.entry, integrity: remote.integrity },
      };
    }),
  };
}

/** The registry (the envelope's `data`), checked; throws an Error naming the first invalid field. */
export function parseRegistry(value: unknown): Registry {
  const registry = object(value, 'the registry');
  const shell =
    registry.shell === null || registry.shell === undefined ? null : object(registry.shell, 'shell');
  return {
    revision: text(registry.revision, 'revision'),
    shell: shell && {
      version: text(shell.version, 'shell.version'),
      commit: textOrNull(shell.commit, 'shell.commit'),
      previous: textOrNull(shell.previous, 'shell.previous'),
    },
    remotes: array(registry.remotes, 'remotes')
      .map((remote, i) => remoteEntry(remote, `remotes[${i}]`))
      .filter(inManifest),
  };
}

/**
 * The registry the console's server inlined into index.html (`window.__BACKOFFICE_REGISTRY__`): the
 * first page needs no request for it. Null when absent or invalid (the console then asks the API).
 */
export function inlineRegistry(): Registry | null {
  const inlined = (globalThis as { __BACKOFFICE_REGISTRY__?: unknown }).__BACKOFFICE_REGISTRY__;
  if (inlined === undefined || inlined === null) return null;
  try {
    return parseRegistry(inlined);
  } catch (error) {
    console.warn('Ignoring the inlined area registry', error);
    return null;
  }
}

/**
 * Reads the registry from the API. `no-cache` revalidates: the browser sends the ETag it holds and an
 * unchanged registry costs a 304 (handed to us as the cached 200).
 */
export async function fetchRegistry(apiBaseUrl = runtimeConfig.apiBaseUrl): Promise<Registry> {
  const response = await fetch(`${apiBaseUrl}${endpoints.consoleRegistry.path}`, {
    cache: 'no-cache',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The area registry could not be loaded (HTTP ${response.status})`);
  return parseRegistry(object(await response.json(), 'the answer').data);
}
