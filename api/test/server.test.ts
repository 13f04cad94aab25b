import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'bo-api-server-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}/api`;

function start(): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(join(API_DIR, 'node_modules/.bin/tsx'), ['src/server.ts'], {
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

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The process itself, once (PGlite in DATA_DIR): fresh start with demo data, graceful stop, restart on the same files.
describe('server process', () => {
  it('starts on an empty DATA_DIR, seeds the demo, stops on SIGTERM and keeps its data across restarts', async () => {
    const first = await start();
    // The banner and the logger's lines reach the pipe separately (the logger writes asynchronously).
    await expect.poll(first.output).toContain('Demo login: admin@example.com / admin123');
    await expect.poll(first.output).toContain('demo data seeded');
    const before = await stats(await signIn());
    expect(before.totalUsers).toBeGreaterThan(100); // the demo is sized for paging
    expect(await stop(first.child)).toBe(0);

    const second = await start();
    await expect.poll(second.output).toContain('database: PGlite');
    expect(second.output()).not.toContain('demo data seeded');
    expect(await stats(await signIn())).toEqual(before);
    expect(await stop(second.child)).toBe(0);
  }, 180_000);
});
