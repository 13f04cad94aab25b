// The cards, Price Distribution and Admin Overview shared by Announce Results, Lottery Details and the
// publish mock-up.
import {
  averagePerTicket,
  type DistributionRow,
  formatCount,
  formatDateTime,
  formatUsd,
  ordinal,
} from '@backoffice/shared/format';
import { Card, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { distributionsOf, type LotteryDetails } from '../data/lottery.ts';

export interface SummaryCardsProps {
  name: string;
  timeLabel: string;
  time: string | null;
  ticketsSold: number;
  pool: string;
}

export function SummaryCards({ name, timeLabel, time, ticketsSold, pool }: SummaryCardsProps) {
  return (
    <section className="lottery-cards" aria-label="Summary">
      <Card size="small" className="lottery-card lottery-card--blue">
        <Statistic
          title="Pool Name"
          value={name}
          valueRender={() => <span className="lottery-card__name">{name}</span>}
        />
        <div className="lottery-card__hint">{`${timeLabel}: ${formatDateTime(time)}`}</div>
      </Card>
      <Card size="small" className="lottery-card lottery-card--green">
        <Statistic title="Tickets Sold" value={formatCount(ticketsSold)} />
      </Card>
      <Card size="small" className="lottery-card lottery-card--purple">
        <Statistic title="Pool Amount" value={formatUsd(pool)} />
        <div className="lottery-card__hint">{`Average per ticket: ${formatUsd(averagePerTicket(pool, ticketsSold))}`}</div>
      </Card>
    </section>
  );
}

export function PriceDistribution({ rows }: { rows: readonly DistributionRow[] }) {
  return (
    <Card
      title={<h2 className="lottery-card-title">Price Distribution</h2>}
      size="small"
      className="lottery-distribution"
    >
      {rows.length === 0 ? (
        <p className="lottery-muted">No distribution set</p>
      ) : (
        <ul className="lottery-list">
          {rows.map((row) => (
            <li key={row.rank}>
              <span className="lottery-rank">{ordinal(row.rank)} Place</span>
              <span className="lottery-muted">{row.percentage}%</span>
              <strong>{formatUsd(row.amount)}</strong>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li>
      <span>{label}</span>
      <strong>{children}</strong>
    </li>
  );
}

export interface AdminOverviewProps {
  adminShare: number;
  adminProfit: string;
  distributionAmount: string;
  /** 'announce': share, expected profit, distribution; 'details': profit earned, share, ticket revenue + goal bar. */
  variant: 'announce' | 'details';
}

export function AdminOverview({ adminShare, adminProfit, distributionAmount, variant }: AdminOverviewProps) {
  return (
    <Card
      title={<h2 className="lottery-card-title">Admin Overview</h2>}
      size="small"
      className="lottery-admin"
    >
      {variant === 'announce' ? (
        <ul className="lottery-list">
          <Line label="Admin Share">{adminShare}%</Line>
          <Line label="Expected Admin Profit">{formatUsd(adminProfit)}</Line>
          <Line label="Distribution Amount">{formatUsd(distributionAmount)}</Line>
        </ul>
      ) : (
        <>
          <ul className="lottery-list">
            <Line label="Profit Earned">{formatUsd(adminProfit)}</Line>
            <Line label="Admin Share">{adminShare}%</Line>
            <Line label="Ticket Revenue">{formatUsd(distributionAmount)}</Line>
          </ul>
          {/* A fixed illustration, not a computed figure (docs/screens.md#lotteries). */}
          <div className="lottery-goal">
            <div className="lottery-goal__bar" aria-hidden="true">
              <span style={{ width: '80%' }} />
            </div>
            <div className="lottery-muted">80% of monthly goal</div>
          </div>
        </>
      )}
    </Card>
  );
}

/**
 * One lottery's summary cards, Price Distribution and Admin Overview (a skeleton while it loads): the
 * details page shows the draw time, Announce Results the result time.
 */
export function LotteryOverview({
  lottery,
  variant,
}: {
  lottery: LotteryDetails | undefined;
  variant: AdminOverviewProps['variant'];
}) {
  if (!lottery) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  const announce = variant === 'announce';
  return (
    <>
      <SummaryCards
        name={lottery.name}
        timeLabel={announce ? 'Result Time' : 'Draw Time'}
        time={announce ? lottery.result_time : lottery.end_time}
        ticketsSold={lottery.current_participants}
        pool={lottery.total_pool}
      />
      <div className="lottery-columns">
        <PriceDistribution rows={distributionsOf(lottery)} />
        <AdminOverview
          variant={variant}
          adminShare={lottery.adminShare ?? lottery.admin_share}
          adminProfit={lottery.adminProfit}
          distributionAmount={lottery.distributionAmount}
        />
      </div>
    </>
  );
}
