import { posix } from 'node:path';
import type { FastifyRequest } from 'fastify';

const ADMIN = '/api/admin';

/**
 * The path a request is really about, as the router sees it: percent-decoded (`%61dmin` = `admin`,
 * `%2f` = `/`), lower-cased, repeated slashes collapsed, `.`/`..` segments resolved and trailing dots
 * of segments dropped. Never used to route, only to decide which checks apply to an unknown route.
 */
export function normalisePath(url: string): string {
  let path = url.split('?', 1)[0] ?? '';
  // Decode repeatedly (bounded) so double encoding (`%2561`) cannot hide a segment either.
  for (let i = 0; i < 3 && path.includes('%'); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  path = path
    .toLowerCase()
    .replaceAll('\\', '/')
    .replace(/\/{2,}/g, '/');
  path = posix.normalize(`/${path}`);
  return path
    .split('/')
    .map((segment) => segment.replace(/[.\s]+$/, '') || segment)
    .join('/');
}

/**
 * Whether a request targets the admin API. A matched route decides by its declared path (what the
 * router actually dispatched to, whatever the spelling of the URL); an unknown one by its normalised path.
 */
export function isAdminRequest(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? normalisePath(request.url);
  return path === ADMIN || path.startsWith(`${ADMIN}/`);
}
