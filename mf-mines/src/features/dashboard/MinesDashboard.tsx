import {
  formatCount,
  formatDateTime,
  formatMoney,
  formatUsdt,
  isActiveMineGame,
  ordinal,
} from '@backoffice/shared/format';
import { PAGINATION } from '@backoffice/shared/rules';
import { Icon } from '@backoffice/shared/ui';
import {
  DollarOutlined,
  PlayCircleOutlined,
  RiseOutlined,
  SwapOutlined,
  WalletOutlined,
} from '@backoffice/shared/ui/icons';
import { Alert, Card, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import {
  type Loaded,
  loadedOf,
  type MinesPage,
  type MinesStats,
  useMinesList,
  useMinesStats,
} from './useMines.ts';

type MineGame = MinesPage['data'][number];

/** The game's mine, drawn: antd has no such icon. */
function MineIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden>
      <circle cx="11" cy="13.5" r="7.5" />
      <path d="M16 8l2.2-2.2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="8.2" cy="10.7" r="1.8" fill="#fff" opacity=".55" />
    </svg>
  );
}

const tiles: { label: string; icon: ReactNode; unit?: string; value(s: MinesStats): string }[] = [
  {
    label: 'Total Betting',
    icon: <Icon icon={DollarOutlined} />,
    unit: 'USDT',
    value: (s) => formatMoney(s.totalMineBets),
  },
  {
    label: 'Total Games',
    icon: <Icon icon={PlayCircleOutlined} />,
    value: (s) => formatCount(s.totalMineGames),
  },
  {
    label: 'Total Payout',
    icon: <Icon icon={WalletOutlined} />,
    unit: 'USDT',
    value: (s) => formatMoney(s.totalPayout),
  },
  {
    label: 'Win/Loss',
    icon: <Icon icon={SwapOutlined} />,
    value: (s) => `${formatCount(s.mineGameWins)} / ${formatCount(s.mineGameLose)}`,
  },
  {
    label: 'Admin Profit',
    icon: <Icon icon={RiseOutlined} />,
    unit: 'USDT',
    value: (s) => formatMoney(s.adminProfit),
  },
];

function Tiles({ stats }: { stats: MinesStats | undefined }) {
  return (
    <section className="mines-tiles" aria-label="All-time figures">
      {tiles.map((tile) => (
        <Card key={tile.label} size="small" className="mines-tile">
          <Statistic
            title={tile.label}
            loading={!stats}
            prefix={
              <span className="mines-tile__icon" aria-hidden>
                {tile.icon}
              </span>
            }
            // Already formatted (exact decimals from strings): antd must not re-format it. The unit is part of
            // the figure, so 'USDT' never wraps under the number (the icon goes to a line of its own first).
            valueRender={() => (
              <span className="mines-tile__figure">
                <span>{stats ? tile.value(stats) : ''}</span>
                {tile.unit && <span className="mines-tile__unit">{tile.unit}</span>}
              </span>
            )}
          />
        </Card>
      ))}
    </section>
  );
}

/** A card holding one of the two lists: a table paged 5 at a time by the server. */
function ListCard({
  title,
  extra,
  state,
  empty,
  page,
  onPage,
  columns,
}: {
  title: string;
  extra?: ReactNode;
  state: Loaded<MinesPage>;
  empty: string;
  page: number;
  onPage: (page: number) => void;
  columns: ColumnsType<MineGame>;
}) {
  const loaded = state.data;
  return (
    <section className="mines-card" aria-label={title}>
      <Card
        title={<h2 className="mines-card__title">{title}</h2>}
        extra={
          <span className="mines-card__extra">
            {extra}
            {loaded && !state.error && (
              <span className="mines-card__count">{formatCount(loaded.total)} total</span>
            )}
          </span>
        }
      >
        {state.error ? (
          <Alert type="error" showIcon title={state.error} />
        ) : (
          <Table<MineGame>
            className="mines-table"
            aria-label={title}
            size="middle"
            rowKey="id"
            columns={columns}
            dataSource={loaded?.data ?? []}
            loading={state.loading}
            locale={{ emptyText: empty }}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize: PAGINATION.minesPageSize,
              total: loaded?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: false,
              onChange: onPage,
            }}
          />
        )}
      </Card>
    </section>
  );
}

const player = (game: MineGame, line: ReactNode) => (
  <span className="mines-player">
    <strong>{game.user?.username ?? 'Unknown player'}</strong>
    <small>{line}</small>
  </span>
);

const activeColumns: ColumnsType<MineGame> = [
  {
    key: 'mines',
    title: 'Mines',
    render: (_, game) => (
      <span className="mines-count" title={`${game.mines_count} mines`}>
        <MineIcon /> {game.mines_count}
      </span>
    ),
  },
  { key: 'player', title: 'Player', render: (_, game) => player(game, `Game #${game.id}`) },
  {
    key: 'amount',
    title: 'Bet',
    align: 'right',
    render: (_, game) => <span className="mines-amount">{formatUsdt(game.amount)}</span>,
  },
  {
    key: 'status',
    title: 'Status',
    align: 'center',
    render: (_, game) => {
      const active = isActiveMineGame(game.status);
      return (
        <span
          className={`mines-dot${active ? ' is-active' : ''}`}
          role="img"
          aria-label={active ? 'active' : 'inactive'}
          title={active ? 'Active' : 'Inactive'}
        />
      );
    },
  },
];

const medals = ['gold', 'silver', 'bronze'];

function Rank({ rank }: { rank: number }) {
  const medal = medals[rank - 1];
  if (!medal) return <span className="mines-rank">#{rank}</span>;
  return (
    <span className="mines-rank">
      <span
        className={`mines-medal mines-medal--${medal}`}
        role="img"
        aria-label={`${medal} medal, ${ordinal(rank)}`}
      >
        {rank}
      </span>
    </span>
  );
}

function winColumns(firstRank: number): ColumnsType<MineGame> {
  return [
    {
      key: 'rank',
      title: 'Rank',
      align: 'center',
      render: (_, game, index) => <Rank rank={game.rank ?? firstRank + index} />,
    },
    {
      key: 'player',
      title: 'Player',
      render: (_, game) => (
        <>
          {player(game, formatDateTime(game.created_at))}
          {/* A phone has no Payout column: the payout stacks under the player (CSS shows it there only). */}
          <span className="mines-amount mines-amount--win mines-win-stacked">+{formatUsdt(game.payout)}</span>
        </>
      ),
    },
    {
      key: 'payout',
      title: 'Payout',
      align: 'right',
      // From antd's 'sm' (576 px) up; below, the three columns would not fit a phone without scrolling.
      responsive: ['sm'],
      render: (_, game) => <span className="mines-amount mines-amount--win">+{formatUsdt(game.payout)}</span>,
    },
  ];
}

/** docs/screens.md#mines-dashboard: the all-time mines activity. */
export default function MinesDashboard() {
  const stats = useMinesStats();
  const active = useMinesList('', 'active', 'Failed to fetch mines data');
  const wins = useMinesList('true', 'wins', 'Failed to fetch mine users');

  return (
    <div className="mines">
      <header className="mines-header">
        <h1>Mines – All-Time Mines Activity</h1>
        <p>Bets, payouts and games of the mines game since launch.</p>
      </header>
      {stats.error && <Alert type="error" showIcon title={stats.error} />}
      <Tiles stats={stats.data} />
      <div className="mines-columns">
        <ListCard
          title="Active Games"
          state={loadedOf(active)}
          empty="No active games right now"
          page={active.page}
          onPage={active.setPage}
          columns={activeColumns}
        />
        <ListCard
          title="Recent Big Wins"
          extra={<span className="mines-live">Live Updates</span>}
          state={loadedOf(wins)}
          empty="No big wins yet"
          page={wins.page}
          onPage={wins.setPage}
          columns={winColumns((wins.page - 1) * PAGINATION.minesPageSize + 1)}
        />
      </div>
    </div>
  );
}
