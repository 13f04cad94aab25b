import type { FastifyInstance } from 'fastify';
import type { ReleaseService } from './service.ts';
import { scanServed } from './tampering.ts';

/**
 * Checks the files of every version a console may load (live, previous, cohort) against their record
 * every RELEASE_INTEGRITY_SCAN_MS, so a file changed on disk shows as tampered (the Releases screen, the
 * metric and its alert) even before a console asks for it. Cheap when nothing changed: a file's digest is
 * kept until the file system says it was written (integrity.ts).
 */
export function watchReleaseFiles(app: FastifyInstance, service: ReleaseService): void {
  const every = service.config.integrityScanMs;
  if (every <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    scanServed(service)
      .catch((err: unknown) => app.log.warn({ err }, 'release files not checked'))
      .finally(() => {
        running = false;
      });
  }, every);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
