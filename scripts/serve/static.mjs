// The static side of scripts/serve.mjs: files through serve-static (send refuses `..`, encoded or not,
// and NUL, so nothing outside a served folder is reachable), brotli or gzip through compression (each file's
// compressed answer kept in memory, see cache.mjs), plus the deploy-time overrides (BACKOFFICE_CONFIG,
// REMOTES_REGISTRY), mounted folders and the SPA fallback.
import { statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { constants } from 'node:zlib';
import compression from 'compression';
import serveStatic from 'serve-static';
import { createCompressedCache, noteFile } from './cache.mjs';
import { createIntegrity } from './integrity.mjs';
import { cachedText, indexHtml, shellFolders } from './live-shell.mjs';

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

/** The types of what a build holds (a release's files are sent from memory, once checked). */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** A release file that is not what was published: never sent. */
class Refused extends Error {}

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
 * With `apiBases` too, every file of the releases folder is checked against what was published
 * (integrity.mjs) before it is sent; one that differs is refused.
 * Returns `(req, res, pathname) => void` for GET and HEAD.
 */
export function createStaticHandler({
  dir,
  spa,
  mounts,
  releasesDir = null,
  registry = null,
  apiBases = [],
}) {
  const integrity = releasesDir && apiBases.length ? createIntegrity({ releasesDir, apiBases }) : null;
  /** A release file's checked bytes (null: none), else a plain file's text; throws Refused. */
  async function checked(file) {
    const where = integrity?.release(file);
    if (!where) return null;
    const answer = await integrity.check(file, where);
    if (answer?.refused) throw new Refused(answer.refused);
    return answer;
  }
  const readChecked = async (file) => {
    if (!integrity?.release(file)) return cachedText(file);
    return (await checked(file))?.bytes.toString('utf8') ?? null;
  };

  /** Sends a release's file as published, or refuses it; false when there is no such file. */
  async function sendRelease(req, res, file) {
    let answer;
    try {
      answer = await checked(file);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      res.setHeader('Cache-Control', 'no-store');
      text(res, 500, `Refused: ${error.message}`);
      return true;
    }
    if (!answer) return false;
    const etag = `"${answer.sha256.slice(0, 32)}"`;
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    noteFile(res, file, statSync(file));
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : answer.bytes);
    return true;
  }

  // The best levels: each file is compressed once per version (cache.mjs), so their cost is paid once,
  // and brotli at 11 sends about 13% fewer bytes of JS than at compression's default of 4.
  const gzip = compression({
    level: 9,
    threshold: 0,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } },
  });
  const cache = createCompressedCache();
  const mounted = mounts.map((mount) => ({
    prefix: mount.prefix,
    serve: files(mount.dir, false),
    releases: releasesDir !== null && resolve(mount.dir) === resolve(releasesDir),
  }));
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

  /** The console's page from the first shell build whose files are as published (the live one, else its previous). */
  async function sendIndex(req, res, shellDirs, live, pathname) {
    // Set by the ingress in front (its CSP allows the inline scripts carrying it); checked, as it lands in HTML.
    const nonce = /^[A-Za-z0-9+/=_-]{16,128}$/.exec(req.headers['x-csp-nonce'] ?? '')?.[0] ?? null;
    let html = null;
    let refused = null;
    for (const shellDir of shellDirs) {
      try {
        html = await indexHtml(shellDir, live, { pathname, releasesDir, nonce, read: readChecked });
        if (html !== null) break;
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        refused = error;
      }
    }
    if (html === null && refused) return text(res, 500, `Refused: ${refused.message}`);
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
    const pages = [folders.live, ...(folders.previous ? [folders.previous] : [])];
    if (pathname === '/' || pathname === '/index.html') return sendIndex(req, res, pages, live, '/');
    const candidates = HASHED.test(pathname.slice(1)) ? folders.all : [folders.live];
    const next = (index) => async (error) => {
      if (error) return notFoundOr500(res)(error);
      if (index >= candidates.length) {
        if (!spa || extname(pathname)) return notFoundOr500(res)();
        return sendIndex(req, res, pages, live, pathname);
      }
      const candidate = candidates[index];
      const file = resolve(candidate, `.${pathname}`);
      if (integrity?.release(file) && file.startsWith(candidate + sep)) {
        if (!(await sendRelease(req, res, file))) next(index + 1)();
        return;
      }
      shellFiles(candidate)(req, res, (e) => void next(index + 1)(e).catch(notFoundOr500(res)));
    };
    await next(0)();
  }

  /** A file of the releases folder under /remotes, checked; anything outside it is not found. */
  async function serveReleaseMount(req, res, pathname) {
    const file = resolve(releasesDir, `.${pathname.slice('/remotes'.length)}`);
    if (!file.startsWith(releasesDir + sep) || !(await sendRelease(req, res, file))) notFoundOr500(res)();
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
      if (mount?.releases && integrity)
        return serveReleaseMount(req, res, pathname).catch(notFoundOr500(res));
      if (mount) {
        // Matched on the raw target, so the prefix cut below is exact.
        req.url = req.url.slice(mount.prefix.length);
        return mount.serve(req, res, notFoundOr500(res));
      }
      serveShell(req, res, pathname).catch(notFoundOr500(res));
    });
  };
}
