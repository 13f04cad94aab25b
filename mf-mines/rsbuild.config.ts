import { antdTransformImport, federationShared } from '@backoffice/shared/mf';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// A remote: built, versioned and served on its own; the shell finds it through its registry.
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'mf_mines',
      exposes: { './app': './src/app.tsx' },
      shared: federationShared(),
      dts: false,
      // Uses the shell's federation runtime core instead of carrying a copy (see shell/src/federation).
      experiments: { externalRuntime: true },
    }),
  ],
  source: { entry: { index: './src/index.ts' }, transformImport: [antdTransformImport] },
  html: { title: 'mf-mines' },
  server: { port: Number(process.env.PORT ?? 3005), cors: { origin: '*' } },
  // 'auto': the remote's files are fetched from wherever its manifest is served, so a build can be
  // moved, repointed or rolled back through the registry without a rebuild.
  output: { assetPrefix: 'auto' },
});
