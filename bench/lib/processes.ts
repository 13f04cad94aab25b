import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from './paths.ts';

/** Runs a command to completion; rejects with its output tail when it fails. */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  return runTimed(command, args, options).then((result) => {
    if (result.code !== 0)
      throw new Error(`${command} ${args.join(' ')} failed (${result.code}):\n${result.output}`);
  });
}

export interface TimedRun {
  code: number | null;
  /** The output's tail (stdout and stderr). */
  output: string;
  /** Wall time from spawn to exit. */
  ms: number;
  /** Date.now() when the process exited. */
  endedAt: number;
}

/** Runs a command to completion, whatever its exit code: its output tail and wall time. */
export function runTimed(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    let ended = { ms: 0, endedAt: 0 };
    child.on('exit', () => {
      ended = { ms: performance.now() - started, endedAt: Date.now() };
    });
    // 'close' comes after the output is read in full; the time is the exit's.
    child.on('close', (code) => resolve({ code, output, ...ended }));
  });
}

/** True when something accepts TCP connections on the port. */
export function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls a URL until it answers 2xx (no fixed sleeps beyond the poll interval). */
export async function waitForHttp(url: string, timeoutMs = 30_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`process serving ${url} exited (${child.exitCode})`);
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (answer.ok) return;
      last = `HTTP ${answer.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (${last})`);
}

export interface StaticServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `node [nodeArgs] script [args]`, a server on `port`, and waits until `readyPath` answers 2xx. */
export async function startNodeServer(options: {
  nodeArgs?: string[];
  script: string;
  args?: string[];
  port: number;
  env?: NodeJS.ProcessEnv;
  readyPath: string;
  /** The origin's host name (default localhost). */
  host?: string;
  cwd?: string;
}): Promise<StaticServer> {
  if (await portAnswers(options.port)) throw new Error(`port ${options.port} is already in use`);
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])],
    {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const origin = `http://${options.host ?? 'localhost'}:${options.port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
  process.once('exit', () => child.kill('SIGKILL'));
  try {
    await waitForHttp(origin + options.readyPath, 15_000, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: child.pid!, stop };
}

/**
 * Serves a built app with scripts/serve.mjs, exactly as production does (gzip, caching headers).
 * `env` may carry BACKOFFICE_CONFIG; `releases`: the releases folder (the live shell and every area's
 * versions, what is live read from the API behind `proxy`).
 */
export function serveStatic(options: {
  dir: string;
  port: number;
  spa?: boolean;
  env?: NodeJS.ProcessEnv;
  proxy?: string;
  releases?: string;
  /** The releases folder is none of the API's: no integrity check (the monolith floor). */
  unchecked?: boolean;
}): Promise<StaticServer> {
  const args = ['--dir', options.dir, '--port', String(options.port)];
  if (options.spa) args.push('--spa');
  if (options.proxy) args.push('--proxy', options.proxy);
  if (options.releases) args.push('--releases', options.releases);
  if (options.unchecked) args.push('--unchecked');
  return startNodeServer({
    script: join(repoRoot, 'scripts/serve.mjs'),
    args,
    port: options.port,
    env: options.env,
    readyPath: '/index.html',
  });
}
