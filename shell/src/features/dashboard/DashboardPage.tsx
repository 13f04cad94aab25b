import {
  CustomerServiceOutlined,
  DollarOutlined,
  ReloadOutlined,
  TeamOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { DashboardStats } from '@backoffice/shared/contract';
import { formatCount, formatUsd, formatUsdt } from '@backoffice/shared/format';
import { SIGN_UP_BONUS_USD } from '@backoffice/shared/rules';
import { Button, Tag } from 'antd';
import { useCanShell } from '../../auth/access.ts';
import { Loading } from '../../components/Loading.tsx';
import { MineIcon } from '../../layout/icons.tsx';
import { FigureCard } from './FigureCard.tsx';
import { TrendCharts } from './TrendCharts.tsx';
import { UpcomingGames } from './UpcomingGames.tsx';
import { useDashboardStats } from './useDashboardStats.ts';
import './dashboard.css';

/**
 * A card's link, only to an area the admin may open (docs/architecture.md#console-behaviour): a lottery admin
 * sees the withdrawal figures but no link into Withdrawals, which would say 'You do not have access to this
 * area'.
 */
function useAreaLink() {
  const finance = useCanShell('finance:read');
  const support = useCanShell('support-users:read');
  const lottery = useCanShell('lottery:read');
  const mines = useCanShell('mines:read');
  const open = { finance, 'support-users': support, lottery, mines } as const;
  return (area: keyof typeof open, to: string) => (open[area] ? to : undefined);
}

function Figures({ stats }: { stats: DashboardStats }) {
  const link = useAreaLink();
  return (
    <>
      <section className="shell-stat-grid" aria-label="Platform figures">
        <FigureCard
          title="Total Deposits"
          icon={<DollarOutlined />}
          tone="emerald"
          figures={[
            { label: 'USDT deposited', value: formatUsdt(stats.totalDepositsUsd) },
            { label: 'Deposits', value: formatCount(stats.totalDepositsCount) },
          ]}
        />
        <FigureCard
          title="Withdrawals"
          icon={<WalletOutlined />}
          tone="amber"
          to={link('finance', '/withdrawals/pending')}
          figures={[
            { label: 'USDT withdrawn', value: formatUsdt(stats.totalWithdrawalsUsd) },
            { label: 'Pending USDT', value: formatUsdt(stats.pendingWithdrawalsUsd) },
            { label: 'Pending requests', value: formatCount(stats.pendingWithdrawalsCount) },
          ]}
        />
        <FigureCard
          title="Users"
          icon={<TeamOutlined />}
          tone="sky"
          to={link('support-users', '/users')}
          figures={[{ label: 'Total users', value: formatCount(stats.totalUsers) }]}
        />
        <FigureCard
          title="Support"
          icon={<CustomerServiceOutlined />}
          tone="violet"
          to={link('support-users', '/support')}
          figures={[
            { label: 'Total messages', value: formatCount(stats.totalSupportMessages) },
            { label: 'Open tickets', value: formatCount(stats.openSupportTickets) },
            { label: 'Closed tickets', value: formatCount(stats.closedSupportTickets) },
          ]}
        />
      </section>
      <section className="shell-game-grid" aria-label="Game figures">
        <FigureCard
          title="Lottery Stats"
          icon={<TrophyOutlined />}
          tone="indigo"
          tag={<Tag color="green">Live</Tag>}
          figures={[
            {
              label: 'Total Tickets',
              value: formatCount(stats.TotalTickets),
              to: link('lottery', '/lottery/ticket-history'),
            },
            { label: 'Active Lottery', value: formatCount(stats.ActiveLotteries) },
            { label: 'Total Revenue', value: formatUsd(stats.TotalLotteryIncoming) },
            { label: 'Total Winnings', value: formatUsd(stats.TotalLotteryOutgoing) },
            { label: 'Admin Profit', value: formatUsd(stats.LotteryAdminProfit) },
          ]}
        />
        <FigureCard
          title="Mines Dashboard"
          icon={<MineIcon />}
          tone="rose"
          tag={<Tag color="volcano">Hot</Tag>}
          figures={[
            {
              label: 'Total Games',
              value: formatCount(stats.TotalMineGames),
              to: link('mines', '/mines/dashboard'),
            },
            { label: 'Total Winnings', value: formatUsdt(stats.TotalMineWinnings) },
            { label: 'Active Games', value: formatCount(stats.ActiveMineGames) },
            { label: 'Total Bets', value: formatUsdt(stats.TotalMineBets) },
            { label: 'Admin Profit', value: formatUsdt(stats.AdminProfit) },
            { label: 'Mine Winning Count', value: formatCount(stats.MineGameWins) },
            { label: 'Mine Losing Count', value: formatCount(stats.MineGameLose) },
          ]}
        />
      </section>
    </>
  );
}

export default function DashboardPage() {
  const { state, refresh, retry } = useDashboardStats();

  if (state.status === 'loading') return <Loading size="large" fullScreen label="Loading dashboard" />;

  return (
    <div className="shell-dashboard">
      <header className="shell-page-header">
        <div>
          <h1>Dashboard</h1>
          <p className="shell-page-header__sub">Everything happening on the platform, at a glance.</p>
        </div>
        <Button
          icon={<ReloadOutlined />}
          onClick={state.status === 'error' ? retry : refresh}
          loading={state.status === 'loaded' && state.refreshing}
        >
          Refresh
        </Button>
      </header>

      <section className="shell-hero">
        <div className="shell-hero__intro">
          <h2>Platform Analytics</h2>
          <p>
            Deposits, withdrawals, users, support and games in one place. Figures refresh every 5 minutes, or
            whenever you press Refresh.
          </p>
          <p className="shell-hero__tagline">Your Trusted Partner in Gaming</p>
        </div>
        <div className="shell-hero__banner">
          <span className="shell-hero__banner-kicker">Welcome offer</span>
          <strong>Sign up &amp; get up to ${SIGN_UP_BONUS_USD}</strong>
        </div>
      </section>

      {state.status === 'error' ? (
        <section className="shell-error-panel" role="alert">
          <h2>Error Loading Dashboard</h2>
          <p>{state.message}</p>
          <Button type="primary" onClick={retry}>
            Retry
          </Button>
        </section>
      ) : (
        <Figures stats={state.stats} />
      )}

      <TrendCharts />

      <UpcomingGames />
    </div>
  );
}
