import {
  API_PREFIX,
  type RouteName,
  routePath,
  routes,
  USER_DETAIL_RECENT,
} from '@backoffice/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/index.ts';
import { createAdmin, createTestApp, type TestApp } from './helpers.ts';

const LIST = '/api/admin/user';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDemo(t.db, { seed: 11 });
});
afterAll(() => t.close());

/** Exact decimal strings -> scaled bigint (8 decimals), to add money without floats. */
const units = (s: string) => {
  const [int, frac = ''] = s.replace('-', '').split('.');
  const v = BigInt(int!) * 100_000_000n + BigInt(frac.padEnd(8, '0'));
  return s.startsWith('-') ? -v : v;
};
const sum = (xs: string[]) => xs.reduce((a, x) => a + units(x), 0n);

type User = {
  id: number;
  name: string | null;
  username: string;
  email: string;
  email_verified: boolean;
  role: string;
  status: string;
  last_login: string | null;
  createdAt: string;
  block_reason: string | null;
};
type Page = { data: User[]; total: number; totalPages: number; page: number; perPage: number };

/** Live users from the database, with the lower-cased keys PostgreSQL sorts by. */
type Row = {
  id: number;
  name: string | null;
  lname: string | null;
  lusername: string;
  lemail: string;
  username: string;
  email: string;
  status: string;
  role: string;
  last_login: string | null;
  created_at: string;
};
const liveRows = () =>
  t.db.query<Row>(
    `SELECT id, name, lower(name) AS lname, lower(username) AS lusername, lower(email) AS lemail, username, email,
            status, role, last_login, created_at FROM users WHERE deleted_at IS NULL`,
  );
const byCreatedDesc = (a: Row, b: Row) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id;

const list = async (query: string): Promise<Page> => {
  const res = await t.call('GET', `${LIST}${query}`, { token });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  expect(res.json()).toMatchObject({ success: true, message: 'Users retrieved successfully' });
  return res.json().data;
};
const all = async (query: string): Promise<User[]> => {
  const sep = query ? '&' : '?';
  const first = await list(`${query}${sep}per_page=100`);
  const out = [...first.data];
  for (let p = 2; p <= first.totalPages; p++)
    out.push(...(await list(`${query}${sep}per_page=100&page=${p}`)).data);
  expect(out).toHaveLength(first.total);
  return out;
};
const userRow = async (id: number) =>
  (
    await t.db.query<{ status: string; block_reason: string | null; deleted_at: string | null }>(
      'SELECT status, block_reason, deleted_at FROM users WHERE id = $1',
      [id],
    )
  )[0]!;
const history = (id: number) =>
  t.db.query<{ action: string; reason: string | null; admin_id: number | null }>(
    'SELECT action, reason, admin_id FROM user_blocks WHERE user_id = $1 ORDER BY id',
    [id],
  );
/** A live user of a status that none of the other tests touched yet. */
const used = new Set<number>();
const freshUser = async (status: string) => {
  const candidates = await t.db.query<{ id: number }>(
    'SELECT id FROM users WHERE status = $1 AND deleted_at IS NULL ORDER BY id',
    [status],
  );
  const found = candidates.find((c) => !used.has(c.id));
  if (!found) throw new Error(`no ${status} user left`);
  used.add(found.id);
  return found.id;
};

describe('GET /admin/user', () => {
  it('lists users that are not deleted, newest first, 10 per page', async () => {
    const db = (await liveRows()).sort(byCreatedDesc);
    const deleted = await t.db.query<{ id: number }>('SELECT id FROM users WHERE deleted_at IS NOT NULL');
    expect(deleted.length).toBeGreaterThan(0);
    const first = await list('');
    expect(first).toMatchObject({
      total: db.length,
      page: 1,
      perPage: 10,
      totalPages: Math.ceil(db.length / 10),
    });
    expect(first.data.map((u) => u.id)).toEqual(db.slice(0, 10).map((r) => r.id));
    const everything = await all('');
    expect(everything.map((u) => u.id)).toEqual(db.map((r) => r.id));
    for (const d of deleted) expect(everything.some((u) => u.id === d.id)).toBe(false);
    const blocked = everything.find((u) => u.status === 'blocked')!;
    expect(blocked.block_reason).toEqual(expect.any(String));
    expect(everything.find((u) => u.status === 'active')!.block_reason).toBeNull();
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      name: first.data[0]!.name,
      username: expect.any(String),
      email: expect.any(String),
      email_verified: expect.any(Boolean),
      role: expect.any(String),
      status: expect.stringMatching(/^(active|blocked|inactive)$/),
      last_login: first.data[0]!.last_login,
      createdAt: expect.any(String),
      block_reason: first.data[0]!.block_reason,
    });
  });

  it('takes the page size from per_page, else limit', async () => {
    expect((await list('?limit=25')).perPage).toBe(25);
    expect((await list('?limit=25')).data).toHaveLength(25);
    expect((await list('?limit=25&per_page=50')).perPage).toBe(50);
    const p2 = await list('?per_page=10&page=2');
    const p1x20 = await list('?per_page=20');
    expect(p2.data.map((u) => u.id)).toEqual(p1x20.data.slice(10).map((u) => u.id));
  });

  it('filters by email and username prefix (any case) and by status', async () => {
    const db = (await liveRows()).sort(byCreatedDesc);
    const sample = db[5]!;
    const starts = (field: 'lemail' | 'lusername', text: string) =>
      db.filter((r) => r[field].startsWith(text.toLowerCase())).map((r) => r.id);

    const emailPrefix = sample.email.slice(0, 2);
    for (const text of [emailPrefix, emailPrefix.toUpperCase()])
      expect((await all(`?email=${text}`)).map((u) => u.id)).toEqual(starts('lemail', text));
    expect((await all(`?email=${sample.email.toUpperCase()}`)).map((u) => u.id)).toEqual([sample.id]);
    const domain = sample.email.split('@')[1]!;
    expect((await list(`?email=${domain}`)).total).toBe(starts('lemail', domain).length); // prefix, not substring

    const userPrefix = sample.username.slice(0, 3);
    for (const text of [userPrefix, userPrefix.toUpperCase(), ` ${userPrefix}`])
      expect((await all(`?username=${encodeURIComponent(text)}`)).map((u) => u.id)).toEqual(
        starts('lusername', text.trim()),
      );
    expect((await all(`?username=${sample.username}`)).map((u) => u.id)).toEqual(
      starts('lusername', sample.username),
    );

    for (const status of ['active', 'blocked', 'inactive']) {
      const got = await all(`?status=${status}`);
      expect(got.map((u) => u.id)).toEqual(db.filter((r) => r.status === status).map((r) => r.id));
    }
    const combined = await all(`?status=${sample.status}&username=${userPrefix}&email=${emailPrefix}`);
    expect(combined.map((u) => u.id)).toEqual(
      db
        .filter(
          (r) =>
            r.status === sample.status &&
            r.lusername.startsWith(userPrefix.toLowerCase()) &&
            r.lemail.startsWith(emailPrefix.toLowerCase()),
        )
        .map((r) => r.id),
    );
    expect((await list('?email=%25')).total).toBe(0);
    expect((await list('?username=_')).total).toBe(0);
    expect((await list('?email=&username=&status=')).total).toBe(db.length);
  });

  it('sorts by every whitelisted field in both directions', async () => {
    const db = await liveRows();
    const key: Record<string, (r: Row) => string | number | null> = {
      createdAt: (r) => Date.parse(r.created_at),
      id: (r) => r.id,
      name: (r) => r.lname,
      username: (r) => r.lusername,
      email: (r) => r.lemail,
      status: (r) => r.status,
      role: (r) => r.role,
      last_login: (r) => (r.last_login === null ? null : Date.parse(r.last_login)),
    };
    for (const field of Object.keys(key)) {
      for (const dir of ['asc', 'desc'] as const) {
        const sign = dir === 'asc' ? 1 : -1;
        const cmp = (a: Row, b: Row) => {
          const x = key[field]!(a);
          const y = key[field]!(b);
          if (x !== y) {
            if (x === null) return 1; // no value: last in both directions
            if (y === null) return -1;
            return (x < y ? -1 : 1) * sign;
          }
          return (Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id) * sign;
        };
        const got = await all(`?sort_by=${field}&sort_type=${dir}`);
        expect(
          got.map((u) => u.id),
          `${field} ${dir}`,
        ).toEqual([...db].sort(cmp).map((r) => r.id));
      }
    }
  });

  it('validates the query and needs a session', async () => {
    const cases: [string, RegExp][] = [
      ['?page=0', /^page: Page must be at least 1$/],
      ['?limit=0', /^limit: Page size must be at least 1$/],
      ['?limit=101', /^limit: Page size must not exceed 100$/],
      ['?per_page=500', /^per_page: Page size must not exceed 100$/],
      ['?per_page=ten', /^per_page: Page size must be a whole number$/],
      ['?status=unblocked', /^status: /],
      ['?sort_by=balance', /^sort_by: /],
      ['?sort_type=sideways', /^sort_type: /],
      [`?email=${'a'.repeat(101)}`, /^email: Must not exceed 100 characters$/],
    ];
    for (const [query, message] of cases) {
      const res = await t.call('GET', `${LIST}${query}`, { token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    expect((await t.call('GET', LIST)).statusCode).toBe(401);
  });
});

describe('PUT /admin/user/:id/block and /unblock', () => {
  it('blocks with a reason, keeps who, when and why, and unblocks back to active', async () => {
    const id = await freshUser('active');
    const res = await t.call('PUT', `${LIST}/${id}/block`, {
      token,
      body: { userId: id, reason: '  Chargeback on deposit  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'User blocked successfully',
      data: { id, status: 'blocked', block_reason: 'Chargeback on deposit' },
    });
    expect(await userRow(id)).toMatchObject({ status: 'blocked', block_reason: 'Chargeback on deposit' });
    expect(await history(id)).toEqual([
      { action: 'blocked', reason: 'Chargeback on deposit', admin_id: t.adminId },
    ]);
    expect((await all('?status=blocked')).find((u) => u.id === id)?.block_reason).toBe(
      'Chargeback on deposit',
    );

    const twice = await t.call('PUT', `${LIST}/${id}/block`, { token, body: { reason: 'Again' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ success: false, message: 'User is already blocked' });

    // Unblock without a body (as the console sends it: {} or nothing).
    const un = await t.call('PUT', `${LIST}/${id}/unblock`, { token });
    expect(un.statusCode, un.body).toBe(200);
    expect(un.json()).toMatchObject({
      success: true,
      message: 'User unblocked successfully',
      data: { id, status: 'active', block_reason: null },
    });
    expect(await userRow(id)).toMatchObject({ status: 'active', block_reason: null });
    const unAgain = await t.call('PUT', `${LIST}/${id}/unblock`, { token, body: {} });
    expect(unAgain.statusCode).toBe(409);
    expect(unAgain.json()).toEqual({ success: false, message: 'User is not blocked' });

    // A second admin blocks, the first unblocks with a reason.
    await createAdmin(t.db, { email: 'second@example.com', password: 'secret123', name: 'Second Admin' });
    const second = await t.login('second@example.com', 'secret123');
    expect(
      (await t.call('PUT', `${LIST}/${id}/block`, { token: second, body: { reason: 'Multiple accounts' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.call('PUT', `${LIST}/${id}/unblock`, {
          token,
          body: { userId: id, reason: 'Verified by phone' },
        })
      ).statusCode,
    ).toBe(200);
    const rows = await history(id);
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['blocked', 'Chargeback on deposit'],
      ['unblocked', null],
      ['blocked', 'Multiple accounts'],
      ['unblocked', 'Verified by phone'],
    ]);
    expect(rows[2]!.admin_id).not.toBe(t.adminId);

    const detail = (await t.call('GET', `${LIST}/${id}`, { token })).json().data;
    expect(
      detail.blockHistory.map(
        (e: { action: string; reason: string | null; admin: { name: string; email: string } }) => [
          e.action,
          e.reason,
          e.admin.name,
          e.admin.email,
        ],
      ),
    ).toEqual([
      ['unblocked', 'Verified by phone', 'Root Admin', 'root@example.com'],
      ['blocked', 'Multiple accounts', 'Second Admin', 'second@example.com'],
      ['unblocked', null, 'Root Admin', 'root@example.com'],
      ['blocked', 'Chargeback on deposit', 'Root Admin', 'root@example.com'],
    ]);
    for (const entry of detail.blockHistory)
      expect(Date.parse(entry.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('requires a reason and a matching userId', async () => {
    const id = await freshUser('active');
    const cases: [unknown, number, string][] = [
      [undefined, 400, 'reason: Reason is required'],
      [{}, 400, 'reason: Reason is required'],
      [{ userId: id }, 400, 'reason: Reason is required'],
      [{ reason: '   ' }, 400, 'reason: Reason is required'],
      [{ reason: 'x'.repeat(501) }, 400, 'reason: Reason must not exceed 500 characters'],
      [{ reason: 'Fraud', userId: 'abc' }, 400, 'userId: Invalid user id'],
      [{ reason: 'Fraud', userId: id + 1 }, 400, 'User ID does not match'],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call('PUT', `${LIST}/${id}/block`, { token, body: body as object | undefined });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(await userRow(id)).toMatchObject({ status: 'active', block_reason: null });
    expect(await history(id)).toEqual([]);
    // userId as a string of the same id is fine.
    expect(
      (await t.call('PUT', `${LIST}/${id}/block`, { token, body: { userId: String(id), reason: 'Fraud' } }))
        .statusCode,
    ).toBe(200);
    // The same rule on unblock, whose reason is optional but bounded.
    const mismatch = await t.call('PUT', `${LIST}/${id}/unblock`, { token, body: { userId: id + 1 } });
    expect(mismatch.json()).toEqual({ success: false, message: 'User ID does not match' });
    const long = await t.call('PUT', `${LIST}/${id}/unblock`, { token, body: { reason: 'x'.repeat(501) } });
    expect(long.json()).toEqual({ success: false, message: 'reason: Reason must not exceed 500 characters' });
    expect((await userRow(id)).status).toBe('blocked');
  });

  it('unblocks back to the status the user had right before the block', async () => {
    const remembered = async (id: number) =>
      (
        await t.db.query<{ status: string; status_before_block: string | null }>(
          'SELECT status, status_before_block FROM users WHERE id = $1',
          [id],
        )
      )[0]!;
    // An inactive user blocked then unblocked is inactive again.
    const id = await freshUser('inactive');
    expect(
      (await t.call('PUT', `${LIST}/${id}/block`, { token, body: { reason: 'Fraud' } })).statusCode,
    ).toBe(200);
    expect(await remembered(id)).toEqual({ status: 'blocked', status_before_block: 'inactive' });
    // Blocking again (both routes, and in parallel) is refused and keeps the remembered status.
    const again = await Promise.all([
      t.call('PUT', `${LIST}/${id}/block`, { token, body: { reason: 'Again' } }),
      t.call('PUT', `${LIST}/${id}`, { token, body: { status: 'blocked', reason: 'Again' } }),
    ]);
    expect(again.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(await remembered(id)).toEqual({ status: 'blocked', status_before_block: 'inactive' });
    const un = await t.call('PUT', `${LIST}/${id}/unblock`, { token });
    expect(un.statusCode, un.body).toBe(200);
    expect(un.json()).toMatchObject({
      message: 'User unblocked successfully',
      data: { id, status: 'inactive', block_reason: null },
    });
    expect(await remembered(id)).toEqual({ status: 'inactive', status_before_block: null });

    // The same through PUT /admin/user/:id with 'unblocked'; an active user comes back active.
    await t.call('PUT', `${LIST}/${id}`, { token, body: { status: 'blocked', reason: 'Chargeback' } });
    expect(
      (await t.call('PUT', `${LIST}/${id}`, { token, body: { status: 'unblocked' } })).json().data.status,
    ).toBe('inactive');
    await t.call('PUT', `${LIST}/${id}`, { token, body: { status: 'active' } });
    await t.call('PUT', `${LIST}/${id}/block`, { token, body: { reason: 'Chargeback' } });
    expect(await remembered(id)).toEqual({ status: 'blocked', status_before_block: 'active' });
    // Parallel unblocks: one restores, the others find the user not blocked.
    const codes = (
      await Promise.all(Array.from({ length: 3 }, () => t.call('PUT', `${LIST}/${id}/unblock`, { token })))
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409, 409]);
    expect(await remembered(id)).toEqual({ status: 'active', status_before_block: null });
    expect((await history(id)).map((h) => h.action)).toEqual([
      'blocked',
      'unblocked',
      'blocked',
      'unblocked',
      'blocked',
      'unblocked',
    ]);

    // A user blocked before the status was remembered (seeded or older data) unblocks to 'active'.
    const old = await freshUser('blocked');
    expect((await remembered(old)).status_before_block).toBeNull();
    expect((await t.call('PUT', `${LIST}/${old}/unblock`, { token })).json().data.status).toBe('active');
    // The remembered status lives only while blocked.
    await expect(
      t.db.query("UPDATE users SET status_before_block = 'inactive' WHERE id = $1", [old]),
    ).rejects.toThrow(/users_status_before_block_only_blocked/);
  });

  it('answers 404 for unknown users and blocks once under concurrency', async () => {
    for (const path of ['/999999/block', '/999999/unblock', '/99999999999/block']) {
      const res = await t.call('PUT', `${LIST}${path}`, { token, body: { reason: 'x' } });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'User not found' });
    }
    const bad = await t.call('PUT', `${LIST}/abc/block`, { token, body: { reason: 'x' } });
    expect(bad.json()).toEqual({ success: false, message: 'id: ID must be a whole number' });

    const id = await freshUser('active');
    const codes = (
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          t.call('PUT', `${LIST}/${id}/block`, { token, body: { reason: `Race ${i}` } }),
        ),
      )
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    expect(await history(id)).toHaveLength(1);
    expect((await t.call('PUT', `${LIST}/${id}/block`, { body: { reason: 'x' } })).statusCode).toBe(401);
    expect((await t.call('PUT', `${LIST}/${id}/unblock`, { token, xsrf: false })).statusCode).toBe(403);
  });
});

describe('PUT /admin/user/:id', () => {
  it("sets active and inactive; 'blocked' needs a reason; 'unblocked' unblocks to active", async () => {
    const id = await freshUser('active');
    const put = (body: unknown) =>
      t.call('PUT', `${LIST}/${id}`, { token, body: body as object | undefined });

    const inactive = await put({ status: 'inactive' });
    expect(inactive.json()).toMatchObject({
      success: true,
      message: 'User updated successfully',
      data: { id, status: 'inactive' },
    });
    expect((await put({ status: 'inactive' })).json()).toMatchObject({
      message: 'User status unchanged',
      data: { status: 'inactive' },
    });
    expect((await put({ status: 'active' })).json().data.status).toBe('active');
    expect(await history(id)).toEqual([]);

    const noReason = await put({ status: 'blocked' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ success: false, message: 'reason: Reason is required' });
    const blocked = await put({ status: 'blocked', reason: 'Abusive behaviour' });
    expect(blocked.json()).toMatchObject({
      message: 'User blocked successfully',
      data: { status: 'blocked', block_reason: 'Abusive behaviour' },
    });
    expect((await put({ status: 'blocked', reason: 'again' })).statusCode).toBe(409);

    const unblocked = await put({ status: 'unblocked' });
    expect(unblocked.json()).toMatchObject({
      message: 'User unblocked successfully',
      data: { status: 'active', block_reason: null },
    });
    const notBlocked = await put({ status: 'unblocked' });
    expect(notBlocked.statusCode).toBe(409);
    expect(notBlocked.json()).toEqual({ success: false, message: 'User is not blocked' });

    // Leaving 'blocked' through another status is recorded as an unblock too.
    await put({ status: 'blocked', reason: 'Chargeback' });
    expect((await put({ status: 'inactive' })).json().data).toMatchObject({
      status: 'inactive',
      block_reason: null,
    });
    expect((await history(id)).map((h) => [h.action, h.reason, h.admin_id])).toEqual([
      ['blocked', 'Abusive behaviour', t.adminId],
      ['unblocked', null, t.adminId],
      ['blocked', 'Chargeback', t.adminId],
      ['unblocked', null, t.adminId],
    ]);
  });

  it('validates the status and the id', async () => {
    const id = await freshUser('inactive');
    for (const body of [{}, { status: 'deleted' }, undefined]) {
      const res = await t.call('PUT', `${LIST}/${id}`, { token, body: body as object | undefined });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'status: Status must be one of active, blocked, inactive, unblocked',
      });
    }
    const missing = await t.call('PUT', `${LIST}/999999`, { token, body: { status: 'active' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'User not found' });
    expect((await t.call('PUT', `${LIST}/0`, { token, body: { status: 'active' } })).json().message).toBe(
      'id: ID must be a positive number',
    );
  });
});

describe('DELETE /admin/user/:id (soft delete)', () => {
  it('hides the user everywhere, keeps every money record, and 404s afterwards', async () => {
    const [rich] = await t.db.query<{ id: number; email: string; username: string }>(
      `SELECT u.id, u.email, u.username FROM users u
        WHERE u.deleted_at IS NULL AND u.status = 'active'
          AND EXISTS (SELECT 1 FROM transactions x WHERE x.user_id = u.id)
          AND EXISTS (SELECT 1 FROM withdrawals x WHERE x.user_id = u.id)
        ORDER BY u.id LIMIT 1`,
    );
    const id = rich!.id;
    used.add(id);
    const snapshot = () =>
      t.db.query(
        `SELECT (SELECT count(*) FROM transactions WHERE user_id = $1) AS transactions,
                (SELECT count(*) FROM withdrawals WHERE user_id = $1) AS withdrawals,
                (SELECT count(*) FROM lottery_tickets WHERE user_id = $1) AS tickets,
                (SELECT count(*) FROM mine_games WHERE user_id = $1) AS games,
                (SELECT count(*) FROM support_tickets WHERE user_id = $1) AS support,
                (SELECT count(*) FROM ledger WHERE user_id = $1) AS ledger,
                (SELECT coalesce(sum(amount), 0) FROM ledger WHERE user_id = $1) AS ledger_sum,
                (SELECT balance FROM users WHERE id = $1) AS balance,
                (SELECT winnings FROM users WHERE id = $1) AS winnings`,
        [id],
      );
    const before = await snapshot();
    const totalBefore = (await list('')).total;

    const res = await t.call('DELETE', `${LIST}/${id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'User deleted successfully' });
    expect((await userRow(id)).deleted_at).toEqual(expect.any(String));
    expect(await snapshot()).toEqual(before);

    expect((await list('')).total).toBe(totalBefore - 1);
    expect((await list(`?email=${rich!.email}`)).total).toBe(0);
    expect((await list(`?username=${rich!.username}`)).data.map((u) => u.id)).not.toContain(id);

    const gone = { success: false, message: 'User not found' };
    const calls: [string, string, unknown][] = [
      ['GET', `${LIST}/${id}`, undefined],
      ['DELETE', `${LIST}/${id}`, undefined],
      ['PUT', `${LIST}/${id}`, { status: 'inactive' }],
      ['PUT', `${LIST}/${id}/block`, { reason: 'x' }],
      ['PUT', `${LIST}/${id}/unblock`, {}],
    ];
    for (const [method, url, body] of calls) {
      const r = await t.call(method, url, { token, body: body as object | undefined });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.json()).toEqual(gone);
    }
    expect((await t.call('DELETE', `${LIST}/999999`, { token })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${LIST}/abc`, { token })).statusCode).toBe(400);
  });

  it('updates the dashboard user count at once', async () => {
    const stats = async () => (await t.call('GET', '/api/admin/dashboard/stats', { token })).json().data;
    const id = await freshUser('inactive');
    const before = await stats();
    expect((await t.call('DELETE', `${LIST}/${id}`, { token })).statusCode).toBe(200);
    expect((await stats()).totalUsers).toBe(before.totalUsers - 1);
  });
});

describe('GET /admin/user/:id', () => {
  it('shows profile, balance, winnings, block history and recent activity with totals', async () => {
    // The 40 users with the most activity (between them every status of every kind of row).
    const picks = await t.db.query<{ id: number }>(
      `SELECT u.id FROM users u WHERE u.deleted_at IS NULL ORDER BY
         (SELECT count(*) FROM transactions WHERE user_id = u.id) + (SELECT count(*) FROM withdrawals WHERE user_id = u.id)
         + (SELECT count(*) FROM lottery_tickets WHERE user_id = u.id) + (SELECT count(*) FROM mine_games WHERE user_id = u.id)
         DESC, u.id LIMIT 40`,
    );
    const seen = new Set<string>();
    for (const { id } of picks) {
      const res = await t.call('GET', `${LIST}/${id}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'User retrieved successfully' });
      const d = res.json().data;

      const [u] = await t.db.query<Record<string, unknown>>(
        'SELECT name, username, email, status, role, balance, winnings, block_reason FROM users WHERE id = $1',
        [id],
      );
      expect(d.user).toMatchObject({ id, ...u });
      const [ledger] = await t.db.query<{ s: string }>(
        'SELECT coalesce(sum(amount), 0) AS s FROM ledger WHERE user_id = $1',
        [id],
      );
      expect(units(d.user.balance)).toBe(units(ledger!.s));

      const check = async <T extends { id: number }>(
        section: { data: T[]; total: number },
        table: string,
        createdColumn: 'createdAt' | 'created_at',
      ) => {
        const ids = await t.db.query<{ id: number }>(
          `SELECT id FROM ${table} WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
          [id],
        );
        expect(section.total, table).toBe(ids.length);
        expect(
          section.data.map((x) => x.id),
          table,
        ).toEqual(ids.slice(0, USER_DETAIL_RECENT).map((r) => r.id));
        const times = section.data.map((x) =>
          Date.parse((x as unknown as Record<string, string>)[createdColumn]!),
        );
        expect(times).toEqual([...times].sort((a, b) => b - a));
      };
      await check(d.transactions, 'transactions', 'createdAt');
      await check(d.withdrawals, 'withdrawals', 'createdAt');
      await check(d.lotteryTickets, 'lottery_tickets', 'createdAt');
      await check(d.mineGames, 'mine_games', 'created_at');
      const sections = [d.transactions, d.withdrawals, d.lotteryTickets, d.mineGames];
      if (sections.some((x) => x.total > USER_DETAIL_RECENT)) seen.add('cut at USER_DETAIL_RECENT');

      const txs = await t.db.query<{ amount: string; status: string }>(
        'SELECT amount, status FROM transactions WHERE user_id = $1',
        [id],
      );
      const completed = txs.filter((x) => x.status === 'completed');
      expect(d.transactions.completedCount).toBe(completed.length);
      expect(units(d.transactions.completedAmount)).toBe(sum(completed.map((x) => x.amount)));

      const ws = await t.db.query<{ amount: string; status: string }>(
        'SELECT amount, status FROM withdrawals WHERE user_id = $1',
        [id],
      );
      const pending = ws.filter((w) => ['pending', 'waiting'].includes(w.status));
      expect(units(d.withdrawals.paidAmount)).toBe(
        sum(ws.filter((w) => ['approved', 'completed'].includes(w.status)).map((w) => w.amount)),
      );
      expect(units(d.withdrawals.pendingAmount)).toBe(sum(pending.map((w) => w.amount)));
      expect(d.withdrawals.pendingCount).toBe(pending.length);

      const ks = await t.db.query<{
        price: string;
        status: string;
        winning_amount: string;
        is_winner: boolean;
      }>('SELECT price, status, winning_amount, is_winner FROM lottery_tickets WHERE user_id = $1', [id]);
      expect(units(d.lotteryTickets.spent)).toBe(
        sum(ks.filter((k) => k.status !== 'cancelled').map((k) => k.price)),
      );
      expect(units(d.lotteryTickets.won)).toBe(sum(ks.map((k) => k.winning_amount)));
      expect(d.lotteryTickets.wins).toBe(ks.filter((k) => k.is_winner).length);
      for (const ticket of d.lotteryTickets.data) {
        expect(ticket.ticket_number).toMatch(/^[A-Z]{2}\d{5}$/);
        expect(ticket.Lottery).toEqual({
          id: expect.any(Number),
          name: expect.any(String),
          status: expect.stringMatching(/^(upcoming|open|closed|completed)$/),
        });
      }

      const gs = await t.db.query<{
        amount: string;
        payout: string;
        active: boolean;
        outcome: string | null;
      }>('SELECT amount, payout, active, outcome FROM mine_games WHERE user_id = $1', [id]);
      expect(d.mineGames.active).toBe(gs.filter((g) => g.active).length);
      expect(units(d.mineGames.bets)).toBe(
        sum(gs.filter((g) => g.outcome !== 'cancelled').map((g) => g.amount)),
      );
      expect(units(d.mineGames.payouts)).toBe(
        sum(gs.filter((g) => g.outcome === 'won' || g.outcome === 'lost').map((g) => g.payout)),
      );
      for (const game of d.mineGames.data) expect(game.status).toBe(game.outcome === null ? 'true' : 'false');
      for (const x of txs) seen.add(`t:${x.status}`);
      for (const x of ws) seen.add(`w:${x.status}`);
      for (const x of ks) seen.add(`k:${x.status}`);
      for (const x of gs) seen.add(`g:${x.outcome ?? 'active'}`);
    }
    for (const kind of [
      'w:waiting',
      'w:pending',
      'w:approved',
      'w:completed',
      'w:rejected',
      't:failed',
      't:waiting',
      'k:cancelled',
      'g:cancelled',
      'g:won',
      'g:lost',
      'g:active',
    ])
      expect(seen, kind).toContain(kind);
  });

  it('shows seeded block history without an admin, and an empty user with zero totals', async () => {
    const [seeded] = await t.db.query<{ user_id: number; reason: string }>(
      `SELECT b.user_id, b.reason FROM user_blocks b JOIN users u ON u.id = b.user_id
        WHERE b.admin_id IS NULL AND u.deleted_at IS NULL ORDER BY b.id LIMIT 1`,
    );
    const d = (await t.call('GET', `${LIST}/${seeded!.user_id}`, { token })).json().data;
    expect(d.blockHistory.at(-1)).toMatchObject({ action: 'blocked', reason: seeded!.reason, admin: null });

    const [fresh] = await t.db.query<{ id: number }>(
      `INSERT INTO users (username, email, name) VALUES ('nobody', 'nobody@example.com', NULL) RETURNING id`,
    );
    const empty = (await t.call('GET', `${LIST}/${fresh!.id}`, { token })).json().data;
    expect(empty).toEqual({
      user: expect.objectContaining({
        id: fresh!.id,
        name: null,
        balance: '0',
        winnings: '0',
        block_reason: null,
        last_login: null,
      }),
      blockHistory: [],
      transactions: { data: [], total: 0, completedCount: 0, completedAmount: '0' },
      withdrawals: { data: [], total: 0, paidAmount: '0', pendingAmount: '0', pendingCount: 0 },
      lotteryTickets: { data: [], total: 0, spent: '0', won: '0', wins: 0 },
      mineGames: { data: [], total: 0, active: 0, bets: '0', payouts: '0' },
    });
    for (const path of ['/999999', '/99999999999']) {
      const r = await t.call('GET', `${LIST}${path}`, { token });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ success: false, message: 'User not found' });
    }
    expect((await t.call('GET', `${LIST}/x`, { token })).json()).toEqual({
      success: false,
      message: 'id: ID must be a whole number',
    });
    expect((await t.call('GET', `${LIST}/${fresh!.id}`)).statusCode).toBe(401);
  });
});

describe('every support and user route', () => {
  const mine: RouteName[] = [
    'supportList',
    'supportUpdate',
    'supportDelete',
    'usersList',
    'userDetails',
    'userUpdate',
    'userDelete',
    'userBlock',
    'userUnblock',
  ];

  it('is registered from the catalogue and needs a session token and, to change state, the XSRF header', async () => {
    const setup = await t.call('POST', '/api/admin/auth/login', {
      body: { email: 'root@example.com', password: 'secret123', requireTwoFactor: true },
    });
    const setupToken = setup.json().data.token as string;
    for (const name of mine) {
      const r = routes[name];
      const url = API_PREFIX + routePath(name, { id: 1 });
      expect(t.app.hasRoute({ method: r.method, url: API_PREFIX + r.path }), name).toBe(true);
      const missing = await t.call(r.method, url, { body: {} });
      expect(missing.statusCode, `${name} without token`).toBe(401);
      expect(missing.json()).toEqual({ success: false, message: 'Invalid or expired token' });
      expect((await t.call(r.method, url, { token: setupToken, body: {} })).statusCode, `${name} setup`).toBe(
        401,
      );
      if (r.method !== 'GET') {
        const res = await t.call(r.method, url, { token, xsrf: 'no-header', body: {} });
        expect(res.statusCode, name).toBe(403);
        expect(res.json().message).toBe('Invalid or missing XSRF token');
      }
    }
  });
});
