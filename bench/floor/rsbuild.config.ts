import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// The floors: the smallest honest React + antd builds of the same sign-in form (index) and of a list
// page (list.html), with Rsbuild's production defaults. The console's pages are measured against them.
export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './src/index.tsx', list: './src/list-entry.tsx' } },
  html: { title: 'Sign In | Floor' },
  output: { distPath: { root: 'dist' }, cleanDistPath: true },
});
