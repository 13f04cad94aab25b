/**
 * The ONE Module Federation shared-dependency config, used by the shell and every remote.
 *
 * Singletons (React, the router, zustand, the shared package) must be one instance on the page.
 * antd is shared per component (`antd/es/<component>`, imports rewritten by `antdTransformImport`)
 * rather than as one whole package: a page then downloads only the components it renders, and
 * every component comes from the shell's build, so antd's internals and contexts exist once.
 */
import { antdComponents } from './antd-components.ts';

export { antdComponents };

type SharedEntry = { singleton: boolean; requiredVersion?: string | false; eager?: boolean };

const singletons = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'zustand',
  'dayjs',
  '@backoffice/shared/contract',
  '@backoffice/shared/format',
  '@backoffice/shared/rules',
  '@backoffice/shared/host',
];

export function federationShared(): Record<string, SharedEntry> {
  const shared: Record<string, SharedEntry> = {};
  for (const name of singletons) shared[name] = { singleton: true };
  for (const component of antdComponents) shared[`antd/es/${component}`] = { singleton: true };
  return shared;
}

/** Rsbuild `source.transformImport` rule: `import { Table } from 'antd'` -> `antd/es/table`. */
export const antdTransformImport = {
  libraryName: 'antd',
  libraryDirectory: 'es',
  camelToDashComponentName: true,
  transformToDefaultImport: true,
};
