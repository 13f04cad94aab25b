// The release gate (docs/operations.md#releases): nothing goes live unless its files are there, the live
// shell provides what it requires (or, for a shell, it provides what every live remote requires), this API
// serves the contract it was built against, and its smoke load passed. Pure checks; the service runs them.
import type { GateResult, ReleaseTarget, SmokeResult } from '@backoffice/shared/contract';
import { type ContractFingerprint, contractMismatches } from '@backoffice/shared/contract/fingerprint';
import semver from 'semver';
import type { SharedRequirement, StoredRelease } from './release-files.ts';

const result = (check: GateResult['check'], problems: string[], passed: string): GateResult => ({
  check,
  ok: problems.length === 0,
  message: problems.length ? problems.join('; ') : passed,
});

export function filesCheck(problems: string[], release: StoredRelease): GateResult {
  const count = new Set([...release.files.map((f) => f.path), ...release.manifestFiles]).size;
  return result('files', problems, `${count} files present`);
}

/** What `requires` asks that `provides` (the shell's shared modules and versions) does not give. */
export function unmetRequirements(requires: SharedRequirement[], provides: Record<string, string>): string[] {
  return requires.flatMap(({ name, requiredVersion }) => {
    const provided = provides[name];
    if (provided === undefined) return [`${name} is not provided by the shell`];
    if (requiredVersion === false) return [];
    const range = semver.validRange(requiredVersion);
    if (!range) return [`${name} requires "${requiredVersion}", which is not a version range`];
    return semver.satisfies(provided, range)
      ? []
      : [`${name} ${requiredVersion} is required; the shell provides ${provided}`];
  });
}

/**
 * A remote against the live shell; a shell against every live remote. With no shell live yet (the
 * first publication of a console), the console's server serves its own build: there is nothing to
 * check against, and the message says so.
 */
export function sharedCheck(
  target: ReleaseTarget,
  release: StoredRelease,
  live: { shell: StoredRelease | null; remotes: StoredRelease[] },
): GateResult {
  if (target === 'shell') {
    const problems = live.remotes.flatMap((remote) =>
      unmetRequirements(remote.requires, release.provides ?? {}).map(
        (problem) => `${remote.name} ${remote.version}: ${problem}`,
      ),
    );
    return result('shared', problems, `provides what the ${live.remotes.length} live areas require`);
  }
  if (!live.shell?.provides)
    return result('shared', [], 'no shell release is live yet: nothing to check against');
  return result(
    'shared',
    unmetRequirements(release.requires, live.shell.provides),
    `${release.requires.length} shared modules satisfied by shell ${live.shell.version}`,
  );
}

/**
 * The routes the build calls (its release.json: recorded from its bundler's module graph,
 * shared/src/mf/release-info.ts) against what this API serves. Only those count: a route added, changed or
 * removed that the build does not call never refuses it.
 */
export function contractCheck(release: StoredRelease, served: ContractFingerprint): GateResult {
  const mismatches = contractMismatches(release.contract, served);
  const count = Object.keys(release.contract.routes).length;
  return result(
    'contract',
    mismatches.length ? [`this API does not serve ${mismatches.join(', ')}`] : [],
    `the ${count} API routes it calls are served (contract ${served.hash})`,
  );
}

export function smokeCheck(smoke: SmokeResult): GateResult {
  if (smoke.status === 'failed') return result('smoke', [`the smoke load failed: ${smoke.message}`], '');
  return result(
    'smoke',
    [],
    smoke.status === 'skipped' ? `skipped: ${smoke.message}` : smoke.message || 'mounted in Chromium',
  );
}

export const failedChecks = (gate: GateResult[]) => gate.filter((check) => !check.ok);
