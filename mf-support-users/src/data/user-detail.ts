// GET /admin/user/:id, the user page's one call.
import type { Transaction, User, Withdrawal } from '@backoffice/shared/contract';
import { type HttpClient, trusted } from '@backoffice/shared/host';

export const USER_DETAIL_FALLBACK = 'Failed to fetch user';

export interface UserBlockEntry {
  id: number;
  action: 'blocked' | 'unblocked';
  reason: string | null;
  admin: { id: number; email: string; name: string | null } | null;
  createdAt: string;
}

export interface UserTicket {
  id: number;
  ticket_number: string;
  price: string;
  is_winner: boolean;
  prize_rank: number | null;
  winning_amount: string;
  status: string;
  createdAt: string;
  Lottery: { id: number; name: string; status: string };
}

export interface UserMineGame {
  id: number;
  mines_count: number;
  amount: string;
  payout: string;
  status: string;
  created_at: string;
}

export interface Recent<T> {
  data: T[];
  total: number;
}

export interface UserDetail {
  user: User & { balance: string; winnings: string; block_reason: string | null; deleted_at?: string | null };
  blocks: UserBlockEntry[];
  transactions: Recent<Transaction>;
  withdrawals: Recent<Withdrawal>;
  tickets: Recent<UserTicket>;
  mineGames: Recent<UserMineGame>;
}

export async function fetchUserDetail(http: HttpClient, id: string, signal?: AbortSignal) {
  const answer = await http.get(
    `/admin/user/${encodeURIComponent(id)}`,
    trusted<{ success: boolean; message: string; data: UserDetail }>(),
    { signal },
  );
  return answer.data;
}
