import type { RouteDef } from './routes.ts';

/** CSV exports of the lists (issue 13). */
export const exportRoutes = {} as const satisfies Record<string, RouteDef>;
