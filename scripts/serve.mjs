#!/usr/bin/env node
// Serves one built app (the shell or a remote) the way production does: brotli/gzip, long cache for
// hashed assets, no cache for the files that are swapped at deploy time (index.html, config.js,
// mf-manifest.json), SPA fallback for the shell, CORS for remotes, and an optional /api proxy.
//
//   node scripts/serve.mjs --dir shell/dist --port 3001 --spa \
//     [--proxy http://api-1:3000[,http://api-2:3000...]] [--releases <dir>] [--mount /<prefix>=<dir>]
//
// --proxy: /api/* goes to these upstreams in turn; one that refuses the connection is skipped.
// --releases: the releases folder (docs/operations.md#releases): every published version of each area under
// /remotes/<area>/<version>/, so the console, its API and its remotes share one origin; and the shell
// itself from the live shell release (--dir until one is published). What is live comes from the API
// (--registry, default <first --proxy>/api/console/registry, read at most once a second), and
// index.html carries it, so the console starts loading an area without asking. Every file of a release
// is checked against the SHA-256 the API recorded at publish before it is sent (serve/integrity.mjs).
// --unchecked: the releases folder is none of the API's (the bench's monolith floor): its files are sent
// without the integrity check.
// --mount: serves another folder below a path prefix.
// Deploy-time override without a rebuild: BACKOFFICE_CONFIG (JSON) replaces /config.js.
import http from 'node:http';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createRegistryReader } from './serve/live-shell.mjs';
import { createApiProxy } from './serve/proxy.mjs';
import { createStaticHandler } from './serve/static.mjs';

const usage =
  'usage: serve.mjs --dir <dist> --port <port> [--host <ip>] [--spa] [--proxy <url>[,<url>...]] ' +
  '[--releases <dir>] [--registry <url>[,<url>...]] [--unchecked] [--mount /<prefix>=<dir>]...';

function fail(message) {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      dir: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string', default: '0.0.0.0' },
      spa: { type: 'boolean', default: false },
      proxy: { type: 'string' },
      mount: { type: 'string', multiple: true, default: [] },
      releases: { type: 'string' },
      registry: { type: 'string' },
      unchecked: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  fail(error.message);
}
if (!args.dir || !args.port) fail('--dir and --port are required');

const upstreams = (args.proxy ?? '')
  .split(',')
  .map((url) => url.trim())
  .filter(Boolean);
for (const url of upstreams) {
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol))
    fail(`--proxy: ${url} is not an http(s) URL`);
}
const mounts = args.mount.map((spec) => {
  const match = /^(\/[A-Za-z0-9._-]+)=(.+)$/.exec(spec);
  if (!match) fail(`--mount: ${spec} is not /<prefix>=<dir>`);
  return { prefix: match[1], dir: resolve(match[2]) };
});

const root = resolve(args.dir);
const proxy = upstreams.length > 0 ? createApiProxy(upstreams) : null;
const releasesDir = args.releases ? resolve(args.releases) : null;
if (releasesDir) mounts.push({ prefix: '/remotes', dir: releasesDir });
const registryUrls = args.registry
  ? args.registry.split(',').map((url) => url.trim())
  : upstreams.map((url) => `${url.replace(/\/+$/, '')}/api/console/registry`);
const registry = releasesDir && registryUrls.length ? createRegistryReader(registryUrls) : null;
// The API that recorded what each release is (every file checked against it before it is sent): the one
// whose registry is read.
const apiBases = args.unchecked ? [] : registryUrls.map((url) => url.replace(/\/console\/registry$/, ''));
const serveFiles = createStaticHandler({ dir: root, spa: args.spa, mounts, releasesDir, registry, apiBases });

function answer(res, status, text) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function handle(req, res) {
  const target = req.url ?? '';
  // Origin-form only ('/path?query'): an absolute-form target ('http://elsewhere/api/x') or a
  // network-path one ('//elsewhere/api/x') must never choose where the proxy connects.
  if (!target.startsWith('/') || target.startsWith('//')) return answer(res, 400, 'Bad request');
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(target, 'http://x').pathname);
  } catch {
    return answer(res, 400, 'Bad request');
  }
  if (proxy && (target === '/api' || target.startsWith('/api/') || target.startsWith('/api?')))
    return proxy(req, res);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' });
    return res.end();
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD, OPTIONS');
    return answer(res, 405, 'Method not allowed');
  }
  serveFiles(req, res, pathname);
}

// Any fault answers 500; the server stays up.
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
  const extra = [
    ...(upstreams.length ? [`/api -> ${upstreams.join(', ')}`] : []),
    ...mounts.map((mount) => `${mount.prefix}/ -> ${mount.dir}`),
  ];
  console.log(
    `serving ${root} on http://localhost:${server.address().port}${extra.length ? ` (${extra.join('; ')})` : ''}`,
  );
});
// Stop: refuse new connections, let the requests in flight finish, but wait for them 2 s at most.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  });
