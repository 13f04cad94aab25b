// The compressed answers of scripts/serve.mjs are kept per file version: run as a real process on a
// temp folder. `node --test` (pnpm -C scripts/serve test).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';

const serveScript = fileURLToPath(new URL('../../serve.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'serve-cache-'));
const releases = mkdtempSync(join(tmpdir(), 'serve-cache-releases-'));
let child;
let port;

/** Text of `size` bytes that compresses (but not to nothing). */
const source = (tag, size = 200_000) => {
  let text = `// ${tag}\n`;
  for (let i = 0; text.length < size; i++) text += `export const value${i} = ${(i * 7919) % 1000};\n`;
  return text.slice(0, size);
};

function get(path, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const { date: _date, ...rest } = res.headers;
        resolve({ status: res.statusCode, headers: rest, raw: res.rawHeaders, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (answer) =>
  (answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : gunzipSync(answer.body)
  ).toString();

/** Writes `text` to `file` keeping its size and mtime: only a cache would still answer the old bytes. */
function replaceInPlace(file, text) {
  const { atime, mtime, size } = statSync(file);
  assert.equal(Buffer.byteLength(text), size);
  writeFileSync(file, text);
  utimesSync(file, atime, mtime);
}

before(async () => {
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  writeFileSync(join(dir, 'static/js/main.js'), source('one'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>x</title>${' '.repeat(2000)}`);
  mkdirSync(join(releases, 'mf-mines/1.0.0'), { recursive: true });
  writeFileSync(join(releases, 'mf-mines/1.0.0/remote.js'), source('remote'));
  child = spawn(
    process.execPath,
    [
      serveScript,
      '--dir',
      dir,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--spa',
      '--mount',
      `/remotes=${releases}`,
    ],
    {
      env: { ...process.env, BACKOFFICE_CONFIG: '', REMOTES_REGISTRY: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
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
  rmSync(dir, { recursive: true, force: true });
  rmSync(releases, { recursive: true, force: true });
});

for (const encoding of ['gzip', 'gzip, deflate, br, zstd']) {
  test(`a file is compressed once per version (Accept-Encoding: ${encoding})`, async () => {
    const file = join(dir, 'static/js/main.js');
    writeFileSync(file, source('one'));
    utimesSync(file, new Date(), new Date(Date.now() - 60_000));
    const first = await get('/static/js/main.js', { 'accept-encoding': encoding });
    assert.equal(first.status, 200);
    assert.equal(first.headers['content-encoding'], encoding === 'gzip' ? 'gzip' : 'br');
    assert.equal(decoded(first), source('one'));

    // Same size, same mtime, other bytes: the answer is the kept one, byte for byte, same headers.
    replaceInPlace(file, source('two'));
    const second = await get('/static/js/main.js', { 'accept-encoding': encoding });
    assert.deepEqual(second.headers, first.headers);
    assert.deepEqual(
      second.raw.filter((_, i) => i % 2 === 0),
      first.raw.filter((_, i) => i % 2 === 0),
    );
    assert.ok(second.body.equals(first.body));

    // A new version of the file (new mtime): compressed afresh.
    utimesSync(file, new Date(), new Date());
    const third = await get('/static/js/main.js', { 'accept-encoding': encoding });
    assert.equal(decoded(third), source('two'));
    assert.notEqual(third.headers.etag, first.headers.etag);
  });
}

test('brotli is sent at its best quality (paid once per file version)', async () => {
  const file = join(dir, 'static/js/best.js');
  writeFileSync(file, source('best'));
  const answer = await get('/static/js/best.js', { 'accept-encoding': 'br' });
  assert.equal(answer.headers['content-encoding'], 'br');
  assert.equal(decoded(answer), source('best'));
  const atQuality = (quality) =>
    brotliCompressSync(source('best'), { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }).length;
  // compression's default quality (4) would send more; the stream's flushes cost a few bytes over one shot.
  assert.ok(answer.body.length < atQuality(4), `${answer.body.length} B, quality 4 gives ${atQuality(4)} B`);
  assert.ok(
    answer.body.length <= atQuality(11) * 1.02,
    `${answer.body.length} B, quality 11 gives ${atQuality(11)} B`,
  );
});

test('mounted folders and the SPA fallback are kept too; a deleted file is not served', async () => {
  const first = await get('/remotes/mf-mines/1.0.0/remote.js', { 'accept-encoding': 'gzip' });
  assert.equal(decoded(first), source('remote'));
  const again = await get('/remotes/mf-mines/1.0.0/remote.js', { 'accept-encoding': 'gzip' });
  assert.ok(again.body.equals(first.body));
  rmSync(join(releases, 'mf-mines/1.0.0'), { recursive: true });
  assert.equal((await get('/remotes/mf-mines/1.0.0/remote.js', { 'accept-encoding': 'gzip' })).status, 404);

  const route = await get('/users/42', { 'accept-encoding': 'gzip' });
  assert.equal(route.status, 200);
  assert.match(decoded(route), /<title>x<\/title>/);
  assert.equal(route.headers['cache-control'], 'no-cache');
  const routeAgain = await get('/users/42', { 'accept-encoding': 'gzip' });
  assert.deepEqual(routeAgain.headers, route.headers);
  assert.ok(routeAgain.body.equals(route.body));
});

test('conditional, ranged and HEAD requests still get their own answers', async () => {
  const full = await get('/static/js/main.js', { 'accept-encoding': 'gzip' });
  await get('/static/js/main.js', { 'accept-encoding': 'gzip' });
  const notModified = await get('/static/js/main.js', {
    'accept-encoding': 'gzip',
    'if-none-match': full.headers.etag,
  });
  assert.equal(notModified.status, 304);
  assert.equal(notModified.body.length, 0);
  const head = await get('/static/js/main.js', { 'accept-encoding': 'gzip' }, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  const ranged = await get('/static/js/main.js', { range: 'bytes=0-9' });
  assert.equal(ranged.status, 206);
  assert.equal(ranged.body.toString(), source('two').slice(0, 10));
});
