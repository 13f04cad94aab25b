import type { UserDetails } from '@backoffice/shared/contract';
import { formatCount, formatMoney, formatUsdt } from '@backoffice/shared/format';
import { Card, Statistic } from 'antd';
import { plural } from './text.ts';

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

/** The user's money at a glance: balance, winnings, what they deposited and what was paid out. */
export function MoneyFigures({ data }: { data: UserDetails }) {
  const { user, transactions, withdrawals } = data;
  return (
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
  );
}
