// scripts/serve.mjs behind the ingress (docs/operations.md): the X-Forwarded-Proto of a trusted TLS load
// balancer reaches the API (the session cookie stays Secure), anyone else's is replaced; and index.html's
// inline scripts carry the ingress's CSP nonce. Real serve.mjs processes; a small HTTP server stands in for
// the API and records what it is sent.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const serveScript = fileURLToPath(new URL('../../serve.mjs', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'serve-ingress-'));
const registry = { revision: 'r1', shell: null, remotes: [] };
const seen = [];
let api;
const servers = {};

function request(port, path, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, body }));
      })
      .on('error', reject);
  });
}

/** serve.mjs on a free port, /api proxied to the stand-in API; resolves with its port. */
function startServe(env) {
  const child = spawn(
    process.execPath,
    [
      serveScript,
      '--dir',
      work,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--spa',
      '--releases',
      join(work, 'releases'),
    ].concat(['--proxy', `http://127.0.0.1:${api.address().port}`]),
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const port = /localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}): ${out}`)));
  });
}

before(async () => {
  // The build's own inline script (the sign-in preloads) and an external one.
  writeFileSync(
    join(work, 'index.html'),
    '<!doctype html><html><head><title>shell</title><script>var built=1</script>' +
      '<script defer src="/static/js/index.js"></script></head></html>',
  );
  mkdirSync(join(work, 'releases'));
  api = http.createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url === '/api/console/registry' ? JSON.stringify({ data: registry }) : '{}');
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  servers.trusting = await startServe({ SERVE_TRUSTED_PROXIES: '127.0.0.1' });
  servers.plain = await startServe({ SERVE_TRUSTED_PROXIES: '' });
});

after(() => {
  for (const server of Object.values(servers)) server.child.kill();
  api?.close();
  rmSync(work, { recursive: true, force: true });
});

const forwarded = async (port, headers) => {
  assert.equal((await request(port, '/api/admin/auth/me', headers)).status, 200);
  return seen.at(-1);
};

test('behind a trusted TLS load balancer, its X-Forwarded-Proto and -Host reach the API', async () => {
  const last = await forwarded(servers.trusting.port, {
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'console.example.com',
  });
  assert.equal(last['x-forwarded-proto'], 'https');
  assert.equal(last['x-forwarded-host'], 'console.example.com');
  // Only http or https is passed on: anything else is this hop's own scheme.
  assert.equal(
    (await forwarded(servers.trusting.port, { 'x-forwarded-proto': 'gopher' }))['x-forwarded-proto'],
    'http',
  );
});

test('from a peer that is not trusted, X-Forwarded-Proto and -Host are what serve.mjs saw', async () => {
  const last = await forwarded(servers.plain.port, {
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'evil.example.com',
  });
  assert.equal(last['x-forwarded-proto'], 'http');
  assert.equal(last['x-forwarded-host'], `127.0.0.1:${servers.plain.port}`);
});

test("index.html's inline scripts carry the ingress's nonce, and only a well-formed one", async () => {
  const nonce = 'a3f1c2d4-0b9e-4e1f-9c3d-2a1b0c9d8e7f';
  const page = await request(servers.plain.port, '/', { 'x-csp-nonce': nonce });
  assert.match(page.body, new RegExp(`<script nonce="${nonce}">window\\.__BACKOFFICE_REGISTRY__=`));
  assert.match(page.body, new RegExp(`<script nonce="${nonce}">var built=1</script>`));
  assert.match(page.body, /<script defer src="\/static\/js\/index\.js"><\/script>/);
  assert.equal(
    page.body.match(/<script/g).length,
    page.body.match(/<script nonce=|<script defer src=/g).length,
  );
  const forged = await request(servers.plain.port, '/', { 'x-csp-nonce': '"><script>alert(1)</script>' });
  assert.match(forged.body, /<script>window\.__BACKOFFICE_REGISTRY__=/);
  assert.doesNotMatch(forged.body, /alert/);
  // Without an ingress in front (pnpm start), the page is as before.
  assert.match(
    (await request(servers.plain.port, '/')).body,
    /<head><script>window\.__BACKOFFICE_REGISTRY__=/,
  );
});
