import { cases as finance } from './finance.ts';
import { cases as lottery } from './lottery.ts';
import { cases as supportUsers } from './support-users.ts';
import type { AreaCases, SqlStatement } from './types.ts';

/** Every area's cases (suites/api/<area>.ts), by area name. */
export const areas: Record<string, AreaCases> = { lottery, finance, 'support-users': supportUsers };

/** Runs a case's statements as its endpoint does: concurrently when `parallel`, else one after another. */
export async function runStatements<T>(
  statements: SqlStatement[],
  parallel: boolean,
  run: (statement: SqlStatement) => Promise<T>,
): Promise<T[]> {
  if (parallel) return Promise.all(statements.map(run));
  const results: T[] = [];
  for (const statement of statements) results.push(await run(statement));
  return results;
}
