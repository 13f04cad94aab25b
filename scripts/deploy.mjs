#!/usr/bin/env node
// `pnpm run deploy <area>`: publishes the area's build (<app>/dist, built first when missing or with
// --build) and makes it live, through the release gate the API runs (files and their SHA-256, shared
// versions against the live shell, the API contract, a smoke load of every route in Chromium).
// `<area>` is shell, lottery, finance, support-users, mines, or all (the shell, then every area).
// `pnpm run deploy <area> <version>`: makes an already published version live, through the same gate.
//   --from <dir>      publish another build folder (the images publish the build they carry)
//   --publish-only    publish, leave what is live as it is
//   --cohort <who>    live for a cohort only: ops, role:<role>, or <n>% of the admins; promote it to all
//                     with `pnpm run deploy <area> <version>`, end it with `pnpm rollback <area>`
//   --check           run the gate and change nothing
//   --force           go live although a check failed (needs --reason, or asks for one)
//   --reason <text>   why (kept in the release history)
//   --as <email>      who is deploying, with the bootstrap token (an operator's own token names its owner)
//   --no-smoke        only where the API host has no Chromium; the record says the smoke load was skipped
// It works against the running API (OPS_TOKEN, OPS_TOKEN_FILE, or the token in DATA_DIR/ops-token), or,
// when the API is stopped, on its database directly. See docs/operations.md, "Releases".
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { callApi, claimedActor, dataOf } from './release/api.mjs';
import { cohortOf, commandLine, forcedReason, printChange, run } from './release/cli.mjs';
import { copyIntoReleases, removeFromReleases } from './release/publish.mjs';
import {
  checkVersion,
  findTarget,
  ReleaseError,
  readReleaseInfo,
  repoRoot,
  TARGETS,
} from './release/targets.mjs';

const { values, positionals } = commandLine({
  build: { type: 'boolean', default: false },
  from: { type: 'string' },
  'publish-only': { type: 'boolean', default: false },
  'no-smoke': { type: 'boolean', default: false },
  cohort: { type: 'string' },
});

/** The versions of `target` the API knows: a folder of any other version is a leftover, replaced. */
async function publishedVersions(target) {
  const { areas } = dataOf(await callApi('GET', '/admin/releases'));
  return new Set(areas.find((area) => area.area === target.id)?.versions.map((v) => v.version) ?? []);
}

function buildIfNeeded(target, dir) {
  if (values.from || (!values.build && existsSync(join(dir, 'release.json')))) return;
  console.log(`building ${target.dir} ...`);
  const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
  const build = spawnSync(pnpm, ['-C', join(repoRoot, target.dir), 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new ReleaseError(`the build of ${target.dir} failed`);
}

/** Publishes one build (and makes it live unless --publish-only), through the gate. */
async function publish(target, buildDir, common) {
  buildIfNeeded(target, buildDir);
  const info = readReleaseInfo(buildDir);
  if (info.name !== target.name)
    throw new ReleaseError(`${buildDir} is a build of ${info.name}, not of ${target.name}`);
  const version = checkVersion(String(info.version ?? ''));
  console.log(`${target.dir} ${version} (commit ${info.commit ?? 'unknown'})`);
  const known = await publishedVersions(target);
  const fresh = copyIntoReleases(target, version, buildDir, known);
  let published = false;
  try {
    const answer = await callApi('POST', '/admin/releases', {
      area: target.id,
      version,
      skipSmoke: values['no-smoke'],
      live: !values['publish-only'],
      ...common,
    });
    const change = dataOf(answer);
    published = change.published;
    printChange(change, { check: values.check, cohort: values.cohort });
  } finally {
    // A check, or a refusal to publish, leaves nothing behind: the fixed build of the same version can
    // come next. (A version published but refused going live stays: a later shell may take it.)
    if (fresh && !known.has(version) && (values.check || !published)) {
      if (values.check || !(await publishedVersions(target)).has(version))
        removeFromReleases(target, version);
    }
  }
}

run('deploy', async () => {
  const [input, version] = positionals;
  if (!input)
    throw new ReleaseError(
      'usage: pnpm run deploy <area|all> [version] [--build] [--from <dir>] [--publish-only] [--cohort <who>] ' +
        '[--check] [--force --reason <why>] [--as <email>] [--no-smoke]',
    );
  const common = {
    dryRun: values.check,
    force: values.force,
    reason: await forcedReason(values),
    ...claimedActor(values.as),
    ...(values.cohort ? { cohort: cohortOf(values.cohort) } : {}),
  };
  if (version) {
    const target = findTarget(input);
    const answer = await callApi('POST', `/admin/releases/${target.id}/live`, {
      action: 'deploy',
      version: checkVersion(version),
      ...common,
    });
    printChange(dataOf(answer), { check: values.check, cohort: values.cohort });
    return;
  }
  const targets = input === 'all' ? TARGETS.map(findTarget) : [findTarget(input)];
  if (values.from && targets.length > 1) throw new ReleaseError('--from takes one area, not all');
  if (values.cohort && targets.length > 1) throw new ReleaseError('--cohort takes one area, not all');
  for (const target of targets)
    await publish(target, resolve(values.from ?? join(repoRoot, target.dir, 'dist')), common);
});
