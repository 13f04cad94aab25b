import { execSync } from 'node:child_process';
import { antdTransformImport, federationShared } from '@backoffice/shared/mf';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

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

// A remote: built, versioned and served on its own; the shell finds it through its registry.
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'mf_finance',
      exposes: { './app': './src/app.tsx' },
      shared: federationShared(),
      dts: false,
      // Uses the shell's federation runtime core instead of carrying a copy (see shell/src/federation).
      experiments: { externalRuntime: true },
      // mf-manifest.json says which build it is: metaData.buildInfo.buildVersion (package.json's version,
      // or MF_BUILD_VERSION) and .commit. `pnpm run deploy` names the release folder after the version.
      manifest: {
        additionalData: ({ stats }) => {
          Object.assign(stats.metaData.buildInfo, { commit: gitCommit() });
          return stats;
        },
      },
    }),
  ],
  source: { entry: { index: './src/index.ts' }, transformImport: [antdTransformImport] },
  html: { title: 'mf-finance' },
  server: { port: Number(process.env.PORT ?? 3003), cors: { origin: '*' } },
  // 'auto': the remote's files are fetched from wherever its manifest is served, so a build can be
  // moved, repointed or rolled back through the registry without a rebuild.
  output: { assetPrefix: 'auto' },
});
