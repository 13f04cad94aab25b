/// <reference types="node" />
// Build-time only (Node): the Module Federation options every remote is built with.
import { execSync } from 'node:child_process';
import { federationShared } from './index.ts';

/** The commit of this build (GIT_COMMIT where there is no .git, as in the images), '-dirty' with local changes. */
function gitCommit(): string {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    const commit = execSync('git rev-parse --short=12 HEAD', { encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain -- . ../shared', { encoding: 'utf8' }).trim();
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}

/**
 * A remote exposes one module, `./app`, shares the console's singletons and uses the shell's federation
 * runtime core instead of carrying a copy (see shell/src/federation). Its mf-manifest.json says which
 * build it is: metaData.buildInfo.buildVersion (package.json's version, or MF_BUILD_VERSION) and .commit;
 * `pnpm run deploy` names the release folder after the version.
 */
export function remoteFederation(name: string) {
  return {
    name,
    exposes: { './app': './src/app.tsx' },
    shared: federationShared(),
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
