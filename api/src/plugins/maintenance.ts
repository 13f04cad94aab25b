import type { Db } from '../db/types.ts';
import { isAdminRequest } from '../lib/admin-path.ts';
import { HttpError } from '../lib/http-error.ts';
import { globalPlugin } from './plugin.ts';

/**
 * The maintenance flag is a row of the settings table, not a file of one replica's data folder: every
 * replica on the database sees the same state (with or without Redis).
 */
export const MAINTENANCE_KEY = 'maintenance';

/**
 * How long a replica trusts the flag it read: at most one indexed read per second per replica instead
 * of one per admin call; turning maintenance on or off reaches every replica within this delay.
 */
export const MAINTENANCE_CACHE_MS = 1000;

/** Turns maintenance on or off for every replica (`pnpm -C api maintenance on|off`). */
export async function setMaintenance(db: Db, on: boolean): Promise<void> {
  if (on)
    await db.query(
      `INSERT INTO settings (key, value) VALUES ($1, 'on')
       ON CONFLICT (key) DO UPDATE SET value = 'on', updated_at = now()`,
      [MAINTENANCE_KEY],
    );
  else await db.query('DELETE FROM settings WHERE key = $1', [MAINTENANCE_KEY]);
}

/**
 * The maintenance check of an app: MAINTENANCE=1 (env override), else the shared settings row, read at
 * most once per MAINTENANCE_CACHE_MS. A failed read keeps the last known state: the call itself then
 * fails on the database or not, as it would without the check.
 */
export function maintenanceCheck(app: { config: { maintenance: boolean }; db: Db }): () => Promise<boolean> {
  let known = false;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<boolean> | null = null;
  return async () => {
    if (app.config.maintenance) return true;
    if (Date.now() - readAt < MAINTENANCE_CACHE_MS) return known;
    // Concurrent calls share one read.
    reading ??= app.db
      .query('SELECT 1 FROM settings WHERE key = $1', [MAINTENANCE_KEY])
      .then(
        (rows) => {
          known = rows.length > 0;
          readAt = Date.now();
          return known;
        },
        () => known,
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}

/**
 * While maintenance is on (MAINTENANCE=1, or the shared flag) every /api/admin call answers 503,
 * however its URL is spelled (`/api/%61dmin/...` reaches the same route: see isAdminRequest).
 */
export const maintenancePlugin = globalPlugin('maintenance', async (app) => {
  const underMaintenance = maintenanceCheck(app);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || !isAdminRequest(request)) return;
    if (await underMaintenance()) throw new HttpError(503, 'Server is under maintenance');
  });
});
