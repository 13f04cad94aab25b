import { APPROVED_VIEW_STATUSES } from '../../data/withdrawals.ts';
import { ProcessedWithdrawals } from './ProcessedWithdrawals.tsx';

/** /withdrawals/approved: approved, rejected, cancelled and pending_otp together; username search. */
export default function ApprovedWithdrawals() {
  return (
    <ProcessedWithdrawals
      title="Withdrawals Approved"
      crumb="Approved & Rejected"
      filter="username"
      statusIn={APPROVED_VIEW_STATUSES}
      empty="No approved withdrawals found"
    />
  );
}
