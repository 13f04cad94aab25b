#!/usr/bin/env node
// Serves one built app (the shell or a remote) the way production does: gzip, long cache for hashed
// assets, no cache for the files that are swapped at deploy time (index.html, config.js, remotes.json,
// mf-manifest.json), SPA fallback for the shell, CORS for remotes, and an optional /api proxy.
//
//   node scripts/serve.mjs --dir shell/dist --port 3001 --spa [--proxy http://localhost:3000]
//
// Deploy-time overrides without a rebuild: BACKOFFICE_CONFIG (JSON) replaces /config.js and
// REMOTES_REGISTRY (a file path) replaces /remotes.json.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string', default: '0.0.0.0' },
    spa: { type: 'boolean', default: false },
    proxy: { type: 'string' },
  },
});
if (!args.dir || !args.port) {
  console.error('usage: serve.mjs --dir <dist> --port <port> [--spa] [--proxy <api origin>]');
  process.exit(2);
}
const root = resolve(args.dir);
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map']);
const gzipCache = new Map();

function overridden(pathname) {
  if (pathname === '/config.js' && process.env.BACKOFFICE_CONFIG) {
    const config = JSON.parse(process.env.BACKOFFICE_CONFIG);
    return Buffer.from(`window.__BACKOFFICE_CONFIG__ = ${JSON.stringify(config)};\n`);
  }
  if (pathname === '/remotes.json' && process.env.REMOTES_REGISTRY) {
    return readFileSync(process.env.REMOTES_REGISTRY);
  }
  return null;
}

function fileFor(pathname) {
  const file = normalize(join(root, pathname));
  if (!file.startsWith(root)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

function send(req, res, pathname, body, file) {
  const ext = extname(pathname) || '.html';
  const headers = {
    'Content-Type': types[ext] ?? 'application/octet-stream',
    // Only content-hashed build output may be cached for good; everything else (index.html, config.js,
    // remotes.json, mf-manifest.json, public files) is replaced at deploy time.
    'Cache-Control': pathname.startsWith('/static/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
  };
  const wantsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && compressible.has(ext);
  if (wantsGzip) {
    const key = file ? `${file}:${statSync(file).mtimeMs}` : null;
    let gz = key && gzipCache.get(key);
    if (!gz) {
      gz = gzipSync(body ?? readFileSync(file), { level: 9 });
      if (key) gzipCache.set(key, gz);
    }
    res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': gz.length });
    res.end(req.method === 'HEAD' ? undefined : gz);
    return;
  }
  if (body) {
    res.writeHead(200, { ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': statSync(file).size });
  if (req.method === 'HEAD') res.end();
  else
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
}

function proxy(req, res) {
  const target = new URL(req.url, args.proxy);
  const upstream = http.request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ success: false, message: 'API unreachable' }));
  });
  req.pipe(upstream);
}

function answer(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain' });
  res.end(text);
}

function handle(req, res) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    return answer(res, 400, 'Bad request');
  }
  if (args.proxy && pathname.startsWith('/api/')) return proxy(req, res);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' });
    return res.end();
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, 'Method not allowed');
  const body = overridden(pathname);
  if (body) return send(req, res, pathname, body, null);
  const file = fileFor(pathname === '/' ? '/index.html' : pathname);
  if (file) return send(req, res, pathname === '/' ? '/index.html' : pathname, null, file);
  const index = args.spa && !extname(pathname) ? fileFor('/index.html') : null;
  if (index) return send(req, res, '/index.html', null, index);
  answer(res, 404, 'Not found');
}

// A file that vanishes mid-request (a rebuild) or any other fault answers 500; the server stays up.
const server = http.createServer((req, res) => {
  try {
    handle(req, res);
  } catch (error) {
    console.error(error);
    if (res.headersSent) res.destroy();
    else answer(res, 500, 'Internal error');
  }
});

server.listen(Number(args.port), args.host, () => {
  console.log(`serving ${root} on http://localhost:${args.port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
