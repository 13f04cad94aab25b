import type {
  UserBlockEntry,
  UserLotteryTicket,
  UserMineGame,
  UserProfile,
  UserTransaction,
  UserWithdrawal,
} from '@backoffice/shared/contract';
import { endpoints } from '@backoffice/shared/endpoints';
import {
  bscTxUrl,
  formatCount,
  formatDateTime,
  formatMoney,
  formatUsdt,
  shortenAddress,
  upperCurrency,
} from '@backoffice/shared/format';
import { useCan, useHost } from '@backoffice/shared/host';
import { HistoryLink, PageHeader, StatusTag, useLoad } from '@backoffice/shared/ui';
import { Alert, Button, Card, Descriptions, Empty, Result, Skeleton, Statistic, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BlockUserDialog } from '../../components/BlockUserDialog.tsx';
import { useFailureToast } from '../../components/useFailureToast.ts';
import { useUnblock } from '../../components/useUnblock.ts';
import { failureText, isNotFound, USER_FALLBACKS } from '../../data/messages.ts';
import { withdrawalLink } from './links.ts';

const nowrap = (text: ReactNode) => <span className="su-nowrap">{text}</span>;
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
  total?: number;
  columns: ColumnsType<T>;
  empty: string;
  summary?: ReactNode;
  more?: ReactNode;
}) {
  const count =
    total === undefined
      ? null
      : rows.length < total
        ? `latest ${formatCount(rows.length)} of ${formatCount(total)}`
        : `${formatCount(total)} in all`;
  return (
    <Card
      size="small"
      className="su-table-card"
      title={title}
      extra={
        (count || more) && (
          <span className="su-section-extra">
            {count && <span className="su-muted">{count}</span>}
            {more}
          </span>
        )
      }
    >
      {summary && <p className="su-section-summary">{summary}</p>}
      <Table<T>
        aria-label={title}
        size="small"
        columns={columns}
        dataSource={rows}
        rowKey={(row) => row.id}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      />
    </Card>
  );
}

function Profile({ user }: { user: UserProfile }) {
  const items = [
    { key: 'id', label: 'ID', children: user.id },
    { key: 'name', label: 'Name', children: user.name || <span className="su-muted">Not set</span> },
    { key: 'username', label: 'Username', children: user.username },
    {
      key: 'email',
      label: 'Email',
      children: (
        <span>
          <span className="su-break">{user.email}</span>{' '}
          <Tag color={user.email_verified ? 'green' : 'default'}>
            {user.email_verified ? 'verified' : 'unverified'}
          </Tag>
        </span>
      ),
    },
    { key: 'role', label: 'Role', children: <Tag color="purple">{user.role}</Tag> },
    { key: 'status', label: 'Status', children: <StatusTag kind="user" status={user.status} /> },
    {
      key: 'last_login',
      label: 'Last login',
      children: user.last_login ? formatDateTime(user.last_login) : 'Never',
    },
    { key: 'joined', label: 'Joined', children: formatDateTime(user.createdAt) },
  ];
  if (user.status === 'blocked')
    items.push({
      key: 'block_reason',
      label: 'Block reason',
      children: user.block_reason || <span className="su-muted">None given</span>,
    });
  return (
    <section className="su-profile" aria-label="Profile">
      <Card size="small" title={<h2 className="su-card-title">Profile</h2>}>
        <Descriptions size="small" column={1} bordered items={items} />
      </Card>
    </section>
  );
}

/** One money figure: the amount in one piece, its unit smaller, and a line of context. */
function Figure({
  label,
  amount,
  unit = 'USDT',
  hint,
}: {
  label: string;
  amount: string;
  unit?: string;
  hint?: string;
}) {
  return (
    <Card size="small" className="su-figure">
      <Statistic title={label} value={formatMoney(amount)} suffix={<span className="su-unit">{unit}</span>} />
      {hint && <div className="su-muted su-figure__hint">{hint}</div>}
    </Card>
  );
}

const blockColumns: ColumnsType<UserBlockEntry> = [
  {
    key: 'action',
    title: 'Action',
    render: (_, b) => <Tag color={b.action === 'blocked' ? 'red' : 'green'}>{b.action}</Tag>,
  },
  {
    key: 'reason',
    title: 'Reason',
    render: (_, b) => (b.reason ? <span className="su-remarks">{b.reason}</span> : none),
  },
  {
    key: 'admin',
    title: 'By',
    render: (_, b) =>
      b.admin ? (
        <span className="su-user-cell">
          <span>{b.admin.name}</span>
          <span className="su-muted">{b.admin.email}</span>
        </span>
      ) : (
        <span className="su-muted su-nowrap">Not recorded</span>
      ),
  },
  { key: 'when', title: 'When', render: (_, b) => nowrap(formatDateTime(b.createdAt)) },
];

const ticketColumns: ColumnsType<UserLotteryTicket> = [
  { key: 'number', title: 'Ticket', render: (_, t) => <code>{t.ticket_number}</code> },
  {
    key: 'lottery',
    title: 'Lottery',
    render: (_, t) => (
      <Link className="su-link su-nowrap" to={`/lottery/details/${t.Lottery.id}`}>
        {t.Lottery.name}
      </Link>
    ),
  },
  { key: 'price', title: 'Price', align: 'right', render: (_, t) => nowrap(formatUsdt(t.price)) },
  {
    key: 'result',
    title: 'Result',
    render: (_, t) =>
      t.is_winner ? (
        <Tag color="green">{`${t.prize_rank ? `Rank ${t.prize_rank}: ` : ''}won ${formatUsdt(t.winning_amount)}`}</Tag>
      ) : (
        none
      ),
  },
  { key: 'status', title: 'Status', render: (_, t) => <StatusTag kind="ticket" status={t.status} /> },
  { key: 'date', title: 'Bought', render: (_, t) => nowrap(formatDateTime(t.createdAt)) },
];

const gameColumns: ColumnsType<UserMineGame> = [
  { key: 'id', title: 'Game', render: (_, g) => `#${g.id}` },
  { key: 'mines', title: 'Mines', align: 'right', render: (_, g) => g.mines_count },
  { key: 'bet', title: 'Bet', align: 'right', render: (_, g) => nowrap(formatUsdt(g.amount)) },
  { key: 'payout', title: 'Payout', align: 'right', render: (_, g) => nowrap(formatUsdt(g.payout)) },
  {
    key: 'status',
    title: 'Status',
    render: (_, g) =>
      g.status === 'true' ? (
        <Tag color="blue">active</Tag>
      ) : (
        <StatusTag kind="game" status={g.outcome ?? 'finished'} />
      ),
  },
  { key: 'date', title: 'Played', render: (_, g) => nowrap(formatDateTime(g.created_at)) },
];

const txColumns: ColumnsType<UserTransaction> = [
  {
    key: 'id',
    title: 'ID',
    render: (_, t) => (
      <Link className="su-link" to={`/transactions?id=${t.id}`}>
        #{t.id}
      </Link>
    ),
  },
  {
    key: 'amount',
    title: 'Amount',
    align: 'right',
    render: (_, t) => nowrap(`${formatMoney(t.amount)} ${upperCurrency(t.currency)}`),
  },
  { key: 'pay', title: 'Paid in', render: (_, t) => upperCurrency(t.pay_currency) || none },
  { key: 'status', title: 'Status', render: (_, t) => <StatusTag kind="transaction" status={t.status} /> },
  { key: 'date', title: 'Date', render: (_, t) => nowrap(formatDateTime(t.createdAt)) },
];

function withdrawalColumns(username: string): ColumnsType<UserWithdrawal> {
  return [
    {
      key: 'id',
      title: 'ID',
      render: (_, w) => (
        <Link className="su-link" to={withdrawalLink(w, username)}>
          #{w.id}
        </Link>
      ),
    },
    { key: 'amount', title: 'Amount', align: 'right', render: (_, w) => nowrap(formatUsdt(w.amount)) },
    {
      key: 'wallet',
      title: 'Wallet',
      render: (_, w) =>
        w.wallet_address ? <code title={w.wallet_address}>{shortenAddress(w.wallet_address)}</code> : none,
    },
    { key: 'status', title: 'Status', render: (_, w) => <StatusTag kind="withdrawal" status={w.status} /> },
    {
      key: 'hash',
      title: 'Hash',
      render: (_, w) =>
        w.hash ? (
          <a className="su-link" href={bscTxUrl(w.hash)} target="_blank" rel="noreferrer">
            {shortenAddress(w.hash)}
          </a>
        ) : (
          none
        ),
    },
    { key: 'date', title: 'Requested', render: (_, w) => nowrap(formatDateTime(w.createdAt)) },
  ];
}

const crumbs = [
  { label: 'Dashboard', to: '/' },
  { label: 'Users', to: '/users' },
];

/** /users/{id}: everything about one user on one page (the spec leaves this screen open). */
export default function UserPage() {
  const { id = '' } = useParams();
  const { http } = useHost();
  // Block and Unblock are support-users:write: a read-only admin sees only Refresh.
  const canWrite = useCan('support-users:write');
  const [blocking, setBlocking] = useState(false);
  const detail = useLoad(
    (signal) =>
      http.call(endpoints.userDetails, { params: { id } }, { signal }).then((answer) => answer.data),
    [http, id],
  );
  const message = detail.error ? failureText(detail.error, USER_FALLBACKS.detail) : null;
  // A missing user is the page's own not-found state: no toast on top (the action that found it toasts).
  useFailureToast(detail.loading, isNotFound(detail.error) ? null : message);
  const { unblock, busyId } = useUnblock(detail.reload);
  const data = detail.data;

  // An unknown or deleted user (also one deleted while the page was open): retrying cannot help.
  if (isNotFound(detail.error) && !detail.loading) {
    return (
      <div className="su-page">
        <PageHeader title="User" breadcrumb={[...crumbs, { label: `#${id}` }]} />
        <Card>
          <Result
            status="404"
            title="User not found"
            subTitle={`There is no user #${id}: it may have been deleted.`}
            extra={
              <Link className="su-link" to="/users">
                Back to Users
              </Link>
            }
          />
        </Card>
      </div>
    );
  }

  if (!data || String(data.user.id) !== id) {
    return (
      <div className="su-page">
        <PageHeader title="User" breadcrumb={[...crumbs, { label: `#${id}` }]} />
        {message && !detail.loading ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title="Error Loading User"
            description={message}
            action={<Button onClick={detail.reload}>Retry</Button>}
          />
        ) : (
          <Card>
            <Skeleton active paragraph={{ rows: 6 }} />
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
            <HistoryLink type="user" id={user.id} />
            <Button onClick={detail.reload} loading={detail.loading}>
              Refresh
            </Button>
            {canWrite &&
              (user.status === 'blocked' ? (
                <Button
                  key="unblock"
                  type="primary"
                  loading={busyId === user.id}
                  onClick={() => unblock(user.id)}
                >
                  Unblock
                </Button>
              ) : (
                <Button key="block" type="primary" danger onClick={() => setBlocking(true)}>
                  Block
                </Button>
              ))}
          </>
        }
      />
      {message && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Error Loading User"
          description={message}
          action={<Button onClick={detail.reload}>Retry</Button>}
        />
      )}
      <div className="su-user-top">
        <Profile user={user} />
        <section className="su-figures" aria-label="Money">
          <Figure label="Balance" amount={user.balance} />
          <Figure label="Winnings" amount={user.winnings} hint="prizes and payouts credited" />
          <Figure
            label="Deposited"
            amount={transactions.completedAmount}
            unit="USD"
            hint={`${formatCount(transactions.completedCount)} completed of ${plural(transactions.total, 'deposit', 'deposits')}`}
          />
          <Figure
            label="Withdrawn"
            amount={withdrawals.paidAmount}
            hint={
              withdrawals.pendingCount === 0
                ? 'approved or completed; none pending'
                : `approved or completed; ${formatUsdt(withdrawals.pendingAmount)} pending in ${plural(withdrawals.pendingCount, 'request', 'requests')}`
            }
          />
        </section>
      </div>
      <Recent
        title="Block history"
        rows={data.blockHistory}
        columns={blockColumns}
        empty="This user has never been blocked"
      />
      <Recent
        title="Recent transactions"
        rows={transactions.data}
        total={transactions.total}
        columns={txColumns}
        empty="No transactions yet"
        more={
          <Link className="su-link" to={`/transactions?username=${username}`}>
            All transactions
          </Link>
        }
      />
      <Recent
        title="Withdrawals"
        rows={withdrawals.data}
        total={withdrawals.total}
        columns={withdrawalColumns(user.username)}
        empty="No withdrawals yet"
        more={
          <Link className="su-link" to={`/withdrawals/approved?username=${username}`}>
            Approved & rejected
          </Link>
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
            detail.reload();
          }}
        />
      )}
    </div>
  );
}
