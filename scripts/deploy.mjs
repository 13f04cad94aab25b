#!/usr/bin/env node
// `pnpm run deploy <area>`: publishes the area's build (<area>/dist, built first when missing or with
// --build) as RELEASES_DIR/<area>/<version>/, the version and commit being those of its
// mf-manifest.json, then points the runtime registry at it. No other area is touched.
// `pnpm run deploy <area> <version>`: points the registry at an already published version.
//   pnpm run deploy mines            pnpm run deploy mines 1.4.0            pnpm run deploy mines --build
// --from <dir> publishes another build folder (the images publish the build they carry);
// --publish-only leaves the registry as it is.
// RELEASES_DIR (default releases/) and REMOTES_REGISTRY (default RELEASES_DIR/remotes.json, started
// from deploy/remotes.json when missing).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildInfo,
  checkVersion,
  findArea,
  pointRegistry,
  ReleaseError,
  releasesDir,
  repoRoot,
  switchTo,
} from './release.mjs';

function publish(area, from) {
  const info = buildInfo(from);
  if (info.name && info.name !== area.name)
    throw new ReleaseError(`${from} is a build of ${info.name}, not of ${area.name}`);
  const version = checkVersion(String(info.version ?? ''));
  const target = join(releasesDir(), area.dir, version);
  if (existsSync(target)) {
    // The same build again is fine (builds are deterministic); another build under the same version is not.
    const manifest = (dir) => readFileSync(join(dir, 'mf-manifest.json'), 'utf8');
    if (manifest(target) !== manifest(from)) {
      const there = buildInfo(target);
      throw new ReleaseError(
        `${area.dir} ${version} is already published (commit ${there.commit}) and this build (commit ${info.commit}) differs: ` +
          `give it a new version (the "version" of ${area.dir}/package.json, or MF_BUILD_VERSION when building)`,
      );
    }
    return { version, commit: info.commit, fresh: false };
  }
  // Copied next to its final place, then renamed: a half-copied version is never visible.
  const temp = `${target}.${process.pid}.tmp`;
  mkdirSync(dirname(target), { recursive: true });
  rmSync(temp, { recursive: true, force: true });
  cpSync(from, temp, { recursive: true });
  try {
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
  return { version, commit: info.commit, fresh: true };
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    build: { type: 'boolean', default: false },
    from: { type: 'string' },
    'publish-only': { type: 'boolean', default: false },
  },
});
const [input, version] = positionals;
try {
  if (!input) throw new ReleaseError('usage: pnpm run deploy <area> [version] [--build] [--from <dist>]');
  const area = findArea(input);
  if (version) {
    const { previous, entry } = switchTo(area, version);
    console.log(`${area.dir}: ${previous} -> ${entry}`);
  } else {
    const from = resolve(values.from ?? join(repoRoot, area.dir, 'dist'));
    if (!values.from && (values.build || !existsSync(join(from, 'mf-manifest.json')))) {
      console.log(`building ${area.dir} ...`);
      const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
      const build = spawnSync(pnpm, ['-C', join(repoRoot, area.dir), 'build'], { stdio: 'inherit' });
      if (build.status !== 0) process.exit(build.status ?? 1);
    }
    const published = publish(area, from);
    const what = `${area.dir} ${published.version} (commit ${published.commit ?? 'unknown'})`;
    if (values['publish-only']) {
      console.log(`${what} ${published.fresh ? 'published' : 'already published'}; registry unchanged`);
      process.exit(0);
    }
    const previous = pointRegistry(area, published.version);
    console.log(
      `${what} ${published.fresh ? 'published' : 'already published'}; ` +
        `registry: ${previous} -> /remotes/${area.dir}/${published.version}/mf-manifest.json`,
    );
  }
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`deploy: ${error.message}`);
  process.exit(1);
}
