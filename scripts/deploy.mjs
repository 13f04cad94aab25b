#!/usr/bin/env node
// `pnpm run deploy <area>`: publishes the area's build (<app>/dist, built first when missing or with
// --build) and makes it live, through the release gate (files, shared versions against the live shell,
// the API contract, a smoke load in Chromium). `<area>` is shell, lottery, finance, support-users,
// mines, or all (the shell, then every area).
// `pnpm run deploy <area> <version>`: makes an already published version live, through the same gate.
//   --from <dir>      publish another build folder (the images publish the build they carry)
//   --publish-only    publish, leave what is live as it is
//   --check           run the gate and change nothing
//   --force           go live although a check failed (needs --reason, or asks for one)
//   --reason <text>   why (kept in the release history)
//   --as <email>      who is deploying (default: the OS user at this host)
//   --no-smoke        only where Chromium is absent; the record says the smoke load was skipped
// It works against the running API (the ops token in DATA_DIR/ops-token, or OPS_TOKEN), or, when the
// API is stopped, on its database directly. See docs/operations.md, "Releases".
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { callApi, dataOf, operator } from './release/api.mjs';
import { commandLine, forcedReason, printChange, run } from './release/cli.mjs';
import { copyIntoReleases, releaseFolder, removeFromReleases } from './release/publish.mjs';
import { openSmoke, skippedSmoke } from './release/smoke.mjs';
import {
  checkVersion,
  findTarget,
  ReleaseError,
  readReleaseInfo,
  releasesDir,
  repoRoot,
  smokeRoute,
  TARGETS,
} from './release/targets.mjs';

const { values, positionals } = commandLine({
  build: { type: 'boolean', default: false },
  from: { type: 'string' },
  'publish-only': { type: 'boolean', default: false },
  'no-smoke': { type: 'boolean', default: false },
});

const entryOf = (target, version) => `/remotes/${target.dir}/${version}/mf-manifest.json`;

/** What is live now (from the API): { shell: '1.0.0' | null, remotes: [{ target, version }] }. */
async function liveNow() {
  const { areas } = dataOf(await callApi('GET', '/admin/releases'));
  const live = (id) => areas.find((area) => area.area === id)?.live?.version ?? null;
  return {
    shell: live('shell'),
    remotes: TARGETS.filter((id) => id !== 'shell' && live(id)).map((id) => ({
      target: findTarget(id),
      version: live(id),
    })),
  };
}

/**
 * The smoke load of one build. A remote: mounted by the live shell's smoke host (the workspace's shell
 * build when no shell is live yet). A shell: its own smoke host mounts every live area.
 */
async function smokeLoad(target, buildDir, info) {
  if (values['no-smoke']) return skippedSmoke();
  const live = await liveNow();
  const releases = { prefix: '/remotes', dir: releasesDir() };
  if (target.id === 'shell') {
    const smoke = await openSmoke({ shellDir: buildDir, mounts: [releases] });
    try {
      const results = [];
      for (const remote of live.remotes) {
        const remoteInfo = readReleaseInfo(releaseFolder(remote.target, remote.version));
        const entry = entryOf(remote.target, remote.version);
        results.push(await smoke.check({ name: remote.target.name, entry, route: smokeRoute(remoteInfo) }));
      }
      const failed = results.filter((result) => result.status === 'failed');
      if (failed.length) return { status: 'failed', message: failed.map((r) => r.message).join('; ') };
      return { status: 'passed', message: `its smoke host mounted the ${results.length} live areas` };
    } finally {
      await smoke.close();
    }
  }
  const shellDir = live.shell ? releaseFolder(findTarget('shell'), live.shell) : join(repoRoot, 'shell/dist');
  const prefix = `/remotes/${target.dir}/${info.version}`;
  const smoke = await openSmoke({ shellDir, mounts: [{ prefix, dir: buildDir }, releases] });
  try {
    return await smoke.check({
      name: target.name,
      entry: `${prefix}/mf-manifest.json`,
      route: smokeRoute(info),
    });
  } finally {
    await smoke.close();
  }
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
  const smoke = await smokeLoad(target, buildDir, info);
  const fresh = copyIntoReleases(target, version, buildDir);
  try {
    const answer = await callApi('POST', '/admin/releases', {
      area: target.id,
      version,
      smoke,
      live: !values['publish-only'],
      ...common,
    });
    printChange(dataOf(answer), { check: values.check });
  } finally {
    // A check leaves nothing behind.
    if (values.check && fresh) removeFromReleases(target, version);
  }
}

run('deploy', async () => {
  const [input, version] = positionals;
  if (!input)
    throw new ReleaseError(
      'usage: pnpm run deploy <area|all> [version] [--build] [--from <dir>] [--publish-only] [--check] ' +
        '[--force --reason <why>] [--as <email>] [--no-smoke]',
    );
  const common = {
    dryRun: values.check,
    force: values.force,
    reason: await forcedReason(values),
    actor: operator(values.as),
  };
  if (version) {
    const target = findTarget(input);
    const answer = await callApi('POST', `/admin/releases/${target.id}/live`, {
      action: 'deploy',
      version: checkVersion(version),
      ...common,
    });
    printChange(dataOf(answer), { check: values.check });
    return;
  }
  const targets = input === 'all' ? TARGETS.map(findTarget) : [findTarget(input)];
  if (values.from && targets.length > 1) throw new ReleaseError('--from takes one area, not all');
  for (const target of targets)
    await publish(target, resolve(values.from ?? join(repoRoot, target.dir, 'dist')), common);
});
