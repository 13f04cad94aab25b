import { randomUUID } from 'node:crypto';
import {
  API_PREFIX,
  type GovernanceRole,
  governanceRoles,
  isEventStreamRoute,
  type RouteDef,
  rolesGrant,
  routes,
} from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSession } from '../src/modules/auth/repository.ts';
import { createAdmin, createTestApp, type TestApp } from './helpers.ts';

/**
 * Generated from the route catalogue: every route that needs a session is called as an admin of each
 * role. Where `rolesGrant` says no, the answer is exactly 403 'Insufficient permissions', whatever the
 * input (the check comes before validation); where it says yes, never a 403 (a 400 for the empty input
 * or a 404 for the made-up id is fine: the call went through).
 */

const INSUFFICIENT = { success: false, message: 'Insufficient permissions' };
const guarded = Object.entries(routes as Record<string, RouteDef>).filter(
  ([, r]) => r.permission !== 'public',
);

let t: TestApp;
const adminIds = new Map<GovernanceRole, number>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of governanceRoles) {
    adminIds.set(
      role,
      await createAdmin(t.db, { email: `perm-${role}@example.com`, password: 'secret123', roles: [role] }),
    );
  }
});
afterAll(() => t.close());

/** A fresh session of the role's admin for each call: some calls (logout) end the session they use. */
async function sessionOf(role: GovernanceRole): Promise<string> {
  const jti = randomUUID();
  const iat = Math.floor(Date.now() / 1000);
  const adminId = adminIds.get(role)!;
  await insertSession(t.db, { jti, adminId, scope: 'session', expiresAt: new Date((iat + 600) * 1000) });
  return t.app.jwt.sign({ sub: String(adminId), jti, scope: 'session', iat, exp: iat + 600 });
}

/** The route's path with a made-up id in every parameter. */
const pathOf = (r: RouteDef) => API_PREFIX + r.path.replace(/:\w+/g, '999999');

describe('every guarded route of the catalogue, as an admin of each role', () => {
  it('the catalogue guards every route but the public ones, which need no session', () => {
    expect(guarded.length).toBeGreaterThan(30);
    for (const [name, r] of Object.entries(routes as Record<string, RouteDef>))
      expect(r.auth === 'none', name).toBe(r.permission === 'public');
  });

  it.each(guarded)('%s', async (_name, route) => {
    for (const role of governanceRoles) {
      const res = await t.call(route.method, pathOf(route), {
        token: await sessionOf(role),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
        // An event stream never ends by itself: its answer is read as far as the status.
        ...(isEventStreamRoute(route) && rolesGrant([role], route.permission)
          ? { payloadAsStream: true }
          : {}),
      });
      if (isEventStreamRoute(route) && rolesGrant([role], route.permission)) {
        expect(res.statusCode, `${role} ${route.path}`).toBe(200);
        res.stream().destroy();
        continue;
      }
      const label = `${role} ${route.method} ${route.path} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (rolesGrant([role], route.permission)) {
        expect(res.statusCode, label).not.toBe(403);
        expect(res.statusCode, label).not.toBe(401);
        expect(res.statusCode, label).toBeLessThan(500);
      } else {
        expect(res.statusCode, label).toBe(403);
        expect(res.json(), label).toEqual(INSUFFICIENT);
      }
    }
  });

  it('an admin holding several roles may do what any of them grants', async () => {
    const id = await createAdmin(t.db, {
      email: 'perm-multi@example.com',
      password: 'secret123',
      roles: ['lottery', 'finance'],
    });
    const token = await t.login('perm-multi@example.com', 'secret123');
    expect(id).toBeGreaterThan(0);
    expect((await t.call('GET', `${API_PREFIX}/admin/lottery`, { token })).statusCode).toBe(200);
    expect((await t.call('GET', `${API_PREFIX}/admin/withdrawal`, { token })).statusCode).toBe(200);
    const mines = await t.call('GET', `${API_PREFIX}/admin/mines`, { token });
    expect([mines.statusCode, mines.json()]).toEqual([403, INSUFFICIENT]);
  });
});
