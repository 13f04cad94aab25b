import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointOf } from '../src/contract/endpoint-of.ts';
import * as endpoints from '../src/contract/endpoints.ts';
import { routes } from '../src/contract/routes.ts';
import { callEndpoint, endpointPath } from '../src/host/call.ts';
import { testHostContext } from '../src/host/test-host.ts';

describe('endpoints (the catalogue without schemas)', () => {
  it('matches the route catalogue entry for entry (run `pnpm -C shared gen:endpoints` after a change)', () => {
    const fromRoutes = Object.fromEntries(
      Object.entries(routes).map(([name, r]) => [
        name,
        {
          name,
          method: r.method,
          path: r.path,
          permission: r.permission,
          ...('audit' in r ? { audit: r.audit } : {}),
        },
      ]),
    );
    // One export per route (a build keeps, and records, only those it names): the module is the catalogue.
    expect({ ...endpoints }).toEqual(fromRoutes);
    for (const [name, route] of Object.entries(routes))
      expect(endpointOf(name, route)).toEqual(fromRoutes[name]);
    // Each from a module of its own, named after it, and no module of a route that is gone.
    const dir = join(import.meta.dirname, '..', 'src', 'contract', 'endpoints');
    expect(readdirSync(dir).sort()).toEqual(
      Object.keys(routes)
        .map((name) => `${name}.ts`)
        .sort(),
    );
    for (const name of Object.keys(routes))
      expect(readFileSync(join(dir, `${name}.ts`), 'utf8')).toContain(`export const ${name} = {`);
  });

  it('fills and encodes path parameters, and names a missing one', () => {
    expect(endpointPath(endpoints.minesUpdateStatus, { id: 'a/b' })).toBe('/admin/mines/a%2Fb/status');
    expect(() => endpointPath(endpoints.minesUpdateStatus, {})).toThrow(
      'Missing path parameter id of minesUpdateStatus',
    );
  });

  it('sends the method, path, query and body of the call', async () => {
    const ok = () => ({ success: true });
    const host = testHostContext({ 'PUT /admin/user/7/block': ok, 'GET /admin/user': ok });
    await callEndpoint(host.http, endpoints.userBlock, { params: { id: 7 }, body: { reason: 'spam' } });
    await host.http.call(endpoints.usersList, { query: { page: 2, per_page: 10 } });
    expect(host.requests.map(({ method, path, body, params }) => ({ method, path, body, params }))).toEqual([
      { method: 'PUT', path: '/admin/user/7/block', body: { reason: 'spam' }, params: {} },
      { method: 'GET', path: '/admin/user', body: undefined, params: { page: 2, per_page: 10 } },
    ]);
  });
});
