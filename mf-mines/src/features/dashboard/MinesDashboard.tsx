import {
  DollarOutlined,
  PlayCircleOutlined,
  RiseOutlined,
  SwapOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { MineGame, MinesStats } from '@backoffice/shared/contract';
import {
  formatCount,
  formatDateTime,
  formatMoney,
  formatUsdt,
  isActiveMineGame,
  ordinal,
} from '@backoffice/shared/format';
import { Pagination } from '@backoffice/shared/ui';
import { type ReactNode, useState } from 'react';
import { type MinesPage, useMinesList, useMinesStats } from './useMines.ts';

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

function Tile({
  label,
  value,
  unit,
  icon,
}: {
  label: string;
  value: string;
  unit?: string;
  icon: ReactNode;
}) {
  return (
    <div className="mines-tile">
      <span className="mines-tile__icon" aria-hidden>
        {icon}
      </span>
      <div className="mines-tile__text">
        <div className="mines-tile__label">{label}</div>
        <div className="mines-tile__value">
          <span className="mines-tile__figure">{value}</span>
          {unit && <span className="mines-tile__unit"> {unit}</span>}
        </div>
      </div>
    </div>
  );
}

function Tiles({ stats }: { stats: MinesStats | null }) {
  const show = (format: (s: MinesStats) => string) => (stats ? format(stats) : '…');
  return (
    <section className="mines-tiles" aria-label="All-time figures">
      <Tile
        label="Total Betting"
        icon={<DollarOutlined />}
        value={show((s) => formatMoney(s.totalMineBets))}
        unit="USDT"
      />
      <Tile
        label="Total Games"
        icon={<PlayCircleOutlined />}
        value={show((s) => formatCount(s.totalMineGames))}
      />
      <Tile
        label="Total Payout"
        icon={<WalletOutlined />}
        value={show((s) => formatMoney(s.totalPayout))}
        unit="USDT"
      />
      <Tile
        label="Win/Loss"
        icon={<SwapOutlined />}
        value={show((s) => `${formatCount(s.mineGameWins)} / ${formatCount(s.mineGameLose)}`)}
      />
      <Tile
        label="Admin Profit"
        icon={<RiseOutlined />}
        value={show((s) => formatMoney(s.adminProfit))}
        unit="USDT"
      />
    </section>
  );
}

function ListCard({
  title,
  subtitle,
  state,
  empty,
  page,
  onPage,
  renderRow,
}: {
  title: string;
  subtitle?: ReactNode;
  state: ReturnType<typeof useMinesList>;
  empty: string;
  page: number;
  onPage: (page: number) => void;
  renderRow: (game: MineGame, index: number) => ReactNode;
}) {
  const loaded: MinesPage | null = state.status === 'loaded' ? state.value : null;
  return (
    <section className="mines-card" aria-label={title}>
      <header className="mines-card__header">
        <h2>{title}</h2>
        {subtitle}
        {loaded && <span className="mines-card__count">{formatCount(loaded.total)} total</span>}
      </header>
      {state.status === 'loading' && (
        <ul className="mines-list" aria-busy="true">
          {[0, 1, 2, 3, 4].map((n) => (
            <li key={n} className="mines-row mines-row--skeleton" />
          ))}
        </ul>
      )}
      {state.status === 'error' && (
        <p className="mines-card__error" role="alert">
          {state.message}
        </p>
      )}
      {loaded && loaded.games.length === 0 && <p className="mines-card__empty">{empty}</p>}
      {loaded && loaded.games.length > 0 && (
        <ul className="mines-list">{loaded.games.map((game, index) => renderRow(game, index))}</ul>
      )}
      {loaded && (
        <Pagination page={page} totalPages={loaded.totalPages} onChange={onPage} label={`${title} pages`} />
      )}
    </section>
  );
}

function ActiveGameRow({ game }: { game: MineGame }) {
  const active = isActiveMineGame(game.status);
  return (
    <li className="mines-row">
      <span className="mines-row__mines" title={`${game.mines_count} mines`}>
        <MineIcon /> {game.mines_count}
      </span>
      <span className="mines-row__main">
        <strong>{game.user?.username ?? 'Unknown player'}</strong>
        <small>Game #{game.id}</small>
      </span>
      <span className="mines-row__amount">{formatUsdt(game.amount)}</span>
      <span
        className={`mines-dot${active ? ' is-active' : ''}`}
        role="img"
        aria-label={active ? 'active' : 'inactive'}
        title={active ? 'Active' : 'Inactive'}
      />
    </li>
  );
}

const medals = ['gold', 'silver', 'bronze'];

function BigWinRow({ game, rank }: { game: MineGame; rank: number }) {
  const medal = medals[rank - 1];
  return (
    <li className={`mines-row${medal ? ' mines-row--podium' : ''}`}>
      <span className="mines-row__rank">
        {medal ? (
          <span
            className={`mines-medal mines-medal--${medal}`}
            role="img"
            aria-label={`${medal} medal, ${ordinal(rank)}`}
          >
            {rank}
          </span>
        ) : (
          `#${rank}`
        )}
      </span>
      <span className="mines-row__main">
        <strong>{game.user?.username ?? 'Unknown player'}</strong>
        <small>{formatDateTime(game.created_at)}</small>
      </span>
      <span className="mines-row__amount mines-row__amount--win">+{formatUsdt(game.payout)}</span>
    </li>
  );
}

/** Spec section 2.11: the all-time mines activity. */
export default function MinesDashboard() {
  const stats = useMinesStats();
  const [activePage, setActivePage] = useState(1);
  const [winsPage, setWinsPage] = useState(1);
  const active = useMinesList('', activePage, 'Failed to fetch mines data');
  const wins = useMinesList('true', winsPage, 'Failed to fetch mine users');

  return (
    <div className="mines">
      <header className="mines-header">
        <h1>Mines – All-Time Mines Activity</h1>
        <p>Bets, payouts and games of the mines game since launch.</p>
      </header>
      {stats.status === 'error' && (
        <p className="mines-card__error" role="alert">
          {stats.message}
        </p>
      )}
      <Tiles stats={stats.status === 'loaded' ? stats.value : null} />
      <div className="mines-columns">
        <ListCard
          title="Active Games"
          state={active}
          empty="No active games right now"
          page={activePage}
          onPage={setActivePage}
          renderRow={(game) => <ActiveGameRow key={game.id} game={game} />}
        />
        <ListCard
          title="Recent Big Wins"
          subtitle={<span className="mines-live">Live Updates</span>}
          state={wins}
          empty="No big wins yet"
          page={winsPage}
          onPage={setWinsPage}
          renderRow={(game, index) => (
            <BigWinRow key={game.id} game={game} rank={game.rank ?? (winsPage - 1) * 5 + index + 1} />
          )}
        />
      </div>
    </div>
  );
}
