#!/usr/bin/env node
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
// `pnpm releases [area]`: every published version of each part of the console, the live one marked ●
// and the previous one ○, with the last changes (who, when, why).
// `pnpm releases prune <area> [--keep 5]`: forgets the oldest versions beyond the newest `keep`, and
// deletes their files; never the live, previous or cohort one. A folder of a version that was never
// published (a refusal's leftover) goes too.
import { callApi, claimedActor, dataOf } from './release/api.mjs';
import { commandLine, run } from './release/cli.mjs';
import { removeFromReleases } from './release/publish.mjs';
import { findTarget, ReleaseError, releasesDir } from './release/targets.mjs';

const when = (iso) => `${new Date(iso).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
const HISTORY = 5;

const COHORT = {
  ops: () => 'ops admins',
  role: (r) => `admins with the ${r.role} role`,
  percent: (r) => `${r.percent}% of admins`,
};
/** Who reported on a version over the last hour: reports, and how many admins sent them. */
const figures = (f) =>
  f.failures ? `  ${f.failures} failures from ${f.failingAdmins} of ${f.admins} admins in the last hour` : '';

function printArea(area) {
  const dir = area.area === 'shell' ? 'shell' : `mf-${area.area}`;
  console.log(`\n${dir}`);
  if (area.versions.length === 0) console.log('  nothing published yet');
  for (const v of area.versions) {
    const mark = v.live ? '●' : v.cohort ? '◐' : v.previous ? '○' : ' ';
    const state = v.live
      ? `live since ${when(area.live.since)} by ${area.live.by} (${area.live.action})`
      : v.cohort
        ? `live for ${COHORT[area.cohort.rule.kind](area.cohort.rule)} since ${when(area.cohort.since)} by ${area.cohort.by}`
        : `${v.previous ? 'previous; ' : ''}published ${when(v.publishedAt)} by ${v.publishedBy}`;
    const failed = v.gate.filter((check) => !check.ok).map((check) => check.check);
    const gate = failed.length ? `  gate: ${failed.join(', ')} failing` : '';
    const tampered = v.tampered.length ? `  TAMPERED: ${v.tampered.join(', ')} changed since publish` : '';
    console.log(
      `  ${mark} ${v.version.padEnd(14)} ${String(v.commit ?? '').padEnd(18)} ${state}${gate}${tampered}${figures(v.field)}`,
    );
  }
  for (const event of area.history.slice(0, HISTORY)) {
    const move = event.from || event.to ? ` ${event.from ?? '-'} -> ${event.to ?? '-'}` : '';
    const why = event.reason ? `  "${event.reason}"` : '';
    console.log(
      `    ${when(event.at)}  ${event.action.replace('release.', '')}${move}  by ${event.actor}${why}`,
    );
    // What a refusal failed on, what an automatic rollback went by (every reporting admin), what changed.
    if (event.detail && !event.action.endsWith('.publish')) console.log(`      ${event.detail}`);
  }
}

/** Folders of versions the API does not know (never published, or left by a refusal). */
function leftovers(target, area) {
  const root = join(releasesDir(), target.dir);
  if (!existsSync(root)) return [];
  const known = new Set(area.versions.map((v) => v.version));
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !known.has(entry.name))
    .map((entry) => entry.name);
}

run('releases', async () => {
  const { values, positionals } = commandLine({ keep: { type: 'string', default: '5' } });
  const list = dataOf(await callApi('GET', '/admin/releases'));
  if (positionals[0] !== 'prune') {
    const only = positionals[0] ? findTarget(positionals[0]).id : null;
    for (const area of list.areas) if (!only || area.area === only) printArea(area);
    return;
  }
  if (!positionals[1]) throw new ReleaseError('usage: pnpm releases prune <area> [--keep 5]');
  const target = findTarget(positionals[1]);
  const keep = Number(values.keep);
  if (!Number.isInteger(keep) || keep < 0) throw new ReleaseError('--keep takes a whole number');
  const area = list.areas.find((candidate) => candidate.area === target.id);
  const old = area.versions.slice(keep).filter((v) => !v.live && !v.previous && !v.cohort);
  for (const { version } of old) {
    dataOf(
      await callApi('DELETE', `/admin/releases/${target.id}/${version}`, { ...claimedActor(values.as) }),
    );
    removeFromReleases(target, version);
    console.log(`${target.dir} ${version} pruned`);
  }
  const unknown = leftovers(target, area);
  for (const version of unknown) {
    removeFromReleases(target, version);
    console.log(`${target.dir} ${version} removed (never published)`);
  }
  if (old.length + unknown.length === 0)
    console.log(`${target.dir}: nothing to prune (keeping ${keep}, the live, previous and cohort ones)`);
});
