import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endGateSession, insertGateSession } from '../src/modules/releases/repository.ts';
import { createAdmin, type TestApp } from './helpers.ts';
import { fakeRelease, releaseCalls, releaseTestApp } from './release-fixtures.ts';

// docs/operations.md#operator-tokens: operators are somebody. And the gate's own session for its smoke
// load reads, and only reads.

let t: TestApp;
let calls: ReturnType<typeof releaseCalls>;
let superadmin: string;
let opsAdmin: string;

beforeAll(async () => {
  t = await releaseTestApp();
  calls = releaseCalls(t);
  superadmin = await t.login();
  await createAdmin(t.db, { email: 'operator@example.com', password: 'secret123', roles: ['ops'] });
  await createAdmin(t.db, { email: 'finance-only@example.com', password: 'secret123', roles: ['finance'] });
  opsAdmin = await t.login('operator@example.com', 'secret123');
});
afterAll(() => t.close());

beforeEach(async () => {
  await calls.reset();
  fakeRelease(t.config.releases.dir, 'mines', '1.0.0');
  fakeRelease(t.config.releases.dir, 'mines', '1.1.0');
  await calls.publish('mines', '1.0.0');
});

const create = (body: Record<string, unknown>, token = superadmin) =>
  t.call('POST', '/api/admin/ops-tokens', { token, body });

describe("operators' own tokens", () => {
  it('a superadmin makes one for an ops admin: shown once, stored hashed; the record names its owner', async () => {
    const res = await create({ name: 'laptop', owner: 'operator@example.com', days: 30 });
    expect(res.statusCode, res.body).toBe(200);
    const { token, id, owner, expiresAt } = res.json().data;
    expect(token).toMatch(/^bo_ops_[A-Za-z0-9_-]{43}$/);
    expect(owner).toBe('operator@example.com');
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const [stored] = await t.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM ops_tokens WHERE id = $1',
      [id],
    );
    expect(stored!.token_hash).not.toContain(token.slice(7));
    const list = await t.call('GET', '/api/admin/ops-tokens', { token: superadmin });
    expect(list.json().data[0]).toMatchObject({ id, name: 'laptop', owner: 'operator@example.com' });
    expect(JSON.stringify(list.json().data)).not.toContain(token);

    const deploy = await calls.publish('mines', '1.1.0', { actor: undefined }, { 'x-ops-token': token });
    expect(deploy.statusCode, deploy.body).toBe(200);
    expect(await calls.lastRecord('mines')).toMatchObject({
      action: 'release.deploy',
      admin_email: 'operator@example.com',
      details: { via: 'cli', token: 'laptop' },
    });
    expect((await calls.areaInfo('mines')).history[0]?.actor).toBe('operator@example.com (token "laptop")');
    // Its owner cannot be claimed to be someone else.
    const claimed = await calls.setLive(
      'mines',
      { action: 'rollback', actor: 'someone@else' },
      { 'x-ops-token': token },
    );
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json().message).toBe(
      "This operator token is operator@example.com's: --as cannot name someone else",
    );
  });

  it('a revoked or expired token opens nothing; nor does one whose owner lost the ops role', async () => {
    const make = async () =>
      (await create({ name: 'ci', owner: 'operator@example.com', days: 1 })).json().data;
    const revoked = await make();
    const revoke = await t.call('DELETE', `/api/admin/ops-tokens/${revoked.id}`, { token: superadmin });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().data.revokedAt).not.toBeNull();
    const expired = await make();
    await t.db.query("UPDATE ops_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expired.id,
    ]);
    for (const { token } of [revoked, expired]) {
      const res = await t.call('GET', '/api/admin/releases', { headers: { 'x-ops-token': token } });
      expect(res.statusCode).toBe(401);
    }
    const demoted = await make();
    await t.db.query("UPDATE admins SET roles = '{finance}' WHERE email = 'operator@example.com'");
    try {
      expect(
        (await t.call('GET', '/api/admin/releases', { headers: { 'x-ops-token': demoted.token } }))
          .statusCode,
      ).toBe(401);
    } finally {
      await t.db.query("UPDATE admins SET roles = '{ops}' WHERE email = 'operator@example.com'");
    }
    // Revoking twice says so; an unknown token is not found.
    expect(
      (await t.call('DELETE', `/api/admin/ops-tokens/${revoked.id}`, { token: superadmin })).statusCode,
    ).toBe(409);
    expect((await t.call('DELETE', '/api/admin/ops-tokens/999999', { token: superadmin })).statusCode).toBe(
      404,
    );
  });

  it('only superadmins make tokens, only for admins who manage releases, for 1 to 365 days', async () => {
    expect((await create({ name: 'x', owner: 'operator@example.com', days: 30 }, opsAdmin)).statusCode).toBe(
      403,
    );
    const notOps = await create({ name: 'x', owner: 'finance-only@example.com', days: 30 });
    expect(notOps.statusCode).toBe(400);
    expect(notOps.json().message).toBe('The owner must be an ops admin or a superadmin');
    const nobody = await create({ name: 'x', owner: 'nobody@example.com', days: 30 });
    expect(nobody.json().message).toBe('No active admin has the e-mail nobody@example.com');
    expect((await create({ name: 'x', owner: 'operator@example.com', days: 400 })).statusCode).toBe(400);
    const [made] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'ops-token.create' AND admin_email = 'root@example.com'",
    );
    expect(made!.n).toBeGreaterThan(0);
  });

  it('the bootstrap token is recorded as such, what --as says kept as unverified', async () => {
    await calls.publish('mines', '1.1.0', { actor: 'pnpm start' });
    expect(await calls.lastRecord('mines')).toMatchObject({
      admin_email: 'bootstrap ops token',
      details: { claimed: 'pnpm start' },
    });
    expect((await calls.areaInfo('mines')).history[0]?.actor).toBe(
      'bootstrap ops token (says pnpm start, unverified)',
    );
  });
});

describe("the gate's own session", () => {
  async function gateToken(minutes = 5) {
    const jti = randomUUID();
    const iat = Math.floor(Date.now() / 1000);
    await insertGateSession(t.db, {
      jti,
      area: 'mines',
      version: '1.1.0',
      requestedBy: 'test',
      expiresAt: new Date((iat + minutes * 60) * 1000),
    });
    return { jti, token: t.app.jwt.sign({ sub: '0', jti, scope: 'gate', iat, exp: iat + minutes * 60 }) };
  }

  it('reads what an auditor reads, changes nothing, and ends when the gate is done', async () => {
    const { jti, token } = await gateToken();
    for (const path of ['/api/admin/mines', '/api/admin/user', '/api/admin/withdrawal?status=pending'])
      expect((await t.call('GET', path, { token })).statusCode, path).toBe(200);
    const write = await t.call('POST', '/api/admin/dashboard/refresh', { token, body: {} });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('Insufficient permissions');
    // Not a session of any admin: the release routes are not its.
    expect((await t.call('GET', '/api/admin/releases', { token })).statusCode).toBe(401);
    await endGateSession(t.db, jti);
    expect((await t.call('GET', '/api/admin/mines', { token })).statusCode).toBe(401);
  });
});
