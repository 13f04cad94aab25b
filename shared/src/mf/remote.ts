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
    experiments: { externalRuntime: true },
    manifest: {
      additionalData: ({ stats }: { stats: { metaData: { buildInfo: object } } }) => {
        Object.assign(stats.metaData.buildInfo, { commit: gitCommit() });
      },
    },
  };
}
