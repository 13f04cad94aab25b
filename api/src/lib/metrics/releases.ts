import { Gauge, type Registry } from 'prom-client';
import type { DbHandle } from '../../db/types.ts';
import { tamperedReleases } from '../../modules/releases/index.ts';
import { within } from '../within.ts';

/**
 * Console releases whose files changed on disk since they were published (docs/operations.md#release-integrity):
 * 1 per such version, read from the database at scrape time, so every replica reports the same.
 */
export function releaseGauges(db: DbHandle, registry: Registry, timeoutMs: number): () => Promise<void> {
  const tampered = new Gauge({
    name: 'backoffice_console_release_tampered',
    help: 'A published console release whose files differ from those recorded at publish (never served)',
    labelNames: ['area', 'version'] as const,
    registers: [registry],
  });
  return async () => {
    const rows = await within(tamperedReleases(db), timeoutMs).catch(() => undefined);
    if (!rows) return;
    tampered.reset();
    for (const row of rows) tampered.set({ area: row.area, version: row.version }, 1);
  };
}
