import type { UserDetails } from '@backoffice/shared/contract';
import { formatCount, formatUsdt } from '@backoffice/shared/format';
import { Link } from 'react-router-dom';
import { blockColumns, gameColumns, ticketColumns, txColumns, withdrawalColumns } from './columns.tsx';
import { Recent } from './Recent.tsx';
import { plural } from './text.ts';

/** The user's latest rows of each kind, with links to the full lists. */
export function RecentSections({ data }: { data: UserDetails }) {
  const { user, transactions, withdrawals, lotteryTickets, mineGames } = data;
  const username = encodeURIComponent(user.username);
  return (
    <>
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
    </>
  );
}
