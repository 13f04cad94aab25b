import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/types.ts';
import type { SharedStore } from '../src/lib/shared-store/index.ts';
import { SimulatedChain } from '../src/modules/payout/chain.ts';
import { PayoutWorker } from '../src/modules/payout/worker.ts';
import { setMaintenance } from '../src/plugins/maintenance.ts';
import { createAdmin, createTestApp, freshDb, type TestApp } from './helpers.ts';
import { kinds, openStore, type StoreApp, storeApp, uniquePrefix } from './shared-store-helpers.ts';

const PASSWORD = 'secret123';
const STATS = '/api/admin/dashboard/stats';

let db: DbHandle;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(() => db.close());

async function addUser(): Promise<number> {
  const name = `replica_${randomBytes(4).toString('hex')}`;
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id',
    [name, `${name}@example.com`],
  );
  return row!.id;
}

// Two replicas = two buildApp() on one database, each with its own connection to the same shared
// store, with a long session cache (60 s) so that only the shared store can explain what one replica
// learns from the other. The dashboard figures need no store: the database keeps them (migration 013).
describe.each(kinds(['postgres', 'redis']))('two API replicas on the $kind store', ({ kind, skip }) => {
  let storeA: SharedStore;
  let storeB: SharedStore;
  let a: StoreApp;
  let b: StoreApp;
  let token: string;
  const email = `replicas-${randomBytes(4).toString('hex')}@example.com`;

  beforeAll(async () => {
    if (skip) return;
    const prefix = uniquePrefix('replicas');
    storeA = await openStore(kind, db, 'replicas', prefix);
    storeB = await openStore(kind, db, 'replicas', prefix);
    const env = { SESSION_CACHE_MS: '60000' };
    a = await storeApp({ db, store: storeA, env });
    b = await storeApp({ db, store: storeB, env });
    await createAdmin(db, { email, password: PASSWORD });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await storeA?.close();
    await storeB?.close();
  });

  it.skipIf(skip)('a logout answered by A is refused by B at the very next call', async () => {
    const login = await a.login(email, PASSWORD);
    token = login.json().data.token;
    // B checks the token once and caches it (SESSION_CACHE_MS 60 s).
    expect((await b.call('GET', STATS, { token })).statusCode).toBe(200);
    expect((await b.call('GET', STATS, { token })).statusCode).toBe(200);
    expect((await a.call('POST', '/api/admin/auth/logout', { token })).statusCode).toBe(200);
    const refused = await b.call('GET', STATS, { token });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ success: false, message: 'Invalid or expired token' });
    expect((await a.call('GET', STATS, { token })).statusCode).toBe(401);
  });

  it.skipIf(skip)(
    'a role change or a disable answered by A is in force on B at the very next call',
    async () => {
      const superEmail = `super-${randomBytes(4).toString('hex')}@example.com`;
      const staffEmail = `staff-${randomBytes(4).toString('hex')}@example.com`;
      await createAdmin(db, { email: superEmail, password: PASSWORD });
      const staffId = await createAdmin(db, { email: staffEmail, password: PASSWORD, roles: ['finance'] });
      const root = (await a.login(superEmail, PASSWORD)).json().data.token;
      const staff = (await b.login(staffEmail, PASSWORD)).json().data.token;
      const INSUFFICIENT = { success: false, message: 'Insufficient permissions' };
      // B checks the staff token once and caches it (SESSION_CACHE_MS 60 s).
      expect((await b.call('GET', '/api/admin/withdrawal', { token: staff })).statusCode).toBe(200);
      expect((await b.call('GET', '/api/admin/lottery', { token: staff })).json()).toEqual(INSUFFICIENT);

      const roles = await a.call('PUT', `/api/admin/admins/${staffId}/roles`, {
        token: root,
        body: { roles: ['lottery'] },
      });
      expect(roles.statusCode).toBe(200);
      expect((await b.call('GET', '/api/admin/lottery', { token: staff })).statusCode).toBe(200);
      expect((await b.call('GET', '/api/admin/withdrawal', { token: staff })).json()).toEqual(INSUFFICIENT);
      // Checked again once: cached from then on, still with the new roles.
      expect((await b.call('GET', '/api/admin/lottery', { token: staff })).statusCode).toBe(200);

      expect((await a.call('POST', `/api/admin/admins/${staffId}/disable`, { token: root })).statusCode).toBe(
        200,
      );
      const refused = await b.call('GET', '/api/admin/lottery', { token: staff });
      expect([refused.statusCode, refused.json()]).toEqual([
        401,
        { success: false, message: 'Invalid or expired token' },
      ]);
    },
  );

  it.skipIf(skip)('failed sign-ins on A count on B', async () => {
    const target = `target-${randomBytes(4).toString('hex')}@example.com`;
    await createAdmin(db, { email: target, password: PASSWORD });
    for (const replica of [a, b, a, b, a])
      expect((await replica.login(target, 'wrong-pass', '10.5.0.1')).statusCode).toBe(401);
    const locked = await b.login(target, PASSWORD, '10.5.0.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many attempts. Please try again in 1 minute.');
    expect((await a.login(target, PASSWORD, '10.5.0.3')).statusCode).toBe(429);
  });

  it.skipIf(skip)(
    'both answer the figures as they are now: writes through A, SQL behind the API and payouts',
    async () => {
      token = (await a.login(email, PASSWORD)).json().data.token;
      const users = async (replica: StoreApp) =>
        (await replica.call('GET', STATS, { token })).json().data.totalUsers as number;
      const paid = async (replica: StoreApp) =>
        (await replica.call('GET', STATS, { token })).json().data.totalWithdrawalsUsd as string;
      const before = await users(b);
      expect(await users(a)).toBe(before);
      // Behind the API's back (the platform's own writes): both see them at their next call.
      const [first, second] = [await addUser(), await addUser()];
      expect(await users(a)).toBe(before + 2);
      expect(await users(b)).toBe(before + 2);

      // A write through A: B's very next call has the new figures.
      expect((await a.call('DELETE', `/api/admin/user/${first}`, { token })).statusCode).toBe(200);
      expect(await users(b)).toBe(before + 1);

      // An approval on A, then a payout by a worker (no API call at all): approved -> completed
      // keeps the paid total, and B agrees at each step.
      const [withdrawal] = await db.query<{ id: number }>(
        `INSERT INTO withdrawals (user_id, amount, wallet_address, status) VALUES ($1, 5, $2, 'pending') RETURNING id`,
        [second, `0x${'cd'.repeat(20)}`],
      );
      const paidBefore = await paid(b);
      const approve = await a.call('POST', '/api/admin/withdrawal/update', {
        token,
        body: { withdrawal_id: String(withdrawal!.id), status: 'approved' },
      });
      expect(approve.statusCode).toBe(200);
      const paidAfter = await paid(b);
      expect(Number(paidAfter) - Number(paidBefore)).toBeCloseTo(5, 6);
      const run = await new PayoutWorker(db, new SimulatedChain()).runOnce();
      expect(run.completed.map((c) => c.id)).toContain(withdrawal!.id);
      expect(await paid(b)).toBe(paidAfter);
      expect(await paid(a)).toBe(paidAfter);
    },
  );
});

// docs/operations.md: the maintenance flag was a file in each replica's own data folder, so with two replicas
// an admin was in maintenance on every other call. It is a settings row now: one state for every replica.
describe('maintenance on two API replicas of one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ db: a.db });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const statuses = () =>
    Promise.all([a, b].map(async (r) => (await r.call('GET', '/api/admin/mines')).statusCode));
  const healthOf = (r: TestApp) => r.call('GET', '/api/health').then((res) => res.json().data.maintenance);

  it('turned on once, every replica answers 503 (within MAINTENANCE_CACHE_MS); turned off, none does', async () => {
    expect(await statuses()).not.toContain(503);
    await setMaintenance(a.db, true);
    await expect.poll(statuses, { timeout: 5000, interval: 100 }).toEqual([503, 503]);
    // Stays on: every call of both replicas, not one in two.
    for (let i = 0; i < 5; i++) expect(await statuses()).toEqual([503, 503]);
    await expect.poll(() => healthOf(a), { timeout: 5000, interval: 100 }).toBe(true);
    await expect.poll(() => healthOf(b), { timeout: 5000, interval: 100 }).toBe(true);

    await setMaintenance(a.db, false);
    await expect.poll(statuses, { timeout: 5000, interval: 100 }).not.toContain(503);
    // /api/health reads the flag through a cache of its own: it follows within MAINTENANCE_CACHE_MS too.
    await expect.poll(() => healthOf(b), { timeout: 5000, interval: 100 }).toBe(false);
  });
});
