// What the release commands share: their options, the reason a forced change needs, and printing.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ReleaseError } from './targets.mjs';

/** Parses the command line; options shared by deploy, rollback and releases. */
export function commandLine(options) {
  try {
    return parseArgs({
      allowPositionals: true,
      args: process.argv.slice(2).filter((arg) => arg !== '--'),
      options: {
        reason: { type: 'string' },
        force: { type: 'boolean', default: false },
        as: { type: 'string' },
        check: { type: 'boolean', default: false },
        ...options,
      },
    });
  } catch (error) {
    throw new ReleaseError(error.message);
  }
}

/** --force asks for a reason: --reason, or typed at the prompt. */
export async function forcedReason(values) {
  if (!values.force || values.reason?.trim()) return values.reason?.trim() || null;
  if (!process.stdin.isTTY) throw new ReleaseError('--force needs a reason: --reason "<why>"');
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  const reason = (await prompt.question('Forcing skips the failed checks. Reason: ')).trim();
  prompt.close();
  if (!reason) throw new ReleaseError('--force needs a reason');
  return reason;
}

/** --cohort: 'ops', 'role:<role>' or '<n>%' (of the admins, stable per admin). */
export function cohortOf(text) {
  if (text === 'ops') return { kind: 'ops' };
  const role = /^role:([a-z-]+)$/.exec(text);
  if (role) return { kind: 'role', role: role[1] };
  const percent = /^(\d{1,2})%$/.exec(text);
  if (percent && Number(percent[1]) >= 1) return { kind: 'percent', percent: Number(percent[1]) };
  throw new ReleaseError(`--cohort takes ops, role:<role> or a share such as 10% (1-99%), not "${text}"`);
}

/** The gate's verdict, one line per check. */
export function printGate(gate) {
  for (const check of gate ?? [])
    console.log(`  ${check.ok ? '✓' : '✗'} ${check.check.padEnd(8)} ${check.message}`);
}

/** What a publish or a change of what is live did. */
export function printChange(change, { check = false, cohort = null } = {}) {
  printGate(change.gate);
  const dir = change.area === 'shell' ? 'shell' : `mf-${change.area}`;
  if (cohort && !check)
    console.log(
      `${dir}: ${change.version} live for the cohort; everyone else keeps ${change.from ?? 'nothing'}`,
    );
  else if (check) {
    const ok = change.gate.every((c) => c.ok);
    console.log(
      `${dir} ${change.version}: ${ok ? 'would pass the gate' : 'would be refused'} (nothing changed)`,
    );
  } else if (change.from === change.to)
    console.log(
      `${dir}: ${change.to ?? 'nothing'} live${change.version === change.to ? ' (unchanged)' : ''}`,
    );
  else console.log(`${dir}: ${change.from ?? 'nothing'} -> ${change.to}${change.forced ? ' (FORCED)' : ''}`);
}

/** Runs a command: a ReleaseError is printed without a stack and exits 1. */
export function run(name, main) {
  const started = Date.now();
  main().then(
    () => console.log(`(${name} took ${((Date.now() - started) / 1000).toFixed(1)} s)`),
    (error) => {
      if (!(error instanceof ReleaseError)) throw error;
      console.error(`${name}: ${error.message}`);
      process.exit(1);
    },
  );
}
