import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const LIST = '/api/admin/support';
const MISSING = { success: false, message: 'Support ID is missing' };

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDemo(t.db, { seed: 11 });
});
afterAll(() => t.close());

type Ticket = {
  id: number;
  type: string;
  message: string;
  status: 'open' | 'closed';
  remarks: string | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  User: { id: number; name: string | null; username: string };
};
type Page = { data: Ticket[]; total: number; totalPages: number; page: number; perPage: number };

/** Every ticket straight from the database (the reference the API answers are checked against). */
type Row = { id: number; type: string; status: string; created_at: string; username: string };
const rows = () =>
  t.db.query<Row>(
    `SELECT t.id, t.type, t.status, t.created_at, u.username
       FROM support_tickets t JOIN users u ON u.id = t.user_id`,
  );

const list = async (query: string): Promise<Page> => {
  const res = await t.call('GET', `${LIST}${query}`, { token });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  expect(res.json()).toMatchObject({ success: true, message: 'Support tickets retrieved successfully' });
  return res.json().data;
};
/** All pages of a query (per_page 100). */
const all = async (query: string): Promise<Ticket[]> => {
  const sep = query ? '&' : '?';
  const first = await list(`${query}${sep}per_page=100`);
  const out = [...first.data];
  for (let p = 2; p <= first.totalPages; p++)
    out.push(...(await list(`${query}${sep}per_page=100&page=${p}`)).data);
  expect(out).toHaveLength(first.total);
  return out;
};
const byCreatedDesc = (a: Row, b: Row) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id;

describe('GET /admin/support', () => {
  it('lists every ticket newest first, 10 per page, with the owner', async () => {
    const db = await rows();
    const first = await list('');
    expect(first).toMatchObject({
      total: db.length,
      page: 1,
      perPage: 10,
      totalPages: Math.ceil(db.length / 10),
    });
    expect(first.data.map((x) => x.id)).toEqual(
      [...db]
        .sort(byCreatedDesc)
        .slice(0, 10)
        .map((r) => r.id),
    );
    for (const ticket of first.data) {
      expect(ticket.User.username).toEqual(expect.any(String));
      expect(Date.parse(ticket.updatedAt)).toBeGreaterThanOrEqual(Date.parse(ticket.createdAt));
      expect(ticket.closedAt === null).toBe(ticket.status === 'open');
    }
    const everything = await all('');
    expect(everything.map((x) => x.id)).toEqual([...db].sort(byCreatedDesc).map((r) => r.id));
    const last = await list(`?page=${first.totalPages}`);
    expect(last.data).toHaveLength(db.length - (first.totalPages - 1) * 10);
    expect((await list(`?page=${first.totalPages + 1}`)).data).toEqual([]);
  });

  it('filters by id, status, username prefix (any case) and creation day', async () => {
    const db = (await rows()).sort(byCreatedDesc);
    const sample = db[7]!;
    expect((await list(`?id=${sample.id}`)).data.map((x) => x.id)).toEqual([sample.id]);
    expect(await list('?id=999999')).toMatchObject({ data: [], total: 0, totalPages: 0 });
    expect(await list('?id=99999999999')).toMatchObject({ data: [], total: 0 });

    for (const status of ['open', 'closed']) {
      const got = await all(`?status=${status}`);
      expect(got.map((x) => x.id)).toEqual(db.filter((r) => r.status === status).map((r) => r.id));
    }

    const prefix = sample.username.slice(0, 3);
    const expected = db.filter((r) => r.username.toLowerCase().startsWith(prefix.toLowerCase()));
    for (const text of [prefix, prefix.toUpperCase(), ` ${prefix} `]) {
      const got = await all(`?username=${encodeURIComponent(text)}`);
      expect(got.map((x) => x.id)).toEqual(expected.map((r) => r.id));
    }
    expect(
      (await all(`?username=${sample.username}`)).every((x) => x.User.username === sample.username),
    ).toBe(true);
    // A prefix, not a substring; LIKE wildcards are plain characters.
    expect(
      (await list(`?username=${sample.username.slice(1)}`)).data.map((x) => x.User.username),
    ).not.toContain(sample.username);
    expect((await list('?username=%25')).total).toBe(0);
    expect((await list('?username=_')).total).toBe(0);

    const day = sample.created_at.slice(0, 10);
    const sameDay = db.filter((r) => r.created_at.slice(0, 10) === day);
    expect((await all(`?created_at=${day}`)).map((x) => x.id)).toEqual(sameDay.map((r) => r.id));
    expect((await all(`?created_at=${day}T23:59:00Z`)).map((x) => x.id)).toEqual(sameDay.map((r) => r.id));
    expect((await list('?created_at=1999-01-01')).total).toBe(0);

    // A range of the viewer's days (here Asia/Kolkata, +05:30): instants, both ends inclusive.
    const from = new Date(Date.parse(`${day}T00:00:00+05:30`)).toISOString();
    const until = new Date(Date.parse(`${day}T23:59:59.999+05:30`)).toISOString();
    const inRange = db.filter(
      (r) => Date.parse(r.created_at) >= Date.parse(from) && Date.parse(r.created_at) <= Date.parse(until),
    );
    const ranged = await all(`?date_start=${encodeURIComponent(from)}&date_end=${encodeURIComponent(until)}`);
    expect(ranged.map((x) => x.id)).toEqual(inRange.map((r) => r.id));
    // A day alone is its UTC day, as for transactions.
    expect((await all(`?date_start=${day}&date_end=${day}`)).map((x) => x.id)).toEqual(
      sameDay.map((r) => r.id),
    );
    const bad = await t.call('GET', `${LIST}?date_start=2026-13-45`, { token });
    expect(bad.statusCode).toBe(400);

    const both = await all(`?status=${sample.status}&username=${prefix}&created_at=${day}`);
    expect(both.map((x) => x.id)).toEqual(
      sameDay
        .filter(
          (r) => r.status === sample.status && r.username.toLowerCase().startsWith(prefix.toLowerCase()),
        )
        .map((r) => r.id),
    );
    // Empty values mean "not set".
    expect((await list('?id=&username=&status=&created_at=')).total).toBe(db.length);
  });

  it('sorts by every whitelisted field in both directions (ties: createdAt then id)', async () => {
    const db = await rows();
    const key: Record<string, (r: Row) => string | number> = {
      createdAt: (r) => Date.parse(r.created_at),
      id: (r) => r.id,
      status: (r) => r.status,
      type: (r) => r.type,
    };
    for (const field of Object.keys(key)) {
      for (const dir of ['asc', 'desc'] as const) {
        const sign = dir === 'asc' ? 1 : -1;
        const cmp = (a: Row, b: Row) => {
          const x = key[field]!(a);
          const y = key[field]!(b);
          if (x !== y) return (x < y ? -1 : 1) * sign;
          return (Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id) * sign;
        };
        const got = await all(`?sort_by=${field}&sort_type=${dir.toUpperCase()}`);
        expect(
          got.map((x) => x.id),
          `${field} ${dir}`,
        ).toEqual([...db].sort(cmp).map((r) => r.id));
      }
    }
    // Default direction is desc.
    expect((await list('?sort_by=id')).data[0]!.id).toBe(Math.max(...db.map((r) => r.id)));
  });

  it('validates the query and needs a session', async () => {
    const cases: [string, RegExp][] = [
      ['?page=0', /^page: Page must be at least 1$/],
      ['?page=x', /^page: Page must be a whole number$/],
      ['?per_page=0', /^per_page: Page size must be at least 1$/],
      ['?per_page=101', /^per_page: Page size must not exceed 100$/],
      ['?id=abc', /^id: ID must be a whole number$/],
      ['?id=-3', /^id: ID must be a positive number$/],
      ['?status=pending', /^status: /],
      ['?sort_by=message', /^sort_by: /],
      ['?sort_type=up', /^sort_type: /],
      ['?created_at=31/01/2025', /^created_at: Invalid date/],
      [`?username=${'a'.repeat(101)}`, /^username: Must not exceed 100 characters$/],
    ];
    for (const [query, message] of cases) {
      const res = await t.call('GET', `${LIST}${query}`, { token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    expect((await t.call('GET', LIST)).statusCode).toBe(401);
  });
});

const ticketRow = async (id: number) =>
  (
    await t.db.query<{ status: string; remarks: string | null; closed_at: string | null }>(
      'SELECT status, remarks, closed_at FROM support_tickets WHERE id = $1',
      [id],
    )
  )[0]!;
const ticketWith = async (status: 'open' | 'closed') =>
  (
    await t.db.query<{ id: number }>('SELECT id FROM support_tickets WHERE status = $1 ORDER BY id LIMIT 1', [
      status,
    ])
  )[0]!.id;

describe('PUT /admin/support/:id', () => {
  it('updates status and remarks; closing stamps closedAt, reopening clears it', async () => {
    const id = await ticketWith('open');
    const res = await t.call('PUT', `${LIST}/${id}`, {
      token,
      body: { status: 'closed', remarks: '  Refunded the deposit.  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Support updated successfully',
      data: { id, status: 'closed', remarks: 'Refunded the deposit.' },
    });
    const closedAt = res.json().data.closedAt as string;
    expect(Date.parse(closedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await ticketRow(id)).toEqual({
      status: 'closed',
      remarks: 'Refunded the deposit.',
      closed_at: closedAt,
    });

    // Closed again: closedAt kept. Remarks absent: unchanged.
    const again = await t.call('PUT', `${LIST}/${id}`, { token, body: { status: 'closed' } });
    expect(again.json().data).toMatchObject({ closedAt, remarks: 'Refunded the deposit.' });

    const reopened = await t.call('PUT', `${LIST}/${id}`, { token, body: { status: 'open', remarks: null } });
    expect(reopened.json().data).toMatchObject({ status: 'open', closedAt: null, remarks: null });
    await t.call('PUT', `${LIST}/${id}`, { token, body: { status: 'open', remarks: 'Asked for the hash' } });
    const blank = await t.call('PUT', `${LIST}/${id}`, { token, body: { status: 'open', remarks: '   ' } });
    expect(blank.json().data.remarks).toBeNull();
    expect(await ticketRow(id)).toEqual({ status: 'open', remarks: null, closed_at: null });
    // The list shows the change.
    expect((await list(`?id=${id}`)).data[0]).toMatchObject({ status: 'open', remarks: null });
  });

  it('validates the body', async () => {
    const id = await ticketWith('open');
    const cases: [unknown, string][] = [
      [{}, "status: Status must be 'open' or 'closed'"],
      [undefined, "status: Status must be 'open' or 'closed'"],
      [{ status: 'pending' }, "status: Status must be 'open' or 'closed'"],
      [{ status: 'open', remarks: 'x'.repeat(1001) }, 'remarks: Remarks must not exceed 1000 characters'],
      [{ status: 'open', remarks: 5 }, 'remarks: Invalid input: expected string, received number'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('PUT', `${LIST}/${id}`, { token, body: body as object | undefined });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect((await ticketRow(id)).status).toBe('open');
  });

  it("answers 'Support ID is missing' without an id and 404 for an unknown one", async () => {
    for (const path of ['', '/', '/%20', '/abc', '/0', '/-1', '/1.5', '/99999999999']) {
      for (const method of ['PUT', 'DELETE']) {
        const res = await t.call(method, `${LIST}${path}`, { token, body: { status: 'closed' } });
        expect(res.statusCode, `${method} ${path}`).toBe(400);
        expect(res.json()).toEqual(MISSING);
      }
    }
    const missing = await t.call('PUT', `${LIST}/999999`, { token, body: { status: 'closed' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Support ticket not found' });
    // Still a session and the XSRF header first.
    expect((await t.call('PUT', `${LIST}/`, { body: { status: 'closed' } })).statusCode).toBe(401);
    expect((await t.call('PUT', LIST, { body: { status: 'closed' } })).statusCode).toBe(401);
    expect(
      (await t.call('PUT', `${LIST}/1`, { token, xsrf: false, body: { status: 'closed' } })).statusCode,
    ).toBe(403);
  });
});

describe('DELETE /admin/support/:id', () => {
  it('closes the ticket and deletes nothing; a second close is a 409', async () => {
    const id = await ticketWith('open');
    const before = (await t.db.query<{ n: number }>('SELECT count(*) AS n FROM support_tickets'))[0]!.n;
    const res = await t.call('DELETE', `${LIST}/${id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Support ticket closed successfully',
      data: { id, status: 'closed' },
    });
    const row = await ticketRow(id);
    expect(row.status).toBe('closed');
    expect(row.closed_at).toBe(res.json().data.closedAt);
    expect((await t.db.query<{ n: number }>('SELECT count(*) AS n FROM support_tickets'))[0]!.n).toBe(before);

    const again = await t.call('DELETE', `${LIST}/${id}`, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'Support ticket is already closed' });
    const missing = await t.call('DELETE', `${LIST}/999999`, { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Support ticket not found' });
  });

  it('closes once under concurrent calls', async () => {
    const id = await ticketWith('open');
    const codes = (
      await Promise.all(Array.from({ length: 5 }, () => t.call('DELETE', `${LIST}/${id}`, { token })))
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
  });
});

describe('dashboard figures', () => {
  it('follow an update or a close at once', async () => {
    const stats = async () => (await t.call('GET', '/api/admin/dashboard/stats', { token })).json().data;
    const before = await stats();
    const id = await ticketWith('open');
    expect((await t.call('DELETE', `${LIST}/${id}`, { token })).statusCode).toBe(200);
    const after = await stats();
    expect(after.openSupportTickets).toBe(before.openSupportTickets - 1);
    expect(after.closedSupportTickets).toBe(before.closedSupportTickets + 1);
    await t.call('PUT', `${LIST}/${id}`, { token, body: { status: 'open' } });
    expect((await stats()).openSupportTickets).toBe(before.openSupportTickets);
  });
});

describe('OpenAPI document', () => {
  it('describes the support and user calls', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/admin/support/{id}'] ?? {}).sort()).toEqual(['delete', 'put']);
    expect(paths['/api/admin/support']).toHaveProperty('get');
    expect(Object.keys(paths['/api/admin/user/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(paths['/api/admin/user/{id}/block']).toHaveProperty('put');
    expect(paths['/api/admin/user/{id}/unblock']).toHaveProperty('put');
  });
});
