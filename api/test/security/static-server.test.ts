import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Probes of the console's static server and /api proxy (scripts/serve.mjs), run as a real process on
 * a temp folder that has a sibling `<dir>-secret` folder, in front of tiny upstream HTTP servers.
 * Hostile request targets are sent over raw TCP, exactly as written (no client normalises them).
 */

const serveScript = fileURLToPath(new URL('../../../scripts/serve.mjs', import.meta.url));
const SECRET = 'TOP-SECRET-CONTENT';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the release gate recorded of the one published release here, as the API serves it (integrity.mjs). */
const MANIFEST = '{"name":"mf_mines"}';
const RELEASE_RECORD_URL = '/api/console/releases/mines/1.0.0/files';
const releaseRecord = {
  data: { files: { 'mf-manifest.json': createHash('sha256').update(MANIFEST).digest('hex') } },
};

/**
 * An upstream that records what reached it and answers with a hop-by-hop header of its own; it also answers
 * the release record the static server asks for before it sends a release's file.
 */
function upstream(name: string) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === RELEASE_RECORD_URL) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(releaseRecord));
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, {
        'Content-Type': 'application/json',
        Connection: 'keep-alive, X-Upstream-Hop',
        'Keep-Alive': 'timeout=99',
        'X-Upstream-Hop': 'private',
        'X-Upstream': name,
      });
      res.end(JSON.stringify({ upstream: name }));
    });
  });
  return {
    seen,
    server,
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as { port: number }).port;
    },
  };
}

/** A port nothing listens on (bound, then released): connections to it are refused. */
async function deadPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `node scripts/serve.mjs ...args --port 0` and reads its port from its first line. */
function serve(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [serveScript, '--port', '0', '--host', '127.0.0.1', ...args], {
    env: { ...process.env, BACKOFFICE_CONFIG: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const match = /on http:\/\/localhost:(\d+)/.exec(out);
      if (match) resolve({ port: Number(match[1]), child });
    });
    child.stderr?.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}): ${out}`)));
  });
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends `head` (request line and headers, CRLF-separated, without the blank line) as written. */
function raw(port: number, head: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    // A server may close while the request is still being written (413): keep the answer read so far.
    socket.on('error', (error) => (chunks.length ? socket.emit('end') : reject(error)));
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const lines = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let rest = all.subarray(split + 4);
      if (headers['transfer-encoding'] === 'chunked') {
        const parts: Buffer[] = [];
        for (;;) {
          const eol = rest.indexOf('\r\n');
          const size = Number.parseInt(rest.subarray(0, eol).toString(), 16);
          if (!size) break;
          parts.push(rest.subarray(eol + 2, eol + 2 + size));
          rest = rest.subarray(eol + 2 + size + 2);
        }
        rest = Buffer.concat(parts);
      }
      resolve({ status: Number(lines[0]?.split(' ')[1]), headers, body: rest });
    });
    // Written, not ended: a half-closed client gets no answer; 'Connection: close' ends the exchange.
    socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`);
  });
}

const get = (port: number, target: string, extra = '') =>
  raw(port, `GET ${target} HTTP/1.1\r\nHost: console.test${extra ? `\r\n${extra}` : ''}`);

let dir: string;
const children: ChildProcess[] = [];
const a = upstream('a');
const b = upstream('b');
const evil = upstream('evil');
let aPort: number;
let bPort: number;
let evilPort: number;
let dead: number;
let site: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'serve-probe-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'static/js'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dist, 'static/js/app.1234.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
  // Siblings whose names start with the served folders' names: `startsWith(root)` would let them out.
  mkdirSync(join(dir, 'dist-secret'));
  writeFileSync(join(dir, 'dist-secret/secret.txt'), SECRET);
  mkdirSync(join(dir, 'releases/mf-mines/1.0.0'), { recursive: true });
  writeFileSync(join(dir, 'releases/mf-mines/1.0.0/mf-manifest.json'), MANIFEST);
  mkdirSync(join(dir, 'releases-secret'));
  writeFileSync(join(dir, 'releases-secret/secret.txt'), SECRET);

  [aPort, bPort, evilPort, dead] = await Promise.all([a.listen(), b.listen(), evil.listen(), deadPort()]);
  const started = await serve(
    [
      '--dir',
      dist,
      '--spa',
      '--proxy',
      `http://127.0.0.1:${aPort},http://127.0.0.1:${dead},http://127.0.0.1:${bPort}`,
      '--releases',
      join(dir, 'releases'),
    ],
    { BACKOFFICE_CONFIG: '{"live":true}' },
  );
  children.push(started.child);
  site = started.port;
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all([a, b, evil].map((u) => new Promise((resolve) => u.server.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

const reset = () => {
  for (const u of [a, b, evil]) u.seen.length = 0;
};

describe('request targets: only the configured upstreams are ever contacted', () => {
  it('refuses an absolute-form target (400) and never connects to the host it names', async () => {
    reset();
    for (const target of [
      `http://127.0.0.1:${evilPort}/api/x`,
      `http://127.0.0.1:${evilPort}/index.html`,
      `https://127.0.0.1:${evilPort}/api/x`,
    ]) {
      const answer = await get(site, target, `X-Probe: ${target}`);
      expect(answer.status, target).toBe(400);
    }
    expect(evil.seen).toHaveLength(0);
    expect(a.seen).toHaveLength(0);
    expect(b.seen).toHaveLength(0);
  });

  it('refuses a network-path target (//host/...) with 400', async () => {
    reset();
    for (const target of [`//127.0.0.1:${evilPort}/api/x`, '//evil.test/api/x', '///api/x']) {
      expect((await get(site, target)).status, target).toBe(400);
    }
    expect(evil.seen).toHaveLength(0);
    expect(a.seen.length + b.seen.length).toBe(0);
  });

  it('keeps the request path and query as sent when forwarding', async () => {
    reset();
    const answer = await get(site, '/api/admin/users?page=2&q=a%2Fb');
    expect(answer.status).toBe(200);
    expect([...a.seen, ...b.seen].map((seen) => seen.url)).toEqual(['/api/admin/users?page=2&q=a%2Fb']);
  });
});

describe('no path escapes a served folder', () => {
  const escapes = [
    '/../dist-secret/secret.txt',
    '/..%2fdist-secret/secret.txt',
    '/..%2Fdist-secret%2Fsecret.txt',
    '/%2e%2e/dist-secret/secret.txt',
    '/%2e%2e%2fdist-secret/secret.txt',
    '/.%2e/dist-secret/secret.txt',
    '/..\\dist-secret\\secret.txt',
    '/..%5cdist-secret%5csecret.txt',
    '/static/..%2f..%2fdist-secret/secret.txt',
    '/..%2fdist-secret/secret.txt%00.js',
    '/secret.txt%00',
    '/%00/../dist-secret/secret.txt',
    '/remotes/../../dist-secret/secret.txt',
    '/remotes/..%2f..%2fdist-secret/secret.txt',
    '/remotes/..%2freleases-secret/secret.txt',
    '/remotes/%2e%2e/releases-secret/secret.txt',
    '/remotes/..\\releases-secret\\secret.txt',
    '/remotes/mf-mines/1.0.0/..%2f..%2f..%2freleases-secret/secret.txt',
  ];
  it.each(escapes)('%s answers no secret', async (target) => {
    const answer = await get(site, target, 'Accept-Encoding: identity');
    expect(answer.body.toString('latin1')).not.toContain(SECRET);
    expect([400, 403, 404]).toContain(answer.status);
  });

  it('still serves the files that are inside (the probes above are not refused for another reason)', async () => {
    const manifest = await get(site, '/remotes/mf-mines/1.0.0/mf-manifest.json', 'Accept-Encoding: identity');
    expect(manifest.status).toBe(200);
    expect(manifest.body.toString()).toBe(MANIFEST);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('the proxy forwards no hop-by-hop header', () => {
  it('drops Connection, Keep-Alive, TE, Trailer, Upgrade, Proxy-* and every header Connection names', async () => {
    reset();
    const body = '{"amount":"1.50"}';
    const answer = await raw(
      site,
      [
        'POST /api/admin/probe HTTP/1.1',
        'Host: console.test',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
        'Keep-Alive: timeout=1000',
        'TE: trailers',
        'Trailer: X-Checksum',
        'Upgrade: h2c',
        'Proxy-Authorization: Basic c2VjcmV0OnNlY3JldA==',
        'Proxy-Connection: keep-alive',
        'X-Private-Hop: private',
        'X-Kept: kept',
        // raw() appends 'Connection: close'; a second Connection line adds names to it.
        'Connection: X-Private-Hop',
      ].join('\r\n'),
      `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
    const [seen] = [...a.seen, ...b.seen];
    expect(seen?.body).toBe(body);
    const names = Object.keys(seen?.headers ?? {});
    for (const hop of [
      'keep-alive',
      'te',
      'trailer',
      'upgrade',
      'proxy-authorization',
      'proxy-connection',
      'transfer-encoding',
      'x-private-hop',
    ]) {
      expect(names, hop).not.toContain(hop);
    }
    // Only the proxy's own connection to the upstream is described, never the client's.
    expect(seen?.headers.connection ?? 'keep-alive').toBe('keep-alive');
    expect(seen?.headers['content-length']).toBe(String(body.length));
    expect(seen?.headers['x-kept']).toBe('kept');
    // The upstream's own hop-by-hop answer headers do not reach the client.
    expect(answer.headers['x-upstream-hop']).toBeUndefined();
    expect(answer.headers['keep-alive'] ?? '').not.toContain('99');
    expect(answer.headers['x-upstream']).toMatch(/^[ab]$/);
  });
});

describe('X-Forwarded-*', () => {
  it('appends the peer address to X-Forwarded-For; a spoofed value stays only as earlier entries', async () => {
    reset();
    await get(site, '/api/x', 'X-Forwarded-For: 6.6.6.6, 7.7.7.7\r\nX-Forwarded-Proto: https');
    await get(site, '/api/y');
    const [spoofed, plain] = [...a.seen, ...b.seen].sort((x, y) => x.url.localeCompare(y.url));
    expect(spoofed?.headers['x-forwarded-for']).toBe('6.6.6.6, 7.7.7.7, 127.0.0.1');
    expect(plain?.headers['x-forwarded-for']).toBe('127.0.0.1');
    // Proto and Host describe the connection the proxy itself received, whatever the client claimed.
    expect(spoofed?.headers['x-forwarded-proto']).toBe('http');
    expect(spoofed?.headers['x-forwarded-host']).toBe('console.test');
  });
});

describe('several upstreams', () => {
  it('takes them in turn and skips one that refuses the connection, body included', async () => {
    reset();
    for (let i = 0; i < 6; i++) {
      const answer = await raw(
        site,
        `POST /api/n/${i} HTTP/1.1\r\nHost: console.test\r\nContent-Type: text/plain\r\nContent-Length: 6`,
        `body-${i}`,
      );
      expect(answer.status).toBe(200);
    }
    // a, dead -> b, b, a, dead -> b, b: both live ones serve, nothing is lost on the dead one.
    expect(a.seen.length).toBeGreaterThan(0);
    expect(b.seen.length).toBeGreaterThan(0);
    expect(a.seen.length + b.seen.length).toBe(6);
    const bodies = [...a.seen, ...b.seen].map((seen) => `${seen.url} ${seen.body}`).sort();
    expect(bodies).toEqual([0, 1, 2, 3, 4, 5].map((i) => `/api/n/${i} body-${i}`));
  });

  it('refuses a body over 2 MiB with 413 instead of buffering it', async () => {
    reset();
    const size = 3 * 1024 * 1024;
    const answer = await raw(
      site,
      `POST /api/upload HTTP/1.1\r\nHost: console.test\r\nContent-Type: text/plain\r\nContent-Length: ${size}`,
      'x'.repeat(size),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.toString())).toEqual({ success: false, message: 'Request body too large' });
    expect(a.seen.length + b.seen.length).toBe(0);
  });

  it("answers 502 {success:false,message:'API unreachable'} when none answers", async () => {
    const down = await serve([
      '--dir',
      join(dir, 'dist'),
      '--proxy',
      `http://127.0.0.1:${dead},http://127.0.0.1:${await deadPort()}`,
    ]);
    children.push(down.child);
    const answer = await get(down.port, '/api/health');
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body.toString())).toEqual({ success: false, message: 'API unreachable' });
  });
});

describe('static behaviour', () => {
  it('gzip and an immutable cache for /static/, no-cache for index.html and the SPA fallback', async () => {
    const asset = await get(site, '/static/js/app.1234.js', 'Accept-Encoding: gzip');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(asset.body).toString()).toContain('console.log');
    for (const target of ['/', '/index.html', '/lottery/open']) {
      const page = await get(site, target);
      expect(page.status, target).toBe(200);
      expect(page.body.toString(), target).toContain('<title>console</title>');
      expect(page.headers['cache-control'], target).toBe('no-cache');
    }
    expect((await get(site, '/missing.js')).status).toBe(404);
  });

  it('BACKOFFICE_CONFIG replaces /config.js', async () => {
    const config = await get(site, '/config.js');
    expect(config.body.toString()).toBe('window.__BACKOFFICE_CONFIG__ = {"live":true};\n');
    expect(config.headers['cache-control']).toBe('no-cache');
  });
});
