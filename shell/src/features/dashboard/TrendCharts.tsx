import { TableOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { useAppearance } from '../../theme/preferences.ts';
import { chartSummary, shortDay, type TrendChartData, trendCharts } from './trend-series.ts';
import { useTrends } from './useTrends.ts';
import './trends.css';

// The chart library is big: its own chunk, fetched when the first chart renders (never on sign-in or lists).
const TrendPlot = lazy(() => import(/* webpackChunkName: "charts" */ './TrendPlot.tsx'));

/** The 30 values as a table: read by screen readers always, shown to everyone on "Show as table". */
function TrendTable({ chart, visible, id }: { chart: TrendChartData; visible: boolean; id: string }) {
  return (
    <div id={id} className={visible ? 'shell-trend__table' : 'shell-trend__sr'}>
      <table>
        <caption>{chart.title}, per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {chart.lines.map((line) => (
              <th scope="col" key={line.name}>
                {line.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{shortDay(day)}</th>
              {chart.lines.map((line) => (
                <td key={line.name}>{line.texts[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TrendCard({ chart }: { chart: TrendChartData }) {
  const dark = useAppearance((state) => state.mode) === 'dark';
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  return (
    <Card
      className="shell-trend"
      title={<h3 className="shell-trend__title">{chart.title}</h3>}
      extra={
        <Button
          size="small"
          icon={<TableOutlined />}
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      }
    >
      {!asTable && (
        <div className="shell-trend__plot" role="img" aria-label={chartSummary(chart)}>
          <Suspense fallback={<div className="shell-trend__placeholder" />}>
            <TrendPlot chart={chart} dark={dark} />
          </Suspense>
        </div>
      )}
      <TrendTable chart={chart} visible={asTable} id={tableId} />
    </Card>
  );
}

/** The dashboard's 30-day trends: one card per chart the admin's roles allow. */
export function TrendCharts() {
  const state = useTrends();
  const charts = state.status === 'loaded' ? trendCharts(state.trends) : [];
  if (state.status === 'loaded' && charts.length === 0) return null;
  return (
    <section
      className="shell-trends"
      aria-labelledby="shell-trends-title"
      aria-busy={state.status === 'loading'}
    >
      <h2 id="shell-trends-title" className="shell-trends__title">
        Last 30 days
      </h2>
      {state.status === 'error' && <p role="alert">{state.message}</p>}
      {state.status === 'loading' && <Skeleton active title={false} paragraph={{ rows: 4 }} />}
      <div className="shell-trends__grid">
        {charts.map((chart) => (
          <TrendCard key={chart.id} chart={chart} />
        ))}
      </div>
    </section>
  );
}
