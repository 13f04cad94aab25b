import type { Db } from '../../db/types.ts';

export interface SettingRow {
  value: string;
  updated_by: number | null;
  updated_at: string;
}

export async function findSetting(db: Db, key: string, lock = false): Promise<SettingRow | undefined> {
  const rows = await db.query<SettingRow>(
    `SELECT value, updated_by, updated_at FROM settings WHERE key = $1${lock ? ' FOR UPDATE' : ''}`,
    [key],
  );
  return rows[0];
}

/** Stores a decimal setting canonically (NUMERIC text, '10000.50' -> '10000.5'). */
export async function putDecimalSetting(db: Db, key: string, value: string, adminId: number): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value, updated_by) VALUES ($1, ($2::numeric)::text, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [key, value, adminId],
  );
}

export async function deleteSetting(db: Db, key: string): Promise<boolean> {
  return (await db.query('DELETE FROM settings WHERE key = $1 RETURNING key', [key])).length === 1;
}

/** Stores a text setting as given (the pending four-eyes change: JSON). */
export async function putSetting(db: Db, key: string, value: string, adminId: number): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [key, value, adminId],
  );
}
