import type { Withdrawal } from '@backoffice/shared/contract';
import {
  bscAddressUrl,
  bscTxUrl,
  nullText,
  shortenAddress,
  withdrawalStatusColor,
} from '@backoffice/shared/format';
import { Badge, type BadgeColor } from '@backoffice/shared/ui';

const TAG_TO_BADGE: Record<ReturnType<typeof withdrawalStatusColor>, BadgeColor> = {
  gold: 'yellow',
  blue: 'blue',
  red: 'red',
  green: 'green',
  default: 'grey',
  orange: 'orange',
  purple: 'purple',
};

/** Withdrawal badge: pending yellow, approved blue, rejected red, completed green, other grey. */
export function WithdrawalStatusBadge({ status }: { status: string }) {
  return <Badge color={TAG_TO_BADGE[withdrawalStatusColor(status)]}>{status}</Badge>;
}

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
