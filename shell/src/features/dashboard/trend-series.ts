import type { DashboardTrends, TrendPoint } from '@backoffice/shared/contract';
import { dayjs, formatCount, formatUsdt, sumMoney } from '@backoffice/shared/format';

/** One line (or set of bars) of a chart: its name and a value per day. */
export interface TrendLine {
  name: string;
  /** For drawing only: the exact figures are `exact` (decimal strings). */
  values: number[];
  exact: string[];
  /** The values as the table shows them ('1,234.50 USDT', '12'). */
  texts: string[];
}

/** One chart: a title, the unit its values are in, and its lines, all over the same days. */
export interface TrendChartData {
  id: string;
  title: string;
  unit: 'USDT' | 'count';
  days: string[];
  lines: TrendLine[];
}

const usdt = (name: string, points: TrendPoint[]): TrendLine => ({
  name,
  values: points.map((p) => Number(p.amount)),
  exact: points.map((p) => p.amount),
  texts: points.map((p) => formatUsdt(p.amount)),
});
const counted = (name: string, points: TrendPoint[]): TrendLine => ({
  name,
  values: points.map((p) => p.count),
  exact: points.map((p) => String(p.count)),
  texts: points.map((p) => formatCount(p.count)),
});

/** The charts the answer allows: a chart whose series the admin may not read is not drawn at all. */
export function trendCharts({ days, series }: DashboardTrends): TrendChartData[] {
  const charts: TrendChartData[] = [];
  const money = [
    series.deposits && usdt('Deposits', series.deposits),
    series.withdrawals && usdt('Withdrawals', series.withdrawals),
  ].filter((line): line is TrendLine => Boolean(line));
  if (money.length > 0)
    charts.push({ id: 'money', title: 'Deposits and withdrawals (USDT)', unit: 'USDT', days, lines: money });
  if (series.tickets)
    charts.push({
      id: 'tickets',
      title: 'Tickets sold',
      unit: 'count',
      days,
      lines: [counted('Tickets sold', series.tickets)],
    });
  if (series.users)
    charts.push({
      id: 'users',
      title: 'New users',
      unit: 'count',
      days,
      lines: [counted('New users', series.users)],
    });
  if (series.mines)
    charts.push({
      id: 'mines',
      title: 'Mines bets (USDT)',
      unit: 'USDT',
      days,
      lines: [usdt('Bets', series.mines)],
    });
  return charts;
}

/** 'Nov 3' from '2026-11-03'. */
export const shortDay = (day: string) => dayjs(day, 'YYYY-MM-DD').format('MMM D');

/** What a screen reader hears for the picture: each line's total and its busiest day. */
export function chartSummary(chart: TrendChartData): string {
  const parts = chart.lines.map((line) => {
    const total = sumMoney(line.exact);
    const peak = line.values.indexOf(Math.max(...line.values));
    const totalText = chart.unit === 'USDT' ? formatUsdt(total) : formatCount(total);
    if (Number(total) === 0) return `${line.name}: none`;
    return `${line.name}: ${totalText} in total, most on ${shortDay(chart.days[peak]!)} (${line.texts[peak]})`;
  });
  return `${chart.title}, last ${chart.days.length} days. ${parts.join('. ')}.`;
}
