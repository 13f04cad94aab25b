import { ProcessedWithdrawals } from './ProcessedWithdrawals.tsx';

/** /withdrawals/completed: ?id= prefills the ID filter; Reset returns to the plain path. */
export default function CompletedWithdrawals() {
  return (
    <ProcessedWithdrawals
      title="Withdrawals Completed"
      crumb="Completed"
      list="completed-withdrawals"
      filter="id"
      status="completed"
      empty="No completed withdrawals found"
    />
  );
}
