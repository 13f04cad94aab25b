/**
 * The ONE Module Federation shared-dependency config, used by the shell and every remote.
 *
 * Only what must be ONE instance on the page is shared: React (hooks), the router (its contexts) and
 * antd (its contexts and styles, and its size). Stateless code (@backoffice/shared, zod, dayjs, icons)
 * is bundled by each app, tree-shaken to what it uses.
 *
 * - antd is shared per component (`antd/es/<component>`; `antdTransformImport` rewrites
 *   `import { Table } from 'antd'`), so a page downloads only the components it renders, all from
 *   the shell's build, where antd's internals exist once.
 * - The router is shared as the `routerExports` subset below: the shell provides exactly these (a
 *   shared module cannot be tree-shaken, and the whole of react-router would weigh on every page).
 *   Remotes may import only these names; a test in the shell checks every app against the list.
 */
import { antdComponents, antdListComponents } from './antd-components.ts';
import { routerExports } from './router-exports.ts';

export { antdComponents, antdListComponents, routerExports };

type SharedEntry = { singleton: true; strictVersion: true; requiredVersion?: string };

export const singletonPackages = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'] as const;
export const routerPackages = ['react-router', 'react-router-dom'] as const;

/**
 * Strict singletons: a remote whose required range the shell's version does not satisfy fails to load
 * (and the shell falls back to the area's previous version) rather than running against the wrong React
 * or antd. `ranges` are the app's own dependency ranges (package.json), so a range means what its team
 * wrote; the release gate checks the same ranges before a version goes live (api/src/modules/releases).
 */
export function federationShared(ranges: Record<string, string> = {}): Record<string, SharedEntry> {
  const names = [...singletonPackages, ...routerPackages, ...antdComponents.map((c) => `antd/es/${c}`)];
  return Object.fromEntries(
    names.map((name) => {
      const range = ranges[packageOf(name)];
      return [name, { singleton: true, strictVersion: true, ...(range ? { requiredVersion: range } : {}) }];
    }),
  );
}

/** 'antd/es/table' -> 'antd', 'react/jsx-runtime' -> 'react', '@backoffice/shared/host' -> '@backoffice/shared'. */
export function packageOf(shareName: string): string {
  const parts = shareName.split('/');
  return shareName.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? shareName);
}

/** Rsbuild `source.transformImport` rule: `import { Table } from 'antd'` -> `antd/es/table`. */
export const antdTransformImport = {
  libraryName: 'antd',
  libraryDirectory: 'es',
  camelToDashComponentName: true,
  transformToDefaultImport: true,
};
