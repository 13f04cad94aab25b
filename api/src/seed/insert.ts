import type { Db } from '../db/types.ts';

/**
 * Inserts rows in chunks with one statement each: the rows travel as one JSON parameter and
 * jsonb_to_recordset turns them back into typed columns (fast on both drivers).
 */
export async function insertRows(
  db: Db,
  table: string,
  columns: Record<string, string>,
  rows: readonly Record<string, unknown>[],
  chunk = 5000,
): Promise<void> {
  const names = Object.keys(columns);
  const sql = `INSERT INTO ${table} (${names.join(', ')})
    SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${names.map((n) => `${n} ${columns[n]}`).join(', ')})`;
  for (let i = 0; i < rows.length; i += chunk) {
    await db.query(sql, [JSON.stringify(rows.slice(i, i + chunk))]);
  }
}

/** After explicit ids: move each identity sequence past the largest id. */
export async function syncSequences(db: Db, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await db.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
    );
  }
}

export const SEED_TABLES = [
  'users',
  'user_blocks',
  'transactions',
  'withdrawals',
  'support_tickets',
  'lotteries',
  'lottery_tickets',
  'lottery_draws',
  'mine_games',
  'ledger',
] as const;
