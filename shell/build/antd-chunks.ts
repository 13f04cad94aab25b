import type { RsbuildConfig } from '@rsbuild/core';

type ModuleTest = (
  module: unknown,
  context: { chunkGraph: { getModuleChunks(module: unknown): Array<{ name?: string | undefined }> } },
) => boolean;

const inChunk =
  (...names: string[]): ModuleTest =>
  (module, { chunkGraph }) =>
    chunkGraph
      .getModuleChunks(module)
      .some((chunk) => chunk.name !== undefined && names.includes(chunk.name));

const listModule = inChunk('antd-list');
/** A package only the dashboard's charts use (src/features/dashboard/TrendPlot.tsx, chunk 'charts'). */
const chartsOnlyPackage: ModuleTest = (module, { chunkGraph }) => {
  const resource = (module as { resource?: string }).resource ?? '';
  const chunks = chunkGraph.getModuleChunks(module);
  return (
    resource.includes('node_modules') && chunks.length > 0 && chunks.every((chunk) => chunk.name === 'charts')
  );
};
/** Used by a page every signed-in admin loads: the layout, the dashboard (where an admin lands). */
const everyAdminModule = inChunk('layout', 'dashboard');

/**
 * The antd components every list page renders are imported under one chunk name, 'antd-list'
 * (src/federation/provided.ts). Left alone, the bundler would cut that chunk into dozens of small ones,
 * one per set of pages sharing a module (the shell's own pages use antd too), each compressed alone.
 * Here its modules make two files: 'antd-core', what the layout and the dashboard also use (antd's
 * styles engine, icons, Button, Tag...), and 'antd-list', the rest (Table, Form, Select, Modal...). A
 * shell page that needs one of their modules loads that file. The two tests are disjoint: a group
 * whose test matched a module of a chunk makes that chunk load its file, even when the other group took
 * the module.
 */
export const antdListChunks: NonNullable<RsbuildConfig['performance']>['chunkSplit'] = {
  strategy: 'split-by-experience',
  override: {
    cacheGroups: {
      antdCore: {
        test: (module, context) => listModule(module, context) && everyAdminModule(module, context),
        name: 'antd-core',
        chunks: 'async',
        enforce: true,
      },
      antdList: {
        test: (module, context) => listModule(module, context) && !everyAdminModule(module, context),
        name: 'antd-list',
        chunks: 'async',
        enforce: true,
      },
      // The chart library (@ant-design/plots and the AntV packages under it) under one name, so a
      // test can tell that the sign-in and list pages never fetch it (e2e/tests/chart-chunks.spec.ts).
      chartsLib: {
        test: chartsOnlyPackage,
        name: 'charts-lib',
        chunks: 'async',
        enforce: true,
      },
    },
  },
};
