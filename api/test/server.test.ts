import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'bo-api-server-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}/api`;
const SHUTDOWN_TIMEOUT_MS = 8000;

function start(env: Record<string, string> = {}): Promise<{ child: ChildProcess; output: () => string }> {
  // Node itself runs the server (tsx as a loader), so SIGTERM reaches the API process: the tsx CLI relays a
  // signal and SIGKILLs its child when that child's event loop is busy for more than ~60 ms.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      TWO_FACTOR: 'optional',
      DATABASE_URL: '',
      ADMIN_EMAIL: '',
      JWT_SECRET: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const poll = setInterval(() => {
      if (out.includes('Back-office API ready')) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve({ child, output: () => out });
      }
    }, 100);
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

async function signIn(): Promise<string> {
  const health = await fetch(`${base}/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const res = await fetch(`${base}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function stats(token: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/admin/dashboard/stats`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/**
 * SIGTERM with work under way (a slow request in flight on a keep-alive connection, an idle keep-alive
 * connection): new connections are refused, the idle one is closed, the request is answered, and the
 * process exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
async function gracefulStop({ child, output }: { child: ChildProcess; output: () => string }) {
  child.removeAllListeners('exit');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  // A keep-alive connection that has been answered and is now idle.
  const idle = connect(port, '127.0.0.1');
  const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()));
  let idleAnswer = '';
  idle.on('data', (d) => (idleAnswer += d));
  idle.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  await expect.poll(() => idleAnswer).toMatch(/^HTTP\/1\.1 200/);

  // A slow request: a sign-in whose body arrives over seconds (in flight when SIGTERM comes).
  const health = await fetch(`${base}/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const body = JSON.stringify({ email: 'admin@example.com', password: 'admin123' });
  const agent = new Agent({ keepAlive: true });
  const slow = request(`${base}/admin/auth/login`, {
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    slow.once('error', reject);
    slow.once('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.once('end', () => resolve({ status: res.statusCode!, body: text }));
    });
  });
  slow.write(body.slice(0, 10));
  slow.flushHeaders();
  await new Promise((r) => setTimeout(r, 300));

  const signalled = Date.now();
  child.kill('SIGTERM');
  await expect.poll(output).toContain('SIGTERM received');
  // No new connection is taken (one that raced the listener's close may be reset instead)...
  const attempt = () =>
    fetch(`${base}/health`).then(
      (res) => `answered ${res.status}`,
      (err: { cause?: { code?: string } }) => err.cause?.code,
    );
  await expect.poll(attempt, { timeout: 2000 }).toBe('ECONNREFUSED');
  // ...the idle keep-alive connection is closed (its client reconnects elsewhere)...
  await idleClosed;
  // ...and the request in flight, still going a second later, is answered in full.
  await new Promise((r) => setTimeout(r, 1000));
  expect(child.exitCode).toBeNull();
  slow.end(body.slice(10));
  const res = await answered;
  expect(res.status, res.body).toBe(200);
  expect(JSON.parse(res.body).data.token).toEqual(expect.any(String));

  // Its keep-alive connection is closed too: nothing holds the process past the bound.
  expect(await exited, output()).toBe(0);
  agent.destroy();
  expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  expect(output()).toContain('shut down');
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The process itself, once (PGlite in DATA_DIR): fresh start with demo data, stop, restart on the same files,
// graceful stop with requests under way.
describe('server process', () => {
  it('starts on an empty DATA_DIR, seeds the demo, stops on SIGTERM (gracefully) and keeps its data across restarts', async () => {
    const first = await start();
    // The banner and the logger's lines reach the pipe separately (the logger writes asynchronously).
    await expect.poll(first.output).toContain('Demo login: admin@example.com / admin123');
    await expect.poll(first.output).toContain('demo data seeded');
    const before = await stats(await signIn());
    expect(before.totalUsers).toBeGreaterThan(100); // the demo is sized for paging
    expect(await stop(first.child), first.output()).toBe(0);

    const second = await start({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    await expect.poll(second.output).toContain('database: PGlite');
    expect(second.output()).not.toContain('demo data seeded');
    expect(await stats(await signIn())).toEqual(before);
    await gracefulStop(second);
  }, 180_000);
});
