// The release gate's contract check when only the API changed: it gained a route (for the lottery team),
// lost one (mines' stats) and changed one (the users list), and no part of the console was rebuilt. Each
// part's release carries the routes its build calls (release-fixtures.ts: what the real builds record); a
// route it does not call is none of its business.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleaseTarget } from '@backoffice/shared/contract';
import { catalogueFingerprint } from '@backoffice/shared/contract/fingerprint';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractCheck } from '../src/modules/releases/gate.ts';
import type { StoredRelease } from '../src/modules/releases/release-files.ts';
import { ReleaseService } from '../src/modules/releases/service.ts';
import type { TestApp } from './helpers.ts';
import { CALLS, fakeRelease, releaseCalls, releaseTestApp } from './release-fixtures.ts';

const ADDED = { name: 'lotteryArchive', hash: 'added0000000' };

// The catalogue this API serves: the one the builds were made against, with those three changes. (A spy on
// the service, not a module mock: the API's tests share one module graph.)
beforeAll(() => {
  const real = catalogueFingerprint();
  const { minesStats: _removed, ...routes } = real.routes;
  vi.spyOn(ReleaseService.prototype, 'contract').mockReturnValue({
    hash: 'next00000000',
    routes: { ...routes, usersList: 'changed00000', [ADDED.name]: ADDED.hash },
  });
});
afterAll(() => vi.restoreAllMocks());

let t: TestApp;
let releases: string;
let calls: ReturnType<typeof releaseCalls>;

beforeAll(async () => {
  t = await releaseTestApp();
  releases = t.config.releases.dir;
  calls = releaseCalls(t);
});
afterAll(() => t.close());

/** Nothing live, nothing published but shell 1.0.0 (built, as every part here, before the API changed). */
beforeEach(async () => {
  await calls.reset();
});

/** Publishes a build of `area` that calls `calls` and makes it live, as the CLI does. */
function deploy(area: ReleaseTarget, version: string, called: readonly string[]) {
  fakeRelease(releases, area, version, { calls: called });
  return calls.publish(area, version);
}

describe('an API that gained, lost and changed a route, nothing else rebuilt', () => {
  it("deploys every part that calls none of them: the shell's, lottery's and finance's next builds", async () => {
    for (const area of ['shell', 'lottery', 'finance'] as const) {
      const res = await deploy(area, '2.0.0', CALLS[area]);
      expect(res.statusCode, `${area}: ${res.body}`).toBe(200);
      expect(res.json().data).toMatchObject({ area, to: '2.0.0' });
    }
    // Mines, rebuilt without its stats call, too.
    const mines = await deploy('mines', '2.0.0', ['minesList']);
    expect(mines.statusCode, mines.body).toBe(200);
  });

  it('refuses a part that calls a route it no longer serves, or serves otherwise, naming the route', async () => {
    const mines = await deploy('mines', '2.0.0', CALLS.mines);
    expect(mines.statusCode).toBe(409);
    expect(mines.json().message).toContain(
      'mf-mines 2.0.0 was refused: contract check failed: this API does not serve minesStats (not served)',
    );
    const support = await deploy('support-users', '2.0.0', CALLS['support-users']);
    expect(support.statusCode).toBe(409);
    expect(support.json().message).toContain('this API does not serve usersList (changed)');
    expect(support.json().message).not.toContain('minesStats');
  });

  it('deploys the build that calls the new route as this API serves it', async () => {
    fakeRelease(releases, 'lottery', '3.0.0', { calls: CALLS.lottery });
    const file = join(releases, 'mf-lottery', '3.0.0', 'release.json');
    const info = JSON.parse(readFileSync(file, 'utf8'));
    info.contract.routes[ADDED.name] = ADDED.hash;
    writeFileSync(file, JSON.stringify(info));
    const res = await calls.publish('lottery', '3.0.0');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the contract check alone', () => {
  const release = (routes: Record<string, string>) =>
    ({ name: 'mf_finance', version: '1.0.0', contract: { hash: 'h', routes } }) as unknown as StoredRelease;
  const served = { hash: 'served000000', routes: { a: '1', b: '2', c: '3' } };

  it('passes what calls only routes served as it knew them, whatever else the API serves', () => {
    expect(contractCheck(release({ a: '1' }), served)).toEqual({
      check: 'contract',
      ok: true,
      message: 'the 1 API routes it calls are served (contract served000000)',
    });
    expect(contractCheck(release({}), served).ok).toBe(true);
  });

  it('names every route it calls that is gone or changed', () => {
    expect(contractCheck(release({ a: '1', b: 'x', d: '4' }), served)).toEqual({
      check: 'contract',
      ok: false,
      message: 'this API does not serve b (changed), d (not served)',
    });
  });
});
