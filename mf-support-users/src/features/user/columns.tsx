import type {
  UserBlockEntry,
  UserLotteryTicket,
  UserMineGame,
  UserTransaction,
  UserWithdrawal,
} from '@backoffice/shared/contract';
import {
  bscTxUrl,
  formatDateTime,
  formatMoney,
  formatUsdt,
  shortenAddress,
  upperCurrency,
} from '@backoffice/shared/format';
import { StatusTag } from '@backoffice/shared/ui';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { withdrawalLink } from './links.ts';

// The columns of the user page's recent-rows cards.

const nowrap = (text: ReactNode) => <span className="su-nowrap">{text}</span>;
const none = <span className="su-muted">—</span>;

export const blockColumns: ColumnsType<UserBlockEntry> = [
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

export const ticketColumns: ColumnsType<UserLotteryTicket> = [
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

export const gameColumns: ColumnsType<UserMineGame> = [
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

export const txColumns: ColumnsType<UserTransaction> = [
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

export function withdrawalColumns(username: string): ColumnsType<UserWithdrawal> {
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
