import {
  type DashboardTrends,
  rolesGrant,
  TREND_DAYS,
  type TrendPoint,
  type TrendSeriesName,
  trendSeriesArea,
  trendSeriesNames,
} from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * Each series: the rows it counts, the time that places a row on a day, and the amount it sums. The
 * WHERE clauses match the partial indexes of migration 018 (users: 005), so each read is one index
 * range of the last TREND_DAYS days.
 */
const SERIES_SQL: Record<TrendSeriesName, string> = {
  deposits: `SELECT created_at AS at, amount FROM transactions WHERE status = 'completed'`,
  withdrawals: `SELECT created_at AS at, amount FROM withdrawals WHERE status IN ('approved', 'completed')`,
  tickets: `SELECT created_at AS at, price AS amount FROM lottery_tickets WHERE status <> 'cancelled'`,
  users: `SELECT created_at AS at, 0::numeric AS amount FROM users WHERE deleted_at IS NULL`,
  mines: `SELECT created_at AS at, amount FROM mine_games WHERE outcome IS DISTINCT FROM 'cancelled'`,
};

/**
 * One statement: the TREND_DAYS days ending today in `zone` ($1), and for each series asked its rows of
 * that span grouped by day, zero-filled by the join on the days. Amounts are NUMERIC sums (exact) sent
 * as text; counts come back as numbers.
 */
export function trendsSql(names: readonly TrendSeriesName[]): string {
  const ranges = names.map(
    (name) => `
  SELECT '${name}' AS series, (r.at AT TIME ZONE $1)::date AS day, count(*) AS n, sum(r.amount) AS amount
    FROM (${SERIES_SQL[name]} AND created_at >= (SELECT from_at FROM span) AND created_at < (SELECT until_at FROM span)) r
   GROUP BY 2`,
  );
  return `
WITH
  today AS (SELECT (now() AT TIME ZONE $1)::date AS d),
  days AS (SELECT (d - g)::date AS day FROM today, generate_series(0, ${TREND_DAYS - 1}) g),
  span AS (SELECT (min(day)::timestamp AT TIME ZONE $1) AS from_at,
                  ((max(day) + 1)::timestamp AT TIME ZONE $1) AS until_at FROM days),
  grouped AS (${ranges.join('\n  UNION ALL')})
SELECT s.series, to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(g.n, 0)::int AS count,
       coalesce(g.amount, 0)::text AS amount
  FROM days d
 CROSS JOIN unnest($2::text[]) AS s(series)
  LEFT JOIN grouped g ON g.series = s.series AND g.day = d.day
 ORDER BY s.series, d.day`;
}

/** Trailing zeros off, as every amount of the API ('10.50000000' -> '10.5', '3.000' -> '3'). */
function canonical(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
}

/** The series `roles` may read: each needs read access to its area. */
export function readableSeries(roles: readonly string[]): TrendSeriesName[] {
  return trendSeriesNames.filter((name) => rolesGrant(roles, `${trendSeriesArea[name]}:read`));
}

/** A zone the runtime knows (IANA), else 400: PostgreSQL would fail on it anyway. */
export function checkZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new HttpError(400, 'Invalid time zone');
  }
}

export async function readTrends(
  db: Db,
  zone: string,
  names: readonly TrendSeriesName[],
): Promise<DashboardTrends> {
  const series: DashboardTrends['series'] = {};
  if (names.length === 0) return { timeZone: zone, days: await trendDays(db, zone), series };
  const rows = await db.query<{ series: TrendSeriesName; day: string; count: number; amount: string }>(
    trendsSql(names),
    [zone, names],
  );
  for (const row of rows) {
    const point: TrendPoint = { day: row.day, count: Number(row.count), amount: canonical(row.amount) };
    const points = series[row.series] ?? [];
    points.push(point);
    series[row.series] = points;
  }
  const days = (series[names[0]!] ?? []).map((point) => point.day);
  return { timeZone: zone, days, series };
}

async function trendDays(db: Db, zone: string): Promise<string[]> {
  const rows = await db.query<{ day: string }>(
    `SELECT to_char((now() AT TIME ZONE $1)::date - g, 'YYYY-MM-DD') AS day
       FROM generate_series(${TREND_DAYS - 1}, 0, -1) g`,
    [zone],
  );
  return rows.map((row) => row.day);
}

/**
 * The answers of the last `ttlMs`, per zone and series set: the trends change slowly, and a dashboard
 * opened by many admins at once reads the tables once. Per process (a replica's copy is at most
 * `ttlMs` old); a failed read is not kept.
 */
export class TrendsCache {
  private readonly entries = new Map<string, { at: number; value: Promise<DashboardTrends> }>();
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, read: () => Promise<DashboardTrends>): Promise<DashboardTrends> {
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && at - hit.at < this.ttlMs) return hit.value;
    for (const [k, entry] of this.entries) if (at - entry.at >= this.ttlMs) this.entries.delete(k);
    const value = read();
    this.entries.set(key, { at, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }
}
