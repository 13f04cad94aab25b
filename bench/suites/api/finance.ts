/**
 * Finance cases of the api bench suite: GET /admin/withdrawal and GET /admin/transactions with each
 * filter and each sort (the baseline SQL is built by the endpoints' own repository functions from the
 * same query, parsed by the same contract schema), and a bulk decision on 100 pending withdrawals.
 */

import {
  buildTransactionsCountQuery,
  buildTransactionsListQuery,
} from '../../../api/src/modules/transactions/repository.ts';
import {
  buildWithdrawalsCountQuery,
  buildWithdrawalsListQuery,
} from '../../../api/src/modules/withdrawals/repository.ts';
import { transactionsListQuery } from '../../../shared/src/contract/transactions.ts';
import { withdrawalsListQuery } from '../../../shared/src/contract/withdrawals.ts';
import type { ActionCase, AreaCases, ListCase } from './types.ts';

/** YYYY-MM-DD, `days` before today (UTC). The seed spreads withdrawals over 90 days, deposits over 180. */
const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

type Query = Record<string, string | string[]>;

function withdrawalCase(label: string, query: Query): ListCase {
  return {
    name: `GET /admin/withdrawal${label}`,
    path: '/admin/withdrawal',
    query,
    parallel: true,
    sql: (now) => {
      const q = withdrawalsListQuery.parse(query);
      return [buildWithdrawalsListQuery(q, now), buildWithdrawalsCountQuery(q, now)];
    },
  };
}

function transactionCase(label: string, query: Query): ListCase {
  return {
    name: `GET /admin/transactions${label}`,
    path: '/admin/transactions',
    query,
    parallel: true,
    sql: (now) => {
      const q = transactionsListQuery.parse(query);
      return [buildTransactionsListQuery(q, now), buildTransactionsCountQuery(q, now)];
    },
  };
}

const withdrawalLists: ListCase[] = [
  withdrawalCase('', {}),
  // The three screens: pending (status + default sort), approved & rejected (status_in), completed (+ id).
  withdrawalCase('?status=pending', { status: 'pending' }),
  // The pending screen's own query (pending and waiting, newest first).
  withdrawalCase('?status_in=pending,waiting', { status_in: 'pending,waiting' }),
  withdrawalCase('?status_in=approved,rejected,cancelled,pending_otp', {
    status_in: ['approved', 'rejected', 'cancelled', 'pending_otp'],
  }),
  withdrawalCase('?status=completed&id=77', { status: 'completed', id: '77' }),
  withdrawalCase('?id=54321', { id: '54321' }),
  withdrawalCase('?user_name=scale1234', { user_name: 'scale1234' }),
  withdrawalCase('?user_name=scale12345&status_in=approved,rejected,cancelled,pending_otp', {
    user_name: 'scale12345',
    status_in: ['approved', 'rejected', 'cancelled', 'pending_otp'],
  }),
  withdrawalCase('?from=-30d&to=-20d', { from: dayBefore(30), to: dayBefore(20) }),
  withdrawalCase('?status=pending&from=-30d&to=-20d', {
    status: 'pending',
    from: dayBefore(30),
    to: dayBefore(20),
  }),
  withdrawalCase('?per_page=100&page=50', { per_page: '100', page: '50' }),
  withdrawalCase('?sort_by=createdAt&sort_type=asc', { sort_by: 'createdAt', sort_type: 'asc' }),
  withdrawalCase('?sort_by=id&sort_type=desc', { sort_by: 'id', sort_type: 'desc' }),
  withdrawalCase('?sort_by=id&sort_type=asc', { sort_by: 'id', sort_type: 'asc' }),
  withdrawalCase('?sort_by=amount&sort_type=desc', { sort_by: 'amount', sort_type: 'desc' }),
  withdrawalCase('?sort_by=amount&sort_type=asc', { sort_by: 'amount', sort_type: 'asc' }),
  withdrawalCase('?sort_by=status&sort_type=desc', { sort_by: 'status', sort_type: 'desc' }),
  withdrawalCase('?sort_by=status&sort_type=asc', { sort_by: 'status', sort_type: 'asc' }),
  withdrawalCase('?status=pending&sort_by=amount&sort_type=desc', {
    status: 'pending',
    sort_by: 'amount',
    sort_type: 'desc',
  }),
];

const transactionLists: ListCase[] = [
  transactionCase('', {}),
  transactionCase('?id=123456', { id: '123456' }),
  transactionCase('?username=scale1234', { username: 'scale1234' }),
  transactionCase('?status=waiting', { status: 'waiting' }),
  transactionCase('?status=failed', { status: 'failed' }),
  transactionCase('?pay_address=0x1234', { pay_address: '0x1234' }),
  transactionCase('?date_start=-60d&date_end=-59d', { date_start: dayBefore(60), date_end: dayBefore(59) }),
  transactionCase('?status=completed&date_start=-60d&date_end=-59d', {
    status: 'completed',
    date_start: dayBefore(60),
    date_end: dayBefore(59),
  }),
  transactionCase('?per_page=100&page=100', { per_page: '100', page: '100' }),
  transactionCase('?sort_by=createdAt&sort_type=asc', { sort_by: 'createdAt', sort_type: 'asc' }),
  transactionCase('?sort_by=id&sort_type=desc', { sort_by: 'id', sort_type: 'desc' }),
  transactionCase('?sort_by=id&sort_type=asc', { sort_by: 'id', sort_type: 'asc' }),
  transactionCase('?sort_by=amount&sort_type=desc', { sort_by: 'amount', sort_type: 'desc' }),
  transactionCase('?sort_by=amount&sort_type=asc', { sort_by: 'amount', sort_type: 'asc' }),
  transactionCase('?sort_by=status&sort_type=desc', { sort_by: 'status', sort_type: 'desc' }),
  transactionCase('?sort_by=status&sort_type=asc', { sort_by: 'status', sort_type: 'asc' }),
  transactionCase('?sort_by=currency&sort_type=desc', { sort_by: 'currency', sort_type: 'desc' }),
  transactionCase('?sort_by=currency&sort_type=asc', { sort_by: 'currency', sort_type: 'asc' }),
];

/** 100 new pending withdrawals, debited through the ledger like real requests, then rejected in one call. */
const bulkUpdate: ActionCase = {
  name: 'POST /admin/withdrawal/update-bulk (reject 100 pending withdrawals, refunds included)',
  targetMs: 500,
  prepare: async (ctx) => {
    const rows = await ctx.sql<{ id: number }>(
      `WITH payer AS (
         SELECT id FROM users WHERE balance >= 10 AND deleted_at IS NULL ORDER BY random() LIMIT 100),
       w AS (
         INSERT INTO withdrawals (user_id, amount, wallet_address, status)
         SELECT id, 1.25, '0x' || substr(md5(random()::text) || md5(random()::text), 1, 40), 'pending' FROM payer
         RETURNING id, user_id, amount),
       debit AS (
         INSERT INTO ledger (user_id, amount, reason, reference)
         SELECT user_id, -amount, 'withdrawal', 'withdrawal:' || id FROM w)
       SELECT id FROM w ORDER BY id`,
    );
    if (rows.length !== 100)
      throw new Error(`bulk update: only ${rows.length} users with a balance to withdraw`);
    return {
      method: 'POST',
      path: '/admin/withdrawal/update-bulk',
      body: {
        withdrawal_ids: rows.map((r) => String(r.id)),
        status: 'rejected',
        reason: 'Bench: bulk rejection',
      },
    };
  },
  verify: async (_ctx, response) => {
    const r = response as { success?: boolean; updated?: unknown[]; failed?: unknown[] };
    if (!r.success || r.updated?.length !== 100 || r.failed?.length !== 0)
      throw new Error(`bulk update did not update the 100 withdrawals: ${JSON.stringify(r).slice(0, 300)}`);
  },
};

export const cases: AreaCases = {
  lists: [...withdrawalLists, ...transactionLists],
  actions: [bulkUpdate],
};
