import type { Comparison, SuiteReport } from '../suites/types.ts';

export type Verdict = 'PASS' | 'FAIL' | '';

export function verdictOf(comparison: Comparison): Verdict {
  const { maxRatio, minRatio } = comparison;
  if (maxRatio === undefined && minRatio === undefined) return '';
  const ratio = ratioOf(comparison);
  // A target whose ratio cannot be computed is not met.
  if (ratio === null) return 'FAIL';
  return (maxRatio === undefined || ratio <= maxRatio) && (minRatio === undefined || ratio >= minRatio)
    ? 'PASS'
    : 'FAIL';
}

export function ratioOf(comparison: Comparison): number | null {
  const { baseline, subject } = comparison;
  if (baseline === null || baseline === 0 || !Number.isFinite(baseline) || !Number.isFinite(subject))
    return null;
  return subject / baseline;
}

function formatValue(value: number | null, unit: Comparison['unit']): string {
  if (value === null || Number.isNaN(value)) return '-';
  if (unit === 'bytes') return `${Math.round(value).toLocaleString('en-US')} B`;
  if (unit === 'ms') return `${value.toFixed(value < 10 ? 2 : 0)} ms`;
  if (unit === 'req/s') return `${Math.round(value).toLocaleString('en-US')}/s`;
  if (unit === '%') return `${value.toFixed(0)} %`;
  return Math.round(value).toLocaleString('en-US');
}

/** A plain-text table: metric, baseline, subject, ratio, target, result. */
export function renderTable(report: SuiteReport): string {
  const header = ['metric', report.baselineLabel, report.subjectLabel, 'ratio', 'target', 'result'];
  const rows = report.comparisons.map((comparison) => {
    const ratio = ratioOf(comparison);
    return [
      comparison.metric,
      formatValue(comparison.baseline, comparison.unit),
      formatValue(comparison.subject, comparison.unit),
      ratio === null ? '-' : `${ratio.toFixed(2)}x`,
      [
        comparison.minRatio === undefined ? '' : `>= ${comparison.minRatio}x`,
        comparison.maxRatio === undefined ? '' : `<= ${comparison.maxRatio}x`,
      ]
        .filter(Boolean)
        .join(', '),
      verdictOf(comparison),
    ];
  });
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [report.title, rule, line(header), rule, ...rows.map(line), rule].join('\n');
}
