// The wiring of `pnpm start` (scripts/start.mjs): the remotes' builds published as releases, and the
// console's server giving the shell, /api and those releases one origin. Real scripts (deploy.mjs,
// serve.mjs) as real processes; a small HTTP server stands in for the API (it sets the XSRF cookie).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { consoleServer, publishBuilds } from '../../start.mjs';

const work = mkdtempSync(join(tmpdir(), 'start-wiring-'));
const releases = join(work, 'data/console-releases');
const seen = [];
let api;
let child;
let port;

/** A remote's build as rsbuild leaves it: its manifest says its name and version. */
function build(dir, name, marker) {
  const dist = join(work, dir, 'dist');
  mkdirSync(dist, { recursive: true });
  const manifest = { name, metaData: { name, buildInfo: { buildVersion: '1.0.0', commit: marker } } };
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, 'remoteEntry.js'), `// ${marker}\n`);
  return { dir, dist };
}

function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

before(async () => {
  api = http.createServer((req, res) => {
    seen.push({ url: req.url, headers: req.headers });
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Set-Cookie': 'XSRF-TOKEN=token-1; Path=/; SameSite=Lax',
    });
    res.end('{"success":true}');
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));

  const shell = join(work, 'shell/dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(join(shell, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(shell, 'config.js'), 'window.__BACKOFFICE_CONFIG__ = { live: false };\n');

  // A first start, then a rebuild under the same version (other bytes): both publish.
  assert.ok(publishBuilds([build('mf-mines', 'mf_mines', 'first')], releases));
  const registry = publishBuilds(
    [build('mf-mines', 'mf_mines', 'second'), build('mf-lottery', 'mf_lottery', 'second')],
    releases,
  );
  assert.equal(registry, join(releases, 'remotes.json'));

  const server = consoleServer({ port: 0, apiPort: api.address().port, releases, registry, dist: shell });
  child = spawn(process.execPath, server.args, {
    cwd: new URL('../../..', import.meta.url),
    env: server.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /on http:\/\/localhost:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}): ${out}`)));
  });
});

after(() => {
  child?.kill();
  api?.close();
  rmSync(work, { recursive: true, force: true });
});

test('the console says live: its API is {origin}/api', async () => {
  const config = await get('/config.js');
  assert.equal(config.status, 200);
  assert.match(config.body, /__BACKOFFICE_CONFIG__ = \{"live":true\}/);
});

test('/api goes to the API through the console, its XSRF cookie set on the console origin', async () => {
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
    const answer = await get('/api/admin/auth/login', { host });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['set-cookie']?.[0], 'XSRF-TOKEN=token-1; Path=/; SameSite=Lax');
    const last = seen.at(-1);
    assert.equal(last.url, '/api/admin/auth/login');
    assert.equal(last.headers['x-forwarded-host'], host);
  }
});

test('the registry points every published area at its release on the same origin', async () => {
  const registry = JSON.parse((await get('/remotes.json')).body);
  const entries = Object.fromEntries(registry.remotes.map((remote) => [remote.name, remote.entry]));
  assert.equal(entries.mf_mines, '/remotes/mf-mines/1.0.0/mf-manifest.json');
  assert.equal(entries.mf_lottery, '/remotes/mf-lottery/1.0.0/mf-manifest.json');
  const manifest = await get(entries.mf_mines);
  assert.equal(manifest.status, 200);
  assert.equal(JSON.parse(manifest.body).metaData.buildInfo.commit, 'second');
  assert.equal((await get('/remotes/mf-mines/1.0.0/remoteEntry.js')).body, '// second\n');
  assert.equal(readFileSync(join(releases, 'mf-lottery/1.0.0/remoteEntry.js'), 'utf8'), '// second\n');
});

test('console routes answer the shell', async () => {
  const page = await get('/users/42');
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>console<\/title>/);
});
