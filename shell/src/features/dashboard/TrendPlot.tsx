// The chart library's part of the dashboard: imported lazily by TrendCharts.tsx, so @ant-design/plots
// lands in its own async chunk ('charts'), fetched only when the dashboard draws its charts.
import { Column, Line } from '@ant-design/plots';
import { formatCount, formatMoney } from '@backoffice/shared/format';
import { theme } from 'antd';
import { shortDay, type TrendChartData } from './trend-series.ts';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** One chart drawn: a line per series for money, columns for a single count. */
export default function TrendPlot({ chart, dark }: { chart: TrendChartData; dark: boolean }) {
  const { token } = theme.useToken();
  const data = chart.lines.flatMap((line) =>
    line.values.map((value, i) => ({ day: shortDay(chart.days[i]!), value, series: line.name })),
  );
  const label = (value: number) => (chart.unit === 'USDT' ? formatMoney(String(value)) : formatCount(value));
  // Axis ticks short ('20K'), and for counts only whole numbers (a scale of zeros ticks at 0.2, 0.4...).
  const tick = (value: number) =>
    chart.unit === 'count' && !Number.isInteger(value) ? '' : compact.format(value);
  const common = {
    data,
    height: 220,
    autoFit: true,
    xField: 'day',
    yField: 'value',
    theme: dark ? 'classicDark' : 'classic',
    style: { background: 'transparent' },
    axis: {
      x: { labelAutoHide: true, labelAutoRotate: false, labelFill: token.colorTextSecondary, tick: false },
      y: {
        labelFormatter: tick,
        labelFill: token.colorTextSecondary,
        gridStroke: token.colorBorderSecondary,
      },
    },
    legend: chart.lines.length > 1 ? { color: { itemLabelFill: token.colorText } } : false,
    tooltip: { items: [{ channel: 'y', valueFormatter: label }] },
  };
  if (chart.lines.length > 1 || chart.unit === 'USDT')
    return (
      <Line
        {...common}
        colorField="series"
        scale={{ color: { range: [token.colorSuccess, token.colorWarning] } }}
        point={{ shapeField: 'circle', sizeField: 2 }}
      />
    );
  return <Column {...common} style={{ fill: token.colorPrimary, radiusTopLeft: 3, radiusTopRight: 3 }} />;
}
