import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { antdTransformImport, federationShared, packageOf } from '@backoffice/shared/mf';
import { buildVersion, pluginReleaseInfo } from '@backoffice/shared/mf/release-info';
import { type AreaManifestEntry, areaManifest } from '@backoffice/shared/permissions';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { antdListChunks } from './build/antd-chunks.ts';
import { pluginAntdStyles } from './build/antd-styles.ts';
import { pluginPreloadIntegrity } from './build/integrity.ts';
import { pluginPreloadGroups } from './build/preload-groups.ts';
import { pluginPreloadSignIn } from './build/preload-sign-in.ts';
import { sharedVersionsDefine, versionOf } from './build/shared-versions.ts';

/** The release gate checks every live remote's requirements against these (shared/src/mf/release-info.ts). */
const provides = () =>
  Object.fromEntries(Object.keys(federationShared()).map((name) => [name, versionOf(packageOf(name))]));

// The shell is a plain SPA: the Module Federation runtime is loaded only when a remote area opens
// (src/federation), so the sign-in page pays nothing for it.
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginAntdStyles(),
    pluginPreloadSignIn(),
    pluginPreloadGroups(),
    // After the two above have written their lists, before release.json records the files.
    pluginPreloadIntegrity(),
    pluginReleaseInfo(() => ({
      name: 'shell',
      version: buildVersion(fileURLToPath(new URL('.', import.meta.url))),
      provides: provides(),
    })),
  ],
  source: {
    entry: { index: './src/index.tsx' },
    transformImport: [antdTransformImport],
    define: {
      // The federation runtime's code for Node (script loading through vm/fetch) is dropped.
      ENV_TARGET: JSON.stringify('web'),
      __SHARED_VERSIONS__: sharedVersionsDefine(),
    },
  },
  html: {
    // Rsbuild's default template has no `lang`: screen readers need it to pick a voice (WCAG 3.1.1).
    template: './index.html',
    title: 'Back Office',
    favicon: './public/favicon.svg',
    meta: { description: 'Back-office console of the gaming platform' },
    // Runtime configuration, replaceable at deploy time (README.md). Deferred, it blocks no parsing
    // and still runs before the app's deferred scripts (they come after it, in order).
    tags: [{ tag: 'script', attrs: { src: '/config.js', defer: true }, head: true, append: false }],
  },
  // The release gate's smoke host, built just before (rsbuild.smoke.config.ts), ships in every release.
  output: {
    copy: existsSync('dist-smoke') ? [{ from: 'dist-smoke', to: 'smoke', info: { minimized: true } }] : [],
  },
  server: {
    port: Number(process.env.PORT ?? 3001),
    historyApiFallback: true,
    // `pnpm dev` is one origin too, as `pnpm start` and a deployment are: /api goes to the API and the
    // dev /config.js says `live` (API at {origin}/api), so 127.0.0.1:3001 works as well as localhost.
    proxy: { '/api': 'http://127.0.0.1:3000' },
    setup: ({ action, server }) => {
      if (action !== 'dev') return;
      // The dev console's registry (the API's names released builds, which `pnpm dev` has not): every
      // area of the manifest (areas.json) on its dev server, with the routes and menu of its area.json.
      // Read at each request, so a new area.json shows at the next page load.
      const workspace = fileURLToPath(new URL('..', import.meta.url));
      const devRemote = ({ id, name, dir, port }: AreaManifestEntry) => {
        const file = join(workspace, dir, 'area.json');
        if (!existsSync(file)) return [];
        const { routes, menu } = JSON.parse(readFileSync(file, 'utf8'));
        const entry = `http://localhost:${port}/mf-manifest.json`;
        return [
          {
            name,
            area: id,
            version: 'dev',
            commit: null,
            entry,
            previous: null,
            routes,
            menu,
          },
        ];
      };
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0];
        if (req.method === 'GET' && path === '/api/console/registry') {
          const data = { revision: 'dev', shell: null, remotes: areaManifest.flatMap(devRemote) };
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify({ success: true, message: 'Registry retrieved successfully', data }));
          return;
        }
        if (path !== '/config.js') return next();
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end('window.__BACKOFFICE_CONFIG__ = { live: true };\n');
      });
    },
  },
  performance: { chunkSplit: antdListChunks },
  // Every script and stylesheet is loaded with its SHA-256, index.html's and each lazy chunk's alike
  // (docs/operations.md#release-integrity): no CDN or proxy in front can change them.
  security: { sri: { enable: 'auto', algorithm: 'sha256' } },
});
