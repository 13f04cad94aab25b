import type { RsbuildConfig } from '@rsbuild/core';

type CacheGroupTest = (
  module: unknown,
  context: { chunkGraph: { getModuleChunks(module: unknown): Array<{ name?: string | undefined }> } },
) => boolean;

const inListChunk: CacheGroupTest = (module, { chunkGraph }) =>
  chunkGraph.getModuleChunks(module).some((chunk) => chunk.name === 'antd-list');

/**
 * The antd components every list page renders are imported under one chunk name, 'antd-list'
 * (src/federation/provided.ts). Without this group the bundler would still cut that chunk into dozens of
 * small ones, one per set of pages that shares a module (the shell's own pages use antd too). Here every
 * module of 'antd-list' stays in it, and the shell's pages that need one of them load 'antd-list'.
 */
export const antdListChunk: NonNullable<RsbuildConfig['performance']>['chunkSplit'] = {
  strategy: 'split-by-experience',
  override: {
    cacheGroups: {
      antdList: { test: inListChunk, name: 'antd-list', chunks: 'async', enforce: true, priority: 100 },
    },
  },
};
