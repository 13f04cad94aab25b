// Wallet address and transaction hash display, and BSC explorer links.
import { BSC_EXPLORER_URL } from '../rules/constants.ts';

type MaybeText = string | null | undefined;

function present(value: MaybeText): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Withdrawals: first 5 + '...' + last 5; 'N/A' when absent; unchanged when 10 chars or fewer. */
export function shortenAddress(address: MaybeText): string {
  if (!present(address)) return 'N/A';
  const text = address.trim();
  return text.length <= 10 ? text : `${text.slice(0, 5)}...${text.slice(-5)}`;
}

/** Transactions: first 10 + '...' when longer than 12; unchanged otherwise; '' when absent. */
export function shortenTxAddress(address: MaybeText): string {
  if (!present(address)) return '';
  const text = address.trim();
  return text.length > 12 ? `${text.slice(0, 10)}...` : text;
}

/** BscScan address page; '' when absent so callers can skip the link. */
export function bscAddressUrl(address: MaybeText): string {
  return present(address) ? `${BSC_EXPLORER_URL}/address/${encodeURIComponent(address.trim())}` : '';
}

/** BscScan transaction page; '' when absent. */
export function bscTxUrl(hash: MaybeText): string {
  return present(hash) ? `${BSC_EXPLORER_URL}/tx/${encodeURIComponent(hash.trim())}` : '';
}
