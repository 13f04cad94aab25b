// The static side of scripts/serve.mjs: files through serve-static (send refuses `..`, encoded or not,
// and NUL, so nothing outside a served folder is reachable), brotli or gzip through compression (each file's
// compressed answer kept in memory, see cache.mjs), plus the deploy-time overrides (BACKOFFICE_CONFIG,
// REMOTES_REGISTRY), mounted folders and the SPA fallback.
import { readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { constants } from 'node:zlib';
import compression from 'compression';
import serveStatic from 'serve-static';
import { createCompressedCache, noteFile } from './cache.mjs';

// Only content-hashed build output may be cached for good; everything else (index.html, config.js,
// remotes.json, mf-manifest.json, public files) is replaced at deploy time.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASHED = /(^|\/)static\//;

function commonHeaders(res, pathname) {
  res.setHeader('Cache-Control', HASHED.test(pathname.slice(1)) ? IMMUTABLE : 'no-cache');
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

function files(dir, index) {
  return serveStatic(resolve(dir), {
    index: index ? ['index.html'] : false,
    redirect: false,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders: noteFile,
  });
}

/** Deploy-time replacements of two files of the shell's dist, read on every request. */
function overridden(pathname) {
  if (pathname === '/config.js' && process.env.BACKOFFICE_CONFIG) {
    const config = JSON.parse(process.env.BACKOFFICE_CONFIG);
    return {
      type: 'text/javascript; charset=utf-8',
      body: `window.__BACKOFFICE_CONFIG__ = ${JSON.stringify(config)};\n`,
    };
  }
  if (pathname === '/remotes.json' && process.env.REMOTES_REGISTRY) {
    return { type: 'application/json; charset=utf-8', body: readFileSync(process.env.REMOTES_REGISTRY) };
  }
  return null;
}

function text(res, status, body) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.end(body);
}

/**
 * `dir`: the app's dist; `spa`: unknown paths without an extension answer index.html; `mounts`:
 * [{ prefix: '/remotes', dir }] served below their prefix (no fallback, no index).
 * Returns `(req, res, pathname) => void` for GET and HEAD.
 */
export function createStaticHandler({ dir, spa, mounts }) {
  // The best levels: each file is compressed once per version (cache.mjs), so their cost is paid once,
  // and brotli at 11 sends about 13% fewer bytes of JS than at compression's default of 4.
  const gzip = compression({
    level: 9,
    threshold: 0,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } },
  });
  const cache = createCompressedCache();
  const app = files(dir, true);
  const mounted = mounts.map((mount) => ({ prefix: mount.prefix, serve: files(mount.dir, false) }));

  const notFoundOr500 = (res) => (error) => {
    if (res.headersSent) return res.destroy();
    if (error && !(error.statusCode < 500)) {
      console.error(error);
      return text(res, 500, 'Internal error');
    }
    text(res, 404, 'Not found');
  };

  return function handle(req, res, pathname) {
    // The overridden files never come from serve-static, so the cache never holds them.
    if (cache.replay(req, res)) return;
    cache.record(req, res);
    gzip(req, res, () => {
      commonHeaders(res, pathname);
      const replaced = overridden(pathname);
      if (replaced) {
        res.setHeader('Content-Type', replaced.type);
        return res.end(req.method === 'HEAD' ? undefined : replaced.body);
      }
      // Matched on the raw target, so the prefix cut below is exact.
      const mount = mounted.find((m) => req.url.startsWith(`${m.prefix}/`));
      if (mount) {
        req.url = req.url.slice(mount.prefix.length);
        return mount.serve(req, res, notFoundOr500(res));
      }
      app(req, res, (error) => {
        if (error || !spa || extname(pathname)) return notFoundOr500(res)(error);
        commonHeaders(res, '/index.html');
        req.url = '/index.html';
        app(req, res, notFoundOr500(res));
      });
    });
  };
}
