import { describe, expect, it } from 'vitest';
import { endpoints } from '../src/contract/endpoints.ts';
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
    expect(endpoints).toEqual(fromRoutes);
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
