import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { benchDir } from './paths.ts';
import { percentile } from './stats.ts';

/** One closed-loop run of the load generator (lib/load-worker.ts). */
export interface LoadSpec {
  /** Origins to spread the connections over (one, or one per API replica). */
  origins: string[];
  path: string;
  /** Instead of `path`: each request takes one of these at random (pages of a list, say). */
  paths?: string[];
  headers: Record<string, string>;
  connections: number;
  durationMs: number;
}

export interface LoadResult {
  /** Answers with status 200. */
  requests: number;
  /** Of those, the ones completed within durationMs (the rate is taken from these). */
  inWindow: number;
  /** Answers with status 200 within durationMs, per origin. */
  perOrigin: number[];
  errors: number;
  firstError?: string;
  elapsedMs: number;
  /** ms of each answer with status 200. */
  latencies: Float64Array;
  /** CPU time the generator itself used during the run. */
  cpuMs: number;
}

export interface LoadGenerator {
  pid: number;
  run(spec: LoadSpec): Promise<LoadResult>;
  stop(): Promise<void>;
}

/** Forks the load generator; one run at a time. */
export function startLoadGenerator(): LoadGenerator {
  const child: ChildProcess = fork(join(benchDir, 'lib/load-worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    cwd: benchDir,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  child.on('message', (message: { id: number; result?: LoadResult; error?: string }) => {
    const entry = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) entry?.reject(new Error(message.error));
    else entry?.resolve(message.result!);
  });
  child.on('exit', (code) => {
    for (const entry of waiting.values()) entry.reject(new Error(`load generator exited (${code})`));
    waiting.clear();
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return {
    pid: child.pid!,
    run(spec) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, spec });
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ close: true });
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/**
 * Several runs of one side taken as one: answers per second within their summed windows, percentiles
 * of every answer.
 */
export function combine(runs: LoadResult[], durationMs: number) {
  const latencies = runs.flatMap((run) => Array.from(run.latencies));
  const elapsedMs = runs.reduce((sum, run) => sum + run.elapsedMs, 0);
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const inWindow = runs.reduce((sum, run) => sum + run.inWindow, 0);
  const generatorCpuMs = runs.reduce((sum, run) => sum + run.cpuMs, 0);
  return {
    requests,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    firstError: runs.find((run) => run.firstError)?.firstError,
    perOrigin: runs[0]?.perOrigin.map((_, i) => runs.reduce((sum, run) => sum + (run.perOrigin[i] ?? 0), 0)),
    elapsedMs,
    perSecond: inWindow / ((runs.length * durationMs) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    /** Share of one core the generator used. */
    generatorShare: generatorCpuMs / elapsedMs,
  };
}
