import { processedWithdrawalStatuses } from '@backoffice/shared/facts';
import { ProcessedWithdrawals } from './ProcessedWithdrawals.tsx';

/** /withdrawals/approved: approved, rejected, cancelled and pending_otp together; username search. */
export default function ApprovedWithdrawals() {
  return (
    <ProcessedWithdrawals
      title="Withdrawals Approved"
      crumb="Approved & Rejected"
      list="approved-withdrawals"
      filter="username"
      statusIn={processedWithdrawalStatuses}
      empty="No approved withdrawals found"
    />
  );
}
