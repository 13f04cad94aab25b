import type { Browser } from '@playwright/test';
import type { BenchConsole } from '../lib/console.ts';

/** One measured figure of a subject next to its baseline, with an optional target on the ratio. */
export interface Comparison {
  metric: string;
  unit: 'bytes' | 'ms' | 'count' | 'req/s' | '%';
  /** The reference (the floor page, raw SQL, ...); null when a metric has no baseline. */
  baseline: number | null;
  subject: number;
  /** Target: subject / baseline must not exceed this. */
  maxRatio?: number;
  /** Target: subject / baseline must reach at least this (throughput). */
  minRatio?: number;
}

/** What a suite hands back for one subject (one page, one endpoint ...). */
export interface SuiteReport {
  suite: string;
  title: string;
  baselineLabel: string;
  subjectLabel: string;
  comparisons: Comparison[];
  /** Raw samples and anything else worth keeping in results/latest.json. */
  details?: unknown;
  /** Problems with the measurement itself (not with the figures). */
  warnings?: string[];
}

/** What every suite gets from the runner: options, one shared browser, servers that stop at the end. */
export interface BenchContext {
  samples: number;
  /** `--seconds`: measured seconds of load on each side of an api list case (after a warm-up). */
  loadSeconds: number;
  /** `--only`: measure only the cases whose name matches (suites with named cases). */
  only?: RegExp;
  /** False with --no-build: use the dist folders as they are. */
  build: boolean;
  browser(): Promise<Browser>;
  /** `--scale`: the seed factor of the console's database (1 = 200k users, 1M tickets ...). */
  scale: number;
  /** The API on a PostgreSQL database seeded with `--scale`, signed in; started once per run. */
  console(): Promise<BenchConsole>;
  /** Builds (once per run) an app of lib/apps.ts and copies its dist (lib/apps.ts snapshot); returns the copy. */
  snapshot(appName: string): Promise<string>;
  /** Serves an app's snapshot (taken first when needed); returns its origin. */
  serve(appName: string): Promise<string>;
  /** A port of the run's range no other server of the run uses. */
  freePort(): number;
  /** The folder an app is served from (its snapshot). */
  servedDir(appName: string): string;
  log(message: string): void;
  /** Runs at the end of the run, even when a suite fails. */
  onCleanup(task: () => Promise<void> | void): void;
}

export interface Suite {
  name: string;
  description: string;
  run(context: BenchContext): Promise<SuiteReport[]>;
}
