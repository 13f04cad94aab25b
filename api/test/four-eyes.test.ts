import type { AuditRecord, FourEyesSettings, Paged, Withdrawal } from '@backoffice/shared/contract';
import { FOUR_EYES } from '@backoffice/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainTransfer, SimulatedChain } from '../src/modules/payout/chain.ts';
import { PayoutWorker } from '../src/modules/payout/worker.ts';
import { SETTINGS_MESSAGES } from '../src/modules/settings/service.ts';
import { MESSAGES } from '../src/modules/withdrawals/service.ts';
import { createAdmin, createTestApp, driver, type TestApp, testClock, totpAt } from './helpers.ts';
import { makeUser } from './lottery-helpers.ts';

/**
 * Four-eyes on large payouts (docs/architecture.md#console-behaviour): at or above the threshold the first
 * approval moves a withdrawal to awaiting_approval, its approver cannot complete it, a different admin's
 * approval does; rejection works at both stages (refund once); the payout worker pays only fully approved
 * ones. Concurrency is exercised with parallel requests (truly parallel on the 'postgres' project).
 */

const UPDATE = '/api/admin/withdrawal/update';
const BULK = '/api/admin/withdrawal/update-bulk';
const SETTINGS = '/api/admin/settings/four-eyes';
const THRESHOLD = '1000';

let t: TestApp;
/** Three admins: a (the test admin), b and c. */
const admins: Record<'a' | 'b' | 'c', { id: number; token: string }> = {} as never;
let userId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FOUR_EYES_THRESHOLD: THRESHOLD } });
  admins.a = { id: t.adminId, token: await t.login() };
  for (const name of ['b', 'c'] as const) {
    const email = `four-eyes-${name}@example.com`;
    const id = await createAdmin(t.db, { email, password: 'secret123', name: `Admin ${name}` });
    admins[name] = { id, token: await t.login(email, 'secret123') };
  }
  userId = await makeUser(t, 'Whale');
  await t.db.query(
    `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, 10000000, 'deposit', 'deposit:whale')`,
    [userId],
  );
});
afterAll(() => t.close());

type Who = keyof typeof admins;
const call = (who: Who, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: admins[who].token, body: body as object | undefined });
const approve = (who: Who, id: number) =>
  call(who, 'POST', UPDATE, { withdrawal_id: id, status: 'approved' });
const reject = (who: Who, id: number) =>
  call(who, 'POST', UPDATE, { withdrawal_id: id, status: 'rejected', reason: 'Not this time' });

/** A pending withdrawal of `amount`, debited like a real request. */
async function withdrawal(amount: string): Promise<number> {
  const [w] = await t.db.query<{ id: number }>(
    `INSERT INTO withdrawals (user_id, amount, wallet_address, status) VALUES ($1, $2::numeric, $3, 'pending') RETURNING id`,
    [userId, amount, `0x${'cd'.repeat(20)}`],
  );
  await t.db.query(
    `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, -$2::numeric, 'withdrawal', $3)`,
    [userId, amount, `withdrawal:${w!.id}`],
  );
  return w!.id;
}

const row = async (id: number) =>
  (
    await t.db.query<{ status: string; first_approved_by: number | null; processed_by: number | null }>(
      'SELECT status, first_approved_by, processed_by FROM withdrawals WHERE id = $1',
      [id],
    )
  )[0]!;
const refunds = async (id: number) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM ledger WHERE reason = 'withdrawal_refund' AND reference = $1`,
      [`withdrawal:${id}`],
    )
  )[0]!.n;

/** A chain that counts what it was asked to pay. */
class CountingChain extends SimulatedChain {
  readonly sent: ChainTransfer[] = [];
  override async send(transfer: ChainTransfer) {
    this.sent.push(transfer);
    return super.send(transfer);
  }
}

describe('four-eyes approval of one withdrawal', () => {
  it('below the threshold one approval is final', async () => {
    const id = await withdrawal('999.99999999');
    const res = await approve('a', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.updated,
      data: { status: 'approved', processedBy: admins.a.id },
    });
  });

  it('at the threshold: awaiting_approval, the same admin is refused, another admin completes; then it is paid once', async () => {
    const id = await withdrawal(THRESHOLD);
    const first = await approve('a', id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: MESSAGES.awaitingSecond,
      data: {
        id,
        status: 'awaiting_approval',
        firstApprovedBy: admins.a.id,
        processedBy: null,
        processedAt: null,
      },
    });
    expect(first.json().data.firstApprovedAt).toEqual(expect.any(String));
    // The list names the first approver (docs/architecture.md#console-behaviour): the second approver's
    // dialog shows who and when.
    const waiting = await call('b', 'GET', `/api/admin/withdrawal?id=${id}`);
    expect((waiting.json().data as Paged<Withdrawal>).data[0]).toMatchObject({
      status: 'awaiting_approval',
      firstApprovedBy: admins.a.id,
      firstApprovedAt: expect.any(String),
      firstApprover: { id: admins.a.id, email: expect.stringContaining('@'), name: expect.any(String) },
    });

    // Not paid while it waits.
    const chain = new CountingChain();
    const worker = new PayoutWorker(t.db, chain);
    await worker.runOnce();
    expect(chain.sent.filter((s) => s.reference === `withdrawal:${id}`)).toEqual([]);

    // The first approver cannot give the second approval.
    const again = await approve('a', id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: MESSAGES.sameApprover });
    expect((await row(id)).status).toBe('awaiting_approval');

    // The list filters by the new status.
    const listed = await call('b', 'GET', `/api/admin/withdrawal?status=awaiting_approval&per_page=100`);
    expect((listed.json().data as Paged<Withdrawal>).data.map((w) => w.id)).toContain(id);

    const second = await approve('b', id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      message: MESSAGES.updated,
      data: { status: 'approved', firstApprovedBy: admins.a.id, processedBy: admins.b.id },
    });
    expect((await approve('c', id)).statusCode).toBe(409);

    await Promise.all([worker.runOnce(), new PayoutWorker(t.db, chain).runOnce()]);
    expect(chain.sent.filter((s) => s.reference === `withdrawal:${id}`)).toHaveLength(1);
    expect((await row(id)).status).toBe('completed');
    expect(await refunds(id)).toBe(0);

    // The withdrawal's history in the audit log: both approvals and the payout (a system action).
    const history = await call(
      'c',
      'GET',
      `/api/admin/audit?target_type=withdrawal&target_id=${id}&sort_type=asc`,
    );
    expect(history.statusCode, history.body).toBe(200);
    const records = (history.json().data as Paged<AuditRecord>).data;
    expect(
      records.map((r) => [r.action, r.adminId, r.before, (r.after as { status: string }).status]),
    ).toEqual([
      ['withdrawal.update', admins.a.id, { status: 'pending' }, 'awaiting_approval'],
      ['withdrawal.update', admins.b.id, { status: 'awaiting_approval' }, 'approved'],
      ['payout.sent', null, { status: 'approved' }, 'completed'],
    ]);
    expect(records.map((r) => (r.details as { fourEyes?: string }).fourEyes ?? null)).toEqual([
      'first approval',
      'second approval',
      null,
    ]);
  });

  it('rejection works at both stages and refunds exactly once', async () => {
    const pending = await withdrawal('5000');
    expect((await reject('a', pending)).json().data.status).toBe('rejected');
    expect(await refunds(pending)).toBe(1);

    const waiting = await withdrawal('5000');
    expect((await approve('a', waiting)).json().data.status).toBe('awaiting_approval');
    // The first approver may still reject (only approving twice is refused).
    const res = await reject('a', waiting);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', comment: 'Not this time' });
    expect((await reject('b', waiting)).statusCode).toBe(409);
    expect((await approve('b', waiting)).statusCode).toBe(409);
    expect(await refunds(waiting)).toBe(1);
  });
});

describe('four-eyes in bulk', () => {
  it('follows the rule per item and reports which wait for a second approval', async () => {
    const small = await withdrawal('10');
    const big = await withdrawal('2000');
    const mine = await withdrawal('3000');
    const theirs = await withdrawal('4000');
    expect((await approve('a', mine)).json().data.status).toBe('awaiting_approval');
    expect((await approve('b', theirs)).json().data.status).toBe('awaiting_approval');

    const res = await call('a', 'POST', BULK, {
      withdrawal_ids: [small, big, mine, theirs],
      status: 'approved',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.updated).toEqual([small, big, theirs]);
    expect(body.awaitingSecondApproval).toEqual([big]);
    expect(body.failed).toEqual([{ id: mine, status: 'awaiting_approval', message: MESSAGES.sameApprover }]);
    expect(Object.fromEntries((body.data as Withdrawal[]).map((w) => [w.id, w.status]))).toEqual({
      [small]: 'approved',
      [big]: 'awaiting_approval',
      [theirs]: 'approved',
    });

    // B completes the two A approved first; bulk rejection refunds what it rejects, once.
    const second = await call('b', 'POST', BULK, { withdrawal_ids: [big, mine], status: 'approved' });
    expect(second.json()).toMatchObject({ success: true, updated: [big, mine], awaitingSecondApproval: [] });
    const late = await withdrawal('1500');
    await approve('c', late);
    const rejected = await call('c', 'POST', BULK, {
      withdrawal_ids: [late, big],
      status: 'rejected',
      reason: 'Risk',
    });
    expect(rejected.json()).toMatchObject({ updated: [late], failed: [{ id: big, status: 'approved' }] });
    expect(await refunds(late)).toBe(1);
  });
});

describe('four-eyes threshold setting', () => {
  it('reads FOUR_EYES_THRESHOLD, a superadmin override wins until dropped, and each change is audited', async () => {
    const get = async () => (await call('a', 'GET', SETTINGS)).json().data as FourEyesSettings;
    expect(await get()).toMatchObject({
      threshold: THRESHOLD,
      source: 'env',
      envThreshold: THRESHOLD,
      settingThreshold: null,
    });

    const put = await call('a', 'PUT', SETTINGS, { threshold: '50.50' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      threshold: '50.5',
      source: 'setting',
      settingThreshold: '50.5',
      updatedBy: admins.a.id,
    });
    const id = await withdrawal('60');
    expect((await approve('b', id)).json().data.status).toBe('awaiting_approval');
    const small = await withdrawal('50.49');
    expect((await approve('b', small)).json().data.status).toBe('approved');

    expect((await call('a', 'PUT', SETTINGS, { threshold: null })).json().data).toMatchObject({
      threshold: THRESHOLD,
      source: 'env',
    });
    const id2 = await withdrawal('60');
    expect((await approve('b', id2)).json().data.status).toBe('approved');

    for (const bad of ['abc', '0', '-5', '1.123456789', 12]) {
      const res = await call('a', 'PUT', SETTINGS, { threshold: bad });
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/^threshold: Threshold/);
    }

    const log = await call('a', 'GET', '/api/admin/audit?action=settings.four-eyes&sort_type=asc');
    const records = (log.json().data as Paged<AuditRecord>).data;
    expect(records.map((r) => [r.adminId, r.targetId, r.before, r.after])).toEqual([
      [
        admins.a.id,
        'four_eyes_threshold',
        { threshold: THRESHOLD, source: 'env' },
        { threshold: '50.5', source: 'setting' },
      ],
      [
        admins.a.id,
        'four_eyes_threshold',
        { threshold: '50.5', source: 'setting' },
        { threshold: THRESHOLD, source: 'env' },
      ],
    ]);
  });
});

describe(`four-eyes under concurrency (${driver})`, () => {
  const ROUNDS = 6;

  it('two different admins approving at once: one first, one second approval, by different admins', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const id = await withdrawal('2500');
      const answers = await Promise.all([approve('a', id), approve('b', id)]);
      expect(
        answers.map((r) => r.statusCode),
        answers.map((r) => r.body).join('\n'),
      ).toEqual([200, 200]);
      const w = await row(id);
      expect(w.status).toBe('approved');
      expect(w.first_approved_by).not.toBeNull();
      expect(w.processed_by).not.toBeNull();
      expect(w.first_approved_by).not.toBe(w.processed_by);
      expect(await refunds(id)).toBe(0);
      // Its audit trail: the first approval from pending, the second from awaiting_approval.
      const trail = await t.db.query<{ admin_id: number; before: unknown; after: { status: string } }>(
        `SELECT admin_id, before, after FROM audit_log WHERE target_type = 'withdrawal' AND target_id = $1 ORDER BY id`,
        [String(id)],
      );
      expect(trail.map((r) => [r.admin_id, r.before, r.after.status])).toEqual([
        [w.first_approved_by, { status: 'pending' }, 'awaiting_approval'],
        [w.processed_by, { status: 'awaiting_approval' }, 'approved'],
      ]);
    }
  });

  it('the same admin double-clicking: one first approval, the repeat refused', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const id = await withdrawal('2500');
      const answers = await Promise.all([approve('a', id), approve('a', id), approve('a', id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      for (const r of answers.filter((x) => x.statusCode === 409))
        expect(r.json().message).toBe(MESSAGES.sameApprover);
      expect(await row(id)).toMatchObject({ status: 'awaiting_approval', first_approved_by: admins.a.id });
    }
  });

  it('second approvals and rejections racing: one decision wins, the refund is booked at most once, paid once', async () => {
    const chain = new CountingChain();
    const ids: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const id = await withdrawal('3000');
      ids.push(id);
      await approve('a', id);
      const answers = await Promise.all([
        approve('b', id),
        approve('c', id),
        reject('a', id),
        call('b', 'POST', BULK, { withdrawal_ids: [id], status: 'approved' }),
      ]);
      const single = answers.slice(0, 3).filter((r) => r.statusCode === 200).length;
      const bulk = answers[3]!.json().updated.length as number;
      expect(single + bulk, answers.map((r) => r.body).join('\n')).toBe(1);
      const w = await row(id);
      expect(['approved', 'rejected']).toContain(w.status);
      expect(await refunds(id)).toBe(w.status === 'rejected' ? 1 : 0);
      if (w.status === 'approved') expect(w.processed_by).not.toBe(admins.a.id);
    }
    await Promise.all([new PayoutWorker(t.db, chain).runOnce(), new PayoutWorker(t.db, chain).runOnce()]);
    await new PayoutWorker(t.db, chain).runOnce();
    for (const id of ids) {
      const approved = (await row(id)).status !== 'rejected';
      expect(chain.sent.filter((s) => s.reference === `withdrawal:${id}`)).toHaveLength(approved ? 1 : 0);
    }
    // Balances still equal the ledger.
    const bad = await t.db.query(
      `SELECT u.id FROM users u LEFT JOIN (SELECT user_id, sum(amount) s FROM ledger GROUP BY user_id) l ON l.user_id = u.id
        WHERE u.balance <> coalesce(l.s, 0)`,
    );
    expect(bad).toEqual([]);
  });

  it('overlapping bulk approvals by two admins: each withdrawal gets exactly two different approvers', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => withdrawal('1200')));
    const answers = await Promise.all([
      call('a', 'POST', BULK, { withdrawal_ids: ids, status: 'approved' }),
      call('b', 'POST', BULK, { withdrawal_ids: [...ids].reverse(), status: 'approved' }),
    ]);
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    for (const id of ids) {
      const w = await row(id);
      expect(w.status).toBe('approved');
      expect([w.first_approved_by, w.processed_by].sort()).toEqual([admins.a.id, admins.b.id].sort());
    }
  });
});

describe('GET /admin/audit', () => {
  it('filters by admin, action, target and time, pages by time, and shows one record', async () => {
    const all = async (query: string) => {
      const res = await call('c', 'GET', `/api/admin/audit?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return res.json().data as Paged<AuditRecord>;
    };
    const everything = await all('per_page=100');
    expect(everything.total).toBeGreaterThan(20);
    const ids = everything.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));

    const byB = await all(`admin_id=${admins.b.id}&per_page=100`);
    expect(byB.data.length).toBeGreaterThan(0);
    expect(byB.data.every((r) => r.adminId === admins.b.id)).toBe(true);
    const byEmail = await all(`admin_email=FOUR-EYES-B@example.com&per_page=100`);
    expect(byEmail.total).toBe(byB.total);

    const bulk = await all('action=withdrawal.update-bulk&per_page=100');
    expect(
      bulk.data.every((r) => r.action === 'withdrawal.update-bulk' && r.targetType === 'withdrawal'),
    ).toBe(true);
    const prefix = await all('action=withdrawal.&per_page=1');
    expect(prefix.total).toBe(
      (await all('action=withdrawal.update&per_page=1')).total +
        (await all('action=withdrawal.update-bulk&per_page=1')).total,
    );

    const pageSize = 5;
    const page2 = await all(`per_page=${pageSize}&page=2`);
    expect(page2.data.map((r) => r.id)).toEqual(ids.slice(pageSize, 2 * pageSize));
    expect(page2.totalPages).toBe(Math.ceil(everything.total / pageSize));

    const newest = everything.data[0]!;
    const oldest = everything.data.at(-1)!;
    expect(
      (await all(`from=${encodeURIComponent(newest.at)}&per_page=100`)).data.every((r) => r.at >= newest.at),
    ).toBe(true);
    expect(
      (await all(`to=${encodeURIComponent(oldest.at)}&per_page=100`)).data.every((r) => r.at <= oldest.at),
    ).toBe(true);
    expect((await all('from=2000-01-01&to=2000-01-02')).total).toBe(0);

    const one = await call('c', 'GET', `/api/admin/audit/${newest.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(newest);
    expect((await call('c', 'GET', '/api/admin/audit/999999999')).statusCode).toBe(404);
    expect((await call('c', 'GET', '/api/admin/audit/abc')).statusCode).toBe(400);
    expect((await call('c', 'GET', '/api/admin/audit?from=yesterday')).statusCode).toBe(400);
    expect((await call('c', 'GET', '/api/admin/audit?per_page=1000')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/admin/audit')).statusCode).toBe(401);
  });
});

/**
 * docs/operations.md: four-eyes must hold against one superadmin. The bypasses: raise the threshold out of
 * reach (or turn it off) alone; create a second admin (or reset another admin's 2FA and set it up again) and
 * give the second approval with it.
 */
describe('four-eyes against one person (issue 21)', () => {
  const clock = testClock();
  let u: TestApp;
  /** x: the superadmin trying to act alone; peer: an unrelated superadmin. */
  let x: { id: number; token: string };
  let peer: { id: number; token: string };
  let whale: number;

  beforeAll(async () => {
    u = await createTestApp({ env: { FOUR_EYES_THRESHOLD: THRESHOLD }, clock });
    x = { id: u.adminId, token: await u.login() };
    const id = await createAdmin(u.db, { email: 'peer@example.com', password: 'secret123' });
    peer = { id, token: await u.login('peer@example.com', 'secret123') };
    whale = await makeUser(u, 'Whale21');
    await u.db.query(
      `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, 10000000, 'deposit', 'deposit:whale21')`,
      [whale],
    );
  });
  afterAll(() => u.close());

  const as = (token: string, method: string, url: string, body?: unknown) =>
    u.call(method, url, { token, body: body as object | undefined });
  const settings = async () => (await as(x.token, 'GET', SETTINGS)).json().data as FourEyesSettings;
  async function bigWithdrawal(): Promise<number> {
    const [w] = await u.db.query<{ id: number }>(
      `INSERT INTO withdrawals (user_id, amount, wallet_address, status) VALUES ($1, 5000, $2, 'pending') RETURNING id`,
      [whale, `0x${'ef'.repeat(20)}`],
    );
    await u.db.query(
      `INSERT INTO ledger (user_id, amount, reason, reference) VALUES ($1, -5000, 'withdrawal', $2)`,
      [whale, `withdrawal:${w!.id}`],
    );
    return w!.id;
  }

  it('the threshold has a hard upper bound (400)', async () => {
    for (const huge of ['999999999999', '10000000.00000001']) {
      const res = await as(x.token, 'PUT', SETTINGS, { threshold: huge });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: `threshold: Threshold must be at most ${FOUR_EYES.max} USDT`,
      });
    }
    expect((await settings()).threshold).toBe(THRESHOLD);
  });

  it('raising the threshold above the ceiling waits for a second superadmin; the requester cannot approve it', async () => {
    const raised = '999999';
    const put = await as(x.token, 'PUT', SETTINGS, { threshold: raised });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().message).toBe(SETTINGS_MESSAGES.awaitingSecond);
    expect(put.json().data).toMatchObject({
      threshold: THRESHOLD,
      source: 'env',
      pending: { threshold: raised, requestedBy: x.id },
    });
    // Not in force: a 5000 withdrawal still needs two admins.
    const w = await bigWithdrawal();
    expect(
      (await as(x.token, 'POST', UPDATE, { withdrawal_id: w, status: 'approved' })).json().data.status,
    ).toBe('awaiting_approval');

    const self = await as(x.token, 'POST', `${SETTINGS}/approve`, { threshold: raised });
    expect([self.statusCode, self.json()]).toEqual([
      409,
      { success: false, message: SETTINGS_MESSAGES.sameApprover },
    ]);
    const other = await as(peer.token, 'POST', `${SETTINGS}/approve`, { threshold: '150000' });
    expect([other.statusCode, other.json().message]).toEqual([409, SETTINGS_MESSAGES.pendingDiffers]);
    expect((await settings()).threshold).toBe(THRESHOLD);

    const approved = await as(peer.token, 'POST', `${SETTINGS}/approve`, { threshold: raised });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ threshold: raised, source: 'setting', pending: null });
    expect((await as(peer.token, 'POST', `${SETTINGS}/approve`, { threshold: raised })).json().message).toBe(
      SETTINGS_MESSAGES.noPending,
    );

    // Both steps are in the audit log.
    const log = await as(peer.token, 'GET', '/api/admin/audit?action=settings.&sort_type=asc');
    const steps = (log.json().data as Paged<AuditRecord>).data.map((r) => [r.action, r.adminId, r.after]);
    expect(steps).toEqual([
      ['settings.four-eyes', x.id, { threshold: THRESHOLD, source: 'env' }],
      ['settings.four-eyes-approve', peer.id, { threshold: raised, source: 'setting' }],
    ]);

    // Lowering back to (or below) the ceiling is a safe change: no second approval.
    const lower = await as(x.token, 'PUT', SETTINGS, { threshold: FOUR_EYES.approvalCeiling });
    expect([lower.json().message, lower.json().data.threshold]).toEqual([
      SETTINGS_MESSAGES.updated,
      FOUR_EYES.approvalCeiling,
    ]);
    await as(x.token, 'PUT', SETTINGS, { threshold: null });
    expect((await settings()).threshold).toBe(THRESHOLD);
  });

  it('turning four-eyes off waits for a second superadmin too', async () => {
    // An API whose FOUR_EYES_THRESHOLD is off: dropping the override turns four-eyes off.
    const off = await createTestApp({ db: u.db, env: { FOUR_EYES_THRESHOLD: 'off' } });
    try {
      const set = await off.call('PUT', SETTINGS, { token: x.token, body: { threshold: '5000' } });
      expect([set.json().message, set.json().data.threshold]).toEqual([SETTINGS_MESSAGES.updated, '5000']);
      const put = await off.call('PUT', SETTINGS, { token: x.token, body: { threshold: null } });
      expect([put.json().message, put.json().data.threshold, put.json().data.pending]).toEqual([
        SETTINGS_MESSAGES.awaitingSecond,
        '5000',
        { threshold: null, requestedBy: x.id, requestedAt: expect.any(String) },
      ]);
      const approved = await off.call('POST', `${SETTINGS}/approve`, {
        token: peer.token,
        body: { threshold: null },
      });
      expect([approved.statusCode, approved.json().data.threshold]).toEqual([200, null]);
    } finally {
      await off.close();
    }
  });

  it('an admin X created within 24 h cannot give the second approval of X (withdrawal and settings)', async () => {
    const email = 'fresh-finance@example.com';
    const created = await as(x.token, 'POST', '/api/admin/admins', {
      email,
      name: 'Fresh',
      roles: ['finance', 'superadmin'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { oneTimePassword } = created.json().data;
    const first = await u.call('POST', '/api/admin/auth/login', {
      body: { email, password: oneTimePassword },
    });
    await u.call('POST', '/api/admin/auth/password', {
      token: first.json().data.token,
      body: { currentPassword: oneTimePassword, newPassword: 'fresh-pass-1' },
    });
    const fresh = (
      await u.call('POST', '/api/admin/auth/login', { body: { email, password: 'fresh-pass-1' } })
    ).json().data.token as string;

    const w = await bigWithdrawal();
    await as(x.token, 'POST', UPDATE, { withdrawal_id: w, status: 'approved' });
    const second = await as(fresh, 'POST', UPDATE, { withdrawal_id: w, status: 'approved' });
    expect([second.statusCode, second.json()]).toEqual([
      403,
      { success: false, message: MESSAGES.linkedApprover },
    ]);
    const bulk = await as(fresh, 'POST', BULK, { withdrawal_ids: [w], status: 'approved' });
    expect(bulk.json().failed).toEqual([
      { id: w, status: 'awaiting_approval', message: MESSAGES.linkedApprover },
    ]);
    expect(
      (await u.db.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [w]))[0]!.status,
    ).toBe('awaiting_approval');
    // An unrelated admin completes it.
    expect(
      (await as(peer.token, 'POST', UPDATE, { withdrawal_id: w, status: 'approved' })).json().data.status,
    ).toBe('approved');

    // Nor an account that the fresh one created in turn (one person could chain accounts).
    const chained = await as(fresh, 'POST', '/api/admin/admins', {
      email: 'chained@example.com',
      name: 'Chained',
      roles: ['finance'],
    });
    const chainedOtp = chained.json().data.oneTimePassword as string;
    const chainedFirst = await u.call('POST', '/api/admin/auth/login', {
      body: { email: 'chained@example.com', password: chainedOtp },
    });
    await u.call('POST', '/api/admin/auth/password', {
      token: chainedFirst.json().data.token,
      body: { currentPassword: chainedOtp, newPassword: 'chained-pass-1' },
    });
    const chainedToken = (
      await u.call('POST', '/api/admin/auth/login', {
        body: { email: 'chained@example.com', password: 'chained-pass-1' },
      })
    ).json().data.token as string;
    const w3 = await bigWithdrawal();
    await as(x.token, 'POST', UPDATE, { withdrawal_id: w3, status: 'approved' });
    const third = await as(chainedToken, 'POST', UPDATE, { withdrawal_id: w3, status: 'approved' });
    expect([third.statusCode, third.json().message]).toEqual([403, MESSAGES.linkedApprover]);

    // Nor can it approve X's settings change.
    await as(x.token, 'PUT', SETTINGS, { threshold: '500000' });
    const approve = await as(fresh, 'POST', `${SETTINGS}/approve`, { threshold: '500000' });
    expect([approve.statusCode, approve.json().message]).toEqual([403, SETTINGS_MESSAGES.linkedApprover]);
    expect((await settings()).pending?.threshold).toBe('500000');
    await as(x.token, 'PUT', SETTINGS, { threshold: null }); // withdraws the request
    expect((await settings()).pending).toBeNull();
  });

  it('an admin whose 2FA X reset within 24 h, set up again, cannot give the second approval of X', async () => {
    const email = 'reset-finance@example.com';
    const id = await createAdmin(u.db, { email, password: 'secret123', roles: ['finance'] });
    const reset = await as(x.token, 'POST', `/api/admin/admins/${id}/2fa/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    const setup = (
      await u.call('POST', '/api/admin/auth/login', { body: { email, password: 'secret123' } })
    ).json().data;
    clock.advance(30_000);
    const enabled = await u.call('POST', '/api/admin/auth/2fa/enable', {
      token: setup.token,
      body: { userId: setup.userId, secret: setup.secret, token: await totpAt(setup.secret, clock()) },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    clock.advance(30_000);
    const login = await u.call('POST', '/api/admin/auth/login', {
      body: { email, password: 'secret123', twoFactorToken: await totpAt(setup.secret, clock()) },
    });
    const token = login.json().data.token as string;

    const w = await bigWithdrawal();
    await as(x.token, 'POST', UPDATE, { withdrawal_id: w, status: 'approved' });
    const second = await as(token, 'POST', UPDATE, { withdrawal_id: w, status: 'approved' });
    expect([second.statusCode, second.json().message]).toEqual([403, MESSAGES.linkedApprover]);

    // The other way round too: X cannot complete what the account it just reset approved first.
    const w2 = await bigWithdrawal();
    expect(
      (await as(token, 'POST', UPDATE, { withdrawal_id: w2, status: 'approved' })).json().data.status,
    ).toBe('awaiting_approval');
    expect((await as(x.token, 'POST', UPDATE, { withdrawal_id: w2, status: 'approved' })).statusCode).toBe(
      403,
    );

    // An unrelated admin completes it.
    expect(
      (await as(peer.token, 'POST', UPDATE, { withdrawal_id: w, status: 'approved' })).json().data.status,
    ).toBe('approved');
  });
});
