import { antdTransformImport } from '@backoffice/shared/mf';
import {
  pluginFederationRuntimeEsm,
  pluginRemoteRelease,
  remoteFederation,
} from '@backoffice/shared/mf/remote';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// A remote: built, versioned and served on its own; the shell finds it through its registry.
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation(remoteFederation('mf_lottery')),
    pluginFederationRuntimeEsm,
    pluginRemoteRelease('mf_lottery'),
  ],
  source: { entry: { index: './src/index.ts' }, transformImport: [antdTransformImport] },
  html: { title: 'mf-lottery' },
  server: { port: Number(process.env.PORT ?? 3002), cors: { origin: '*' } },
  // 'auto': the remote's files are fetched from wherever its manifest is served, so a build can be
  // moved, repointed or rolled back through the registry without a rebuild.
  output: { assetPrefix: 'auto' },
});
