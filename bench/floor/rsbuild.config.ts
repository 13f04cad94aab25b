import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// The floor: the smallest honest React + antd build of the same sign-in form, with Rsbuild's
// production defaults. The console's sign-in page is measured against it.
export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './src/index.tsx' } },
  html: { title: 'Sign In | Floor' },
  output: { distPath: { root: 'dist' }, cleanDistPath: true },
});
