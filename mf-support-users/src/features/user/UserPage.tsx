import type { Transaction, Withdrawal } from '@backoffice/shared/contract';
import {
  formatCount,
  formatDateTime,
  formatMoney,
  formatUsdt,
  shortenAddress,
  upperCurrency,
} from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
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
import {
  fetchUserDetail,
  type Recent,
  USER_DETAIL_FALLBACK,
  type UserBlockEntry,
  type UserDetail,
  type UserMineGame,
  type UserTicket,
} from '../../data/user-detail.ts';
import { useScreenLoad } from '../../data/useScreenLoad.ts';

const TX_COLORS: Record<string, BadgeColor> = { completed: 'green', waiting: 'yellow', failed: 'red' };
const WITHDRAWAL_COLORS: Record<string, BadgeColor> = {
  waiting: 'yellow',
  pending: 'yellow',
  pending_otp: 'yellow',
  approved: 'blue',
  rejected: 'red',
  cancelled: 'grey',
  completed: 'green',
};

/** The finance screen that lists a withdrawal, with the filter that finds it there. */
export function withdrawalLink(w: Pick<Withdrawal, 'id' | 'status'>, username: string): string {
  if (w.status === 'pending' || w.status === 'waiting') return `/withdrawals/pending?id=${w.id}`;
  if (w.status === 'completed') return `/withdrawals/completed?id=${w.id}`;
  return `/withdrawals/approved?username=${encodeURIComponent(username)}`;
}

function Section<T>({
  title,
  recent,
  columns,
  empty,
  more,
}: {
  title: string;
  recent: Recent<T> & { data: T[] };
  columns: Column<T>[];
  empty: string;
  more?: ReactNode;
}) {
  const shown = recent.data.length;
  return (
    <Card
      className="su-table-card"
      title={title}
      extra={
        <span className="su-section-extra">
          <span className="su-muted">
            {shown < recent.total
              ? `latest ${formatCount(shown)} of ${formatCount(recent.total)}`
              : `${formatCount(recent.total)} in all`}
          </span>
          {more}
        </span>
      }
    >
      <DataTable
        caption={title}
        columns={columns}
        rows={recent.data}
        rowKey={(row) => (row as { id: number }).id}
        empty={<EmptyState>{empty}</EmptyState>}
      />
    </Card>
  );
}

function Profile({ user }: { user: UserDetail['user'] }) {
  const rows: [string, ReactNode][] = [
    ['ID', user.id],
    ['Name', user.name || <span className="su-muted">Not set</span>],
    ['Username', user.username],
    [
      'Email',
      <>
        {user.email}{' '}
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
    ['Last Login', user.last_login ? formatDateTime(user.last_login) : 'Never'],
    ['Joined', formatDateTime(user.createdAt)],
  ];
  if (user.status === 'blocked')
    rows.push(['Block reason', user.block_reason || <span className="su-muted">None given</span>]);
  if (user.deleted_at) rows.push(['Deleted', formatDateTime(user.deleted_at)]);
  return (
    <Card title="Profile" className="su-profile">
      <dl className="su-meta su-meta--profile">
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
    render: (b) =>
      b.reason ? <span className="su-remarks">{b.reason}</span> : <span className="su-muted">—</span>,
  },
  {
    key: 'admin',
    title: 'By',
    render: (b) =>
      b.admin ? (
        <span className="su-nowrap">
          {b.admin.name ? `${b.admin.name} (${b.admin.email})` : b.admin.email}
        </span>
      ) : (
        <span className="su-muted">Unknown</span>
      ),
  },
  {
    key: 'when',
    title: 'When',
    render: (b) => <span className="su-nowrap">{formatDateTime(b.createdAt)}</span>,
  },
];

const ticketColumns: Column<UserTicket>[] = [
  { key: 'number', title: 'Ticket', render: (t) => <code>{t.ticket_number}</code> },
  {
    key: 'lottery',
    title: 'Lottery',
    render: (t) => (
      <Link className="su-link" to={`/lottery/details/${t.Lottery.id}`}>
        {t.Lottery.name}
      </Link>
    ),
  },
  {
    key: 'price',
    title: 'Price',
    align: 'right',
    render: (t) => <span className="su-nowrap">{formatUsdt(t.price)}</span>,
  },
  {
    key: 'result',
    title: 'Result',
    render: (t) =>
      t.is_winner ? (
        <Badge color="green">
          {t.prize_rank ? `#${t.prize_rank} ` : ''}won {formatUsdt(t.winning_amount)}
        </Badge>
      ) : (
        <span className="su-muted">—</span>
      ),
  },
  {
    key: 'status',
    title: 'Status',
    render: (t) => <Badge color={t.status === 'active' ? 'green' : 'yellow'}>{t.status}</Badge>,
  },
  {
    key: 'date',
    title: 'Bought',
    render: (t) => <span className="su-nowrap">{formatDateTime(t.createdAt)}</span>,
  },
];

const gameColumns: Column<UserMineGame>[] = [
  { key: 'id', title: 'Game', render: (g) => `#${g.id}` },
  { key: 'mines', title: 'Mines', align: 'right', render: (g) => g.mines_count },
  {
    key: 'bet',
    title: 'Bet',
    align: 'right',
    render: (g) => <span className="su-nowrap">{formatUsdt(g.amount)}</span>,
  },
  {
    key: 'payout',
    title: 'Payout',
    align: 'right',
    render: (g) => <span className="su-nowrap">{formatUsdt(g.payout)}</span>,
  },
  {
    key: 'status',
    title: 'Status',
    render: (g) =>
      g.status === 'true' ? <Badge color="blue">active</Badge> : <Badge color="grey">finished</Badge>,
  },
  {
    key: 'date',
    title: 'Played',
    render: (g) => <span className="su-nowrap">{formatDateTime(g.created_at)}</span>,
  },
];

/** /users/{id}: everything about one user on one page (the spec leaves this screen open). */
export default function UserPage() {
  const { id = '' } = useParams();
  const { http } = useHost();
  const [blocking, setBlocking] = useState(false);
  const detail = useScreenLoad(
    (signal) => fetchUserDetail(http, id, signal),
    [http, id],
    USER_DETAIL_FALLBACK,
  );
  const { unblock, busyId } = useUnblock(detail.reload);
  const data = detail.data;
  const crumbs = [
    { label: 'Dashboard', to: '/' },
    { label: 'Users', to: '/users' },
  ];

  if (!data) {
    return (
      <div className="su-page">
        <PageHeader title="User" breadcrumb={[...crumbs, { label: `#${id}` }]} />
        {detail.message && !detail.loading ? (
          <ErrorPanel title="Error Loading User" message={detail.message} onRetry={detail.reload} />
        ) : (
          <Card>
            <Skeleton rows={6} />
          </Card>
        )}
      </div>
    );
  }

  const { user } = data;
  const username = encodeURIComponent(user.username);
  const txColumns: Column<Transaction>[] = [
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
      render: (t) => (
        <span className="su-nowrap">{`${formatMoney(t.amount)} ${upperCurrency(t.currency)}`}</span>
      ),
    },
    { key: 'pay', title: 'Paid in', render: (t) => upperCurrency(t.pay_currency) || '—' },
    {
      key: 'status',
      title: 'Status',
      render: (t) => <Badge color={TX_COLORS[t.status] ?? 'grey'}>{t.status}</Badge>,
    },
    {
      key: 'date',
      title: 'Date',
      render: (t) => <span className="su-nowrap">{formatDateTime(t.createdAt)}</span>,
    },
  ];
  const withdrawalColumns: Column<Withdrawal>[] = [
    {
      key: 'id',
      title: 'ID',
      render: (w) => (
        <Link className="su-link" to={withdrawalLink(w, user.username)}>
          #{w.id}
        </Link>
      ),
    },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      render: (w) => <span className="su-nowrap">{formatUsdt(w.amount)}</span>,
    },
    {
      key: 'wallet',
      title: 'Wallet',
      render: (w) =>
        w.wallet_address ? <code title={w.wallet_address}>{shortenAddress(w.wallet_address)}</code> : '—',
    },
    {
      key: 'status',
      title: 'Status',
      render: (w) => <Badge color={WITHDRAWAL_COLORS[w.status] ?? 'grey'}>{w.status}</Badge>,
    },
    {
      key: 'date',
      title: 'Requested',
      render: (w) => <span className="su-nowrap">{formatDateTime(w.createdAt)}</span>,
    },
  ];

  return (
    <div className="su-page">
      <PageHeader
        title={user.name || user.username}
        subtitle={`@${user.username} · ${user.email}`}
        breadcrumb={[...crumbs, { label: user.username }]}
        actions={
          <>
            <Button onClick={detail.reload} loading={detail.loading}>
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
      <div className="su-user-top">
        <Profile user={user} />
        <div className="su-user-figures">
          <StatCard label="Balance" value={formatUsdt(user.balance)} tone="blue" />
          <StatCard
            label="Winnings"
            value={formatUsdt(user.winnings)}
            hint="prizes and payouts credited"
            tone="green"
          />
          <StatCard
            label="Deposits"
            value={formatCount(data.transactions.total)}
            hint={<Link to={`/transactions?username=${username}`}>View transactions</Link>}
            tone="purple"
          />
          <StatCard
            label="Withdrawals"
            value={formatCount(data.withdrawals.total)}
            hint={<Link to={`/withdrawals/approved?username=${username}`}>View processed withdrawals</Link>}
            tone="orange"
          />
        </div>
      </div>
      <Card title="Block history" className="su-table-card">
        <DataTable
          caption="Block history"
          columns={blockColumns}
          rows={data.blocks}
          rowKey={(b) => b.id}
          empty={<EmptyState>This user has never been blocked</EmptyState>}
        />
      </Card>
      <Section
        title="Recent transactions"
        recent={data.transactions}
        columns={txColumns}
        empty="No transactions yet"
        more={
          <ButtonLink size="small" to={`/transactions?username=${username}`}>
            All transactions
          </ButtonLink>
        }
      />
      <Section
        title="Withdrawals"
        recent={data.withdrawals}
        columns={withdrawalColumns}
        empty="No withdrawals yet"
        more={
          <ButtonLink size="small" to={`/withdrawals/approved?username=${username}`}>
            Approved & rejected
          </ButtonLink>
        }
      />
      <Section
        title="Lottery tickets"
        recent={data.tickets}
        columns={ticketColumns}
        empty="No lottery tickets yet"
      />
      <Section title="Mine games" recent={data.mineGames} columns={gameColumns} empty="No mine games yet" />
      {blocking && (
        <BlockUserDialog
          user={user}
          onClose={() => setBlocking(false)}
          onDone={() => {
            setBlocking(false);
            detail.reload();
          }}
        />
      )}
    </div>
  );
}
