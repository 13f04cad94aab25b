import { antdTransformImport } from '@backoffice/shared/mf';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { sharedVersionsDefine } from './build/shared-versions.ts';

// The release gate's smoke host (smoke/smoke.tsx), built before the console (`pnpm -C shell build`) into
// dist-smoke/, which the console's build copies to dist/smoke/: every shell release carries the host
// that checks a remote against its shared modules.
export default defineConfig({
  plugins: [pluginReact()],
  source: {
    entry: { index: './smoke/smoke.tsx' },
    transformImport: [antdTransformImport],
    define: {
      ENV_TARGET: JSON.stringify('web'),
      __SHARED_VERSIONS__: sharedVersionsDefine(),
    },
  },
  html: { title: 'Smoke host' },
  server: { publicDir: false },
  output: { distPath: { root: 'dist-smoke' }, assetPrefix: '/smoke/', copy: [] },
});
