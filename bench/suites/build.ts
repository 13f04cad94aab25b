import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { areaEntry } from '@backoffice/shared/permissions';
import { remoteDirs } from '../lib/apps.ts';
import { repoRoot } from '../lib/paths.ts';
import { runTimed } from '../lib/processes.ts';
import { median } from '../lib/stats.ts';
import type { Comparison, Suite } from './types.ts';

/**
 * docs/performance.md: what a developer or CI waits for. Each sample builds from clean (each app's dist and
 * its node_modules/.cache removed; no persistent build cache is configured): all five apps with the root
 * `pnpm build` (pnpm runs them in parallel), then one remote alone with its own `pnpm -C <dir> build`.
 * Targets on the median wall time: <= 15 s and <= 5 s. It leaves every dist built.
 */
const ALL_MS = 15_000;
const ONE_MS = 5_000;
/** The remote with the most screens. */
const ONE_REMOTE = areaEntry('lottery').dir;
const APP_DIRS = ['shell', ...Object.values(remoteDirs)];

function clean(dirs: string[]) {
  for (const dir of dirs) {
    for (const folder of ['dist', 'node_modules/.cache'])
      rmSync(join(repoRoot, dir, folder), { recursive: true, force: true });
  }
}

async function timedBuild(dirs: string[], args: string[]): Promise<number> {
  clean(dirs);
  const result = await runTimed('pnpm', args);
  if (result.code !== 0) throw new Error(`pnpm ${args.join(' ')} failed (${result.code}):\n${result.output}`);
  return result.ms;
}

export const buildSuite: Suite = {
  name: 'build',
  description: 'Builds from clean: all five apps (pnpm build), one remote alone',
  async run(bench) {
    if (!bench.build) {
      bench.log('--no-build: the build suite is skipped');
      return [];
    }
    const all: number[] = [];
    const one: number[] = [];
    const load: number[] = [];
    for (let n = 0; n < bench.samples; n++) {
      load.push(loadavg()[0]!);
      all.push(await timedBuild(APP_DIRS, ['build']));
      one.push(await timedBuild([ONE_REMOTE], ['-C', ONE_REMOTE, 'build']));
      bench.log(
        `  #${n + 1}: all five ${(all.at(-1)! / 1000).toFixed(1)} s, ${ONE_REMOTE} ` +
          `${(one.at(-1)! / 1000).toFixed(1)} s (load average ${load.at(-1)!.toFixed(1)} before)`,
      );
    }
    const rows = (metric: string, values: number[], targetMs: number): Comparison[] => [
      { metric, unit: 'ms', baseline: targetMs, subject: Math.round(median(values)), maxRatio: 1 },
      { metric: '  slowest', unit: 'ms', baseline: null, subject: Math.round(Math.max(...values)) },
    ];
    return [
      {
        suite: 'build',
        title: `Builds from clean, wall time, median of ${bench.samples}`,
        baselineLabel: 'target',
        subjectLabel: 'build',
        comparisons: [
          ...rows('all five apps (pnpm build)', all, ALL_MS),
          ...rows(`${ONE_REMOTE} alone (pnpm -C ${ONE_REMOTE} build)`, one, ONE_MS),
        ],
        details: { allMs: all, oneMs: one, loadAverageBefore: load },
      },
    ];
  },
};
