import type { MineGame, MinesStats } from '@backoffice/shared/contract';
import { formatCount, formatDateTime, formatMoney, isActiveMineGame, medal } from '@backoffice/shared/format';
import { type ReactNode, useState } from 'react';
import { Pager } from '../../components/Pager.tsx';
import { type MinesPage, useMinesList, useMinesStats } from './useMines.ts';

const usdt = (value: string | number | null | undefined) => `${formatMoney(value)} USDT`;

function Tile({ label, value, icon, tone }: { label: string; value: string; icon: string; tone: string }) {
  return (
    <div className={`mines-tile mines-tone-${tone}`}>
      <span className="mines-tile__icon" aria-hidden>
        {icon}
      </span>
      <div>
        <div className="mines-tile__label">{label}</div>
        <div className="mines-tile__value">{value}</div>
      </div>
    </div>
  );
}

function Tiles({ stats }: { stats: MinesStats | null }) {
  return (
    <section className="mines-tiles" aria-label="All-time figures">
      <Tile label="Total Betting" icon="💰" tone="indigo" value={stats ? usdt(stats.totalMineBets) : '…'} />
      <Tile
        label="Total Games"
        icon="🎮"
        tone="sky"
        value={stats ? formatCount(stats.totalMineGames) : '…'}
      />
      <Tile label="Total Payout" icon="💸" tone="amber" value={stats ? usdt(stats.totalPayout) : '…'} />
      <Tile
        label="Win/Loss"
        icon="⚖️"
        tone="violet"
        value={stats ? `${formatCount(stats.mineGameWins)} / ${formatCount(stats.mineGameLose)}` : '…'}
      />
      <Tile label="Admin Profit" icon="📈" tone="emerald" value={stats ? usdt(stats.adminProfit) : '…'} />
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
        <Pager page={page} totalPages={loaded.totalPages} onChange={onPage} label={`${title} pages`} />
      )}
    </section>
  );
}

function ActiveGameRow({ game }: { game: MineGame }) {
  const active = isActiveMineGame(game.status);
  return (
    <li className="mines-row">
      <span className="mines-row__mines" title={`${game.mines_count} mines`}>
        💣 {game.mines_count}
      </span>
      <span className="mines-row__main">
        <strong>{game.user?.username ?? 'Unknown player'}</strong>
        <small>Game #{game.id}</small>
      </span>
      <span className="mines-row__amount">{usdt(game.amount)}</span>
      <span
        className={`mines-dot${active ? ' is-active' : ''}`}
        role="img"
        aria-label={active ? 'active' : 'inactive'}
        title={active ? 'Active' : 'Inactive'}
      />
    </li>
  );
}

function BigWinRow({ game, rank }: { game: MineGame; rank: number }) {
  const mark = medal(rank);
  return (
    <li className={`mines-row${rank <= 3 ? ' mines-row--podium' : ''}`}>
      <span className="mines-row__rank" title={`Rank ${rank}`}>
        {mark ? (
          <span role="img" aria-label={`Rank ${rank}`}>
            {mark}
          </span>
        ) : (
          `#${rank}`
        )}
      </span>
      <span className="mines-row__main">
        <strong>{game.user?.username ?? 'Unknown player'}</strong>
        <small>{formatDateTime(game.created_at)}</small>
      </span>
      <span className="mines-row__amount mines-row__amount--win">+{usdt(game.payout)}</span>
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
