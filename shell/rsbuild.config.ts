import { createRequire } from 'node:module';
import { antdTransformImport } from '@backoffice/shared/mf';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { antdListChunks } from './build/antd-chunks.ts';
import { pluginPreloadSignIn } from './build/preload-sign-in.ts';

const require = createRequire(import.meta.url);
const versionOf = (pkg: string): string => require(`${pkg}/package.json`).version;

// The shell is a plain SPA: the Module Federation runtime is loaded only when a remote area opens
// (src/federation), so the sign-in page pays nothing for it.
export default defineConfig({
  plugins: [pluginReact(), pluginPreloadSignIn()],
  source: {
    entry: { index: './src/index.tsx' },
    transformImport: [antdTransformImport],
    define: {
      // The federation runtime's code for Node (script loading through vm/fetch) is dropped.
      ENV_TARGET: JSON.stringify('web'),
      __SHARED_VERSIONS__: JSON.stringify(
        Object.fromEntries(
          ['react', 'react-dom', 'react-router', 'react-router-dom', 'zustand', 'dayjs', 'antd'].map(
            (pkg) => [pkg, versionOf(pkg)],
          ),
        ),
      ),
    },
  },
  html: {
    title: 'Back Office',
    favicon: './public/favicon.svg',
    meta: { description: 'Back-office console of the gaming platform' },
    // Runtime configuration, replaceable at deploy time (spec section 1). Deferred, it blocks no parsing
    // and still runs before the app's deferred scripts (they come after it, in order).
    tags: [{ tag: 'script', attrs: { src: '/config.js', defer: true }, head: true, append: false }],
  },
  output: { copy: [] },
  server: {
    port: Number(process.env.PORT ?? 3001),
    historyApiFallback: true,
    // `pnpm dev` is one origin too, as `pnpm start` and a deployment are: /api goes to the API and the
    // dev /config.js says `live` (API at {origin}/api), so 127.0.0.1:3001 works as well as localhost.
    proxy: { '/api': 'http://127.0.0.1:3000' },
    setup: ({ action, server }) => {
      if (action !== 'dev') return;
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/config.js') return next();
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end('window.__BACKOFFICE_CONFIG__ = { live: true };\n');
      });
    },
  },
  performance: { chunkSplit: antdListChunks },
});
