import type { RouteDef } from './routes.ts';

/** Admin management, own account, audit log and settings routes (issue 13). */
export const governanceRoutes = {} as const satisfies Record<string, RouteDef>;
