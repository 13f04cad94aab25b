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

  it('finds the routes a build calls by the paths quoted in its JavaScript, every method of a path', () => {
    const called = calledFingerprint(
      'h.call({path:"/admin/admins"});x(`/admin/mines/stats`);"/admin/minesX"',
    );
    expect(Object.keys(called.routes)).toEqual(['adminsCreate', 'adminsList', 'minesStats']);
    expect(called.routes.minesStats).toBe(served.routes.minesStats);
    expect(contractMismatches(called, served)).toEqual([]);
  });

  it('names a route the API serves otherwise, or not at all', () => {
    const called = calledFingerprint('"/admin/mines/stats"');
    const changed = { ...served, routes: { ...served.routes, minesStats: 'something-else' } };
    expect(contractMismatches(called, changed)).toEqual(['minesStats (changed)']);
    const { minesStats: _gone, ...rest } = served.routes;
    expect(contractMismatches(called, { ...served, routes: rest })).toEqual(['minesStats (not served)']);
  });
});
