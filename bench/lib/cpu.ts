import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';

/**
 * Where the CPU goes during a measurement, from /proc (Linux): the CPU time of named groups of
 * processes (API replicas, PostgreSQL backends, the load generator ...) and of the whole machine,
 * including steal time and whatever else runs on it. Elsewhere the figures are simply absent.
 */

let tickMs: number | undefined;
function msPerTick(): number {
  if (tickMs === undefined) {
    let hz = 100;
    try {
      hz = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      // keep Linux's usual 100
    }
    tickMs = 1000 / hz;
  }
  return tickMs;
}

/** Fields of /proc/<pid>/stat after the command name (field 3 = index 0). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** user + system ticks of a process (0 when it is gone). */
function processTicks(pid: number): number {
  const fields = statFields(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : 0;
}

/** Every process in a process group (e.g. pnpm -> tsx -> node of a detached API). */
export function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    if (Number(statFields(Number(entry))?.[2]) === pgid) pids.push(Number(entry));
  }
  return pids;
}

/** Ticks of the machine from /proc/stat: busy (user..softirq), steal, and all. */
function machineTicks(): { busy: number; steal: number; total: number } | undefined {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number) as number[];
    const busy = user! + nice! + system! + irq! + softirq!;
    return { busy, steal: steal!, total: busy + idle! + iowait! + steal! };
  } catch {
    return undefined;
  }
}

export interface CpuUse {
  wallMs: number;
  /** CPU ms per group. */
  groups: Record<string, number>;
  /** The whole machine: CPU ms busy (every process) and stolen by the host, out of cores x wallMs. */
  machine?: { busyMs: number; stealMs: number; cores: number };
}

/**
 * Runs `work` and reports the CPU each group used meanwhile. Groups are resolved to pids before and
 * after (a process that ends meanwhile loses its share; one that starts counts whole).
 */
export async function measureCpu<T>(
  groups: Record<string, () => number[] | Promise<number[]>>,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuUse }> {
  const resolve = async () =>
    Object.fromEntries(
      await Promise.all(Object.entries(groups).map(async ([n, f]) => [n, await f()] as const)),
    );
  const pidsBefore = await resolve();
  const before = new Map<number, number>();
  for (const pids of Object.values(pidsBefore)) for (const pid of pids) before.set(pid, processTicks(pid));
  const machineBefore = machineTicks();
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  const machineAfter = machineTicks();
  const pidsAfter = await resolve();
  const tick = msPerTick();
  const used: Record<string, number> = {};
  for (const name of Object.keys(groups)) {
    const pids = new Set([...(pidsBefore[name] ?? []), ...(pidsAfter[name] ?? [])]);
    let ticks = 0;
    for (const pid of pids) {
      const after = processTicks(pid);
      if (after) ticks += after - (before.get(pid) ?? 0);
    }
    used[name] = ticks * tick;
  }
  const machine =
    machineBefore && machineAfter
      ? {
          busyMs: (machineAfter.busy - machineBefore.busy) * tick,
          stealMs: (machineAfter.steal - machineBefore.steal) * tick,
          cores: cpus().length,
        }
      : undefined;
  return { result, cpu: { wallMs, groups: used, machine } };
}

/** Sums CPU uses of the same groups (several slices of one side). */
export function addCpu(uses: CpuUse[]): CpuUse {
  const total: CpuUse = { wallMs: 0, groups: {} };
  for (const use of uses) {
    total.wallMs += use.wallMs;
    for (const [name, ms] of Object.entries(use.groups)) total.groups[name] = (total.groups[name] ?? 0) + ms;
    if (use.machine) {
      total.machine ??= { busyMs: 0, stealMs: 0, cores: use.machine.cores };
      total.machine.busyMs += use.machine.busyMs;
      total.machine.stealMs += use.machine.stealMs;
    }
  }
  return total;
}
