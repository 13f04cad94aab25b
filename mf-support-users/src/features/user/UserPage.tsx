import type {
  UserBlockEntry,
  UserLotteryTicket,
  UserMineGame,
  UserProfile,
  UserTransaction,
  UserWithdrawal,
} from '@backoffice/shared/contract';
import {
  bscTxUrl,
  formatCount,
  formatDateTime,
  formatMoney,
  formatUsdt,
  shortenAddress,
  upperCurrency,
} from '@backoffice/shared/format';
import { ApiError, useHost } from '@backoffice/shared/host';
import {
  Badge,
  type BadgeColor,
  Button,
  ButtonLink,
  Card,
  type Column,
  DataTable,
  EmptyState,
  ErrorPanel,
  PageHeader,
  Skeleton,
  StatCard,
} from '@backoffice/shared/ui';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BlockUserDialog } from '../../components/BlockUserDialog.tsx';
import { UserStatusBadge } from '../../components/UserStatusBadge.tsx';
import { useUnblock } from '../../components/useUnblock.ts';
import { fetchUserDetails, USER_DETAIL_FALLBACK } from '../../data/user-detail.ts';
import { useScreenLoad } from '../../data/useScreenLoad.ts';
import { withdrawalLink } from './links.ts';

const TX_COLORS: Record<string, BadgeColor> = { completed: 'green', waiting: 'yellow', failed: 'red' };
const WITHDRAWAL_COLORS: Record<string, BadgeColor> = {
  waiting: 'yellow',
  pending: 'yellow',
  pending_otp: 'orange',
  approved: 'blue',
  rejected: 'red',
  cancelled: 'grey',
  completed: 'green',
};
const GAME_OUTCOMES: Record<string, BadgeColor> = { won: 'green', lost: 'red', cancelled: 'grey' };

const nowrap = (text: ReactNode) => <span className="su-nowrap">{text}</span>;
/** A money figure for a stat card: the amount in one piece, the unit smaller. */
const figure = (amount: string, unit = 'USDT') => (
  <>
    <span className="su-nowrap">{formatMoney(amount)}</span> <span className="su-unit">{unit}</span>
  </>
);
const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
const none = <span className="su-muted">—</span>;

/** A card with the latest rows of one kind, how many there are in all, and links to the full list. */
function Recent<T extends { id: number }>({
  title,
  rows,
  total,
  columns,
  empty,
  summary,
  more,
}: {
  title: string;
  rows: T[];
  total: number;
  columns: Column<T>[];
  empty: string;
  summary?: ReactNode;
  more?: ReactNode;
}) {
  const count =
    rows.length < total
      ? `latest ${formatCount(rows.length)} of ${formatCount(total)}`
      : `${formatCount(total)} in all`;
  return (
    <Card
      className="su-table-card"
      title={title}
      extra={
        <span className="su-section-extra">
          <span className="su-muted">{count}</span>
          {more}
        </span>
      }
    >
      {summary && <p className="su-section-summary">{summary}</p>}
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={<EmptyState>{empty}</EmptyState>}
      />
    </Card>
  );
}

function Profile({ user }: { user: UserProfile }) {
  const rows: [string, ReactNode][] = [
    ['ID', user.id],
    ['Name', user.name || <span className="su-muted">Not set</span>],
    ['Username', user.username],
    [
      'Email',
      <>
        <span className="su-break">{user.email}</span>{' '}
        <Badge color={user.email_verified ? 'green' : 'grey'}>
          {user.email_verified ? 'verified' : 'unverified'}
        </Badge>
      </>,
    ],
    [
      'Role',
      <Badge key="role" color="purple">
        {user.role}
      </Badge>,
    ],
    ['Status', <UserStatusBadge key="status" status={user.status} />],
    ['Last login', user.last_login ? formatDateTime(user.last_login) : 'Never'],
    ['Joined', formatDateTime(user.createdAt)],
  ];
  if (user.status === 'blocked')
    rows.push(['Block reason', user.block_reason || <span className="su-muted">None given</span>]);
  return (
    <Card title="Profile" className="su-profile">
      <dl className="su-meta">
        {rows.map(([label, value]) => (
          <div key={label} className="su-meta__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

const blockColumns: Column<UserBlockEntry>[] = [
  {
    key: 'action',
    title: 'Action',
    render: (b) => <Badge color={b.action === 'blocked' ? 'red' : 'green'}>{b.action}</Badge>,
  },
  {
    key: 'reason',
    title: 'Reason',
    render: (b) => (b.reason ? <span className="su-remarks">{b.reason}</span> : none),
  },
  {
    key: 'admin',
    title: 'By',
    render: (b) =>
      b.admin ? (
        <span className="su-user-cell">
          <span>{b.admin.name}</span>
          <span className="su-muted">{b.admin.email}</span>
        </span>
      ) : (
        <span className="su-muted su-nowrap">Not recorded</span>
      ),
  },
  { key: 'when', title: 'When', render: (b) => nowrap(formatDateTime(b.createdAt)) },
];

const ticketColumns: Column<UserLotteryTicket>[] = [
  { key: 'number', title: 'Ticket', render: (t) => <code>{t.ticket_number}</code> },
  {
    key: 'lottery',
    title: 'Lottery',
    render: (t) => (
      <Link className="su-link su-nowrap" to={`/lottery/details/${t.Lottery.id}`}>
        {t.Lottery.name}
      </Link>
    ),
  },
  { key: 'price', title: 'Price', align: 'right', render: (t) => nowrap(formatUsdt(t.price)) },
  {
    key: 'result',
    title: 'Result',
    render: (t) =>
      t.is_winner ? (
        <Badge color="green">{`${t.prize_rank ? `Rank ${t.prize_rank}: ` : ''}won ${formatUsdt(t.winning_amount)}`}</Badge>
      ) : (
        none
      ),
  },
  {
    key: 'status',
    title: 'Status',
    render: (t) => <Badge color={t.status === 'active' ? 'green' : 'yellow'}>{t.status}</Badge>,
  },
  { key: 'date', title: 'Bought', render: (t) => nowrap(formatDateTime(t.createdAt)) },
];

const gameColumns: Column<UserMineGame>[] = [
  { key: 'id', title: 'Game', render: (g) => `#${g.id}` },
  { key: 'mines', title: 'Mines', align: 'right', render: (g) => g.mines_count },
  { key: 'bet', title: 'Bet', align: 'right', render: (g) => nowrap(formatUsdt(g.amount)) },
  { key: 'payout', title: 'Payout', align: 'right', render: (g) => nowrap(formatUsdt(g.payout)) },
  {
    key: 'status',
    title: 'Status',
    render: (g) =>
      g.status === 'true' ? (
        <Badge color="blue">active</Badge>
      ) : (
        <Badge color={GAME_OUTCOMES[g.outcome ?? ''] ?? 'grey'}>{g.outcome ?? 'finished'}</Badge>
      ),
  },
  { key: 'date', title: 'Played', render: (g) => nowrap(formatDateTime(g.created_at)) },
];

const txColumns: Column<UserTransaction>[] = [
  {
    key: 'id',
    title: 'ID',
    render: (t) => (
      <Link className="su-link" to={`/transactions?id=${t.id}`}>
        #{t.id}
      </Link>
    ),
  },
  {
    key: 'amount',
    title: 'Amount',
    align: 'right',
    render: (t) => nowrap(`${formatMoney(t.amount)} ${upperCurrency(t.currency)}`),
  },
  { key: 'pay', title: 'Paid in', render: (t) => upperCurrency(t.pay_currency) || none },
  {
    key: 'status',
    title: 'Status',
    render: (t) => <Badge color={TX_COLORS[t.status] ?? 'grey'}>{t.status}</Badge>,
  },
  { key: 'date', title: 'Date', render: (t) => nowrap(formatDateTime(t.createdAt)) },
];

function withdrawalColumns(username: string): Column<UserWithdrawal>[] {
  return [
    {
      key: 'id',
      title: 'ID',
      render: (w) => (
        <Link className="su-link" to={withdrawalLink(w, username)}>
          #{w.id}
        </Link>
      ),
    },
    { key: 'amount', title: 'Amount', align: 'right', render: (w) => nowrap(formatUsdt(w.amount)) },
    {
      key: 'wallet',
      title: 'Wallet',
      render: (w) =>
        w.wallet_address ? <code title={w.wallet_address}>{shortenAddress(w.wallet_address)}</code> : none,
    },
    {
      key: 'status',
      title: 'Status',
      render: (w) => <Badge color={WITHDRAWAL_COLORS[w.status] ?? 'grey'}>{w.status}</Badge>,
    },
    {
      key: 'hash',
      title: 'Hash',
      render: (w) =>
        w.hash ? (
          <a className="su-link" href={bscTxUrl(w.hash)} target="_blank" rel="noreferrer">
            {shortenAddress(w.hash)}
          </a>
        ) : (
          none
        ),
    },
    { key: 'date', title: 'Requested', render: (w) => nowrap(formatDateTime(w.createdAt)) },
  ];
}

/** /users/{id}: everything about one user on one page (the spec leaves this screen open). */
export default function UserPage() {
  const { id = '' } = useParams();
  const { http } = useHost();
  const [blocking, setBlocking] = useState(false);
  const detail = useScreenLoad(
    (signal) => fetchUserDetails(http, id, signal),
    [http, id],
    USER_DETAIL_FALLBACK,
  );
  const { unblock, busyId } = useUnblock(detail.refresh);
  const data = detail.data;
  const crumbs = [
    { label: 'Dashboard', to: '/' },
    { label: 'Users', to: '/users' },
  ];
  // An unknown or deleted user: retrying cannot help.
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;

  if (!data || String(data.user.id) !== id) {
    return (
      <div className="su-page">
        <PageHeader title="User" breadcrumb={[...crumbs, { label: `#${id}` }]} />
        {detail.message && !detail.loading ? (
          <>
            <ErrorPanel
              title="Error Loading User"
              message={detail.message}
              onRetry={notFound ? undefined : detail.reload}
            />
            <div>
              <ButtonLink to="/users">Back to Users</ButtonLink>
            </div>
          </>
        ) : (
          <Card>
            <Skeleton rows={6} />
          </Card>
        )}
      </div>
    );
  }

  const { user, transactions, withdrawals, lotteryTickets, mineGames } = data;
  const username = encodeURIComponent(user.username);
  return (
    <div className="su-page">
      <PageHeader
        title={user.name || user.username}
        subtitle={`@${user.username}`}
        breadcrumb={[...crumbs, { label: user.username }]}
        actions={
          <>
            <Button onClick={detail.refresh} loading={detail.loading}>
              Refresh
            </Button>
            {user.status === 'blocked' ? (
              <Button variant="primary" loading={busyId === user.id} onClick={() => unblock(user.id)}>
                Unblock
              </Button>
            ) : (
              <Button variant="danger" onClick={() => setBlocking(true)}>
                Block
              </Button>
            )}
          </>
        }
      />
      {detail.message && (
        <ErrorPanel title="Error Loading User" message={detail.message} onRetry={detail.reload} />
      )}
      <div className="su-user-top">
        <Profile user={user} />
        <section className="su-figures" aria-label="Money">
          <StatCard label="Balance" value={figure(user.balance)} tone="blue" />
          <StatCard
            label="Winnings"
            value={figure(user.winnings)}
            hint="prizes and payouts credited"
            tone="green"
          />
          <StatCard
            label="Deposited"
            value={figure(transactions.completedAmount, 'USD')}
            hint={`${formatCount(transactions.completedCount)} completed of ${plural(transactions.total, 'deposit', 'deposits')}`}
            tone="purple"
          />
          <StatCard
            label="Withdrawn"
            value={figure(withdrawals.paidAmount)}
            hint={
              withdrawals.pendingCount === 0
                ? 'approved or completed; none pending'
                : `approved or completed; ${formatUsdt(withdrawals.pendingAmount)} pending in ${plural(withdrawals.pendingCount, 'request', 'requests')}`
            }
            tone="orange"
          />
        </section>
      </div>
      <Card title="Block history" className="su-table-card">
        <DataTable
          caption="Block history"
          columns={blockColumns}
          rows={data.blockHistory}
          rowKey={(b) => b.id}
          empty={<EmptyState>This user has never been blocked</EmptyState>}
        />
      </Card>
      <Recent
        title="Recent transactions"
        rows={transactions.data}
        total={transactions.total}
        columns={txColumns}
        empty="No transactions yet"
        more={
          <ButtonLink size="small" to={`/transactions?username=${username}`}>
            All transactions
          </ButtonLink>
        }
      />
      <Recent
        title="Withdrawals"
        rows={withdrawals.data}
        total={withdrawals.total}
        columns={withdrawalColumns(user.username)}
        empty="No withdrawals yet"
        more={
          <ButtonLink size="small" to={`/withdrawals/approved?username=${username}`}>
            Approved & rejected
          </ButtonLink>
        }
      />
      <Recent
        title="Lottery tickets"
        rows={lotteryTickets.data}
        total={lotteryTickets.total}
        columns={ticketColumns}
        empty="No lottery tickets yet"
        summary={`Spent ${formatUsdt(lotteryTickets.spent)} · won ${formatUsdt(lotteryTickets.won)} on ${plural(lotteryTickets.wins, 'winning ticket', 'winning tickets')}`}
      />
      <Recent
        title="Mine games"
        rows={mineGames.data}
        total={mineGames.total}
        columns={gameColumns}
        empty="No mine games yet"
        summary={`Bets ${formatUsdt(mineGames.bets)} · payouts ${formatUsdt(mineGames.payouts)} · ${formatCount(mineGames.active)} active`}
      />
      {blocking && (
        <BlockUserDialog
          user={user}
          onClose={() => setBlocking(false)}
          onDone={() => {
            setBlocking(false);
            detail.refresh();
          }}
        />
      )}
    </div>
  );
}
