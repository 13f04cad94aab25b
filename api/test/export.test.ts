import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX, type RouteName, routes } from '@backoffice/shared/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, csvRecord } from '../src/lib/csv/encode.ts';
import { seedDemo } from '../src/seed/index.ts';
import { createAdmin, createTestApp, driver, type TestApp, testClock } from './helpers.ts';

/** RFC 4180 parser for the answers: records of fields, quotes undone; checks every record ends in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let fieldText = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) throw new Error('unterminated quote');
      fieldText += text.slice(i + 1, end);
      i = end + 1;
      if (text[i] === '"') fieldText += '"'; // a doubled quote inside the field
      continue;
    }
    if (text[i] === ',') {
      record.push(fieldText);
      fieldText = '';
      i++;
    } else if (text.startsWith('\r\n', i)) {
      record.push(fieldText);
      records.push(record);
      record = [];
      fieldText = '';
      i += 2;
    } else if (text[i] === '\n' || text[i] === '\r') {
      throw new Error(`bare line break at ${i}`);
    } else {
      fieldText += text[i];
      i++;
    }
  }
  if (fieldText || record.length) throw new Error('last record does not end with CRLF');
  return records;
}

/** A JSON value as the export writes it. */
const cell = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

type Row = Record<string, unknown>;
type U = { id: number; name: string | null; username: string; email?: string | null };

/** Each export: its list, how the list pages, and the export's columns from a list row. */
const exportsOf: {
  route: RouteName;
  list: string;
  pageSize: 'per_page' | 'limit';
  filters: string[];
  columns: string[];
  toCells: (row: Row) => unknown[];
}[] = [
  {
    route: 'withdrawalsExport',
    list: '/admin/withdrawal',
    pageSize: 'per_page',
    filters: [
      '',
      'status=pending',
      'sort_by=amount&sort_type=asc',
      'status_in=approved,rejected&sort_by=status',
    ],
    columns: [
      'id',
      'user_id',
      'user_name',
      'user_username',
      'user_email',
      'amount',
      'wallet_address',
      'status',
      'hash',
      'processing',
      'createdAt',
      'comment',
      'processedAt',
      'processedBy',
    ],
    toCells: (r) => {
      const u = r.User as U;
      return [
        r.id,
        u.id,
        u.name,
        u.username,
        u.email,
        r.amount,
        r.wallet_address,
        r.status,
        r.hash,
        r.processing,
        r.createdAt,
        r.comment,
        r.processedAt,
        r.processedBy,
      ];
    },
  },
  {
    route: 'transactionsExport',
    list: '/admin/transactions',
    pageSize: 'per_page',
    filters: ['', 'status=completed&sort_by=amount', 'sort_by=currency&sort_type=asc'],
    columns: [
      'id',
      'user_id',
      'user_name',
      'user_username',
      'amount',
      'currency',
      'payment_id',
      'pay_currency',
      'status',
      'createdAt',
      'pay_address',
    ],
    toCells: (r) => {
      const u = r.User as U;
      return [
        r.id,
        u.id,
        u.name,
        u.username,
        r.amount,
        r.currency,
        r.payment_id,
        r.pay_currency,
        r.status,
        r.createdAt,
        r.pay_address,
      ];
    },
  },
  {
    route: 'usersExport',
    list: '/admin/user',
    pageSize: 'per_page',
    filters: ['', 'status=active&sort_by=name&sort_type=asc', 'sort_by=last_login'],
    columns: [
      'id',
      'name',
      'username',
      'email',
      'email_verified',
      'role',
      'status',
      'last_login',
      'createdAt',
      'block_reason',
    ],
    toCells: (r) => [
      r.id,
      r.name,
      r.username,
      r.email,
      r.email_verified,
      r.role,
      r.status,
      r.last_login,
      r.createdAt,
      r.block_reason,
    ],
  },
  {
    route: 'supportExport',
    list: '/admin/support',
    pageSize: 'per_page',
    filters: ['', 'status=open', 'sort_by=type&sort_type=asc'],
    columns: [
      'id',
      'type',
      'message',
      'status',
      'remarks',
      'createdAt',
      'updatedAt',
      'closedAt',
      'user_id',
      'user_name',
      'user_username',
    ],
    toCells: (r) => {
      const u = r.User as U;
      return [
        r.id,
        r.type,
        r.message,
        r.status,
        r.remarks,
        r.createdAt,
        r.updatedAt,
        r.closedAt,
        u.id,
        u.name,
        u.username,
      ];
    },
  },
  {
    route: 'lotteryExport',
    list: '/admin/lottery',
    pageSize: 'limit',
    filters: ['', 'status=completed', 'status=opened', 'status=upcoming'],
    columns: [
      'id',
      'name',
      'status',
      'ticket_price',
      'total_pool',
      'current_participants',
      'max_participants',
      'start_time',
      'end_time',
      'result_time',
      'winners',
      'winner_distributions',
      'admin_share',
      'distributionAmount',
      'adminProfit',
      'prize_distributed',
      'createdAt',
    ],
    toCells: (r) => [
      r.id,
      r.name,
      r.status,
      r.ticket_price,
      r.total_pool,
      r.current_participants,
      r.max_participants,
      r.start_time,
      r.end_time,
      r.result_time,
      r.winners,
      r.winner_distributions,
      r.admin_share,
      r.distributionAmount,
      r.adminProfit,
      r.prize_distributed,
      r.createdAt,
    ],
  },
  {
    route: 'lotteryTicketsExport',
    list: '/admin/lottery/tickets',
    pageSize: 'limit',
    filters: ['status=inactive', 'lottery_id=1', 'lottery_id=2&status=active'],
    columns: [
      'id',
      'ticket_number',
      'price',
      'prize_rank',
      'winning_amount',
      'is_winner',
      'status',
      'createdAt',
      'lottery_id',
      'lottery_name',
      'lottery_status',
      'user_id',
      'username',
      'user_name',
      'balance',
      'winnings',
    ],
    toCells: (r) => {
      const l = r.Lottery as { id: number; name: string; status: string };
      const u = r.user as U & { user_detail: { balance: string; winnings: string } };
      return [
        r.id,
        r.ticket_number,
        r.price,
        r.prize_rank,
        r.winning_amount,
        r.is_winner,
        r.status,
        r.createdAt,
        l.id,
        l.name,
        l.status,
        u.id,
        u.username,
        u.name,
        u.user_detail.balance,
        u.user_detail.winnings,
      ];
    },
  },
  {
    route: 'auditExport',
    list: '/admin/audit',
    pageSize: 'per_page',
    filters: ['', 'action=auth.', 'sort_type=asc', 'target_type=admin&sort_type=desc'],
    columns: [
      'id',
      'at',
      'adminId',
      'adminEmail',
      'action',
      'targetType',
      'targetId',
      'before',
      'after',
      'ip',
      'requestId',
      'details',
    ],
    toCells: (r) => [
      r.id,
      r.at,
      r.adminId,
      r.adminEmail,
      r.action,
      r.targetType,
      r.targetId,
      r.before,
      r.after,
      r.ip,
      r.requestId,
      r.details,
    ],
  },
  {
    route: 'adminsExport',
    list: '/admin/admins',
    pageSize: 'limit',
    filters: ['', 'status=active', 'search=example.com'],
    columns: [
      'id',
      'email',
      'name',
      'roles',
      'status',
      'twoFactorEnabled',
      'twoFactorSetupRequired',
      'mustChangePassword',
      'lastSignInAt',
      'createdAt',
    ],
    toCells: (r) => [
      r.id,
      r.email,
      r.name,
      r.roles,
      r.status,
      r.twoFactorEnabled,
      r.twoFactorSetupRequired,
      r.mustChangePassword,
      r.lastSignInAt,
      r.createdAt,
    ],
  },
];

const clock = testClock(Date.parse('2026-11-25T09:30:00.000Z'));
let t: TestApp;
let token: string;

const get = (url: string) => t.call('GET', `${API_PREFIX}${url}`, { token });
const join = (path: string, query: string) => (query ? `${path}?${query}` : path);

/** Every page of a list, concatenated (the list's largest page size). */
async function allPages(
  list: string,
  query: string,
  pageSize: string,
): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await get(join(list, [query, `${pageSize}=100&page=${page}`].filter(Boolean).join('&')));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { data: Row[]; total: number; totalPages: number };
    rows.push(...data.data);
    if (page >= data.totalPages) return { rows, total: data.total };
  }
}

/**
 * Each export writes its audit record just after its download ended: waits for those still on their way
 * (the audit log stops growing), so that the audit list and its export see the same rows.
 */
async function auditSettled(): Promise<void> {
  const maxId = async () =>
    (await t.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM audit_log'))[0]!.id;
  for (let last = -1, id = await maxId(); id !== last; last = id, id = await maxId())
    await new Promise((resolve) => setTimeout(resolve, 100));
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  token = await t.login();
  await seedDemo(t.db, { seed: 7, base: new Date(clock()) });
});
afterAll(() => t?.close());

describe('CSV fields', () => {
  it('writes values as text: empty for null, numbers and booleans as they are, dates ISO, objects JSON', () => {
    expect(csvRecord([null, undefined, 7, -2.5, true, 10n, new Date(Date.UTC(2026, 0, 2)), { a: [1] }])).toBe(
      ',,7,-2.5,true,10,2026-01-02T00:00:00.000Z,"{""a"":[1]}"\r\n',
    );
  });

  it('quotes commas, semicolons, quotes and line breaks, and nothing else', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    // A spreadsheet in a locale whose separator is ';' would split the cell (and read '=1+1' alone).
    expect(csvField('ok;=1+1')).toBe('"ok;=1+1"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvField(' spaced  text ')).toBe(' spaced  text ');
    expect(csvField('')).toBe('');
  });

  it('puts an apostrophe before a formula (= + - @ tab CR), not before a plain number', () => {
    for (const formula of ['=1+1', '+1', '-1+1', '@SUM(A1)', '\tx', '\rx', '-', '=', '-1e5', '--1'])
      expect(csvField(formula), JSON.stringify(formula)).toMatch(/^"?'/);
    for (const number of ['-12.5', '-3', '0', '12.00000001', '-0.5'])
      expect(csvField(number), number).toBe(number);
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('guards a formula after leading whitespace too (spreadsheets skip it), not a plain number', () => {
    expect(csvField(' =1+1')).toBe("' =1+1");
    expect(csvField('  @SUM(A1)')).toBe("'  @SUM(A1)");
    expect(csvField('\u00a0+1')).toBe("'\u00a0+1");
    expect(csvField('\n=1+1')).toBe(`"'\n=1+1"`);
    expect(csvField(' -12.5')).toBe(' -12.5');
    expect(csvField(' a=b')).toBe(' a=b');
  });
});

describe('CSV exports: the rows of the list', () => {
  for (const e of exportsOf) {
    const path = routes[e.route].path;
    for (const filter of e.filters) {
      it(`${path}${filter ? `?${filter}` : ''} = every page of ${e.list} with the same filters`, async () => {
        if (e.route === 'auditExport') await auditSettled();
        const { rows, total } = await allPages(e.list, filter, e.pageSize);
        const res = await get(join(path, filter));
        expect(res.statusCode, res.body).toBe(200);
        const [header, ...records] = parseCsv(res.body);
        expect(header).toEqual(e.columns);
        expect(records).toEqual(rows.map((r) => e.toCells(r).map(cell)));
        expect(res.headers['x-total-count']).toBe(String(total));
      });
    }
  }

  it('found rows for every export (the comparisons above are not of empty lists)', async () => {
    for (const e of exportsOf) {
      const res = await get(routes[e.route].path);
      expect(parseCsv(res.body).length, e.route).toBeGreaterThan(1);
    }
  });
});

describe('CSV exports: the file', () => {
  it('is text/csv in UTF-8, an attachment named after the area and the day (UTC), not cached', async () => {
    const names: Record<string, string> = {
      withdrawalsExport: 'withdrawals',
      transactionsExport: 'transactions',
      usersExport: 'users',
      supportExport: 'support-tickets',
      lotteryExport: 'lotteries',
      lotteryTicketsExport: 'lottery-tickets',
      auditExport: 'audit-log',
      adminsExport: 'admins',
    };
    for (const e of exportsOf) {
      const res = await get(routes[e.route].path);
      expect(res.headers['content-type'], e.route).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition'], e.route).toBe(
        `attachment; filename="${names[e.route]}-2026-11-25.csv"`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['transfer-encoding']).toBe('chunked');
    }
  });

  it('quotes per RFC 4180 and neutralises formulas, but not plain numbers', async () => {
    const [user] = await t.db.query<{ id: number }>(
      `INSERT INTO users (name, username, email, status) VALUES ($1, 'csv_probe', 'csv@example.com', 'active')
       RETURNING id`,
      ['=HYPERLINK("http://evil.example","click, here")'],
    );
    const messages = [
      '+1+2',
      '-2+3',
      '@SUM(A1)',
      '\tTab',
      '\rCR',
      'plain, "quoted"\r\nsecond line',
      'ünïcødé ✓',
    ];
    for (const message of messages)
      await t.db.query(`INSERT INTO support_tickets (user_id, type, message) VALUES ($1, 'csv', $2)`, [
        user!.id,
        message,
      ]);
    const res = await get('/admin/support/export.csv?username=csv_probe&sort_by=id&sort_type=asc');
    expect(res.statusCode).toBe(200);
    // The raw text: quotes doubled, the line break kept inside the quoted field.
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click, here"")"`);
    expect(res.body).toContain('"plain, ""quoted""\r\nsecond line"');
    const records = parseCsv(res.body).slice(1);
    expect(records.map((r) => r[2])).toEqual([
      "'+1+2",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTab",
      "'\rCR",
      'plain, "quoted"\r\nsecond line',
      'ünïcødé ✓',
    ]);
    expect(records.every((r) => r[9] === `'=HYPERLINK("http://evil.example","click, here")`)).toBe(true);
    // A negative amount is a number, not a formula: exact and without the apostrophe.
    const [tx] = await t.db.query<{ id: number }>(
      `INSERT INTO transactions (user_id, amount, currency, status) VALUES ($1, 1234567.00000001, 'usd', 'completed')
       RETURNING id`,
      [user!.id],
    );
    const txCsv = parseCsv((await get(`/admin/transactions/export.csv?id=${tx!.id}`)).body);
    expect(txCsv[1]?.slice(0, 5)).toEqual([
      String(tx!.id),
      String(user!.id),
      txCsv[1]![2],
      'csv_probe',
      '1234567.00000001',
    ]);
    expect(txCsv[1]?.[2]).toBe(`'=HYPERLINK("http://evil.example","click, here")`);
  });

  it('an export that matches nothing is the header row alone, with X-Total-Count 0', async () => {
    const res = await get('/admin/withdrawal/export.csv?id=2147483648');
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body)).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe('0');
    const support = await get('/admin/support/export.csv?id=99999999999');
    expect(parseCsv(support.body)).toHaveLength(1);
  });
});

describe('CSV exports: requests', () => {
  it('a bad filter gets the same 400 as the list', async () => {
    const bad: [string, string][] = [
      ['/admin/withdrawal', 'status=bogus'],
      ['/admin/withdrawal', 'from=yesterday'],
      ['/admin/transactions', 'sort_by=password'],
      ['/admin/user', 'status=nobody'],
      ['/admin/support', 'created_at=2026-13-45'],
      ['/admin/lottery', 'status=sometimes'],
      ['/admin/lottery/tickets', 'lottery_id=abc'],
    ];
    for (const [list, query] of bad) {
      const fromList = await get(`${list}?${query}`);
      const fromExport = await get(`${list}/export.csv?${query}`);
      expect(fromList.statusCode, `${list}?${query}`).toBe(400);
      expect(fromExport.statusCode, `${list}/export.csv?${query}`).toBe(400);
      expect(fromExport.headers['content-type']).toMatch(/^application\/json/);
      expect(fromExport.json()).toEqual(fromList.json());
    }
  });

  it('paging parameters are not filters: an export ignores them and has every row', async () => {
    const all = parseCsv((await get('/admin/user/export.csv')).body);
    const paged = parseCsv((await get('/admin/user/export.csv?page=3&per_page=5&limit=2')).body);
    expect(paged).toEqual(all);
  });

  it("static export paths win over the lists' :id routes, which still answer", async () => {
    for (const name of ['transactionsExport', 'usersExport'] as const) {
      const r = routes[name];
      expect(t.app.hasRoute({ method: r.method, url: API_PREFIX + r.path }), name).toBe(true);
    }
    const csv = await get('/admin/transactions/export.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [first] = await t.db.query<{ id: number }>('SELECT min(id) AS id FROM transactions');
    const details = await get(`/admin/transactions/${first!.id}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().data.id).toBe(first!.id);
    const user = await get('/admin/user/1');
    expect(user.statusCode).toBe(200);
    expect((await get('/admin/user/export.csv')).headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((await get('/admin/transactions/export.csvx')).statusCode).toBe(400);
  });

  it('with the X-Total-Hint of the console, streams the same rows without counting them first', async () => {
    const url = `${API_PREFIX}/admin/transactions/export.csv?sort_by=id&sort_type=asc`;
    const counted = await get('/admin/transactions/export.csv?sort_by=id&sort_type=asc');
    const hinted = await t.call('GET', url, { token, headers: { 'x-total-hint': '3' } });
    expect(hinted.statusCode).toBe(200);
    expect(counted.headers['x-total-count']).toBeDefined();
    expect(hinted.headers['x-total-count']).toBeUndefined();
    expect(hinted.body).toBe(counted.body);
    // Not a number: ignored, the API counts as before.
    const odd = await t.call('GET', url, { token, headers: { 'x-total-hint': 'lots' } });
    expect(odd.headers['x-total-count']).toBe(counted.headers['x-total-count']);
  });

  it('a console on another origin may send its total hint', async () => {
    const res = await t.call('OPTIONS', `${API_PREFIX}/admin/user/export.csv`, {
      headers: {
        origin: 'http://localhost:3001',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-total-hint',
      },
    });
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-total-hint');
  });

  it('a console on an allowed origin may read the file name and the row count', async () => {
    const res = await t.call('GET', `${API_PREFIX}/admin/user/export.csv`, {
      token,
      headers: { origin: 'http://localhost:3001' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    expect(String(res.headers['access-control-expose-headers']).split(', ')).toEqual(
      expect.arrayContaining(['Content-Disposition', 'X-Total-Count']),
    );
  });

  it('the admins export is for superadmins only, like the admins list', async () => {
    await createAdmin(t.db, {
      email: 'export-auditor@example.com',
      password: 'auditor123',
      roles: ['auditor'],
    });
    const auditor = await t.login('export-auditor@example.com', 'auditor123');
    const res = await t.call('GET', `${API_PREFIX}/admin/admins/export.csv`, { token: auditor });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Insufficient permissions' });
    const csv = parseCsv((await get('/admin/admins/export.csv')).body);
    // Never a secret: no password hash nor 2FA secret column, and not their values either.
    expect(csv[0]!.join(',')).not.toMatch(/password_hash|secret/i);
    expect(csv.flat().some((cell) => cell.startsWith('$argon') || cell.startsWith('$2'))).toBe(false);
  });

  it('needs a session, like the lists', async () => {
    const res = await t.call('GET', `${API_PREFIX}/admin/withdrawal/export.csv`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Invalid or expired token' });
  });

  it('OpenAPI documents each export as a text/csv answer with the list filters as parameters', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    for (const e of exportsOf) {
      const r = routes[e.route];
      const op = doc.paths[API_PREFIX + r.path]?.get;
      expect(op, r.path).toBeDefined();
      expect(Object.keys(op.responses['200'].content)).toEqual(['text/csv']);
      const names = (op.parameters as { name: string }[]).map((p) => p.name);
      expect(names).not.toContain('page');
      expect(names.length, r.path).toBeGreaterThan(0);
    }
  });
});

describe('CSV exports: streaming', () => {
  // Wide rows (~400 bytes): about 20 MB of CSV, more than the loopback socket buffers hold, so a
  // client that stops reading holds the export open.
  const EXTRA = 50_000;
  const PAD = 'x'.repeat(300);

  beforeAll(async () => {
    await t.db.query(
      `INSERT INTO transactions (user_id, amount, currency, pay_address, status, created_at)
       SELECT 1 + (i % 100), (i % 997) + 0.5, 'usd', 'stream-' || i || '-${PAD}', 'waiting',
              timestamptz '2026-01-01' + i * interval '1 second'
         FROM generate_series(1, ${EXTRA}) i`,
    );
  });

  /** Export sessions still open: a checked-out pool connection (PostgreSQL) or an open cursor (PGlite). */
  async function openExports(): Promise<number> {
    if (driver === 'postgres') {
      const pool = (t.db as unknown as { pool: pg.Pool }).pool;
      return pool.totalCount - pool.idleCount;
    }
    // (The query asking is a portal of pg_cursors too, with no name.)
    const [row] = await t.db.query<{ n: number }>("SELECT count(*) AS n FROM pg_cursors WHERE name <> ''");
    return row!.n;
  }

  it('streams an export of many batches in full, in order, and closes its cursor', async () => {
    // stream-1, stream-10..19, 100..199, 1000..1999, 10000..19999: 11,111 rows, six FETCHes of 2,000.
    const res = await get('/admin/transactions/export.csv?pay_address=stream-1&sort_by=id&sort_type=asc');
    const records = parseCsv(res.body);
    expect(records).toHaveLength(11_111 + 1);
    expect(res.headers['x-total-count']).toBe('11111');
    const numbers = records.slice(1).map((r) => Number(r[10]!.split('-')[1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers[0]).toBe(1);
    expect(numbers.at(-1)).toBe(19_999);
    expect(new Set(records.slice(1).map((r) => r[0])).size).toBe(11_111);
    expect(await openExports()).toBe(0);
  }, 60_000);

  /**
   * Starts an export over a real socket and stops reading after its first chunk (the client's
   * buffers fill and the server waits: backpressure). Resolves with that chunk and the request.
   */
  async function heldDownload(path: string, as = token) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    return new Promise<{ status: number; body: string; destroy: () => void }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: API_PREFIX + path, headers: { authorization: `Bearer ${as}` } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            res.pause();
            resolve({ status: res.statusCode!, body: chunk.toString(), destroy: () => req.destroy() });
          });
          res.once('error', () => {});
        },
      );
      req.once('error', (err) => {
        if (!req.destroyed) reject(err);
      });
      req.end();
    });
  }

  it('a client that goes away mid-download ends the export and gives its connection back', async () => {
    const held = await heldDownload('/admin/transactions/export.csv?pay_address=stream-');
    expect(held.status).toBe(200);
    // Held open by the client not reading, not finished.
    expect(await openExports()).toBe(1);
    expect(held.body.length).toBeLessThan(EXTRA * 400);
    held.destroy();
    await expect.poll(openExports, { timeout: 10_000 }).toBe(0);
    // The API still answers, on a connection of the pool.
    expect((await get('/admin/transactions/export.csv?id=1')).statusCode).toBe(200);
  }, 60_000);

  /** A session of another admin allowed to export the finance lists. */
  async function otherAdmin(email: string): Promise<string> {
    await createAdmin(t.db, { email, password: 'secret123', roles: ['finance'] });
    return t.login(email, 'secret123');
  }
  const TOO_MANY = { success: false, message: 'Too many exports in progress, please try again in a moment' };

  it('at most 2 exports at once per admin: their third answers 503 with Retry-After, others still export', async () => {
    const first = await heldDownload('/admin/transactions/export.csv?pay_address=stream-');
    const second = await heldDownload('/admin/transactions/export.csv?pay_address=stream-&sort_by=id');
    expect(await openExports()).toBe(2);
    const third = await get('/admin/withdrawal/export.csv');
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('5');
    expect(third.json()).toEqual(TOO_MANY);
    // Another admin is not held back by this one's downloads.
    const other = await otherAdmin('export-other@example.com');
    const theirs = await t.call('GET', `${API_PREFIX}/admin/withdrawal/export.csv`, { token: other });
    expect(theirs.statusCode, theirs.body).toBe(200);
    // The lists are not held back by the exports.
    expect((await get('/admin/transactions?per_page=5')).statusCode).toBe(200);
    first.destroy();
    second.destroy();
    await expect.poll(openExports, { timeout: 10_000 }).toBe(0);
    expect((await get('/admin/withdrawal/export.csv')).statusCode).toBe(200);
  }, 60_000);

  it('at most 4 exports at once in all (each holds a pool connection): a fifth answers 503', async () => {
    const other = await otherAdmin('export-third@example.com');
    const held = [
      await heldDownload('/admin/transactions/export.csv?pay_address=stream-'),
      await heldDownload('/admin/transactions/export.csv?pay_address=stream-&sort_by=id'),
      await heldDownload('/admin/transactions/export.csv?pay_address=stream-', other),
      await heldDownload('/admin/transactions/export.csv?pay_address=stream-&sort_by=id', other),
    ];
    expect(held.map((h) => h.status)).toEqual([200, 200, 200, 200]);
    expect(await openExports()).toBe(4);
    const fresh = await otherAdmin('export-fresh@example.com');
    const refused = await t.call('GET', `${API_PREFIX}/admin/withdrawal/export.csv`, { token: fresh });
    expect([refused.statusCode, refused.json()]).toEqual([503, TOO_MANY]);
    for (const h of held) h.destroy();
    await expect.poll(openExports, { timeout: 10_000 }).toBe(0);
    const now = await t.call('GET', `${API_PREFIX}/admin/withdrawal/export.csv`, { token: fresh });
    expect(now.statusCode).toBe(200);
  }, 60_000);

  type ExportRecord = {
    action: string;
    admin_id: number;
    target_type: string;
    target_id: string;
    details: { filters: Record<string, unknown>; rows: number; aborted: boolean };
  };
  /** The audit records of the exports of one admin (each test has its own, so others' late records never mix in). */
  const exportRecords = (adminId: number) =>
    t.db.query<ExportRecord>(
      `SELECT action, admin_id, target_type, target_id, details FROM audit_log
        WHERE admin_id = $1 AND action LIKE 'export.%' ORDER BY id`,
      [adminId],
    );
  const adminIdOf = async (email: string) =>
    (await t.db.query<{ id: number }>('SELECT id FROM admins WHERE email = $1', [email]))[0]!.id;

  it('each export is audited once it ended: who, which export, its filters and the rows sent', async () => {
    const other = await otherAdmin('export-audited@example.com');
    const id = await adminIdOf('export-audited@example.com');
    const res = await t.call(
      'GET',
      `${API_PREFIX}/admin/transactions/export.csv?pay_address=stream-1&sort_by=id&sort_type=asc`,
      { token: other },
    );
    expect(res.statusCode).toBe(200);
    await expect.poll(async () => (await exportRecords(id)).length, { timeout: 10_000 }).toBe(1);
    const [record] = await exportRecords(id);
    expect(record).toEqual({
      action: 'export.transactions',
      admin_id: id,
      target_type: 'export',
      target_id: 'transactions',
      details: { filters: expect.any(Object), rows: 11_111, aborted: false },
    });
    // The filters as the export applied them (defaults included).
    expect(record!.details.filters).toMatchObject({
      pay_address: 'stream-1',
      sort_by: 'id',
      sort_type: 'asc',
    });
  }, 60_000);

  it('an export the client abandons is audited with the rows sent so far, as aborted', async () => {
    const other = await otherAdmin('export-abandoned@example.com');
    const id = await adminIdOf('export-abandoned@example.com');
    const held = await heldDownload('/admin/transactions/export.csv?pay_address=stream-', other);
    // Nothing is recorded while the download runs (until the buffers are full and it waits).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await exportRecords(id)).toEqual([]);
    held.destroy();
    await expect.poll(async () => (await exportRecords(id)).length, { timeout: 10_000 }).toBe(1);
    const [record] = await exportRecords(id);
    expect(record).toMatchObject({ action: 'export.transactions', target_id: 'transactions' });
    expect(record!.details.filters).toMatchObject({ pay_address: 'stream-' });
    expect(record!.details.aborted).toBe(true);
    expect(record!.details.rows).toBeGreaterThan(0);
    expect(record!.details.rows).toBeLessThan(EXTRA);
  }, 60_000);
});
