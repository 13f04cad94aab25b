#!/usr/bin/env node
// `pnpm releases [area]`: every published version of each part of the console, the live one marked ●
// and the previous one ○, with the last changes (who, when, why).
// `pnpm releases prune <area> [--keep 5]`: forgets the oldest versions beyond the newest `keep`, and
// deletes their files; never the live or the previous one.
import { callApi, dataOf, operator } from './release/api.mjs';
import { commandLine, run } from './release/cli.mjs';
import { removeFromReleases } from './release/publish.mjs';
import { findTarget, ReleaseError } from './release/targets.mjs';

const when = (iso) => `${new Date(iso).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
const HISTORY = 5;

function printArea(area) {
  const dir = area.area === 'shell' ? 'shell' : `mf-${area.area}`;
  console.log(`\n${dir}`);
  if (area.versions.length === 0) console.log('  nothing published yet');
  for (const v of area.versions) {
    const mark = v.live ? '●' : v.previous ? '○' : ' ';
    const state = v.live
      ? `live since ${when(area.live.since)} by ${area.live.by} (${area.live.action})`
      : `${v.previous ? 'previous; ' : ''}published ${when(v.publishedAt)} by ${v.publishedBy}`;
    const failed = v.gate.filter((check) => !check.ok).map((check) => check.check);
    const gate = failed.length ? `  gate: ${failed.join(', ')} failing` : '';
    const field = v.field.failures ? `  ${v.field.failures} failures in the last hour` : '';
    console.log(
      `  ${mark} ${v.version.padEnd(14)} ${String(v.commit ?? '').padEnd(18)} ${state}${gate}${field}`,
    );
  }
  for (const event of area.history.slice(0, HISTORY)) {
    const move = event.from || event.to ? ` ${event.from ?? '-'} -> ${event.to ?? '-'}` : '';
    const why = event.reason ? `  "${event.reason}"` : '';
    console.log(
      `    ${when(event.at)}  ${event.action.replace('release.', '')}${move}  by ${event.actor}${why}`,
    );
  }
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
  const old = area.versions.slice(keep).filter((v) => !v.live && !v.previous);
  for (const { version } of old) {
    dataOf(
      await callApi('DELETE', `/admin/releases/${target.id}/${version}`, { actor: operator(values.as) }),
    );
    removeFromReleases(target, version);
    console.log(`${target.dir} ${version} pruned`);
  }
  if (old.length === 0)
    console.log(`${target.dir}: nothing to prune (keeping ${keep}, the live and the previous)`);
});
