import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isAdminRequest } from '../lib/admin-path.ts';
import { HttpError } from '../lib/http-error.ts';
import { globalPlugin } from './plugin.ts';

export const maintenanceFlagPath = (dataDir: string) => resolve(dataDir, 'maintenance.flag');

/** The maintenance check of a config: MAINTENANCE=1, or the flag file (its path resolved once). */
export function maintenanceCheck(config: { maintenance: boolean; dataDir: string }): () => boolean {
  const flag = maintenanceFlagPath(config.dataDir);
  return () => config.maintenance || existsSync(flag);
}

/**
 * While `${DATA_DIR}/maintenance.flag` exists (or MAINTENANCE=1) every /api/admin call answers 503,
 * however its URL is spelled (`/api/%61dmin/...` reaches the same route: see isAdminRequest).
 */
export const maintenancePlugin = globalPlugin('maintenance', async (app) => {
  const underMaintenance = maintenanceCheck(app.config);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || !isAdminRequest(request)) return;
    if (underMaintenance()) throw new HttpError(503, 'Server is under maintenance');
  });
});
