// The static side of scripts/serve.mjs: files through serve-static (send refuses `..`, encoded or not,
// and NUL, so nothing outside a served folder is reachable), brotli or gzip through compression (each file's
// compressed answer kept in memory, see cache.mjs), plus the deploy-time overrides (BACKOFFICE_CONFIG,
// REMOTES_REGISTRY), mounted folders and the SPA fallback.
import { extname, resolve } from 'node:path';
import { constants } from 'node:zlib';
import compression from 'compression';
import serveStatic from 'serve-static';
import { createCompressedCache, noteFile } from './cache.mjs';
import { indexHtml, shellFolders } from './live-shell.mjs';

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
    fallthrough: true,
    redirect: false,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders: noteFile,
  });
}

/** The deploy-time replacement of the shell's /config.js (BACKOFFICE_CONFIG), read on every request. */
function overridden(pathname) {
  if (pathname !== '/config.js' || !process.env.BACKOFFICE_CONFIG) return null;
  const config = JSON.parse(process.env.BACKOFFICE_CONFIG);
  return {
    type: 'text/javascript; charset=utf-8',
    body: `window.__BACKOFFICE_CONFIG__ = ${JSON.stringify(config)};\n`,
  };
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
 * With `registry` (live-shell.mjs's reader) and `releasesDir`, the shell's files come from the live
 * shell release (`dir` until one is published), and index.html carries the registry.
 * Returns `(req, res, pathname) => void` for GET and HEAD.
 */
export function createStaticHandler({ dir, spa, mounts, releasesDir = null, registry = null }) {
  // The best levels: each file is compressed once per version (cache.mjs), so their cost is paid once,
  // and brotli at 11 sends about 13% fewer bytes of JS than at compression's default of 4.
  const gzip = compression({
    level: 9,
    threshold: 0,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } },
  });
  const cache = createCompressedCache();
  const mounted = mounts.map((mount) => ({ prefix: mount.prefix, serve: files(mount.dir, false) }));
  const shells = new Map();
  const shellFiles = (shellDir) => {
    if (!shells.has(shellDir)) shells.set(shellDir, files(shellDir, false));
    return shells.get(shellDir);
  };

  const notFoundOr500 = (res) => (error) => {
    if (res.headersSent) return res.destroy();
    if (error && !(error.statusCode < 500)) {
      console.error(error);
      return text(res, 500, 'Internal error');
    }
    text(res, 404, 'Not found');
  };

  function sendIndex(req, res, shellDir, live, pathname) {
    // Set by the ingress in front (its CSP allows the inline scripts carrying it); checked, as it lands in HTML.
    const nonce = /^[A-Za-z0-9+/=_-]{16,128}$/.exec(req.headers['x-csp-nonce'] ?? '')?.[0] ?? null;
    const html = indexHtml(shellDir, live, { pathname, releasesDir, nonce });
    if (html === null) return notFoundOr500(res)();
    commonHeaders(res, '/index.html');
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(req.method === 'HEAD' ? undefined : html);
  }

  /** The shell's own files: the live shell's, a hashed chunk of any shell version, else the SPA page. */
  async function serveShell(req, res, pathname) {
    const live = registry ? await registry.current() : null;
    const folders = shellFolders(releasesDir, live, dir);
    if (pathname === '/' || pathname === '/index.html') return sendIndex(req, res, folders.live, live, '/');
    const candidates = HASHED.test(pathname.slice(1)) ? folders.all : [folders.live];
    const next = (index) => (error) => {
      if (error) return notFoundOr500(res)(error);
      if (index < candidates.length) return shellFiles(candidates[index])(req, res, next(index + 1));
      if (!spa || extname(pathname)) return notFoundOr500(res)();
      sendIndex(req, res, folders.live, live, pathname);
    };
    next(0)();
  }

  return function handle(req, res, pathname) {
    const mount = mounted.find((m) => req.url.startsWith(`${m.prefix}/`));
    // Which shell version answers a root file depends on what is live now: only the hashed files
    // (the same name is the same bytes in every version) and mounted ones go through the cache.
    const cacheable = !registry || mount || HASHED.test(pathname.slice(1));
    if (cacheable && cache.replay(req, res)) return;
    if (cacheable) cache.record(req, res);
    gzip(req, res, () => {
      commonHeaders(res, pathname);
      const replaced = overridden(pathname);
      if (replaced) {
        res.setHeader('Content-Type', replaced.type);
        return res.end(req.method === 'HEAD' ? undefined : replaced.body);
      }
      if (mount) {
        // Matched on the raw target, so the prefix cut below is exact.
        req.url = req.url.slice(mount.prefix.length);
        return mount.serve(req, res, notFoundOr500(res));
      }
      serveShell(req, res, pathname).catch(notFoundOr500(res));
    });
  };
}
