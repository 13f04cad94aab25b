import type { Withdrawal } from '@backoffice/shared/contract';
import {
  bscAddressUrl,
  bscTxUrl,
  formatMoney,
  formatShortDate,
  nullText,
  shortenAddress,
} from '@backoffice/shared/format';
import { HistoryLink, type ListColumn, StatusTag } from '@backoffice/shared/ui';

/** Name, email and username, each 'NULL' when missing. */
export function UserInfo({ user }: { user: Withdrawal['User'] | null | undefined }) {
  return (
    <div className="finance-user">
      <span className="finance-user__name">{nullText(user?.name)}</span>
      <span className="finance-user__line">{nullText(user?.email)}</span>
      <span className="finance-user__line">{nullText(user?.username)}</span>
    </div>
  );
}

/** First 5 + last 5 characters linking to the BSC explorer address page; 'N/A' when absent. */
export function WalletAddress({ address }: { address: string | null | undefined }) {
  const url = bscAddressUrl(address);
  if (!url) return <span className="finance-muted">N/A</span>;
  return (
    <a className="finance-mono" href={url} target="_blank" rel="noopener noreferrer" title={address ?? ''}>
      {shortenAddress(address)}
    </a>
  );
}

/** A payout's transaction hash, shortened, linking to the BSC explorer transaction page. */
export function TxHash({ hash }: { hash: string | null | undefined }) {
  const url = bscTxUrl(hash);
  if (!url) return <span className="finance-muted">—</span>;
  return (
    <a className="finance-mono" href={url} target="_blank" rel="noopener noreferrer" title={hash ?? ''}>
      {shortenAddress(hash)}
    </a>
  );
}

/** The columns every withdrawal list shares (docs/screens.md#withdrawals), by key. */
export const withdrawalColumns = {
  id: { key: 'id', title: 'ID', sortKey: 'id', render: (w) => w.id },
  user: { key: 'user', title: 'User Info', render: (w) => <UserInfo user={w.User} /> },
  amount: {
    key: 'amount',
    title: 'Amount',
    sortKey: 'amount',
    align: 'right',
    render: (w) => <span className="finance-amount">{formatMoney(w.amount)}</span>,
  },
  address: {
    key: 'address',
    title: 'User Address',
    render: (w) => <WalletAddress address={w.wallet_address} />,
  },
  // Unknown statuses (a newer API's) are shown as they come, in the map's grey. Beside the status, how
  // it came to be: the withdrawal's audit history (superadmin, auditor).
  status: {
    key: 'status',
    title: 'Status',
    render: (w) => (
      <span className="finance-status">
        <StatusTag kind="withdrawal" status={w.status} />
        <HistoryLink type="withdrawal" id={w.id} variant="link" size="small" />
      </span>
    ),
  },
  hash: { key: 'hash', title: 'Hash', render: (w) => <TxHash hash={w.hash} /> },
  comment: {
    key: 'comment',
    title: 'Comment',
    render: (w) =>
      w.comment ? (
        <span className="finance-comment">{w.comment}</span>
      ) : (
        <span className="finance-muted">—</span>
      ),
  },
  createdAt: {
    key: 'createdAt',
    title: 'TimeStamp',
    sortKey: 'createdAt',
    render: (w) => <span className="finance-nowrap">{formatShortDate(w.createdAt)}</span>,
  },
} satisfies Record<string, ListColumn<Withdrawal>>;
