import { describe, expect, it } from 'vitest';
import { calledFingerprint, catalogueFingerprint, contractMismatches } from '../src/contract/fingerprint.ts';
import { routes } from '../src/contract/routes.ts';

describe('the contract fingerprint of the release gate', () => {
  const served = catalogueFingerprint();

  it('hashes every route of the catalogue, the same way each time', () => {
    expect(Object.keys(served.routes).sort()).toEqual(Object.keys(routes).sort());
    expect(catalogueFingerprint()).toEqual(served);
    expect(served.hash).toMatch(/^[0-9a-f]{12}$/);
  });

  it('fingerprints the routes a build calls by name, as the catalogue defines them', () => {
    const called = calledFingerprint(['minesStats', 'adminsList', 'minesStats']);
    expect(called.routes).toEqual({
      adminsList: served.routes.adminsList,
      minesStats: served.routes.minesStats,
    });
    expect(calledFingerprint(['adminsList', 'minesStats'])).toEqual(called);
    expect(contractMismatches(called, served)).toEqual([]);
    expect(calledFingerprint([])).toMatchObject({ routes: {} });
    expect(() => calledFingerprint(['minesStats', 'minesArchive'])).toThrow(
      'Not routes of the catalogue (routes.ts): minesArchive',
    );
  });

  it('names a route the API serves otherwise, or not at all, and nothing else', () => {
    const called = calledFingerprint(['minesStats']);
    const changed = { ...served, routes: { ...served.routes, minesStats: 'something-else' } };
    expect(contractMismatches(called, changed)).toEqual(['minesStats (changed)']);
    const { minesStats: _gone, ...rest } = served.routes;
    expect(contractMismatches(called, { ...served, routes: rest })).toEqual(['minesStats (not served)']);
    // A route added, changed or removed that the build does not call is none of its business.
    const { lotteryList: _other, ...withoutLottery } = served.routes;
    const elsewhere = { ...withoutLottery, usersList: 'changed', lotteryArchive: 'new000000000' };
    expect(contractMismatches(called, { ...served, routes: elsewhere })).toEqual([]);
  });
});
