import type { Db } from '../db/types.ts';
import { type DemoSeedOptions, type SeedSummary, seedDemo } from './demo.ts';

export { DEMO_ROLE_ADMINS, ensureDemoAdmins } from './admins.ts';
export { type DemoSeedOptions, type SeedSummary, seedDemo } from './demo.ts';
export { type ScaleOptions, scaleCounts, seedScale } from './scale.ts';

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(
    'SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM lotteries) + (SELECT count(*) FROM ledger) AS n',
  );
  return (row?.n ?? 0) === 0;
}

/** Seeds the demo data when the database holds no platform data yet; returns null when it did nothing. */
export async function seedIfEmpty(db: Db, options: DemoSeedOptions = {}): Promise<SeedSummary | null> {
  if (!(await isDatabaseEmpty(db))) return null;
  return seedDemo(db, options);
}
