import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';

/** True when something accepts TCP connections on host:port. */
export function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` resolves true (every 100 ms); throws with `what` after the timeout. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  child?: Child,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && !child.running()) throw new Error(`${what}: ${child.name} exited early\n${child.tail()}`);
    if (await probe().catch(() => false)) return;
    await pause(100);
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms${child ? `\n${child.tail()}` : ''}`);
}

export async function httpOk(url: string): Promise<boolean> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return answer.ok;
}

/** A long-running child in its own process group (so pnpm -> tsx -> node all stop together). */
export class Child {
  private readonly process: ChildProcess;
  private readonly logFile: string;
  private exited = false;
  private stopping = false;

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
  ) {
    const log = createWriteStream(options.logFile, { flags: 'a' });
    this.logFile = options.logFile;
    this.process = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.process.stdout?.pipe(log);
    this.process.stderr?.pipe(log);
    this.process.once('exit', () => {
      this.exited = true;
    });
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  running(): boolean {
    return !this.exited && this.process.exitCode === null && this.process.signalCode === null;
  }

  tail(lines = 40): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  /** SIGTERM to the whole group, SIGKILL after `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    const pid = this.process.pid;
    if (!pid || !this.running()) return;
    this.stopping = true;
    const exited = new Promise<void>((resolve) => this.process.once('exit', () => resolve()));
    killGroup(pid, 'SIGTERM');
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs));
    if ((await Promise.race([exited, timer])) === 'timeout') {
      killGroup(pid, 'SIGKILL');
      await Promise.race([exited, pause(2000)]);
    }
  }

  onExit(listener: (code: number | null) => void): void {
    // 'close': the exit code and every line of output are in.
    if (this.process.exitCode !== null && this.process.stdout?.readableEnded !== false)
      listener(this.process.exitCode);
    else this.process.once('close', (code) => listener(code));
  }

  /** A long-running server that dies on its own says so, with its last lines of output. */
  reportUnexpectedExit(): void {
    this.onExit((code) => {
      if (!this.stopping)
        console.error(`[e2e] ${this.name} exited unexpectedly (code ${code}):\n${this.tail()}`);
    });
  }

  /** Synchronous last resort (process 'exit' handlers cannot wait). */
  killNow(): void {
    this.stopping = true;
    if (this.process.pid && this.running()) killGroup(this.process.pid, 'SIGKILL');
  }
}

export function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Runs a command to completion, output to the log file; rejects with the output tail on failure. */
export function runToEnd(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; timeoutMs?: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = new Child(name, command, args, options);
    const timer = setTimeout(() => {
      child.killNow();
      reject(new Error(`${name} timed out\n${child.tail()}`));
    }, options.timeoutMs ?? 180_000);
    child.onExit((code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (exit ${code})\n${child.tail()}`));
    });
  });
}
