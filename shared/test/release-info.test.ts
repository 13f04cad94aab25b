import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRsbuild } from '@rsbuild/core';
import { afterAll, describe, expect, it } from 'vitest';
import * as endpoints from '../src/contract/endpoints.ts';
import { catalogueFingerprint } from '../src/contract/fingerprint.ts';
import {
  type CONTRACT_STATS,
  calledEndpoints,
  contractOfBuild,
  ENDPOINTS_DIR,
  ENDPOINTS_FILE,
  endpointsDisagreeing,
  pluginReleaseInfo,
  type ReleaseInfo,
  type StatsModule,
} from '../src/mf/release-info.ts';

const app = join(import.meta.dirname, 'fixtures', 'contract-app');
const out = mkdtempSync(join(tmpdir(), 'contract-app-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Builds one entry of the fixture app for production with the release-info plugin, as the apps are. */
async function build(entry: string) {
  const distPath = join(out, entry);
  const rsbuild = await createRsbuild({
    cwd: app,
    rsbuildConfig: {
      mode: 'production',
      plugins: [pluginReleaseInfo(() => ({ name: 'contract-app', version: '1.0.0', commit: 'test' }))],
      source: { entry: { index: `./${entry}.ts` } },
      output: { distPath: { root: distPath }, filenameHash: false },
      performance: { printFileSize: false },
      logLevel: 'silent',
    },
  });
  await rsbuild.build();
  const release = JSON.parse(readFileSync(join(distPath, 'release.json'), 'utf8')) as ReleaseInfo;
  const js = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? js(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
    );
  return { release, javascript: js(distPath).map((file) => readFileSync(file, 'utf8')) };
}

describe("a build's contract, from its bundler's module graph", () => {
  it('is exactly the routes the app names, in any chunk, and only those ship', async () => {
    const { release, javascript } = await build('calls');
    expect(Object.keys(release.contract.routes)).toEqual(['minesList', 'userBlock', 'usersList']);
    const served = catalogueFingerprint();
    for (const [name, hash] of Object.entries(release.contract.routes))
      expect(hash).toBe(served.routes[name]);
    expect(javascript.length).toBeGreaterThan(1); // the lazy chunk is a file of its own
    const all = javascript.join('\n');
    expect(all).toContain('/admin/user/:id/block');
    // The other routes of the catalogue are not in the bundle.
    expect(all).not.toContain('/admin/lottery');
    expect(all).not.toContain('/admin/mines/stats');
  }, 60_000);

  it('is empty for an app that calls no route', async () => {
    const { release } = await build('none');
    expect(release.contract.routes).toEqual({});
  }, 60_000);

  it('fails the build of an app that uses the catalogue as a whole (the bundler cannot say which routes)', async () => {
    await expect(build('whole')).rejects.toThrow(/cannot be recorded: it uses .*endpoints\.ts as a whole/);
  }, 60_000);
});

describe('reading the routes a build uses in its stats', () => {
  const route = (name: string, usedExports: StatsModule['usedExports'] = [name]): StatsModule => ({
    nameForCondition: join(ENDPOINTS_DIR, `${name}.ts`),
    usedExports,
  });
  const barrel = (usedExports: StatsModule['usedExports']): StatsModule => ({
    nameForCondition: ENDPOINTS_FILE,
    usedExports,
  });

  it("takes each route's module whose export is used, wherever it is, concatenated ones too", () => {
    const modules: StatsModule[] = [
      { nameForCondition: '/app/src/index.ts', usedExports: true },
      barrel(['minesList', 'usersList', 'userBlock']),
      {
        nameForCondition: '/app/src/x.ts',
        usedExports: [],
        modules: [route('usersList'), route('minesList')],
      },
      route('minesList'),
      route('userBlock', true),
      route('lotteryList', []),
      route('minesStats', false),
    ];
    expect(calledEndpoints(modules)).toEqual(['minesList', 'userBlock', 'usersList']);
    expect(calledEndpoints([{ nameForCondition: '/app/src/index.ts', usedExports: null }])).toEqual([]);
  });

  it('refuses to guess: the catalogue used as a whole, no usage information, another copy of the endpoints', () => {
    expect(() => calledEndpoints([barrel(true)])).toThrow(
      /as a whole, which bundles every route: name each route/,
    );
    expect(() => calledEndpoints([route('minesList', null)])).toThrow(
      /did not say which exports of .*minesList\.ts/,
    );
    expect(() => calledEndpoints([barrel(undefined)])).toThrow(/did not say which exports/);
    const elsewhere = { barrel: '/other/src/contract/endpoints.ts', dir: '/other/src/contract/endpoints' };
    expect(() => calledEndpoints([route('minesList')], elsewhere)).toThrow(
      /the build bundles .*minesList\.ts, not the endpoints of \/other\/src\/contract \(two copies/,
    );
  });

  it('gives a failed build no release.json: nothing publishes it', () => {
    const distPath = mkdtempSync(join(out, 'failed-'));
    writeFileSync(join(distPath, 'index.js'), 'half a build');
    let afterBuild: ((params: { stats?: never }) => void) | undefined;
    pluginReleaseInfo(() => ({ name: 'contract-app', version: '1.0.0', commit: 'test' })).setup({
      context: { distPath },
      onAfterBuild: (callback) => {
        afterBuild = callback as typeof afterBuild;
      },
    });
    const stats = (errors: boolean) =>
      ({ hasErrors: () => errors, toJson: () => ({ modules: [route('minesList')] }) }) as never;
    afterBuild!({ stats: stats(true) });
    expect(existsSync(join(distPath, 'release.json'))).toBe(false);
    afterBuild!({ stats: stats(false) });
    const release = JSON.parse(readFileSync(join(distPath, 'release.json'), 'utf8')) as ReleaseInfo;
    expect(Object.keys(release.contract.routes)).toEqual(['minesList']);
    expect(release.files).toEqual([expect.objectContaining({ path: 'index.js', size: 12 })]);
  });

  it('fails a build whose endpoints.ts says another thing than routes.ts of a route it calls', () => {
    expect(endpointsDisagreeing(['minesList', 'usersList'])).toEqual([]);
    const stale = { ...endpoints, minesList: { ...endpoints.minesList, path: '/admin/mines/v1' } };
    expect(endpointsDisagreeing(['minesList', 'usersList', 'minesArchive'], stale)).toEqual([
      'minesList',
      'minesArchive',
    ]);
    const stats = { toJson: (options: typeof CONTRACT_STATS) => ({ modules: [route('nope')], options }) };
    expect(() => contractOfBuild(stats)).toThrow(
      'endpoints.ts does not say what routes.ts says of nope: run `pnpm -C shared gen:endpoints`',
    );
  });
});
