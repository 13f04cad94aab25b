/// <reference types="node" />
// Build-time only (Node): the Module Federation options every remote is built with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { findArea } from '../contract/areas.ts';
import type { AreaRoutes } from '../contract/releases.ts';
import { antdTransformImport, federationShared } from './index.ts';
import { buildVersion, gitCommit, pluginReleaseInfo, writeManifestIntegrity } from './release-info.ts';

/**
 * A remote exposes one module, `./app`, shares the console's singletons and uses the shell's federation
 * runtime core instead of carrying a copy (see shell/src/federation). Its mf-manifest.json says which
 * build it is: metaData.buildInfo.buildVersion (package.json's version, or MF_BUILD_VERSION) and .commit;
 * `pnpm run deploy` names the release folder after the version.
 */
export function remoteFederation(name: string, appDir = process.cwd()) {
  const pkg = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
  return {
    name,
    exposes: { './app': './src/app.tsx' },
    shared: federationShared(pkg.dependencies),
    dts: false,
    experiments: { externalRuntime: true, optimization: { target: 'web' as const } },
    manifest: {
      additionalData: ({ stats }: { stats: { metaData: { buildInfo: object } } }) => {
        Object.assign(stats.metaData.buildInfo, { commit: gitCommit() });
      },
    },
  };
}

/** The CommonJS builds of the federation runtime that rspack's federation plugin puts in a remote's entry. */
const federationRuntimeCjs =
  /@module-federation[\\/](webpack-bundler-runtime|runtime)[\\/]dist[\\/]index\.cjs$/;

interface RspackReplacement {
  NormalModuleReplacementPlugin: new (
    pattern: RegExp,
    replace: (resource: { request: string; createData?: { resource?: string } }) => void,
  ) => unknown;
}

/**
 * Rsbuild plugin: a remote's entry carries the federation runtime as ES modules. Rspack's federation
 * plugin finds that runtime with require(), so it bundles the CommonJS build, which cannot be tree-shaken
 * (script loading for Node, manifest helpers the entry never calls): about 8 KB gzip more per remote.
 */
export const pluginFederationRuntimeEsm = {
  name: 'backoffice:federation-runtime-esm',
  setup(api: {
    modifyRspackConfig(
      modify: (config: { plugins?: unknown[] }, utils: { rspack: RspackReplacement }) => void,
    ): void;
  }) {
    api.modifyRspackConfig((config, { rspack }) => {
      config.plugins ??= [];
      config.plugins.push(
        // Called before resolution (the request) and after it (the resolved file, for a bare import).
        new rspack.NormalModuleReplacementPlugin(federationRuntimeCjs, (resource) => {
          resource.request = resource.request.replace(/\.cjs$/, '.js');
          if (resource.createData?.resource)
            resource.createData.resource = resource.createData.resource.replace(/\.cjs$/, '.js');
        }),
      );
    });
  },
};

/**
 * Rsbuild plugin, for a remote released on its own:
 * - its release.json (shared/src/mf/release-info.ts), with the routes and sidebar entries of its
 *   area.json, so an area's screens ship, and roll back, with the area;
 * - each version loads its chunks through a global of its own, so the console can load another version
 *   of the area in the same page (a rollback, a fallback, a preview): with one global per remote name, a
 *   new version's entry would take the chunks the old version had already installed;
 * - a module that throws while it is evaluated throws again at the next import (rspack's default keeps
 *   it half-evaluated in its cache, and a second load of a broken version would then "succeed").
 */
export function pluginRemoteRelease(name: string, appDir = process.cwd()) {
  const version = buildVersion(appDir);
  const info = pluginReleaseInfo(() => ({
    name,
    version,
    area: JSON.parse(readFileSync(join(appDir, 'area.json'), 'utf8')) as AreaRoutes,
  }));
  return {
    name: 'backoffice:remote-release',
    setup(api: Parameters<typeof info.setup>[0] & RspackConfigApi) {
      // Before release.json (the next one), which records the manifest as this leaves it; a failed
      // build has no manifest to complete.
      api.onAfterBuild(({ stats }) => {
        if (!stats?.hasErrors()) writeManifestIntegrity(api.context.distPath);
      });
      info.setup(api);
      api.modifyRspackConfig((config) => {
        config.output ??= {};
        config.output.chunkLoadingGlobal = `chunk_${name}_${version.replace(/\W/g, '_')}`;
        config.output.strictModuleExceptionHandling = true;
      });
    },
  };
}

interface RspackConfigApi {
  modifyRspackConfig(
    modify: (config: {
      output?: { chunkLoadingGlobal?: string; strictModuleExceptionHandling?: boolean };
    }) => void,
  ): void;
}

export interface RemoteConfigOptions {
  /** The area's id in areas.json ('mines'): its federation name, folder and dev port come from there. */
  area: string;
  /** The remote's package folder (default: where rsbuild runs). */
  appDir?: string;
  /** Anything else for this remote's rsbuild config, merged over the defaults. */
  config?: RsbuildConfig;
}

/**
 * A remote's whole rsbuild config (mf-<area>/rsbuild.config.ts): built, versioned and served on its own;
 * the shell finds it through its registry. An area missing from areas.json does not build.
 */
export function defineRemoteConfig({ area, appDir = process.cwd(), config = {} }: RemoteConfigOptions) {
  const entry = findArea(area);
  if (!entry || entry.id !== area)
    throw new Error(`"${area}" is not an area of areas.json (docs/add-an-area.md)`);
  return defineConfig({
    ...config,
    plugins: [
      pluginReact(),
      pluginModuleFederation(remoteFederation(entry.name, appDir)),
      pluginFederationRuntimeEsm,
      pluginRemoteRelease(entry.name, appDir),
      ...(config.plugins ?? []),
    ],
    source: { entry: { index: './src/index.ts' }, transformImport: [antdTransformImport], ...config.source },
    html: { title: entry.dir, ...config.html },
    // Each chunk the remote's entry loads carries its SHA-256 there, and the browser checks it
    // (docs/operations.md#release-integrity); the manifest and the files it names are checked against
    // the registry's hash and the manifest's own list (writeManifestIntegrity).
    security: { sri: { enable: 'auto', algorithm: 'sha256' }, ...config.security },
    server: { port: Number(process.env.PORT ?? entry.port), cors: { origin: '*' }, ...config.server },
    // 'auto': the remote's files are fetched from wherever its manifest is served, so a build can be
    // moved, repointed or rolled back through the registry without a rebuild.
    output: { assetPrefix: 'auto', ...config.output },
  });
}
