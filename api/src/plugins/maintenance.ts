import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { HttpError } from '../lib/http-error.ts';
import { globalPlugin } from './plugin.ts';

export const maintenanceFlagPath = (dataDir: string) => resolve(dataDir, 'maintenance.flag');

export function isUnderMaintenance(config: { maintenance: boolean; dataDir: string }): boolean {
  return config.maintenance || existsSync(maintenanceFlagPath(config.dataDir));
}

/** While `${DATA_DIR}/maintenance.flag` exists (or MAINTENANCE=1) every /api/admin call answers 503. */
export const maintenancePlugin = globalPlugin('maintenance', async (app) => {
  const flag = maintenanceFlagPath(app.config.dataDir);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || !request.url.startsWith('/api/admin')) return;
    if (app.config.maintenance || existsSync(flag)) throw new HttpError(503, 'Server is under maintenance');
  });
});
