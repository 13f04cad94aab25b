// The console's server as `pnpm start` and a deployment run it (scripts/start.mjs consoleServer): /api
// proxied to the API, the releases folder under /remotes, and the shell itself from the live shell
// release the API names, with the registry written into index.html; every file of a release checked
// against the hashes recorded at publish. A real serve.mjs process; a small HTTP server stands in for the
// API (its registry, with an ETag, the releases' records, and the XSRF cookie).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { after, before, test } from 'node:test';
import { consoleServer } from '../../start.mjs';

const work = mkdtempSync(join(tmpdir(), 'start-wiring-'));
const releases = join(work, 'releases');
const seen = [];
const mines = {
  name: 'mf_mines',
  area: 'mines',
  entry: '/remotes/mf-mines/1.0.0/mf-manifest.json',
  routes: [{ path: '/mines/dashboard' }, { path: '/mines/game/:id' }],
  integrity: { 'mf-manifest.json': 'sha256-bWFuaWZlc3Q=' },
  note: '</script>',
};
let registry = {
  revision: 'r1',
  shell: { version: '2.0.0', commit: 'c2', previous: '1.0.0' },
  remotes: [mines],
};
/** What the gate recorded at publish: `<dir>/<version>` -> { path: sha256 }. */
const records = new Map();
const verified = [];

/** Records every file of a release folder as it is now (what publishing does). */
function publish(dir, version) {
  const folder = join(releases, dir, version);
  const files = (at) =>
    readdirSync(at).flatMap((name) =>
      statSync(join(at, name)).isDirectory() ? files(join(at, name)) : [join(at, name)],
    );
  records.set(
    `${dir}/${version}`,
    Object.fromEntries(
      files(folder).map((file) => [
        relative(folder, file).split(sep).join('/'),
        createHash('sha256').update(readFileSync(file)).digest('hex'),
      ]),
    ),
  );
}
let apiUp = true;
let api;
let child;
let port;

function file(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
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

const title = async (path) => /<title>([^<]*)<\/title>/.exec((await get(path)).body)?.[1];
const inlined = (html) => /window\.__BACKOFFICE_REGISTRY__=(.*?)<\/script>/.exec(html)?.[1];
/** Waits out the server's registry cache (it reads the API at most once a second). */
const settle = () => new Promise((done) => setTimeout(done, 1100));

before(async () => {
  api = http.createServer((req, res) => {
    seen.push({ url: req.url, headers: req.headers });
    if (!apiUp) return req.socket.destroy();
    if (req.url === '/api/console/registry') {
      const etag = `"${registry.revision}"`;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { ETag: etag });
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag });
      return res.end(JSON.stringify({ success: true, message: 'ok', data: registry }));
    }
    const files = /^\/api\/console\/releases\/([^/]+)\/([^/]+)\/files$/.exec(req.url);
    if (files) {
      const record = records.get(`${files[1] === 'shell' ? 'shell' : `mf-${files[1]}`}/${files[2]}`);
      res.writeHead(record ? 200 : 404, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify(record ? { success: true, data: { files: record, tampered: [] } } : {}));
    }
    if (/\/verify$/.test(req.url ?? '')) verified.push({ url: req.url, token: req.headers['x-ops-token'] });
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Set-Cookie': 'XSRF-TOKEN=token-1; Path=/; SameSite=Lax',
    });
    res.end('{"success":true}');
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));

  const builtIn = join(work, 'shell/dist');
  file(join(builtIn, 'index.html'), '<!doctype html><html><head><title>built-in</title></head></html>');
  file(join(builtIn, 'config.js'), 'window.__BACKOFFICE_CONFIG__ = { live: false };\n');
  for (const version of ['1.0.0', '2.0.0']) {
    file(
      join(releases, 'shell', version, 'index.html'),
      `<!doctype html><html><head><title>shell ${version}</title></head></html>`,
    );
    file(join(releases, 'shell', version, `static/js/only-${version}.js`), `// shell ${version}\n`);
    file(
      join(releases, 'shell', version, 'preload.json'),
      JSON.stringify({
        signedIn: ['/static/js/layout.js'],
        area: ['/static/js/federation.js'],
        integrity: { '/static/js/layout.js': 'sha256-bGF5b3V0', '/static/js/federation.js': 'sha256-ZmVk' },
      }),
    );
  }
  file(
    join(releases, 'mf-mines/1.0.0/mf-manifest.json'),
    JSON.stringify({
      name: 'mf_mines',
      metaData: {
        remoteEntry: { name: 'static/js/mf_mines.js', path: '' },
        integrity: { 'static/js/mf_mines.js': 'sha256-ZW50cnk=', 'static/js/app.js': 'sha256-YXBw' },
      },
      exposes: [
        {
          name: 'app',
          assets: { js: { sync: ['static/js/app.js'] }, css: { sync: ['static/css/app.css'] } },
        },
      ],
    }),
  );
  file(join(releases, 'mf-mines/1.0.0/static/js/app.js'), '// the mines app\n');

  for (const version of ['1.0.0', '2.0.0']) publish('shell', version);
  publish('mf-mines', '1.0.0');

  const server = consoleServer({ port: 0, apiPort: api.address().port, releases, dist: builtIn });
  child = spawn(process.execPath, server.args, {
    cwd: new URL('../../..', import.meta.url),
    env: { ...server.env, OPS_TOKEN: 'ops-token-of-the-console-server-0123456789' },
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

test('every page is the live shell release, with what is live written into it', async () => {
  for (const path of ['/', '/index.html', '/users/42']) {
    const page = await get(path);
    assert.equal(page.status, 200);
    assert.equal(page.headers['cache-control'], 'no-cache');
    assert.match(page.body, /<title>shell 2\.0\.0<\/title>/);
    // The registry as the API gave it, '<' escaped so that nothing in it ends the script.
    assert.deepEqual(JSON.parse(inlined(page.body)), registry);
    assert.doesNotMatch(inlined(page.body), /<\/script/);
  }
});

/** The preload links a signed-in visitor's page gets: [url, as, integrity] triples, from the inline script. */
const preloads = (html) =>
  JSON.parse(/if\(localStorage\.getItem\('auth_token'\)\)(\[.*?\])\.forEach/.exec(html)?.[1] ?? '[]');

test("a page starts fetching what its code will ask for: the layout's chunks, and an area's files", async () => {
  // Each with the integrity it is loaded with: the browser uses (and checks) what it preloaded.
  assert.deepEqual(preloads((await get('/')).body), [['/static/js/layout.js', 'script', 'sha256-bGF5b3V0']]);
  const area = [
    ['/static/js/layout.js', 'script', 'sha256-bGF5b3V0'],
    ['/static/js/federation.js', 'script', 'sha256-ZmVk'],
    ['/remotes/mf-mines/1.0.0/mf-manifest.json', 'fetch', 'sha256-bWFuaWZlc3Q='],
    ['/remotes/mf-mines/1.0.0/static/js/mf_mines.js', 'script', 'sha256-ZW50cnk='],
    ['/remotes/mf-mines/1.0.0/static/js/app.js', 'script', 'sha256-YXBw'],
    ['/remotes/mf-mines/1.0.0/static/css/app.css', 'style', null],
  ];
  assert.deepEqual(preloads((await get('/mines/dashboard')).body), area);
  assert.deepEqual(preloads((await get('/mines/game/42')).body), area);
});

test("an open console of another shell version still gets its chunks; the areas' releases are served", async () => {
  assert.equal((await get('/static/js/only-1.0.0.js')).body, '// shell 1.0.0\n');
  assert.equal((await get('/static/js/only-2.0.0.js')).body, '// shell 2.0.0\n');
  assert.equal((await get('/static/js/nowhere.js')).status, 404);
  assert.equal(JSON.parse((await get('/remotes/mf-mines/1.0.0/mf-manifest.json')).body).name, 'mf_mines');
});

/** Rewrites a file with as many bytes: only its hash tells. */
function sameSize(path, edit) {
  const before = readFileSync(path, 'utf8');
  const after = edit(before);
  assert.equal(Buffer.byteLength(after), Buffer.byteLength(before));
  writeFileSync(path, after);
  return () => writeFileSync(path, before);
}

test('a release file whose bytes differ from the record is refused, and the API is told', async () => {
  const app = join(releases, 'mf-mines/1.0.0/static/js/app.js');
  assert.equal((await get('/remotes/mf-mines/1.0.0/static/js/app.js')).body, '// the mines app\n');
  const restore = sameSize(app, (text) => text.replace('mines', 'MINES'));
  try {
    const refused = await get('/remotes/mf-mines/1.0.0/static/js/app.js', { 'accept-encoding': 'identity' });
    assert.equal(refused.status, 500);
    assert.match(refused.body, /^Refused: static\/js\/app\.js differs from mf-mines 1\.0\.0 as published/);
    assert.doesNotMatch(refused.body, /MINES/);
    // The report goes out beside the answer, not before it.
    for (let waited = 0; verified.length === 0 && waited < 5000; waited += 50)
      await new Promise((done) => setTimeout(done, 50));
    assert.deepEqual(verified.at(-1), {
      url: '/api/admin/releases/mines/1.0.0/verify',
      token: 'ops-token-of-the-console-server-0123456789',
    });
  } finally {
    restore();
  }
  assert.equal((await get('/remotes/mf-mines/1.0.0/static/js/app.js')).body, '// the mines app\n');
});

test('a file the record does not name, or a version never published, is not sent', async () => {
  file(join(releases, 'mf-mines/1.0.0/static/js/added.js'), 'alert(1)\n');
  file(join(releases, 'mf-mines/9.9.9/mf-manifest.json'), '{"name":"mf_mines"}');
  const added = await get('/remotes/mf-mines/1.0.0/static/js/added.js');
  assert.equal(added.status, 500);
  assert.match(added.body, /static\/js\/added\.js is not part of mf-mines 1\.0\.0 as published/);
  const unknown = await get('/remotes/mf-mines/9.9.9/mf-manifest.json');
  assert.equal(unknown.status, 500);
  assert.match(unknown.body, /mf-mines 9\.9\.9 was never published/);
  assert.equal((await get('/remotes/mf-mines/1.0.0/static/js/nowhere.js')).status, 404);
  assert.equal((await get('/remotes/../../etc/passwd')).status, 404);
});

test("a live shell whose page differs from its record gives way to the previous shell's", async () => {
  const restore = sameSize(join(releases, 'shell/2.0.0/index.html'), (text) =>
    text.replace('shell', 'SHELL'),
  );
  try {
    assert.equal(await title('/'), 'shell 1.0.0');
  } finally {
    restore();
  }
  assert.equal(await title('/'), 'shell 2.0.0');
});

test('a rollback of the shell reaches the next page load; the registry is read conditionally', async () => {
  registry = { ...registry, revision: 'r2', shell: { version: '1.0.0', commit: 'c1', previous: null } };
  await settle();
  assert.equal(await title('/'), 'shell 1.0.0');
  await settle();
  const before = seen.length;
  assert.equal(await title('/lottery/open'), 'shell 1.0.0');
  const read = seen.slice(before).find((request) => request.url === '/api/console/registry');
  assert.equal(read?.headers['if-none-match'], '"r2"');
});

test('with the API away the last registry is kept; with no shell published, the built-in one', async () => {
  apiUp = false;
  await settle();
  assert.equal(await title('/'), 'shell 1.0.0');
  apiUp = true;
  registry = { ...registry, revision: 'r3', shell: null };
  await settle();
  assert.equal(await title('/'), 'built-in');
});
