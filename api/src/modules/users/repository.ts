import type {
  User,
  UserBlockEntry,
  UserDetails,
  UserLotteryTicket,
  UserMineGame,
  UserProfile,
  UserStatus,
  UsersListQuery,
  UserTransaction,
  UserWithdrawal,
} from '@backoffice/shared/contract';
import { USER_DETAIL_RECENT } from '@backoffice/shared/contract';
import { openWithdrawalStatuses, settledGameOutcomes } from '@backoffice/shared/facts';
import { type ListOrder, type ListSpec, listPage, type OrderKey, orderBy } from '../../db/paging.ts';
import { prefixPattern, type SqlStatement, sqlList } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';

export type { SqlStatement };

export const USER_COLUMNS = `u.id, u.name, u.username, u.email, u.email_verified, u.role, u.status, u.last_login,
  u.created_at AS "createdAt", u.block_reason`;

/**
 * ORDER BY per sort field. Text columns compare lower-cased (the unique lower() indexes serve username
 * and email); users without a name or a login come last in both directions; ties are broken by
 * created_at then id in the same direction. Each order is backed by an index (migrations 001 and 005).
 */
const THEN_CREATED: OrderKey[] = [{ sql: 'u.created_at' }, { sql: 'u.id' }];
const ORDER: Record<UsersListQuery['sort_by'], OrderKey[]> = {
  createdAt: THEN_CREATED,
  id: [{ sql: 'u.id' }],
  name: [{ sql: 'lower(u.name)', nullsLast: true }, ...THEN_CREATED],
  username: [{ sql: 'lower(u.username)' }],
  email: [{ sql: 'lower(u.email)' }],
  status: [{ sql: 'u.status' }, ...THEN_CREATED],
  role: [{ sql: 'u.role' }, ...THEN_CREATED],
  last_login: [{ sql: 'u.last_login', nullsLast: true }, ...THEN_CREATED],
};

type Filters = Pick<UsersListQuery, 'email' | 'username' | 'status'>;

/** The filters of the list and of its export (one builder for both); deleted users are never listed. */
export function usersWhere(filters: Filters): { sql: string; values: unknown[] } {
  const conditions = ['u.deleted_at IS NULL'];
  const values: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(sql(`$${values.length}`));
  };
  if (filters.email) add((p) => `lower(u.email) LIKE ${p}`, prefixPattern(filters.email));
  if (filters.username) add((p) => `lower(u.username) LIKE ${p}`, prefixPattern(filters.username));
  if (filters.status) add((p) => `u.status = ${p}`, filters.status);
  return { sql: `WHERE ${conditions.join(' AND ')}`, values };
}

/** The order of the list and of its export. */
export const usersListOrder = (query: Pick<UsersListQuery, 'sort_by' | 'sort_type'>): ListOrder => ({
  keys: ORDER[query.sort_by],
  dir: query.sort_type === 'asc' ? 'ASC' : 'DESC',
});

/** ORDER BY of the list and of its export. */
export const usersOrder = (query: Pick<UsersListQuery, 'sort_by' | 'sort_type'>): string =>
  orderBy(usersListOrder(query));

/** The page size of a list query: per_page wins over limit. */
export const pageSize = (query: Pick<UsersListQuery, 'limit' | 'per_page'>) => query.per_page ?? query.limit;

/**
 * The page of GET /admin/user as plain SQL, LIMIT and OFFSET: the reference of what the endpoint answers
 * (it reads the same rows through `listPage`), and the bench's floor. The ids of the page are found
 * first (an index-only scan where the sort's index covers it), then only those rows are read.
 */
export function buildUsersListQuery(query: UsersListQuery, _now?: Date): SqlStatement {
  const w = usersWhere(query);
  const size = pageSize(query);
  const order = usersOrder(query);
  const values = [...w.values, size, (query.page - 1) * size];
  return {
    text: `SELECT ${USER_COLUMNS}
             FROM (SELECT u.id FROM users u ${w.sql}
                    ORDER BY ${order}
                    LIMIT $${values.length - 1} OFFSET $${values.length}) p
             JOIN users u ON u.id = p.id
            ORDER BY ${order}`,
    values,
  };
}

/** The total of GET /admin/user. */
export function buildUsersCountQuery(query: Filters, _now?: Date): SqlStatement {
  const w = usersWhere(query);
  return { text: `SELECT count(*) AS n FROM users u ${w.sql}`, values: w.values };
}

/** GET /admin/user as a list of the paging helper (src/db/paging.ts). */
export function usersList(query: UsersListQuery): ListSpec {
  const w = usersWhere(query);
  const order = usersListOrder(query);
  return {
    name: 'users',
    tables: ['users'],
    from: 'users u',
    id: 'u.id',
    where: w.sql.replace(/^WHERE /, ''),
    values: w.values,
    order,
    rows: (ids, extra) => `SELECT ${USER_COLUMNS}${extra}
                             FROM (${ids}) p JOIN users u ON u.id = p.id
                            ORDER BY ${orderBy(order)}`,
  };
}

export function listUsers(db: Db, query: UsersListQuery): Promise<{ rows: User[]; total: number }> {
  const size = pageSize(query);
  return listPage<User>(db, usersList(query), { offset: (query.page - 1) * size, limit: size });
}

/** A user that is not deleted, locked for the rest of the transaction when `lock` is set. */
export async function findLiveUser(db: Db, id: number, lock = false): Promise<User | undefined> {
  const rows = await db.query<User>(
    `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 AND u.deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

/**
 * Moves the status from `from` to `to` if (and only if) it still is `from` and the user is not deleted.
 * Entering 'blocked' stores the reason and remembers the status left (`from`, for the unblock); leaving it
 * clears both. `to` = 'unblocked' leaves 'blocked' for the remembered status ('active' when none).
 * Returns the new status, undefined when the row did not match.
 */
export async function changeStatus(
  db: Db,
  id: number,
  from: UserStatus,
  to: UserStatus | 'unblocked',
  blockReason: string | null,
): Promise<UserStatus | undefined> {
  const rows = await db.query<{ status: UserStatus }>(
    `UPDATE users
        SET status = CASE WHEN $3 = 'unblocked' THEN coalesce(status_before_block, 'active') ELSE $3 END,
            block_reason = CASE WHEN $3 = 'blocked' THEN $4 ELSE NULL END,
            status_before_block = CASE WHEN $3 = 'blocked' THEN status ELSE NULL END,
            updated_at = now()
      WHERE id = $1 AND status = $2 AND status <> $3 AND deleted_at IS NULL RETURNING status`,
    [id, from, to, blockReason],
  );
  return rows[0]?.status;
}

export async function recordBlock(
  db: Db,
  entry: { userId: number; action: 'blocked' | 'unblocked'; reason: string | null; adminId: number },
): Promise<void> {
  await db.query('INSERT INTO user_blocks (user_id, action, reason, admin_id) VALUES ($1, $2, $3, $4)', [
    entry.userId,
    entry.action,
    entry.reason,
    entry.adminId,
  ]);
}

/** Soft delete: stamps deleted_at once; false when unknown or already deleted. */
export async function softDelete(db: Db, id: number): Promise<boolean> {
  const rows = await db.query(
    'UPDATE users SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id',
    [id],
  );
  return rows.length > 0;
}

// User detail --------------------------------------------------------------------------------------

export async function findProfile(db: Db, id: number): Promise<UserProfile | undefined> {
  const rows = await db.query<UserProfile>(
    `SELECT ${USER_COLUMNS}, u.balance, u.winnings, u.updated_at AS "updatedAt"
       FROM users u WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [id],
  );
  return rows[0];
}

type Admin = { admin_id: number | null; admin_name: string | null; admin_email: string | null };

export async function blockHistory(db: Db, userId: number): Promise<UserBlockEntry[]> {
  const rows = await db.query<Omit<UserBlockEntry, 'admin'> & Admin>(
    `SELECT b.id, b.action, b.reason, b.created_at AS "createdAt",
            a.id AS admin_id, a.name AS admin_name, a.email AS admin_email
       FROM user_blocks b LEFT JOIN admins a ON a.id = b.admin_id
      WHERE b.user_id = $1 ORDER BY b.created_at DESC, b.id DESC`,
    [userId],
  );
  return rows.map(({ admin_id, admin_name, admin_email, ...entry }) => ({
    ...entry,
    admin: admin_id === null ? null : { id: admin_id, name: admin_name ?? '', email: admin_email ?? '' },
  }));
}

export async function userActivity(
  db: Db,
  userId: number,
): Promise<Omit<UserDetails, 'user' | 'blockHistory'>> {
  const n = USER_DETAIL_RECENT;
  const [transactions, withdrawals, tickets, games, [sums]] = await Promise.all([
    db.query<UserTransaction>(
      `SELECT id, amount, currency, payment_id, pay_currency, pay_address, status, created_at AS "createdAt"
         FROM transactions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, n],
    ),
    db.query<UserWithdrawal>(
      `SELECT id, amount, wallet_address, status, hash, processing, comment, created_at AS "createdAt"
         FROM withdrawals WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, n],
    ),
    db.query<UserLotteryTicket>(
      `SELECT t.id, t.ticket_number, t.price, t.status, t.is_winner, t.prize_rank, t.winning_amount,
              t.created_at AS "createdAt",
              json_build_object('id', l.id, 'name', l.name,
                'status', lottery_status(l.start_time, l.end_time, l.prize_distributed, now())) AS "Lottery"
         FROM lottery_tickets t JOIN lotteries l ON l.id = t.lottery_id
        WHERE t.user_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT $2`,
      [userId, n],
    ),
    db.query<UserMineGame>(
      `SELECT id, mines_count, amount, CASE WHEN active THEN 'true' ELSE 'false' END AS status, outcome, payout,
              created_at, finished_at
         FROM mine_games WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, n],
    ),
    db.query<{
      t_total: number;
      t_completed: number;
      t_amount: string;
      w_total: number;
      w_paid: string;
      w_pending: string;
      w_pending_n: number;
      k_total: number;
      k_spent: string;
      k_won: string;
      k_wins: number;
      m_total: number;
      m_active: number;
      m_bets: string;
      m_payouts: string;
    }>(
      `SELECT t.total AS t_total, t.completed AS t_completed, t.amount AS t_amount,
              w.total AS w_total, w.paid AS w_paid, w.pending AS w_pending, w.pending_n AS w_pending_n,
              k.total AS k_total, k.spent AS k_spent, k.won AS k_won, k.wins AS k_wins,
              m.total AS m_total, m.active AS m_active, m.bets AS m_bets, m.payouts AS m_payouts
         FROM (SELECT count(*) AS total, count(*) FILTER (WHERE status = 'completed') AS completed,
                      coalesce(sum(amount) FILTER (WHERE status = 'completed'), 0) AS amount
                 FROM transactions WHERE user_id = $1) t,
              (SELECT count(*) AS total,
                      coalesce(sum(amount) FILTER (WHERE status IN ('approved', 'completed')), 0) AS paid,
                      coalesce(sum(amount) FILTER (WHERE status IN (${sqlList(openWithdrawalStatuses)})), 0) AS pending,
                      count(*) FILTER (WHERE status IN (${sqlList(openWithdrawalStatuses)})) AS pending_n
                 FROM withdrawals WHERE user_id = $1) w,
              (SELECT count(*) AS total, coalesce(sum(price) FILTER (WHERE status <> 'cancelled'), 0) AS spent,
                      coalesce(sum(winning_amount), 0) AS won, count(*) FILTER (WHERE is_winner) AS wins
                 FROM lottery_tickets WHERE user_id = $1) k,
              (SELECT count(*) AS total, count(*) FILTER (WHERE active) AS active,
                      coalesce(sum(amount) FILTER (WHERE outcome IS DISTINCT FROM 'cancelled'), 0) AS bets,
                      coalesce(sum(payout) FILTER (WHERE outcome IN (${sqlList(settledGameOutcomes)})), 0) AS payouts
                 FROM mine_games WHERE user_id = $1) m`,
      [userId],
    ),
  ]);
  const s = sums!;
  return {
    transactions: {
      data: transactions,
      total: s.t_total,
      completedCount: s.t_completed,
      completedAmount: s.t_amount,
    },
    withdrawals: {
      data: withdrawals,
      total: s.w_total,
      paidAmount: s.w_paid,
      pendingAmount: s.w_pending,
      pendingCount: s.w_pending_n,
    },
    lotteryTickets: { data: tickets, total: s.k_total, spent: s.k_spent, won: s.k_won, wins: s.k_wins },
    mineGames: { data: games, total: s.m_total, active: s.m_active, bets: s.m_bets, payouts: s.m_payouts },
  };
}
